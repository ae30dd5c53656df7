// `paragents gateway telegram …` as a real process: on its own (set-token writes config.json), and beside a real
// `paragents serve`, whose engine holds the gateway (pair, status and unpair reach it through the local endpoint).
import { afterEach, expect, it } from 'vitest';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { startFakeTelegram, type FakeTelegram } from '../fixtures/telegram-api-server';
import { runCli } from '../helpers/cli';
import { cleanupTempDirs, makeHome } from '../helpers/temp';
import { killCliProcesses, startCli } from '../cli/cli-process';
import { ADA } from './harness';

let telegram: FakeTelegram | null = null;
afterEach(async () => {
  killCliProcesses();
  await telegram?.close();
  telegram = null;
  cleanupTempDirs();
});

it('set-token reads the token from stdin and keeps it in config.json (0600) without printing it; pair needs a running engine', async () => {
  const home = makeHome('http://127.0.0.1:9/v1');
  const token = '123456789:AAHcliTOKENnotPrinted_0123456789abcd';
  const set = await runCli(['gateway', 'telegram', 'set-token'], { home, input: `${token}\n` });
  expect(set.code).toBe(0);
  expect(set.stdout).toContain('token saved in');
  expect(set.stdout + set.stderr).not.toContain(token);
  const config = join(home, 'config.json');
  expect(statSync(config).mode & 0o777).toBe(0o600);
  expect(JSON.parse(readFileSync(config, 'utf8')).telegram.token).toBe(token);

  const status = await runCli(['gateway', 'telegram', 'status'], { home });
  expect(status.stdout).toContain('token: set (config.json)');
  expect(status.stdout).not.toContain(token);

  const bad = await runCli(['gateway', 'telegram', 'set-token'], { home, input: 'hunter2\n' });
  expect(bad.code).toBe(2);
  expect(bad.stderr).toContain('that is not a bot token');
  expect(bad.stderr).not.toContain('hunter2');

  const pair = await runCli(['gateway', 'telegram', 'pair'], { home });
  expect(pair.code).toBe(1);
  expect(pair.stderr).toContain('no Paragents engine is running');
});

it('pairs, lists and unpairs a chat of the gateway that `paragents serve` runs', async () => {
  telegram = await startFakeTelegram();
  const fake = telegram;
  const home = makeHome('http://127.0.0.1:9/v1', { telegram: { token: fake.token, apiRoot: fake.apiRoot } });
  const serve = startCli(['serve'], { home });
  await serve.waitFor('stdout', /http:\/\/127\.0\.0\.1:\d+\/\?token=\S+/);

  const pair = await runCli(['gateway', 'telegram', 'pair'], { home });
  expect(pair.code).toBe(0);
  const code = /\/pair ([A-Z2-9]{8})/.exec(pair.stdout)?.[1];
  expect(code).toBeDefined();
  fake.say(ADA, `/pair ${code}`);
  await fake.waitFor('the pairing reply', () => fake.messages.find((m) => m.chatId === ADA.id && m.text.startsWith('✅ Paired')));

  const status = await runCli(['gateway', 'telegram', 'status'], { home });
  expect(status.stdout).toContain('connection: connected as @paragents_test_bot');
  expect(status.stdout).toContain(`paired chat ${ADA.id}: Ada (@ada)`);
  expect(status.stdout + serve.stderr()).not.toContain(fake.token);

  const unpair = await runCli(['gateway', 'telegram', 'unpair', String(ADA.id)], { home });
  expect(unpair.code).toBe(0);
  await fake.waitFor('the unpaired notice', () => fake.messages.find((m) => m.chatId === ADA.id && m.text.startsWith('This chat was unpaired')));

  serve.child.kill('SIGINT');
  expect((await serve.exited).code).toBe(0);
});
