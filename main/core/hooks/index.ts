export { HookApprovals, hookApprovalsFile } from './approvals';
export { HookConfig, type ConfiguredHook, type HookSetup } from './config';
export { HookRunner, type HookAt, type HookRun } from './runner';
export { afterTool, beforeCompaction, notifyApproval, openTurn, stopTurn, withHookContext, MAX_STOP_ROUNDS } from './moments';
export { applyPreToolHooks } from './pre-tool';
export { approveHooks, createHooksHandlers, hooksOverview, type HooksRequestNames } from './handlers';
export type { HookDef } from './types';
