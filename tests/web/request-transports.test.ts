import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import type { Engine } from '../../main/core/engine/types';
import { createDispatcher } from '../../main/electron/ipc-dispatcher';
import { createSenderCheck } from '../../main/electron/ipc-sender';
import { startWebHost, type WebHost } from '../../main/web/web-host';
import type { Result } from '../../shared/result';
import { ok } from '../../shared/result';
import { APP_SENDER, fakeHandlers, session } from '../electron/fakes';

/*
 * The same requests sent through the desktop IPC dispatcher and through the browser host's WebSocket (a real
 * server on 127.0.0.1 and a real client) get the same replies: both hand the request to
 * shared/validate-request.ts once their own envelope is unwrapped.
 */

const MISSING = Symbol('no input');

/** What each handler saw, and every internal error reported, per transport. */
const seen = { ipc: [] as unknown[], ws: [] as unknown[] };
const reported = { ipc: [] as string[], ws: [] as string[] };
let current: 'ipc' | 'ws' = 'ipc';

const handlers = fakeHandlers({
  'session.list': (input: never) => {
    seen[current].push(input);
    return ok([session({ status: 'idle' })]);
  },
  'session.get': (input: never) => {
    seen[current].push(input);
    return ok(null);
  },
  'session.create': () => {
    throw new Error('database is locked');
  },
  'prompt.cancel': async () => Promise.reject(new Error('disk full')),
  'config.get': () => ({ rows: [] }),
  'approval.list': () => undefined,
  'prompt.retry': () => ({ ok: false }),
});

const checkSender = createSenderCheck({ windowWebContentsId: () => 7, appUrlPrefixes: ['app://paragents/'] });
const dispatcher = createDispatcher({
  handlers,
  checkSender,
  onInternalError: (channel) => reported.ipc.push(channel.replace('paragents:', '')),
});

let dir: string;
let host: WebHost;
let ws: WebSocket;
let nextId = 1;

beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'paragents-transports-'));
  mkdirSync(join(dir, 'static'));
  writeFileSync(join(dir, 'static', 'index.html'), '<!doctype html><title>panel</title>');
  const engine: Engine = {
    handlers,
    onEvent: () => () => undefined,
    stats: () => ({ slotsInUse: 0, peakSlotsInUse: 0, concurrency: 1 }),
    attachMachines: () => undefined,
    close: async () => undefined,
  };
  host = await startWebHost({ engine, staticDir: join(dir, 'static'), port: 0, onInternalError: (name) => reported.ws.push(name) });
  ws = new WebSocket(`ws://127.0.0.1:${host.port}/ws?token=${host.token}`, { origin: `http://127.0.0.1:${host.port}` });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
});

afterAll(async () => {
  ws?.close();
  await host?.close();
  rmSync(dir, { recursive: true, force: true });
});

function viaIpc(method: string, input: unknown): Promise<Result<unknown>> {
  current = 'ipc';
  return dispatcher.dispatch(`paragents:${method}`, APP_SENDER, input === MISSING ? undefined : input);
}

function viaWebSocket(method: string, input: unknown): Promise<Result<unknown>> {
  current = 'ws';
  const id = nextId++;
  return new Promise((resolve) => {
    const onMessage = (data: WebSocket.RawData) => {
      const msg = JSON.parse(data.toString()) as { id?: unknown; result?: Result<unknown> };
      if (msg.id === id && msg.result) {
        ws.off('message', onMessage);
        resolve(msg.result);
      }
    };
    ws.on('message', onMessage);
    // A missing input is a message without the `input` key.
    ws.send(JSON.stringify(input === MISSING ? { id, method } : { id, method, input }));
  });
}

type Case = [label: string, method: string, input: unknown, expected: Result<unknown>, handlerSaw: unknown[], internal: string[]];

const unknown = (name: string) => `unknown request ${JSON.stringify(name)}: it is not part of the Paragents contract`;

const cases: Case[] = [
  ['an unknown method', 'shell.exec', {}, { ok: false, error: { kind: 'invalid_input', message: unknown('shell.exec') } }, [], []],
  ['a name from Object.prototype', 'constructor', {}, { ok: false, error: { kind: 'invalid_input', message: unknown('constructor') } }, [], []],
  ['a missing input where every field is optional', 'session.list', MISSING, { ok: true, value: [session({ status: 'idle' })] }, [{}], []],
  [
    'a missing input where a field is required',
    'session.get',
    MISSING,
    { ok: false, error: { kind: 'invalid_input', message: 'session.get: invalid input: session: Invalid input: expected string, received undefined' } },
    [],
    [],
  ],
  [
    'an invalid input',
    'session.list',
    { includeClosed: 'yes' },
    { ok: false, error: { kind: 'invalid_input', message: 'session.list: invalid input: includeClosed: Invalid input: expected boolean, received string' } },
    [],
    [],
  ],
  ['an input that is not an object', 'session.list', 'everything', { ok: false, error: { kind: 'invalid_input', message: 'session.list: invalid input: (input): Invalid input: expected object, received string' } }, [], []],
  ['a valid input (unknown keys dropped)', 'session.get', { session: 'a1b2', extra: true }, { ok: true, value: null }, [{ session: 'a1b2' }], []],
  ['a handler throwing', 'session.create', { workspace: '/w' }, { ok: false, error: { kind: 'internal', message: 'session.create failed: database is locked' } }, [], ['session.create']],
  ['a handler rejecting', 'prompt.cancel', { prompt: 'p1' }, { ok: false, error: { kind: 'internal', message: 'prompt.cancel failed: disk full' } }, [], ['prompt.cancel']],
  ['a handler returning a non-Result object', 'config.get', {}, { ok: false, error: { kind: 'internal', message: "config.get: the engine's reply was not a result" } }, [], ['config.get']],
  ['a handler returning nothing', 'approval.list', {}, { ok: false, error: { kind: 'internal', message: "approval.list: the engine's reply was not a result" } }, [], ['approval.list']],
  ['a handler returning a failure without an error', 'prompt.retry', { prompt: 'p1' }, { ok: false, error: { kind: 'internal', message: "prompt.retry: the engine's reply was not a result" } }, [], ['prompt.retry']],
];

describe('every transport answers a request the same way', () => {
  it.each(cases)('%s', async (_label, method, input, expected, handlerSaw, internal) => {
    for (const k of ['ipc', 'ws'] as const) {
      seen[k].length = 0;
      reported[k].length = 0;
    }
    const ipc = await viaIpc(method, input);
    const web = await viaWebSocket(method, input);
    expect(ipc).toEqual(expected);
    expect(web).toEqual(ipc);
    expect(seen.ipc).toEqual(handlerSaw);
    expect(seen.ws).toEqual(handlerSaw);
    expect(reported.ipc).toEqual(internal);
    expect(reported.ws).toEqual(internal);
  });

  it('never sends a stack trace across', async () => {
    const ipc = await viaIpc('session.create', { workspace: '/w' });
    const web = await viaWebSocket('session.create', { workspace: '/w' });
    for (const r of [ipc, web]) expect(JSON.stringify(r)).not.toMatch(/\bat .*\.ts:\d+/);
  });
});
