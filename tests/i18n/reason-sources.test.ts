// Every reason sentence the policy and the conflict engine write, read from their source: each must match a
// template (so the panel shows it in Chinese), or be listed below with why it is not a reason people read.
// A sentence added to main/core/policy/** or main/core/conflicts/** without a template fails here.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { translateReason } from '../../shared/i18n';
import { HAN } from './reason-check';
import { expandTemplate, tsFiles } from './source-scan';


/** Where a reason is written: a decision's part, what a command needs a person for, a refusal, a detail. */
const WRITTEN =
  /(?:part\('\w+',\s*[^,]+,\s*|forceAsk\.push\(|issues\.push\(|this\.issue\(|never\(|forceAsk = |return |reason: |detail: |refusal: )(`(?:[^`\\]|\\.|\$\{(?:[^{}]|\{[^{}]*\})*\})*`|'(?:[^'\\]|\\.)*')/g;

/** Literals in those places that are not sentences people read, each with why. */
const NOT_REASONS: Record<string, string> = {
  "'/Library/Application Support/Paragents/managed-settings.json'": 'a path',
  "`Bash(${argv.map((w) => quoteToken(w.value as string)).join(' ')})`": 'an "always" rule text',
  "`out:${realPathOf(path.resolve(workspace, expanded))}`": 'a resource key',
  "`line ${line} column ${column}: ${message.replace(/\\s*\\(line \\d+ column \\d+\\)/, '')}`": 'where JSON.parse stopped, inside "invalid JSON at …"',
};

/** A sample value for one `${…}` of a template literal: what the engine puts there, or both branches of a choice. */
function samples(expr: string): string[] {
  const choice = /\?\s*'([^']*)'\s*:\s*'([^']*)'/.exec(expr);
  if (choice) return [choice[1]!, choice[2]!];
  if (/^are$/.test(expr)) return ['is', 'are'];
  if (/^why$/.test(expr)) return ['', ' (sed -i edits files in place, so only an exact rule can allow it)'];
  if (/JSON\.stringify/.test(expr)) return ['"x"'];
  if (/^shown$/.test(expr)) return ['`make`'];
  if (/shortText/.test(expr)) return ['make'];
  if (/ctx\.mode/.test(expr)) return ['default'];
  if (/url\.internal/.test(expr)) return ['a cloud metadata address'];
  if (/^range$/.test(expr)) return ['loopback'];
  if (/MAX_/.test(expr)) return ['100'];
  if (/^label\(op\)$/.test(expr)) return ['reading', 'writing'];
  if (/reason|critical|forceAsk|unsure/.test(expr)) return ['the command is empty'];
  return ['x'];
}

/** The sentences a literal can make, its `${…}` filled with samples. */
function sentences(literal: string): string[] {
  const body = literal.slice(1, -1).replace(/\\`/g, '`').replace(/\\'/g, "'");
  if (literal.startsWith("'")) return [body];
  return expandTemplate(body, samples);
}

describe('every reason sentence of the policy and the conflict engine has a template', () => {
  const found: { file: string; literal: string }[] = [];
  for (const file of [...tsFiles('main/core/policy'), ...tsFiles('main/core/conflicts')]) {
    const src = readFileSync(file, 'utf8');
    for (const m of src.matchAll(WRITTEN)) {
      const literal = m[1]!;
      if (!literal.includes(' ') || literal.startsWith("`'")) continue;
      found.push({ file, literal });
    }
  }

  it('finds the sentences (the scan itself works)', () => {
    expect(found.length).toBeGreaterThan(50);
    expect(found.some((f) => f.literal === "'commands are nested too deeply to check'")).toBe(true);
  });

  it('each reads in Chinese, or is named as no reason', () => {
    const untranslated: string[] = [];
    for (const { file, literal } of found) {
      if (literal in NOT_REASONS) continue;
      for (const s of sentences(literal)) {
        const zh = translateReason('zh-CN', s);
        if (zh === s || !HAN.test(zh)) untranslated.push(`${file}: ${s}`);
      }
    }
    expect(untranslated).toEqual([]);
  });

  it('the list of exceptions holds only literals that are still there', () => {
    const literals = new Set(found.map((f) => f.literal));
    expect(Object.keys(NOT_REASONS).filter((l) => !literals.has(l))).toEqual([]);
  });
});
