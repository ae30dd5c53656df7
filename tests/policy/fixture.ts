import { mkdirSync, mkdtempSync, realpathSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PermissionMode } from '../../shared/policy';
import type { Result } from '../../shared/result';
import { createPolicyEngine, type PolicyEngine, type PolicyVerdict } from '../../main/core/policy/index';
import type { SandboxReadiness } from '../../main/core/policy/sandbox-decide';

export interface Settings {
  permissions?: Record<string, unknown>;
  [key: string]: unknown;
}

export interface FixtureOptions {
  user?: Settings | string;
  project?: Settings | string;
  local?: Settings | string;
  managed?: Settings | string;
  trusted?: boolean;
  /** Whether the OS sandbox can run (absent: it cannot). */
  sandbox?: SandboxReadiness;
}

export interface Fixture {
  root: string;
  ws: string;
  /** PARAGENTS_HOME */
  dataHome: string;
  /** $HOME */
  home: string;
  outside: string;
  engine: PolicyEngine;
  managedFile: string;
  write(rel: string, content?: string): string;
  link(rel: string, target: string): string;
  decide(tool: string, input: Record<string, unknown>, opts?: { mode?: PermissionMode; headless?: boolean; session?: string | null }): Promise<PolicyVerdict>;
  bash(command: string, mode?: PermissionMode): Promise<PolicyVerdict>;
  setSettings(which: 'user' | 'project' | 'local' | 'managed', settings: Settings | string): void;
  cleanup(): void;
}

/** The verdict of a check whose input is valid (an invalid one fails the test with its message). */
async function checked(pending: Promise<Result<PolicyVerdict>>): Promise<PolicyVerdict> {
  const r = await pending;
  if (!r.ok) throw new Error(r.error.message);
  return r.value;
}

export function makeFixture(opts: FixtureOptions = {}): Fixture {
  const root = realpathSync(mkdtempSync(path.join(tmpdir(), 'paragents-policy-')));
  const ws = path.join(root, 'ws');
  const dataHome = path.join(root, 'data');
  const home = path.join(root, 'home');
  const outside = path.join(root, 'outside');
  for (const d of [ws, dataHome, home, outside, path.join(ws, 'src'), path.join(ws, 'sub')]) mkdirSync(d, { recursive: true });
  writeFileSync(path.join(ws, 'src', 'a.ts'), 'export {};\n');
  writeFileSync(path.join(outside, 'secret.txt'), 'secret\n');
  const managedFile = path.join(root, 'managed-settings.json');
  const files = {
    user: path.join(dataHome, 'settings.json'),
    project: path.join(ws, '.paragents', 'settings.json'),
    local: path.join(ws, '.paragents', 'settings.local.json'),
    managed: managedFile,
  };
  const setSettings = (which: keyof typeof files, s: Settings | string): void => {
    mkdirSync(path.dirname(files[which]), { recursive: true });
    writeFileSync(files[which], typeof s === 'string' ? s : JSON.stringify(s, null, 2));
  };
  for (const which of ['user', 'project', 'local', 'managed'] as const) {
    const s = opts[which];
    if (s !== undefined) setSettings(which, s);
  }
  const engine = createPolicyEngine({ home: dataHome, host: { home, env: { HOME: home } }, managedSettingsPath: managedFile, ...(opts.sandbox ? { sandbox: () => opts.sandbox as SandboxReadiness } : {}) });
  if (opts.trusted) void engine.trustWorkspace(ws);
  const f: Fixture = {
    root, ws, dataHome, home, outside, engine, managedFile,
    write(rel, content = '') {
      const abs = path.resolve(ws, rel);
      mkdirSync(path.dirname(abs), { recursive: true });
      writeFileSync(abs, content);
      return abs;
    },
    link(rel, target) {
      const abs = path.resolve(ws, rel);
      mkdirSync(path.dirname(abs), { recursive: true });
      symlinkSync(target, abs);
      return abs;
    },
    decide: (tool, input, o = {}) =>
      checked(engine.check({ tool, input, workspace: ws, sessionId: o.session === undefined ? 's1' : o.session, mode: o.mode, headless: o.headless ?? false })),
    bash: (command, mode) => checked(engine.check({ tool: 'Bash', input: { command }, workspace: ws, sessionId: 's1', mode, headless: false })),
    setSettings,
    cleanup: () => rmSync(root, { recursive: true, force: true }),
  };
  return f;
}

export type Expect = 'auto_approved' | 'needs_approval' | 'blocked';
