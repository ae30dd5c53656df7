export { createWorktreeService, type WorktreeRequests, type WorktreeService } from './service';
export { worktreesDir, sessionBranch } from './create';
export type { WorktreeRow } from './types';
