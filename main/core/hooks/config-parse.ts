import { HookEventName } from '../../../shared/hooks';
import { compileMatcher } from './matcher';
import { DEFAULT_HOOK_TIMEOUT_S, type HookDef, type HookProblem, type HookSettings, type HookSource } from './types';

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
 * the file and the field; the others still run. Pure, for the settings loader and tests.
 */
export function parseHookSettings(doc: Record<string, unknown>, file: string, source: HookSource): HookSettings {
  const problems: HookProblem[] = [];
  const problem = (field: string, message: string): void => {
    problems.push({ file, message: `${field}: ${message}` });
  };
  let managedOnly = false;
  if (Object.hasOwn(doc, 'allowManagedHooksOnly')) {
    const v = doc.allowManagedHooksOnly;
    if (typeof v !== 'boolean') problem('allowManagedHooksOnly', 'must be true or false');
    else if (source !== 'managed') problem('allowManagedHooksOnly', 'only managed settings can set this');
    else managedOnly = v;
  }
  const hooks: HookDef[] = [];
  if (!Object.hasOwn(doc, 'hooks')) return { hooks, managedOnly, problems };
  const section = doc.hooks;
  if (!isPlainObject(section)) {
    problem('hooks', 'must be an object whose keys are hook events, such as {"PreToolUse": [...]}');
    return { hooks, managedOnly, problems };
  }
  for (const [name, groups] of Object.entries(section)) {
    const event = HookEventName.safeParse(name);
    if (!event.success) {
      problem(`hooks.${name}`, `Paragents does not run this hook event (it runs ${HookEventName.options.join(', ')})`);
      continue;
    }
    if (!Array.isArray(groups)) {
      problem(`hooks.${name}`, 'must be an array of {"matcher": …, "hooks": [...]} entries');
      continue;
    }
    groups.forEach((group: unknown, g) => {
      const at = `hooks.${name}[${g}]`;
      if (!isPlainObject(group)) return problem(at, 'must be an object with "hooks" (and an optional "matcher")');
      let matcher: string | null = null;
      if (Object.hasOwn(group, 'matcher')) {
        if (typeof group.matcher !== 'string') return problem(`${at}.matcher`, 'must be a string (a regular expression on tool names)');
        const compiled = compileMatcher(group.matcher);
        if (compiled instanceof Error) return problem(`${at}.matcher`, `"${group.matcher}" is not a valid regular expression (${compiled.message})`);
        matcher = compiled === null ? null : group.matcher;
      }
      if (!Array.isArray(group.hooks)) return problem(`${at}.hooks`, 'must be an array of {"type": "command", "command": …} entries');
      group.hooks.forEach((entry: unknown, h) => {
        const where = `${at}.hooks[${h}]`;
        if (!isPlainObject(entry)) return problem(where, 'must be an object such as {"type": "command", "command": "./check.sh"}');
        if (entry.type !== 'command') return problem(`${where}.type`, 'only "command" hooks are supported');
        if (typeof entry.command !== 'string' || entry.command.trim() === '' || entry.command.includes('\0')) {
          return problem(`${where}.command`, 'must be a non-empty shell command');
        }
        let timeoutS = DEFAULT_HOOK_TIMEOUT_S;
        if (Object.hasOwn(entry, 'timeout')) {
          const t = entry.timeout;
          if (typeof t !== 'number' || !Number.isFinite(t) || t <= 0 || t > MAX_TIMEOUT_S) {
            return problem(`${where}.timeout`, `must be a number of seconds above 0 and at most ${MAX_TIMEOUT_S}`);
          }
          timeoutS = t;
        }
        hooks.push({ event: event.data, matcher, command: entry.command, timeoutMs: Math.round(timeoutS * 1000), source, file, where });
      });
    });
  }
  return { hooks, managedOnly, problems };
}
