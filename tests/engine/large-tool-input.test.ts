// A tool call's own arguments must not sink the turns after it: once a large Write or Edit has been applied, the
// requests that follow show the model a stub of its input (path, size, sha256, status) instead of the text again,
// while the stored transcript keeps the call as the model made it. Real engine, real HTTP, real openai client.
import { describe, expect, it } from 'vitest';
import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { DATABASE_FILE, type Engine } from '../../main/core/engine';
import { Store } from '../../main/core/store/store';
import { STUB_INPUT_BYTES } from '../../main/core/context/input-stubs';
import { tempDir } from '../helpers/temp';
import { settled, unwrap } from '../helpers/engine';
import { useEngineFixture } from '../helpers/engine-fixture';
import { chatBodies, type ChatBody } from '../helpers/chat-bodies';

const fx = useEngineFixture();

const sha256 = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

/** About 1 MiB of text lines, each different, so no two slices of it are alike. */
const BIG = Array.from({ length: 16_384 }, (_, i) => `line ${String(i).padStart(6, '0')}: the quick brown fox jumps ${i % 97}\n`)
  .join('')
  .padEnd(1024 * 1024, '.');
const OLD = BIG.slice(0, 6000);
const NEW = 'replaced line, long enough to need a stub\n'.repeat(150);

interface WireCall {
  id: string;
  function: { name: string; arguments: string };
}
interface WireMessage {
  role: string;
  content?: unknown;
  tool_calls?: WireCall[];
}

const chatRequests = (): ChatBody<WireMessage>[] => chatBodies<WireMessage>(fx.server);

function callsOf(b: ChatBody<WireMessage>): WireCall[] {
  return b.messages.flatMap((m) => m.tool_calls ?? []);
}

async function start(): Promise<{ home: string; ws: string; engine: Engine }> {
  const home = fx.home();
  return { home, ws: tempDir(), engine: await fx.open({ home }) };
}

describe('a large Write or Edit, once applied, is shown to the model as a stub of its input', () => {
  it('sends the next requests a stub (path, size, sha256, written) with parseable arguments, and the turn completes', async () => {
    fx.server.setScript({
      chunkSize: 65_536,
      rules: [
        {
          when: 'write the big file',
          steps: [
            { toolCalls: [{ name: 'Write', arguments: { path: 'big.txt', content: BIG } }] },
            { toolCalls: [{ name: 'Edit', arguments: { path: 'big.txt', old_string: OLD, new_string: NEW } }] },
            { content: 'done: {{lastTool}}' },
          ],
        },
      ],
    });
    const { home, ws, engine } = await start();
    const s = unwrap(await engine.handlers['session.create']({ workspace: ws, name: 'big' }));
    const p = unwrap(await engine.handlers['prompt.send']({ session: s.id, text: 'write the big file' }));
    expect(await settled(engine, p.id, 60_000)).toBe('completed');
    expect(readFileSync(join(ws, 'big.txt'), 'utf8')).toBe(NEW + BIG.slice(OLD.length));

    const [, second, third] = chatRequests();
    expect(second && third).toBeTruthy();
    // Step 2's request, as the server received it: the Write call is there, with a stub for its arguments.
    const write = callsOf(second!).find((c) => c.function.name === 'Write');
    expect(write).toBeDefined();
    const writeStub = JSON.parse(write!.function.arguments) as Record<string, unknown>;
    expect(writeStub).toMatchObject({ path: 'big.txt', size: Buffer.byteLength(BIG), sha256: sha256(BIG), status: 'written' });
    expect(writeStub).not.toHaveProperty('content');
    expect(JSON.stringify(second!).length).toBeLessThan(64 * 1024);
    // Its answer still follows it, so the pairing of calls and results is what the API expects.
    const msgs = second!.messages;
    const at = msgs.findIndex((m) => m.tool_calls?.some((c) => c.id === write!.id));
    expect(msgs[at + 1]).toMatchObject({ role: 'tool', tool_call_id: write!.id });

    // Step 3's request: both calls as stubs, the Edit's naming what it put in the file.
    const editCall = callsOf(third!).find((c) => c.function.name === 'Edit');
    const editStub = JSON.parse(editCall!.function.arguments) as Record<string, unknown>;
    expect(editStub).toMatchObject({ path: 'big.txt', size: Buffer.byteLength(NEW), sha256: sha256(NEW), old_string_size: Buffer.byteLength(OLD), status: 'written' });
    expect(editStub).not.toHaveProperty('old_string');
    expect(editStub).not.toHaveProperty('new_string');
    expect(JSON.stringify(third!).length).toBeLessThan(64 * 1024);

    // /context counts the stubs, not the text: the whole session is far below the 1 MiB written.
    const context = unwrap(await engine.handlers['session.context']({ session: s.id }));
    expect(context.totalTokens).toBeLessThan(8192);
    await fx.close(engine);

    // The stored transcript keeps the calls as the model made them.
    const store = new Store(join(home, DATABASE_FILE));
    try {
      const stored = store.transcript.list(s.id).flatMap((m) => (m.message.role === 'assistant' ? (m.message.tool_calls ?? []) : []));
      expect(JSON.parse(stored[0]!.function.arguments)).toEqual({ path: 'big.txt', content: BIG });
      expect(JSON.parse(stored[1]!.function.arguments)).toEqual({ path: 'big.txt', old_string: OLD, new_string: NEW });
    } finally {
      store.close();
    }
  });

  it('stubs a failed call as not written, and leaves inputs under the threshold as they were', async () => {
    const small = { path: 'small.txt', content: 'x'.repeat(STUB_INPUT_BYTES - 100) };
    fx.server.setScript({
      chunkSize: 65_536,
      rules: [
        {
          when: 'edit a missing file',
          steps: [
            { toolCalls: [{ name: 'Edit', arguments: { path: 'missing.txt', old_string: OLD, new_string: NEW } }, { name: 'Write', arguments: small }] },
            { content: 'gave up' },
          ],
        },
      ],
    });
    const { ws, engine } = await start();
    const s = unwrap(await engine.handlers['session.create']({ workspace: ws }));
    const p = unwrap(await engine.handlers['prompt.send']({ session: s.id, text: 'edit a missing file' }));
    expect(await settled(engine, p.id, 60_000)).toBe('completed');
    const calls = callsOf(chatRequests()[1]!);
    const edit = JSON.parse(calls.find((c) => c.function.name === 'Edit')!.function.arguments) as Record<string, unknown>;
    expect(edit).toMatchObject({ path: 'missing.txt', size: Buffer.byteLength(NEW), sha256: sha256(NEW) });
    expect(edit.status).not.toBe('written');
    expect(JSON.parse(calls.find((c) => c.function.name === 'Write')!.function.arguments)).toEqual(small);
  });

  it('compacts a session holding a large Write: the summary request carries the stub, not the content', async () => {
    fx.server.setScript({
      chunkSize: 65_536,
      rules: [
        { when: 'Write the summary now', steps: [{ content: '## Goal\nwrite big.txt\n## Decisions and why\nnone\n## Files read and changed\nbig.txt\n## Commands run and their outcome\nnone\n## Open tasks\nnone\n## Unresolved errors\nnone' }] },
        { when: 'write the big file', steps: [{ toolCalls: [{ name: 'Write', arguments: { path: 'big.txt', content: BIG } }] }, { content: 'written' }] },
        { when: 'say hi', steps: [{ content: 'hi' }] },
      ],
    });
    const { ws, engine } = await start();
    const s = unwrap(await engine.handlers['session.create']({ workspace: ws }));
    const first = unwrap(await engine.handlers['prompt.send']({ session: s.id, text: 'write the big file' }));
    expect(await settled(engine, first.id, 60_000)).toBe('completed');
    const second = unwrap(await engine.handlers['prompt.send']({ session: s.id, text: 'say hi' }));
    expect(await settled(engine, second.id, 60_000)).toBe('completed');

    const compacted = unwrap(await engine.handlers['session.compact']({ session: s.id }));
    expect(compacted.compacted).toBe(true);
    const summaryRequest = chatRequests().find((b) => JSON.stringify(b).includes('Write the summary now'));
    expect(summaryRequest).toBeDefined();
    const text = JSON.stringify(summaryRequest);
    expect(text).toContain('big.txt');
    expect(text).toContain(sha256(BIG));
    expect(text).not.toContain(BIG.slice(0, 200));
    const context = unwrap(await engine.handlers['session.context']({ session: s.id }));
    expect(context.compacted).toBe(true);
  });
});
