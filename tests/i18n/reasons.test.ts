import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translateReason, type Msg } from '../../shared/i18n';
import { makeFixture, type Fixture } from '../policy/fixture';
import { englishAgain, HAN, shownReasonZh } from './reason-check';

/** English words of the templates that must not be left in a translated reason (rules, paths and commands may remain). */
const ENGLISH = /\b(is denied by|asks by|is allowed by|needs approval|outside the workspace|inside the workspace|protected|critical command|bypass mode allows|nobody can approve|would delete|the command)\b/;

describe('reasons shown to people', () => {
  let f: Fixture;
  beforeAll(() => {
    f = makeFixture({
      user: { permissions: { allow: ['Bash(git log *)'], deny: ['Bash(curl *)', 'Read(.env)'], ask: ['Bash(git push *)'] } },
    });
    f.write('.env', 'X=1\n');
  });
  afterAll(() => f.cleanup());

  /** Real reasons from the policy engine for the calls people meet most. */
  const calls: [string, (f: Fixture) => Promise<{ reason: string; reasonMsg?: Msg | undefined }>][] = [
    ['mode asks for a write', (x) => x.decide('Write', { path: 'src/new.ts', content: 'x' })],
    ['mode asks for a command', (x) => x.bash('make build')],
    ['allowed by a rule', (x) => x.bash('git log --oneline')],
    ['denied by a rule', (x) => x.bash('curl https://example.com')],
    ['asked by a rule', (x) => x.bash('git push origin main')],
    ['a path denied by a rule', (x) => x.decide('Read', { path: '.env' })],
    ['a protected path', (x) => x.decide('Write', { path: '.git/config', content: 'x' }, { mode: 'acceptEdits' })],
    ['a critical command', (x) => x.bash('rm -rf ~', 'acceptEdits')],
    ['outside the workspace', (x) => x.decide('Read', { path: x.outside + '/secret.txt' })],
    ['inside the workspace', (x) => x.decide('Read', { path: 'src/a.ts' })],
    ['plan mode', (x) => x.decide('Write', { path: 'src/a.ts', content: 'x' }, { mode: 'plan' })],
    ['bypass mode', (x) => x.bash('make build', 'bypass')],
    ['headless', (x) => x.decide('Write', { path: 'src/new.ts', content: 'x' }, { headless: true })],
    ['acceptEdits writes', (x) => x.decide('Write', { path: 'src/new.ts', content: 'x' }, { mode: 'acceptEdits' })],
  ];

  for (const [name, call] of calls) {
    it(`translates ${name}, and its English template is the engine's sentence`, async () => {
      const d = await call(f);
      const { reason } = d;
      expect(d.reasonMsg, reason).toBeDefined();
      const zh = shownReasonZh(d);
      expect(zh, reason).toMatch(HAN);
      expect(zh, `${reason} → ${zh}`).not.toMatch(ENGLISH);
      expect(translateReason('en', reason)).toBe(reason);
    });
  }

  it('translates conflict details and undo refusals in the engine’s words, singular and plural', () => {
    const details = [
      'output conflict: src/a.ts is also declared by session writer (prompt p1). Override to run now (may overwrite), wait to start when it ends, or cancel.',
      'output conflict: a.ts, b.ts are also declared by another session (prompt p1, p2). Override to run now (may overwrite), wait to start when it ends, or cancel.',
      'src/a.ts is being written by session writer (leased until its turn ends)',
      'src/a.ts changed since you read it (modified by session writer); Read it again before writing, then redo your change on the current content.',
      'changed since by session B',
    ];
    for (const d of details) {
      expect(englishAgain(d), d).toBe(d);
      expect(translateReason('zh-CN', d), d).toMatch(HAN);
    }
    expect(translateReason('zh-CN', details[0]!)).toBe('输出冲突：src/a.ts 也被会话 writer 声明为输出（提示词 p1）。可以“强制执行”立即运行（可能覆盖），“等待”它结束后再开始，或“取消”。');
  });

  it('leaves a sentence no template knows in English', () => {
    expect(translateReason('zh-CN', 'something new the engine says')).toBe('something new the engine says');
  });
});
