import { createContext, useContext } from 'react';
import { useStore } from 'zustand';
import type { PanelState, PanelStore } from './panel-store';

export const PanelStoreContext = createContext<PanelStore | null>(null);

export function usePanelStore(): PanelStore {
  const store = useContext(PanelStoreContext);
  if (!store) throw new Error('PanelStoreContext is missing');
  return store;
}

/** Narrow selector over the one store; pair with useShallow for objects. */
export function usePanel<T>(selector: (state: PanelState) => T): T {
  return useStore(usePanelStore(), selector);
}

export const useActions = () => usePanel((s) => s.actions);
