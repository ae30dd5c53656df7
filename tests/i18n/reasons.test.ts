import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { msg, shownText, type Msg } from '../../shared/i18n';
import { makeFixture, type Fixture } from '../policy/fixture';
import { expectAsData, HAN, shownReasonZh } from './reason-check';

/** English words of the catalog's sentences that must not be left in a translated reason (rules, paths and commands may remain). */
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
    it(`renders ${name} from its Msg, whose English is the engine's sentence`, async () => {
      const d = await call(f);
      const { reason } = d;
      const zh = shownReasonZh(d);
      expect(zh, reason).toMatch(HAN);
      expect(zh, `${reason} → ${zh}`).not.toMatch(ENGLISH);
    });
  }

  it('renders conflict details and undo refusals from the Msgs the engine builds, singular and plural', () => {
    // The values as main/core/conflicts fills them: the paths joined, their count, the other session as a Msg.
    const writer = msg('reasons.session', { name: 'writer' });
    const details: [Msg, string][] = [
      [
        msg('reasons.conflictOutput', { paths: 'src/a.ts', count: 1, other: writer, refs: 'p1' }),
        'output conflict: src/a.ts is also declared by session writer (prompt p1). Override to run now (may overwrite), wait to start when it ends, or cancel.',
      ],
      [
        msg('reasons.conflictOutput', { paths: 'a.ts, b.ts', count: 2, other: msg('reasons.anotherSession'), refs: 'p1, p2' }),
        'output conflict: a.ts, b.ts are also declared by another session (prompt p1, p2). Override to run now (may overwrite), wait to start when it ends, or cancel.',
      ],
      [msg('reasons.conflictLeased', { paths: 'src/a.ts', count: 1, owners: writer }), 'src/a.ts is being written by session writer (leased until its turn ends)'],
      [
        msg('reasons.staleChanged', { path: 'src/a.ts', by: msg('reasons.modifiedBy', { who: writer }) }),
        'src/a.ts changed since you read it (modified by session writer); Read it again before writing, then redo your change on the current content.',
      ],
      [msg('reasons.undoChangedBy', { who: msg('reasons.session', { name: 'B' }) }), 'changed since by session B'],
    ];
    for (const [m, sentence] of details) expectAsData(sentence, m);
    expect(shownText('zh-CN', details[0]![1], details[0]![0])).toBe('输出冲突：src/a.ts 也被会话 writer 声明为输出（提示词 p1）。可以“强制执行”立即运行（可能覆盖），“等待”它结束后再开始，或“取消”。');
  });

  it('shows a sentence that came without a Msg as written', () => {
    expect(shownText('zh-CN', 'something new the engine says')).toBe('something new the engine says');
    expect(shownText('zh-CN', 'session 9fd5b2', null)).toBe('session 9fd5b2');
  });
});
