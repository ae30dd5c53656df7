import type Database from 'better-sqlite3';
import { msg } from '../../../../shared/i18n/message';
import { MsgError } from '../../../../shared/msg-error';
import type { Migration } from './types';
import { m001Initial } from './001-initial';
import { m002Conflicts } from './002-conflicts';
import { m003Worktrees } from './003-worktrees';
import { m004ReadStamps } from './004-read-stamps';
import { m005MessageTokens } from './005-message-tokens';
import { m006Compactions } from './006-compactions';
import { m007SessionInstructions } from './007-session-instructions';
import { m008Payloads } from './008-payloads';
import { m009SessionModeChoice } from './009-session-mode-choice';
import { m010PromptRunOptions } from './010-prompt-run-options';
import { m011PromptStatusIndex } from './011-prompt-status-index';
import { m012CostsBudgets } from './012-costs-budgets';
import { m013Search } from './013-search';
import { m014RecountFileInputs } from './014-recount-file-inputs';
import { m015PromptErrorMsg } from './015-prompt-error-msg';
import { m016SessionParent } from './016-session-parent';
import { m017AgentChildren } from './017-agent-children';
import { m018ChildGrants } from './018-child-grants';
import { m019SessionPlanModel } from './019-session-plan-model';

/** Numbered migrations, applied in order; each one in its own transaction with PRAGMA user_version. */
export const migrations: readonly Migration[] = [m001Initial, m002Conflicts, m003Worktrees, m004ReadStamps, m005MessageTokens, m006Compactions, m007SessionInstructions, m008Payloads, m009SessionModeChoice, m010PromptRunOptions, m011PromptStatusIndex, m012CostsBudgets, m013Search, m014RecountFileInputs, m015PromptErrorMsg, m016SessionParent, m017AgentChildren, m018ChildGrants, m019SessionPlanModel];

export function migrate(db: Database.Database, list: readonly Migration[] = migrations): number {
  const current = db.pragma('user_version', { simple: true }) as number;
  const latest = list.at(-1)?.version ?? 0;
  if (current > latest) {
    throw new MsgError(msg('engineErrors.home.schemaNewer', { version: current, latest }));
  }
  for (const m of list) {
    if (m.version <= current) continue;
    db.transaction(() => {
      db.exec(m.sql);
      db.pragma(`user_version = ${m.version}`);
    })();
  }
  return db.pragma('user_version', { simple: true }) as number;
}
