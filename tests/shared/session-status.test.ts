import { describe, expect, it } from 'vitest';
import { deriveSessionStatus, promptWeight } from '../../shared/session-status';
import { isTerminal, PromptStatus, type SessionStatus } from '../../shared/status';

const derive = (prompts: PromptStatus[], more: { closed?: boolean; openConflict?: boolean } = {}) =>
  deriveSessionStatus({ closed: more.closed ?? false, openConflict: more.openConflict ?? false, prompts });

/** Active prompt statuses, most urgent first. */
const PRECEDENCE = ['conflict', 'waiting_approval', 'interrupted', 'paused', 'running', 'queued'] as const;
const FINISHED = ['completed', 'failed', 'cancelled'] as const;

const pairs = PRECEDENCE.flatMap((higher, i) => PRECEDENCE.slice(i + 1).map((lower) => [higher, lower] as const));

describe('deriveSessionStatus', () => {
  it('covers every pair of active statuses', () => {
    expect(pairs).toHaveLength((PRECEDENCE.length * (PRECEDENCE.length - 1)) / 2);
    const active = PromptStatus.options.filter((s) => !isTerminal(s));
    expect([...PRECEDENCE].sort()).toEqual([...active].sort());
  });

  it.each(pairs)('%s wins over %s, in either order and among finished prompts', (higher, lower) => {
    expect(derive([higher, lower])).toBe(higher);
    expect(derive([lower, higher])).toBe(higher);
    expect(derive(['completed', lower, 'failed', higher, 'cancelled'])).toBe(higher);
  });

  it.each(PRECEDENCE)('a lone %s prompt gives its own status, whatever finished before it', (status) => {
    expect(derive([status])).toBe(status);
    for (const done of FINISHED) expect(derive([done, status])).toBe(status);
    expect(derive([status, 'cancelled'])).toBe(status);
  });

  it.each(PRECEDENCE)('an open conflict with no prompt in conflict outranks %s', (status) => {
    expect(derive([status], { openConflict: true })).toBe('conflict');
  });

  it('shows an open conflict even before any prompt is known', () => {
    expect(derive([], { openConflict: true })).toBe('conflict');
  });

  it.each<[PromptStatus[], SessionStatus]>([
    [[], 'idle'],
    [['completed'], 'completed'],
    [['failed'], 'failed'],
    [['cancelled'], 'idle'],
    [['failed', 'completed'], 'completed'],
    [['completed', 'failed'], 'failed'],
    [['completed', 'cancelled'], 'idle'],
    [['cancelled', 'completed'], 'completed'],
    [['failed', 'cancelled'], 'idle'],
  ])('with nothing active, %j gives %s (the last prompt decides; cancelled leaves it idle, not failed)', (prompts, expected) => {
    expect(derive(prompts)).toBe(expected);
  });

  it('paused outranks running and queued, and yields to a conflict or an approval', () => {
    expect(derive(['paused', 'queued', 'queued'])).toBe('paused');
    expect(derive(['paused', 'running'])).toBe('paused');
    expect(derive(['paused', 'waiting_approval'])).toBe('waiting_approval');
    expect(derive(['paused', 'conflict'])).toBe('conflict');
  });

  it.each([[[]], [['running']], [['conflict']], [['completed']]] as PromptStatus[][][])('a closed session says closed (prompts %j)', (prompts) => {
    expect(derive(prompts, { closed: true })).toBe('closed');
    expect(derive(prompts, { closed: true, openConflict: true })).toBe('closed');
  });

  it.each(PromptStatus.options)('%s counts as active exactly when it is not terminal', (status) => {
    expect(promptWeight(status).urgency > 0).toBe(!isTerminal(status));
  });
});
