import { describe, expect, it } from 'vitest';
import { cliIn as cli } from '../cli/in-process';
import { eventTextLine } from '../../main/cli/format';
import { tempDir } from '../helpers/temp';
import { nextEvent, settled, unwrap } from '../helpers/engine';
import { useEngineFixture } from '../helpers/engine-fixture';
import { priceProvider } from './helpers';

const STEP = { prompt_tokens: 1000, completion_tokens: 500 };
const fx = useEngineFixture({
  script: { rules: [{ when: 'two steps', steps: [{ toolCalls: [{ name: 'LS', arguments: {} }], usage: STEP }, { content: 'done', usage: STEP }] }] },
  engine: { recover: false },
});

const pricedHome = (): string => priceProvider(fx.home(), { inputPerMTok: 2, outputPerMTok: 8 });

describe('paragents sessions: cost and budget', () => {
  it('sessions list gives cost=$… when the price is known and only tokens when not; sessions budget sets and shows a budget', async () => {
    const home = pricedHome();
    const engine = await fx.open({ home });
    const s = unwrap(await engine.handlers['session.create']({ workspace: tempDir(), name: 'priced' }));
    const idle = unwrap(await engine.handlers['session.create']({ workspace: tempDir(), name: 'idle' }));
    expect(await settled(engine, unwrap(await engine.handlers['prompt.send']({ session: s.id, text: 'two steps' })).id)).toBe('completed');
    await fx.close(engine);

    const list = await cli(home, ['sessions', 'list']);
    expect(list.code).toBe(0);
    const line = (ref: string): string => list.out.find((l) => l.startsWith(ref)) ?? '';
    expect(line(s.ref)).toContain('tokens=3000 cost=$0.012');
    expect(line(idle.ref)).toContain('tokens=0');
    expect(line(idle.ref)).not.toContain('cost=');

    const set = await cli(home, ['sessions', 'budget', 'priced', '$0.50']);
    expect(set.code).toBe(0);
    expect(set.out).toEqual([`${s.ref}: budget $0.50; used 3k tokens · $0.012`]);
    expect((await cli(home, ['sessions', 'list'])).out.find((l) => l.startsWith(s.ref))).toContain('cost=$0.012 budget=$0.50');
    const off = await cli(home, ['sessions', 'budget', 'priced', 'off']);
    expect(off.out).toEqual([`${s.ref}: no budget; used 3k tokens · $0.012`]);
    const bad = await cli(home, ['sessions', 'budget', 'priced', 'lots']);
    expect(bad.code).not.toBe(0);
    expect(bad.err[0]).toContain('"lots" is not a budget');
  });

  it('a prompt paused at a budget is named in the list and answered with sessions budget --resume-once', async () => {
    const home = pricedHome();
    const engine = await fx.open({ home });
    const s = unwrap(await engine.handlers['session.create']({ workspace: tempDir(), name: 'capped' }));
    unwrap(await engine.handlers['session.setBudget']({ session: s.id, budget: { unit: 'tokens', limit: 1000 } }));
    const reached = nextEvent(engine, 'budget_reached');
    const p = unwrap(await engine.handlers['prompt.send']({ session: s.id, text: 'two steps' }));
    const event = await reached;
    expect(eventTextLine(event)).toBe(
      `[S:capped][P:${p.ref}] paused: the session budget of 1k tokens is used up (1.5k tokens); raise it, resume once or stop (the panel's card, or paragents sessions budget capped --raise LIMIT | --resume-once | --stop)`,
    );
    await fx.close(engine);

    const list = await cli(home, ['sessions', 'list']);
    expect(list.out.find((l) => l.startsWith(s.ref))).toContain('budget=1k budget-reached');
    const shown = await cli(home, ['sessions', 'budget', 'capped']);
    expect(shown.out).toEqual([`${s.ref}: budget 1k tokens; used 1.5k tokens · $0.006; paused: the session budget of 1k tokens is used up (1.5k tokens)`]);
    const wrongUnit = await cli(home, ['sessions', 'budget', 'capped', '--raise', '$5']);
    expect(wrongUnit.err[0]).toContain('--raise takes the same unit');

    // The command follows the turn it let go on to its end, like `paragents resume`.
    const resumed = await cli(home, ['sessions', 'budget', 'capped', '--resume-once']);
    expect(resumed.code).toBe(0);
    expect(resumed.out.at(-1)).toBe(`[S:capped][P:${p.ref}] completed: done`);
    const after = await cli(home, ['sessions', 'budget', 'capped']);
    expect(after.out).toEqual([`${s.ref}: budget 1k tokens; used 3k tokens · $0.012`]);
  });
});
