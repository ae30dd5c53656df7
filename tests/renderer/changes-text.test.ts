import { describe, expect, it } from 'vitest';
import { applyPatch } from 'diff';
import { diffHunks, diffPieces } from '../../renderer/changes/diff-pieces';
import { reviewPrompt, linesOf, QUOTE_MAX, type ReviewComment } from '../../renderer/changes/review-prompt';

const lines = (n: number, f: (i: number) => string) => Array.from({ length: n }, (_, i) => f(i + 1)).join('\n') + '\n';

describe('large diffs cut into pieces', () => {
  it('gives pieces whose hunks each apply to the file, with the file’s own line numbers', () => {
    const before = lines(1000, (i) => `line ${i}`);
    const after = lines(1000, (i) => (i % 7 === 0 ? `changed ${i}` : `line ${i}`));
    const pieces = diffPieces('f.txt', diffHunks(before, after), 50);
    expect(pieces.length).toBeGreaterThan(10);
    expect(pieces.every((p) => p.lines <= 50)).toBe(true);
    // Applied one after another, the pieces turn the old text into the new one: no line lost or counted twice.
    let text = before;
    for (const p of [...pieces].reverse()) {
      const next = applyPatch(text, p.text);
      if (next === false) throw new Error(`piece does not apply:\n${p.text}`);
      text = next;
    }
    expect(text).toBe(after);
    expect(pieces[0]?.new[0]).toBe(4);
  });

  it('splits one long hunk (a new file) into pieces that start where the previous one ended', () => {
    const pieces = diffPieces('new.txt', diffHunks('', lines(250, (i) => `l${i}`)), 100);
    expect(pieces.map((p) => [p.new, p.lines])).toEqual([[[1, 100], 100], [[101, 200], 100], [[201, 250], 50]]);
    expect(pieces[1]?.text.split('\n')[2]).toBe('@@ -0,0 +101,100 @@');
  });
});

describe('the review prompt', () => {
  const comment = (extra: Partial<ReviewComment>): ReviewComment => ({ id: 'c', file: 'src/a.ts', side: 'new', from: 1, to: 1, text: 'x', quote: [], ...extra });

  it('quotes each file:line range with its comment, the old side marked, long ranges cut', () => {
    const text = lines(40, (i) => `code ${i}`);
    expect(
      reviewPrompt([
        comment({ from: 3, to: 3, text: 'rename this', quote: linesOf(text, 3, 3) }),
        comment({ file: 'b.md', side: 'old', from: 2, to: 30, text: 'why removed?\nit was used', quote: linesOf(text, 2, 30) }),
      ]),
    ).toBe(
      [
        'Please address these review comments:',
        '',
        '- src/a.ts:3: rename this',
        '  > code 3',
        '- b.md:2-30 (before the change): why removed?',
        '  it was used',
        ...Array.from({ length: QUOTE_MAX }, (_, i) => `  > code ${i + 2}`),
        '  > …',
      ].join('\n'),
    );
  });
});
