import { chmodSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { EngineEvent, EventOf } from '../../shared/events';

/** A real shell script in `dir`, executable, for a hook's `command`. */
export function writeHook(dir: string, name: string, body: string): string {
  const file = join(dir, name);
  writeFileSync(file, `#!/bin/sh\n${body}\n`);
  chmodSync(file, 0o755);
  return file;
}

type Entry = { matcher?: string; command: string; timeout?: number };

/** A settings document with hooks in Claude Code's shape, plus any other keys. */
export function hookSettings(hooks: Record<string, Entry[]>, extra: Record<string, unknown> = {}): Record<string, unknown> {
  const section: Record<string, unknown[]> = {};
  for (const [event, entries] of Object.entries(hooks)) {
    section[event] = entries.map((e) => ({
      ...(e.matcher !== undefined ? { matcher: e.matcher } : {}),
      hooks: [{ type: 'command', command: e.command, ...(e.timeout !== undefined ? { timeout: e.timeout } : {}) }],
    }));
  }
  return { ...extra, hooks: section };
}

export function writeJson(file: string, doc: unknown): void {
  mkdirSync(join(file, '..'), { recursive: true });
  writeFileSync(file, JSON.stringify(doc, null, 2));
}

export function readJson(file: string): Record<string, unknown> {
  return JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>;
}

export function hookEvents(log: readonly EngineEvent[]): EventOf<'hook_ran'>[] {
  return log.filter((e): e is EventOf<'hook_ran'> => e.type === 'hook_ran');
}

/** Whether a process is there and not a zombie (a killed child whose parent is gone may linger unreaped). */
export function processAlive(pid: number): boolean {
  let stat: string;
  try {
    stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
  } catch {
    return false;
  }
  const state = stat.slice(stat.lastIndexOf(')') + 2).split(' ')[0];
  return state !== 'Z' && state !== 'X';
}

/** The text of every message of every chat request the scripted model server received. */
export function requestTexts(requests: readonly { path: string; body: unknown }[]): string[][] {
  return requests
    .filter((r) => r.path.endsWith('/chat/completions'))
    .map((r) => ((r.body as { messages?: { content?: unknown }[] }).messages ?? []).map((m) => (typeof m.content === 'string' ? m.content : JSON.stringify(m.content ?? ''))));
}
