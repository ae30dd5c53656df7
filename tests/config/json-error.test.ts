import { describe, expect, it } from 'vitest';
import { jsonErrorOffset, lineColumn } from '../../main/core/config/json-error';

describe('jsonErrorOffset', () => {
  it('finds where text stops being JSON', () => {
    const cases: [string, number][] = [
      ['{"a": tru}', 9],
      ['{"a": 1} x', 9],
      ['[1, 2,, 3]', 6],
      ['{"a": "x\ny"}', 8],
      ['{"a": "\\q"}', 8],
      ['{"a": 01}', 7],
      ['{"a": [1, 2}', 11],
      ['{"a": 1', 7],
    ];
    for (const [text, offset] of cases) expect([text, jsonErrorOffset(text)]).toEqual([text, offset]);
  });

  it('reports the full length for valid JSON', () => {
    const text = '{"a": [1, -2.5e3, true, false, null, "\\u00e9"], "b": {}}';
    expect(() => JSON.parse(text)).not.toThrow();
    expect(jsonErrorOffset(text)).toBe(text.length);
  });

  it('converts offsets to 1-based line and column', () => {
    expect(lineColumn('ab\ncd\nef', 0)).toEqual({ line: 1, column: 1 });
    expect(lineColumn('ab\ncd\nef', 4)).toEqual({ line: 2, column: 2 });
  });
});
