import { describe, expect, it, vi } from 'vitest';
import { requestNames } from '../../shared/api';
import { ok } from '../../shared/result';
import { requestChannel } from '../../shared/ipc-channels';
import { createDispatcher } from '../../main/electron/ipc-dispatcher';
import { createSenderCheck } from '../../main/electron/ipc-sender';
import { APP_SENDER, fakeHandlers, session } from './fakes';

const checkSender = createSenderCheck({ windowWebContentsId: () => 7, appUrlPrefixes: ['app://paragents/'] });

describe('IPC dispatcher', () => {
  it('registers exactly one channel per contract request', () => {
    const dispatcher = createDispatcher({ handlers: fakeHandlers(), checkSender });
    expect([...dispatcher.channels].sort()).toEqual(requestNames.map(requestChannel).sort());
  });

  it('round-trips a valid call with the parsed input', async () => {
    const create = vi.fn((input: { workspace: string }) => ok(session({ workspace: input.workspace })));
    const dispatcher = createDispatcher({ handlers: fakeHandlers({ 'session.create': create }), checkSender });
    const result = await dispatcher.dispatch('paragents:session.create', APP_SENDER, { workspace: '/w', extra: 'dropped' });
    expect(result).toEqual({ ok: true, value: session({ workspace: '/w' }) });
    expect(create).toHaveBeenCalledWith({ workspace: '/w' });
  });

  it.each([
    ['another webContents', { ...APP_SENDER, webContentsId: 8 }],
    ['a subframe', { ...APP_SENDER, isMainFrame: false }],
    ['a remote page', { ...APP_SENDER, frameUrl: 'https://evil.example/' }],
    ['a look-alike host', { ...APP_SENDER, frameUrl: 'app://paragents.evil/index.html' }],
    ['a file:// page', { ...APP_SENDER, frameUrl: 'file:///tmp/index.html' }],
    ['a destroyed frame', { ...APP_SENDER, frameUrl: null }],
  ])('refuses %s as data, without calling the engine', async (_label, sender) => {
    const create = vi.fn(() => ok(session()));
    const dispatcher = createDispatcher({ handlers: fakeHandlers({ 'session.create': create }), checkSender });
    const result = await dispatcher.dispatch('paragents:session.create', sender, { workspace: '/w' });
    expect(result.ok).toBe(false);
    if (!result.ok) expect(result.error.kind).toBe('policy');
    expect(create).not.toHaveBeenCalled();
  });

  it('refuses every call while there is no window', async () => {
    const noWindow = createSenderCheck({ windowWebContentsId: () => null, appUrlPrefixes: ['app://paragents/'] });
    const dispatcher = createDispatcher({ handlers: fakeHandlers(), checkSender: noWindow });
    const result = await dispatcher.dispatch('paragents:config.get', APP_SENDER, {});
    expect(result).toMatchObject({ ok: false, error: { kind: 'policy' } });
  });

  it('refuses unknown channels with invalid_input', async () => {
    const dispatcher = createDispatcher({ handlers: fakeHandlers(), checkSender });
    for (const channel of ['paragents:shell.exec', 'paragents:__proto__', 'paragents:constructor', 'other']) {
      const result = await dispatcher.dispatch(channel, APP_SENDER, {});
      expect(result).toMatchObject({ ok: false, error: { kind: 'invalid_input' } });
    }
  });

  it('rejects invalid input with a typed error naming the field', async () => {
    const create = vi.fn(() => ok(session()));
    const dispatcher = createDispatcher({ handlers: fakeHandlers({ 'session.create': create }), checkSender });
    const result = await dispatcher.dispatch('paragents:session.create', APP_SENDER, { workspace: 42 });
    expect(result.ok).toBe(false);
    if (!result.ok) {
      expect(result.error.kind).toBe('invalid_input');
      expect(result.error.message).toContain('session.create');
      expect(result.error.message).toContain('workspace');
    }
    expect(create).not.toHaveBeenCalled();
    expect(await dispatcher.dispatch('paragents:approval.answer', APP_SENDER, undefined)).toMatchObject({ ok: false, error: { kind: 'invalid_input' } });
  });

  it('turns a thrown engine error into an internal error as data', async () => {
    const onInternalError = vi.fn();
    const handlers = fakeHandlers({
      'session.list': () => {
        throw new Error('database is locked');
      },
      'config.get': async () => Promise.reject(new Error('boom')),
    });
    const dispatcher = createDispatcher({ handlers, checkSender, onInternalError });
    expect(await dispatcher.dispatch('paragents:session.list', APP_SENDER, {})).toEqual({
      ok: false,
      error: { kind: 'internal', message: 'session.list failed: database is locked' },
    });
    expect(await dispatcher.dispatch('paragents:config.get', APP_SENDER, {})).toMatchObject({ ok: false, error: { kind: 'internal' } });
    expect(onInternalError).toHaveBeenCalledTimes(2);
  });

  it('passes engine errors through unchanged', async () => {
    const handlers = fakeHandlers({ 'session.get': () => ({ ok: false, error: { kind: 'not_found', message: 'no session x' } }) });
    const dispatcher = createDispatcher({ handlers, checkSender });
    expect(await dispatcher.dispatch('paragents:session.get', APP_SENDER, { session: 'x' })).toEqual({
      ok: false,
      error: { kind: 'not_found', message: 'no session x' },
    });
  });
});
