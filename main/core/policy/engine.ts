import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { PermissionMode } from '../../../shared/policy';
import { english, msg } from '../../../shared/i18n/message';
import { err, ok, type Result } from '../../../shared/result';
import { MsgError, thrownSentence } from '../../../shared/msg-error';
import { createCallPreparer, type CheckableCall } from './prepare';
import { writeJsonAtomic } from './atomic-json';
import { part, wrapReason, type DecideContext } from './context';
import { decideCall, readsOnly } from './decide';
import { modeProblems, resolveMode } from './mode';
import type {
  EffectiveRule,
  PolicyCheckRequest,
  PolicyEngine,
  PolicyEngineOptions,
  PolicyRequest,
  PolicyVerdict,
  SessionGrantStore,
} from './index';
import { GlobMatchers } from './rules/glob-matchers';
import { expandTilde, realDir } from './paths';
import { parseRule } from './rules/parse-rule';
import type { Rule } from './rules/types';
import { createSettingsLoader, type LoadedSettings, type Problem } from './settings/load';
import { createShellAnalyzer } from './shell/analyze';
import { managedSettingsPath, projectLocalFile, settingsSources } from './settings/sources';
import { createTrustList } from './trust';
import { sandboxVerdict, unavailableReason, type SandboxReadiness } from './sandbox-decide';
import { writeUserSandboxEnabled } from './user-settings';
import { sessionSandboxPolicy } from './sandbox-policy';
import { mergeSandboxSettings } from './settings/sandbox-settings';

export function memoryGrantStore(): SessionGrantStore {
  const grants = new Map<string, string[]>();
  return {
    list: (sessionId) => [...(grants.get(sessionId) ?? [])],
    add: (sessionId, rule) => {
      const list = grants.get(sessionId) ?? [];
      if (!list.includes(rule)) list.push(rule);
      grants.set(sessionId, list);
    },
  };
}

interface Loaded {
  ctx: DecideContext;
  managedBroken: boolean;
  problems: Problem[];
}

const isProjectSource = (s: LoadedSettings): boolean => s.source === 'local' || s.source === 'project';

export function createPolicyEngine(opts: PolicyEngineOptions): PolicyEngine {
  const grants = opts.grants ?? memoryGrantStore();
  const { home, env } = opts.host;
  const managedFile = managedSettingsPath(opts.managedSettingsPath, env);
  // Caches of this engine only: the trusted list, settings files and compiled rule globs (re-read on change).
  const trust = createTrustList(opts.home);
  const settings = createSettingsLoader();
  const globs = new GlobMatchers();
  const preparer = opts.preparer ?? createCallPreparer({ home, shell: createShellAnalyzer() });

  const settingsFiles = (workspace: string): LoadedSettings[] =>
    settingsSources(workspace, opts.home, managedFile).map((s) => settings.load(s.file, s.source));
  const notProbed: SandboxReadiness = { available: false, reason: msg('sandbox.unavailable.notProbed') };
  const readiness = (): SandboxReadiness => (opts.sandbox ? opts.sandbox() : notProbed);
  const sandboxSettings = (workspaceIn: string) => {
    const workspace = path.resolve(workspaceIn);
    return mergeSandboxSettings(settingsFiles(workspace), { workspace, home, trusted: trust.isTrusted(workspace) });
  };

  function load(workspaceIn: string, sessionId: string | null, requested: PermissionMode | undefined): Loaded {
    const workspace = path.resolve(workspaceIn);
    const realWorkspace = realDir(workspace);
    const trusted = trust.isTrusted(workspace);
    const files = settingsFiles(workspace);
    const managed = files[0] as LoadedSettings;
    const problems: Problem[] = files.flatMap((f) => f.problems);
    const locked = managed.lockPermissionRules;
    const rules: Rule[] = [];
    for (const f of files) {
      for (const r of f.rules) {
        if (r.kind === 'allow' && ((locked && f.source !== 'managed') || (isProjectSource(f) && !trusted))) continue;
        rules.push(r);
      }
    }
    if (sessionId !== null && !locked) {
      for (const text of grants.list(sessionId)) {
        const parsed = parseRule(text, 'allow', 'session', null);
        if (parsed.ok) rules.push(...parsed.rules);
      }
    }
    const { mode, note: modeNote } = resolveMode(files, trusted, requested ?? null);
    problems.push(...modeProblems(files));
    const dirs = [workspace, realWorkspace];
    for (const f of files) {
      if (isProjectSource(f) && !trusted) continue;
      for (const d of f.additionalDirectories) {
        const abs = path.resolve(workspace, expandTilde(d, home));
        dirs.push(abs, realDir(abs));
      }
    }
    const ctx: DecideContext = {
      workspace,
      home,
      roots: { workspace: [...new Set([workspace, realWorkspace])], home: [...new Set([home, realDir(home)])] },
      mode,
      modeNote,
      rules,
      readDirs: [...new Set(dirs)],
      writeDirs: [...new Set(dirs)],
      globs,
    };
    return { ctx, managedBroken: managed.exists && managed.malformed, problems };
  }

  function couldNotDecide(e: unknown, headless: boolean): PolicyVerdict {
    // A sentence of the policy's own (a symlink loop) stays data; what the system threw stays as it said it.
    const why = msg('reasons.undecided', { error: thrownSentence(e) });
    return {
      decision: headless ? 'blocked' : 'needs_approval',
      rule: null,
      source: 'builtin',
      reason: english(why),
      reasonMsg: why,
      alwaysRule: null,
      alwaysRules: [],
    };
  }

  function verdictOf(call: CheckableCall, req: Omit<PolicyRequest, 'call'>): PolicyVerdict {
    const { ctx, managedBroken } = load(call.workspace, req.sessionId, req.mode);
    let verdict: PolicyVerdict;
    if (managedBroken && !readsOnly(call)) {
      verdict = {
        ...part('blocked', 'managed', msg('reasons.managedMalformed', { file: managedFile, tool: call.name })),
        alwaysRule: null,
        alwaysRules: [],
      };
    } else {
      const c = decideCall(ctx, call);
      // The only note there is: bypass refused by managed settings (mode.ts).
      const said = ctx.modeNote && c.source === 'mode' ? wrapReason(c, 'reasons.modeNote') : { reason: c.reason, reasonMsg: c.reasonMsg };
      verdict = { decision: c.decision, rule: c.rule, source: c.source, ...said, alwaysRule: c.always, alwaysRules: c.alwaysRules, onlyModeAsks: c.onlyModeAsks };
      // Before the headless rule: a command the sandbox allows runs under --approve never too.
      const sandbox = sandboxSettings(call.workspace);
      verdict = sandboxVerdict(call, verdict, sandbox, readiness);
      if (req.sessionId !== null && opts.sandboxOff) {
        const off = unavailableReason(call, sandbox, readiness);
        if (off) opts.sandboxOff(req.sessionId, off);
      }
    }
    if (req.headless && verdict.decision === 'needs_approval') {
      verdict = { ...verdict, decision: 'blocked', ...wrapReason(verdict, 'reasons.headless') };
    }
    return verdict;
  }

  async function decide(req: PolicyRequest): Promise<PolicyVerdict> {
    try {
      return verdictOf(req.call, req);
    } catch (e) {
      return couldNotDecide(e, req.headless);
    }
  }

  async function check(req: PolicyCheckRequest): Promise<Result<PolicyVerdict>> {
    try {
      const prepared = await preparer.prepareNamed(req.tool, req.input, req.workspace);
      if (!prepared.ok) return prepared;
      return ok(verdictOf(prepared.value, req));
    } catch (e) {
      return ok(couldNotDecide(e, req.headless));
    }
  }

  async function allowAlways(workspace: string, rules: string[]): Promise<void> {
    for (const r of rules) {
      const parsed = parseRule(r, 'allow', 'local', null);
      if (!parsed.ok) throw new MsgError(parsed.message);
    }
    const file = projectLocalFile(path.resolve(workspace));
    let doc: Record<string, unknown> = {};
    if (existsSync(file)) {
      const parsed = JSON.parse(readFileSync(file, 'utf8')) as unknown;
      if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new MsgError(msg('reasons.alwaysNotObject', { file }));
      doc = parsed as Record<string, unknown>;
    }
    const perms = doc.permissions ?? {};
    if (typeof perms !== 'object' || perms === null || Array.isArray(perms)) throw new MsgError(msg('reasons.alwaysPermissionsNotObject', { file }));
    const p = perms as Record<string, unknown>;
    const allow = p.allow ?? [];
    if (!Array.isArray(allow)) throw new MsgError(msg('reasons.alwaysAllowNotArray', { file }));
    const next = [...allow];
    for (const r of rules) if (!next.includes(r.trim())) next.push(r.trim());
    writeJsonAtomic(file, { ...doc, permissions: { ...p, allow: next } });
  }

  return {
    decide,
    check,
    grantForSession(sessionId, rules) {
      for (const r of rules) if (parseRule(r, 'allow', 'session', null).ok) grants.add(sessionId, r.trim());
    },
    allowAlways,
    async trustWorkspace(workspace) {
      trust.trust(workspace);
    },
    async untrustWorkspace(workspace) {
      trust.untrust(workspace);
    },
    isTrusted: (workspace) => trust.isTrusted(workspace),
    sessionMode(workspace, chosen) {
      const ws = path.resolve(workspace);
      return resolveMode(settingsFiles(ws), trust.isTrusted(ws), chosen);
    },
    async effectiveRules(workspace): Promise<EffectiveRule[]> {
      const { ctx } = load(workspace, null, undefined);
      // A tool-name glob (`*`) stands for one rule per tool family; it is listed once, as written.
      const listed = new Map<string, EffectiveRule>();
      for (const r of ctx.rules) listed.set(JSON.stringify([r.text, r.kind, r.source, r.file]), { rule: r.text, kind: r.kind, source: r.source, file: r.file });
      return [...listed.values()];
    },
    async problems(workspace) {
      return load(workspace, null, undefined).problems;
    },
    sandboxSettings,
    setUserSandboxEnabled(enabled) {
      const forced = settings.load(managedFile, 'managed').sandbox.enabled;
      if (forced !== undefined && forced !== enabled) return err('policy', msg('sandbox.setEnabled.managed', { file: managedFile, value: String(forced) }));
      try {
        return ok(writeUserSandboxEnabled(opts.home, enabled));
      } catch (e) {
        if (e instanceof MsgError) return err('config', e.msg);
        throw e;
      }
    },
    sandboxPolicy(workspace, sessionId, session) {
      const { ctx } = load(workspace, sessionId, undefined);
      return sessionSandboxPolicy({
        settings: sandboxSettings(workspace),
        workspace: ctx.workspace,
        writeDirs: ctx.writeDirs,
        home,
        tmpdir: session.tmpdir,
        otherFolders: session.otherFolders,
        rules: ctx.rules,
      });
    },
  };
}
