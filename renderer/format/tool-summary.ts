/** One line naming what a tool call does: the command, the path, the pattern. */
export function toolSummary(tool: string, input: unknown): string {
  const o = isRecord(input) ? input : {};
  const str = (k: string) => (typeof o[k] === 'string' ? (o[k] as string) : '');
  switch (tool) {
    case 'Bash':
      return str('command');
    case 'Read':
    case 'Write':
    case 'Edit':
    case 'MultiEdit':
      return str('path');
    case 'apply_patch':
      return patchFiles(str('input'));
    case 'Plan': {
      // The plan itself is shown above the prompt box; the row says which step it moved to.
      const items = Array.isArray(o.items) ? o.items.filter(isRecord) : [];
      const done = items.filter((i) => i.status === 'completed').length;
      const now = items.find((i) => i.status === 'in_progress');
      return [`${done}/${items.length}`, typeof now?.content === 'string' ? `▸ ${now.content}` : ''].filter(Boolean).join(' ');
    }
    case 'LS':
      return str('path') || '.';
    case 'Glob':
    case 'Grep':
      return [str('pattern'), str('path')].filter(Boolean).join(' in ');
    case 'Network':
      // A confined command's connection: where to, then the command that makes it.
      return [`${str('host')}${typeof o.port === 'number' ? `:${o.port}` : ''}`, str('command') ? `$ ${str('command')}` : ''].filter(Boolean).join('\n');
    default:
      return compactJson(input);
  }
}

/** The files a patch names, from its `*** Add/Update/Delete File:` lines. */
function patchFiles(patch: string): string {
  const files = [...patch.matchAll(/^\*\*\* (?:Add|Update|Delete) File: (.+)$/gm)].map((m) => (m[1] as string).trim());
  return files.length > 0 ? files.join(', ') : compactJson(patch);
}

export function compactJson(value: unknown): string {
  try {
    const text = JSON.stringify(value) ?? '';
    return text.length > 160 ? `${text.slice(0, 157)}…` : text;
  } catch {
    return String(value);
  }
}

export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export type DiffLine = { sign: '+' | '-' | ' '; text: string };

/** The diff an Edit or Write shows: removed lines, then added lines (no context needed for a replace). */
export function toolDiff(tool: string, input: unknown): DiffLine[] | null {
  if (!isRecord(input)) return null;
  if (tool === 'Edit' && typeof input.old_string === 'string' && typeof input.new_string === 'string') {
    return lineDiff(input.old_string, input.new_string);
  }
  if (tool === 'Write' && typeof input.content === 'string') {
    return input.content.split('\n').map((text) => ({ sign: '+', text }));
  }
  return null;
}

/** Line diff by longest common subsequence (inputs here are small: one edit's old and new text). */
export function lineDiff(before: string, after: string): DiffLine[] {
  const a = before.split('\n');
  const b = after.split('\n');
  if (a.length * b.length > 250_000) {
    return [...a.map((text) => ({ sign: '-' as const, text })), ...b.map((text) => ({ sign: '+' as const, text }))];
  }
  const lcs: number[][] = Array.from({ length: a.length + 1 }, () => new Array<number>(b.length + 1).fill(0));
  for (let i = a.length - 1; i >= 0; i--) {
    for (let j = b.length - 1; j >= 0; j--) {
      lcs[i]![j] = a[i] === b[j] ? lcs[i + 1]![j + 1]! + 1 : Math.max(lcs[i + 1]![j]!, lcs[i]![j + 1]!);
    }
  }
  const out: DiffLine[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) {
    if (a[i] === b[j]) {
      out.push({ sign: ' ', text: a[i]! });
      i++;
      j++;
    } else if (lcs[i + 1]![j]! >= lcs[i]![j + 1]!) {
      out.push({ sign: '-', text: a[i++]! });
    } else {
      out.push({ sign: '+', text: b[j++]! });
    }
  }
  while (i < a.length) out.push({ sign: '-', text: a[i++]! });
  while (j < b.length) out.push({ sign: '+', text: b[j++]! });
  return out;
}
