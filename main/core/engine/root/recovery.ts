import type { ConflictEngine } from '../../conflicts';
import { autoResume, markInterrupted } from '../recovery';
import type { Scheduler } from '../scheduler';
import type { EngineConfig } from './config';
import type { Kernel } from './kernel';

/**
 * Work a previous process left, taken up before anything runs: its turns left mid-way are nobody's now
 * (interrupted), the conflict engine rebuilds its claims and waits, and with `recover` the recent interrupted turns
 * and the queued prompts go to the scheduler.
 */
export function recoverWork(d: { kernel: Kernel; config: EngineConfig; conflicts: ConflictEngine; scheduler: Scheduler; recover: boolean; clock: () => number }): void {
  const { store, prompts } = d.kernel;
  markInterrupted(store, prompts);
  d.conflicts.start({ recover: d.recover });
  if (d.recover) {
    const windowMs = (d.config.initial.ok ? d.config.initial.value.config.autoResumeMinutes : 10) * 60_000;
    for (const id of autoResume(store, prompts, { windowMs, now: d.clock() })) d.scheduler.kick(id);
    for (const p of store.prompts.withStatus(['queued'])) d.scheduler.kick(p.session_id);
  }
}
