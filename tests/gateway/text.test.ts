import { expect, it } from 'vitest';
import { planText, fitText, MESSAGE_LIMIT } from '../../main/gateway/telegram/split';
import { callText, cut } from '../../main/gateway/text';
import { PairCodes } from '../../main/gateway/pairing';
import { parseCommand } from '../../main/gateway/chat-commands';

it('keeps short texts whole, splits longer ones at line ends, and attaches very long ones as a file', () => {
  expect(planText('hello')).toEqual({ parts: ['hello'], attachment: null });
  const lines = Array.from({ length: 300 }, (_, i) => `line ${i} ${'x'.repeat(30)}`).join('\n');
  const split = planText(lines);
  expect(split.attachment).toBeNull();
  expect(split.parts.length).toBeGreaterThan(1);
  expect(split.parts.join('')).toBe(lines);
  for (const part of split.parts) expect(part.length).toBeLessThanOrEqual(MESSAGE_LIMIT);
  for (const part of split.parts.slice(0, -1)) expect(part.endsWith('\n')).toBe(true);

  const huge = 'y'.repeat(MESSAGE_LIMIT * 5);
  const attached = planText(huge);
  expect(attached.parts).toHaveLength(1);
  expect(attached.parts[0]?.length).toBeLessThanOrEqual(MESSAGE_LIMIT);
  expect(attached.parts[0]).toMatch(/the whole text is in the attached file\)$/);
  expect(attached.attachment).toBe(huge);
  expect(fitText(huge).length).toBeLessThanOrEqual(MESSAGE_LIMIT);
});

it('never cuts inside a surrogate pair, and says how much it left out', () => {
  const text = `${'a'.repeat(10)}${'😀'.repeat(50)}`;
  for (let max = 30; max < 60; max++) {
    const out = cut(text, max);
    expect(out.length).toBeLessThanOrEqual(max);
    expect(out).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])/);
    expect(out).toMatch(/… \(\d+ more characters\)$/);
  }
  expect(cut('short', 10)).toBe('short');
});

it('describes calls by what a person judges them on', () => {
  expect(callText('Bash', { command: 'npm test' })).toBe('$ npm test');
  expect(callText('Edit', { path: 'src/a.ts', old_string: 'one\ntwo', new_string: 'three' })).toBe('src/a.ts: replace 2 lines with 1 line\n- one\n- two\n+ three');
  expect(callText('Write', { path: 'notes.md', content: 'a\nb\n' })).toBe('notes.md: write 3 lines\na\nb\n');
  expect(callText('WebFetch', { url: 'https://example.com/x' })).toBe('https://example.com/x');
  expect(callText('mcp__fs__read', { file: 'x' })).toBe('{\n "file": "x"\n}');
  expect(callText('Bash', { command: 'x'.repeat(5000) }).length).toBeLessThanOrEqual(1502);
});

it('reads commands with or without the bot name, and codes without caring for case, spaces or dashes', () => {
  expect(parseCommand('/s@paragents_bot web-api fix it\nplease')).toEqual({ name: 's', rest: 'web-api fix it\nplease' });
  expect(parseCommand('/Sessions')).toEqual({ name: 'sessions', rest: '' });
  expect(parseCommand('hello /s')).toBeNull();

  let now = 0;
  const codes = new PairCodes(() => now);
  const { code } = codes.issue();
  expect(codes.use(`${code.slice(0, 4).toLowerCase()} - ${code.slice(4)}`)).toBe('paired');
  expect(codes.use(code)).toBe('wrong');
  // Twenty wrong guesses wear a code out, whoever makes them.
  const second = codes.issue().code;
  for (let i = 0; i < 20; i++) expect(codes.use('ZZZZZZZZ')).toBe('wrong');
  expect(codes.use(second)).toBe('wrong');
  const third = codes.issue().code;
  now += 10 * 60_000;
  expect(codes.view()).toBeNull();
  expect(codes.use(third)).toBe('expired');
});
