// apply_patch through the real engine: offered instead of Edit/MultiEdit to the models trained on it (and the other
// way round), applied across three files at once, and seen by the policy and the conflict checks as the writes,
// moves and deletes it will make.
import { describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempDir } from '../helpers/temp';
import { nextEvent, recordEvents, settled, unwrap } from '../helpers/engine';
import { useEngineFixture } from '../helpers/engine-fixture';
import { chatBodies } from '../helpers/chat-bodies';
import { newSession, ofType, send, toolResults } from '../conflicts/helpers';
import { makeFixture } from '../policy/fixture';

const fx = useEngineFixture();

type Message = { role: string; content: unknown };
const toolNames = (b: Record<string, unknown> | undefined) => ((b?.tools ?? []) as { function: { name: string } }[]).map((t) => t.function.name);
const provider = (model: string, more: Record<string, unknown> = {}) => ({ providers: [{ name: 'p', baseURL: fx.server.url, model, apiKey: 'k', ...more }], defaultProvider: 'p' });

const THREE = [
  '*** Begin Patch',
  '*** Update File: src/a.ts',
  '@@',
  ' export const a = 1;',
  '-export const b = 2;',
  '+export const b = 3;',
  '*** Add File: src/new.ts',
  '+export const n = 0;',
  '*** Delete File: old.txt',
  '*** End Patch',
].join('\n');

describe('apply_patch in the engine', () => {
  it('is offered to GPT-5 instead of Edit and MultiEdit, Edit and MultiEdit to others, and editTool overrides either', async () => {
    fx.server.setScript({ rules: [{ when: 'hello', steps: [{ content: 'hi' }] }] });
    const seen: string[][] = [];
    for (const config of [provider('gpt-5'), provider('qwen2.5-coder-32b'), provider('gpt-5', { editTool: 'edit' }), provider('llama3', { editTool: 'apply_patch' })]) {
      const engine = await fx.open({ home: fx.home(config) });
      const s = unwrap(await engine.handlers['session.create']({ workspace: tempDir() }));
      const p = unwrap(await engine.handlers['prompt.send']({ session: s.id, text: 'hello' }));
      expect(await settled(engine, p.id)).toBe('completed');
      const body = chatBodies<Message>(fx.server).at(-1);
      const names = toolNames(body);
      seen.push(['Edit', 'MultiEdit', 'apply_patch'].filter((n) => names.includes(n)));
      // The system prompt names the same tools the request offers.
      const system = String(body?.messages[0]?.content);
      expect(system).toContain(`Tools: ${names.join(', ')}.`);
      await engine.close();
    }
    expect(seen).toEqual([['apply_patch'], ['Edit', 'MultiEdit'], ['Edit', 'MultiEdit'], ['apply_patch']]);
  });

  it('applies a patch over three files at once, and a bad hunk changes nothing', async () => {
    const ws = tempDir();
    const before = { a: 'export const a = 1;\nexport const b = 2;\n', old: 'old\n' };
    writeFileSync(join(ws, 'old.txt'), before.old);
    mkdirSync(join(ws, 'src'));
    writeFileSync(join(ws, 'src', 'a.ts'), before.a);
    const bad = THREE.replace(' export const a = 1;', ' export const a = 9;');
    fx.server.setScript({
      rules: [
        { when: 'delete unread', steps: [{ toolCalls: [{ name: 'Read', arguments: { path: 'src/a.ts' } }] }, { toolCalls: [{ name: 'apply_patch', arguments: { input: THREE } }] }, { content: 'refused' }] },
        { when: 'bad patch', steps: [{ toolCalls: [{ name: 'Read', arguments: { path: 'src/a.ts' } }, { name: 'Read', arguments: { path: 'old.txt' } }] }, { toolCalls: [{ name: 'apply_patch', arguments: { input: bad } }] }, { content: 'refused' }] },
        { when: 'good patch', steps: [{ toolCalls: [{ name: 'apply_patch', arguments: { input: THREE } }] }, { content: 'patched' }] },
      ],
    });
    const engine = await fx.open({ home: fx.home(provider('gpt-5')), approvals: 'all' });
    const log = recordEvents(engine);
    const s = await newSession(engine, ws, 'patcher');
    // A file it deletes is a file it changes: never read in this session, the patch is refused, as a Write would be.
    const p0 = await send(engine, s, 'delete unread');
    expect(await settled(engine, p0.id)).toBe('completed');
    expect(toolResults(log, p0.id).find((e) => e.tool === 'apply_patch')?.error).toMatch(/^old\.txt already exists and you have not read it/);
    expect(readFileSync(join(ws, 'src', 'a.ts'), 'utf8')).toBe(before.a);
    expect(existsSync(join(ws, 'src', 'new.ts'))).toBe(false);

    const p1 = await send(engine, s, 'bad patch');
    expect(await settled(engine, p1.id)).toBe('completed');
    const refused = toolResults(log, p1.id).find((e) => e.tool === 'apply_patch');
    expect(refused?.ok).toBe(false);
    expect(refused?.error).toContain('src/a.ts');
    expect(refused?.error).toContain('export const a = 9;');
    expect(readFileSync(join(ws, 'src', 'a.ts'), 'utf8')).toBe(before.a);
    expect(existsSync(join(ws, 'src', 'new.ts'))).toBe(false);
    expect(readFileSync(join(ws, 'old.txt'), 'utf8')).toBe(before.old);

    const p2 = await send(engine, s, 'good patch');
    expect(await settled(engine, p2.id)).toBe('completed');
    expect(toolResults(log, p2.id).find((e) => e.tool === 'apply_patch')?.ok).toBe(true);
    expect(readFileSync(join(ws, 'src', 'a.ts'), 'utf8')).toBe('export const a = 1;\nexport const b = 3;\n');
    expect(readFileSync(join(ws, 'src', 'new.ts'), 'utf8')).toBe('export const n = 0;\n');
    expect(existsSync(join(ws, 'old.txt'))).toBe(false);
  });

  it('meets another session’s lease on a file it updates, as a Write would', async () => {
    const ws = tempDir();
    writeFileSync(join(ws, 'shared.txt'), 'base\n');
    const patch = ['*** Begin Patch', '*** Update File: shared.txt', '@@', '-from A', '+from B', '*** End Patch'].join('\n');
    fx.server.setScript({
      rules: [
        { when: 'session A', steps: [{ toolCalls: [{ name: 'Read', arguments: { path: 'shared.txt' } }] }, { toolCalls: [{ name: 'Write', arguments: { path: 'shared.txt', content: 'from A\n' } }] }, { content: 'A done', gate: 'A holds' }] },
        { when: 'session B', steps: [{ toolCalls: [{ name: 'Read', arguments: { path: 'shared.txt' } }] }, { toolCalls: [{ name: 'apply_patch', arguments: { input: patch } }] }, { content: 'B done' }] },
      ],
    });
    const engine = await fx.open({ home: fx.home(provider('gpt-5')), approvals: 'all' });
    const log = recordEvents(engine);
    const a = await newSession(engine, ws, 'web-api');
    const b = await newSession(engine, ws, 'docs');
    const conflict = nextEvent(engine, 'conflict', (e) => e.kind === 'write_write');
    const pa = await send(engine, a, 'session A');
    await fx.server.reached('A holds');
    const pb = await send(engine, b, 'session B');
    expect(await conflict).toMatchObject({ sessionId: b, promptId: pb.id, otherSessionId: a, paths: ['shared.txt'] });
    expect(readFileSync(join(ws, 'shared.txt'), 'utf8')).toBe('from A\n');
    unwrap(await engine.handlers['conflict.resolve']({ prompt: pb.id, resolution: 'wait' }));
    fx.server.openGate('A holds');
    expect(await settled(engine, pa.id)).toBe('completed');
    expect(await settled(engine, pb.id)).toBe('completed');
    expect(ofType(log, 'conflict').length).toBeGreaterThan(0);
    expect(readFileSync(join(ws, 'shared.txt'), 'utf8')).toBe('from B\n');
  });
});

describe('apply_patch and the policy', () => {
  it('is judged by the files it touches: a deny rule on one of them blocks the whole patch, a move out of the workspace asks', async () => {
    const f = makeFixture({ user: { permissions: { deny: ['Edit(secret/**)'] } }, trusted: true });
    try {
      const patch = (...lines: string[]) => ({ input: ['*** Begin Patch', ...lines, '*** End Patch'].join('\n') });
      const inside = await f.decide('apply_patch', patch('*** Add File: notes/a.md', '+a'), { mode: 'acceptEdits' });
      expect(inside.decision).toBe('auto_approved');
      const denied = await f.decide('apply_patch', patch('*** Add File: notes/a.md', '+a', '*** Delete File: secret/key.txt'), { mode: 'acceptEdits' });
      expect(denied).toMatchObject({ decision: 'blocked', rule: 'Edit(secret/**)' });
      const out = await f.decide('apply_patch', patch('*** Update File: src/a.ts', `*** Move to: ${f.outside}/a.ts`, '@@', ' export {};'), { mode: 'acceptEdits' });
      expect(out.decision).toBe('needs_approval');
    } finally {
      f.cleanup();
    }
  });
});
