import { execFileSync } from 'node:child_process';
import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll } from 'vitest';
import { probeSandbox } from '../../main/core/sandbox/availability';

export interface OutsideServer {
  readonly address: string;
  readonly port: number;
  /** The paths requested so far, in order. */
  readonly hits: string[];
  /** Why the tests cannot run here (no sandbox, no way to add the address), or null. */
  readonly cannot: string | null;
  url(path: string): string;
}

/**
 * An HTTP server on a documentation address (TEST-NET) put on this machine's loopback device for the file's tests:
 * to the sandbox's checks an ordinary outside address, served here, so no test needs the internet. Adding the
 * address needs root, which the test machines have; elsewhere `cannot` says why the tests skip.
 */
export function useOutsideServer(address: string, body = 'hello from outside\n'): OutsideServer {
  let server: Server | null = null;
  let port = 0;
  let added = false;
  let cannot: string | null = null;
  const hits: string[] = [];
  beforeAll(async () => {
    if (!probeSandbox(process.env).available) {
      cannot = 'the sandbox cannot run here';
      return;
    }
    try {
      execFileSync('ip', ['addr', 'add', `${address}/32`, 'dev', 'lo'], { stdio: 'pipe' });
      added = true;
    } catch (e) {
      const said = String((e as { stderr?: Buffer }).stderr ?? e);
      if (!said.includes('File exists')) cannot = `cannot add ${address} to lo: ${said.trim()}`;
    }
    if (cannot) return;
    server = createServer((req, res) => {
      hits.push(req.url ?? '');
      res.end(body);
    });
    await new Promise<void>((resolve) => server?.listen(0, address, resolve));
    port = (server.address() as { port: number }).port;
  });
  afterAll(async () => {
    await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
    if (added) execFileSync('ip', ['addr', 'del', `${address}/32`, 'dev', 'lo']);
  });
  return {
    address,
    get port() {
      return port;
    },
    hits,
    get cannot() {
      return cannot;
    },
    url: (path) => `http://${address}:${port}${path}`,
  };
}
