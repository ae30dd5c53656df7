// Quiet clients are pinged; one that never answers (a dead tunnel, a peer that is gone) is ended, one that
// answers stays. A client that never answers the host's close frame does not hold close() open.
import { afterEach, describe, expect, it } from 'vitest';
import type WebSocket from 'ws';
import { call, openSocket, startTestHost, type TestHost } from './host-fixture';
import { openRawWs } from './raw-ws';

/** Injected: the default is half a minute. Only the order of pings, pongs and closes is asserted, never a duration. */
const PING_INTERVAL_MS = 100;

let host: TestHost | null = null;
afterEach(async () => {
  await host?.close();
  host = null;
});

/** Resolves once the client has been pinged `count` times (ws answers each ping with a pong on its own). */
function pinged(ws: WebSocket, count: number): Promise<void> {
  return new Promise((resolve) => {
    let seen = 0;
    ws.on('ping', () => {
      if (++seen === count) resolve();
    });
  });
}

/** The outcome of a wait bounded only so that a host that never acts fails the test instead of hanging it. */
function within<T>(promise: Promise<T>, ms: number): Promise<T | 'still waiting'> {
  return Promise.race([promise, new Promise<'still waiting'>((resolve) => setTimeout(() => resolve('still waiting'), ms).unref())]);
}

describe('pings', () => {
  it('ends a client that does not answer pings and keeps one that does', async () => {
    const dropped: string[] = [];
    host = await startTestHost({ pingIntervalMs: PING_INTERVAL_MS, onClientDropped: (reason) => dropped.push(reason) });
    const silent = await openRawWs(host.web.port, host.web.token);
    const answering = await openSocket(host.web.port, host.web.token);
    const threePings = pinged(answering, 3);

    expect(await within(silent.frame((f) => f.kind === 'ping').then(() => 'pinged'), 10_000)).toBe('pinged');
    expect(await within(silent.closed.then(() => 'ended'), 10_000)).toBe('ended');
    // Ended, not closed: a peer that does not answer pings would not answer a close frame either.
    expect(silent.frames.filter((f) => f.kind === 'close')).toEqual([]);
    expect(dropped).toEqual(['no_pong']);

    expect(await within(threePings.then(() => 'pinged three times'), 10_000)).toBe('pinged three times');
    expect(answering.readyState).toBe(answering.OPEN);
    expect((await call(answering, 'still-here', 'session.list', {})).result.ok).toBe(true);
    expect(dropped).toEqual(['no_pong']);
    answering.close();
  });

  it('does not ping a client that keeps talking', async () => {
    host = await startTestHost({ pingIntervalMs: PING_INTERVAL_MS });
    const busy = await openSocket(host.web.port, host.web.token);
    let pings = 0;
    busy.on('ping', () => pings++);
    const quiet = await openSocket(host.web.port, host.web.token);
    const quietPinged = pinged(quiet, 3);
    // The busy client sends a request whenever it is answered, until the quiet one has been pinged three times.
    let done = false;
    void quietPinged.then(() => (done = true));
    for (let i = 0; !done; i++) expect((await call(busy, i, 'session.list', {})).result.ok).toBe(true);
    expect(pings).toBeLessThan(3);
    busy.close();
    quiet.close();
  });
});

describe('closing the host', () => {
  it('does not wait for a client that never answers its close frame', async () => {
    host = await startTestHost({ pingIntervalMs: 3_600_000 });
    const deaf = await openRawWs(host.web.port, host.web.token);
    const closing = host.close();
    host = null;
    // The ws library's own wait for the answer is 30 s; the test's timeout is shorter.
    expect(await within(closing.then(() => 'closed'), 10_000)).toBe('closed');
    await deaf.closed;
    expect(deaf.frames.filter((f) => f.kind === 'close').map((f) => f.kind === 'close' && f.code)).toEqual([1001]);
  });
});
