import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const ConflictsFile = z.object({ exclusiveCommands: z.array(z.string().min(1)).default([]) });

/** A broken file adds no patterns (the built-in exclusive commands still hold), and says so once per change. */
function warn(file: string, why: string): void {
  console.warn(`paragents: ignoring ${file}: ${why} (expected {"exclusiveCommands": ["pattern", ...]})`);
}

function readPatterns(file: string): string[] {
  try {
    const parsed = ConflictsFile.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    if (parsed.success) return parsed.data.exclusiveCommands;
    warn(file, parsed.error.issues.map((i) => `${i.path.join('.') || '(top level)'}: ${i.message}`).join('; '));
  } catch (e) {
    warn(file, (e as Error).message);
  }
  return [];
}

/** The workspaces' conflict settings, each file re-read when it changes; one per conflict engine. */
export interface WorkspaceConfig {
  /**
   * Extra exclusive-command patterns of a workspace, from `.paragents/conflicts.json`
   * (`{"exclusiveCommands": ["make deploy*"]}`); ignored (with a warning naming the file) when invalid.
   */
  exclusivePatterns(workspace: string): string[];
}

export function createWorkspaceConfig(): WorkspaceConfig {
  const cache = new Map<string, { key: string; patterns: string[] }>();
  return {
    exclusivePatterns(workspace) {
      const file = path.join(workspace, '.paragents', 'conflicts.json');
      // Asked at every tool call: a missing file (the usual case) must not cost an exception.
      let info;
      try {
        info = statSync(file, { throwIfNoEntry: false });
      } catch {
        return [];
      }
      if (!info) return [];
      const key = `${info.ino}:${info.size}:${info.mtimeMs}`;
      const hit = cache.get(file);
      if (hit && hit.key === key) return hit.patterns;
      const patterns = readPatterns(file);
      cache.set(file, { key, patterns });
      return patterns;
    },
  };
}
