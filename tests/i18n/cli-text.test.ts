import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { createTerminalAsker } from '../../main/cli/ask';
import { eventTextLine } from '../../main/cli/format';
import type { CliIo } from '../../main/cli/io';
import type { EngineEvent } from '../../shared/events';
import { english, langFromEnv, msg } from '../../shared/i18n';

const base = { seq: 1, ts: '2026-12-01T00:00:00.000Z', sessionId: 's1', sessionRef: 'aaaaaa', sessionName: 'notes', promptId: 'p1', promptRef: 'bbbbbb' };
const reasonMsg = msg('reasons.needsApproval', { what: msg('reasons.writing', { path: '/w/notes.md' }), mode: 'default' });
const reason = english(reasonMsg);
const requested = {
  ...base,
  type: 'approval_requested',
  approvalId: 'a1',
  approvalRef: 'cccccc',
  callId: 'call-1',
  tool: 'Write',
  input: { path: 'notes.md' },
  decision: { decision: 'needs_approval', rule: null, source: 'mode', reason, reasonMsg },
  alwaysRule: null,
} as Extract<EngineEvent, { type: 'approval_requested' }>;
const budget = { ...base, type: 'budget_reached', kind: 'session', unit: 'tokens', limit: 1000, used: 1400 } as EngineEvent;

describe('the CLI in the language of PARAGENTS_LANG or the locale', () => {
  it('writes event lines in 简体中文 with the same tags, and keeps the English lines as they were', () => {
    expect(eventTextLine(requested)).toBe(`[S:notes][P:bbbbbb] waiting for approval cccccc: Write {"path":"notes.md"} — ${reason}`);
    expect(eventTextLine(requested, 'zh-CN')).toBe('[S:notes][P:bbbbbb] 等待审批 cccccc：Write {"path":"notes.md"} — 写入 /w/notes.md 在 default 模式下需要审批');
    expect(eventTextLine(budget)).toBe(
      "[S:notes][P:bbbbbb] paused: the session budget of 1k tokens is used up (1.4k tokens); raise it, resume once or stop (the panel's card, or paragents sessions budget notes --raise LIMIT | --resume-once | --stop)",
    );
    expect(eventTextLine(budget, 'zh-CN')).toContain('已暂停：会话预算 1k token 已用完（已用 1.4k token）');
    expect(eventTextLine({ ...base, type: 'session_closed' } as EngineEvent, 'zh-CN')).toBe('[S:notes][P:bbbbbb] 会话已关闭');
  });

  it('asks on the terminal in 简体中文 when PARAGENTS_LANG says so; the answers stay y / s / a / n', async () => {
    const stdin = new PassThrough();
    const stderr: string[] = [];
    let wrote = (): void => undefined;
    const io: CliIo = {
      stdin,
      stdout: () => undefined,
      stderr: (l) => {
        stderr.push(l);
        wrote();
      },
      env: { PARAGENTS_LANG: 'zh-CN', LANG: 'en_US.UTF-8' },
      home: '/nowhere',
    };
    let answer: (a: unknown) => void = () => undefined;
    const answered = new Promise((resolve) => (answer = resolve));
    const asker = createTerminalAsker(io, async (_id, a) => {
      answer(a);
      return { ok: true, value: null };
    });
    asker.ask(requested);
    expect(stderr[0]).toBe(
      '审批 cccccc | 会话 notes | Write {"path":"notes.md"}\n  写入 /w/notes.md 在 default 模式下需要审批\n  允许吗？[y] 允许一次 / [s] 本会话内允许 / [a] 始终允许 / [n] 拒绝',
    );
    const askedAgain = new Promise<void>((resolve) => (wrote = resolve));
    stdin.write('maybe\n');
    await askedAgain;
    expect(stderr[1]).toBe('请输入 y、s、a 或 n');
    stdin.write('y\n');
    expect(await answered).toEqual({ kind: 'allow_once' });
    asker.close();
  });

  it('takes the language from PARAGENTS_LANG, then LC_ALL / LC_MESSAGES / LANG', () => {
    expect(langFromEnv({ LANG: 'zh_CN.UTF-8' })).toBe('zh-CN');
    expect(langFromEnv({ PARAGENTS_LANG: 'en', LANG: 'zh_CN.UTF-8' })).toBe('en');
    expect(langFromEnv({ LANG: 'C.UTF-8' })).toBe('en');
  });
});
