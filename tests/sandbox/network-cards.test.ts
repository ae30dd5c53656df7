// A confined command's connection to a host its lists do not name, through the whole engine (scripted model, real
// bubblewrap, the command's own proxy, a real HTTP server): the person gets a card "network access to HOST:PORT";
// allowed once the request reaches the server, denied it does not, "always" writes WebFetch(domain:HOST) to the
// project-local settings so the next command needs no card, and --approve never refuses without a card.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { join } from 'node:path';
import { nextEvent, recordEvents, settled, unwrap } from '../helpers/engine';
import { useEngineFixture } from '../helpers/engine-fixture';
import { tempDir } from '../helpers/temp';
import type { EventOf } from '../../shared/events';
import { probeSandbox } from '../../main/core/sandbox/availability';

// A documentation address (TEST-NET-2) put on this machine's loopback device: an ordinary outside address to the
// sandbox's checks, served here, so no test needs the internet.
const ADDRESS = '198.51.100.23';
const fx = useEngineFixture();
let server: Server;
let port = 0;
let hits: string[] = [];
let aliasAdded = false;
let cannot: string | null = null;

beforeAll(async () => {
  if (!probeSandbox(process.env).available) {
    cannot = 'the sandbox cannot run here';
    return;
  }
  try {
    execFileSync('ip', ['addr', 'add', `${ADDRESS}/32`, 'dev', 'lo'], { stdio: 'pipe' });
    aliasAdded = true;
  } catch (e) {
    const said = String((e as { stderr?: Buffer }).stderr ?? e);
    if (!said.includes('File exists')) cannot = `cannot add ${ADDRESS} to lo: ${said.trim()}`;
  }
  server = createServer((req, res) => {
    hits.push(req.url ?? '');
    res.end('hello from outside\n');
  });
  await new Promise<void>((resolve) => server.listen(0, ADDRESS, resolve));
  port = (server.address() as { port: number }).port;
});
afterAll(async () => {
  await new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve()));
  if (aliasAdded) execFileSync('ip', ['addr', 'del', `${ADDRESS}/32`, 'dev', 'lo']);
});

function home(network: Record<string, unknown> = {}): string {
  const h = fx.home();
  writeFileSync(join(h, 'settings.json'), JSON.stringify({ sandbox: { enabled: true, network } }));
  return h;
}

/** The model fetches `path` from the test server with curl (through the sandbox's proxy), then says done. */
function script(path: string): void {
  fx.server.setScript({
    rules: [{ when: 'fetch', steps: [{ toolCalls: [{ name: 'Bash', arguments: { command: `curl -sS --fail --max-time 20 http://${ADDRESS}:${port}${path}` } }] }, { content: 'done' }] }],
  });
}

describe('network cards', () => {
  it('asks about an unlisted host; allowed once, the request reaches it', async (t) => {
    if (cannot) return t.skip(cannot);
    hits = [];
    script('/once');
    const ws = tempDir('paragents-ws-');
    const engine = await fx.open({ home: home(), approvals: 'ask', env: { PATH: process.env.PATH } });
    const log = recordEvents(engine);
    const s = unwrap(await engine.handlers['session.create']({ workspace: ws }));
    const card = nextEvent(engine, 'approval_requested', (e) => e.tool === 'Network');
    const p = unwrap(await engine.handlers['prompt.send']({ session: s.id, text: 'fetch' }));
    const asked = await card;
    expect(asked.decision.reason).toBe(`network access to ${ADDRESS}:${port}`);
    expect(asked.input).toMatchObject({ host: ADDRESS, port, command: expect.stringContaining('curl') });
    expect(asked.alwaysRule).toBe(`WebFetch(domain:${ADDRESS})`);
    // The Bash call itself needed no card: the sandbox allowed it; only the connection asks.
    expect(log.filter((e) => e.type === 'approval_requested')).toHaveLength(1);
    expect(hits).toEqual([]);
    unwrap(await engine.handlers['approval.answer']({ approval: asked.approvalRef, answer: { kind: 'allow_once' } }));
    expect(await settled(engine, p.id)).toBe('completed');
    expect(hits).toEqual(['/once']);
    const result = log.find((e): e is EventOf<'tool_result'> => e.type === 'tool_result');
    expect(result?.ok).toBe(true);
    expect(result?.output).toContain('hello from outside');
  });

  it('denied, the host receives nothing and the refusal is told', async (t) => {
    if (cannot) return t.skip(cannot);
    hits = [];
    script('/denied');
    const engine = await fx.open({ home: home(), approvals: 'ask', env: { PATH: process.env.PATH } });
    const log = recordEvents(engine);
    const s = unwrap(await engine.handlers['session.create']({ workspace: tempDir('paragents-ws-') }));
    const card = nextEvent(engine, 'approval_requested', (e) => e.tool === 'Network');
    const p = unwrap(await engine.handlers['prompt.send']({ session: s.id, text: 'fetch' }));
    unwrap(await engine.handlers['approval.answer']({ approval: (await card).approvalRef, answer: { kind: 'deny' } }));
    expect(await settled(engine, p.id)).toBe('completed');
    expect(hits).toEqual([]);
    const violations = log.filter((e): e is EventOf<'sandbox_violation'> => e.type === 'sandbox_violation');
    expect(violations.map((v) => [v.kind, v.target])).toEqual([['network', `${ADDRESS}:${port}`]]);
    const result = log.find((e): e is EventOf<'tool_result'> => e.type === 'tool_result');
    expect(result?.error).toContain(`- network ${ADDRESS}:${port}`);
  });

  it('"always" writes WebFetch(domain:HOST) to the project-local settings, and the next command asks nothing', async (t) => {
    if (cannot) return t.skip(cannot);
    hits = [];
    script('/always');
    const ws = tempDir('paragents-ws-');
    const engine = await fx.open({ home: home(), approvals: 'ask', env: { PATH: process.env.PATH } });
    const log = recordEvents(engine);
    // The project's own allow rules count in a folder the person trusts.
    unwrap(await engine.handlers['workspace.trust']({ workspace: ws, trusted: true }));
    const s = unwrap(await engine.handlers['session.create']({ workspace: ws }));
    const card = nextEvent(engine, 'approval_requested', (e) => e.tool === 'Network');
    const first = unwrap(await engine.handlers['prompt.send']({ session: s.id, text: 'fetch' }));
    unwrap(await engine.handlers['approval.answer']({ approval: (await card).approvalRef, answer: { kind: 'allow_always' } }));
    expect(await settled(engine, first.id)).toBe('completed');
    const local = JSON.parse(readFileSync(join(ws, '.paragents', 'settings.local.json'), 'utf8')) as { permissions: { allow: string[] } };
    expect(local.permissions.allow).toContain(`WebFetch(domain:${ADDRESS})`);
    const second = unwrap(await engine.handlers['prompt.send']({ session: s.id, text: 'fetch' }));
    expect(await settled(engine, second.id)).toBe('completed');
    expect(hits).toEqual(['/always', '/always']);
    expect(log.filter((e) => e.type === 'approval_requested')).toHaveLength(1);
  });

  it('a listed host is reached without a card through SOCKS5 and an HTTP CONNECT tunnel too', async (t) => {
    if (cannot) return t.skip(cannot);
    hits = [];
    const url = (p: string): string => `http://${ADDRESS}:${port}${p}`;
    fx.server.setScript({
      rules: [
        {
          when: 'fetch',
          steps: [
            { toolCalls: [{ name: 'Bash', arguments: { command: `curl -sS --fail -x socks5h://127.0.0.1:3128 ${url('/socks')} && curl -sS --fail -p -x http://127.0.0.1:3128 ${url('/tunnel')}` } }] },
            { content: 'done' },
          ],
        },
      ],
    });
    const engine = await fx.open({ home: home({ allowedDomains: [ADDRESS] }), approvals: 'never', env: { PATH: process.env.PATH } });
    const log = recordEvents(engine);
    const s = unwrap(await engine.handlers['session.create']({ workspace: tempDir('paragents-ws-') }));
    const p = unwrap(await engine.handlers['prompt.send']({ session: s.id, text: 'fetch' }));
    expect(await settled(engine, p.id)).toBe('completed');
    expect(hits).toEqual(['/socks', '/tunnel']);
    expect(log.filter((e) => e.type === 'approval_requested')).toHaveLength(0);
    expect(log.find((e): e is EventOf<'tool_result'> => e.type === 'tool_result')?.ok).toBe(true);
  });

  it('under --approve never the connection is refused without a card', async (t) => {
    if (cannot) return t.skip(cannot);
    hits = [];
    script('/never');
    const engine = await fx.open({ home: home(), approvals: 'never', env: { PATH: process.env.PATH } });
    const log = recordEvents(engine);
    const s = unwrap(await engine.handlers['session.create']({ workspace: tempDir('paragents-ws-') }));
    const p = unwrap(await engine.handlers['prompt.send']({ session: s.id, text: 'fetch' }));
    expect(await settled(engine, p.id)).toBe('completed');
    expect(log.filter((e) => e.type === 'approval_requested')).toHaveLength(0);
    expect(hits).toEqual([]);
    expect(log.some((e) => e.type === 'sandbox_violation' && e.kind === 'network')).toBe(true);
  });
});
