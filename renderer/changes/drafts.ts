import type { ReviewComment } from './review-prompt';

/**
 * Review comments written but not sent yet, per session: they outlive the Changes view while the person looks at
 * the transcript or another session, and are dropped once sent. Only the Changes view reads and writes them.
 */
const drafts = new Map<string, ReviewComment[]>();

export const draftsOf = (sessionId: string): ReviewComment[] => drafts.get(sessionId) ?? [];

export function keepDrafts(sessionId: string, comments: ReviewComment[]): void {
  if (comments.length === 0) drafts.delete(sessionId);
  else drafts.set(sessionId, comments);
}
