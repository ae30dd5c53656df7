import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { writeJsonAtomic } from '../policy/atomic-json';

/**
 * The project hook commands a person has seen and let run, per workspace, in `$PARAGENTS_HOME/hook-approvals.json`:
 * `{"workspaces": {"/real/path": ["./scripts/check.sh", …]}}`. A command changed in the project file is a new
 * command and needs approving again.
 */
export function hookApprovalsFile(home: string): string {
  return path.join(home, 'hook-approvals.json');
}

type Approved = Record<string, string[]>;

function readApproved(file: string): Approved {
  const out: Approved = Object.create(null) as Approved;
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return out;
  }
  const ws = typeof raw === 'object' && raw !== null && !Array.isArray(raw) ? (raw as { workspaces?: unknown }).workspaces : null;
  if (typeof ws !== 'object' || ws === null || Array.isArray(ws)) return out;
  for (const [dir, list] of Object.entries(ws)) {
    if (path.isAbsolute(dir) && Array.isArray(list)) out[dir] = list.filter((c): c is string => typeof c === 'string');
  }
  return out;
}

/** Reads and writes the approvals file, re-read only when it changed on disk (another process may write it). */
export class HookApprovals {
  private cache: { key: string; approved: Approved } | null = null;
  readonly file: string;

  constructor(home: string) {
    this.file = hookApprovalsFile(home);
  }

  private approved(): Approved {
    let key: string;
    try {
      const st = statSync(this.file, { throwIfNoEntry: false });
      if (!st) return Object.create(null) as Approved;
      key = `${st.ino}:${st.size}:${st.mtimeMs}`;
    } catch {
      return Object.create(null) as Approved;
    }
    if (this.cache?.key !== key) this.cache = { key, approved: readApproved(this.file) };
    return this.cache.approved;
  }

  /** `workspace` is the real path of the workspace (trust.ts workspaceKey). */
  isApproved(workspace: string, command: string): boolean {
    return this.approved()[workspace]?.includes(command) ?? false;
  }

  set(workspace: string, commands: readonly string[], approved: boolean): void {
    const current = this.approved();
    const mine = new Set(current[workspace] ?? []);
    for (const c of commands) {
      if (approved) mine.add(c);
      else mine.delete(c);
    }
    const next: Approved = { ...current, [workspace]: [...mine].sort() };
    if (next[workspace]?.length === 0) delete next[workspace];
    writeJsonAtomic(this.file, { workspaces: next });
    this.cache = null;
  }
}
