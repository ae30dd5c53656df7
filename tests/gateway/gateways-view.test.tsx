// @vitest-environment jsdom
// The panel's Gateways view against a fake EngineApi shaped like the contract.
import { afterEach, beforeEach, expect, it } from 'vitest';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { GatewayStatus } from '../../shared';
import { fakeApi } from '../renderer/helpers/fake-api';
import { renderPanel } from '../renderer/helpers/render-panel';

beforeEach(() => localStorage.clear());
afterEach(() => cleanup());

const TOKEN = '123456789:AAHviewTOKENneverShown_0123456789abc';

it('sets the token without showing it, shows a pairing code with its expiry, and unpairs a chat', async () => {
  let status: GatewayStatus = {
    gateway: 'telegram', tokenSet: false, tokenSource: null, connection: 'off', problem: null, bot: null,
    apiRoot: 'https://api.telegram.org', pairCode: null, chats: [],
  };
  const fake = fakeApi({
    'gateway.status': () => ({ ok: true, value: status }),
    'gateway.setToken': ({ token }) => {
      status = { ...status, tokenSet: token !== null, tokenSource: 'keychain', connection: 'connected', bot: 'my_agents_bot' };
      return { ok: true, value: status };
    },
    'gateway.pairCode': () => {
      status = { ...status, pairCode: { code: 'ABCD2345', expiresAt: new Date(Date.now() + 10 * 60_000).toISOString() } };
      return { ok: true, value: status.pairCode! };
    },
    'gateway.unpair': ({ chatId }) => {
      status = { ...status, chats: status.chats.filter((c) => c.chatId !== chatId) };
      return { ok: true, value: status };
    },
  });
  renderPanel(fake);
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Gateways' }));
  const view = screen.getByRole('region', { name: 'Gateways' });
  await within(view).findByText(/Bot token: not set/);
  expect(within(view).getByLabelText('Connection').textContent).toBe('off: no bot token');

  const field = within(view).getByLabelText('Bot token from BotFather') as HTMLInputElement;
  expect(field.type).toBe('password');
  await user.type(field, TOKEN);
  await user.click(within(view).getByRole('button', { name: 'Save token' }));
  await within(view).findByText(/Bot token: set \(in the keychain\)/);
  expect(within(view).getByLabelText('Connection').textContent).toBe('connected as @my_agents_bot');
  expect(fake.calls.find((c) => c.method === 'gateway.setToken')?.input).toEqual({ gateway: 'telegram', token: TOKEN });
  expect((within(view).getByLabelText('Replace the bot token') as HTMLInputElement).value).toBe('');
  expect(view.textContent).not.toContain(TOKEN);

  await user.click(within(view).getByRole('button', { name: 'Show a pairing code' }));
  const code = await within(view).findByLabelText('Pairing code');
  expect(code.textContent).toMatch(/Send \/pair ABCD2345 to the bot in a private chat \(expires in (10|9) minutes\)/);

  status = { ...status, chats: [{ chatId: '1001', name: 'Ada (@ada)', pairedAt: '2030-01-01T10:00:00Z' }] };
  await user.click(within(view).getByRole('button', { name: 'New pairing code' }));
  const chats = await within(view).findByRole('list', { name: 'Paired chats' });
  await within(chats).findByText(/Ada \(@ada\)/);
  await user.click(within(chats).getByRole('button', { name: 'Unpair Ada (@ada)' }));
  await waitFor(() => expect(within(view).getByText('No chat is paired.')).toBeTruthy());
  expect(fake.calls.find((c) => c.method === 'gateway.unpair')?.input).toEqual({ gateway: 'telegram', chatId: '1001' });
});

it('opens with the /gateways command', async () => {
  const fake = fakeApi({ 'gateway.status': () => ({ ok: false, error: { kind: 'invalid_state', message: 'no messenger gateway runs in this engine' } }) });
  renderPanel(fake);
  const user = userEvent.setup();
  const box = await screen.findByRole('textbox', { name: /prompt/i });
  await user.type(box, '/gateways{Enter}');
  const view = await screen.findByRole('region', { name: 'Gateways' });
  expect((await within(view).findByText('no messenger gateway runs in this engine')).className).toBe('form-error');
});
