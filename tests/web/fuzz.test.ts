import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { connect } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Fuzz } from './fuzz-inputs';
import { expectServing, openSocket } from './host-fixture';
import { parseAnswer, rawExchange, upgradeRequest, type RawAnswer } from './raw-http';

/*
 * Random bytes at every entry point of a real browser host running in its own process (so an exception that
 * escapes ends it, as it would end `paragents serve`): raw request lines, paths, Cookie/Host/Origin headers and
 * upgrade requests over TCP, random frames after an accepted handshake, and random messages on an authenticated
 * socket. The amount is fixed by the counts below (a time budget only stops a very slow machine early). The seed
 * is fixed; FUZZ_SEED=n explores others.
 */

const ROOT = fileURLToPath(new URL('../../', import.meta.url));
const SEED = Number(process.env.FUZZ_SEED ?? 20_251_101);
const HTTP_REQUESTS = 1500;
const UPGRADE_REQUESTS = 600;
const FRAME_CONNECTIONS = 150;
const SOCKET_MESSAGES = 800;
const CONCURRENCY = 8;
const BUDGET_MS = 6_000;

/** Methods a random message may name: the read-only part of the contract, plus names that are not in it. */
const METHODS = ['session.list', 'session.get', 'session.events', 'approval.list', 'config.get', 'policy.rules', 'journal.list', 'prompt.cancel', 'approval.answer', 'engine.shutdown', '__proto__', 'constructor', 'toString', ''];

let home: string;
let child: ChildProcess;
let port: number;
let token: string;
let stderr = '';
let exited: Promise<number | null>;

beforeAll(async () => {
  home = mkdtempSync(join(tmpdir(), 'paragents-fuzz-'));
  child = spawn(process.execPath, [join(ROOT, 'bin', 'run-ts.js'), join(ROOT, 'tests', 'web', 'host-process.ts'), home], { stdio: ['ignore', 'pipe', 'pipe'] });
  child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()));
  exited = new Promise((resolve) => child.once('exit', (code) => resolve(code)));
  const first = await new Promise<string>((resolve, reject) => {
    createInterface({ input: child.stdout! }).once('line', resolve);
    void exited.then((code) => reject(new Error(`the host process exited (${code}) before listening: ${stderr}`)));
  });
  ({ port, token } = JSON.parse(first) as { port: number; token: string });
}, 60_000);

afterAll(async () => {
  if (child && child.exitCode === null) {
    child.kill('SIGTERM');
    await exited;
  }
  rmSync(home, { recursive: true, force: true });
});

/** Runs `count` cases, `CONCURRENCY` at a time, starting no new case once the deadline has passed. */
async function runCases(count: number, deadline: number, run: (i: number) => Promise<void>): Promise<number> {
  let next = 0;
  const worker = async () => {
    while (next < count && Date.now() < deadline) await run(next++);
  };
  await Promise.all(Array.from({ length: CONCURRENCY }, worker));
  return next;
}

/** Sends an accepted handshake, then `frames` once the 101 has arrived; resolves when the host closes. */
function framesAfterHandshake(frames: Buffer): Promise<RawAnswer> {
  const handshake = upgradeRequest('/ws', [`Host: 127.0.0.1:${port}`, `Origin: http://127.0.0.1:${port}`, `Cookie: paragents_${port}=${token}`]);
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let sent = false;
    const socket = connect({ host: '127.0.0.1', port });
    const timer = setTimeout(() => socket.destroy(), 10_000);
    socket.on('data', (c: Buffer) => {
      chunks.push(c);
      if (!sent && Buffer.concat(chunks).includes('\r\n\r\n')) {
        sent = true;
        socket.write(frames);
        socket.end();
      }
    });
    socket.on('error', () => socket.destroy());
    socket.on('close', () => {
      clearTimeout(timer);
      resolve(parseAnswer(Buffer.concat(chunks)));
    });
    socket.write(handshake);
  });
}

const show = (b: Buffer) => JSON.stringify(b.toString('latin1').slice(0, 200));

describe('browser host fuzz', () => {
  it(`answers random requests, upgrades, frames and messages with a 4xx or a reply, and keeps serving (seed ${SEED})`, async () => {
    const fuzz = new Fuzz(SEED, port, token);
    const deadline = Date.now() + BUDGET_MS;
    const failures: string[] = [];
    const statuses = new Set<number | null>();
    const check = (what: string, input: Buffer, answer: RawAnswer) => {
      statuses.add(answer.status);
      if (answer.status !== null && answer.status >= 500) failures.push(`${what} ${show(input)} → ${answer.status}`);
    };

    // Plain requests: random bytes, then assembled request lines and headers (some mangled).
    // A clean request is complete as sent and asks for `Connection: close`, so it need not half-close.
    const inputs = Array.from({ length: HTTP_REQUESTS }, (_, i) => (i % 10 === 0 ? { bytes: fuzz.bytes(300), clean: false } : fuzz.request(false)));
    const httpRun = await runCases(inputs.length, deadline, async (i) => {
      const { bytes, clean } = inputs[i]!;
      check('request', bytes, await rawExchange(port, bytes, { halfClose: !clean }));
    });

    const upgrades = Array.from({ length: UPGRADE_REQUESTS }, () => fuzz.request(true).bytes);
    const upgradeRun = await runCases(upgrades.length, deadline, async (i) => check('upgrade', upgrades[i]!, await rawExchange(port, upgrades[i]!)));

    const frames = Array.from({ length: FRAME_CONNECTIONS }, () => fuzz.frames());
    const frameRun = await runCases(frames.length, deadline, async (i) => {
      const answer = await framesAfterHandshake(frames[i]!);
      if (answer.status !== 101) failures.push(`handshake before frames ${show(frames[i]!)} → ${answer.status}`);
    });

    // Messages on one authenticated socket: every message gets exactly one reply, never an internal error.
    const ws = await openSocket(port, token);
    const replies: Array<{ id: unknown; result: { ok: boolean; error?: { kind: string } } }> = [];
    let sent = 0;
    const allAnswered = new Promise<void>((resolve, reject) => {
      ws.on('message', (data) => {
        const msg = JSON.parse(data.toString()) as { id?: unknown; result?: { ok: boolean; error?: { kind: string } }; event?: unknown };
        if (msg.result) replies.push({ id: msg.id, result: msg.result });
        if (replies.length === SOCKET_MESSAGES) resolve();
      });
      ws.once('close', (code) => reject(new Error(`the socket closed (${code}) after ${replies.length} of ${sent} replies`)));
    });
    for (; sent < SOCKET_MESSAGES; sent++) {
      if (fuzz.chance(0.1)) ws.send(fuzz.bytes(200), { binary: true });
      else ws.send(fuzz.message(METHODS));
    }
    await allAnswered;
    ws.close();
    for (const r of replies) if (r.result.error?.kind === 'internal') failures.push(`message reply ${JSON.stringify(r)}`);

    // A message over the size limit closes that socket (1009), and only that socket.
    const big = await openSocket(port, token);
    const closed = new Promise<number>((resolve) => big.once('close', (code) => resolve(code)));
    big.send('x'.repeat(5 * 1024 * 1024));
    expect(await closed).toBe(1009);

    expect(failures).toEqual([]);
    expect(child.exitCode, stderr).toBeNull();
    expect(stderr).not.toContain('internal error');
    // Every entry point was reached, not only the HTTP parser's refusals.
    if (httpRun === HTTP_REQUESTS && upgradeRun === UPGRADE_REQUESTS) {
      for (const s of [101, 200, 303, 400, 401, 403, 404, 421]) expect(statuses, `status ${s} among ${[...statuses].join(',')}`).toContain(s);
    }
    expect(httpRun + upgradeRun + frameRun).toBeGreaterThan(0);

    const still = await expectServing(port, token);
    expect(still.page).toBe(200);
    expect(still.list.result.ok).toBe(true);
  }, 60_000);

  it('stops cleanly afterwards: exit code 0 and no engine.lock left behind', async () => {
    child.kill('SIGTERM');
    expect(await exited).toBe(0);
    expect(existsSync(join(home, 'data', 'engine.lock'))).toBe(false);
  });
});
