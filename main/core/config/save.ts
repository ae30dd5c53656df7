import { renameSync, rmSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import type { z } from 'zod';
import { RuntimeConfig } from '../../../shared/config';
import { msg } from '../../../shared/i18n/message';
import { err, ok, type Result } from '../../../shared/result';
import { describeIssues } from './issues';
import { configPath } from './load';
import { makePrivateFolder } from '../store/private-files';

/**
 * Validates, then writes `<home>/config.json` atomically (temp file + rename) so a crash never leaves a
 * half-written config. Mode 0600 because the file may hold API keys. Returns the path written.
 */
export function saveConfig(home: string, config: z.input<typeof RuntimeConfig>): Result<string> {
  const path = configPath(home);
  const parsed = RuntimeConfig.safeParse(config);
  if (!parsed.success) return err('invalid_input', describeIssues(path, parsed.error));
  const temp = `${path}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  try {
    makePrivateFolder(home);
    writeFileSync(temp, `${JSON.stringify(parsed.data, null, 2)}\n`, { mode: 0o600 });
    renameSync(temp, path);
    return ok(path);
  } catch (error) {
    rmSync(temp, { force: true });
    return err('config', msg('notices.request.cannotWrite', { file: path, error: (error as Error).message }));
  }
}
