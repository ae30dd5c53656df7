import { describe, expect, it } from 'vitest';
import { mkdirSync, writeFileSync } from 'node:fs';
import { homedir } from 'node:os';
import { join } from 'node:path';
import type { Engine } from '../../main/core/engine';
import type { EngineEvent } from '../../shared/events';
import { tempDir } from '../helpers/temp';
import { nextEvent, recordEvents, settled, unwrap } from '../helpers/engine';
import { useEngineFixture } from '../helpers/engine-fixture';

const fx = useEngineFixture({
  script: {
    rules: [
      { when: 'read the home note', steps: [{ toolCalls: [{ name: 'Read', arguments: { path: '~/notes/x.txt' } }] }, { content: 'read: {{lastTool}}' }] },
      { when: 'read the home secret', steps: [{ toolCalls: [{ name: 'Read', arguments: { path: '~/secret/key' } }] }, { content: 'secret: {{lastTool}}' }] },
      {
        when: 'show the home from bash',
        steps: [{ toolCalls: [{ name: 'Bash', arguments: { command: 'cat ~/notes/x.txt && echo "HOME=$HOME"' } }] }, { content: 'bash: {{lastTool}}' }],
      },
      { when: 'write to ~/out.txt first', steps: [{ toolCalls: [{ name: 'Write', arguments: { path: '~/out.txt', content: 'a\n' } }] }, { content: 'wrote' }] },
      { when: 'then write to ~/out.txt', steps: [{ content: 'second' }] },
    ],
  },
});

type ToolResult = Extract<EngineEvent, { type: 'tool_result' }>;
type ToolCall = Extract<EngineEvent, { type: 'tool_call' }>;

/** An engine whose environment's HOME is a fresh temp folder (not the account's), with a note and a secret in it. */
async function engineWithHome(): Promise<{ e: Engine; home: string; ws: string }> {
  const home = tempDir('paragents-user-home-');
  expect(home).not.toBe(homedir());
  mkdirSync(join(home, 'notes'));
  writeFileSync(join(home, 'notes', 'x.txt'), 'from the engine home\n');
  mkdirSync(join(home, 'secret'));
  writeFileSync(join(home, 'secret', 'key'), 'do not show\n');
  const data = fx.home();
  writeFileSync(join(data, 'settings.json'), JSON.stringify({ permissions: { allow: ['Read(~/notes/**)'], deny: ['Read(~/secret/**)'] } }));
  const e = await fx.open({ home: data, env: { PATH: process.env.PATH, HOME: home }, approvals: 'ask' });
  return { e, home, ws: tempDir() };
}

describe("one meaning of ~: the HOME of the engine's environment", () => {
  it('the policy and the Read tool resolve ~/… to the same folder', async () => {
    const { e, ws } = await engineWithHome();
    const log = recordEvents(e);
    const s = unwrap(await e.handlers['session.create']({ workspace: ws }));

    const note = unwrap(await e.handlers['prompt.send']({ session: s.id, text: 'read the home note' }));
    expect(await settled(e, note.id)).toBe('completed');
    const call = log.find((x): x is ToolCall => x.type === 'tool_call' && x.promptId === note.id);
    expect(call?.decision).toMatchObject({ decision: 'auto_approved', rule: 'Read(~/notes/**)', source: 'user' });
    const read = log.find((x): x is ToolResult => x.type === 'tool_result' && x.promptId === note.id);
    expect(read?.ok).toBe(true);
    expect(read?.output).toContain('from the engine home');

    const secret = unwrap(await e.handlers['prompt.send']({ session: s.id, text: 'read the home secret' }));
    expect(await settled(e, secret.id)).toBe('completed');
    const denied = log.find((x): x is ToolCall => x.type === 'tool_call' && x.promptId === secret.id);
    expect(denied?.decision).toMatchObject({ decision: 'blocked', rule: 'Read(~/secret/**)' });
    expect(JSON.stringify(log.filter((x) => x.promptId === secret.id))).not.toContain('do not show');

    // `policy check` reads ~ the same way.
    const checked = unwrap(await e.handlers['policy.check']({ workspace: ws, tool: 'Read', input: { path: '~/notes/x.txt' } }));
    expect(checked).toMatchObject({ decision: 'auto_approved', rule: 'Read(~/notes/**)' });
  });

  it("Bash runs with that environment: the command's ~ and $HOME are the engine's home", async () => {
    const { e, home, ws } = await engineWithHome();
    const log = recordEvents(e);
    const s = unwrap(await e.handlers['session.create']({ workspace: ws }));
    const asked = nextEvent(e, 'approval_requested', (x) => x.sessionId === s.id);
    asked.catch(() => undefined);
    const p = unwrap(await e.handlers['prompt.send']({ session: s.id, text: 'show the home from bash' }));
    const call = await nextEvent(e, 'tool_call', (x) => x.promptId === p.id);
    if (call.decision?.decision === 'needs_approval') {
      unwrap(await e.handlers['approval.answer']({ approval: (await asked).approvalId, answer: { kind: 'allow_once' } }));
    }
    expect(await settled(e, p.id)).toBe('completed');
    const result = log.find((x): x is ToolResult => x.type === 'tool_result' && x.promptId === p.id);
    expect(result?.ok).toBe(true);
    expect(result?.output).toContain('from the engine home');
    expect(result?.output).toContain(`HOME=${home}`);
  });

  it('the conflict checks take ~ in a declared output for the same folder, whatever the workspace', async () => {
    const { e, home } = await engineWithHome();
    const a = unwrap(await e.handlers['session.create']({ workspace: tempDir(), name: 'a' }));
    const b = unwrap(await e.handlers['session.create']({ workspace: tempDir(), name: 'b' }));

    // a's Write of ~/out.txt is outside its workspace, so it waits for approval and a's claim stays active.
    const asked = nextEvent(e, 'approval_requested', (x) => x.sessionId === a.id);
    const first = unwrap(await e.handlers['prompt.send']({ session: a.id, text: 'write to ~/out.txt first' }));
    const req = await asked;
    expect(req.decision.reason).toContain(join(home, 'out.txt'));

    const conflict = nextEvent(e, 'conflict', (x) => x.sessionId === b.id);
    const second = unwrap(await e.handlers['prompt.send']({ session: b.id, text: 'then write to ~/out.txt' }));
    expect(second.status).toBe('conflict');
    expect(await conflict).toMatchObject({ kind: 'declared_output', otherSessionId: a.id });

    unwrap(await e.handlers['conflict.resolve']({ prompt: second.id, resolution: 'cancel' }));
    unwrap(await e.handlers['approval.answer']({ approval: req.approvalId, answer: { kind: 'deny' } }));
    expect(await settled(e, first.id)).toBe('completed');
  });
});
