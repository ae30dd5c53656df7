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
