import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fitContext, type FitContextInput } from '../../main/core/context/compaction';
import { SUMMARY_HEADINGS } from '../../main/core/context/compaction-summary';
import { HEAD_INTRO, buildModelView } from '../../main/core/context/view';
import { toolPairingProblems } from '../../main/core/context/view-pairing';
import { createModelClient } from '../../main/core/model/client';
import { ModelError, type ChatMessage } from '../../main/core/model/types';
import { useEngineFixture } from '../helpers/engine-fixture';
import { chatBodies } from '../helpers/chat-bodies';
import { loaded, provider } from '../model/helpers';
import { appendTurns, counter, openStore, reopen, SYSTEM, type Opened } from './compaction-helpers';

const SUMMARY = '## Goal\nread the files\n## Decisions and why\nnone\n## Files read and changed\nsrc/f0.ts\n## Commands run and their outcome\nnone\n## Open tasks\nnone\n## Unresolved errors\nnone';

const fx = useEngineFixture({ script: { rules: [{ when: 'Write the summary now', steps: [{ content: SUMMARY, usage: { prompt_tokens: 900, completion_tokens: 60 } }] }] } });
let o: Opened;
beforeEach(() => {
  o = openStore();
});
// Registered after the fixture, so the store closes before the fixture removes its folder.
afterEach(() => o.store.close());

const client = () => createModelClient(loaded([provider('scripted', fx.server.url)], { maxRetries: 0 }));
const input = (over: Partial<FitContextInput> = {}): FitContextInput => ({
  store: o.store,
  compactions: o.compactions,
  client: client(),
  counter,
  budget: { window: 6000, usable: 5000 },
  sessionId: o.sessionId,
  system: SYSTEM,
  signal: new AbortController().signal,
  reason: 'manual',
  ...over,
});
const chatRequests = () => chatBodies(fx.server);
const turns = (n: number, chars = 3000) =>
  Array.from({ length: n }, (_, i) => ({ prompt: `prompt number ${i}: read src/f${i}.ts and explain it`, reads: [{ path: `src/f${i}.ts`, chars }] }));

describe('summary compaction', () => {
  it('asks for a structured summary without tools, streamed, and shows system, summary, prompts, last turn', async () => {
    appendTurns(o, turns(4));
    const result = await fitContext(input({ focus: 'the parser' }));
    if (!result.ok) throw new Error(result.error.message);
    const compacted = result.value.compacted;
    expect(compacted?.summary).toBe(SUMMARY);
    expect(compacted?.summaryError).toBeNull();
    expect(compacted?.summaryTokens).toBe(counter.countText(SUMMARY));
    expect(compacted?.usage).toEqual({ provider: 'scripted', model: 'scripted-model', usage: { promptTokens: 900, completionTokens: 60, totalTokens: 960 } });
    expect(compacted?.reason).toBe('manual');

    const [request] = chatRequests();
    expect(request).toBeDefined();
    expect(request?.stream).toBe(true);
    expect(request).not.toHaveProperty('tools');
    const sent = request?.messages as { role: string; content: string }[];
    expect(sent.map((m) => m.role)).toEqual(['system', 'user']);
    const ask = sent[1]?.content ?? '';
    for (const heading of SUMMARY_HEADINGS) expect(ask).toContain(`## ${heading}`);
    expect(ask).toContain('The person asked the summary to focus on: the parser');
    // The material is the pruned history: large outputs as stubs.
    expect(ask).toContain('[output pruned: Read {"path":"src/f0.ts"} — 3,000 characters]');
    expect(ask).toContain('prompt number 2: read src/f2.ts and explain it');
    expect(ask).not.toContain('prompt number 3');

    const view = result.value.view.messages;
    expect(view[0]).toEqual({ role: 'system', content: SYSTEM });
    const head = view[1]?.content as string;
    expect(head.startsWith(HEAD_INTRO)).toBe(true);
    expect(head).toContain(`## Summary of the session so far\n\n${SUMMARY}`);
    expect(head).toContain(
      [0, 1, 2].map((i) => `<prompt number="${i + 1}">\nprompt number ${i}: read src/f${i}.ts and explain it\n</prompt>`).join('\n'),
    );
    expect(head).not.toContain('elided');
    const lastTurn = o.store.transcript.list(o.sessionId).slice(-4).map((m) => m.message);
    expect(view.slice(2)).toEqual(lastTurn);
    expect(toolPairingProblems(view)).toEqual([]);
    expect(compacted?.tokensAfter).toBe(result.value.view.tokens);
    expect(compacted?.prunedToolOutputs).toBe(3);
  });

  it('keeps every prompt verbatim, newest first within the budget, and marks the older ones elided', async () => {
    const long = (i: number) => `prompt ${i}: ${'please keep this exact wording '.repeat(8)}end ${i}`;
    appendTurns(o, Array.from({ length: 12 }, (_, i) => ({ prompt: long(i) })));
    const perPrompt = counter.countText(`<prompt number="10">\n${long(10)}\n</prompt>`) + 1;
    // Room for about four prompts of the eleven before the last turn.
    const window = Math.floor((perPrompt * 4.5 + 20) / 0.05);
    const result = await fitContext(input({ budget: { window, usable: window }, settings: { userPromptShare: 0.05, recentShare: 0.01 } }));
    if (!result.ok) throw new Error(result.error.message);
    const head = result.value.view.messages[1]?.content as string;
    const shown = [...head.matchAll(/<prompt number="(\d+)">\n([\s\S]*?)\n<\/prompt>/g)];
    expect(shown.length).toBeGreaterThanOrEqual(3);
    expect(shown.length).toBeLessThan(11);
    const first = 11 - shown.length;
    expect(head).toContain(`[${first} earlier prompts elided]`);
    expect(shown.map((m) => Number(m[1]))).toEqual(Array.from({ length: shown.length }, (_, k) => first + k + 1));
    expect(shown.map((m) => m[2])).toEqual(Array.from({ length: shown.length }, (_, k) => long(first + k)));
    // The marker comes before the prompts it stands for.
    expect(head.indexOf('earlier prompts elided')).toBeLessThan(head.indexOf('<prompt number'));
    expect(result.value.view.messages.at(-2)).toEqual({ role: 'user', content: long(11) });
  });

  it('cuts the oldest history, with a marker, when the material does not fit the window', async () => {
    appendTurns(o, Array.from({ length: 20 }, (_, i) => ({ prompt: `step ${i}: ${'the quick brown fox jumps over the lazy dog '.repeat(30)}` })));
    const result = await fitContext(input({ budget: { window: 4000, usable: 3000 } }));
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.compacted?.summary).toBe(SUMMARY);
    const sent = chatRequests()[0]?.messages as ChatMessage[];
    const ask = (sent[1]?.content as string | undefined) ?? '';
    expect(ask).toMatch(/\[… \d+ earlier messages were cut to fit the summariser's context window …\]/);
    expect(ask).not.toContain('step 0: ');
    expect(ask).toContain('step 18: ');
    expect(sent.reduce((n, m) => n + counter.countMessage(m), 0)).toBeLessThanOrEqual(3000);
  });

  it('falls back to pruning when the summary request fails, and says so', async () => {
    fx.server.setScript({ rules: [{ when: 'Write the summary now', steps: [{ fault: { type: '500', times: 5 } }] }] });
    appendTurns(o, turns(4));
    const before = buildModelView({ system: SYSTEM, messages: o.store.transcript.list(o.sessionId), compaction: null, counter }).tokens;
    const result = await fitContext(input({ budget: { window: before * 2, usable: Math.ceil(before * 0.9) } }));
    if (!result.ok) throw new Error(result.error.message);
    const compacted = result.value.compacted;
    expect(chatRequests()).toHaveLength(1);
    expect(compacted?.summary).toBeNull();
    expect(compacted?.summaryError).toMatch(/server error \(500/);
    expect(compacted?.record.summaryError).toBe(compacted?.summaryError);
    expect(compacted?.usage).toBeNull();
    // Pruning alone fits: every turn is still in view, old outputs stubbed.
    const view = result.value.view.messages;
    expect(view.filter((m) => m.role === 'user').map((m) => m.content)).toEqual([0, 1, 2, 3].map((i) => `prompt number ${i}: read src/f${i}.ts and explain it`));
    expect(compacted?.record.prunedIds).toHaveLength(3);
    expect(result.value.view.tokens).toBeLessThanOrEqual(Math.ceil(before * 0.9));
    expect(toolPairingProblems(view)).toEqual([]);
  });

  it('when pruning alone does not fit either, cuts anyway and keeps the prompts, with a note that the summary failed', async () => {
    fx.server.setScript({ rules: [{ when: 'Write the summary now', steps: [{ fault: { type: '500', times: 5 } }] }] });
    appendTurns(o, Array.from({ length: 30 }, (_, i) => ({ prompt: `question ${i}: ${'why is the build slow '.repeat(6)}`, answer: `answer ${i}: ${'because of the cache '.repeat(12)}` })));
    const before = buildModelView({ system: SYSTEM, messages: o.store.transcript.list(o.sessionId), compaction: null, counter }).tokens;
    const usable = Math.ceil(before * 0.5);
    const result = await fitContext(input({ reason: 'overflow', budget: { window: usable * 2, usable } }));
    if (!result.ok) throw new Error(result.error.message);
    expect(result.value.compacted?.summary).toBeNull();
    const head = result.value.view.messages[1]?.content as string;
    expect(head).toMatch(/\[No summary of the \d+ messages condensed last: the summary request failed \(model request failed: .*500/);
    // The prompts are kept newest first within their budget, the older ones counted by the marker.
    expect(head).toMatch(/\[\d+ earlier prompts elided\]\n<prompt number="\d+">\nquestion \d+: /);
    // Every prompt is either in view verbatim or counted by the marker: the newest ones are the ones shown.
    const prompts = Array.from({ length: 30 }, (_, i) => `question ${i}: ${'why is the build slow '.repeat(6)}`);
    const text = result.value.view.messages.map((m) => m.content ?? '').join('\n');
    const visible = prompts.filter((p) => text.includes(p));
    const elided = Number(/\[(\d+) earlier prompts elided\]/.exec(head)?.[1]);
    expect(visible).toEqual(prompts.slice(elided));
    expect(result.value.view.messages.at(-2)).toEqual({ role: 'user', content: prompts[29] });
    expect(result.value.view.tokens).toBeLessThanOrEqual(usable);
    expect(toolPairingProblems(result.value.view.messages)).toEqual([]);
  });

  it('rebuilds exactly the same view after the database is reopened', async () => {
    appendTurns(o, turns(5));
    const result = await fitContext(input());
    if (!result.ok) throw new Error(result.error.message);
    appendTurns(o, [{ prompt: 'one more after the compaction', reads: [{ path: 'src/late.ts', chars: 2000 }] }]);
    const build = (x: Opened) =>
      buildModelView({ system: SYSTEM, messages: x.store.transcript.list(x.sessionId), compaction: x.compactions.latest(x.sessionId), counter });
    const live = build(o);
    o = reopen(o);
    const rebuilt = build(o);
    expect(rebuilt).toEqual(live);
    expect(rebuilt.messages.at(-1)).toEqual({ role: 'assistant', content: 'done: one more after the compaction' });
    // And an unchanged view is not compacted again.
    const again = await fitContext(input({ reason: 'auto' }));
    expect(again).toMatchObject({ ok: true, value: { compacted: null } });
    if (again.ok) expect(again.value.view).toEqual(rebuilt);
    expect(o.compactions.list(o.sessionId)).toHaveLength(1);
  });

  it('is cancelled by its signal while the summary streams, and records nothing', async () => {
    fx.server.setScript({ chunkSize: 4, rules: [{ when: 'Write the summary now', steps: [{ content: SUMMARY, gate: 'summary', gateAfterChunks: 2 }] }] });
    appendTurns(o, turns(3));
    const controller = new AbortController();
    const deltas: string[] = [];
    const pending = fitContext(input({ signal: controller.signal, onSummaryDelta: (t) => deltas.push(t) }));
    await fx.server.reached('summary');
    controller.abort();
    const error = await pending.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ModelError);
    expect((error as ModelError).kind).toBe('aborted');
    expect(o.compactions.latest(o.sessionId)).toBeNull();
  });
});
