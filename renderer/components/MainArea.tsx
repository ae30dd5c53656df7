import { useShallow } from 'zustand/react/shallow';
import { gridSessionIds } from '../store/status';
import { useT } from '../i18n';
import type { Layout } from '../store/ui-state';
import { useActions, usePanel } from '../store/use-panel';
import { PromptBox } from './PromptBox';
import { SessionPane } from './SessionPane';
import { SessionTile } from './SessionTile';

const LAYOUTS: Layout[] = [1, 2, 4];

/** The focused session, plus up to three more side by side (layouts 1, 2 and 2×2). */
export function MainArea() {
  const focused = usePanel((s) => s.ui.focusedSessionId);
  const layout = usePanel((s) => s.ui.layout);
  const others = usePanel(useShallow((s) => gridSessionIds(s.domain, s.ui)));
  const actions = useActions();
  const t = useT();

  return (
    <div className="main-area">
      <div className="toolbar" role="toolbar" aria-label={t('sessions.layout')}>
        {LAYOUTS.map((l) => (
          <button key={l} type="button" aria-pressed={layout === l} onClick={() => actions.setLayout(l)} title={t('sessions.showSessions', { count: l })}>
            {l === 1 ? '▣ 1' : l === 2 ? '◫ 2' : '⊞ 2×2'}
          </button>
        ))}
        <span className="hint">{t('sessions.hint')}</span>
      </div>
      <div className={`grid grid-${layout === 1 ? 1 : others.length + 1}`}>
        {focused ? (
          <SessionPane sessionId={focused} />
        ) : (
          <div className="session-pane empty-pane">
            <div className="welcome">
              <h2>{t('sessions.noSession')}</h2>
              <p>{t('sessions.welcome')}</p>
            </div>
            <PromptBox sessionId={null} />
          </div>
        )}
        {others.map((id) => (
          <SessionTile key={id} sessionId={id} />
        ))}
      </div>
    </div>
  );
}
