import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

const ConflictsFile = z.object({ exclusiveCommands: z.array(z.string().min(1)).default([]) });

const cache = new Map<string, { mtimeMs: number; patterns: string[] }>();

/**
 * Extra exclusive-command patterns of a workspace, from `.paragents/conflicts.json`
 * (`{"exclusiveCommands": ["make deploy*"]}`); re-read when the file changes, ignored when invalid.
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
  } catch {
    // An unreadable file adds no patterns.
  }
  cache.set(file, { mtimeMs, patterns });
  return patterns;
}
