import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { setTimeout as delay } from 'node:timers/promises';
import { fileWritten } from '../helpers/wait-file';

export const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const RUN_TS = join(ROOT, 'bin', 'run-ts.js');
const TEST_SERVER = join(ROOT, 'tests', 'fixtures', 'mcp-test-server.ts');
export const EVERYTHING_SERVER = join(ROOT, 'node_modules', '@modelcontextprotocol', 'server-everything', 'dist', 'index.js');

/** A unique word on the server's command line, so tests can count its processes. */
export function newTag(): string {
  return `mcp-tag-${randomUUID()}`;
}

/** An mcp.json entry that starts the test server (tests/fixtures/mcp-test-server.ts) over stdio. */
export function testServerEntry(tag: string, logFile: string, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const env = { MCP_TEST_LOG: logFile, ...((extra.env as Record<string, string> | undefined) ?? {}) };
  return { command: process.execPath, args: [RUN_TS, TEST_SERVER, '--tag', tag], ...extra, env };
}

export function writeMcpJson(file: string, servers: Record<string, unknown>, extra: Record<string, unknown> = {}): void {
  writeFileSync(file, JSON.stringify({ ...extra, mcpServers: servers }, null, 2));
}

/** Live processes whose command line holds `word` (zombies left out). */
export function processesWith(word: string): number[] {
  const out: number[] = [];
  for (const name of readdirSync('/proc')) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const cmd = readFileSync(`/proc/${name}/cmdline`, 'utf8');
      if (!cmd.split('\0').includes(word)) continue;
      const stat = readFileSync(`/proc/${name}/stat`, 'utf8');
      const state = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0];
      if (state !== 'Z' && state !== 'X') out.push(Number(name));
    } catch {
      // The process ended while we looked.
    }
  }
  return out;
}

/** Whether the process is there and not a zombie. */
export function isAlive(pid: number): boolean {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const state = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0];
    return state !== 'Z' && state !== 'X';
  } catch {
    return false;
  }
}

export interface LogLine {
  event: string;
  pid: number;
  [k: string]: unknown;
}

export function readLog(file: string): LogLine[] {
  if (!existsSync(file)) return [];
  return readFileSync(file, 'utf8')
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((l) => JSON.parse(l) as LogLine);
}

/** Waits until a condition holds, checking every 25 ms; fails after `timeoutMs` with `what`. */
export async function waitFor<T>(what: string, check: () => T | null | undefined | false, timeoutMs = 20_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await delay(25);
  }
}

/** Waits for a line of the server's log (woken by the log's folder changing; a line still being written is not read). */
export async function logLine(file: string, event: string, pred: (l: LogLine) => boolean = () => true): Promise<LogLine> {
  let found: LogLine | undefined;
  const complete = (text: string): LogLine[] => text.split('\n').slice(0, -1).filter((l) => l.trim() !== '').map((l) => JSON.parse(l) as LogLine);
  await fileWritten(file, (text) => (found = complete(text).find((l) => l.event === event && pred(l))) !== undefined);
  return found!;
}
