// A closing endpoint answers every request it took and takes no more, so a client knows an unanswered request
// was never seen; the CLI's link then sends it to the next engine. Real sockets and endpoint servers; the engine
// behind each is a stand-in whose `session.list` the test holds at a gate.
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import type { RequestHandlers } from '../../shared/api';
import { err, ok } from '../../shared/result';
import { connectLocalEndpoint, type RemoteEngineLink } from '../../main/local/endpoint-client';
import { listenLocalEndpoint, type LocalEndpoint } from '../../main/local/endpoint-server';
import { rejoiningLink } from '../../main/cli/rejoining-link';
import { cleanupTempDirs, tempDir } from '../helpers/temp';
import { unwrap } from '../helpers/engine';

const open: { close(): Promise<void> }[] = [];
afterEach(async () => {
  for (const o of open.splice(0).reverse()) await o.close();
});
afterAll(() => cleanupTempDirs());

/** An endpoint whose engine answers `session.list` with `[]` once the test lets it; it names itself in `session.get`'s error. */
async function endpointOf(name: string) {
  const home = tempDir('paragents-home-');
  let arrived: () => void = () => undefined;
  const reached = new Promise<void>((resolve) => (arrived = resolve));
  let release: () => void = () => undefined;
  const released = new Promise<void>((resolve) => (release = resolve));
  const handlers = {
    'session.list': async () => {
      arrived();
      await released;
      return ok([]);
    },
    'session.get': async () => err('not_found', `no such session in ${name}`),
  } as unknown as RequestHandlers;
  const endpoint: LocalEndpoint = unwrap(await listenLocalEndpoint({ home, engine: { handlers, onEvent: () => () => undefined }, env: {}, tmpdir: tempDir() }));
  open.push(endpoint);
  return { home, endpoint, reached, release };
}

async function connect(home: string): Promise<RemoteEngineLink> {
  const link = unwrap(await connectLocalEndpoint({ home, env: {}, tmpdir: tempDir() }));
  if (!link) throw new Error(`no engine listens for ${home}`);
  open.push(link);
  return link;
}

describe('a closing endpoint', () => {
  it('answers the request it took, leaves the one sent after it began closing unanswered, and waits for no client', async () => {
    const a = await endpointOf('A');
    const link = await connect(a.home);
    expect(a.endpoint.clients()).toBe(1);
    const taken = link.send('session.list', {});
    await a.reached;

    const closing = a.endpoint.close();
    const late = link.send('session.get', { session: 'x' });
    a.release();
    expect(await taken).toEqual({ answered: true, result: { ok: true, value: [] } });
    expect(await late).toMatchObject({ answered: false, reason: { key: expect.stringMatching(/^engineErrors\.endpoint\.closed/) } });
    await closing;
    await a.endpoint.idle();
    expect(a.endpoint.clients()).toBe(0);
  });

  it("the CLI's link sends a request its engine never took to the next engine; once pinned it reports the loss", async () => {
    const a = await endpointOf('A');
    const b = await endpointOf('B');
    b.release();
    let reopened = 0;
    const link = rejoiningLink(await connect(a.home), async () => {
      reopened++;
      return ok(await connect(b.home));
    });
    open.push(link);
    const taken = link.handlers['session.list']({});
    await a.reached;
    const closing = a.endpoint.close();
    const late = link.handlers['session.get']({ session: 'x' });
    a.release();
    expect(await taken).toEqual({ ok: true, value: [] });
    // Answered by B: A never took it.
    expect(await late).toEqual({ ok: false, error: { kind: 'not_found', message: 'no such session in B' } });
    expect(reopened).toBe(1);
    await closing;

    link.pin?.();
    await b.endpoint.close();
    const lost = await link.handlers['session.get']({ session: 'x' });
    expect(lost.ok).toBe(false);
    if (!lost.ok) expect(lost.error.message).toMatch(/closed the connection/);
    expect(reopened).toBe(1);
  });
});
