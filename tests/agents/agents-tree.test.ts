import { describe, expect, it } from 'vitest';
import { nested } from '../../main/cli/sessions-command';
import { useEngineFixture } from '../helpers/engine-fixture';
import { nextEvent, recordEvents, settled, unwrap } from '../helpers/engine';
import { tempDir } from '../helpers/temp';

const fx = useEngineFixture({ forceClose: true });

const agent = (name: string) => ({ name: 'Agent', arguments: { description: `task ${name}`, prompt: `child task ${name}`, name: `kid-${name}` } });

describe('children in the session tree', () => {
  it('summaries name the parent; sessions list puts children under it, indented', async () => {
    fx.server.setScript({
      rules: [
        { when: 'fan out', steps: [{ toolCalls: [agent('a'), agent('b')] }, { content: 'all done' }] },
        { when: 'child task', steps: [{ content: 'ok' }] },
      ],
    });
    const engine = await fx.open();
    const other = unwrap(await engine.handlers['session.create']({ workspace: tempDir(), name: 'other' }));
    const parent = unwrap(await engine.handlers['session.create']({ workspace: tempDir(), name: 'boss' }));
    const p = unwrap(await engine.handlers['prompt.send']({ session: parent.id, text: 'fan out' }));
    expect(await settled(engine, p.id)).toBe('completed');
    const list = unwrap(await engine.handlers['session.list']({}));
    const byName = new Map(list.map((s) => [s.name, s]));
    expect(byName.get('boss')?.parent).toBeNull();
    expect(byName.get('kid-a')?.parent).toBe(parent.ref);
    expect(byName.get('kid-b')?.parent).toBe(parent.ref);
    const own = (n: string): number => byName.get(n)?.cost?.unpricedTokens ?? -1;
    expect(byName.get('boss')?.treeCost).toEqual({ usd: 0, unpricedTokens: own('boss') + own('kid-a') + own('kid-b') });
    expect(own('kid-a')).toBeGreaterThan(0);
    expect(byName.get('other')?.treeCost).toBeUndefined();
    // The list as `sessions list` prints it: each child right under its parent, one level in.
    const rows = nested(list).map(({ s, depth }) => `${'  '.repeat(depth)}${s.name}`);
    const at = rows.indexOf('boss');
    expect(rows.slice(at, at + 3)).toEqual(['boss', '  kid-a', '  kid-b']);
    expect(rows).toContain('other');
    void other;
  });

  it("a child's use counts toward its parent's session budget", async () => {
    fx.server.setScript({
      rules: [
        { when: 'fan out', steps: [{ toolCalls: [agent('a')], usage: { prompt_tokens: 1, completion_tokens: 1 } }, { content: 'all done' }] },
        {
          when: 'child task a',
          steps: [{ toolCalls: [{ name: 'LS', arguments: {} }], usage: { prompt_tokens: 90, completion_tokens: 10 } }, { content: 'ok' }],
        },
      ],
    });
    const engine = await fx.open();
    const parent = unwrap(await engine.handlers['session.create']({ workspace: tempDir() }));
    unwrap(await engine.handlers['session.setBudget']({ session: parent.id, budget: { unit: 'tokens', limit: 50 } }));
    const paused = nextEvent(engine, 'budget_reached', (e) => e.sessionId !== parent.id);
    unwrap(await engine.handlers['prompt.send']({ session: parent.id, text: 'fan out' }));
    const stop = await paused;
    const [child] = unwrap(await engine.handlers['agents.list']({ session: parent.id }));
    expect(stop.sessionId).toBe(child?.sessionId);
    // Its own 100 tokens with its parent's: the parent's tree is over the parent's budget of 50.
    const list = unwrap(await engine.handlers['session.list']({}));
    const used = list.filter((s) => s.id === parent.id || s.id === child?.sessionId).reduce((n, s) => n + s.usage.totalTokens, 0);
    expect([stop.kind, stop.limit, stop.used]).toEqual(['session', 50, used]);
    expect(list.map((s) => s.usage.totalTokens).sort((a, b) => a - b)).toEqual([2, 100]);
  });

  it('"allow for all children" lets a sibling make the same call without a card; refused on a top-level card', async () => {
    fx.server.setScript({
      rules: [
        { when: 'fan out', steps: [{ toolCalls: [agent('a'), agent('b')] }, { content: 'all done' }] },
        { when: 'child task', steps: [{ toolCalls: [{ name: 'Bash', arguments: { command: 'rm -rf build' } }] }, { content: 'ok' }] },
        { when: 'top level', steps: [{ toolCalls: [{ name: 'Bash', arguments: { command: 'rm -rf build' } }] }, { content: 'ok' }] },
      ],
    });
    const engine = await fx.open({ home: fx.home({ agents: { maxChildren: 1 } }), approvals: 'ask', headless: false });
    const log = recordEvents(engine);
    const parent = unwrap(await engine.handlers['session.create']({ workspace: tempDir(), name: 'boss' }));
    const card = nextEvent(engine, 'approval_requested');
    const p = unwrap(await engine.handlers['prompt.send']({ session: parent.id, text: 'fan out' }));
    const first = await card;
    const listed = unwrap(await engine.handlers['approval.list']({})).find((a) => a.id === first.approvalId);
    expect([listed?.parentRef, listed?.parentName, listed?.offerChildren]).toEqual([parent.ref, 'boss', true]);
    // The event every client shows the card from names the parent too (`boss › kid-a`).
    expect([first.parentRef, first.parentName, first.sessionName]).toEqual([parent.ref, 'boss', 'kid-a']);
    unwrap(await engine.handlers['approval.answer']({ approval: first.approvalId, answer: { kind: 'allow_children' } }));
    expect(await settled(engine, p.id)).toBe('completed');
    expect(log.filter((e) => e.type === 'approval_requested')).toHaveLength(1);
    const children = unwrap(await engine.handlers['agents.list']({ session: parent.id }));
    expect(children.map((c) => [c.outcome, c.blocked, c.denied])).toEqual([
      ['completed', 0, 0],
      ['completed', 0, 0],
    ]);

    const top = unwrap(await engine.handlers['session.create']({ workspace: tempDir() }));
    const topCard = nextEvent(engine, 'approval_requested', (e) => e.sessionId === top.id);
    unwrap(await engine.handlers['prompt.send']({ session: top.id, text: 'top level' }));
    const refused = await engine.handlers['approval.answer']({ approval: (await topCard).approvalId, answer: { kind: 'allow_children' } });
    expect(!refused.ok && refused.error.message).toMatch(/is not a child's card, so it cannot be allowed for all children/);
  });
});
