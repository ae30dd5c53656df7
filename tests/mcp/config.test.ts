import { afterEach, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { parseMcpConfig } from '../../main/core/mcp/config-parse';
import { McpChoices } from '../../main/core/mcp/choices';
import { McpResolver } from '../../main/core/mcp/resolve';
import { cleanupTempDirs, tempDir } from '../helpers/temp';

afterEach(() => cleanupTempDirs());

const FILE = '/home/me/.paragents/mcp.json';

it('reads the mcpServers shape people already have: stdio and URL servers with their fields', () => {
  const cfg = parseMcpConfig(
    JSON.stringify({
      mcpServers: {
        github: { command: 'npx', args: ['-y', '@modelcontextprotocol/server-github'], env: { GITHUB_TOKEN: '${GITHUB_TOKEN}' }, timeout: 5000 },
        remote: { type: 'http', url: 'https://mcp.example.com/mcp', headers: { Authorization: 'Bearer ${TOKEN}' }, idleTimeout: 60000 },
        old: { type: 'sse', url: 'https://old.example.com/sse' },
      },
      mcpIdleMinutes: 3,
    }),
    FILE,
    'user',
    null,
  );
  expect(cfg.problems).toEqual([]);
  expect(cfg.idleMinutes).toBe(3);
  expect(cfg.servers.map((s) => [s.name, s.transport.kind, s.timeoutMs, s.idleTimeoutMs])).toEqual([
    ['github', 'stdio', 5000, null],
    ['remote', 'http', null, 60000],
    ['old', 'sse', null, null],
  ]);
});

it.each([
  [{ mcpServers: { a: { args: [] } } }, `${FILE}: mcpServers.a needs "command" (a stdio server) or "url" (an HTTP server)`],
  [{ mcpServers: { a: { command: 'x', args: 'y' } } }, `${FILE}: mcpServers.a.args must be an array of strings`],
  [{ mcpServers: { a: { command: 'x', env: { K: 1 } } } }, `${FILE}: mcpServers.a.env.K must be a string`],
  [{ mcpServers: { a: { command: 'x', timeout: -1 } } }, `${FILE}: mcpServers.a.timeout must be a whole number of milliseconds between 1 and 86400000`],
  [{ mcpServers: { a: { command: 'x', url: 'http://h' } } }, `${FILE}: mcpServers.a has both "command" and "url"; give one`],
  [{ mcpServers: { a: { url: 'http://h', cwd: '/' } } }, `${FILE}: mcpServers.a.cwd: unknown key for an HTTP server`],
  [{ mcpServers: { a: { command: 'x', type: 'websocket' } } }, `${FILE}: mcpServers.a.type must be "stdio", "http" or "sse"`],
  [{ mcpServers: { 'a__b': { command: 'x' } } }, `${FILE}: mcpServers.a__b: a server name holds letters, digits, "-" and single "_" between them (at most 40 characters)`],
  [{ mcpServers: [] }, `${FILE}: mcpServers must be an object of servers by name`],
  [{ servers: {} }, `${FILE}: servers: unknown key`],
])('a bad entry is left out with one sentence naming the file and the field (%j)', (doc, message) => {
  const cfg = parseMcpConfig(JSON.stringify(doc), FILE, 'user', null);
  expect(cfg.servers).toEqual([]);
  expect(cfg.problems.map((p) => p.message)).toEqual([message]);
});

it('invalid JSON names the line and column; the other entries of a file with one bad entry still load', () => {
  const broken = parseMcpConfig('{\n  "mcpServers": {,}\n}', FILE, 'user', null);
  expect(broken.problems[0]?.message).toMatch(new RegExp(`^${FILE}: invalid JSON at line 2 column`));
  const mixed = parseMcpConfig(JSON.stringify({ mcpServers: { good: { command: 'x' }, bad: { command: 3 } } }), FILE, 'user', null);
  expect(mixed.servers.map((s) => s.name)).toEqual(['good']);
  expect(mixed.problems.map((p) => p.server)).toEqual(['bad']);
});

function resolver(home: string, env: Record<string, string>, managed: unknown = undefined): McpResolver {
  const managedFile = join(home, 'managed-settings.json');
  if (managed !== undefined) writeFileSync(managedFile, typeof managed === 'string' ? managed : JSON.stringify(managed));
  return new McpResolver({ home, host: { home: '/home/me', env }, managedFile, isTrusted: () => true, choices: new McpChoices(home) });
}

it('expands ${VAR} and ${VAR:-default} from the engine environment; an unset variable makes the server invalid, naming the field', () => {
  const home = tempDir();
  writeFileSync(
    join(home, 'mcp.json'),
    JSON.stringify({
      mcpServers: {
        ok: { command: '${TOOLS}/bin/server', args: ['--port', '${PORT:-8080}'], env: { TOKEN: '${TOKEN}' }, cwd: '~/work' },
        missing: { url: 'https://h/mcp', headers: { Authorization: 'Bearer ${NOPE}' } },
      },
    }),
  );
  const { servers } = resolver(home, { TOOLS: '/opt/tools', TOKEN: 's3cret' }).forWorkspace(null);
  const ok = servers.find((s) => s.entry.name === 'ok')?.standing;
  expect(ok?.kind).toBe('usable');
  if (ok?.kind !== 'usable') return;
  expect(ok.server.transport).toEqual({ kind: 'stdio', command: '/opt/tools/bin/server', args: ['--port', '8080'], env: { TOKEN: 's3cret' }, cwd: '/home/me/work' });
  // The English as before; the Msg beside it renders that same sentence.
  expect(servers.find((s) => s.entry.name === 'missing')?.standing).toMatchObject({
    kind: 'invalid',
    reasonMsg: { key: 'notices.mcpConfig.unsetVariable', vars: { field: `${join(home, 'mcp.json')}: mcpServers.missing.headers.Authorization`, name: 'NOPE' } },
    reason: `${join(home, 'mcp.json')}: mcpServers.missing.headers.Authorization: \${NOPE} is not set in the environment (write \${NOPE:-default} for a default)`,
  });
});

it('managed allowedMcpServers and deniedMcpServers refuse servers, and a broken managed file refuses all', () => {
  const home = tempDir();
  writeFileSync(join(home, 'mcp.json'), JSON.stringify({ mcpServers: { a: { command: 'x' }, b: { command: 'x' }, c: { command: 'x' } } }));
  const standings = (managed: unknown) =>
    Object.fromEntries(resolver(home, {}, managed).forWorkspace(null).servers.map((s) => [s.entry.name, s.standing.kind]));
  expect(standings({})).toEqual({ a: 'usable', b: 'usable', c: 'usable' });
  expect(standings({ allowedMcpServers: ['a', { serverName: 'b' }], deniedMcpServers: [{ serverName: 'b' }] })).toEqual({ a: 'usable', b: 'refused', c: 'refused' });
  expect(standings({ allowedMcpServers: [] })).toEqual({ a: 'refused', b: 'refused', c: 'refused' });
  expect(standings('{ not json')).toEqual({ a: 'refused', b: 'refused', c: 'refused' });
  const reasons = resolver(home, {}, { deniedMcpServers: ['c'] }).forWorkspace(null).servers.map((s) => (s.standing.kind === 'refused' ? s.standing.reason : null));
  expect(reasons).toEqual([null, null, 'the managed settings deny the server "c" (deniedMcpServers)']);
});

it('a project server named like a user server is left out, so rules written for the user\'s server never reach it', () => {
  const home = tempDir();
  const ws = tempDir();
  writeFileSync(join(home, 'mcp.json'), JSON.stringify({ mcpServers: { github: { command: 'mine' } } }));
  writeFileSync(join(ws, '.mcp.json'), JSON.stringify({ mcpServers: { github: { command: 'theirs' }, extra: { command: 'x' } } }));
  const { servers } = resolver(home, {}).forWorkspace(ws);
  expect(servers.map((s) => [s.id.scope, s.entry.name, s.standing.kind])).toEqual([
    ['user', 'github', 'usable'],
    ['project', 'github', 'shadowed'],
    ['project', 'extra', 'needs_approval'],
  ]);
});
