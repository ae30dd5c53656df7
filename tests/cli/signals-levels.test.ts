import { EventEmitter } from 'node:events';
import { describe, expect, it } from 'vitest';
import { listenForInterrupts, type InterruptLevel } from '../../main/cli/signals';

function source() {
  const emitter = new EventEmitter();
  return {
    emitter,
    on: (signal: NodeJS.Signals, listener: () => void) => emitter.on(signal, listener),
    off: (signal: NodeJS.Signals, listener: () => void) => emitter.off(signal, listener),
  };
}

describe('interrupt levels', () => {
  it('a first Ctrl-C asks to cancel, a second forces; more change nothing', async () => {
    const s = source();
    const interrupts = listenForInterrupts(s);
    const seen: InterruptLevel[] = [];
    interrupts.onChange((level) => seen.push(level));
    expect(interrupts.level).toBe('none');
    s.emitter.emit('SIGINT');
    await interrupts.asked;
    expect(interrupts.level).toBe('cancel');
    s.emitter.emit('SIGINT');
    s.emitter.emit('SIGINT');
    expect(interrupts.level).toBe('force');
    expect(seen).toEqual(['cancel', 'force']);
    interrupts.dispose();
  });

  it.each(['SIGTERM', 'SIGHUP'] as const)('%s asks to cancel and never forces, even repeated; a Ctrl-C after it forces', (signal) => {
    const s = source();
    const interrupts = listenForInterrupts(s);
    s.emitter.emit(signal);
    s.emitter.emit(signal);
    expect(interrupts.level).toBe('cancel');
    s.emitter.emit('SIGINT');
    expect(interrupts.level).toBe('force');
    interrupts.dispose();
  });

  it('dispose gives the signals back', () => {
    const s = source();
    const interrupts = listenForInterrupts(s);
    expect(s.emitter.listenerCount('SIGINT')).toBe(1);
    interrupts.dispose();
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) expect(s.emitter.listenerCount(signal)).toBe(0);
  });
});
