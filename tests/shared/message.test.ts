// A sentence as data: a catalog key and its values, rendered by each client in its language.
import { describe, expect, it } from 'vitest';
import { english, isMsg, msg, render, shownError, shownText } from '../../shared/i18n';
import { MsgSchema } from '../../shared/msg-schema';
import { err } from '../../shared/result';

describe('msg', () => {
  it('takes exactly the placeholders of its catalog entry (checked by the compiler)', () => {
    const m = msg('reasons.deniedBy', { what: '`rm x`', rule: 'Bash(rm *)' });
    expect(m).toEqual({ key: 'reasons.deniedBy', vars: { what: '`rm x`', rule: 'Bash(rm *)' } });
    // @ts-expect-error a missing value
    msg('reasons.deniedBy', { what: 'x' });
    // @ts-expect-error an extra value
    msg('reasons.deniedBy', { what: 'x', rule: 'y', extra: 'z' });
    // @ts-expect-error a message without placeholders takes no values
    msg('reasons.commandEmpty', { what: 'x' });
    // @ts-expect-error a plural message needs its count as a number
    msg('changes.comments', { count: 'two' });
    // @ts-expect-error an unknown key
    msg('reasons.noSuchKey');
    expect(msg('reasons.commandEmpty')).toEqual({ key: 'reasons.commandEmpty' });
  });
});

describe('render', () => {
  it('renders English as the catalog writes it and Chinese from the twin entry', () => {
    const m = msg('reasons.deniedBy', { what: '`rm x`', rule: 'Bash(rm *)' });
    expect(english(m)).toBe('`rm x` is denied by Bash(rm *)');
    expect(render('zh-CN', m)).toContain('Bash(rm *)');
    expect(render('zh-CN', m)).not.toContain('is denied by');
  });

  it('renders a sentence inside a sentence in the same language', () => {
    const m = msg('reasons.critical', { what: '`rm -rf ~`', why: msg('reasons.protectedFile', { name: '.bashrc' }) });
    expect(english(m)).toBe('`rm -rf ~` is a critical command: .bashrc is a protected file');
    expect(render('zh-CN', m)).toBe('`rm -rf ~` 是高危命令：.bashrc 是受保护的文件');
  });

  it('picks the plural form by count, through the language rules', () => {
    expect(english(msg('changes.comments', { count: 1 }))).toBe('1 comment');
    expect(english(msg('changes.comments', { count: 3 }))).toBe('3 comments');
    expect(render('zh-CN', msg('changes.comments', { count: 3 }))).toBe('3 条评论');
  });
});

describe('errors and the wire', () => {
  it('err keeps the Msg and fills message with its English', () => {
    const r = err('invalid_input', msg('reasons.commandEmpty'));
    expect(r).toEqual({ ok: false, error: { kind: 'invalid_input', message: 'the command is empty', msg: { key: 'reasons.commandEmpty' } } });
    if (r.ok) throw new Error('err made a success');
    expect(shownError('zh-CN', r.error)).toBe('命令为空');
    // A sentence that came without its Msg (stored before, or what a tool or the system said) is shown as written.
    const old = err('internal', 'the command is empty');
    expect(old.ok ? null : old.error.msg).toBeUndefined();
    expect(old.ok ? null : shownError('zh-CN', old.error)).toBe('the command is empty');
    expect(shownText('zh-CN', 'the command is empty')).toBe('the command is empty');
  });

  it('a Msg survives JSON and the contract schema, nested ones too', () => {
    const m = msg('reasons.critical', { what: '`rm`', why: msg('reasons.protectedFile', { name: 'a' }) });
    const back = MsgSchema.parse(JSON.parse(JSON.stringify(m)));
    expect(back).toEqual(m);
    expect(isMsg(back.vars?.why)).toBe(true);
    expect(MsgSchema.safeParse({ key: 3 }).success).toBe(false);
    expect(MsgSchema.safeParse({ key: 'a', vars: { x: [1] } }).success).toBe(false);
  });
});

describe('--json', () => {
  it('prints the English fields and leaves out the sentences carried as data', async () => {
    const { withoutMsgs } = await import('../../main/cli/format');
    const value = { reason: 'the command is empty', reasonMsg: msg('reasons.commandEmpty'), problems: [{ message: 'x', msg: msg('reasons.commandEmpty') }], msg: 'a tool said msg' };
    expect(JSON.stringify(value, withoutMsgs)).toBe('{"reason":"the command is empty","problems":[{"message":"x"}],"msg":"a tool said msg"}');
  });
});
