import { lazy, Suspense, useId, useState, type KeyboardEvent } from 'react';
import { useT } from '../i18n';
import { Transcript } from './Transcript';
import { SessionPlanProgress } from './PlanView';
import '../styles/session-tabs.css';

// The diff view and its syntax highlighter are large: loaded the first time a Changes tab opens, so that they
// never weigh on the panel's first paint.
const ChangesTab = lazy(async () => ({ default: (await import('./ChangesTab')).ChangesTab }));

type Tab = 'transcript' | 'changes';
const TABS: readonly Tab[] = ['transcript', 'changes'];

/**
 * A session's two views, as tabs: its transcript, and the files it changed. The Changes view stays mounted once
 * opened (hidden while the transcript shows), so a review in progress is not lost by looking at the transcript.
 */
export function SessionTabs({ sessionId }: { sessionId: string }) {
  const t = useT();
  const id = useId();
  const [tab, setTab] = useState<Tab>('transcript');
  const [changesOpened, setChangesOpened] = useState(false);
  const pick = (next: Tab) => {
    setTab(next);
    if (next === 'changes') setChangesOpened(true);
  };
  // Arrow keys move between the tabs, as a tab list does.
  const onKey = (e: KeyboardEvent) => {
    if (e.key !== 'ArrowRight' && e.key !== 'ArrowLeft') return;
    const next = TABS[(TABS.indexOf(tab) + 1) % TABS.length] as Tab;
    pick(next);
    document.getElementById(`${id}-${next}-tab`)?.focus();
  };
  return (
    <>
      <div role="tablist" aria-label={t('changes.tabs.label')} className="session-tabs" onKeyDown={onKey}>
        {TABS.map((name) => (
          <button
            key={name}
            type="button"
            role="tab"
            id={`${id}-${name}-tab`}
            aria-selected={tab === name}
            aria-controls={`${id}-${name}-panel`}
            tabIndex={tab === name ? 0 : -1}
            onClick={() => pick(name)}
          >
            {t(name === 'transcript' ? 'changes.tabs.transcript' : 'changes.tabs.changes')}
            {name === 'transcript' ? <SessionPlanProgress sessionId={sessionId} /> : null}
          </button>
        ))}
      </div>
      {tab === 'transcript' ? (
        <div role="tabpanel" id={`${id}-transcript-panel`} aria-labelledby={`${id}-transcript-tab`} className="session-tab-panel">
          <Transcript sessionId={sessionId} />
        </div>
      ) : null}
      {changesOpened ? (
        <div role="tabpanel" id={`${id}-changes-panel`} aria-labelledby={`${id}-changes-tab`} className="session-tab-panel" hidden={tab !== 'changes'}>
          <Suspense fallback={<p className="muted">{t('changes.loading')}</p>}>
            <ChangesTab sessionId={sessionId} onSent={() => setTab('transcript')} />
          </Suspense>
        </div>
      ) : null}
    </>
  );
}
