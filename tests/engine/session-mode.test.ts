import { describe, expect, it } from 'vitest';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Engine } from '../../main/core/engine';
import type { EngineEvent } from '../../shared/events';
import { tempDir } from '../helpers/temp';
import { nextEvent, recordEvents, settled, unwrap } from '../helpers/engine';
import { useEngineFixture } from '../helpers/engine-fixture';

const fx = useEngineFixture({
  script: {
    rules: [{ when: 'write the note', steps: [{ toolCalls: [{ name: 'Write', arguments: { path: 'note.txt', content: 'hello\n' } }] }, { content: 'done: {{lastTool}}' }] }],
  },
  engine: { approvals: 'ask' },
});

const settingsFile = (dir: string, permissions: Record<string, unknown>): void => {
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'settings.json'), JSON.stringify({ permissions }));
};

/** An engine whose user settings (PARAGENTS_HOME/settings.json) say `permissions.defaultMode: acceptEdits`. */
async function acceptEditsEngine(env: Record<string, string> = {}): Promise<{ home: string; engine: Engine }> {
  const home = fx.home();
  settingsFile(home, { defaultMode: 'acceptEdits' });
  return { home, engine: await fx.open({ home, env }) };
}

/** Sends "write the note" and returns the Write's decision once the turn has finished (denying it if asked). */
async function writeDecision(e: Engine, session: string): Promise<{ decision: string; source: string; reason: string }> {
  const log = recordEvents(e);
  const asked = nextEvent(e, 'approval_requested', (x) => x.sessionId !== '', 20_000);
  asked.catch(() => undefined);
  const p = unwrap(await e.handlers['prompt.send']({ session, text: 'write the note' }));
  const call = await nextEvent(e, 'tool_call', (x) => x.promptId === p.id);
  if (call.decision?.decision === 'needs_approval') {
    const req = await asked;
    unwrap(await e.handlers['approval.answer']({ approval: req.approvalId, answer: { kind: 'deny' } }));
  }
  expect(await settled(e, p.id)).toBe('completed');
  const tool = log.find((x): x is Extract<EngineEvent, { type: 'tool_call' }> => x.type === 'tool_call' && x.promptId === p.id) ?? call;
  if (!tool.decision) throw new Error('the Write was recorded without a decision');
  return tool.decision;
}

describe("a session follows the settings' defaultMode until a person picks one", () => {
  it('user settings acceptEdits: a new session auto-approves a Write in its workspace, and says where its mode came from', async () => {
    const { engine: e } = await acceptEditsEngine();
    const ws = tempDir();
    const created = nextEvent(e, 'session_created');
    const s = unwrap(await e.handlers['session.create']({ workspace: ws }));
    expect(s).toMatchObject({ mode: 'acceptEdits', modeSource: 'user' });
    expect(await created).toMatchObject({ mode: 'acceptEdits', modeSource: 'user' });

    const decision = await writeDecision(e, s.id);
    expect(decision).toMatchObject({ decision: 'auto_approved', source: 'mode' });
    expect(decision.reason).toContain('acceptEdits');
    expect(readFileSync(join(ws, 'note.txt'), 'utf8')).toBe('hello\n');
    expect(unwrap(await e.handlers['approval.list']({ session: s.id }))).toEqual([]);

    const listed = unwrap(await e.handlers['session.list']({})).find((x) => x.id === s.id);
    expect(listed).toMatchObject({ mode: 'acceptEdits', modeSource: 'user' });
    expect(unwrap(await e.handlers['policy.rules']({ session: s.id }))).toMatchObject({ mode: 'acceptEdits', modeSource: 'user' });
  });

  it("a person's pick wins over the settings afterwards, is reported by an event, survives a restart, and can be undone", async () => {
    const { home, engine: first } = await acceptEditsEngine();
    const ws = tempDir();
    const s = unwrap(await first.handlers['session.create']({ workspace: ws, name: 'picky' }));
    const reported = nextEvent(first, 'session_mode');
    expect(unwrap(await first.handlers['session.setMode']({ session: s.id, mode: 'default' }))).toMatchObject({ mode: 'default', modeSource: 'session' });
    expect(await reported).toMatchObject({ mode: 'default', modeSource: 'session' });

    const asked = await writeDecision(first, s.id);
    expect(asked).toMatchObject({ decision: 'needs_approval', source: 'mode' });
    expect(existsSync(join(ws, 'note.txt'))).toBe(false);

    await fx.close(first);
    const engine = await fx.open({ home });
    const again = unwrap(await engine.handlers['session.get']({ session: 'picky' }));
    expect(again).toMatchObject({ mode: 'default', modeSource: 'session' });

    // "Follow settings": the pick is dropped and the settings' mode applies again.
    expect(unwrap(await engine.handlers['session.setMode']({ session: 'picky', mode: null }))).toMatchObject({ mode: 'acceptEdits', modeSource: 'user' });
    expect(await writeDecision(engine, s.id)).toMatchObject({ decision: 'auto_approved', source: 'mode' });
  });

  it('a mode given at creation is a pick; a session without one follows later edits of the settings file', async () => {
    const { home, engine: e } = await acceptEditsEngine();
    const picked = unwrap(await e.handlers['session.create']({ workspace: tempDir(), mode: 'default' }));
    expect(picked).toMatchObject({ mode: 'default', modeSource: 'session' });
    expect(await writeDecision(e, picked.id)).toMatchObject({ decision: 'needs_approval' });

    const following = unwrap(await e.handlers['session.create']({ workspace: tempDir() }));
    settingsFile(home, { defaultMode: 'plan' });
    const list = unwrap(await e.handlers['session.list']({}));
    expect(list.find((x) => x.id === following.id)).toMatchObject({ mode: 'plan', modeSource: 'user' });
    expect(list.find((x) => x.id === picked.id)).toMatchObject({ mode: 'default', modeSource: 'session' });
    expect(await writeDecision(e, following.id)).toMatchObject({ decision: 'blocked', source: 'mode' });
  });

  it("a fork keeps its source's pick, or keeps following the settings", async () => {
    const { engine: e } = await acceptEditsEngine();
    const following = unwrap(await e.handlers['session.create']({ workspace: tempDir() }));
    const picked = unwrap(await e.handlers['session.create']({ workspace: tempDir(), mode: 'plan' }));
    expect(unwrap(await e.handlers['session.fork']({ session: following.id })).session).toMatchObject({ mode: 'acceptEdits', modeSource: 'user' });
    expect(unwrap(await e.handlers['session.fork']({ session: picked.id })).session).toMatchObject({ mode: 'plan', modeSource: 'session' });
  });

  it('project settings count in a trusted workspace only, and never for bypass', async () => {
    const { engine: e } = await acceptEditsEngine();
    const ws = tempDir();
    settingsFile(join(ws, '.paragents'), { defaultMode: 'plan' });
    const s = unwrap(await e.handlers['session.create']({ workspace: ws }));
    expect(s).toMatchObject({ mode: 'acceptEdits', modeSource: 'user' });
    unwrap(await e.handlers['workspace.trust']({ workspace: ws, trusted: true }));
    expect(unwrap(await e.handlers['session.get']({ session: s.id }))).toMatchObject({ mode: 'plan', modeSource: 'project' });

    settingsFile(join(ws, '.paragents'), { defaultMode: 'bypassPermissions' });
    expect(unwrap(await e.handlers['session.get']({ session: s.id }))).toMatchObject({ mode: 'acceptEdits', modeSource: 'user' });
  });
});

describe('managed settings', () => {
  it("name the mode over the user's, and refuse bypass whoever asks for it", async () => {
    const managed = join(tempDir(), 'managed-settings.json');
    writeFileSync(managed, JSON.stringify({ permissions: { defaultMode: 'plan' } }));
    const { engine: e } = await acceptEditsEngine({ PARAGENTS_MANAGED_SETTINGS: managed });
    const s = unwrap(await e.handlers['session.create']({ workspace: tempDir() }));
    expect(s).toMatchObject({ mode: 'plan', modeSource: 'managed' });

    writeFileSync(managed, JSON.stringify({ permissions: { disableBypassMode: true } }));
    const bypass = unwrap(await e.handlers['session.setMode']({ session: s.id, mode: 'bypass' }));
    expect(bypass).toMatchObject({ mode: 'default', modeSource: 'managed' });
    const decision = await writeDecision(e, s.id);
    expect(decision).toMatchObject({ decision: 'needs_approval', source: 'mode' });
    expect(decision.reason).toContain('bypass mode is disabled by managed settings');
  });
});
