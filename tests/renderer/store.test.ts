import { describe, expect, it, vi } from 'vitest';
import type { PanelStore } from '../../renderer/store/panel-store';
import { createPanelStore } from '../../renderer/store/panel-store';
import { displayStatus, pendingApprovalsOf } from '../../renderer/store/status';
import { asks, eventMaker } from './helpers/events';
import { fakeApi, manualFrames, summary } from './helpers/fake-api';

describe('panel store', () => {
  it('applies a burst of streaming deltas in one store update per animation frame', async () => {
    const fake = fakeApi();
    const frames = manualFrames();
    const store = createPanelStore(fake.api, { schedule: frames.schedule });
    await started(store);
    const ev = eventMaker();
    fake.emit(ev('session_created', { workspace: '/w' }, null));
    fake.emit(ev('prompt_queued', { text: 'go', position: 0 }));
    let updates = 0;
    store.subscribe(() => updates++);
    for (let i = 0; i < 50; i++) fake.emit(ev('assistant_delta', { text: `t${i} ` }));
    expect(updates).toBe(0);
    expect(frames.pending).toBe(1);
    frames.run();
    expect(updates).toBe(1);
    const last = store.getState().domain.transcripts['sess-1']!.at(-1);
    expect(last).toMatchObject({ kind: 'assistant', streaming: true });
    expect(last && 'text' in last ? last.text.split(' ').length : 0).toBe(51);
  });

  it('rebuilds the state after a reload from session.list + session.events, and marks other sessions unread', async () => {
    const ev = eventMaker();
    const fake = fakeApi({
      'session.list': () => ({ ok: true, value: [summary('sess-1', 'a1b2c3', '/w', { mode: 'acceptEdits' })] }),
      'session.events': () => ({
        ok: true,
        value: [
          ev('session_created', { workspace: '/w' }, null),
          ev('prompt_queued', { text: 'go', position: 0 }),
          ev('tool_call', { callId: 'c1', tool: 'Bash', input: { command: 'npm i' }, decision: asks }),
          ev('approval_requested', { approvalId: 'ap', approvalRef: 'abc123', callId: 'c1', tool: 'Bash', input: { command: 'npm i' }, decision: asks, alwaysRule: null }),
        ],
      }),
    });
    const frames = manualFrames();
    const store = createPanelStore(fake.api, { schedule: frames.schedule });
    await started(store);
    const s = store.getState();
    expect(s.ui.focusedSessionId).toBe('sess-1');
    expect(s.domain.sessions['sess-1']!.mode).toBe('acceptEdits');
    expect(pendingApprovalsOf(s.domain).map((a) => a.ref)).toEqual(['abc123']);

    const other = eventMaker('sess-2', 'dddddd', 50);
    fake.emit(other('session_created', { workspace: '/w2' }, null));
    fake.emit(other('assistant_message', { content: 'hello', toolCalls: [] }, null));
    frames.run();
    expect(store.getState().ui.unread).toEqual({ 'sess-2': true });
    store.getState().actions.focus('sess-2');
    expect(store.getState().ui.unread).toEqual({});
  });

  it('keeps a prompt running when the prompt.send reply (status queued) lands after its running event was applied', async () => {
    const ev = eventMaker();
    const frames = manualFrames();
    const fake = fakeApi({
      'session.list': () => ({ ok: true, value: [summary('sess-1', 'a1b2c3', '/w')] }),
      // The engine publishes the events, starts the turn, then answers with the prompt as it was when stored.
      'prompt.send': ({ text }) => {
        fake.emit(ev('prompt_queued', { text, position: 0 }));
        fake.emit(ev('prompt_status', { status: 'queued' }));
        fake.emit(ev('prompt_status', { status: 'running' }));
        const reply = { id: 'p-1', ref: '100000', sessionId: 'sess-1', text, status: 'queued' as const, error: null, usage: { promptTokens: 0, completionTokens: 0, totalTokens: 0 }, createdAt: '', startedAt: null, finishedAt: null };
        return new Promise((resolve) => setTimeout(() => { frames.run(); resolve({ ok: true, value: reply }); }, 0));
      },
    });
    const store = createPanelStore(fake.api, { schedule: frames.schedule });
    await started(store);
    await store.getState().actions.sendPrompt('sess-1', 'write a note');
    const { domain } = store.getState();
    expect(domain.prompts['p-1']!.status).toBe('running');
    expect(displayStatus(domain, domain.sessions['sess-1']!)).toBe('running');
  });

  it('sends only ids and the answer when an approval is answered', async () => {
    const fake = fakeApi({
      'approval.answer': ({ approval }) => ({
        ok: true,
        value: { id: approval, ref: 'abc123', sessionId: 's', sessionRef: 'a', promptId: 'p', promptRef: 'p', callId: 'c', tool: 'Bash', input: {}, decision: asks, alwaysRule: null, status: 'approved', createdAt: '', resolvedAt: '' },
      }),
    });
    const store = createPanelStore(fake.api, { schedule: manualFrames().schedule });
    await store.getState().actions.answerApproval('ap-9', { kind: 'allow_session' });
    expect(fake.calls.at(-1)).toEqual({ method: 'approval.answer', input: { approval: 'ap-9', answer: { kind: 'allow_session' } } });
  });
});

async function started(store: PanelStore): Promise<void> {
  store.getState().actions.start();
  await vi.waitFor(() => expect(store.getState().ui.hydrated).toBe(true));
}
