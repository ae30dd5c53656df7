import type { Lang } from './lang';
import type { MessageKey } from './keys';
import { translate } from './translate';

/**
 * Reasons are English sentences the engine builds (main/core/policy, conflicts) and sends to the model as they
 * are. What people see is translated here, on the display side: each template is a pattern whose captured
 * parts (a rule, a path, a mode) go into a catalog message. A reason no template matches stays in English.
 */
interface ReasonTemplate {
  pattern: RegExp;
  key: MessageKey;
  /** Names of the captured groups, in order. */
  vars: readonly string[];
}

const TEMPLATES: readonly ReasonTemplate[] = [];

/** The reason in the language when a template knows it; the engine's English sentence otherwise. */
export function translateReason(lang: Lang, reason: string): string {
  if (lang === 'en') return reason;
  for (const t of TEMPLATES) {
    const m = t.pattern.exec(reason);
    if (!m) continue;
    const vars = Object.fromEntries(t.vars.map((name, i) => [name, m[i + 1] ?? '']));
    return translate(lang, t.key, vars);
  }
  return reason;
}
