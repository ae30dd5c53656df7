import { describe, expect, it } from 'vitest';
import { displayWidth, padEndColumns, padStartColumns } from '../../main/cli/text-width';
import { usage } from '../../main/cli/usage';
import { translator } from '../../shared/i18n';

describe('terminal columns for the command line tables', () => {
  it('counts Chinese characters and fullwidth punctuation as two columns, the rest as one', () => {
    expect(displayWidth('completed')).toBe(9);
    expect(displayWidth('已完成')).toBe(6);
    expect(displayWidth('模式=default（内置）')).toBe(4 + 8 + 2 + 4 + 2);
    expect(displayWidth('')).toBe(0);
  });

  it('pads to the same column whatever the script', () => {
    expect(padEndColumns('report', 10)).toBe('report    ');
    expect(padEndColumns('报告', 10)).toBe('报告      ');
    expect(displayWidth(padEndColumns('已完成', 16))).toBe(displayWidth(padEndColumns('completed', 16)));
    expect(padEndColumns('a longer text', 4)).toBe('a longer text');
    expect(padStartColumns('1,580', 9)).toBe('    1,580');
  });

  it('lines a usage up under its first command after "usage: " and after "用法："', () => {
    const synopsis = 'paragents worktree diff SESSION\nparagents worktree merge SESSION';
    expect(usage(translator('en'), synopsis)).toBe('usage: paragents worktree diff SESSION\n       paragents worktree merge SESSION');
    const zh = usage(translator('zh-CN'), synopsis).split('\n');
    expect(zh[0]).toBe('用法：paragents worktree diff SESSION');
    expect(displayWidth(zh[0]!.slice(0, zh[0]!.indexOf('paragents')))).toBe(zh[1]!.indexOf('paragents'));
  });
});
