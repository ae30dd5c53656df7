import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { msg } from '../../../shared/i18n/message';
import { MsgError } from '../../../shared/msg-error';
import { writeJsonAtomic } from './atomic-json';

/** The user's own settings file, in the data folder (the `user` source of settingsSources). */
export const userSettingsFile = (home: string): string => path.join(home, 'settings.json');

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * The one writer of the user's settings.json: sets `sandbox.enabled`, keeping every other key as written, through
 * a temp file and a rename. A file that is not JSON, or not an object, is left alone and named in the refusal, so
 * a person's hand-written settings are never lost.
 */
export function writeUserSandboxEnabled(home: string, enabled: boolean): string {
  const file = userSettingsFile(home);
  let doc: Record<string, unknown> = {};
  if (existsSync(file)) {
    let parsed: unknown;
    try {
      parsed = JSON.parse(readFileSync(file, 'utf8'));
    } catch (e) {
      throw new MsgError(msg('sandbox.setEnabled.notJson', { file, error: e instanceof Error ? e.message : String(e) }));
    }
    if (!isObject(parsed)) throw new MsgError(msg('sandbox.setEnabled.notObject', { file }));
    doc = parsed;
  }
  const block = doc.sandbox ?? {};
  if (!isObject(block)) throw new MsgError(msg('sandbox.setEnabled.notObject', { file }));
  writeJsonAtomic(file, { ...doc, sandbox: { ...block, enabled } });
  return file;
}
