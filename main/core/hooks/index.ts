export { HookApprovals } from './approvals';
export { HookConfig } from './config';
export type { HookConfiner, HookLaunch } from './confine';
export { HookRunner, type HookAt } from './runner';
export { afterTool, beforeCompaction, notifyApproval, openTurn, stopTurn, withHookContext } from './moments';
export { applyPreToolHooks } from './pre-tool';
export { approveHooks, createHooksHandlers, hooksOverview, type HooksRequestNames } from './handlers';
