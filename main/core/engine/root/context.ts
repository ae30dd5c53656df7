import { CompactionStore } from '../../context/compaction-store';
import { createInstructionsCache } from '../../context/instructions';
import { InstructionsTracker } from '../../context/instructions-tracker';
import { createTokenCounters } from '../../context/tokens';
import type { WindowResolver } from '../../context/window';
import type { PriceBook } from '../../cost';
import type { HookRunner } from '../../hooks';
import type { Store } from '../../store/store';
import type { ContextDeps } from '../context-step';

/** The model's view of each session: compactions, token counts kept per message, project instructions. */
export function buildContext(d: { home: string; store: Store; windows: WindowResolver; hooks: HookRunner; prices: PriceBook }): ContextDeps {
  const { store, windows, hooks, prices } = d;
  const context: ContextDeps = {
    home: d.home,
    compactions: new CompactionStore(store.db),
    counters: createTokenCounters(),
    windows,
    instructions: createInstructionsCache(),
    tracker: new InstructionsTracker(store.db),
    systemCounts: new Map(),
    hooks,
    prices,
  };
  return context;
}
