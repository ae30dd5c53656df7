import { afterEach, expect, it } from 'vitest';
import { existsSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { settled, unwrap } from '../helpers/engine';
import { cleanupTempDirs, tempDir } from '../helpers/temp';
import { ADA, startHarness, type Harness } from './harness';

let h: Harness | null = null;
afterEach(async () => {
  await h?.close();
  h = null;
  cleanupTempDirs();
});

it('keeps the token set through gateway.setToken in config.json (0600) only: never in views, events, the database or logs', async () => {
  h = await startHarness({
    noToken: true,
    script: { rules: [{ when: 'say hi', steps: [{ toolCalls: [{ name: 'Bash', arguments: { command: 'echo hi' } }] }, { content: 'said: {{lastTool}}' }] }] },
  });
  const token = h.telegram.token;
  const handlers = h.engine.handlers;
  expect(unwrap(await handlers['gateway.status']({ gateway: 'telegram' }))).toMatchObject({ tokenSet: false, connection: 'off' });
  const bad = await handlers['gateway.setToken']({ gateway: 'telegram', token: 'not a token' });
  expect(bad.ok).toBe(false);

  const set = unwrap(await handlers['gateway.setToken']({ gateway: 'telegram', token }));
  expect(set).toMatchObject({ tokenSet: true, tokenSource: 'config' });
  const config = join(h.home, 'config.json');
  expect(statSync(config).mode & 0o777).toBe(0o600);
  expect(JSON.parse(readFileSync(config, 'utf8')).telegram.token).toBe(token);
  await h.connection('connected');

  await h.pair(ADA);
  const s = unwrap(await handlers['session.create']({ workspace: tempDir(), name: 'web-api' }));
  const p = unwrap(await handlers['prompt.send']({ session: s.id, text: 'say hi' }));
  const card = await h.message(ADA, 'the approval card', (m) => m.text.includes('Approval needed'));
  h.telegram.press(ADA, card, 'Allow once');
  expect(await settled(h.engine, p.id)).toBe('completed');
  h.telegram.say(ADA, '/status web-api');
  await h.message(ADA, 'the status', (m) => m.text.startsWith('web-api'));

  const views = JSON.stringify([
    unwrap(await handlers['config.get']({})),
    unwrap(await handlers['gateway.status']({ gateway: 'telegram' })),
    unwrap(await handlers['session.events']({})),
  ]);
  expect(views).toContain('"tokenSet":true');
  expect(views).not.toContain(token);
  for (const file of ['paragents.db', 'paragents.db-wal']) {
    const path = join(h.home, file);
    if (existsSync(path)) expect(readFileSync(path).includes(token)).toBe(false);
  }
  expect(h.telegram.allText()).not.toContain(token);
  expect(h.logs.join('\n')).not.toContain(token);

  // Removing it stops the gateway and leaves the rest of config.json.
  expect(unwrap(await handlers['gateway.setToken']({ gateway: 'telegram', token: null }))).toMatchObject({ tokenSet: false, connection: 'off' });
  expect(JSON.parse(readFileSync(config, 'utf8'))).toMatchObject({ defaultProvider: 'scripted', telegram: { apiRoot: h.telegram.apiRoot } });
  expect(readFileSync(config, 'utf8')).not.toContain(token);
});

it('logs failures to reach the Bot API, and a refused token, without the token', async () => {
  const unreachable = 'http://127.0.0.1:9';
  h = await startHarness({ apiRoot: unreachable });
  const token = h.telegram.token;
  const down = await h.logged((l) => l.includes(`cannot reach ${unreachable}`));
  expect(down).toMatch(/trying again in \d+ s/);
  expect(unwrap(await h.engine.handlers['gateway.status']({ gateway: 'telegram' }))).toMatchObject({ connection: 'retrying' });

  // A token the Bot API does not know: the gateway stops and says why.
  const wrong = '987654321:AAwrongTOKENthatTelegramRefuses_xyz';
  await h.close();
  h = await startHarness();
  unwrap(await h.engine.handlers['gateway.setToken']({ gateway: 'telegram', token: wrong }));
  const refused = await h.connection('refused');
  expect(refused.problem).toMatch(/^Telegram refused the bot token \(401 Unauthorized\)/);
  const all = `${h.logs.join('\n')}\n${JSON.stringify(refused)}`;
  expect(all).toContain('refused the bot token');
  expect(all).not.toContain(wrong);
  expect(all).not.toContain(token);
});
