// The CLI beside the app: `paragents serve` holds the data folder in its own process, and `paragents run` started
// next to it joins that engine through the folder's local endpoint. Everything is a real process: the scripted
// model server over HTTP, serve, the commands, a WebSocket client of serve and real Chromium.
import { afterEach, describe, expect, it } from 'vitest';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import WebSocket from 'ws';
import type { Browser } from 'playwright-core';
import type { EngineEvent } from '../../shared/events';
import { jsonLines, runCli } from '../helpers/cli';
import { tempDir } from '../helpers/temp';
import { haveChromium, launchChromium } from '../e2e/harness';
import { killCliProcesses, startCli, type CliProcess } from './cli-process';
import { useEngineFixture } from '../helpers/engine-fixture';

const fx = useEngineFixture({
  scope: 'file',
  script: {
    rules: [
      // Write asks for approval in the default mode.
      { when: 'write the beside report', steps: [{ toolCalls: [{ name: 'Write', arguments: { path: 'report.md', content: '# beside\n' } }] }, { content: 'report written' }] },
      { when: 'write the panel report', steps: [{ toolCalls: [{ name: 'Write', arguments: { path: 'panel.md', content: '# panel\n' } }] }, { content: 'panel report written' }] },
      { when: 'hold the first line', steps: [{ content: 'first held', gate: 'first' }] },
      { when: 'hold the second line', steps: [{ content: 'second held', gate: 'second' }] },
      { when: 'hold the third line', steps: [{ content: 'third held', gate: 'third' }] },
      { when: 'hold the fourth line', steps: [{ content: 'fourth held', gate: 'fourth' }] },
      { when: 'hold the fifth line', steps: [{ content: 'fifth held', gate: 'fifth' }] },
      { when: 'hold the sixth line', steps: [{ content: 'sixth held', gate: 'sixth' }] },
    ],
  },
});
afterEach(() => killCliProcesses());

interface Served {
  serve: CliProcess;
  url: string;
  port: number;
  /** The panel's cookie, as the browser holds it after its first load with the token. */
  cookie: string;
  stop(): Promise<void>;
}

async function startServe(home: string): Promise<Served> {
  const serve = startCli(['serve'], { home });
  const [url] = await serve.waitFor('stdout', /http:\/\/127\.0\.0\.1:\d+\/\?token=\S+/);
  const port = Number(new URL(url).port);
  const first = await fetch(url, { redirect: 'manual' });
  expect(first.status).toBe(303);
  const cookie = first.headers.get('set-cookie')!.split(';')[0]!;
  return {
    serve,
    url,
    port,
    cookie,
    async stop() {
      serve.child.kill('SIGINT');
      expect((await serve.exited).code).toBe(0);
      expect(existsSync(join(home, 'engine.lock'))).toBe(false);
    },
  };
}

/** A WebSocket client of serve (what the panel opens), recording every pushed event. */
type Asked = Extract<EngineEvent, { type: 'approval_requested' }>;

async function socketOf(served: Served): Promise<{
  ws: WebSocket;
  events: EngineEvent[];
  /** The approval card of the named session the panel was sent (now or later). */
  asked(sessionName: string): Promise<Asked>;
  call(method: string, input: unknown): Promise<{ ok: boolean; value?: unknown; error?: { message: string } }>;
}> {
  const ws = new WebSocket(`ws://127.0.0.1:${served.port}/ws`, { origin: `http://127.0.0.1:${served.port}`, headers: { cookie: served.cookie } });
  await new Promise<void>((resolve, reject) => {
    ws.once('open', () => resolve());
    ws.once('error', reject);
  });
  const events: EngineEvent[] = [];
  const watchers = new Set<(e: EngineEvent) => void>();
  const replies = new Map<number, (result: { ok: boolean }) => void>();
  ws.on('message', (data: WebSocket.RawData) => {
    const msg = JSON.parse(data.toString()) as { event?: EngineEvent; id?: number; result?: { ok: boolean } };
    if (msg.event) {
      events.push(msg.event);
      for (const watch of [...watchers]) watch(msg.event);
    } else if (typeof msg.id === 'number') replies.get(msg.id)?.(msg.result!);
  });
  const isCard = (name: string) => (e: EngineEvent): e is Asked => e.type === 'approval_requested' && e.sessionName === name;
  let next = 1;
  return {
    ws,
    events,
    asked: (name) =>
      new Promise((resolve) => {
        const seen = events.find(isCard(name));
        if (seen) return resolve(seen);
        const watch = (e: EngineEvent): void => {
          if (!isCard(name)(e)) return;
          watchers.delete(watch);
          resolve(e);
        };
        watchers.add(watch);
      }),
    call(method, input) {
      const id = next++;
      return new Promise((resolve) => {
        replies.set(id, resolve);
        ws.send(JSON.stringify({ id, method, input }));
      });
    },
  };
}

describe('paragents run beside paragents serve', () => {
  it('joins the running engine: its events reach a client of serve, which answers its approval; the terminal hears it', async () => {
    const home = fx.home();
    const ws = tempDir();
    const served = await startServe(home);
    const panel = await socketOf(served);
    try {
      // --approve ask with the terminal open: the question waits on both sides.
      const run = startCli(['run', '--workspace', ws, '--prompt', 'write the beside report', '--session', 'beside', '--approve', 'ask'], { home });
      await run.waitFor('stderr', /allow\? \[y\]es once/);
      const asked = await panel.asked('beside');

      const answered = await panel.call('approval.answer', { approval: asked.approvalId, answer: { kind: 'allow_once' } });
      expect(answered.ok).toBe(true);
      const exit = await run.exited;

      expect(run.stderr()).toContain(`approval ${asked.approvalRef} answered elsewhere: allowed once`);
      expect(run.stderr()).not.toMatch(/another Paragents process/);
      expect(exit.code).toBe(0);
      expect(run.stdout()).toMatch(/completed: report written/);
      expect(readFileSync(join(ws, 'report.md'), 'utf8')).toBe('# beside\n');
      // The prompt's life as the panel saw it, live.
      const seen = panel.events.filter((e) => e.sessionName === 'beside').map((e) => e.type);
      for (const type of ['session_created', 'prompt_queued', 'turn_started', 'tool_call', 'approval_requested', 'approval_resolved', 'tool_result', 'turn_completed']) {
        expect(seen).toContain(type);
      }
      // serve kept the folder all along.
      expect(readFileSync(join(home, 'engine.lock'), 'utf8').trim()).toBe(String(served.serve.pid));
    } finally {
      panel.ws.close();
      await served.stop();
    }
  }, 60_000);

  it('its --approve applies to its own prompts only: a prompt the panel sends to the same engine still asks', async () => {
    const home = fx.home();
    const ws = tempDir();
    const served = await startServe(home);
    const panel = await socketOf(served);
    try {
      const run = await runCli(['run', '--workspace', ws, '--prompt', 'write the beside report', '--session', 'approved', '--approve', 'all'], { home });
      expect(run.stderr).toBe('');
      expect(run.code).toBe(0);
      expect(readFileSync(join(ws, 'report.md'), 'utf8')).toBe('# beside\n');

      const other = tempDir();
      const created = await panel.call('session.create', { workspace: other, name: 'asking' });
      expect(created.ok).toBe(true);
      const sent = await panel.call('prompt.send', { session: 'asking', text: 'write the panel report' });
      expect(sent.ok).toBe(true);
      const asked = await panel.asked('asking');
      expect(existsSync(join(other, 'panel.md'))).toBe(false);
      expect((await panel.call('approval.answer', { approval: asked.approvalId, answer: { kind: 'deny' } })).ok).toBe(true);
    } finally {
      panel.ws.close();
      await served.stop();
    }
  }, 60_000);

  it('says in one sentence that the engine went away when serve stops under a running prompt, exit 1', async () => {
    const home = fx.home();
    const ws = tempDir();
    const served = await startServe(home);
    const run = startCli(['run', '--workspace', ws, '--prompt', 'hold the fourth line', '--session', 'orphan', '--approve', 'never'], { home });
    await fx.server.reached('fourth');
    await served.stop();
    const exit = await run.exited;
    expect(exit.code).toBe(1);
    expect(run.stderr().trim()).toBe(`paragents: the Paragents engine (pid ${served.serve.pid}) closed the connection; the prompts of this command stop with it`);
  }, 60_000);

  it.skipIf(!haveChromium())('its approval is answered in the panel in Chromium: "Allow once" on the approval card', async () => {
    const home = fx.home();
    const ws = tempDir();
    const served = await startServe(home);
    let browser: Browser | null = null;
    try {
      browser = await launchChromium();
      const page = await browser.newPage({ viewport: { width: 1300, height: 850 } });
      await page.goto(served.url);
      await page.getByRole('button', { name: 'New session', exact: true }).waitFor();

      const run = startCli(['run', '--workspace', ws, '--prompt', 'write the panel report', '--session', 'panelled', '--approve', 'ask'], { home });
      await run.waitFor('stderr', /allow\? \[y\]es once/);
      const session = page.getByRole('list', { name: 'Sessions' }).getByRole('button', { name: /^panelled/ });
      await session.waitFor({ timeout: 15_000 });
      await session.click();
      const card = page.getByRole('dialog', { name: 'Approval required' });
      await card.waitFor({ timeout: 15_000 });
      await expect.poll(async () => (await card.textContent()) ?? '').toContain('panel.md');
      await card.getByRole('button', { name: 'Allow once', exact: true }).click();

      const exit = await run.exited;
      expect(run.stderr()).toMatch(/approval \S+ answered elsewhere: allowed once/);
      expect(exit.code).toBe(0);
      expect(readFileSync(join(ws, 'panel.md'), 'utf8')).toBe('# panel\n');
      await page.getByRole('region', { name: 'Transcript', exact: true }).getByText('panel report written').waitFor({ timeout: 15_000 });
    } finally {
      await browser?.close();
      await served.stop();
    }
  }, 90_000);
});

describe('commands beside a command that holds the folder', () => {
  it('sessions list works while a run holds the folder, and lists both sessions', async () => {
    const home = fx.home();
    const ws = tempDir();
    const earlier = await runCli(['run', '--workspace', ws, '--prompt', 'say hello', '--session', 'earlier', '--approve', 'never'], { home });
    expect(earlier.code).toBe(0);

    const run = startCli(['run', '--workspace', ws, '--prompt', 'hold the first line', '--session', 'holding', '--approve', 'never'], { home });
    await fx.server.reached('first');
    expect(readFileSync(join(home, 'engine.lock'), 'utf8').trim()).toBe(String(run.pid));

    const list = await runCli(['sessions', 'list', '--json'], { home });
    expect(list.stderr).toBe('');
    expect(list.code).toBe(0);
    const sessions = jsonLines(list.stdout);
    expect(sessions.map((s) => [s.name, s.status]).sort()).toEqual([
      ['earlier', 'completed'],
      ['holding', 'running'],
    ]);

    fx.server.openGate('first');
    expect((await run.exited).code).toBe(0);
    expect(existsSync(join(home, 'engine.lock'))).toBe(false);
  });

  it('a command that holds the folder keeps serving the prompts of commands that joined it, then both finish', async () => {
    const home = fx.home();
    const ws = tempDir();
    const host = startCli(['run', '--workspace', ws, '--prompt', 'hold the second line', '--session', 'host', '--approve', 'never'], { home });
    await fx.server.reached('second');
    const guest = startCli(['run', '--workspace', ws, '--prompt', 'hold the third line', '--session', 'guest', '--approve', 'never', '--json'], { home });
    await fx.server.reached('third');

    fx.server.openGate('second');
    await host.waitFor('stderr', /waiting for 1 prompt of other paragents commands…/);
    expect(host.child.exitCode).toBeNull();
    // The host printed only its own prompt; the guest only its own.
    expect(host.stdout()).not.toMatch(/\[S:guest\]/);

    fx.server.openGate('third');
    expect((await guest.exited).code).toBe(0);
    expect((await host.exited).code).toBe(0);
    expect(jsonLines(guest.stdout()).every((e) => e.session === 'guest')).toBe(true);
    expect(jsonLines(guest.stdout()).map((e) => e.type)).toContain('turn_completed');
    expect(existsSync(join(home, 'engine.lock'))).toBe(false);
  });

  it('Ctrl-C on a command that waits for the prompts of commands that joined it cancels those too', async () => {
    const home = fx.home();
    const ws = tempDir();
    const host = startCli(['run', '--workspace', ws, '--prompt', 'hold the fifth line', '--session', 'host2', '--approve', 'never'], { home });
    await fx.server.reached('fifth');
    const guest = startCli(['run', '--workspace', ws, '--prompt', 'hold the sixth line', '--session', 'guest2', '--approve', 'never', '--json'], { home });
    await fx.server.reached('sixth');
    fx.server.openGate('fifth');
    await host.waitFor('stderr', /waiting for 1 prompt of other paragents commands…/);

    host.child.kill('SIGINT');
    expect((await guest.exited).code).toBe(1);
    expect(jsonLines(guest.stdout()).map((e) => e.type)).toContain('turn_cancelled');
    // The host's own prompt had completed.
    expect((await host.exited).code).toBe(0);
    expect(existsSync(join(home, 'engine.lock'))).toBe(false);
    const list = jsonLines((await runCli(['sessions', 'list', '--json'], { home })).stdout);
    expect(list.map((s) => [s.name, s.status]).sort()).toEqual([
      ['guest2', 'idle'],
      ['host2', 'completed'],
    ]);
  });

  it('sessions list with no engine running takes no lock and starts no endpoint', async () => {
    const home = fx.home();
    const list = await runCli(['sessions', 'list'], { home });
    expect(list.code).toBe(0);
    expect(list.stdout.trim()).toBe('no sessions');
    expect(existsSync(join(home, 'engine.lock'))).toBe(false);
    // An engine that started would have made its endpoint folder.
    expect(existsSync(join(home, 'run'))).toBe(false);
  });

  it('the read-only commands read a folder held by a process that cannot be joined; a command that writes is refused in one sentence', async () => {
    const home = fx.home();
    const ws = tempDir();
    expect((await runCli(['run', '--workspace', ws, '--prompt', 'write the beside report', '--session', 'done', '--approve', 'all'], { home })).code).toBe(0);
    // A live process (this test's) holds the lock and listens on no endpoint.
    writeFileSync(join(home, 'engine.lock'), String(process.pid));

    const list = await runCli(['sessions', 'list', '--json'], { home });
    expect(list.code).toBe(0);
    expect(jsonLines(list.stdout).map((s) => [s.name, s.status])).toEqual([['done', 'completed']]);
    const show = await runCli(['sessions', 'show', 'done'], { home });
    expect(show.code).toBe(0);
    expect(show.stdout).toContain('report written');
    const journal = await runCli(['journal', 'list', '--json'], { home });
    expect(journal.code).toBe(0);
    expect(jsonLines(journal.stdout).map((e) => e.path)).toEqual([join(ws, 'report.md')]);
    const config = await runCli(['config', 'show'], { home });
    expect(config.code).toBe(0);
    expect(config.stdout).toContain('provider scripted');
    expect(readFileSync(join(home, 'engine.lock'), 'utf8')).toBe(String(process.pid));

    const fork = await runCli(['sessions', 'fork', 'done'], { home });
    expect(fork.code).toBe(2);
    expect(fork.stderr.trim()).toBe(`paragents sessions fork: another Paragents process (pid ${process.pid}) is using the data folder ${home}; close it, or set PARAGENTS_HOME to another folder`);
  });
});
