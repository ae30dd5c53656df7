// A confined command's connection to a host its lists do not name, through the whole engine (scripted model, real
// bubblewrap, the command's own proxy, a real HTTP server): the person gets a card "network access to HOST:PORT";
// allowed once the request reaches the server, denied it does not, "always" writes WebFetch(domain:HOST) to the
// project-local settings so the next command needs no card, and --approve never refuses without a card.
import { describe, expect, it } from 'vitest';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { nextEvent, recordEvents, settled, unwrap } from '../helpers/engine';
import { useEngineFixture } from '../helpers/engine-fixture';
import { tempDir } from '../helpers/temp';
import type { EventOf } from '../../shared/events';
import { useOutsideServer } from '../helpers/outside-server';

const fx = useEngineFixture();
const out = useOutsideServer('198.51.100.23');
const ADDRESS = out.address;

function home(network: Record<string, unknown> = {}): string {
  const h = fx.home();
  writeFileSync(join(h, 'settings.json'), JSON.stringify({ sandbox: { enabled: true, network } }));
  return h;
}

/** The model fetches `path` from the test server with curl (through the sandbox's proxy), then says done. */
function script(path: string): void {
  fx.server.setScript({
    rules: [{ when: 'fetch', steps: [{ toolCalls: [{ name: 'Bash', arguments: { command: `curl -sS --fail --max-time 20 http://${ADDRESS}:${out.port}${path}` } }] }, { content: 'done' }] }],
  });
}

describe('network cards', () => {
  it('asks about an unlisted host; allowed once, the request reaches it', async (t) => {
    if (out.cannot) return t.skip(out.cannot);
    out.hits.length = 0;
    script('/once');
    const ws = tempDir('paragents-ws-');
    const engine = await fx.open({ home: home(), approvals: 'ask', env: { PATH: process.env.PATH } });
    const log = recordEvents(engine);
    const s = unwrap(await engine.handlers['session.create']({ workspace: ws }));
    const card = nextEvent(engine, 'approval_requested', (e) => e.tool === 'Network');
    const p = unwrap(await engine.handlers['prompt.send']({ session: s.id, text: 'fetch' }));
    const asked = await card;
    expect(asked.decision.reason).toBe(`network access to ${ADDRESS}:${out.port}`);
    expect(asked.input).toMatchObject({ host: ADDRESS, port: out.port, command: expect.stringContaining('curl') });
    expect(asked.alwaysRule).toBe(`WebFetch(domain:${ADDRESS})`);
    // The Bash call itself needed no card: the sandbox allowed it; only the connection asks.
    expect(log.filter((e) => e.type === 'approval_requested')).toHaveLength(1);
    expect(out.hits).toEqual([]);
    unwrap(await engine.handlers['approval.answer']({ approval: asked.approvalRef, answer: { kind: 'allow_once' } }));
    expect(await settled(engine, p.id)).toBe('completed');
    expect(out.hits).toEqual(['/once']);
    const result = log.find((e): e is EventOf<'tool_result'> => e.type === 'tool_result');
    expect(result?.ok).toBe(true);
    expect(result?.output).toContain('hello from outside');
  });

  it('denied, the host receives nothing and the refusal is told', async (t) => {
    if (out.cannot) return t.skip(out.cannot);
    out.hits.length = 0;
    script('/denied');
    const engine = await fx.open({ home: home(), approvals: 'ask', env: { PATH: process.env.PATH } });
    const log = recordEvents(engine);
    const s = unwrap(await engine.handlers['session.create']({ workspace: tempDir('paragents-ws-') }));
    const card = nextEvent(engine, 'approval_requested', (e) => e.tool === 'Network');
    const p = unwrap(await engine.handlers['prompt.send']({ session: s.id, text: 'fetch' }));
    unwrap(await engine.handlers['approval.answer']({ approval: (await card).approvalRef, answer: { kind: 'deny' } }));
    expect(await settled(engine, p.id)).toBe('completed');
    expect(out.hits).toEqual([]);
    const violations = log.filter((e): e is EventOf<'sandbox_violation'> => e.type === 'sandbox_violation');
    expect(violations.map((v) => [v.kind, v.target])).toEqual([['network', `${ADDRESS}:${out.port}`]]);
    const result = log.find((e): e is EventOf<'tool_result'> => e.type === 'tool_result');
    expect(result?.error).toContain(`- network ${ADDRESS}:${out.port}`);
  });

  it('"always" writes WebFetch(domain:HOST) to the project-local settings, and the next command asks nothing', async (t) => {
    if (out.cannot) return t.skip(out.cannot);
    out.hits.length = 0;
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
    expect(out.hits).toEqual(['/always', '/always']);
    expect(log.filter((e) => e.type === 'approval_requested')).toHaveLength(1);
  });

  it('a listed host is reached without a card through SOCKS5 and an HTTP CONNECT tunnel too', async (t) => {
    if (out.cannot) return t.skip(out.cannot);
    out.hits.length = 0;
    const url = out.url;
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
    expect(out.hits).toEqual(['/socks', '/tunnel']);
    expect(log.filter((e) => e.type === 'approval_requested')).toHaveLength(0);
    expect(log.find((e): e is EventOf<'tool_result'> => e.type === 'tool_result')?.ok).toBe(true);
  });

  it('under --approve never the connection is refused without a card', async (t) => {
    if (out.cannot) return t.skip(out.cannot);
    out.hits.length = 0;
    script('/never');
    const engine = await fx.open({ home: home(), approvals: 'never', env: { PATH: process.env.PATH } });
    const log = recordEvents(engine);
    const s = unwrap(await engine.handlers['session.create']({ workspace: tempDir('paragents-ws-') }));
    const p = unwrap(await engine.handlers['prompt.send']({ session: s.id, text: 'fetch' }));
    expect(await settled(engine, p.id)).toBe('completed');
    expect(log.filter((e) => e.type === 'approval_requested')).toHaveLength(0);
    expect(out.hits).toEqual([]);
    expect(log.some((e) => e.type === 'sandbox_violation' && e.kind === 'network')).toBe(true);
  });
});
