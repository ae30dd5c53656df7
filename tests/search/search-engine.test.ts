// search.query and session.reopen through the engine: a real turn against the scripted model (real Read tool, real
// SQLite) is found by its prompt, answer, tool input and whole tool output, each hit naming the event the transcript
// shows; closed sessions stay searchable and can be reopened; a fork's copied history is found in its source.
import { describe, expect, it } from 'vitest';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Engine } from '../../main/core/engine';
import { PAYLOAD_THRESHOLD } from '../../main/core/store/payloads';
import { tempDir } from '../helpers/temp';
import { nextEvent, settled, unwrap } from '../helpers/engine';
import { useEngineFixture } from '../helpers/engine-fixture';

const fx = useEngineFixture({
  script: {
    rules: [
      { when: 'wombat', steps: [{ toolCalls: [{ name: 'Read', arguments: { path: 'notes-quokka.txt' } }] }, { content: 'The echidna section is at the end.' }] },
      { when: 'follow-up', steps: [{ content: 'another wombat answer' }] },
    ],
  },
});

async function turnWithBigRead(): Promise<{ engine: Engine; sessionId: string; ref: string; promptId: string }> {
  const engine = await fx.open();
  const ws = tempDir();
  const lines = Array.from({ length: 2500 }, (_, i) => `note ${i}: nothing to see on this line`);
  lines[1900] = 'note 1900: the platypus hides here';
  writeFileSync(join(ws, 'notes-quokka.txt'), lines.join('\n'));
  const s = unwrap(await engine.handlers['session.create']({ workspace: ws, name: 'notes' }));
  const p = unwrap(await engine.handlers['prompt.send']({ session: s.id, text: 'where is the wombat note?' }));
  expect(await settled(engine, p.id)).toBe('completed');
  return { engine, sessionId: s.id, ref: s.ref, promptId: p.id };
}

describe('search.query', () => {
  it('finds each part of a turn at the event the transcript shows it by', async () => {
    const { engine, sessionId, promptId } = await turnWithBigRead();
    const events = unwrap(await engine.handlers['session.events']({ session: sessionId }));
    const seqOf = (type: string) => events.find((e) => e.type === type)?.seq;
    const search = async (text: string) => unwrap(await engine.handlers['search.query']({ text }));

    expect(await search('wombat')).toEqual([expect.objectContaining({ kind: 'prompt', seq: seqOf('prompt_queued'), promptId, sessionId, sessionName: 'notes' })]);
    const call = events.find((e) => e.type === 'tool_call');
    const callId = call?.type === 'tool_call' ? call.callId : null;
    expect(await search('notes-quokka')).toEqual([expect.objectContaining({ kind: 'tool_input', seq: seqOf('tool_call'), callId, tool: 'Read' })]);
    // The Read result is payload-sized; its event carries a preview that stops long before the platypus.
    const result = events.find((e) => e.type === 'tool_result');
    expect(result?.type === 'tool_result' && result.output?.includes('platypus')).toBe(false);
    const out = await search('platypus');
    expect(out).toEqual([expect.objectContaining({ kind: 'tool_output', seq: seqOf('tool_result'), callId })]);
    expect(out[0]!.snippet.text).toContain('the platypus hides here');
    const answer = events.filter((e) => e.type === 'assistant_message' && e.content !== '').at(-1);
    expect(await search('echidna')).toEqual([expect.objectContaining({ kind: 'answer', seq: answer?.seq })]);
    expect((await search('note 1900')).map((h) => h.kind)).toEqual(['tool_output']);
    expect(result?.type === 'tool_result' && result.output?.length).toBeLessThan(PAYLOAD_THRESHOLD);
  });

  it('searches one session by id or ref, and says which session was not found', async () => {
    const { engine, sessionId, ref } = await turnWithBigRead();
    const other = unwrap(await engine.handlers['session.create']({ workspace: tempDir(), name: 'other' }));
    const p = unwrap(await engine.handlers['prompt.send']({ session: other.id, text: 'a follow-up about it' }));
    expect(await settled(engine, p.id)).toBe('completed');
    const all = unwrap(await engine.handlers['search.query']({ text: 'wombat' }));
    expect(new Set(all.map((h) => h.sessionId))).toEqual(new Set([sessionId, other.id]));
    const one = unwrap(await engine.handlers['search.query']({ text: 'wombat', sessionId: ref }));
    expect(one.map((h) => h.sessionId)).toEqual([sessionId]);
    const missing = await engine.handlers['search.query']({ text: 'wombat', sessionId: 'no-such-session' });
    expect(missing.ok).toBe(false);
    expect(!missing.ok && missing.error.kind).toBe('not_found');
  });

  it("finds a fork's copied turns once, in the session where they happened; the fork's own turns in the fork", async () => {
    const { engine, sessionId } = await turnWithBigRead();
    const fork = unwrap(await engine.handlers['session.fork']({ session: sessionId }));
    const hits = unwrap(await engine.handlers['search.query']({ text: 'wombat' }));
    expect(hits.map((h) => h.sessionId)).toEqual([sessionId]);
    const p = unwrap(await engine.handlers['prompt.send']({ session: fork.session.id, text: 'a follow-up for the fork' }));
    expect(await settled(engine, p.id)).toBe('completed');
    const after = unwrap(await engine.handlers['search.query']({ text: 'wombat answer' }));
    expect(after.map((h) => [h.sessionId, h.kind])).toEqual([[fork.session.id, 'answer']]);
  });
});

describe('closed sessions', () => {
  it('stay searchable, and session.reopen lets them take prompts again', async () => {
    const { engine, sessionId, ref } = await turnWithBigRead();
    unwrap(await engine.handlers['session.close']({ session: sessionId }));
    const hits = unwrap(await engine.handlers['search.query']({ text: 'platypus' }));
    expect(hits.map((h) => [h.sessionId, h.closed])).toEqual([[sessionId, true]]);
    const refused = await engine.handlers['prompt.send']({ session: sessionId, text: 'a follow-up' });
    expect(refused.ok).toBe(false);

    const reopened = nextEvent(engine, 'session_reopened', (e) => e.sessionId === sessionId);
    const summary = unwrap(await engine.handlers['session.reopen']({ session: ref }));
    expect(summary).toMatchObject({ id: sessionId, closedAt: null });
    expect(summary.status).not.toBe('closed');
    expect((await reopened).sessionRef).toBe(ref);
    expect(unwrap(await engine.handlers['session.list']({})).map((s) => s.id)).toContain(sessionId);
    expect(unwrap(await engine.handlers['search.query']({ text: 'platypus' }))[0]?.closed).toBe(false);
    const p = unwrap(await engine.handlers['prompt.send']({ session: sessionId, text: 'a follow-up' }));
    expect(await settled(engine, p.id)).toBe('completed');

    const again = await engine.handlers['session.reopen']({ session: sessionId });
    expect(again.ok ? null : again.error).toMatchObject({ kind: 'invalid_state', message: `session ${ref} is not closed`, msg: { key: 'notices.request.sessionNotClosed' } });
  });
});
