import type { HookEventName, HookSource } from '../../../shared/hooks';
import type { Msg } from '../../../shared/i18n/message';

export type { HookDecision, HookEventName, HookSource } from '../../../shared/hooks';

/** Seconds a hook may run when its entry names no `timeout`. */
export const DEFAULT_HOOK_TIMEOUT_S = 60;

/** One hook command of a settings file, as configured and checked. */
export interface HookDef {
  event: HookEventName;
  /** As written; null (absent, empty or `*`) matches everything. */
  matcher: string | null;
  command: string;
  timeoutMs: number;
  source: HookSource;
  file: string;
  /** Where it is written in the file, such as `hooks.PreToolUse[0].hooks[1]`. */
  where: string;
}

/** The hook part of one settings file. */
export interface HookSettings {
  hooks: HookDef[];
  /** Managed settings only: hooks of every other file are left out. */
  managedOnly: boolean;
  /** Entries left out, each naming the file and the field. */
  problems: HookProblem[];
}

export interface HookProblem {
  file: string;
  /** The sentence in English, as `--json` and the logs read it. */
  message: string;
  /** The same sentence as data, rendered by each client in its language. */
  msg?: Msg;
}
