import { useLang, useT } from '../i18n';
import { useActions, usePanel } from '../store/use-panel';
import { logLineText } from '../store/ui-state';

/** Replies to commands and errors, one line each; the newest few are shown, rendered in the panel's language as they paint. */
export function CommandLog() {
  const log = usePanel((s) => s.ui.log);
  const actions = useActions();
  const t = useT();
  const lang = useLang();
  if (log.length === 0) return null;
  return (
    <section className="command-log" aria-label={t('log.label')} aria-live="polite">
      <button type="button" className="link clear" onClick={() => actions.clearLog()}>
        {t('log.clear')}
      </button>
      {log.slice(-12).map((l) => (
        <div key={l.id} className={`log-line log-${l.tone}`}>
          {logLineText(lang, l)}
        </div>
      ))}
    </section>
  );
}
