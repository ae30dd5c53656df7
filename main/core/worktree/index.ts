export { createWorktreeService, type WorktreeRequests } from './service';
export type { WorktreeRow } from '../store/worktrees';
