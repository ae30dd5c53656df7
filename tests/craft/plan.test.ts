import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/temp';
import { recordEvents, settled, unwrap } from '../helpers/engine';
import { useEngineFixture } from '../helpers/engine-fixture';
import { chatBodies } from '../helpers/chat-bodies';
import { showSession } from '../../main/cli/sessions-show';

const fx = useEngineFixture();

type Msg = { role: string; content: string };
const items = (...statuses: ('pending' | 'in_progress' | 'completed')[]) =>
  statuses.map((status, i) => ({ content: ['read the code', 'change it', 'run the tests'][i]!, status }));

describe('the Plan tool', () => {
  it('keeps the live plan with the session, in the model\'s view at every step, across a restart', async () => {
    fx.server.setScript({
      rules: [
        {
          when: 'plan it',
          steps: [
            { toolCalls: [{ name: 'Plan', arguments: { items: items('in_progress', 'pending', 'pending') } }] },
            { toolCalls: [{ name: 'Plan', arguments: { items: items('completed', 'in_progress', 'pending') } }] },
            { content: 'halfway' },
          ],
        },
      ],
    });
    const home = fx.home();
    const engine = await fx.open({ home });
    const live = recordEvents(engine);
    const s = unwrap(await engine.handlers['session.create']({ workspace: tempDir(), name: 'planner' }));
    const p = unwrap(await engine.handlers['prompt.send']({ session: s.id, text: 'plan it' }));
    expect(await settled(engine, p.id)).toBe('completed');

    const updates = live.filter((e) => e.type === 'plan_updated');
    expect(updates.map((e) => e.type === 'plan_updated' && e.items.map((i) => i.status))).toEqual([
      ['in_progress', 'pending', 'pending'],
      ['completed', 'in_progress', 'pending'],
    ]);
    const systems = chatBodies<Msg>(fx.server).map((b) => b.messages[0]!.content);
    expect(systems[0]).not.toContain('<plan');
    expect(systems[1]).toContain('<plan progress="0/3">\n1. [>] read the code\n2. [ ] change it\n3. [ ] run the tests\n</plan>');
    expect(systems[2]).toContain('<plan progress="1/3">\n1. [x] read the code\n2. [>] change it');
    // The plan is offered as a tool and the guidance says when to use it.
    expect(chatBodies(fx.server)[0]!.tools).toEqual(expect.arrayContaining([expect.objectContaining({ function: expect.objectContaining({ name: 'Plan' }) })]));

    expect(unwrap(await engine.handlers['session.get']({ session: s.id })).plan?.items.map((i) => i.status)).toEqual(['completed', 'in_progress', 'pending']);
    const shown = unwrap(await showSession(engine.handlers, s.id, 'transcript'));
    expect(shown).toEqual(expect.arrayContaining(['Plan 1/3:', '  1. [x] read the code', '  2. [>] change it', '  3. [ ] run the tests']));
    const markdown = unwrap(await showSession(engine.handlers, s.id, 'markdown')).join('\n');
    expect(markdown).toContain('## Plan (1/3)\n\n- [x] read the code\n- [ ] ▸ change it\n- [ ] run the tests');
    expect(markdown.indexOf('## Plan')).toBeLessThan(markdown.indexOf('## Prompt'));

    await fx.close(engine);
    const again = await fx.open({ home });
    const after = unwrap(await again.handlers['session.get']({ session: s.id }));
    expect(after.plan?.items).toEqual(items('completed', 'in_progress', 'pending'));
    const context = unwrap(await again.handlers['session.context']({ session: s.id }));
    const plan = context.parts.find((part) => part.kind === 'plan');
    expect(plan).toMatchObject({ items: 3 });
    expect(plan?.tokens).toBeGreaterThan(10);
  });

  it('refuses two steps in progress at once, and an empty list clears the plan', async () => {
    fx.server.setScript({
      rules: [
        {
          when: 'bad plan',
          steps: [
            { toolCalls: [{ name: 'Plan', arguments: { items: items('in_progress', 'in_progress') } }] },
            { toolCalls: [{ name: 'Plan', arguments: { items: items('pending') } }] },
            { toolCalls: [{ name: 'Plan', arguments: { items: [] } }] },
            { content: 'ok' },
          ],
        },
      ],
    });
    const engine = await fx.open();
    const live = recordEvents(engine);
    const s = unwrap(await engine.handlers['session.create']({ workspace: tempDir() }));
    const p = unwrap(await engine.handlers['prompt.send']({ session: s.id, text: 'bad plan' }));
    expect(await settled(engine, p.id)).toBe('completed');
    const results = live.filter((e) => e.type === 'tool_result');
    expect(results[0]?.type === 'tool_result' && results[0].ok).toBe(false);
    expect(results[0]?.type === 'tool_result' && results[0].error).toContain('at most one item may be in_progress at a time');
    expect(live.filter((e) => e.type === 'plan_updated').map((e) => e.type === 'plan_updated' && e.items.length)).toEqual([1, 0]);
    expect(unwrap(await engine.handlers['session.get']({ session: s.id })).plan).toBeUndefined();
    // Plan never asks, in any mode.
    expect(live.some((e) => e.type === 'approval_requested')).toBe(false);
  });
});
