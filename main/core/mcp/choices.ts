import { createHash } from 'node:crypto';
import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { writeJsonAtomic } from '../policy/atomic-json';
import type { McpServerEntry } from './config-types';

/** A server as a person names it: user servers by name, project servers by workspace and name. */
export interface ServerIdentity {
  name: string;
  scope: 'user' | 'project';
  /** Real path of the workspace, for a project server. */
  workspace: string | null;
}

export function identityKey(id: ServerIdentity): string {
  return id.scope === 'user' ? `user:${id.name}` : `project:${id.workspace ?? ''}:${id.name}`;
}

/** The fingerprint of a project server's entry as written: approving it covers this exact command line only. */
export function entryFingerprint(entry: McpServerEntry): string {
  return createHash('sha256').update(JSON.stringify(entry.raw)).digest('hex');
}

interface ChoicesDoc {
  /** Real workspace path → server name → fingerprint of the entry a person approved. */
  approved: Record<string, Record<string, string>>;
  /** identityKey of each server a person turned off. */
  disabled: string[];
}

/** The MCP choices of a person, in `$PARAGENTS_HOME/mcp-choices.json`: approved project servers, disabled servers. */
export function choicesFile(home: string): string {
  return path.join(home, 'mcp-choices.json');
}

function isRecord(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

function readDoc(file: string): ChoicesDoc {
  const doc: ChoicesDoc = { approved: Object.create(null) as ChoicesDoc['approved'], disabled: [] };
  let raw: unknown;
  try {
    raw = JSON.parse(readFileSync(file, 'utf8'));
  } catch {
    return doc;
  }
  if (!isRecord(raw)) return doc;
  if (isRecord(raw.approved)) {
    for (const [ws, servers] of Object.entries(raw.approved)) {
      if (!path.isAbsolute(ws) || !isRecord(servers)) continue;
      const kept: Record<string, string> = Object.create(null) as Record<string, string>;
      for (const [name, sha] of Object.entries(servers)) if (typeof sha === 'string') kept[name] = sha;
      doc.approved[ws] = kept;
    }
  }
  if (Array.isArray(raw.disabled)) doc.disabled = raw.disabled.filter((d): d is string => typeof d === 'string');
  return doc;
}

/** Reads and writes the choices file; re-read only when it changed on disk. The engine's MCP manager is its one writer. */
export class McpChoices {
  private cache: { key: string; doc: ChoicesDoc } | null = null;
  private readonly file: string;

  constructor(home: string) {
    this.file = choicesFile(home);
  }

  private doc(): ChoicesDoc {
    let key: string;
    try {
      const st = statSync(this.file, { throwIfNoEntry: false });
      if (!st) return { approved: Object.create(null) as ChoicesDoc['approved'], disabled: [] };
      key = `${st.ino}:${st.size}:${st.mtimeMs}`;
    } catch {
      return { approved: Object.create(null) as ChoicesDoc['approved'], disabled: [] };
    }
    if (this.cache?.key !== key) this.cache = { key, doc: readDoc(this.file) };
    return this.cache.doc;
  }

  private save(doc: ChoicesDoc): void {
    writeJsonAtomic(this.file, doc);
    this.cache = null;
  }

  isApproved(workspace: string, entry: McpServerEntry): boolean {
    return this.doc().approved[workspace]?.[entry.name] === entryFingerprint(entry);
  }

  /** Records (or withdraws) a person's approval of this exact entry of a workspace's `.mcp.json`. */
  setApproved(workspace: string, entry: McpServerEntry, approved: boolean): void {
    const doc = this.doc();
    const next: ChoicesDoc = { approved: { ...doc.approved }, disabled: [...doc.disabled] };
    const servers = { ...(next.approved[workspace] ?? {}) };
    if (approved) servers[entry.name] = entryFingerprint(entry);
    else delete servers[entry.name];
    next.approved[workspace] = servers;
    this.save(next);
  }

  isDisabled(id: ServerIdentity): boolean {
    return this.doc().disabled.includes(identityKey(id));
  }

  setDisabled(id: ServerIdentity, disabled: boolean): void {
    const doc = this.doc();
    const key = identityKey(id);
    const rest = doc.disabled.filter((d) => d !== key);
    this.save({ approved: doc.approved, disabled: disabled ? [...rest, key] : rest });
  }
}
