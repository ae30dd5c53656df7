import { afterEach, expect, it } from 'vitest';
import { join } from 'node:path';
import { createPolicyEngine, type PolicyVerdict } from '../../main/core/policy';
import { applyPreToolHooks } from '../../main/core/hooks/pre-tool';
import type { HookRun } from '../../main/core/hooks/runner';
import type { HookDecision, HookSource } from '../../shared/hooks';
import { cleanupTempDirs, tempDir } from '../helpers/temp';
import { writeJson } from './helpers';

afterEach(() => cleanupTempDirs());

function run(decision: HookDecision | null, source: HookSource = 'user', command = './gate.sh'): HookRun {
  return {
    hook: { event: 'PreToolUse', matcher: null, command, timeoutMs: 60_000, source, file: 'f', where: 'w', standing: 'active', reason: null, sandboxed: false },
    result: { exitCode: 0, stdout: '', stderr: '', ms: 1, timedOut: false, cancelled: false, spawnError: null, pid: 1 },
    answer: { decision, message: null, context: null, warning: false },
  };
}

async function verdictOf(home: string, ws: string, command: string): Promise<PolicyVerdict> {
  const policy = createPolicyEngine({ home, host: { home: tempDir(), env: {} } });
  const v = await policy.check({ tool: 'Bash', input: { command }, workspace: ws, sessionId: null, headless: false });
  if (!v.ok) throw new Error(v.error.message);
  return v.value;
}

it('a hook allow answers an ask that comes from the mode alone, never one that a critical command takes part in', async () => {
  const home = tempDir();
  const ws = tempDir();
  const plain = await verdictOf(home, ws, 'touch notes.txt');
  expect(plain).toMatchObject({ decision: 'needs_approval', source: 'mode', onlyModeAsks: true });
  expect(applyPreToolHooks(plain, [run('allow')], false)).toMatchObject({ decision: 'auto_approved', source: 'user', reason: 'allowed by hook `./gate.sh` (user settings)' });

  // The first part asks from the mode, the second is a critical command: the combined verdict names the mode,
  // but the hook's allow must not let the delete through.
  const mixed = await verdictOf(home, ws, 'touch notes.txt && rm -rf ~');
  expect(mixed.decision).toBe('needs_approval');
  expect(mixed.onlyModeAsks).toBe(false);
  const after = applyPreToolHooks(mixed, [run('allow')], false);
  expect(after.decision).toBe('needs_approval');
  expect(after.reason).toContain("a hook's allow never overrides an ask rule, a protected path or a critical command");
});

it('under managed locked rules only a managed hook may allow; deny beats ask beats allow; a blocked call stays blocked', async () => {
  const home = tempDir();
  const ws = tempDir();
  const ask = await verdictOf(home, ws, 'touch notes.txt');
  expect(applyPreToolHooks(ask, [run('allow', 'user')], true).decision).toBe('needs_approval');
  expect(applyPreToolHooks(ask, [run('allow', 'managed')], true)).toMatchObject({ decision: 'auto_approved', source: 'managed' });
  expect(applyPreToolHooks(ask, [run('allow'), run('ask', 'user', './b'), run('deny', 'project', './c')], false)).toMatchObject({
    decision: 'blocked',
    source: 'project',
    reason: 'refused by PreToolUse hook `./c` (project settings)',
  });

  writeJson(join(home, 'settings.json'), { permissions: { deny: ['Bash(touch notes.txt)'], allow: ['Bash(echo hi)'] } });
  const denied = await verdictOf(home, ws, 'touch notes.txt');
  expect(denied.decision).toBe('blocked');
  expect(applyPreToolHooks(denied, [run('allow')], false)).toEqual(denied);
  const allowed = await verdictOf(home, ws, 'echo hi');
  expect(applyPreToolHooks(allowed, [run('ask')], false)).toMatchObject({
    decision: 'needs_approval',
    reason: 'asked by hook `./gate.sh` (user settings)',
    alwaysRules: [],
  });
});
