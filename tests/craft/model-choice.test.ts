import { describe, expect, it } from 'vitest';
import { tempDir } from '../helpers/temp';
import { recordEvents, settled, unwrap } from '../helpers/engine';
import { useEngineFixture } from '../helpers/engine-fixture';
import { chatBodies } from '../helpers/chat-bodies';
import { effortParams, effortStyle } from '../../main/core/model/effort';
import { defaultEditTool, familyOfModel, isKnownVisionModel } from '../../shared/model-family';
import { english } from '../../shared/i18n/message';

const fx = useEngineFixture();

type Msg = { role: string; content: string };
const provider = (name: string, model: string, more: Record<string, unknown> = {}) => ({ name, baseURL: fx.server.url, model, apiKey: 'k', ...more });
const script = () => fx.server.setScript({ rules: [{ when: 'go', steps: [{ content: 'ok' }] }] });

async function turn(sessionId: string, text = 'go'): Promise<void> {
  const p = unwrap(await fx.engine.handlers['prompt.send']({ session: sessionId, text }));
  expect(await settled(fx.engine, p.id)).toBe('completed');
}

describe('model families', () => {
  it('are chosen from the model name, with gateways\' vendor prefixes', () => {
    expect(familyOfModel('gpt-5')).toBe('openai');
    expect(familyOfModel('openai/o3-mini')).toBe('openai');
    expect(familyOfModel('anthropic/claude-sonnet-4')).toBe('anthropic');
    expect(familyOfModel('qwen2.5-coder:32b')).toBe('coder');
    expect(familyOfModel('deepseek/deepseek-chat')).toBe('coder');
    expect(familyOfModel('meta-llama/llama-3.3-70b-instruct')).toBe('coder');
    expect(familyOfModel('mistral-large')).toBe('generic');
    expect(defaultEditTool('gpt-4.1-mini')).toBe('apply_patch');
    expect(defaultEditTool('gpt-4o')).toBe('edit');
    expect(defaultEditTool('o4-mini')).toBe('apply_patch');
    expect(defaultEditTool('claude-sonnet-4')).toBe('edit');
    expect(isKnownVisionModel('gpt-4o')).toBe(true);
    expect(isKnownVisionModel('deepseek-coder')).toBe(false);
  });

  it('give each family its own opening, and promptFamily overrides the name', async () => {
    script();
    const home = fx.home({ providers: [provider('gpt', 'gpt-5'), provider('claude', 'claude-sonnet-4', { promptFamily: 'coder' })], defaultProvider: 'gpt' });
    await fx.open({ home });
    const s = unwrap(await fx.engine.handlers['session.create']({ workspace: tempDir() }));
    await turn(s.id);
    const openai = chatBodies<Msg>(fx.server)[0]!.messages[0]!.content;
    expect(openai).toContain('Keep going until the task is fully resolved');
    unwrap(await fx.engine.handlers['session.setModel']({ session: s.id, provider: 'claude' }));
    await turn(s.id);
    const body = chatBodies<Msg>(fx.server)[1]!;
    expect(body.model).toBe('claude-sonnet-4');
    expect(body.messages[0]!.content).toContain('Call one tool at a time when a call depends on the result of another.');
    expect(body.messages[0]!.content).not.toContain('Keep going until');
    const c = unwrap(await fx.engine.handlers['session.context']({ session: s.id }));
    expect(c.provider).toBe('claude');
    expect(c.parts[0]?.label).toBe('system prompt (coder)');
  });
});

describe('/model', () => {
  it('switches a session\'s provider between turns, back to the default with null, and refuses an unknown one', async () => {
    script();
    await fx.open({ home: fx.home({ providers: [provider('main', 'model-a'), provider('other', 'model-b')], defaultProvider: 'main' }) });
    const live = recordEvents(fx.engine);
    const s = unwrap(await fx.engine.handlers['session.create']({ workspace: tempDir() }));
    const chosen = unwrap(await fx.engine.handlers['session.setModel']({ session: s.id, provider: 'other' }));
    expect(chosen.chosenProvider).toBe('other');
    await turn(s.id);
    unwrap(await fx.engine.handlers['session.setModel']({ session: s.id, provider: null }));
    await turn(s.id);
    expect(chatBodies(fx.server).map((b) => b.model)).toEqual(['model-b', 'model-a']);
    expect(live.filter((e) => e.type === 'session_model').map((e) => e.type === 'session_model' && e.chosenProvider)).toEqual(['other', null]);

    const bad = await fx.engine.handlers['session.setModel']({ session: s.id, provider: 'nope' });
    expect(bad.ok).toBe(false);
    if (!bad.ok) expect(english(bad.error.msg!)).toMatch(/config\.json: no provider named "nope" is configured \(providers: main, other\)$/);
    // Nothing was lost: the session still follows the default.
    expect(unwrap(await fx.engine.handlers['session.get']({ session: s.id })).chosenProvider).toBeUndefined();
  });
});

it('a session with no choice talks to the default provider even when it is not the first in the file', async () => {
  script();
  await fx.open({ home: fx.home({ providers: [provider('first', 'model-first'), provider('chosen-default', 'model-default')], defaultProvider: 'chosen-default' }) });
  const s = unwrap(await fx.engine.handlers['session.create']({ workspace: tempDir() }));
  await turn(s.id);
  expect(chatBodies(fx.server).map((b) => b.model)).toEqual(['model-default']);
});

describe('reasoning effort', () => {
  it('is sent as reasoning_effort to o-series and GPT-5 models, as reasoning.effort to OpenRouter, and never to others', () => {
    const at = (baseURL: string, model: string) => ({ name: 'p', baseURL, model, apiKey: null, apiKeyEnv: null, headers: {} });
    expect(effortParams(at('https://api.openai.com/v1', 'o3-mini'), 'high')).toEqual({ reasoning_effort: 'high' });
    expect(effortParams(at('https://api.openai.com/v1', 'gpt-5'), 'low')).toEqual({ reasoning_effort: 'low' });
    expect(effortParams(at('https://openrouter.ai/api/v1', 'deepseek/deepseek-r1'), 'medium')).toEqual({ reasoning: { effort: 'medium' } });
    expect(effortParams(at('https://api.openai.com/v1', 'gpt-4o'), 'high')).toEqual({});
    expect(effortParams(at('http://127.0.0.1:11434/v1', 'qwen3:32b'), 'high')).toEqual({});
    expect(effortStyle(at('https://api.openai.com/v1', 'gpt-5-chat-latest'))).toBeNull();
  });

  it('follows config.json, then the session\'s /effort, and only where the model takes it', async () => {
    script();
    await fx.open({ home: fx.home({ providers: [provider('o', 'o3-mini', { reasoningEffort: 'high' }), provider('plain', 'scripted-model', { reasoningEffort: 'high' })], defaultProvider: 'o' }) });
    const s = unwrap(await fx.engine.handlers['session.create']({ workspace: tempDir() }));
    await turn(s.id);
    const summary = unwrap(await fx.engine.handlers['session.setEffort']({ session: s.id, effort: 'low' }));
    expect(summary.reasoningEffort).toBe('low');
    await turn(s.id);
    unwrap(await fx.engine.handlers['session.setModel']({ session: s.id, provider: 'plain' }));
    await turn(s.id);
    const sent = chatBodies(fx.server).map((b) => b.reasoning_effort ?? null);
    expect(sent).toEqual(['high', 'low', null]);
  });

  it('is dropped for good when an endpoint refuses it, and the turn goes on', async () => {
    fx.server.setScript({ rejectReasoningEffort: true, rules: [{ when: 'go', steps: [{ content: 'ok' }] }] });
    await fx.open({ home: fx.home({ providers: [provider('o', 'o4-mini', { reasoningEffort: 'medium' })], defaultProvider: 'o' }) });
    const s = unwrap(await fx.engine.handlers['session.create']({ workspace: tempDir() }));
    await turn(s.id);
    await turn(s.id);
    const sent = chatBodies(fx.server).map((b) => b.reasoning_effort ?? null);
    // Refused once, retried at once without it, and never sent to that provider again.
    expect(sent).toEqual(['medium', null, null]);
  });
});
