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

let cache: { file: string; key: string; list: string[] } | null = null;

/** The trusted list; a missing or malformed file trusts nothing. */
export function listTrusted(home: string): string[] {
  const file = trustFile(home);
  let key: string;
  try {
    const st = statSync(file);
    key = `${st.ino}:${st.size}:${st.mtimeMs}`;
  } catch {
    return [];
  }
  if (cache && cache.file === file && cache.key === key) return cache.list;
  let list: string[] = [];
  try {
    const doc = JSON.parse(readFileSync(file, 'utf8')) as unknown;
    const raw = typeof doc === 'object' && doc !== null && !Array.isArray(doc) ? (doc as { workspaces?: unknown }).workspaces : null;
    if (Array.isArray(raw)) list = raw.filter((w): w is string => typeof w === 'string' && path.isAbsolute(w));
  } catch {
    list = [];
  }
  cache = { file, key, list };
  return list;
}

export function isTrustedWorkspace(home: string, workspace: string): boolean {
  return listTrusted(home).includes(workspaceKey(workspace));
}

function save(home: string, list: string[]): void {
  writeJsonAtomic(trustFile(home), { workspaces: [...new Set(list)].sort() });
  cache = null;
}

export function trustWorkspaceSync(home: string, workspace: string): string {
  const key = workspaceKey(workspace);
  const list = listTrusted(home);
  if (!list.includes(key)) save(home, [...list, key]);
  return key;
}

export function untrustWorkspaceSync(home: string, workspace: string): boolean {
  const key = workspaceKey(workspace);
  const list = listTrusted(home);
  if (!list.includes(key)) return false;
  save(home, list.filter((w) => w !== key));
  return true;
}
