import { join } from 'node:path';
import { z } from 'zod';
import { readJsonFile } from './json-file';

/*
 * desktop.json in the data folder: settings only the desktop shell reads. A missing or damaged file gives the
 * defaults (the app still starts).
 */

export const DESKTOP_SETTINGS_FILE = 'desktop.json';

export const DesktopSettings = z.object({
  /** Also ask with a native dialog (Allow once / Allow for session / Deny) when an approval is requested. */
  nativeApprovalDialog: z.boolean().default(false),
  notifyApprovals: z.boolean().default(true),
  notifyTurns: z.boolean().default(true),
  /** Keep a tray icon with pending approvals and sessions. */
  tray: z.boolean().default(true),
});
export type DesktopSettings = z.infer<typeof DesktopSettings>;

export const defaultDesktopSettings = (): DesktopSettings => DesktopSettings.parse({});

export const loadDesktopSettings = (home: string): DesktopSettings =>
  readJsonFile(join(home, DESKTOP_SETTINGS_FILE), DesktopSettings) ?? defaultDesktopSettings();
