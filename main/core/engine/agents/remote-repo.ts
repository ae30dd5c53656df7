import path from 'node:path';
import type { Git } from '../../worktree/git';

/** A URL git reads as a place on another host (`scheme://…`, or scp-like `host:path`), as opposed to a local path. */
const isUrl = (url: string): boolean => /^[a-z][a-z0-9+.-]*:\/\//i.test(url) || /^[^/\\]+:/.test(url);

/**
 * The URL another machine clones the workspace's repository from: the remote its branch tracks, else `origin`,
 * else its only remote. A relative local path is made absolute (from the repository's top). Null: it has none.
 */
export async function cloneUrlOf(git: Git, top: string, branch: string | null): Promise<string | null> {
  const tracked = branch ? (await git.run(top, ['config', '--get', `branch.${branch}.remote`])).stdout.trim() : '';
  const names = (await git.run(top, ['remote'])).stdout.split('\n').map((n) => n.trim()).filter(Boolean);
  const name = tracked && names.includes(tracked) ? tracked : names.includes('origin') ? 'origin' : names.length === 1 ? names[0] : undefined;
  if (!name) return null;
  const url = (await git.run(top, ['remote', 'get-url', name])).stdout.trim();
  if (url === '') return null;
  return isUrl(url) ? url : path.resolve(top, url);
}
