import type { ReasonTemplate } from './reason-template';

/**
 * The notes a stored transcript carries (shared/transcript.ts builds them for `sessions show` and the Markdown
 * export): a mode change, a conflict and how it was resolved, a budget set or used up.
 */
export const NOTE_TEMPLATES: readonly ReasonTemplate[] = [
  { pattern: /^mode: (\S+) \((.+)\)$/, key: 'notices.note.mode', vars: ['mode', 'source'], nested: ['source'] },
  { pattern: /^chosen for this session$/, key: 'notices.note.modeSession', vars: [] },
  { pattern: /^from (managed|local project|project|user) settings$/, key: 'notices.note.modeFrom', vars: ['source'], words: { source: 'notices.note.settings' } },
  { pattern: /^built in$/, key: 'notices.note.modeBuiltIn', vars: [] },
  {
    pattern: /^conflict \((declared_output|write_write|stale_read|exclusive_command|git_destructive)\) with (.+?) on ([^:]+): (.+)$/s,
    key: 'notices.note.conflictOn',
    vars: ['kind', 'who', 'paths', 'detail'],
    nested: ['who', 'detail'],
    words: { kind: 'conflict.kind' },
  },
  {
    pattern: /^conflict \((declared_output|write_write|stale_read|exclusive_command|git_destructive)\) with (.+?): (.+)$/s,
    key: 'notices.note.conflict',
    vars: ['kind', 'who', 'detail'],
    nested: ['who', 'detail'],
    words: { kind: 'conflict.kind' },
  },
  { pattern: /^paused: (.+)$/s, key: 'notices.note.paused', vars: ['why'], nested: ['why'] },
  { pattern: /^the session budget of (.+) is used up \((.+)\)$/, key: 'notices.note.sessionBudgetUsed', vars: ['limit', 'used'] },
  { pattern: /^today's budget of (.+) is used up \((.+)\)$/, key: 'notices.note.dailyBudgetUsed', vars: ['limit', 'used'] },
  { pattern: /^budget (.+)$/, key: 'notices.note.budget', vars: ['amount'] },
  { pattern: /^no budget$/, key: 'notices.note.noBudget', vars: [] },
];
