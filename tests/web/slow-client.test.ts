// A client that completes the upgrade and then stops reading (a paused tab, a dead tunnel) while a scripted model
// streams big answers: the host holds a bounded amount for it, then closes it saying why, and a new connection
// catches up from the last seq it saw with the stored events it missed.
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { Engine } from '../../main/core/engine';
import { startWebHost, type WebHost } from '../../main/web/web-host';
import { EPHEMERAL_EVENTS, type EngineEvent } from '../../shared/events';
import { recordEvents, settled, unwrap } from '../helpers/engine';
import { useEngineFixture } from '../helpers/engine-fixture';
import { tempDir } from '../helpers/temp';
import { call, openSocket, writePanel } from './host-fixture';
import { openRawWs, type Frame } from './raw-ws';

const MB = 1024 * 1024;
/** Small enough to pass in a few turns, well above what the kernel's socket buffers absorb on loopback. */
const LIMIT = 16 * MB;
/** One answer: 4 MB streamed as 256 KB deltas, then stored whole with the turn. */
const ANSWER = 'x'.repeat(4 * MB);
const MAX_TURNS = 12;

const fx = useEngineFixture({ script: { chunkSize: 256 * 1024, rules: [{ when: 'big', steps: [{ content: ANSWER }] }] } });
let engine: Engine;
let web: WebHost;
let dir: string;
const dropped: string[] = [];
let onDrop: () => void = () => undefined;

beforeEach(async () => {
  dir = tempDir('paragents-slow-');
  writePanel(join(dir, 'static'));
  engine = await fx.open();
  dropped.length = 0;
  web = await startWebHost({
    engine,
    staticDir: join(dir, 'static'),
    maxUnsentBytes: LIMIT,
    onClientDropped: (reason) => {
      dropped.push(reason);
      onDrop();
    },
  });
});

// Before the fixture closes the engine under it.
afterEach(() => web.close());

/** One prompt in a fresh session (no history to resend), until it ends. */
async function bigTurn(): Promise<void> {
  const s = unwrap(await engine.handlers['session.create']({ workspace: tempDir() }));
  const p = unwrap(await engine.handlers['prompt.send']({ session: s.id, text: 'a big answer please' }));
  expect(await settled(engine, p.id, 60_000)).toBe('completed');
}

describe('a client that stops reading', () => {
  it('is held to the limit, closed saying why, and catches up from its last seq on a new connection', async () => {
    const paused = await openRawWs(web.port, web.token);
    paused.pause();
    const published = recordEvents(engine);
    // After the host's own listener (it subscribed when the socket opened): what waits unsent once each event is queued.
    let held = 0;
    let largest = 0;
    engine.onEvent((event) => {
      held = Math.max(held, ...web.unsentBytes());
      largest = Math.max(largest, Buffer.byteLength(JSON.stringify({ event })));
    });
    const gone = new Promise<void>((resolve) => (onDrop = resolve));

    let turns = 0;
    let isGone = false;
    void gone.then(() => (isGone = true));
    while (!isGone && turns < MAX_TURNS) {
      await bigTurn();
      turns++;
    }
    expect(dropped, `${turns} turns of 4 MB each, the host holding ${held} bytes for the client`).toEqual(['fell_behind']);
    // What crossed the limit is the last message queued; nothing is queued after it but the close frame.
    expect(held).toBeLessThanOrEqual(LIMIT + largest + 256);
    // Another turn after the drop is not queued for it.
    await bigTurn();
    expect(Math.max(0, ...web.unsentBytes())).toBeLessThanOrEqual(LIMIT + largest + 256);

    // The client reads again: what was queued, then the close with its reason.
    paused.resume();
    const close = (await paused.frame((f) => f.kind === 'close')) as Extract<Frame, { kind: 'close' }>;
    expect(close.code).toBe(1013);
    expect(close.reason).toBe('fell behind: more than 16 MB of events waited unsent; reconnect and read session.events after the last seq');
    paused.socket.destroy();
    const heard = paused.frames.flatMap((f) => (f.kind === 'text' ? [(JSON.parse(f.text) as { event?: EngineEvent }).event] : [])).filter((e) => e !== undefined);
    const lastSeq = Math.max(0, ...heard.map((e) => e.seq));
    expect(lastSeq).toBeGreaterThan(0);

    const missed = published.filter((e) => !EPHEMERAL_EVENTS.has(e.type) && e.seq > lastSeq);
    expect(missed.length).toBeGreaterThan(0);
    const again = await openSocket(web.port, web.token);
    try {
      const reply = await call(again, 'catch-up', 'session.events', { afterSeq: lastSeq });
      expect(reply.result.ok).toBe(true);
      const caught = reply.result.value as EngineEvent[];
      expect(caught.map((e) => [e.seq, e.type])).toEqual(missed.map((e) => [e.seq, e.type]));
    } finally {
      again.close();
    }
  }, 240_000);
});
