import { ReasoningEffort } from '../../shared/model-family';
import { useT } from '../i18n';
import { usePanel, usePanelStore } from '../store/use-panel';

/** The session header's reasoning effort: the provider's (config.json) or one chosen for the session (/effort). */
export function EffortPicker({ sessionId }: { sessionId: string }) {
  const effort = usePanel((s) => s.domain.sessions[sessionId]?.reasoningEffort);
  const store = usePanelStore();
  const t = useT();
  const pick = async (value: string): Promise<void> => {
    const next = value === '' ? null : ReasoningEffort.parse(value);
    const r = await store.getState().api['session.setEffort']({ session: sessionId, effort: next });
    if (!r.ok) store.getState().actions.log('error', r.error.msg ?? r.error.message);
  };
  return (
    <label className="mode-select">
      <span>{t('craft.effort.label')}</span>
      <select value={effort ?? ''} onChange={(e) => void pick(e.target.value)}>
        <option value="">{t('craft.effort.fromConfig')}</option>
        {ReasoningEffort.options.map((level) => (
          <option key={level} value={level}>
            {t(`craft.effort.level.${level}`)}
          </option>
        ))}
      </select>
    </label>
  );
}
