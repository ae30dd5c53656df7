import type { ReasonTemplate } from './reason-template';

const isAre = (v: Readonly<Record<string, string>>): number => (v.verb === 'is' ? 1 : 2);

/**
 * What the conflict engine tells the model and shows people beyond the conflict details themselves
 * (main/core/conflicts/runtime-decision.ts, write-checks.ts, gate.ts, preflight.ts, index.ts): refused writes, a
 * wait that would never end, commands that run one at a time, and refused requests.
 */
export const CONFLICT_TEMPLATES: readonly ReasonTemplate[] = [
  {
    pattern: /^(.+) Waiting is not possible: that session is itself waiting for a file this turn holds\. Finish or change your plan without this file \(your turn ending releases your files\), or tell the user\.$/s,
    key: 'reasons.deadlock',
    vars: ['refusal'],
    nested: ['refusal'],
  },
  {
    pattern: /^(.+) (is|are) being changed by (.+) in its current turn, so this write was not done\. Work on other files, or end your turn and let the user decide\.$/s,
    key: 'reasons.writeRefused',
    vars: ['paths', 'verb', 'owners'],
    nested: ['owners'],
    count: isAre,
  },
  {
    pattern: /^(.+), so it was not run\. Leave those changes alone \(use a command that does not touch them\) or ask the user to commit them first\.$/s,
    key: 'reasons.discardRefused',
    vars: ['detail'],
    nested: ['detail'],
  },
  {
    pattern: /^(`[^`\n]*`) waits: (.+) is running (`[^`\n]*`|a command) in this folder, and installs and git index commands run one at a time$/,
    key: 'reasons.exclusiveWaits',
    vars: ['command', 'who', 'theirs'],
    nested: ['who', 'theirs'],
  },
  { pattern: /^a command$/, key: 'reasons.aCommand', vars: [] },
  { pattern: /^blocked by --on-conflict block: (.+)$/s, key: 'reasons.onConflictBlock', vars: ['details'] },
  { pattern: /^cancelled by the user at a conflict$/, key: 'reasons.cancelledByUserAtConflict', vars: [] },
  { pattern: /^prompt (\S+) is not waiting at a conflict any more$/, key: 'reasons.notWaitingAtConflict', vars: ['ref'] },
  { pattern: /^session is busy \(prompt (\S+) is (\S+)\); undo its writes once the turn ends$/, key: 'reasons.sessionBusyUndo', vars: ['ref', 'status'], words: { status: 'notices.request.promptStatus' } },
  { pattern: /^undo failed: (.+)$/s, key: 'reasons.undoFailed', vars: ['error'] },
];
