import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '../helpers/temp';
import { settled, unwrap } from '../helpers/engine';
import { useEngineFixture } from '../helpers/engine-fixture';
import { chatBodies } from '../helpers/chat-bodies';
import { localDate } from '../../main/core/engine/prompt/environment';

const fx = useEngineFixture();

const GIT_ENV = { ...process.env, GIT_AUTHOR_NAME: 't', GIT_AUTHOR_EMAIL: 't@x', GIT_COMMITTER_NAME: 't', GIT_COMMITTER_EMAIL: 't@x' };
const git = (cwd: string, ...args: string[]): string => execFileSync('git', args, { cwd, env: GIT_ENV, encoding: 'utf8' });

function repo(): string {
  const ws = tempDir();
  git(ws, 'init', '-q', '-b', 'main');
  writeFileSync(join(ws, 'README.md'), 'hello\n');
  git(ws, 'add', '.');
  git(ws, 'commit', '-q', '-m', 'first commit');
  return ws;
}

type Msg = { role: string; content: string };
const systemOf = (body: { messages: Msg[] }): string => body.messages.find((m) => m.role === 'system')?.content ?? '';

describe('the environment block of the system prompt', () => {
  it('tells the model the date, the branch, the status and the last commits, and is rebuilt at the next turn', async () => {
    fx.server.setScript({ rules: [{ when: 'first', steps: [{ content: 'ok' }] }, { when: 'second', steps: [{ content: 'ok' }] }] });
    const ws = repo();
    writeFileSync(join(ws, 'notes.txt'), 'draft\n');
    const engine = await fx.open();
    const s = unwrap(await engine.handlers['session.create']({ workspace: ws, name: 'env' }));
    const p1 = unwrap(await engine.handlers['prompt.send']({ session: s.id, text: 'first turn' }));
    expect(await settled(engine, p1.id)).toBe('completed');

    const first = systemOf(chatBodies<Msg>(fx.server)[0]!);
    expect(first).toContain(`Today's date: ${localDate(new Date())}`);
    expect(first).toContain(`Workspace: ${ws}`);
    expect(first).toContain('Git repository: yes');
    expect(first).toContain('Branch: main (default branch: main)');
    expect(first).toContain('Status (1 changed):\n  ?? notes.txt');
    expect(first).toMatch(/Recent commits:\n {2}[0-9a-f]+ first commit/);
    expect(first).toContain('Isolated: no');
    expect(first).toContain('Platform: linux');
    // Guidance every family gets.
    expect(first).toContain('Never commit, push or create branches unless the person asks you to.');
    expect(first).toMatch(/Prefer Grep\/Glob\/Read over shell equivalents/);

    git(ws, 'add', '.');
    git(ws, 'commit', '-q', '-m', 'second commit');
    const p2 = unwrap(await engine.handlers['prompt.send']({ session: s.id, text: 'second turn' }));
    expect(await settled(engine, p2.id)).toBe('completed');
    const second = systemOf(chatBodies<Msg>(fx.server)[1]!);
    expect(second).toContain('Status: clean');
    expect(second).toMatch(/Recent commits:\n {2}[0-9a-f]+ second commit\n {2}[0-9a-f]+ first commit/);
    expect(second).not.toContain('notes.txt');
  });

  it('is built once per turn: a commit made by a step shows at the next turn, not the next step', async () => {
    fx.server.setScript({
      rules: [
        { when: 'commit it', steps: [{ toolCalls: [{ name: 'Bash', arguments: { command: 'git add . && git commit -q -m "made by the agent"' } }] }, { content: 'done' }] },
        { when: 'look again', steps: [{ content: 'ok' }] },
      ],
    });
    const ws = repo();
    writeFileSync(join(ws, 'a.txt'), 'a\n');
    const engine = await fx.open({ env: GIT_ENV });
    const s = unwrap(await engine.handlers['session.create']({ workspace: ws }));
    const p = unwrap(await engine.handlers['prompt.send']({ session: s.id, text: 'commit it' }));
    expect(await settled(engine, p.id)).toBe('completed');
    expect(git(ws, 'log', '-1', '--format=%s').trim()).toBe('made by the agent');
    const [step1, step2] = chatBodies<Msg>(fx.server).map(systemOf);
    expect(step1).toContain('?? a.txt');
    expect(step2).toBe(step1);
    const p2 = unwrap(await engine.handlers['prompt.send']({ session: s.id, text: 'look again' }));
    expect(await settled(engine, p2.id)).toBe('completed');
    const next = systemOf(chatBodies<Msg>(fx.server)[2]!);
    expect(next).toContain('made by the agent');
    expect(next).toContain('Status: clean');
  });

  it('says a folder is not a repository, names other sessions in the same repository, and /context counts it apart', async () => {
    fx.server.setScript({
      rules: [
        { when: 'plain', steps: [{ content: 'ok' }] },
        { when: 'report', steps: [{ content: 'writing', gate: 'hold' }] },
        { when: 'who else', steps: [{ content: 'ok' }] },
      ],
    });
    const plain = tempDir();
    const ws = repo();
    const engine = await fx.open();
    const a = unwrap(await engine.handlers['session.create']({ workspace: plain, name: 'loose' }));
    const n = unwrap(await engine.handlers['session.create']({ workspace: ws, name: 'neighbour' }));
    const b = unwrap(await engine.handlers['session.create']({ workspace: ws, name: 'me' }));
    const p = unwrap(await engine.handlers['prompt.send']({ session: a.id, text: 'plain folder' }));
    expect(await settled(engine, p.id)).toBe('completed');
    expect(systemOf(chatBodies<Msg>(fx.server)[0]!)).toContain('Git repository: no');
    expect(systemOf(chatBodies<Msg>(fx.server)[0]!)).not.toContain('Other sessions');

    // The neighbour's prompt declares an output and is held mid-turn; the next session in the repository is told.
    const held = unwrap(await engine.handlers['prompt.send']({ session: n.id, text: 'write the report to out/report.md' }));
    await fx.server.reached('hold');
    const mine = unwrap(await engine.handlers['prompt.send']({ session: b.id, text: 'who else is here' }));
    expect(await settled(engine, mine.id)).toBe('completed');
    const told = systemOf(chatBodies<Msg>(fx.server).at(-1)!);
    expect(told).toContain('Other sessions in this repository:\n  neighbour (declared outputs: out/report.md)');
    expect(told).not.toContain('loose');
    fx.server.openGate('hold');
    expect(await settled(engine, held.id)).toBe('completed');

    const c = unwrap(await engine.handlers['session.context']({ session: b.id }));
    const env = c.parts.find((part) => part.kind === 'environment');
    expect(env?.tokens).toBeGreaterThan(20);
    expect(c.parts.find((part) => part.kind === 'system')?.label).toBe('system prompt (generic)');
    // The parts add up to the whole: the environment is not counted twice.
    expect(c.totalTokens).toBe(c.parts.reduce((n, part) => n + part.tokens, 0));
    const loose = unwrap(await engine.handlers['session.context']({ session: a.id }));
    expect(loose.parts.map((part) => part.kind)).toContain('environment');
  });
});
