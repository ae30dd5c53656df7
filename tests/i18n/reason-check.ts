import { expect } from 'vitest';
import { english, REASON_TEMPLATES, shownText, translate, translateReason, type MessageVars, type Msg } from '../../shared/i18n';

export const HAN = /[\u4e00-\u9fff]/;

/** The English catalog message of the template that matches, filled with what it captured: the sentence again. */
export function englishAgain(reason: string): string | null {
  for (const t of REASON_TEMPLATES) {
    const m = t.pattern.exec(reason);
    if (!m) continue;
    const raw: Record<string, string> = Object.fromEntries(t.vars.map((name, i) => [name, m[i + 1] ?? '']));
    const vars: Record<string, string | number> = { ...raw };
    if (t.count) vars.count = t.count(raw);
    return translate('en', t.key, vars as MessageVars);
  }
  return null;
}

/** Words kept in English in Chinese text: names of tools, modes, hook moments and terms a developer reads as they are. */
const KEPT = /\b(hook|token|http|https|URL|MCP|Bash|git|Git|JSON|diff|shell|glob|sed|awk|allow|deny|ask|default|acceptEdits|plan|bypass|[A-Z][a-z]+[A-Z]\w*)\b/g;

/**
 * English left in a translated sentence once what is not to be translated is taken out (code spans, quoted
 * text, paths, URLs, rule texts, command-line flags with their value, the words kept in English): two English words in a row mean a template's
 * English stayed.
 */
export function leftoverEnglish(text: string, keep: readonly string[] = []): string | null {
  let rest = text;
  for (const k of keep) rest = rest.split(k).join(' ');
  rest = rest
    .replace(KEPT, ' ')
    .replace(/--[\w-]+=?\s*\w*/g, ' ')
    .replace(/`[^`]*`/g, ' ')
    .replace(/"[^"]*"/g, ' ')
    .replace(/“[^”]*”/g, ' ')
    .replace(/\S*[/.:()]\S*/g, ' ');
  const m = /\b[A-Za-z]{2,}\s+[A-Za-z]{3,}\b/.exec(rest);
  return m ? m[0] : null;
}

/**
 * A decision's reason as people read it in Chinese: rendered from its Msg, whose English must be the reason the
 * model and `--json` read. A reason without a Msg (a sentence not written as data yet) goes through the templates.
 */
export function shownReasonZh(d: { reason: string; reasonMsg?: Msg | undefined }): string {
  if (!d.reasonMsg) {
    expect(englishAgain(d.reason), d.reason).toBe(d.reason);
    return translateReason('zh-CN', d.reason);
  }
  expect(english(d.reasonMsg), JSON.stringify(d.reasonMsg)).toBe(d.reason);
  expect(shownText('en', d.reason, d.reasonMsg)).toBe(d.reason);
  return shownText('zh-CN', d.reason, d.reasonMsg);
}
