import { render } from '@testing-library/react';
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
