import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import type { z } from 'zod';

/*
 * Small JSON files in the data folder (window state, trusted folders, desktop settings, encrypted keys):
 * read leniently (missing or damaged → null, never a crash at launch), written atomically (temp + rename)
 * so a quit mid-write leaves the old file, never half a file.
 */

export function readJsonFile<S extends z.ZodType>(file: string, schema: S): z.infer<S> | null {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch {
    return null;
  }
  try {
    const parsed = schema.safeParse(JSON.parse(text));
    return parsed.success ? parsed.data : null;
  } catch {
    return null;
  }
}

export function writeJsonFile(file: string, value: unknown, mode = 0o600): void {
  mkdirSync(dirname(file), { recursive: true });
  const temp = `${file}.${process.pid}.tmp`;
  writeFileSync(temp, `${JSON.stringify(value, null, 2)}\n`, { mode });
  renameSync(temp, file);
}
