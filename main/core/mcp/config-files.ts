import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { msg } from '../../../shared/i18n/message';
import { configProblem, parseMcpConfig } from './config-parse';
import type { McpConfigFile, McpScope } from './config-types';

/** The user's servers: `$PARAGENTS_HOME/mcp.json`. */
export function userMcpFile(home: string): string {
  return path.join(home, 'mcp.json');
}

/** A project's servers: `<workspace>/.mcp.json` (the file Claude Code and Cursor projects already have). */
export function projectMcpFile(workspace: string): string {
  return path.join(workspace, '.mcp.json');
}

/** A file the system would not let us read: what it said stays as written. */
const cannotRead = (file: string, e: unknown) => configProblem(file, null, msg('notices.settings.cannotRead', { error: (e as Error).message }));

/** Reads mcp.json files, parsing each again only when its inode, size or mtime changed. */
export class McpConfigReader {
  private readonly cache = new Map<string, { key: string; value: McpConfigFile }>();

  read(file: string, scope: McpScope, workspace: string | null): McpConfigFile {
    let key: string;
    try {
      // Read at every turn, and usually missing: that case must not cost an exception.
      const st = statSync(file, { bigint: true, throwIfNoEntry: false });
      if (!st) return { file, exists: false, servers: [], idleMinutes: null, problems: [] };
      if (!st.isFile()) {
        return { file, exists: true, servers: [], idleMinutes: null, problems: [configProblem(file, null, msg('notices.settings.notRegular'))] };
      }
      key = `${st.ino}:${st.size}:${st.mtimeNs}:${st.ctimeNs}:${scope}:${workspace ?? ''}`;
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ENOTDIR') return { file, exists: false, servers: [], idleMinutes: null, problems: [] };
      return { file, exists: true, servers: [], idleMinutes: null, problems: [cannotRead(file, e)] };
    }
    const hit = this.cache.get(file);
    if (hit && hit.key === key) return hit.value;
    let value: McpConfigFile;
    try {
      value = parseMcpConfig(readFileSync(file, 'utf8'), file, scope, workspace);
    } catch (e) {
      value = { file, exists: true, servers: [], idleMinutes: null, problems: [cannotRead(file, e)] };
    }
    this.cache.set(file, { key, value });
    return value;
  }
}
