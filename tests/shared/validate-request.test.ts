import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { callRequest, isResult } from '../../shared/validate-request';

const contract = {
  'note.add': { input: z.object({ text: z.string().min(1) }), output: z.null() },
  'note.list': { input: z.object({ limit: z.number().int().optional() }), output: z.array(z.string()) },
};

describe('callRequest', () => {
  it('answers with data even when the handler throws something unprintable and the reporter throws too', async () => {
    const unprintable = Object.create(null) as object; // String() of it throws a TypeError
    const result = await callRequest(
      { 'note.add': () => { throw unprintable; } },
      'note.add',
      { text: 'x' },
      { contract, onInternalError: () => { throw new Error('logger is gone'); } },
    );
    expect(result).toEqual({ ok: false, error: { kind: 'internal', message: 'note.add failed: an error that cannot be printed' } });
  });

  it('refuses a contract request the engine has no handler for, and a name that is not a string', async () => {
    expect(await callRequest({}, 'note.list', {}, { contract })).toEqual({
      ok: false,
      error: { kind: 'internal', message: 'note.list is not implemented by this engine' },
    });
    expect(await callRequest({}, 42, {}, { contract })).toEqual({
      ok: false,
      error: { kind: 'invalid_input', message: 'a request needs a name (a string), got number' },
    });
  });

  it('shows at most five issues and a long unknown name cut to 100 characters', async () => {
    const wide = { 'form.send': { input: z.object(Object.fromEntries('abcdefg'.split('').map((k) => [k, z.string()]))), output: z.null() } };
    const r = await callRequest({ 'form.send': () => ({ ok: true, value: null }) }, 'form.send', {}, { contract: wide });
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.error.message).toMatch(/^form\.send: invalid input: a: .*; e: [^;]*\(\+2 more\)$/);
    const long = await callRequest({}, 'x'.repeat(500), {}, { contract });
    if (!long.ok) expect(long.error.message).toContain(`"${'x'.repeat(100)}"`);
    expect(long.ok).toBe(false);
  });

  it.each([
    [{ ok: true, value: 1 }, true],
    [{ ok: true, value: undefined }, true],
    [{ ok: false, error: { kind: 'not_found', message: 'no note n1' } }, true],
    [{ ok: false }, false],
    [{ ok: false, error: 'boom' }, false],
    [{ ok: 'yes' }, false],
    [null, false],
    ['ok', false],
  ])('isResult(%j) is %s', (value, expected) => {
    expect(isResult(value)).toBe(expected);
  });
});
