import { afterEach, expect, it } from 'vitest';
import { join } from 'node:path';
import { english, render, translate } from '../../shared/i18n';
import { settled, unwrap } from '../helpers/engine';
import { cleanupTempDirs, tempDir } from '../helpers/temp';
import { hookSettings, writeHook, writeJson } from '../hooks/helpers';
import { gatewayRequests } from '../../main/core/engine/gateway-requests';
import { ADA, startHarness, type Harness } from './harness';

let h: Harness | null = null;
afterEach(async () => {
  await h?.close();
  h = null;
  cleanupTempDirs();
});

const HAN = /[\u4e00-\u9fff]/;
const SCRIPT = { rules: [{ when: 'say hi', steps: [{ toolCalls: [{ name: 'Bash', arguments: { command: 'echo hi' } }] }, { content: 'said: {{lastTool}}' }] }] };

it('in 简体中文 the gateway sends the engine\'s sentences from their Msg: a hook\'s approval reason, a refused prompt, a refusal', async () => {
  h = await startHarness({ script: SCRIPT, env: { PARAGENTS_LANG: 'zh-CN' } });
  const scripts = tempDir();
  // Absolute paths: the engine runs hooks with an empty environment here.
  const asker = writeHook(scripts, 'ask.sh', `/bin/cat > /dev/null\necho '{"decision": "ask", "reason": "shell is reviewed"}'`);
  const guard = writeHook(scripts, 'guard.sh', `input=$(/bin/cat)\ncase "$input" in *password*) exit 2;; esac\nexit 0`);
  writeJson(join(h.home, 'settings.json'), hookSettings({ PreToolUse: [{ matcher: 'Bash', command: asker }], UserPromptSubmit: [{ command: guard }] }));
  await h.pair(ADA);
  const session = unwrap(await h.engine.handlers['session.create']({ workspace: tempDir(), name: 'web-api' })).id;

  // The approval card: the hook's reason rendered in Chinese, its own words kept.
  const p = unwrap(await h.engine.handlers['prompt.send']({ session, text: 'say hi' }));
  const card = await h.message(ADA, 'the approval card', (m) => m.text.startsWith('🔐'));
  const pending = unwrap(await h.engine.handlers['approval.list']({})).find((a) => a.sessionId === session)!;
  expect(pending.decision.reason).toBe(`\`echo hi\` needs approval in default mode; asked by hook \`${asker}\` (user settings): shell is reviewed`);
  const reasonZh = render('zh-CN', pending.decision.reasonMsg!);
  expect(reasonZh).toMatch(HAN);
  expect(card.text).toContain(reasonZh);
  expect(card.text).toContain('shell is reviewed');
  expect(card.text).not.toMatch(/asked by hook|needs approval in/);
  h.telegram.press(ADA, card, translate('zh-CN', 'gateway.approval.allowOnce'));
  expect(await settled(h.engine, p.id)).toBe('completed');

  // A prompt a hook refuses: the failure notice renders the refusal in Chinese.
  const refused = unwrap(await h.engine.handlers['prompt.send']({ session, text: 'my password' }));
  expect(await settled(h.engine, refused.id)).toBe('failed');
  const silent = translate('zh-CN', 'notices.hook.exit2Silent');
  const note = await h.message(ADA, 'the failure notice', (m) => m.text.includes(silent));
  expect(note.text).not.toMatch(/refused by|wrote nothing to stderr|settings\)/);
  expect(note.text).toMatch(HAN);

  // The host's refusals are data too: an unknown chat, a token that is not one (asked in process, past the
  // transports' validation).
  for (const r of [await h.gateways.handlers['gateway.unpair']({ gateway: 'telegram', chatId: '42' }), await h.gateways.handlers['gateway.setToken']({ gateway: 'telegram', token: 'nope' })]) {
    expect(r.ok).toBe(false);
    if (!r.ok) {
      expect(english(r.error.msg!)).toBe(r.error.message);
      expect(render('zh-CN', r.error.msg!)).toMatch(HAN);
    }
  }
});

it('an engine without gateways refuses their requests with a sentence as data', async () => {
  const r = await gatewayRequests(undefined)['gateway.status']({ gateway: 'telegram' });
  expect(r.ok).toBe(false);
  if (!r.ok) {
    expect(r.error.message).toBe('no messenger gateway runs in this engine: the desktop app and `paragents serve` run the Telegram gateway');
    expect(english(r.error.msg!)).toBe(r.error.message);
    expect(render('zh-CN', r.error.msg!)).toMatch(HAN);
  }
});

it('why the gateway is not connected is a sentence as data, Telegram\'s words kept as a value', async () => {
  h = await startHarness({ env: { PARAGENTS_LANG: 'zh-CN' } });
  h.telegram.fail('getUpdates', 401, 5);
  const status = await h.connection('refused');
  expect(status.connection).toBe('refused');
  expect(status.problem).toMatch(/^Telegram refused the bot token \(401 .*\): set a new one$/);
  expect(english(status.problemMsg!)).toBe(status.problem);
  expect(render('zh-CN', status.problemMsg!)).toMatch(HAN);
});
