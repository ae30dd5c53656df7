import { describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Engine } from '../../main/core/engine';
import { tempDir } from '../helpers/temp';
import { nextEvent, recordEvents, settled, unwrap } from '../helpers/engine';
import { useEngineFixture } from '../helpers/engine-fixture';
import { ofType, send, toolResults } from './helpers';

const fx = useEngineFixture();

const write = (path: string, content: string) => ({ name: 'Write', arguments: { path, content } });
const read = (path: string) => ({ name: 'Read', arguments: { path } });

async function session(e: Engine, ws: string, name: string, mode: 'default' | 'acceptEdits'): Promise<string> {
  return unwrap(await e.handlers['session.create']({ workspace: ws, name, mode })).id;
}

describe('conflicts are checked before approval', () => {
  it('a call that needs approval and conflicts shows the conflict first, then the approval card, and asks once', async () => {
    const ws = tempDir();
    fx.server.setScript({
      rules: [
        // A's turn waits at the gate after its write, so it still holds the lease when B writes.
        { when: 'session A', steps: [{ toolCalls: [write('shared.txt', 'from A\n')] }, { content: 'A done', gate: 'A holds' }] },
        { when: 'session B', steps: [{ toolCalls: [read('shared.txt')] }, { toolCalls: [write('shared.txt', 'from B\n')] }, { content: 'B done' }] },
      ],
    });
    const engine = await fx.open({ approvals: 'ask' });
    const log = recordEvents(engine);
    const a = await session(engine, ws, 'web-api', 'acceptEdits');
    const b = await session(engine, ws, 'docs', 'default');
    const conflict = nextEvent(engine, 'conflict');
    const pa = await send(engine, a, 'session A');
    await fx.server.reached('A holds');
    const pb = await send(engine, b, 'session B');

    const c = await conflict;
    expect(c).toMatchObject({ kind: 'write_write', promptId: pb.id, otherSessionName: 'web-api', paths: ['shared.txt'] });
    // The person is not asked to approve a call that is stopped at a conflict.
    expect(ofType(log, 'approval_requested').filter((e) => e.promptId === pb.id)).toEqual([]);
    expect(unwrap(await engine.handlers['session.get']({ session: b })).prompts[0]?.status).toBe('conflict');

    const asked = nextEvent(engine, 'approval_requested', (e) => e.promptId === pb.id);
    unwrap(await engine.handlers['conflict.resolve']({ prompt: pb.id, resolution: 'override' }));
    const approval = await asked;
    expect(readFileSync(join(ws, 'shared.txt'), 'utf8')).toBe('from A\n');
    unwrap(await engine.handlers['approval.answer']({ approval: approval.approvalId, answer: { kind: 'allow_once' } }));
    expect(await settled(engine, pb.id)).toBe('completed');

    expect(readFileSync(join(ws, 'shared.txt'), 'utf8')).toBe('from B\n');
    expect(toolResults(log, pb.id).map((r) => r.ok)).toEqual([true, true]);
    // The override given before approval holds for the write after it: one conflict, one card.
    expect(ofType(log, 'conflict').filter((e) => e.promptId === pb.id)).toHaveLength(1);
    const order = log.filter((e) => e.promptId === pb.id && ['conflict', 'conflict_resolved', 'approval_requested', 'tool_result'].includes(e.type));
    expect(order.map((e) => e.type)).toEqual(['tool_result', 'conflict', 'conflict_resolved', 'approval_requested', 'tool_result']);
    fx.server.openGate('A holds');
    expect(await settled(engine, pa.id)).toBe('completed');
  });

  it('a stale read is answered before approval is asked', async () => {
    const ws = tempDir();
    writeFileSync(join(ws, 'notes.md'), 'the user’s notes\n');
    fx.server.setScript({ rules: [{ when: 'overwrite', steps: [{ toolCalls: [write('notes.md', 'mine\n')] }, { content: 'ok' }] }] });
    const engine = await fx.open({ approvals: 'ask' });
    const log = recordEvents(engine);
    const p = await send(engine, await session(engine, ws, 'w', 'default'), 'overwrite');
    expect(await settled(engine, p.id)).toBe('completed');
    expect(ofType(log, 'approval_requested')).toEqual([]);
    expect(toolResults(log, p.id)[0]?.error).toMatch(/already exists and you have not read it/);
    expect(ofType(log, 'conflict').map((c) => c.kind)).toEqual(['stale_read']);
  });
});
