import { afterEach, expect, it } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { english, render } from '../../shared/i18n';
import { McpConfigReader } from '../../main/core/mcp/config-files';
import { readManagedMcpLists } from '../../main/core/mcp/managed-lists';
import type { McpConfigProblem } from '../../main/core/mcp/config-types';
import { cleanupTempDirs, tempDir } from '../helpers/temp';

afterEach(() => cleanupTempDirs());

const HAN = /[\u4e00-\u9fff]/;

/** Each problem is data: its English is the message, 简体中文 keeps the file and words the rest. */
function expectProblem(p: McpConfigProblem | undefined, message: string): string {
  expect(p?.message).toBe(message);
  expect(english(p!.msg)).toBe(message);
  const zh = render('zh-CN', p!.msg);
  expect(zh).toMatch(HAN);
  expect(zh).toContain(p!.file);
  return zh;
}

it('an mcp.json that is not JSON, or not a file, is a problem written as data', () => {
  const dir = tempDir();
  const file = join(dir, 'mcp.json');
  writeFileSync(file, '{"mcpServers": ');
  const reader = new McpConfigReader();
  const zh = expectProblem(reader.read(file, 'user', null).problems[0], `${file}: invalid JSON at Unexpected end of JSON input`);
  // What the parser said stays as it said it.
  expect(zh).toContain('Unexpected end of JSON input');

  const folder = join(dir, 'folder.json');
  mkdirSync(folder);
  expectProblem(reader.read(folder, 'user', null).problems[0], `${folder}: not a regular file`);
});

it('broken managed lists are problems written as data, and close the servers', () => {
  const file = join(tempDir(), 'managed-settings.json');
  writeFileSync(file, 'not json');
  const invalid = readManagedMcpLists(file);
  expect(invalid.closed).toBe(true);
  expectProblem(invalid.problems[0], `${file}: the managed settings are not valid JSON, so no MCP server is allowed`);

  writeFileSync(file, JSON.stringify({ allowedMcpServers: 'all', deniedMcpServers: [1] }));
  const lists = readManagedMcpLists(file);
  expect(lists.closed).toBe(true);
  const tail = 'must be an array of server names or {"serverName": NAME}; no MCP server is allowed until it is fixed';
  expectProblem(lists.problems[0], `${file}: allowedMcpServers ${tail}`);
  const zh = expectProblem(lists.problems[1], `${file}: deniedMcpServers ${tail}`);
  expect(zh).toContain('deniedMcpServers');
});
