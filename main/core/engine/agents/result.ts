import type { AgentChildSummary } from '../../../../shared/agents';

/** A refused call of the child, as its parent is told. */
export interface RefusedCall {
  tool: string;
  input: string | null;
  kind: 'blocked' | 'denied';
  reason: string;
}

const MAX_LISTED = 10;

function integrationLine(c: AgentChildSummary): string {
  switch (c.integration) {
    case 'merged':
      return 'merged into your workspace as uncommitted changes';
    case 'needs_person':
      return `not merged: it conflicted ${c.attempts} time(s) with what your workspace holds now, so it waits for a person (paragents agents integrate ${c.sessionRef}); its work is on branch ${c.branch ?? '?'}`;
    case 'not_needed':
      return c.isolation === 'shared' ? 'not needed (it worked in your folder)' : 'not needed (no changes)';
    case 'conflict':
    case 'queued':
      return 'in progress';
    case 'none':
      return c.outcome === 'completed' ? 'none' : 'none (its changes were not integrated because it did not complete)';
    default: {
      const never: never = c.integration;
      return String(never);
    }
  }
}

const oneLine = (s: string, n = 160): string => {
  const flat = s.replace(/\s+/g, ' ').trim();
  return flat.length > n ? `${flat.slice(0, n)}…` : flat;
};

/**
 * The Agent call's result for the model: how the child ended, what it changed, how its changes were integrated,
 * and its refused calls — a child whose calls were blocked or denied is never reported as a plain success.
 */
export function resultText(c: AgentChildSummary, answer: string | null, refused: readonly RefusedCall[]): string {
  const who = c.name ? `${c.name} (${c.sessionRef})` : c.sessionRef;
  const lines: string[] = [];
  const refusedNote = refused.length > 0 ? `, but ${refused.length} of its calls were blocked or denied` : '';
  lines.push(`Child ${who} — ${c.description}: ${c.outcome ?? 'did not finish'}${refusedNote}.`);
  lines.push(`Files changed: ${c.files.length === 0 ? 'none' : c.files.slice(0, 50).join(', ') + (c.files.length > 50 ? ` and ${c.files.length - 50} more` : '')}`);
  lines.push(`Integration: ${integrationLine(c)}`);
  if (refused.length > 0) {
    lines.push(`Blocked or denied calls (${refused.length}):`);
    for (const r of refused.slice(0, MAX_LISTED)) {
      lines.push(`- ${r.tool} ${oneLine(r.input ?? '', 120)} ${r.kind}${r.reason ? `: ${oneLine(r.reason, 400)}` : ''}`);
    }
    if (refused.length > MAX_LISTED) lines.push(`- and ${refused.length - MAX_LISTED} more`);
  }
  lines.push('', 'Its final answer:', answer && answer.trim() !== '' ? answer : '(none)');
  return lines.join('\n');
}
