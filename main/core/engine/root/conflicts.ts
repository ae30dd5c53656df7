import { createConflictEngine, type ConflictEngine } from '../../conflicts';
import type { HostEnv } from '../../host-env';
import type { Scheduler } from '../scheduler';
import type { EngineOptions } from '../types';
import type { Kernel } from './kernel';
import type { OutsideRepositories } from './repositories';

/**
 * The conflict engine: preflight claims, write leases, the call gate and the change journal. The scheduler is built
 * after it (the turns go through its gate), so the scheduler is looked up when a held session is kicked or aborted.
 */
export function buildConflicts(d: {
  kernel: Kernel;
  repositories: Pick<OutsideRepositories, 'conflicts' | 'stamps'>;
  host: HostEnv;
  onConflict: EngineOptions['onConflict'];
  scheduler: () => Scheduler;
}): ConflictEngine {
  const { store, bus, prompts } = d.kernel;
  return createConflictEngine({
    store,
    bus,
    prompts,
    auto: d.onConflict ?? null,
    kick: (sessionId) => d.scheduler().kick(sessionId),
    abort: (promptId, reason) => d.scheduler().abort(promptId, reason),
    host: d.host,
    cstore: d.repositories.conflicts,
    stamps: d.repositories.stamps,
  });
}
