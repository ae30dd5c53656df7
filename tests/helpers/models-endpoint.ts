import { createServer, type IncomingHttpHeaders } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ModelsEndpoint {
  /** Base URL ending in /v1. */
  url: string;
  /** Headers of each request, in arrival order. */
  requests: IncomingHttpHeaders[];
  /** The entries GET /v1/models answers with (shaped as each server kind shapes them). */
  entries: unknown[];
  close(): Promise<void>;
}

/** A real endpoint on loopback that answers only GET /v1/models, with whatever entries the test sets. */
export async function startModelsEndpoint(entries: unknown[] = []): Promise<ModelsEndpoint> {
  const endpoint = { entries, requests: [] as IncomingHttpHeaders[] };
  const server = createServer((req, res) => {
    endpoint.requests.push(req.headers);
    if (req.method !== 'GET' || req.url !== '/v1/models') {
      res.writeHead(404, { 'content-type': 'application/json' }).end('{"error":{"message":"not found"}}');
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ object: 'list', data: endpoint.entries }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return Object.assign(endpoint, {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}/v1`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  });
}
