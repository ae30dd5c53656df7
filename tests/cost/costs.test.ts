import { expect, it } from 'vitest';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import type { Script } from '../fixtures/model-server';
import type { Engine } from '../../main/core/engine';
import { tempDir } from '../helpers/temp';
import { recordEvents, settled, unwrap } from '../helpers/engine';
import { useEngineFixture } from '../helpers/engine-fixture';
import { priceProvider } from './helpers';
import type { EventOf } from '../../shared/events';

// Every step of the scripted model reports the same usage: 1000 prompt and 500 completion tokens.
const USAGE = { prompt_tokens: 1000, completion_tokens: 500 };
const script = (extra: Partial<Script> = {}): Script => ({
  rules: [{ when: 'two steps', steps: [{ toolCalls: [{ name: 'LS', arguments: {} }], usage: USAGE }, { content: 'done', usage: USAGE }] }],
  ...extra,
});

const fx = useEngineFixture({ script: script() });

/** Runs one two-step prompt in a new session; returns the session id and the usage events of the prompt. */
async function runTwoSteps(e: Engine, name: string): Promise<{ sessionId: string; promptId: string; usage: EventOf<'usage'>[] }> {
  const log = recordEvents(e);
  const s = unwrap(await e.handlers['session.create']({ workspace: tempDir(), name }));
  const p = unwrap(await e.handlers['prompt.send']({ session: s.id, text: 'two steps please' }));
  expect(await settled(e, p.id)).toBe('completed');
  const usage = log.filter((x): x is EventOf<'usage'> => x.type === 'usage' && x.promptId === p.id);
  return { sessionId: s.id, promptId: p.id, usage };
}

const records = (home: string) => {
  const db = new Database(join(home, 'paragents.db'), { readonly: true });
  const rows = db.prepare('SELECT prompt_tokens, completion_tokens, cost_usd, price_source, input_per_mtok, output_per_mtok FROM usage_records ORDER BY id').all();
  db.close();
  return rows;
};

it('costs each request at the price in config.json, keeps that price with the record, and past costs stay when the price changes', async () => {
  const home = priceProvider(fx.home(), { inputPerMTok: 2, outputPerMTok: 8 });
  const engine = await fx.open({ home });

  const first = await runTwoSteps(engine, 'priced');
  // 1000 × $2/M + 500 × $8/M = $0.006 a step.
  expect(first.usage.map((u) => u.cost)).toEqual([0.006, 0.006]);
  expect(first.usage.at(-1)).toMatchObject({ promptTotalTokens: 3000, promptCost: { usd: 0.012, unpricedTokens: 0 }, sessionCost: { usd: 0.012, unpricedTokens: 0 } });
  const detail = unwrap(await engine.handlers['session.get']({ session: 'priced' }));
  expect(detail.cost).toEqual({ usd: 0.012, unpricedTokens: 0 });
  expect(detail.prompts[0]?.cost).toEqual({ usd: 0.012, unpricedTokens: 0 });

  // A new price applies from the next request on; what was already spent keeps the price it was costed at.
  priceProvider(home, { inputPerMTok: 4, outputPerMTok: 16 });
  const p2 = unwrap(await engine.handlers['prompt.send']({ session: 'priced', text: 'two steps again' }));
  expect(await settled(engine, p2.id)).toBe('completed');
  const after = unwrap(await engine.handlers['session.get']({ session: 'priced' }));
  expect(after.cost?.usd).toBeCloseTo(0.012 + 0.024, 10);
  expect(after.prompts[0]?.cost?.usd).toBe(0.012);
  await fx.close(engine);
  expect(records(home)).toEqual([
    { prompt_tokens: 1000, completion_tokens: 500, cost_usd: 0.006, price_source: 'config', input_per_mtok: 2, output_per_mtok: 8 },
    { prompt_tokens: 1000, completion_tokens: 500, cost_usd: 0.006, price_source: 'config', input_per_mtok: 2, output_per_mtok: 8 },
    { prompt_tokens: 1000, completion_tokens: 500, cost_usd: 0.012, price_source: 'config', input_per_mtok: 4, output_per_mtok: 16 },
    { prompt_tokens: 1000, completion_tokens: 500, cost_usd: 0.012, price_source: 'config', input_per_mtok: 4, output_per_mtok: 16 },
  ]);
});

it("costs each request at the price the endpoint's model list publishes (OpenRouter's per-token pricing)", async () => {
  fx.server.setScript(script({ modelFields: { 'scripted-model': { pricing: { prompt: '0.0000025', completion: '0.00001', request: '0' } } } }));
  const home = fx.home();
  const engine = await fx.open({ home });
  const run = await runTwoSteps(engine, 'listed');
  // 1000 × $2.50/M + 500 × $10/M = $0.0075 a step.
  expect(run.usage.map((u) => u.cost)).toEqual([0.0075, 0.0075]);
  expect(unwrap(await engine.handlers['session.get']({ session: 'listed' })).cost).toEqual({ usd: 0.015, unpricedTokens: 0 });
  await fx.close(engine);
  expect(records(home).map((r) => (r as { price_source: string }).price_source)).toEqual(['endpoint', 'endpoint']);
});

it('shows tokens only when no price is known: the cost is null and the tokens are counted as unpriced', async () => {
  const home = fx.home();
  const engine = await fx.open({ home });
  const run = await runTwoSteps(engine, 'unknown');
  expect(run.usage.map((u) => u.cost)).toEqual([null, null]);
  expect(run.usage.at(-1)?.sessionCost).toEqual({ usd: 0, unpricedTokens: 3000 });
  const s = unwrap(await engine.handlers['session.get']({ session: 'unknown' }));
  expect(s.cost).toEqual({ usd: 0, unpricedTokens: 3000 });
  expect(s.usage.totalTokens).toBe(3000);
  const today = unwrap(await engine.handlers['usage.summary']({ since: new Date(Date.now() - 3_600_000).toISOString() }));
  expect(today).toMatchObject({ totalTokens: 3000, promptTokens: 2000, completionTokens: 1000, cost: { usd: 0, unpricedTokens: 3000 }, dailyBudget: null });
  await fx.close(engine);
  expect(records(home).map((r) => (r as { cost_usd: number | null }).cost_usd)).toEqual([null, null]);
});

it("usage.summary adds up every session since the moment asked, with config.json's daily budget", async () => {
  const engine = await fx.open({ home: priceProvider(fx.home({ budgets: { daily: { tokens: 1_000_000, usd: 5 } } }), { inputPerMTok: 2, outputPerMTok: 8 }) });
  const before = new Date(Date.now() - 1000).toISOString();
  await runTwoSteps(engine, 'one');
  await runTwoSteps(engine, 'two');
  const summary = unwrap(await engine.handlers['usage.summary']({ since: before }));
  expect(summary.totalTokens).toBe(6000);
  expect(summary.cost.usd).toBeCloseTo(0.024, 10);
  expect(summary.cost.unpricedTokens).toBe(0);
  expect(summary.dailyBudget).toEqual({ tokens: 1_000_000, usd: 5 });
  const later = unwrap(await engine.handlers['usage.summary']({ since: new Date(Date.now() + 3_600_000).toISOString() }));
  expect(later).toMatchObject({ totalTokens: 0, cost: { usd: 0, unpricedTokens: 0 } });
});
