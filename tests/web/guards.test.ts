import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterEach, describe, expect, it } from 'vitest';
import { answerClientError, guardRequest, guardUpgrade } from '../../main/web/guards';
import { getRequest, rawExchange, upgradeRequest } from './raw-http';

/*
 * The guards turn any exception of a handler into an HTTP answer on a real server: a handler that throws, one
 * whose promise rejects, and an upgrade handler that throws. The error is reported, never thrown.
 */

let server: Server | undefined;

afterEach(async () => {
  if (server) await new Promise<void>((resolve) => server!.close(() => resolve()));
  server = undefined;
});

async function listen(s: Server): Promise<number> {
  server = s;
  await new Promise<void>((resolve) => s.listen(0, '127.0.0.1', resolve));
  return (s.address() as AddressInfo).port;
}

describe('handler guards', () => {
  it('a request handler that throws or rejects answers 500 and reports the error', async () => {
    const reported: string[] = [];
    const report = (name: string, error: unknown) => reported.push(`${name}: ${(error as Error).message}`);
    let mode: 'throw' | 'reject' | 'half' = 'throw';
    const port = await listen(
      createServer(
        guardRequest((_req, res) => {
          if (mode === 'throw') throw new Error('sync boom');
          if (mode === 'reject') return Promise.reject(new Error('async boom'));
          res.writeHead(200, { 'content-type': 'text/plain' });
          res.write('partial');
          throw new Error('boom after the head');
        }, report),
      ),
    );
    const host = `Host: 127.0.0.1:${port}`;
    expect((await rawExchange(port, getRequest('/', [host]))).status).toBe(500);
    mode = 'reject';
    expect((await rawExchange(port, getRequest('/', [host]))).status).toBe(500);
    mode = 'half';
    // The head was already sent: the response is cut off instead of getting a second status line.
    const cut = await rawExchange(port, getRequest('/', [host, 'Connection: close']), { halfClose: false });
    expect([null, 200]).toContain(cut.status);
    expect(cut.text).not.toContain('500 Internal');
    expect(reported).toEqual(['http request: sync boom', 'http request: async boom', 'http request: boom after the head']);
  });

  it('an upgrade handler that throws ends the socket with a 500 status line and reports the error', async () => {
    const reported: string[] = [];
    const s = createServer((_req, res) => res.end());
    s.on(
      'upgrade',
      guardUpgrade(() => {
        throw new Error('upgrade boom');
      }, (name, error) => reported.push(`${name}: ${(error as Error).message}`)),
    );
    const port = await listen(s);
    const answer = await rawExchange(port, upgradeRequest('/ws', [`Host: 127.0.0.1:${port}`]));
    expect(answer.status).toBe(500);
    expect(answer.headers.connection).toBe('close');
    expect(reported).toEqual(['websocket upgrade: upgrade boom']);
  });

  it('a reporter that throws does not undo the guard', async () => {
    const port = await listen(
      createServer(
        guardRequest(
          () => {
            throw new Error('boom');
          },
          () => {
            throw new Error('reporter boom');
          },
        ),
      ),
    );
    expect((await rawExchange(port, getRequest('/', [`Host: 127.0.0.1:${port}`]))).status).toBe(500);
  });

  it('clientError answers 400 to what the parser refuses, 431 to oversized headers', async () => {
    const s = createServer((_req, res) => res.end());
    s.on('clientError', answerClientError);
    const port = await listen(s);
    for (const request of ['GARBAGE\r\n\r\n', 'GET / HTTP/1.1\r\nBad Header\r\n\r\n', 'GET /\0 HTTP/1.1\r\n\r\n', 'GET / HTTP/1.1\r\nContent-Length: x\r\n\r\n']) {
      const answer = await rawExchange(port, request);
      expect(answer.status, JSON.stringify(request)).toBe(400);
      expect(answer.headers.connection).toBe('close');
    }
    const huge = await rawExchange(port, getRequest('/', [`Host: 127.0.0.1:${port}`, `X-Big: ${'a'.repeat(20_000)}`]));
    expect(huge.status).toBe(431);
  });
});
