import { execFileSync } from 'node:child_process';
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { useEngineFixture } from '../helpers/engine-fixture';
import { nextEvent, recordEvents, settled, unwrap } from '../helpers/engine';
import { tempDir } from '../helpers/temp';
import { fileWritten } from '../helpers/wait-file';

const fx = useEngineFixture({ forceClose: true });

const git = (cwd: string, ...args: string[]): string =>
  execFileSync('git', ['-c', 'user.name=t', '-c', 'user.email=t@example.com', ...args], { cwd, encoding: 'utf8' }).trim();

function repo(files: Record<string, string>): string {
  const dir = tempDir();
  git(dir, 'init', '-q', '-b', 'main');
  for (const [name, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    writeFileSync(path.join(dir, name), text);
  }
  git(dir, 'add', '-A');
  git(dir, 'commit', '-q', '-m', 'start');
  return dir;
}

const agent = (name: string, extra: Record<string, unknown> = {}) => ({
  name: 'Agent',
  arguments: { description: `task ${name}`, prompt: `child task ${name}`, name: `kid-${name}`, ...extra },
});

const lastParentTool = (): string => {
  const body = fx.server.requests.map((r) => r.body as { messages?: { role: string; content?: unknown }[] }).filter((b) => JSON.stringify(b).includes('fan out')).at(-1);
  return (body?.messages ?? []).filter((m) => m.role === 'tool').map((m) => String(m.content)).join('\n---\n');
};

describe('write contracts, blocked children, cancel, setup', () => {
  it('children whose outputs overlap do not run at once: the second waits, then starts from the state the first left', async () => {
    const ws = repo({ 'x.txt': 'old\n' });
    fx.server.setScript({
      rules: [
        { when: 'fan out', steps: [{ toolCalls: [agent('a', { outputs: ['x.txt'] }), agent('b', { outputs: ['*.txt'] })] }, { content: 'all done' }] },
        {
          when: 'child task a',
          steps: [
            { toolCalls: [{ name: 'Read', arguments: { path: 'x.txt' } }], gate: 'a' },
            { toolCalls: [{ name: 'Write', arguments: { path: 'x.txt', content: 'new from a\n' } }] },
            { content: 'a done' },
          ],
        },
        { when: 'child task b', steps: [{ toolCalls: [{ name: 'Read', arguments: { path: 'x.txt' } }] }, { content: 'b saw {{lastTool}}' }] },
      ],
    });
    const engine = await fx.open();
    const log = recordEvents(engine);
    const parent = unwrap(await engine.handlers['session.create']({ workspace: ws }));
    const p = unwrap(await engine.handlers['prompt.send']({ session: parent.id, text: 'fan out' }));
    await fx.server.reached('a');
    const waiting = log.find((e) => e.type === 'agent_waiting');
    const [a] = unwrap(await engine.handlers['agents.list']({ session: parent.id }));
    expect(waiting && waiting.type === 'agent_waiting' ? [waiting.reason, waiting.with, waiting.paths] : null).toEqual(['outputs', [a?.sessionRef], ['*.txt']]);
    // While a is at work, b has not asked the model anything.
    expect(fx.server.requests.filter((r) => JSON.stringify(r.body).includes('child task b'))).toHaveLength(0);
    fx.server.openGate('a');
    expect(await settled(engine, p.id)).toBe('completed');
    expect(lastParentTool()).toContain('b saw      1\tnew from a');
    expect(readFileSync(path.join(ws, 'x.txt'), 'utf8')).toBe('new from a\n');
  });

  it('a write outside the declared outputs asks, on a card naming the contract', async () => {
    const ws = repo({ 'keep.txt': 'k\n' });
    fx.server.setScript({
      rules: [
        { when: 'fan out', steps: [{ toolCalls: [agent('a', { outputs: ['a.txt'] })] }, { content: 'all done' }] },
        {
          when: 'child task a',
          steps: [
            { toolCalls: [{ name: 'Write', arguments: { path: 'a.txt', content: 'a\n' } }] },
            { toolCalls: [{ name: 'Write', arguments: { path: 'other.txt', content: 'o\n' } }] },
            { content: 'a done' },
          ],
        },
      ],
    });
    const engine = await fx.open({ approvals: 'ask', headless: false });
    const parent = unwrap(await engine.handlers['session.create']({ workspace: ws, mode: 'acceptEdits' }));
    const card = nextEvent(engine, 'approval_requested');
    const p = unwrap(await engine.handlers['prompt.send']({ session: parent.id, text: 'fan out' }));
    const asked = await card;
    expect(asked.input).toMatchObject({ path: 'other.txt' });
    expect(asked.decision.reason).toBe('writing other.txt is outside the outputs this child declared (a.txt)');
    unwrap(await engine.handlers['approval.answer']({ approval: asked.approvalId, answer: { kind: 'allow_once' } }));
    expect(await settled(engine, p.id)).toBe('completed');
    expect(readFileSync(path.join(ws, 'other.txt'), 'utf8')).toBe('o\n');
  });

  it('under --approve never a child call is blocked and the parent is told how many and which', async () => {
    fx.server.setScript({
      rules: [
        { when: 'fan out', steps: [{ toolCalls: [agent('a')] }, { content: 'all done' }] },
        { when: 'child task a', steps: [{ toolCalls: [{ name: 'Bash', arguments: { command: 'rm -rf build' } }] }, { content: 'a done' }] },
      ],
    });
    const engine = await fx.open({ approvals: 'never' });
    const parent = unwrap(await engine.handlers['session.create']({ workspace: tempDir() }));
    const p = unwrap(await engine.handlers['prompt.send']({ session: parent.id, text: 'fan out' }));
    expect(await settled(engine, p.id)).toBe('completed');
    const text = lastParentTool();
    expect(text).toContain('completed, but 1 of its calls were blocked or denied');
    expect(text).toContain('Bash {"command":"rm -rf build"} blocked');
    const [child] = unwrap(await engine.handlers['agents.list']({ session: parent.id }));
    expect(child?.blocked).toBe(1);
  });

  it("cancelling the parent cancels its children and ends their commands' process groups", async () => {
    const ws = tempDir();
    fx.server.setScript({
      rules: [
        { when: 'fan out', steps: [{ toolCalls: [agent('a')] }, { content: 'all done' }] },
        { when: 'child task a', steps: [{ toolCalls: [{ name: 'Bash', arguments: { command: 'sleep 60 & echo $! > sleeper.pid; wait' } }] }, { content: 'a done' }] },
      ],
    });
    const engine = await fx.open();
    const parent = unwrap(await engine.handlers['session.create']({ workspace: ws }));
    const p = unwrap(await engine.handlers['prompt.send']({ session: parent.id, text: 'fan out' }));
    const pid = Number((await fileWritten(path.join(ws, 'sleeper.pid'), (t) => t.trim() !== '')).trim());
    unwrap(await engine.handlers['prompt.cancel']({ prompt: p.id }));
    expect(await settled(engine, p.id)).toBe('cancelled');
    const [child] = unwrap(await engine.handlers['agents.list']({ session: parent.id }));
    expect(child?.state).toBe('cancelled');
    const childPrompt = unwrap(await engine.handlers['session.get']({ session: child?.sessionId ?? '' })).prompts[0];
    expect(await settled(engine, childPrompt?.id ?? '')).toBe('cancelled');
    // Killed means gone or a zombie waiting to be reaped (state Z): it runs nothing any more.
    const alive = (): boolean => {
      try {
        return !/^\d+ \(.*\) Z/.test(readFileSync(`/proc/${pid}/stat`, 'utf8'));
      } catch {
        return false;
      }
    };
    expect(alive()).toBe(false);
  });

  it('runs the trusted project setup in each new worktree, shown on a card the first time, its output in the child transcript', async () => {
    const ws = repo({ '.gitignore': 'setup.out\n', '.paragents/settings.json': JSON.stringify({ worktree: { setup: 'echo prepared > setup.out && echo setup said hi' } }) });
    fx.server.setScript({
      rules: [
        { when: 'fan out', steps: [{ toolCalls: [agent('a')] }, { toolCalls: [agent('b')] }, { content: 'all done' }] },
        { when: 'child task a', steps: [{ toolCalls: [{ name: 'Read', arguments: { path: 'setup.out' } }] }, { content: 'a read {{lastTool}}' }] },
        { when: 'child task b', steps: [{ content: 'b done' }] },
      ],
    });
    const engine = await fx.open({ approvals: 'ask', headless: false });
    unwrap(await engine.handlers['workspace.trust']({ workspace: ws, trusted: true }));
    const log = recordEvents(engine);
    const parent = unwrap(await engine.handlers['session.create']({ workspace: ws, mode: 'acceptEdits' }));
    const card = nextEvent(engine, 'approval_requested');
    const p = unwrap(await engine.handlers['prompt.send']({ session: parent.id, text: 'fan out' }));
    const asked = await card;
    expect([asked.tool, asked.input]).toEqual(['WorktreeSetup', { command: 'echo prepared > setup.out && echo setup said hi', workspace: parent.workspace }]);
    unwrap(await engine.handlers['approval.answer']({ approval: asked.approvalId, answer: { kind: 'allow_once' } }));
    expect(await settled(engine, p.id)).toBe('completed');
    // The second child's setup ran without a second card.
    expect(log.filter((e) => e.type === 'approval_requested')).toHaveLength(1);
    const setups = log.filter((e) => e.type === 'agent_setup');
    expect(setups.map((e) => (e.type === 'agent_setup' ? [e.exitCode, e.output.trim()] : null))).toEqual([
      [0, 'setup said hi'],
      [0, 'setup said hi'],
    ]);
    const [a] = unwrap(await engine.handlers['agents.list']({ session: parent.id }));
    expect(setups[0]?.sessionId).toBe(a?.sessionId);
    expect(lastParentTool()).toContain('a read      1\tprepared');
  });
});
