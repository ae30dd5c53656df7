import type { Msg } from '../../../shared/i18n/message';
import type { HookSource } from './types';

/**
 * How a hook's command is to run: as it is (`open`), confined by the OS sandbox (`confined`: spawn `argv` with
 * `env`, and call `release` once it has ended or never started), or not at all (`refused`, and why, one sentence).
 */
export type HookLaunch =
  | { kind: 'open' }
  | { kind: 'confined'; argv: string[]; env: Record<string, string | undefined>; release(): void }
  | { kind: 'refused'; reason: Msg };

/**
 * The composition root's answer for one project hook run of a session (hooks/ stands on the sandbox's floor and
 * cannot reach it): the sandbox's wrapper around the command with that session's lists when its workspace has the
 * sandbox on and able to run, a refusal when the settings require the sandbox and it cannot run, else `open`.
 * May throw when the sandbox fails to wrap; the hook then counts as one that could not start.
 */
export type HookConfiner = (
  command: string,
  session: { id: string; workspace: string },
  run: { cwd: string; env: Readonly<Record<string, string | undefined>> },
) => Promise<HookLaunch>;

/** Project hooks are the workspace's; managed and user hooks are the person's own and keep running unconfined. */
export const isProjectSource = (source: HookSource): boolean => source === 'project' || source === 'local';
