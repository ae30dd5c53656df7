import { findGitDirs } from '../../worktree/git-dir';
import type { Claim } from '../../conflicts/claims';
import type { SessionRow } from '../../store/rows';
import type { Store } from '../../store/store';
import { environmentBlock, type PeerSession } from './environment';
import { gitFacts } from './git-facts';

/** The environment block of each session, rebuilt when its turn starts (not at each step) and read by every step. */
export interface EnvironmentSource {
  /** Builds the session's block now and keeps it for the turn's steps. */
  refresh(session: SessionRow): Promise<string>;
  /** The block kept at the session's last turn start ('' when none was built yet). */
  current(sessionId: string): string;
  /** What the next step would see: the kept block, or one built now (not kept) before the session's first turn. */
  peek(session: SessionRow): Promise<string>;
}

export interface EnvironmentParts {
  store: Store;
  /** Claims of the prompts not finished yet (their declared outputs). */
  activeClaims: () => Claim[];
  /** Whether a workspace's Bash commands run in the OS sandbox. */
  confines: (workspace: string) => boolean;
  clock: () => number;
}

const OUTPUT_PREFIX = 'out:';

export function createEnvironmentSource(p: EnvironmentParts): EnvironmentSource {
  const kept = new Map<string, string>();
  // A folder's repository, from git's own files (no process started): the peers are the sessions whose folder
  // shares it. It does not change under a session, so each folder is looked up once, not at every turn of every peer.
  const commonDirs = new Map<string, string | null>();
  const commonDirOf = (workspace: string): string | null => {
    let dir = commonDirs.get(workspace);
    if (dir === undefined) {
      dir = findGitDirs(workspace)?.commonDir ?? null;
      commonDirs.set(workspace, dir);
    }
    return dir;
  };

  function peersOf(session: SessionRow, commonDir: string | null): PeerSession[] {
    if (commonDir === null) return [];
    const others = p.store.sessions.list().filter((s) => s.id !== session.id);
    const claims = p.activeClaims();
    const peers: PeerSession[] = [];
    for (const s of others) {
      if (commonDirOf(s.workspace) !== commonDir) continue;
      const outputs = claims.filter((c) => c.sessionId === s.id && c.shown.startsWith(OUTPUT_PREFIX)).map((c) => c.shown.slice(OUTPUT_PREFIX.length));
      peers.push({ name: s.name ?? s.ref, outputs: [...new Set(outputs)] });
    }
    return peers;
  }

  async function build(session: SessionRow): Promise<string> {
    const git = await gitFacts(session.workspace);
    commonDirs.set(session.workspace, git.commonDir);
    const worktree = p.store.worktrees.get(session.id);
    return environmentBlock({
      workspace: session.workspace,
      now: new Date(p.clock()),
      git,
      isolated: worktree?.state === 'active',
      sandboxed: p.confines(session.workspace),
      peers: peersOf(session, git.commonDir),
    });
  }

  return {
    async refresh(session) {
      const block = await build(session);
      kept.set(session.id, block);
      return block;
    },
    current: (sessionId) => kept.get(sessionId) ?? '',
    peek: async (session) => kept.get(session.id) ?? (await build(session)),
  };
}
