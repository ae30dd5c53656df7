// @vitest-environment jsdom
// The MCP view and the approval card's tool hints, against a fake EngineApi shaped like the contract.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { EngineEvent, McpOverview, McpServerView } from '../../shared';
import { asks, eventMaker } from './helpers/events';
import { fakeApi, summary } from './helpers/fake-api';
import { renderPanel } from './helpers/render-panel';

beforeEach(() => localStorage.clear());
afterEach(() => cleanup());

const server = (over: Partial<McpServerView>): McpServerView => ({
  name: 'github', scope: 'user', workspace: null, file: '/h/mcp.json', launch: 'npx -y @modelcontextprotocol/server-github',
  standing: 'usable', reason: null, enabled: true, state: 'ready', pid: 4242, error: null, stderr: [],
  tools: [{ name: 'mcp__github__get_issue', tool: 'get_issue', description: 'Reads an issue', hints: { readOnlyHint: true } }],
  sessions: [{ id: 'sess-1', ref: 'a1b2c3', name: 'fixer' }],
  ...over,
});

it('lists servers with state, tools, sessions and the last stderr lines; restart, turn off and approve call the engine', async () => {
  let overview: McpOverview = {
    workspace: null,
    servers: [
      server({}),
      server({ name: 'db', state: 'failed', pid: null, error: 'the server exited with code 1', stderr: ['connection refused'], tools: [], sessions: [] }),
      server({ name: 'proj', scope: 'project', workspace: '/w/one', file: '/w/one/.mcp.json', launch: 'node tools/mcp.js', standing: 'needs_approval', reason: 'the project server "proj" runs only once a person approves its command line', state: 'stopped', pid: null, tools: [], sessions: [] }),
    ],
    problems: [{ file: '/h/mcp.json', server: 'bad', message: '/h/mcp.json: mcpServers.bad.args must be an array of strings' }],
  };
  const fake = fakeApi({
    'mcp.list': () => ({ ok: true, value: overview }),
    'mcp.restart': ({ server: name }) => ({ ok: true, value: server({ name }) }),
    'mcp.setEnabled': ({ server: name, enabled }) => ({ ok: true, value: server({ name, enabled }) }),
    'mcp.approve': ({ server: name }) => ({ ok: true, value: server({ name }) }),
  });
  renderPanel(fake);
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'MCP' }));
  const view = await screen.findByRole('region', { name: 'MCP servers' });

  const github = await within(view).findByRole('region', { name: 'MCP server github' });
  expect(github.textContent).toContain('ready · pid 4242');
  expect(github.textContent).toContain('npx -y @modelcontextprotocol/server-github');
  expect(github.textContent).toContain('mcp__github__get_issue');
  expect(github.textContent).toContain('[read-only]');
  expect(github.textContent).toContain('Used by: fixer');

  const db = within(view).getByRole('region', { name: 'MCP server db' });
  expect(db.textContent).toContain('the server exited with code 1');
  expect(within(db).getByLabelText('Last stderr lines of db').textContent).toBe('connection refused');
  expect(view.textContent).toContain('/h/mcp.json: mcpServers.bad.args must be an array of strings');

  await user.click(within(github).getByRole('button', { name: 'Restart' }));
  await waitFor(() => expect(fake.calls.find((c) => c.method === 'mcp.restart')?.input).toEqual({ server: 'github' }));
  await user.click(within(github).getByRole('button', { name: 'Turn off' }));
  await waitFor(() => expect(fake.calls.find((c) => c.method === 'mcp.setEnabled')?.input).toEqual({ server: 'github', enabled: false }));

  const proj = within(view).getByRole('region', { name: 'MCP server proj (/w/one)' });
  expect(proj.textContent).toContain('waiting for your approval');
  expect(proj.textContent).toContain('node tools/mcp.js');
  await user.click(within(proj).getByRole('button', { name: 'Approve this command line' }));
  await waitFor(() => expect(fake.calls.find((c) => c.method === 'mcp.approve')?.input).toEqual({ server: 'proj', workspace: '/w/one', approved: true }));

  // A state change pushed by the engine makes the view read the list again.
  overview = { ...overview, servers: [server({ state: 'stopped', pid: null })] };
  const before = fake.calls.filter((c) => c.method === 'mcp.list').length;
  const pushed = { type: 'mcp_server_state', seq: 0, ts: '', sessionId: '', sessionRef: '', sessionName: null, promptId: null, promptRef: null, server: 'github', scope: 'user', workspace: null, state: 'stopped', pid: null, error: null, tools: 1 } satisfies EngineEvent;
  fake.emit(pushed);
  await waitFor(() => expect(fake.calls.filter((c) => c.method === 'mcp.list').length).toBeGreaterThan(before));
  await waitFor(() => expect(within(view).getByRole('region', { name: 'MCP server github' }).textContent).toContain('stopped'));
  expect(within(view).queryByRole('region', { name: 'MCP server db' })).toBeNull();
});

it('the approval card shows what the MCP server says of its tool', async () => {
  const fake = fakeApi({ 'session.list': () => ({ ok: true, value: [summary('sess-1', 'a1b2c3', '/w/one')] }) });
  renderPanel(fake);
  await screen.findByRole('textbox', { name: 'Prompt' });
  const ev = eventMaker('sess-1', 'a1b2c3', 10);
  fake.emit(ev('prompt_queued', { text: 'fix it', position: 0 }));
  fake.emit(ev('tool_call', { callId: 'c1', tool: 'mcp__github__delete_repo', input: { repo: 'x' }, decision: asks }));
  fake.emit(ev('approval_requested', {
    approvalId: 'ap-1', approvalRef: 'feed01', callId: 'c1', tool: 'mcp__github__delete_repo', input: { repo: 'x' }, decision: asks,
    alwaysRule: 'mcp__github__delete_repo', hints: { title: 'Delete a repository', destructiveHint: true },
  }));
  const dialog = await screen.findByRole('dialog', { name: 'Approval required' });
  expect(dialog.textContent).toContain('The server says (Delete a repository): destructive — its own claim, not checked.');
});
