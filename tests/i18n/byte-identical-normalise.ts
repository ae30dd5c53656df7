// What may differ between two runs of the same script, and nothing else: the temp folders, generated ids and
// call ids, wall-clock times and measured durations. Everything else (every sentence) is compared byte for byte.

const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}/g;
const CALL_ID = /call_[0-9a-f]{12}_\d+/g;
const ISO_TIME = /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z/g;
/**
 * Number fields that measure rather than say: times ("ms", "durationMs", "createdAt"…) and token counts, which
 * follow the length of the random temp paths the prompt names. A field may sit in a JSON line printed inside a
 * JSON string, so its quotes may be escaped.
 */
const MEASURED_FIELD = /(\\?)"(ms|[a-zA-Z]*Ms|[a-zA-Z]*At|ts|[a-zA-Z]*[Tt]okens|tokens[A-Z][a-zA-Z]*)\\?":(\d+(\.\d+)?)/g;
/**
 * The machine and the day the environment block names (the kernel's release differs between machines of one kind),
 * and the summary's word budget, which follows the system prompt's length (so the platform's too).
 */
const PLATFORM = /Platform: (?:(?!\\n)[^"])+/g;
const TODAY = /Today's date: \d{4}-\d\d-\d\d/g;
const WORD_BUDGET = /in at most about \d+ words/g;
/** How long ago something happened, as a sentence says it ("20s ago"). */
const AGE = /\b\d+[smhd] ago\b/g;

/** Replaces each distinct match with `<label-N>`, N in order of first appearance, so equal ids stay equal. */
function numbered(text: string, pattern: RegExp, label: string, seen: Map<string, string>): string {
  return text.replace(pattern, (m) => {
    const known = seen.get(m);
    if (known) return known;
    const name = `<${label}-${seen.size + 1}>`;
    seen.set(m, name);
    return name;
  });
}

/** The short refs (six hex digits) the engine gave sessions, prompts and approvals, as its events name them. */
export function refsIn(text: string): string[] {
  return [...new Set([...text.matchAll(/\\?"(?:sessionRef|promptRef|approvalRef|ref|prompt)\\?":\\?"([0-9a-f]{6})\\?"/g)].map((m) => m[1] as string))];
}

/**
 * The normalised text of `text`. `folders` (label → path) are replaced by `<label>`, longest first; ids, call
 * ids and the given refs are numbered in order of first appearance (one table each per call).
 */
export function normalise(text: string, folders: Record<string, string>, refs: readonly string[]): string {
  let out = text;
  for (const [label, path] of Object.entries(folders).sort((a, b) => b[1].length - a[1].length)) {
    out = out.split(path).join(`<${label}>`);
  }
  out = numbered(out, UUID, 'id', new Map());
  out = numbered(out, CALL_ID, 'call', new Map());
  // A ref stands alone: not inside a longer run of letters or digits (a hash, a number).
  if (refs.length > 0) out = numbered(out, new RegExp(`(?<![0-9a-zA-Z])(${refs.join('|')})(?![0-9a-zA-Z])`, 'g'), 'ref', new Map());
  out = out.replace(ISO_TIME, '<time>');
  out = out.replace(MEASURED_FIELD, (_m, slash: string, key: string) => `${slash}"${key}${slash}":0`);
  out = out.replace(AGE, '<age> ago');
  out = out.replace(PLATFORM, 'Platform: <platform>').replace(TODAY, "Today's date: <date>").replace(WORD_BUDGET, 'in at most about <n> words');
  return out;
}
