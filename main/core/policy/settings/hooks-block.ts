import { HookEventName, type HookSource } from '../../../../shared/hooks';
import { english, msg, type Msg } from '../../../../shared/i18n/message';
import { compileMatcher } from './hook-matcher';

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

/** Longest timeout an entry may ask for: a hook holds up a turn while it runs. */
const MAX_TIMEOUT_S = 3600;

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

export const NO_HOOKS: HookSettings = { hooks: [], managedOnly: false, problems: [] };

/**
 * The `hooks` of one settings document, in Claude Code's shape:
 * `{"hooks": {"PreToolUse": [{"matcher": "Bash", "hooks": [{"type": "command", "command": "…", "timeout": 30}]}]}}`,
 * and managed settings' `allowManagedHooksOnly`. An entry that cannot be used is left out with one problem naming
 * the file and the field; the others still run. Read with the rest of the settings file (load.ts); which hooks run
 * is the hooks module's choice (main/core/hooks/config.ts). Pure, for the settings loader and tests.
 */
export function parseHookSettings(doc: Record<string, unknown>, file: string, source: HookSource): HookSettings {
  const problems: HookProblem[] = [];
  const problem = (field: string, what: Msg): void => {
    const m = msg('engineErrors.hooks.fieldProblem', { field, problem: what });
    problems.push({ file, message: english(m), msg: m });
  };
  let managedOnly = false;
  if (Object.hasOwn(doc, 'allowManagedHooksOnly')) {
    const v = doc.allowManagedHooksOnly;
    if (typeof v !== 'boolean') problem('allowManagedHooksOnly', msg('engineErrors.hooks.boolean'));
    else if (source !== 'managed') problem('allowManagedHooksOnly', msg('engineErrors.hooks.managedOnly'));
    else managedOnly = v;
  }
  const hooks: HookDef[] = [];
  if (!Object.hasOwn(doc, 'hooks')) return { hooks, managedOnly, problems };
  const section = doc.hooks;
  if (!isPlainObject(section)) {
    problem('hooks', msg('engineErrors.hooks.notEvents'));
    return { hooks, managedOnly, problems };
  }
  for (const [name, groups] of Object.entries(section)) {
    const event = HookEventName.safeParse(name);
    if (!event.success) {
      problem(`hooks.${name}`, msg('engineErrors.hooks.unknownEvent', { events: HookEventName.options.join(', ') }));
      continue;
    }
    if (!Array.isArray(groups)) {
      problem(`hooks.${name}`, msg('engineErrors.hooks.notGroups'));
      continue;
    }
    groups.forEach((group: unknown, g) => {
      const at = `hooks.${name}[${g}]`;
      if (!isPlainObject(group)) return problem(at, msg('engineErrors.hooks.notGroup'));
      let matcher: string | null = null;
      if (Object.hasOwn(group, 'matcher')) {
        if (typeof group.matcher !== 'string') return problem(`${at}.matcher`, msg('engineErrors.hooks.matcherNotString'));
        const compiled = compileMatcher(group.matcher);
        if (compiled instanceof Error) return problem(`${at}.matcher`, msg('engineErrors.hooks.badMatcher', { matcher: group.matcher, error: compiled.message }));
        matcher = compiled === null ? null : group.matcher;
      }
      if (!Array.isArray(group.hooks)) return problem(`${at}.hooks`, msg('engineErrors.hooks.notEntries'));
      group.hooks.forEach((entry: unknown, h) => {
        const where = `${at}.hooks[${h}]`;
        if (!isPlainObject(entry)) return problem(where, msg('engineErrors.hooks.notEntry'));
        if (entry.type !== 'command') return problem(`${where}.type`, msg('engineErrors.hooks.onlyCommand'));
        if (typeof entry.command !== 'string' || entry.command.trim() === '' || entry.command.includes('\0')) {
          return problem(`${where}.command`, msg('engineErrors.hooks.emptyCommand'));
        }
        let timeoutS = DEFAULT_HOOK_TIMEOUT_S;
        if (Object.hasOwn(entry, 'timeout')) {
          const t = entry.timeout;
          if (typeof t !== 'number' || !Number.isFinite(t) || t <= 0 || t > MAX_TIMEOUT_S) {
            return problem(`${where}.timeout`, msg('engineErrors.hooks.timeout', { max: MAX_TIMEOUT_S }));
          }
          timeoutS = t;
        }
        hooks.push({ event: event.data, matcher, command: entry.command, timeoutMs: Math.round(timeoutS * 1000), source, file, where });
      });
    });
  }
  return { hooks, managedOnly, problems };
}
