import { describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { english, render } from '../../shared/i18n/message';
import { tempDir } from '../helpers/temp';
import { nextEvent, recordEvents, settled, unwrap } from '../helpers/engine';
import { useEngineFixture } from '../helpers/engine-fixture';
import { fileWritten } from '../helpers/wait-file';
import { newSession, ofType, send, toolResults } from './helpers';

const fx = useEngineFixture();

const read = (path: string) => ({ name: 'Read', arguments: { path } });
const write = (path: string, content: string) => ({ name: 'Write', arguments: { path, content } });

describe('stale reads', () => {
  it('refuses a write over a file changed in an editor since it was read, with a stale_read event', async () => {
    const ws = tempDir();
    writeFileSync(join(ws, 'notes.md'), 'v1\n');
    fx.server.setScript({
      rules: [{ when: 'update notes', steps: [{ toolCalls: [read('notes.md')] }, { toolCalls: [write('notes.md', 'mine\n')], gate: 'write' }, { content: 'done' }] }],
    });
    const engine = await fx.open();
    const log = recordEvents(engine);
    const s = await newSession(engine, ws, 'writer');
    const readDone = nextEvent(engine, 'tool_result', (e) => e.tool === 'Read');
    const p = await send(engine, s, 'update notes');
    await readDone;
    // The user edits the file between the session's Read and its Write (held at the gate until then).
    writeFileSync(join(ws, 'notes.md'), 'edited by the user\n');
    fx.server.openGate('write');
    expect(await settled(engine, p.id)).toBe('completed');
    const w = toolResults(log).find((e) => e.tool === 'Write');
    expect(w?.ok).toBe(false);
    expect(w?.error).toMatch(/notes\.md changed since you read it \(modified outside Paragents.*\); Read it again before writing/);
    expect(readFileSync(join(ws, 'notes.md'), 'utf8')).toBe('edited by the user\n');
    expect(ofType(log, 'conflict')).toEqual([expect.objectContaining({ kind: 'stale_read', paths: ['notes.md'], otherSessionId: null })]);
  });

  it('refuses overwriting an existing file never read, and allows it after a Read or after writing it itself', async () => {
    const ws = tempDir();
    writeFileSync(join(ws, 'a.txt'), 'old\n');
    fx.server.setScript({
      rules: [
        {
          when: 'blind',
          steps: [
            { toolCalls: [write('a.txt', 'blind\n')] },
            { toolCalls: [read('a.txt')] },
            { toolCalls: [write('a.txt', 'after read\n')] },
            { toolCalls: [{ name: 'Edit', arguments: { path: 'a.txt', old_string: 'after read', new_string: 'edited' } }] },
            { content: 'ok' },
          ],
        },
      ],
    });
    const engine = await fx.open();
    const log = recordEvents(engine);
    const p = await send(engine, await newSession(engine, ws, 's'), 'blind');
    expect(await settled(engine, p.id)).toBe('completed');
    const results = toolResults(log).map((e) => [e.tool, e.ok]);
    expect(results).toEqual([['Write', false], ['Read', true], ['Write', true], ['Edit', true]]);
    expect(toolResults(log)[0]?.error).toMatch(/already exists and you have not read it/);
    expect(readFileSync(join(ws, 'a.txt'), 'utf8')).toBe('edited\n');
  });
});

describe('write leases', () => {
  // A writes shared.txt, then its turn waits at the gate 'A holds' (lease still held) until the test opens it;
  // B is sent only once A is there, so B's write always meets A's lease.
  async function leaseScenario(resolution: 'override' | 'wait' | 'cancel') {
    const ws = tempDir();
    fx.server.setScript({
      rules: [
        { when: 'session A', steps: [{ toolCalls: [write('shared.txt', 'from A\n')] }, { content: 'A done', gate: 'A holds' }] },
        { when: 'session B', steps: [{ toolCalls: [read('shared.txt')] }, { toolCalls: [write('shared.txt', 'from B\n')] }, { content: 'B done' }] },
      ],
    });
    const engine = await fx.open();
    const log = recordEvents(engine);
    const a = await newSession(engine, ws, 'web-api');
    const b = await newSession(engine, ws, 'docs');
    const conflict = nextEvent(engine, 'conflict', (e) => e.kind === 'write_write');
    const pa = await send(engine, a, 'session A');
    await fx.server.reached('A holds');
    const pb = await send(engine, b, 'session B');
    const c = await conflict;
    expect(c).toMatchObject({ sessionId: b, promptId: pb.id, otherSessionId: a, otherSessionName: 'web-api', paths: ['shared.txt'] });
    expect(unwrap(await engine.handlers['session.get']({ session: b })).prompts[0]?.status).toBe('conflict');
    unwrap(await engine.handlers['conflict.resolve']({ prompt: pb.id, resolution }));
    return { ws, log, pa, pb, engine };
  }

  it('interactive override lets the write through while the holder is still in its turn', async () => {
    const { ws, log, pa, pb, engine } = await leaseScenario('override');
    expect(await settled(engine, pb.id)).toBe('completed');
    expect(toolResults(log, pb.id).map((e) => e.ok)).toEqual([true, true]);
    expect(readFileSync(join(ws, 'shared.txt'), 'utf8')).toBe('from B\n');
    expect(log.some((e) => e.type === 'turn_completed' && e.promptId === pa.id)).toBe(false);
    expect(ofType(log, 'conflict_resolved').map((e) => e.resolution)).toEqual(['override']);
    fx.server.openGate('A holds');
    expect(await settled(engine, pa.id)).toBe('completed');
  });

  it('interactive wait writes once the holder turn ended', async () => {
    const { ws, log, pa, pb, engine } = await leaseScenario('wait');
    expect(log.some((e) => e.type === 'tool_result' && e.promptId === pb.id && e.tool === 'Write')).toBe(false);
    fx.server.openGate('A holds');
    expect(await settled(engine, pb.id)).toBe('completed');
    const aDone = log.findIndex((e) => e.type === 'prompt_status' && e.promptId === pa.id && e.status === 'completed');
    const bWrite = log.findIndex((e) => e.type === 'tool_result' && e.promptId === pb.id && e.tool === 'Write');
    expect(aDone).toBeGreaterThanOrEqual(0);
    expect(bWrite).toBeGreaterThan(aDone);
    expect(readFileSync(join(ws, 'shared.txt'), 'utf8')).toBe('from B\n');
  });

  it('interactive cancel cancels the waiting turn and keeps the holder content', async () => {
    const { ws, pa, pb, engine } = await leaseScenario('cancel');
    expect(await settled(engine, pb.id)).toBe('cancelled');
    fx.server.openGate('A holds');
    expect(await settled(engine, pa.id)).toBe('completed');
    expect(readFileSync(join(ws, 'shared.txt'), 'utf8')).toBe('from A\n');
  });

  it('headless block answers the model with the holder and the path', async () => {
    const ws = tempDir();
    fx.server.setScript({
      rules: [
        { when: 'session A', steps: [{ toolCalls: [write('shared.txt', 'from A\n')] }, { content: 'A done', gate: 'A holds' }] },
        { when: 'session B', steps: [{ toolCalls: [write('shared.txt', 'from B\n')] }, { content: 'B saw {{lastTool}}' }] },
      ],
    });
    const engine = await fx.open({ onConflict: 'block' });
    const log = recordEvents(engine);
    const pa = await send(engine, await newSession(engine, ws, 'web-api'), 'session A');
    await fx.server.reached('A holds');
    const pb = await send(engine, await newSession(engine, ws, 'docs'), 'session B');
    expect(await settled(engine, pb.id)).toBe('completed');
    fx.server.openGate('A holds');
    expect(await settled(engine, pa.id)).toBe('completed');
    expect(toolResults(log, pb.id)[0]?.error).toMatch(/shared\.txt is being changed by session web-api/);
    expect(ofType(log, 'conflict_resolved').map((e) => e.resolution)).toEqual(['block']);
    expect(readFileSync(join(ws, 'shared.txt'), 'utf8')).toBe('from A\n');
  });
});

describe('exclusive commands and destructive git', () => {
  it('runs configured exclusive commands in one folder one at a time', async () => {
    const ws = tempDir();
    mkdirSync(join(ws, '.paragents'));
    writeFileSync(join(ws, '.paragents', 'conflicts.json'), JSON.stringify({ exclusiveCommands: ['sh ./critical.sh *'] }));
    // Each run holds the command open until the test creates its go-<name> file.
    writeFileSync(join(ws, 'critical.sh'), 'echo "start $1" >> log.txt; while [ ! -e "go-$1" ]; do sleep 0.02; done; echo "end $1" >> log.txt\n');
    fx.server.setScript({
      rules: ['one', 'two'].map((who) => ({ when: `critical ${who}`, steps: [{ toolCalls: [{ name: 'Bash', arguments: { command: `sh ./critical.sh ${who}` } }] }, { content: 'ok' }] })),
    });
    const engine = await fx.open();
    const log = recordEvents(engine);
    const logText = () => (existsSync(join(ws, 'log.txt')) ? readFileSync(join(ws, 'log.txt'), 'utf8') : '');
    const p1 = await send(engine, await newSession(engine, ws, 's1'), 'critical one');
    await fileWritten(join(ws, 'log.txt'), (t) => t === 'start one\n');
    const contended = nextEvent(engine, 'conflict', (e) => e.kind === 'exclusive_command');
    const p2 = await send(engine, await newSession(engine, ws, 's2'), 'critical two');
    expect((await contended).promptId).toBe(p2.id);
    // The second run waits for the first one, which is still inside the command.
    expect(logText()).toBe('start one\n');
    writeFileSync(join(ws, 'go-one'), '');
    writeFileSync(join(ws, 'go-two'), '');
    expect(await settled(engine, p1.id)).toBe('completed');
    expect(await settled(engine, p2.id)).toBe('completed');
    expect(logText().trim().split('\n')).toEqual(['start one', 'end one', 'start two', 'end two']);
    expect(ofType(log, 'conflict')).toEqual([expect.objectContaining({ kind: 'exclusive_command' })]);
  });

  it('refuses a destructive git command over another session’s uncommitted edits when headless', async () => {
    const ws = tempDir();
    const git = (...args: string[]) => execFileSync('git', ['-c', 'user.email=t@t', '-c', 'user.name=t', ...args], { cwd: ws });
    git('init', '-q');
    writeFileSync(join(ws, 'a.txt'), 'base\n');
    git('add', 'a.txt');
    git('commit', '-qm', 'base');
    fx.server.setScript({
      rules: [
        { when: 'edit a', steps: [{ toolCalls: [read('a.txt')] }, { toolCalls: [write('a.txt', 'work of A\n')] }, { content: 'edited' }] },
        { when: 'discard', steps: [{ toolCalls: [{ name: 'Bash', arguments: { command: 'git checkout -- a.txt' } }] }, { content: 'tried' }] },
      ],
    });
    const engine = await fx.open({ onConflict: 'wait' });
    const log = recordEvents(engine);
    const pa = await send(engine, await newSession(engine, ws, 'web-api'), 'edit a');
    expect(await settled(engine, pa.id)).toBe('completed');
    const pb = await send(engine, await newSession(engine, ws, 'cleaner'), 'discard');
    expect(await settled(engine, pb.id)).toBe('completed');
    expect(toolResults(log, pb.id)[0]?.error).toMatch(/git checkout -- a\.txt.*uncommitted changes by session web-api in a\.txt/);
    expect(readFileSync(join(ws, 'a.txt'), 'utf8')).toBe('work of A\n');
    expect(ofType(log, 'conflict')).toEqual([expect.objectContaining({ kind: 'git_destructive', otherSessionId: ofType(log, 'session_created')[0]?.sessionId })]);
  });
});

describe('change journal and undo', () => {
  it('journals each session’s writes and undoes one session without touching another’s', async () => {
    const ws = tempDir();
    writeFileSync(join(ws, 'shared.md'), 'original\n');
    fx.server.setScript({
      rules: [
        { when: 'A works', steps: [{ toolCalls: [write('new.txt', 'made by A\n'), read('shared.md')] }, { toolCalls: [write('shared.md', 'A version\n'), write('own.md', 'A only\n')] }, { content: 'ok' }] },
        { when: 'B works', steps: [{ toolCalls: [read('shared.md')] }, { toolCalls: [write('shared.md', 'B version\n')] }, { content: 'ok' }] },
      ],
    });
    const engine = await fx.open();
    const a = await newSession(engine, ws, 'A');
    const b = await newSession(engine, ws, 'B');
    expect(await settled(engine, (await send(engine, a, 'A works')).id)).toBe('completed');
    expect(await settled(engine, (await send(engine, b, 'B works')).id)).toBe('completed');
    const journal = unwrap(await engine.handlers['journal.list']({}));
    expect(journal.map((e) => [e.sessionRef.length, e.tool, e.path.slice(ws.length + 1), e.beforeSha === null])).toEqual([
      [6, 'Write', 'new.txt', true],
      [6, 'Write', 'shared.md', false],
      [6, 'Write', 'own.md', true],
      [6, 'Write', 'shared.md', false],
    ]);
    expect(unwrap(await engine.handlers['journal.list']({ session: 'A', path: 'shared.md' }))).toHaveLength(1);

    const dry = unwrap(await engine.handlers['journal.undo']({ session: 'A', dryRun: true }));
    expect(dry.deleted.length).toBe(2);
    expect(existsSync(join(ws, 'new.txt'))).toBe(true);
    const undoA = unwrap(await engine.handlers['journal.undo']({ session: 'A' }));
    expect(undoA.deleted.map((p) => p.slice(ws.length + 1)).sort()).toEqual(['new.txt', 'own.md']);
    expect(undoA.refused.map(({ path, reason }) => ({ path, reason }))).toEqual([{ path: join(ws, 'shared.md'), reason: 'changed since by session B' }]);
    // The reason as data: its English is the sentence above, and it renders in 简体中文 with no English left.
    const why = undoA.refused[0]?.reasonMsg;
    expect(why && english(why)).toBe('changed since by session B');
    expect(why && render('zh-CN', why)).toBe('之后被会话 B 改动过');
    expect(existsSync(join(ws, 'new.txt'))).toBe(false);
    expect(readFileSync(join(ws, 'shared.md'), 'utf8')).toBe('B version\n');

    const undoB = unwrap(await engine.handlers['journal.undo']({ session: 'B' }));
    expect(undoB.restored).toEqual([join(ws, 'shared.md')]);
    expect(readFileSync(join(ws, 'shared.md'), 'utf8')).toBe('A version\n');

    // An editor change after the last write makes undo refuse the file.
    writeFileSync(join(ws, 'shared.md'), 'user edit\n');
    const again = unwrap(await engine.handlers['journal.undo']({ session: 'A' }));
    expect(again.refused[0]?.reason).toMatch(/outside Paragents/);
  });
});
