import { act, render, waitFor } from '@testing-library/react';
import { expect } from 'vitest';
import { App } from '../../../renderer/components/App';
import { createPanelStore, type PanelStore } from '../../../renderer/store/panel-store';
import { PanelStoreContext } from '../../../renderer/store/use-panel';
import type { FakeApi } from './fake-api';

/** Events are applied on the next macrotask instead of the next animation frame (jsdom paints nothing). */
const nextTick = (flush: () => void) => {
  const t = setTimeout(flush, 0);
  return () => clearTimeout(t);
};

export function renderPanel(fake: FakeApi): { store: PanelStore } & ReturnType<typeof render> {
  const store = createPanelStore(fake.api, { schedule: nextTick });
  store.getState().actions.start();
  const view = render(
    <PanelStoreContext.Provider value={store}>
      <App />
    </PanelStoreContext.Provider>,
  );
  return { store, ...view };
}

/** Renders the panel, waits until it holds the engine's sessions and focuses `session`. */
export async function renderFocused(fake: FakeApi, session = 'sess-1'): Promise<{ store: PanelStore } & ReturnType<typeof render>> {
  const view = renderPanel(fake);
  await waitFor(() => expect(view.store.getState().ui.hydrated).toBe(true));
  act(() => view.store.getState().actions.focus(session));
  return view;
}

/** The first element matching `selector` once the panel draws it. */
export function drawn(selector: string): Promise<HTMLElement> {
  return waitFor(() => {
    const el = document.querySelector(selector);
    expect(el).not.toBeNull();
    return el as HTMLElement;
  });
}
