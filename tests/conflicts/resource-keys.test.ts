import { describe, expect, it } from 'vitest';
import { extractResourceKeys, normaliseDeclaredPath } from '../../main/core/conflicts/resource-keys';

const WS = '/work/ws';
const keys = (text: string): string[] => extractResourceKeys(text, WS).keys.filter((k) => k.startsWith('out:') || k.startsWith('git:'));

describe('preflight resource keys read from the prompt text', () => {
  it('finds redirect, tee, touch, mkdir and cp/mv destinations', () => {
    expect(keys('run pytest > out/result.json')).toEqual(['out:out/result.json']);
    expect(keys('python run.py | tee -a logs/run.log')).toEqual(['out:logs/run.log']);
    expect(keys('cp -r src dst')).toEqual(['out:dst']);
    expect(keys('mv -f old new')).toEqual(['out:new']);
    expect(keys('mkdir -p build/reports')).toEqual(['out:build/reports']);
    expect(keys('touch ./notes.md')).toEqual(['out:notes.md']);
    expect(keys('echo hi >> "logs/app.log"')).toEqual(['out:logs/app.log']);
  });

  it('reads output phrases in English and Chinese', () => {
    expect(keys('summarise the data and write to reports/result.json.')).toEqual(['out:reports/result.json']);
    expect(keys('把结果保存到 reports/result.json')).toEqual(['out:reports/result.json']);
    expect(keys('分析日志并输出到summary.md')).toEqual(['out:summary.md']);
    expect(keys('写入 `data/out.csv`，然后结束')).toEqual(['out:data/out.csv']);
  });

  it('derives git intent from phrases, Chinese included', () => {
    expect(keys('fix the bug and git commit it')).toEqual(['git:commit']);
    expect(keys('then git push to origin')).toEqual(['git:push']);
    expect(keys('修复后提交代码')).toEqual(['git:commit']);
    expect(keys('把这些改动都提交')).toEqual(['git:commit']);
    expect(extractResourceKeys('修复后提交代码', WS).keys).toContain('perm:git');
  });

  it('records capabilities as intent only, with confidence rising with the number of signals', () => {
    const r = extractResourceKeys('write a python script and run it in the shell, save to out.txt', WS);
    expect(r.keys).toEqual(expect.arrayContaining(['perm:python', 'perm:shell', 'out:out.txt']));
    expect(r.confidence).toBe(0.62);
    expect(extractResourceKeys('hello there', WS).confidence).toBe(0.35);
    expect(extractResourceKeys('run the python tests', WS).confidence).toBe(0.48);
  });

  it('fixes the quirks: case kept, no numbers, URLs, /dev or apostrophe breakage', () => {
    expect(keys('write to Reports/Result.JSON')).toEqual(['out:Reports/Result.JSON']);
    expect(keys('if x > 5 then stop')).toEqual([]);
    expect(keys('run it 2>/dev/null')).toEqual([]);
    expect(keys("don't forget: ls > list.txt")).toEqual(['out:list.txt']);
    expect(keys('upload to https://example.com/a.json')).toEqual([]);
  });

  it('normalises paths relative to the workspace', () => {
    expect(normaliseDeclaredPath('/work/ws/a/b.txt', WS)).toBe('a/b.txt');
    expect(normaliseDeclaredPath('/tmp/x.txt', WS)).toBe('/tmp/x.txt');
    expect(normaliseDeclaredPath('./a/../b.txt,', WS)).toBe('b.txt');
    expect(normaliseDeclaredPath('a\\b.txt', WS)).toBe('a/b.txt');
  });
});
