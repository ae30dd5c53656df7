import { readFileSync, statSync } from 'node:fs';
import { english, msg, type Msg } from '../../../../shared/i18n/message';
import { PermissionMode, type PolicySource } from '../../../../shared/policy';
import { parseRule } from '../rules/parse-rule';
import type { Rule, RuleKind } from '../rules/types';
import { NO_HOOKS, parseHookSettings, type HookSettings } from './hooks-block';
import { EMPTY_SANDBOX_BLOCK, readSandboxBlock, type SandboxBlock } from './sandbox-block';

export interface Problem {
  file: string;
  /** The sentence in English, as `--json` and the logs read it. */
  message: string;
  /** The same sentence as data, rendered by each client in its language (a hook entry's problem brings its own). */
  msg?: Msg;
  /** The allow rule, as written, when it is well formed but grants nothing (`*`, `mcp__*`). */
  ineffectiveRule?: string;
}

export interface LoadedSettings {
  file: string;
  source: PolicySource;
  exists: boolean;
  /** Unreadable JSON, wrong types or unknown keys: the file grants nothing (its deny/ask rules still hold). */
  malformed: boolean;
  rules: Rule[];
  defaultMode: PermissionMode | null;
  additionalDirectories: string[];
  lockPermissionRules: boolean;
  disableBypassMode: boolean;
  /** The file's hooks (hooks-block.ts): whether they run is decided by the hooks module, not here. */
  hooks: HookSettings;
  /** The file's `sandbox` block (what the OS sandbox confines, and how its commands are approved). */
  sandbox: SandboxBlock;
  problems: Problem[];
}

const RULE_KEYS: RuleKind[] = ['allow', 'ask', 'deny'];
const PERMISSION_KEYS = new Set(['allow', 'ask', 'deny', 'defaultMode', 'additionalDirectories', 'lockPermissionRules', 'disableBypassMode']);
const MANAGED_ONLY = new Set(['lockPermissionRules', 'disableBypassMode']);
const DANGEROUS_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

function empty(file: string, source: PolicySource, exists: boolean): LoadedSettings {
  return {
    file, source, exists, malformed: false, rules: [], defaultMode: null, additionalDirectories: [],
    lockPermissionRules: false, disableBypassMode: false, hooks: NO_HOOKS, sandbox: EMPTY_SANDBOX_BLOCK, problems: [],
  };
}

/** A problem of the file: its sentence as data, and that sentence's English. */
function problemOf(file: string, m: Msg, ineffectiveRule?: string): Problem {
  return { file, message: english(m), msg: m, ...(ineffectiveRule !== undefined ? { ineffectiveRule } : {}) };
}

/** `permissions.allow[3]: <what is wrong with the rule>`. */
const ruleProblem = (kind: RuleKind, i: number, problem: Msg): Msg => msg('notices.settings.fieldProblem', { field: `permissions.${kind}[${i}]`, problem });

/** "line L column C: <JSON.parse's words>" for a parse error that carries a character position, else its words. */
function jsonPosition(text: string, message: string): Msg | string {
  const m = /position (\d+)/.exec(message);
  if (!m) return message;
  const pos = Number(m[1]);
  const before = text.slice(0, pos);
  const line = before.split('\n').length;
  const column = pos - before.lastIndexOf('\n');
  return msg('notices.settings.jsonAt', { line, column, error: message.replace(/\s*\(line \d+ column \d+\)/, '') });
}

function isPlainObject(v: unknown): v is Record<string, unknown> {
  return typeof v === 'object' && v !== null && !Array.isArray(v);
}

/** Validates one settings document (already JSON-parsed). Pure, for tests and the loader. */
export function readSettings(doc: unknown, file: string, source: PolicySource): LoadedSettings {
  const out = empty(file, source, true);
  const problem = (m: Msg, malformed = true): void => {
    out.problems.push(problemOf(file, m));
    if (malformed) out.malformed = true;
  };
  if (!isPlainObject(doc)) {
    problem(msg('notices.settings.notObject'));
    return out;
  }
  for (const key of Object.keys(doc)) if (DANGEROUS_KEYS.has(key)) problem(msg('notices.settings.keyNotAllowed', { key }));
  // A bad hook entry is left out and reported; it does not make the file's rules malformed.
  const hooks = parseHookSettings(doc, file, source === 'managed' || source === 'local' || source === 'project' ? source : 'user');
  out.hooks = hooks;
  out.problems.push(...hooks.problems);
  // A bad sandbox value is left out and reported; like a hook entry, it does not make the rules malformed.
  const sandbox = readSandboxBlock(doc.sandbox);
  out.sandbox = sandbox.block;
  for (const m of sandbox.problems) out.problems.push(problemOf(file, m));
  if (!Object.hasOwn(doc, 'permissions')) return out;
  const perms = doc.permissions;
  if (!isPlainObject(perms)) {
    problem(msg('notices.settings.permissionsNotObject'));
    return out;
  }
  for (const key of Object.keys(perms)) {
    if (!PERMISSION_KEYS.has(key)) problem(msg('notices.settings.unknownKey', { key }));
    else if (MANAGED_ONLY.has(key) && source !== 'managed') problem(msg('notices.settings.managedOnly', { key }), false);
  }
  for (const kind of RULE_KEYS) {
    if (!Object.hasOwn(perms, kind)) continue;
    const list = perms[kind];
    if (!Array.isArray(list)) {
      problem(msg('notices.settings.notRuleArray', { kind }));
      continue;
    }
    list.forEach((entry: unknown, i) => {
      const parsed = parseRule(entry, kind, source, file);
      if (!parsed.ok) {
        if (parsed.ineffective && typeof entry === 'string') {
          out.problems.push(problemOf(file, ruleProblem(kind, i, parsed.message), entry.trim()));
          return;
        }
        problem(ruleProblem(kind, i, parsed.message), typeof entry !== 'string');
        return;
      }
      if (parsed.warning) problem(ruleProblem(kind, i, parsed.warning), false);
      out.rules.push(...parsed.rules);
    });
  }
  if (Object.hasOwn(perms, 'defaultMode')) {
    const raw = perms.defaultMode === 'bypassPermissions' ? 'bypass' : perms.defaultMode;
    const mode = PermissionMode.safeParse(raw);
    if (mode.success) out.defaultMode = mode.data;
    else problem(msg('notices.settings.defaultMode', { modes: PermissionMode.options.join(', ') }));
  }
  if (Object.hasOwn(perms, 'additionalDirectories')) {
    const dirs = perms.additionalDirectories;
    if (Array.isArray(dirs) && dirs.every((d) => typeof d === 'string' && d.trim() !== '' && !d.includes('\0'))) {
      out.additionalDirectories = dirs as string[];
    } else problem(msg('notices.settings.notFolders'));
  }
  for (const key of MANAGED_ONLY) {
    if (!Object.hasOwn(perms, key)) continue;
    const v = perms[key];
    if (typeof v !== 'boolean') problem(msg('notices.settings.notBoolean', { key }));
    else if (source === 'managed') out[key as 'lockPermissionRules' | 'disableBypassMode'] = v;
  }
  if (out.malformed) {
    out.rules = out.rules.filter((r) => r.kind !== 'allow');
    out.defaultMode = null;
    out.additionalDirectories = [];
    out.problems.push(problemOf(file, msg('notices.settings.fileHasErrors')));
  }
  return out;
}

/** Reads settings files, re-reading each only when its size, mtime or inode changed (one per policy engine). */
export interface SettingsLoader {
  load(file: string, source: PolicySource): LoadedSettings;
}

export function createSettingsLoader(): SettingsLoader {
  const cache = new Map<string, { key: string; value: LoadedSettings }>();
  return {
    load(file, source) {
      let key: string;
      try {
        // Asked at every decision: a missing file (the usual case for most sources) must not cost an exception.
        const st = statSync(file, { bigint: true, throwIfNoEntry: false });
        if (!st) return empty(file, source, false);
        if (!st.isFile()) {
          const out = empty(file, source, true);
          out.malformed = true;
          out.problems.push(problemOf(file, msg('notices.settings.notRegular')));
          return out;
        }
        key = `${st.ino}:${st.size}:${st.mtimeNs}:${st.ctimeNs}`;
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code === 'ENOENT' || (e as NodeJS.ErrnoException).code === 'ENOTDIR') {
          return empty(file, source, false);
        }
        const out = empty(file, source, true);
        out.malformed = true;
        out.problems.push(problemOf(file, msg('notices.settings.cannotRead', { error: (e as Error).message })));
        return out;
      }
      const hit = cache.get(file);
      if (hit && hit.key === key && hit.value.source === source) return hit.value;
      let value: LoadedSettings;
      let text = '';
      try {
        text = readFileSync(file, 'utf8');
        value = readSettings(JSON.parse(text) as unknown, file, source);
      } catch (e) {
        value = empty(file, source, true);
        value.malformed = true;
        value.problems.push(problemOf(file, msg('notices.settings.invalidJson', { where: jsonPosition(text, (e as Error).message) })));
      }
      cache.set(file, { key, value });
      return value;
    },
  };
}
