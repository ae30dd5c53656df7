import { createHash } from 'node:crypto';
import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import type { RequestHandlers } from '../../../../shared/api';
import type { HostChildInput } from '../../../../shared/hosted-children';
import { msg } from '../../../../shared/i18n/message';
import type { SessionSummary } from '../../../../shared/models';
import type { PermissionMode } from '../../../../shared/policy';
import { err, ok, type Result } from '../../../../shared/result';
import type { SessionRow } from '../../store/rows';
import type { Store } from '../../store/store';
import { concludeChild, changedFiles } from '../../worktree/children';
import { gitFailure, type Git } from '../../worktree/git';
import { resolveCommit } from '../../worktree/repo';

export type HostedChildRequestNames = 'agents.hostChild' | 'agents.concludeHosted';

export interface HostedChildDeps {
  home: string;
  store: Store;
  git: Git;
  /** An isolated session in its own worktree, its branch starting at `commit`. */
  isolate(input: { workspace: string; name: string | null; mode: PermissionMode | null; commit: string }): Promise<Result<SessionRow>>;
  send: RequestHandlers['prompt.send'];
  summary(row: SessionRow): SessionSummary;
}

/** Where this engine keeps its clones of other machines' repositories: one folder per remote URL. */
export const clonesDir = (home: string): string => path.resolve(home, 'clones');
const cloneOf = (home: string, url: string): string => path.join(clonesDir(home), createHash('sha256').update(url).digest('hex').slice(0, 16));

/**
 * Children hosted here for a parent on another machine. Each repository is cloned once (from the parent's remote
 * URL) and fetched again when a child needs a commit it does not have; the child is an isolated session of that
 * clone, on its own branch from the parent's commit, so the parent's side can fetch its work by the branch.
 */
export function createHostedChildHandlers(d: HostedChildDeps): Pick<RequestHandlers, HostedChildRequestNames> {
  // Clones and fetches of one repository run one at a time (git's lock files).
  let chain: Promise<unknown> = Promise.resolve();
  const serial = <T>(fn: () => Promise<T>): Promise<T> => {
    const run = chain.then(fn, fn);
    chain = run.catch(() => undefined);
    return run;
  };

  const cloneAt = (input: HostChildInput): Promise<Result<string>> =>
    serial(async () => {
      const dir = cloneOf(d.home, input.url);
      if (!existsSync(path.join(dir, '.git'))) {
        mkdirSync(clonesDir(d.home), { recursive: true });
        const cloned = await d.git.run(clonesDir(d.home), ['clone', '--quiet', '--', input.url, dir]);
        if (cloned.code !== 0) return err('invalid_input', gitFailure(msg('agents.hosted.cloneFailed', { url: input.url }), cloned));
      }
      if ((await resolveCommit(d.git, dir, input.commit)) === null) {
        await d.git.run(dir, ['fetch', '--quiet', 'origin']);
        if ((await resolveCommit(d.git, dir, input.commit)) === null) await d.git.run(dir, ['fetch', '--quiet', 'origin', input.commit]);
        if ((await resolveCommit(d.git, dir, input.commit)) === null) return err('invalid_input', msg('agents.hosted.commitMissing', { commit: input.commit.slice(0, 12), url: input.url }));
      }
      return ok(dir);
    });

  return {
    'agents.hostChild': async (input) => {
      const clone = await cloneAt(input);
      if (!clone.ok) return clone;
      const workspace = path.join(clone.value, input.rel);
      mkdirSync(workspace, { recursive: true });
      const row = await d.isolate({ workspace, name: input.name ?? null, mode: input.mode ?? null, commit: input.commit });
      if (!row.ok) return row;
      const sent = await d.send({ session: row.value.id, text: input.prompt });
      if (!sent.ok) return sent;
      return ok({ session: d.summary(d.store.sessions.get(row.value.id) ?? row.value), promptId: sent.value.id });
    },
    'agents.concludeHosted': async ({ session, base }) => {
      const s = d.store.sessions.resolve(session);
      if (!s.ok) return s;
      const wt = d.store.worktrees.get(s.value.id);
      if (!wt) return err('invalid_state', msg('engineErrors.worktree.notIsolated', { ref: s.value.ref, workspace: s.value.workspace }));
      const head = await concludeChild(d.git, wt.path, `paragents: child ${s.value.ref}`);
      if (!head.ok) return head;
      const files = await changedFiles(d.git, wt.path, base, head.value);
      if (!files.ok) return files;
      return ok({ repo: wt.base_repo, branch: wt.branch, commit: head.value, files: files.value });
    },
  };
}
