import { describe, expect, it } from 'vitest';
import { join } from 'node:path';
import { Store } from '../../main/core/store/store';
import { render, type Msg } from '../../shared/i18n/message';
import { eventTextLine } from '../../main/cli/format';
import { expectSentence } from '../helpers/sentence';
import { openTestStore, promptAt } from '../helpers/prompt-moves';
import { tempDir } from '../helpers/temp';
import { nextEvent, recordEvents, unwrap } from '../helpers/engine';
import { useEngineFixture } from '../helpers/engine-fixture';

const fx = useEngineFixture();

describe('why a turn stopped, as data', () => {
  it('a shutdown mid-turn cancels it with reasonMsg, and the CLI line renders it in Chinese', async () => {
    fx.server.setScript({ rules: [{ when: 'wait', steps: [{ content: 'never', fault: { type: 'hang' } }] }] });
    const home = fx.home();
    const engine = await fx.open({ home });
    const log = recordEvents(engine);
    const s = unwrap(await engine.handlers['session.create']({ workspace: tempDir() }));
    const started = nextEvent(engine, 'turn_started');
    const p = unwrap(await engine.handlers['prompt.send']({ session: s.id, text: 'wait for me' }));
    await started;
    await fx.close(engine);
    const cancelled = log.find((e) => e.type === 'turn_cancelled');
    if (cancelled?.type !== 'turn_cancelled') throw new Error('no turn_cancelled event');
    expect(cancelled.reason).toBe('cancelled: Paragents shut down while this turn was running');
    expectSentence(cancelled.reasonMsg, cancelled.reason);
    expect(eventTextLine(cancelled, 'zh-CN')).toContain(render('zh-CN', cancelled.reasonMsg as Msg));

    const store = new Store(join(home, 'paragents.db'));
    const row = store.summaries.prompt(store.prompts.get(p.id)!);
    store.close();
    expect(row.error).toBe(cancelled.reason);
    expect(row.errorMsg).toEqual(cancelled.reasonMsg);
  });

  it('a turn left running by an engine that stopped reads interrupted, with its reason as data', async () => {
    const home = fx.home({ autoResumeMinutes: 0 });
    const t = openTestStore(join(home, 'paragents.db'));
    const { store } = t;
    const s = store.sessions.create({ workspace: tempDir(), name: null, mode: null });
    const p = promptAt(t, s.id, 'left mid-turn', 'running');
    store.close();

    const engine = await fx.open({ home });
    const shown = unwrap(await engine.handlers['session.get']({ session: s.id })).prompts.find((x) => x.id === p.id);
    expect(shown?.status).toBe('interrupted');
    expect(shown?.error).toBe('interrupted: the Paragents process running this turn stopped before it finished');
    expect(expectSentence(shown?.errorMsg, shown?.error ?? '')).toEqual({ key: 'reasons.turnStopInterrupted' });
  });

  it('a budget answer for a prompt not paused at a budget is refused as data, its status a word of the language', async () => {
    const engine = await fx.open();
    const s = unwrap(await engine.handlers['session.create']({ workspace: tempDir() }));
    fx.server.setScript({ rules: [{ when: '', steps: [{ content: 'done' }] }] });
    const done = nextEvent(engine, 'turn_completed');
    const p = unwrap(await engine.handlers['prompt.send']({ session: s.id, text: 'hi' }));
    await done;
    const r = await engine.handlers['budget.resolve']({ prompt: p.id, action: { kind: 'resume_once' } });
    if (r.ok) throw new Error('expected a refusal');
    expect(r.error.message).toBe(`prompt ${p.ref} is not paused at a budget (completed)`);
    expectSentence(r.error.msg, r.error.message);
  });
});
