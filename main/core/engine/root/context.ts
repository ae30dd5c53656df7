import { createInstructionsCache } from '../../context/instructions';
import { createTokenCounters } from '../../context/tokens';
import type { WindowResolver } from '../../context/window';
import type { PriceBook } from '../../cost';
import type { HookRunner } from '../../hooks';
import type { OutsideRepositories } from './repositories';
import type { ContextDeps } from '../context-step';
import type { Store } from '../../store/store';
import { createEnvironmentSource } from '../prompt/source';

/** The model's view of each session: compactions, token counts kept per message, project instructions. */
export function buildContext(d: {
  home: string;
  store: Store;
  repositories: Pick<OutsideRepositories, 'compactions' | 'tracker' | 'conflicts'>;
  windows: WindowResolver;
  hooks: HookRunner;
  prices: PriceBook;
  confines: (workspace: string) => boolean;
  clock: () => number;
}): ContextDeps {
  const { windows, hooks, prices } = d;
  const context: ContextDeps = {
    home: d.home,
    compactions: d.repositories.compactions,
    counters: createTokenCounters(),
    windows,
    instructions: createInstructionsCache(),
    tracker: d.repositories.tracker,
    systemCounts: new Map(),
    environment: createEnvironmentSource({ store: d.store, activeClaims: () => d.repositories.conflicts.activeClaims(), confines: d.confines, clock: d.clock }),
    hooks,
    prices,
  };
  return context;
}
