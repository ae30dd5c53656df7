import { describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import type { Engine } from '../../main/core/engine';
import { tempDir } from '../helpers/temp';
import { nextEvent, recordEvents, settled, unwrap } from '../helpers/engine';
import { useEngineFixture } from '../helpers/engine-fixture';
import { priceProvider } from './helpers';

// Each step reports 700 tokens; every step but the last calls LS, so a step's tool call runs after its usage is known.
const STEP = { prompt_tokens: 600, completion_tokens: 100 };
const steps = (n: number) => [
  ...Array.from({ length: n - 1 }, () => ({ toolCalls: [{ name: 'LS', arguments: {} }], usage: STEP })),
  { content: 'all done', usage: STEP },
];

const fx = useEngineFixture({
  script: { rules: [{ when: 'five steps', steps: steps(5) }, { when: 'one step', steps: steps(1) }] },
});

/** Chat requests the model server received (it is also asked for its model list). */
const chats = () => fx.server.requests.filter((r) => r.method === 'POST').length;

async function start(extra: Record<string, unknown> = {}): Promise<{ e: Engine; home: string }> {
  const home = fx.home(extra);
  const engine = await fx.open({ home });
  return { e: engine, home };
}

describe('a session budget', () => {
  it('pauses the turn at the step boundary once reached: the step that crossed it finishes, the next request is not sent', async () => {
    const { e } = await start();
    const log = recordEvents(e);
    const s = unwrap(await e.handlers['session.create']({ workspace: tempDir(), name: 'capped' }));
    const set = unwrap(await e.handlers['session.setBudget']({ session: 'capped', budget: { unit: 'tokens', limit: 1000 } }));
    expect(set.budget).toEqual({ unit: 'tokens', limit: 1000 });
    const reached = nextEvent(e, 'budget_reached');
    const p = unwrap(await e.handlers['prompt.send']({ session: s.id, text: 'five steps' }));
    const event = await reached;
    // 700 tokens after the first step (under 1000), 1400 after the second: its LS call still ran, then the turn paused.
    expect(event).toMatchObject({ sessionId: s.id, promptId: p.id, kind: 'session', unit: 'tokens', limit: 1000, used: 1400 });
    expect(chats()).toBe(2);
    expect(log.filter((x) => x.type === 'tool_result' && x.promptId === p.id)).toHaveLength(2);
    const paused = unwrap(await e.handlers['session.get']({ session: s.id }));
    expect(paused.status).toBe('paused');
    expect(paused.prompts[0]?.status).toBe('paused');
    expect(paused.budgetStop).toEqual({ kind: 'session', unit: 'tokens', limit: 1000, used: 1400 });
    // The pause is announced before the budget event, in the same step.
    const statusAt = log.findIndex((x) => x.type === 'prompt_status' && x.promptId === p.id && x.status === 'paused');
    expect(statusAt).toBeGreaterThan(-1);
    expect(log.findIndex((x) => x.type === 'budget_reached')).toBe(statusAt + 1);
    expect(chats()).toBe(2);

    // Resume once: past the budget for the rest of this prompt; it runs to its end.
    unwrap(await e.handlers['budget.resolve']({ prompt: p.id, action: { kind: 'resume_once' } }));
    expect(await settled(e, p.id)).toBe('completed');
    expect(chats()).toBe(5);
    expect(log.filter((x) => x.type === 'budget_reached')).toHaveLength(1);
    expect(unwrap(await e.handlers['session.get']({ session: s.id })).budgetStop).toBeNull();

    // The next prompt of the session stops at the budget again, before its first request.
    const again = nextEvent(e, 'budget_reached', (x) => x.promptId !== p.id);
    const p2 = unwrap(await e.handlers['prompt.send']({ session: s.id, text: 'one step' }));
    expect(await again).toMatchObject({ promptId: p2.id, used: 3500, limit: 1000 });
    expect(chats()).toBe(5);
  });

  it('Raise goes on until the new limit; a limit not above what is used is refused; Stop cancels the turn', async () => {
    const { e } = await start();
    const s = unwrap(await e.handlers['session.create']({ workspace: tempDir(), name: 'raised' }));
    unwrap(await e.handlers['session.setBudget']({ session: s.id, budget: { unit: 'tokens', limit: 1000 } }));
    const first = nextEvent(e, 'budget_reached');
    const p = unwrap(await e.handlers['prompt.send']({ session: s.id, text: 'five steps' }));
    await first;
    expect(chats()).toBe(2);

    const low = await e.handlers['budget.resolve']({ prompt: p.id, action: { kind: 'raise', limit: 1400 } });
    expect(!low.ok && low.error.message).toMatch(/above what is used/);
    expect(unwrap(await e.handlers['session.get']({ session: s.id })).prompts[0]?.status).toBe('paused');

    const second = nextEvent(e, 'budget_reached', (x) => x.limit === 2500);
    const budgetEvent = nextEvent(e, 'session_budget', (x) => x.budget?.limit === 2500);
    unwrap(await e.handlers['budget.resolve']({ prompt: p.id, action: { kind: 'raise', limit: 2500 } }));
    expect((await budgetEvent).budget).toEqual({ unit: 'tokens', limit: 2500 });
    // 2100 after the third step, 2800 after the fourth: paused again before the fifth.
    expect(await second).toMatchObject({ kind: 'session', used: 2800, limit: 2500 });
    expect(chats()).toBe(4);
    expect(unwrap(await e.handlers['session.get']({ session: s.id })).budget).toEqual({ unit: 'tokens', limit: 2500 });

    unwrap(await e.handlers['budget.resolve']({ prompt: p.id, action: { kind: 'stop' } }));
    expect(await settled(e, p.id)).toBe('cancelled');
    expect(chats()).toBe(4);
    const stale = await e.handlers['budget.resolve']({ prompt: p.id, action: { kind: 'resume_once' } });
    expect(!stale.ok && stale.error.message).toMatch(/not paused at a budget/);
  });

  it('counts dollars when the budget is money, at the price of each request', async () => {
    const engine = await fx.open({ home: priceProvider(fx.home(), { inputPerMTok: 5, outputPerMTok: 20 }) });
    const s = unwrap(await engine.handlers['session.create']({ workspace: tempDir(), name: 'money' }));
    unwrap(await engine.handlers['session.setBudget']({ session: s.id, budget: { unit: 'usd', limit: 0.01 } }));
    const reached = nextEvent(engine, 'budget_reached');
    unwrap(await engine.handlers['prompt.send']({ session: s.id, text: 'five steps' }));
    // $0.005 a step (600 × $5/M + 100 × $20/M): $0.010 after the second step reaches the $0.01 limit.
    const event = await reached;
    expect(event).toMatchObject({ kind: 'session', unit: 'usd', limit: 0.01 });
    expect(event.used).toBeCloseTo(0.01, 10);
    expect(chats()).toBe(2);
  });

  it('stays at the budget across a restart, and is answered there', async () => {
    const { e, home } = await start();
    const s = unwrap(await e.handlers['session.create']({ workspace: tempDir(), name: 'kept' }));
    unwrap(await e.handlers['session.setBudget']({ session: s.id, budget: { unit: 'tokens', limit: 1000 } }));
    const reached = nextEvent(e, 'budget_reached');
    const p = unwrap(await e.handlers['prompt.send']({ session: s.id, text: 'five steps' }));
    await reached;
    await fx.close(e);
    const engine = await fx.open({ home });
    const after = unwrap(await engine.handlers['session.get']({ session: 'kept' }));
    expect(after.prompts[0]?.status).toBe('paused');
    expect(after.budgetStop).toEqual({ kind: 'session', unit: 'tokens', limit: 1000, used: 1400 });
    expect(chats()).toBe(2);
    unwrap(await engine.handlers['budget.resolve']({ prompt: p.id, action: { kind: 'resume_once' } }));
    expect(await settled(engine, p.id)).toBe('completed');
    expect(chats()).toBe(5);
  });
});

describe("config.json's budgets.session", () => {
  it('caps every session without a budget of its own; Raise gives the session its own', async () => {
    const { e } = await start({ budgets: { session: { unit: 'tokens', limit: 1000 } } });
    const s = unwrap(await e.handlers['session.create']({ workspace: tempDir(), name: 'plain' }));
    expect(s.budget).toBeNull();
    const first = nextEvent(e, 'budget_reached');
    const p = unwrap(await e.handlers['prompt.send']({ session: s.id, text: 'five steps' }));
    expect(await first).toMatchObject({ kind: 'session', unit: 'tokens', limit: 1000, used: 1400 });
    expect(chats()).toBe(2);
    unwrap(await e.handlers['budget.resolve']({ prompt: p.id, action: { kind: 'raise', limit: 100_000 } }));
    expect(await settled(e, p.id)).toBe('completed');
    expect(unwrap(await e.handlers['session.get']({ session: s.id })).budget).toEqual({ unit: 'tokens', limit: 100_000 });
    // A session's own budget wins over the default.
    const own = unwrap(await e.handlers['session.create']({ workspace: tempDir(), name: 'own' }));
    unwrap(await e.handlers['session.setBudget']({ session: own.id, budget: { unit: 'tokens', limit: 50_000 } }));
    expect(await settled(e, unwrap(await e.handlers['prompt.send']({ session: own.id, text: 'five steps' })).id)).toBe('completed');
  });
});

describe('the daily budget', () => {
  it("counts every session's usage today: a second session pauses before its first request, and Raise writes config.json", async () => {
    const { e, home } = await start({ budgets: { daily: { tokens: 2000 } } });
    const a = unwrap(await e.handlers['session.create']({ workspace: tempDir(), name: 'a' }));
    const b = unwrap(await e.handlers['session.create']({ workspace: tempDir(), name: 'b' }));
    // Session a: 700, 1400, 2100 tokens, so it pauses before its fourth step.
    const first = nextEvent(e, 'budget_reached');
    const pa = unwrap(await e.handlers['prompt.send']({ session: a.id, text: 'five steps' }));
    expect(await first).toMatchObject({ sessionId: a.id, kind: 'daily', unit: 'tokens', limit: 2000, used: 2100 });
    unwrap(await e.handlers['budget.resolve']({ prompt: pa.id, action: { kind: 'resume_once' } }));
    expect(await settled(e, pa.id)).toBe('completed');
    expect(chats()).toBe(5);

    // Session b has used nothing itself; the day's total is over the limit, so its first request is not sent.
    const second = nextEvent(e, 'budget_reached', (x) => x.sessionId === b.id);
    const pb = unwrap(await e.handlers['prompt.send']({ session: b.id, text: 'one step' }));
    expect(await second).toMatchObject({ kind: 'daily', unit: 'tokens', limit: 2000, used: 3500 });
    expect(chats()).toBe(5);
    expect(unwrap(await e.handlers['usage.summary']({ since: new Date(Date.now() - 3_600_000).toISOString() })).dailyBudget).toEqual({ tokens: 2000 });

    unwrap(await e.handlers['budget.resolve']({ prompt: pb.id, action: { kind: 'raise', limit: 10_000 } }));
    expect(await settled(e, pb.id)).toBe('completed');
    expect(chats()).toBe(6);
    const written = JSON.parse(readFileSync(join(home, 'config.json'), 'utf8')) as { budgets: unknown; providers: { name: string }[] };
    expect(written.budgets).toEqual({ daily: { tokens: 10_000 } });
    expect(written.providers.map((p) => p.name)).toEqual(['scripted']);
  });
});
