// What a command line in 简体中文 must not print: a sentence of the English catalog. Paths, flags, commands, the
// engine's own messages and the model's words are not the catalog's, so they may stay English.
import { CATALOGS, type Catalog } from '../../shared/i18n';

/** The catalog areas the command line prints from. */
const AREAS = ['cli', 'cliErrors', 'cliHelp', 'cliInbox', 'cliSessions', 'cliTools'] as const;

function flatten(catalog: Catalog, prefix = ''): [string, string][] {
  return Object.entries(catalog).flatMap(([k, v]) => (typeof v === 'string' ? [[`${prefix}${k}`, v] as [string, string]] : flatten(v, `${prefix}${k}.`)));
}

const escape = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
const words = (s: string): number => s.split(/\s+/).filter((w) => /[A-Za-z]{2,}/.test(w)).length;

interface Matcher {
  key: string;
  /** A printed line (its `paragents cmd:` and `[S:…]` prefixes taken off) that is this message. */
  whole: RegExp;
  /** A sentence of the message (three words or more) found anywhere. */
  inside: string[];
}

function matchers(): Matcher[] {
  const zh = new Map(flatten(CATALOGS['zh-CN']));
  const out: Matcher[] = [];
  for (const area of AREAS) {
    for (const [key, text] of flatten(CATALOGS.en[area] as Catalog, `${area}.`)) {
      const twin = zh.get(key) ?? zh.get(key.replace(/_(zero|one|two|few|many)$/, '_other')) ?? '';
      if (twin === text) continue;
      const parts = text.split(/\{\{[^}]+\}\}/).map((p) => p.trim());
      if (!/[A-Za-z]{3,}/.test(parts.join(' '))) continue;
      const whole = new RegExp(`^${parts.map(escape).join('.+?')}$`, 's');
      // A part the Chinese text also holds (a command line, a flag) is not English prose.
      const inside = parts.flatMap((p) => p.split('\n')).filter((p) => words(p) >= 3 && !twin.includes(p));
      out.push({ key, whole, inside });
    }
  }
  return out;
}

const MATCHERS = matchers();

/** The English catalog messages found in `output`, as `key: line` (empty when there is none). */
export function englishIn(output: string): string[] {
  const found: string[] = [];
  for (const raw of output.split('\n')) {
    const line = raw.replace(/^paragents[^:]*: /, '').replace(/^(\[[SP]:[^\]]+\])+ /, '').trim();
    if (line === '') continue;
    for (const m of MATCHERS) {
      if (m.whole.test(line) || m.inside.some((s) => line.includes(s))) found.push(`${m.key}: ${raw}`);
    }
  }
  return found;
}
