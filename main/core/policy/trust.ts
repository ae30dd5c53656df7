import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { writeJsonAtomic } from './atomic-json';
import { realDir } from './paths';

/** Trusted workspaces live in $PARAGENTS_HOME/trusted-workspaces.json as real, absolute paths. */
export function trustFile(home: string): string {
  return path.join(home, 'trusted-workspaces.json');
}

export function workspaceKey(workspace: string): string {
  return realDir(path.resolve(workspace));
}

/** The trusted list read from disk; a missing or malformed file trusts nothing. */
function readTrusted(file: string): string[] {
  try {
    const doc = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    const raw = typeof doc === 'object' && doc !== null && !Array.isArray(doc) ? (doc as { workspaces?: unknown }).workspaces : null;
    return Array.isArray(raw) ? raw.filter((w): w is string => typeof w === 'string' && path.isAbsolute(w)) : [];
  } catch {
    return [];
  }
}

/** The trusted workspaces of one PARAGENTS_HOME, re-read only when the file's inode, size or mtime changed. */
export interface TrustList {
  list(): string[];
  isTrusted(workspace: string): boolean;
  /** Adds the workspace (as its real path, which it returns). */
  trust(workspace: string): string;
  /** Removes the workspace; false when it was not trusted. */
  untrust(workspace: string): boolean;
}

export function createTrustList(home: string): TrustList {
  const file = trustFile(home);
  let cache: { key: string; list: string[] } | null = null;

  function list(): string[] {
    let key: string;
    try {
      // Asked at every decision: no trust file (nothing trusted yet) must not cost an exception.
      const st = statSync(file, { throwIfNoEntry: false });
      if (!st) return [];
      key = `${st.ino}:${st.size}:${st.mtimeMs}`;
    } catch {
      return [];
    }
    if (cache?.key !== key) cache = { key, list: readTrusted(file) };
    return cache.list;
  }

  function save(next: string[]): void {
    writeJsonAtomic(file, { workspaces: [...new Set(next)].sort() });
    cache = null;
  }

  return {
    list,
    // Asked at every decision: with nothing trusted the answer needs no realpath.
    isTrusted: (workspace) => {
      const trusted = list();
      return trusted.length > 0 && trusted.includes(workspaceKey(workspace));
    },
    trust(workspace) {
      const key = workspaceKey(workspace);
      const current = list();
      if (!current.includes(key)) save([...current, key]);
      return key;
    },
    untrust(workspace) {
      const key = workspaceKey(workspace);
      const current = list();
      if (!current.includes(key)) return false;
      save(current.filter((w) => w !== key));
      return true;
    },
  };
}

// One-shot forms for the CLI and the desktop shell, which read or change the list once per command.

export function listTrusted(home: string): string[] {
  return createTrustList(home).list();
}

export function isTrustedWorkspace(home: string, workspace: string): boolean {
  return createTrustList(home).isTrusted(workspace);
}

export function trustWorkspaceSync(home: string, workspace: string): string {
  return createTrustList(home).trust(workspace);
}

export function untrustWorkspaceSync(home: string, workspace: string): boolean {
  return createTrustList(home).untrust(workspace);
}
