import { expect } from 'vitest';
import { english, shownText, type Msg } from '../../shared/i18n';

export const HAN = /[\u4e00-\u9fff]/;

/** Words kept in English in Chinese text: names of tools, modes, hook moments and terms a developer reads as they are. */
const KEPT = /\b(hook|token|http|https|URL|MCP|Bash|git|Git|JSON|diff|shell|glob|sed|awk|allow|deny|ask|default|acceptEdits|plan|bypass|[A-Z][a-z]+[A-Z]\w*)\b/g;

/**
 * English left in a translated sentence once what is not to be translated is taken out (code spans, quoted
 * text, paths, URLs, rule texts, command-line flags with their value, the words kept in English): two English
 * words in a row mean the catalog's English stayed.
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
 * A sentence of the engine's as data: it came with its Msg (none is a failure, not a fallback), the Msg's English
 * is the sentence the model and `--json` read, it renders in English as that sentence, and in Chinese with Han
 * characters and no English sentence left (`keep`: what a tool, the system or the user wrote, kept as written).
 * Returns the Chinese.
 */
export function expectAsData(text: string, m: Msg | null | undefined, keep: readonly string[] = []): string {
  expect(m, `no Msg came with: ${text}`).toBeTruthy();
  if (!m) return text;
  expect(english(m), JSON.stringify(m)).toBe(text);
  expect(shownText('en', text, m)).toBe(text);
  const zh = shownText('zh-CN', text, m);
  expect(zh, text).toMatch(HAN);
  expect(leftoverEnglish(zh, keep), `${text} → ${zh}`).toBeNull();
  return zh;
}

/** A decision's reason as people read it in Chinese: rendered from its Msg, which it must carry. */
export function shownReasonZh(d: { reason: string; reasonMsg?: Msg | undefined }, keep: readonly string[] = []): string {
  return expectAsData(d.reason, d.reasonMsg, keep);
}
