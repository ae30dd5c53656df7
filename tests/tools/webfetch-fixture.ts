import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LookupAddress } from 'node:dns';
import type { HostResolver } from '../../main/core/tools/webfetch-address';

export type Route = (req: IncomingMessage, res: ServerResponse) => void;

/** A real HTTP server on 127.0.0.1 serving fixed routes; every request's Host and path is logged. */
export interface Site {
  port: number;
  /** `Host` header and path of each request, in arrival order. */
  requests: { host: string; path: string }[];
  close(): Promise<void>;
}

export async function startSite(routes: Record<string, Route>): Promise<Site> {
  const requests: Site['requests'] = [];
  const server: Server = createServer((req, res) => {
    const path = req.url ?? '/';
    requests.push({ host: req.headers.host ?? '', path });
    const route = routes[path.split('?')[0] ?? path];
    if (route) route(req, res);
    else res.writeHead(404, { 'content-type': 'text/plain' }).end(`no route ${path}`);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Names the tests point anywhere, without touching the system's resolver; any other name fails like DNS does. */
export const TEST_HOSTS: Record<string, string[]> = {
  localhost: ['127.0.0.1'],
  'app.localhost': ['127.0.0.1'],
  'rebind.test': ['127.0.0.1'],
  'meta.test': ['169.254.169.254'],
  'meta6.test': ['fd00:ec2::254'],
  'mapped.test': ['::ffff:127.0.0.1'],
  'private.test': ['10.1.2.3'],
  'mixed.test': ['93.184.215.14', '127.0.0.1'],
  'docs.test': ['127.0.0.1'],
  'other.test': ['127.0.0.1'],
  'evil.test': ['127.0.0.1'],
};

export function testResolver(hosts: Record<string, string[]> = TEST_HOSTS): HostResolver & { asked: string[] } {
  const asked: string[] = [];
  const resolve = async (hostname: string): Promise<LookupAddress[]> => {
    asked.push(hostname);
    const found = hosts[hostname];
    if (!found) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
    return found.map((address) => ({ address, family: address.includes(':') ? 6 : 4 }));
  };
  return Object.assign(resolve, { asked });
}
