// An MCP stdio server whose entry says "sandbox": true runs confined by the real sandbox: it writes in its own
// folder and nowhere else; without bubblewrap it does not start, saying why; a bad value names the field.
import { existsSync, symlinkSync } from 'node:fs';
import { join } from 'node:path';
import { expect, it } from 'vitest';
import { onPath } from '../../main/core/sandbox/availability';
import { unwrap } from '../helpers/engine';
import { useEngineFixture } from '../helpers/engine-fixture';
import { makeHome, tempDir } from '../helpers/temp';
import { newTag, testServerEntry, writeMcpJson } from '../mcp/helpers';

const fx = useEngineFixture({ engine: { approvals: 'ask' } });

/** A data folder whose mcp.json runs the test server in `cwd`, confined as `sandbox` says. */
function home(cwd: string, sandbox: unknown): string {
  const h = makeHome('http://127.0.0.1:9/v1');
  writeMcpJson(join(h, 'mcp.json'), { test: testServerEntry(newTag(), join(cwd, 'log'), { cwd, sandbox }) });
  return h;
}

const textOf = (r: { output: string }): string => r.output;

it('writes in its own folder, and a write outside is refused by the OS', async () => {
  const cwd = tempDir('paragents-mcp-');
  const outside = tempDir('paragents-outside-');
  const e = await fx.open({ home: home(cwd, true), env: { PATH: process.env.PATH } });
  const inside = unwrap(await e.handlers['mcp.call']({ server: 'test', tool: 'write', input: { path: join(cwd, 'ok.txt') } }));
  expect(textOf(inside)).toBe(`wrote ${join(cwd, 'ok.txt')}`);
  const out = unwrap(await e.handlers['mcp.call']({ server: 'test', tool: 'write', input: { path: join(outside, 'no.txt') } }));
  expect(textOf(out)).toBe('refused: EROFS');
  expect(existsSync(join(outside, 'no.txt'))).toBe(false);
});

it('the same server without "sandbox" writes outside (the difference is the sandbox)', async () => {
  const cwd = tempDir('paragents-mcp-');
  const outside = tempDir('paragents-outside-');
  const e = await fx.open({ home: home(cwd, false), env: { PATH: process.env.PATH } });
  const out = unwrap(await e.handlers['mcp.call']({ server: 'test', tool: 'write', input: { path: join(outside, 'yes.txt') } }));
  expect(textOf(out)).toBe(`wrote ${join(outside, 'yes.txt')}`);
});

it('without bubblewrap a confined server does not start, and says why', async () => {
  const cwd = tempDir('paragents-mcp-');
  const bin = tempDir('paragents-path-');
  for (const p of ['socat', 'rg']) symlinkSync(onPath(p, process.env) as string, join(bin, p));
  const e = await fx.open({ home: home(cwd, true), env: { PATH: bin } });
  const r = await e.handlers['mcp.tools']({ server: 'test' });
  const said = r.ok ? '' : r.error.message;
  const listed = JSON.stringify(unwrap(await e.handlers['mcp.list']({})));
  expect(`${said} ${listed}`).toContain(
    'the server asks to run in the sandbox (\\"sandbox\\": true), which cannot run here: The sandbox needs bwrap, which this machine does not have: install with `sudo apt-get install -y bubblewrap`.',
  );
});

it('a bad "sandbox" value is one sentence naming the field', async () => {
  const cwd = tempDir('paragents-mcp-');
  const h = home(cwd, 'yes');
  const e = await fx.open({ home: h, env: { PATH: process.env.PATH } });
  const list = unwrap(await e.handlers['mcp.list']({}));
  expect(JSON.stringify(list)).toContain(`mcpServers.test.sandbox must be true, false or { \\"allowedDomains\\": [host names] }`);
});
