import { describe, expect, it } from 'vitest';
import { eventTextLine } from '../../main/cli/format';
import type { EngineEvent } from '../../shared/events';

describe('event lines outside a session', () => {
  it("say an MCP server's state in the language, its name, pid and error as they are", () => {
    const e = { type: 'mcp_server_state', server: 'docs', state: 'failed', pid: 42, error: 'exited 1', ts: '2026-12-01T00:00:00.000Z', seq: 0, sessionId: '', sessionRef: '' };
    expect(eventTextLine(e as unknown as EngineEvent)).toBe('[mcp:docs] failed (pid 42): exited 1');
    expect(eventTextLine(e as unknown as EngineEvent, 'zh-CN')).toBe('[mcp:docs] 失败 (pid 42): exited 1');
  });
});

describe('model retries', () => {
  const retry = (attempt: number, delayMs: number, error: string) =>
    ({ type: 'model_retry', provider: 'spare', attempt, delayMs, error, ts: '2026-12-01T00:00:00.000Z', seq: 0, sessionId: 's', sessionRef: 'abc123', promptId: 'p' }) as unknown as EngineEvent;

  it('say a switch to the next provider as such, not as retry 0', () => {
    const line = (lang: 'en' | 'zh-CN') => eventTextLine(retry(0, 0, 'falling back after: connection refused'), lang) ?? '';
    expect(line('en')).toContain('model request failed, trying provider spare next: connection refused');
    expect(line('zh-CN')).toContain('模型请求失败，改用下一个提供方 spare：connection refused');
    expect(eventTextLine(retry(2, 1500, '429 slow down'), 'en') ?? '').toContain('model retry 2 in 1500 ms (spare): 429 slow down');
  });

  it('render the cause from the Msg the engine sends beside it', () => {
    const refused = { key: 'engineErrors.model.unreachable.refused' };
    const switched = { ...(retry(0, 0, 'falling back after: connection refused') as object), errorMsg: { key: 'engineErrors.model.fallingBack', vars: { error: refused } } } as unknown as EngineEvent;
    expect(eventTextLine(switched, 'en')).toContain('trying provider spare next: connection refused');
    expect(eventTextLine(switched, 'zh-CN')).toContain('改用下一个提供方 spare：连接被拒绝');
    const again = { ...(retry(1, 500, 'rate limited (429: slow)') as object), errorMsg: { key: 'engineErrors.model.rateLimited', vars: { detail: 'slow' } } } as unknown as EngineEvent;
    expect(eventTextLine(again, 'zh-CN')).toMatch(/\p{Script=Han}.*slow/u);
  });
});
