import './zod-config';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { pickApi } from './api/pick-api';
import { App } from './components/App';
import { loadLanguage } from './i18n';
import { createPanelStore } from './store/panel-store';
import { PanelStoreContext } from './store/use-panel';
import './styles/theme.css';
import './styles/layout.css';
import './styles/transcript.css';
import './styles/cards.css';
import './styles/memory.css';

const picked = pickApi();
const store = createPanelStore(picked.api);
// The language setting lives in the engine's config.json (shared by every window); this page started from its last answer.
void loadLanguage(picked.api);
store.getState().actions.start();
// After the socket comes back, rebuild from the engine's record (events missed while away are replayed).
picked.setReconnectHandler(() => void store.getState().actions.hydrate());

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing');
createRoot(root).render(
  <StrictMode>
    <PanelStoreContext.Provider value={store}>
      <App />
    </PanelStoreContext.Provider>
  </StrictMode>,
);
