// The Markdown export in the panel's language: headings and labels from the catalog, the engine's notes and
// reasons translated, and what people, the model and tools wrote left as written. English stays the document
// `paragents sessions show --markdown` prints.
import { describe, expect, it } from 'vitest';
import type { EngineEvent } from '../../shared/events';
import { transcriptMarkdown } from '../../shared/transcript-markdown';
import { msg, translator } from '../../shared/i18n';
import { leftoverEnglish } from './reason-check';

const zh = translator('zh-CN');

let seq = 0;
function ev(type: string, extra: Record<string, unknown>, promptId: string | null = 'p-1'): EngineEvent {
  seq++;
  return {
    type, seq, ts: `2025-01-01T00:00:${String(seq).padStart(2, '0')}.000Z`, sessionId: 's-1', sessionRef: 'a1b2c3', sessionName: 'build',
    promptId, promptRef: promptId ? '100000' : null, ...extra,
  } as unknown as EngineEvent;
}

const EVENTS: EngineEvent[] = [
  ev('session_created', { workspace: '/w/one', forkedFrom: null }, null),
  ev('session_mode', { mode: 'acceptEdits', modeSource: 'session' }, null),
  ev('session_budget', { budget: { unit: 'tokens', limit: 50000 } }, null),
  ev('prompt_queued', { text: 'fix the parser', position: 0 }),
  ev('assistant_message', { content: 'Looking at it.', reasoning: 'the parser is in src/', toolCalls: [] }),
  ev('tool_call', { callId: 'c1', tool: 'Write', input: { path: 'src/a.ts', content: 'x' }, decision: { decision: 'needs_approval', rule: null, source: 'mode', reason: 'writing src/a.ts needs approval in default mode' } }),
  ev('approval_requested', { callId: 'c1', tool: 'Write', input: { path: 'src/a.ts', content: 'x' }, approvalId: 'ap-1', approvalRef: 'ap0001', decision: { decision: 'needs_approval', rule: null, source: 'mode', reason: 'writing src/a.ts needs approval in default mode' }, alwaysRule: null, hints: null }),
  ev('approval_resolved', { approvalId: 'ap-1', approvalRef: 'ap0001', status: 'denied', answer: { kind: 'deny', message: '先别写' } }),
  ev('tool_result', { callId: 'c1', tool: 'Write', ok: false, output: null, error: 'the user denied this call. Their message: 先别写', errorMsg: msg('notices.error.deniedSaid', { message: '先别写' }) }),
  ev('conflict', {
    conflictId: 'cf-1', kind: 'write_write', otherSessionId: 's-2', otherSessionRef: 'f0f0f0', otherSessionName: 'writer', paths: ['src/b.ts'],
    detail: 'src/b.ts is being written by session writer (leased until its turn ends)',
    detailMsg: msg('reasons.conflictLeased', { count: 1, paths: 'src/b.ts', owners: msg('reasons.session', { name: 'writer' }) }),
  }),
  ev('conflict_resolved', { conflictId: 'cf-1', resolution: 'wait' }),
  ev('budget_reached', { kind: 'session', unit: 'tokens', limit: 50000, used: 50210 }),
  ev('tool_call', { callId: 'c2', tool: 'Bash', input: { command: 'git log' }, decision: { decision: 'auto_approved', rule: 'Bash(git log *)', source: 'project', reason: '`git log` is allowed by Bash(git log *)' } }),
  ev('tool_result', { callId: 'c2', tool: 'Bash', ok: true, output: 'abc123 first', error: null }),
  ev('turn_cancelled', { reason: 'cancelled at a conflict by the user', reasonMsg: msg('reasons.cancelledAtConflict') }),
  ev('session_closed', {}, null),
];

describe('the Markdown export', () => {
  it('in 简体中文: headings, labels, approvals, notes and the engine\'s reasons in Chinese', () => {
    const md = transcriptMarkdown(EVENTS, 'zh-CN');
    for (const part of [
      '# 会话 build (a1b2c3)',
      '- 工作区：`/w/one`',
      '*模式：acceptEdits（为本会话选择）*',
      '*预算 50k token*',
      '## 提示词 1 · `100000`',
      '> fix the parser',
      '**助手**',
      '<details><summary>思考过程…</summary>',
      '**工具 `Write`** — 需要审批',
      '审批 `ap0001`：已拒绝（拒绝）：先别写',
      '错误：',
      '用户拒绝了这次调用。用户留言：先别写',
      `*警告：冲突（${zh('conflict.kind.write_write')}），对方为writer，涉及 src/b.ts：src/b.ts 正在被会话 writer 写入`,
      '*冲突已解决：等待*',
      '*警告：已暂停：会话预算 50k token 已用完（50.2k token）*',
      `*本轮已取消：${zh('reasons.cancelledAtConflict')}。*`,
      '**工具 `Bash`** — 自动批准 依据 `Bash(git log *)`（项目设置）',
      '结果：',
      'abc123 first',
      '*会话已关闭（',
    ]) {
      expect(md, part).toContain(part);
    }
    // Every line but what people and the model wrote, tool input and the figures' units reads in Chinese.
    const lines = md.split('\n').filter((l) => l.trim() && !/^(> |```|\{|\}| {2}")/.test(l) && !l.includes('Looking at it') && !l.includes('the parser is in'));
    for (const line of lines) expect(leftoverEnglish(line, ['50k tokens', '50.2k tokens']), line).toBeNull();
  });

  it('an event stored before its sentence was kept as data reads as it was written', () => {
    const old = EVENTS.map((e) => (e.type === 'turn_cancelled' ? { ...e, reasonMsg: undefined } : e));
    expect(transcriptMarkdown(old, 'zh-CN')).toContain('*本轮已取消：cancelled at a conflict by the user。*');
  });

  it('in English: the document is the one the command line prints, unchanged', () => {
    const md = transcriptMarkdown(EVENTS);
    expect(md).toBe(transcriptMarkdown(EVENTS, 'en'));
    for (const part of [
      '# Session build (a1b2c3)',
      '- Workspace: `/w/one`',
      '*mode: acceptEdits (chosen for this session)*',
      '## Prompt 1 · `100000`',
      '**Tool `Write`** — needs approval',
      'Approval `ap0001`: denied (deny): 先别写',
      'Error:',
      '**Tool `Bash`** — auto approved by `Bash(git log *)` (project)',
      'Result:',
      '*warn: conflict (write_write) with writer on src/b.ts: src/b.ts is being written by session writer (leased until its turn ends)*',
      '*Turn cancelled: cancelled at a conflict by the user.*',
    ]) {
      expect(md, part).toContain(part);
    }
  });
});
