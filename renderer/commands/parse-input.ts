import { ALIASES } from './catalog';

/** What one line typed in the prompt box means. */
export type ParsedInput =
  | { kind: 'empty' }
  | { kind: 'text'; text: string }
  | { kind: 'answer'; yes: boolean }
  | { kind: 'command'; name: string; args: string[]; rest: string };

const YES = new Set(['y', 'yes']);
const NO = new Set(['n', 'no']);

/**
 * `/cmd args…` is a command; `y`/`n` (any case) answer the focused session's pending approval when there is
 * one; anything else is prompt text.
 */
export function parseInput(raw: string, hasPendingApproval: boolean): ParsedInput {
  const text = raw.trim();
  if (!text) return { kind: 'empty' };
  const lower = text.toLowerCase();
  if (hasPendingApproval && (YES.has(lower) || NO.has(lower))) return { kind: 'answer', yes: YES.has(lower) };
  const alias = Object.keys(ALIASES).find((a) => lower === a || lower.startsWith(`${a} `));
  if (alias) {
    const rest = text.slice(alias.length).trim();
    return { kind: 'command', name: ALIASES[alias]!, args: splitArgs(rest), rest };
  }
  if (text.startsWith('/') && !text.startsWith('//')) {
    const match = /^\/(\S+)\s*([\s\S]*)$/.exec(text);
    const name = (match?.[1] ?? '').toLowerCase();
    const rest = match?.[2] ?? '';
    return { kind: 'command', name, args: splitArgs(rest), rest };
  }
  // `//text` sends a prompt that starts with a slash.
  return { kind: 'text', text: text.startsWith('//') ? raw.trim().slice(1) : raw };
}

function splitArgs(rest: string): string[] {
  return rest.split(/\s+/).filter(Boolean);
}
