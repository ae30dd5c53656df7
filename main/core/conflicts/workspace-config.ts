import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const ConflictsFile = z.object({ exclusiveCommands: z.array(z.string().min(1)).default([]) });

const cache = new Map<string, { mtimeMs: number; patterns: string[] }>();

/** A broken file adds no patterns (the built-in exclusive commands still hold), and says so once per change. */
function warn(file: string, why: string): void {
  console.warn(`paragents: ignoring ${file}: ${why} (expected {"exclusiveCommands": ["pattern", ...]})`);
}

/**
 * Extra exclusive-command patterns of a workspace, from `.paragents/conflicts.json`
 * (`{"exclusiveCommands": ["make deploy*"]}`); re-read when the file changes, ignored (with a warning naming the file) when invalid.
 */
export function workspaceExclusivePatterns(workspace: string): string[] {
  const file = path.join(workspace, '.paragents', 'conflicts.json');
  let mtimeMs: number;
  try {
    mtimeMs = statSync(file).mtimeMs;
  } catch {
    return [];
  }
  const hit = cache.get(file);
  if (hit && hit.mtimeMs === mtimeMs) return hit.patterns;
  let patterns: string[] = [];
  try {
    const parsed = ConflictsFile.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    if (parsed.success) patterns = parsed.data.exclusiveCommands;
    else warn(file, parsed.error.issues.map((i) => `${i.path.join('.') || '(top level)'}: ${i.message}`).join('; '));
  } catch (e) {
    warn(file, (e as Error).message);
  }
  cache.set(file, { mtimeMs, patterns });
  return patterns;
}
