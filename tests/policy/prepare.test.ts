import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { createConflictContext } from '../../main/core/conflicts';
import { createConflictGate } from '../../main/core/conflicts/gate';
import { SlotLease, Slots } from '../../main/core/kernel/slots';
import { createPolicyEngine } from '../../main/core/policy';
import { createCallPreparer, prepareNamedCall, type CheckableCall } from '../../main/core/policy/prepare';
import { createShellAnalyzer, type ShellAnalyzer } from '../../main/core/policy/shell/analyze';

import { ConflictStore } from '../../main/core/conflicts/conflict-store';
import { StampBook } from '../../main/core/conflicts/stamp-book';
import { bashTool, readTool } from '../../main/core/tools';
import { cleanupTempDirs, tempDir } from '../helpers/temp';
import { openTestStore, promptAt } from '../helpers/prompt-moves';

afterEach(() => cleanupTempDirs());

/** The real analyzer, with every command it is asked to parse written down. */
function countingAnalyzer(): ShellAnalyzer & { parsed: string[] } {
  const real = createShellAnalyzer();
  const parsed: string[] = [];
  return {
    parsed,
    analyze(source, opts) {
      parsed.push(source);
      return real.analyze(source, opts);
    },
  };
}

describe('prepareCall', () => {
  it('parses a Bash command once into the call, and nothing for a tool that runs no shell', async () => {
    const shell = countingAnalyzer();
    const preparer = createCallPreparer({ home: '/home/u', shell });
    const bash = await preparer.prepare(bashTool, { command: 'cd sub && echo x > ~/f.txt' }, '/w/./');
    expect(bash.workspace).toBe('/w');
    expect(bash.effects).toEqual([{ kind: 'shell', command: 'cd sub && echo x > ~/f.txt' }]);
    expect(bash.shell).toMatchObject({ command: 'cd sub && echo x > ~/f.txt', cwd: '/w', home: '/home/u' });
    expect(bash.shell?.plan.files.map((f) => [f.op, f.word.value, f.cwd])).toEqual([['write', '/home/u/f.txt', '/w/sub']]);
    const read = await preparer.prepare(readTool, { path: 'a.ts' }, '/w');
    expect([read.name, read.shell, read.effects]).toEqual(['Read', null, [{ kind: 'read', path: '/w/a.ts', given: 'a.ts' }]]);
    expect(shell.parsed).toEqual(['cd sub && echo x > ~/f.txt']);
  });

  it('prepares a named call: the schema first, then the effects; names outside the registry keep a path', async () => {
    const opts = { workspace: '/w', home: '/home/u', shell: countingAnalyzer() };
    const named = async (name: string, input: Record<string, unknown>) => {
      const r = await prepareNamedCall(name, input, opts);
      return r.ok ? r.value.effects : r.error.message;
    };
    expect(await named('Grep', { pattern: 'x', path: 'src' })).toEqual([{ kind: 'search', root: '/w/src', given: 'src', filter: null }]);
    expect(await named('Grep', { path: 'src' })).toBe('Grep: "pattern" is required');
    expect(await named('LS', { path: 3 })).toMatch(/^LS: "path": /);
    expect(await named('mcp__github__get_issue', {})).toEqual([{ kind: 'mcp', server: 'github', tool: 'get_issue' }]);
    expect(await named('mcp__docs', {})).toEqual([{ kind: 'mcp', server: 'docs', tool: '' }]);
    expect(await named('WebFetch', { url: 'https://example.org/a' })).toEqual([{ kind: 'fetch', url: 'https://example.org/a' }]);
    expect(await named('WebFetch', { url: 3 })).toMatch(/^WebFetch: "url": /);
    expect(await named('Frobnicate', { a: 1 })).toEqual([{ kind: 'opaque', tool: 'Frobnicate' }]);
  });
});

describe('one parse per call, shared by the policy and the conflict gate', () => {
  it('decides, prechecks, guards and records a Bash write from the single parse made when the call was prepared', async () => {
    const root = tempDir();
    const ws = tempDir();
    const home = tempDir();
    const shell = countingAnalyzer();
    const preparer = createCallPreparer({ home, shell });
    const policy = createPolicyEngine({ home: root, host: { home, env: { HOME: home } }, managedSettingsPath: join(root, 'managed.json'), preparer });
    const t = openTestStore(join(root, 'paragents.db'));
    const { store, db } = t;
    try {
      const { bus } = t;
      const ctx = createConflictContext({
        store,
        bus,
        prompts: t.prompts,
        auto: 'block',
        kick: () => undefined,
        abort: () => false,
        exclusivePatterns: () => [],
        cstore: new ConflictStore(db),
        stamps: new StampBook(store.stamps),
        host: { home, env: { HOME: home } },
      });
      const gate = createConflictGate(ctx);
      const session = store.sessions.create({ workspace: ws, name: 'me', mode: 'default' });
      const prompt = promptAt(t, session.id, 'go');
      const signal = new AbortController().signal;

      const prepared = await preparer.prepare(bashTool, { command: 'echo mine > out.txt' }, ws);
      const verdict = await policy.decide({ call: prepared, sessionId: session.id, headless: false });
      // The approval would cover the command and the file it writes, both read from the parse.
      expect([verdict.decision, verdict.alwaysRules]).toEqual(['needs_approval', ['Bash(echo mine)', 'Edit(./out.txt)']]);
      const gateCall = { sessionId: session.id, promptId: prompt.id, callId: 'call_1', prepared, signal, lease: new SlotLease(new Slots(1)) };
      const pre = await gate.precheck(gateCall);
      if (!pre.proceed) throw new Error(pre.error);
      expect(await gate.beforeCall(gateCall, pre.carry)).toEqual({ proceed: true });
      const outcome = await bashTool.run(prepared.input as { command: string }, { workspace: ws, host: { home, env: { ...process.env, HOME: home } }, sessionId: session.id, promptId: prompt.id, signal });
      await gate.afterCall?.({ ...gateCall, ok: outcome.ok });

      expect(readFileSync(join(ws, 'out.txt'), 'utf8')).toBe('mine\n');
      expect(ctx.cstore.listJournal({ sessionId: session.id }).map((j) => [j.tool, j.path])).toEqual([['Bash', join(ws, 'out.txt')]]);
      expect(shell.parsed).toEqual(['echo mine > out.txt']);
    } finally {
      store.close();
    }
  });

  it('refuses to decide from a parse made for another home, asking instead of guessing', async () => {
    const root = tempDir();
    const ws = tempDir();
    const elsewhere = createCallPreparer({ home: '/not/the/home', shell: createShellAnalyzer() });
    const policy = createPolicyEngine({ home: root, host: { home: tempDir(), env: {} }, managedSettingsPath: join(root, 'managed.json') });
    const call: CheckableCall = await elsewhere.prepare(bashTool, { command: 'cat ~/notes' }, ws);
    const v = await policy.decide({ call, sessionId: null, headless: false });
    expect([v.decision, v.source]).toEqual(['needs_approval', 'builtin']);
    expect(v.reason).toMatch(/could not decide \(the command was parsed for .* with home \/not\/the\/home/);
    expect(existsSync(join(ws, 'notes'))).toBe(false);
  });
});
