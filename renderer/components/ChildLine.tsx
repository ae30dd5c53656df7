import { useState } from 'react';
import type { IntegrationReport } from '../../shared/agents';
import { shownError } from '../../shared/i18n';
import { useLang, useT } from '../i18n';
import { useActions, usePanel } from '../store/use-panel';

/**
 * The child an Agent call started, on one line of its parent's transcript: its state, files and integration, and a
 * button opening it. A child waiting for a person offers "Integrate…": the preview first, then the merge.
 */
export function ChildLine({ callId }: { callId: string }) {
  const child = usePanel((s) => Object.values(s.domain.agentChildren).find((c) => c.callId === callId));
  const api = usePanel((s) => s.api);
  const actions = useActions();
  const t = useT();
  const lang = useLang();
  const [preview, setPreview] = useState<IntegrationReport | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  if (!child) return null;
  const refused = child.blocked + child.denied;
  const run = async (asPreview: boolean): Promise<void> => {
    setBusy(true);
    setError(null);
    const r = await api['agents.integrate']({ child: child.sessionId, preview: asPreview });
    setBusy(false);
    if (!r.ok) return setError(shownError(lang, r.error));
    setPreview(asPreview ? r.value : null);
  };
  return (
    <div className="child-line" role="group" aria-label={child.description}>
      <span className={`chip chip-child-${child.state}`}>{t(`agents.panel.state.${child.state}`)}</span>
      <span className="child-description">{child.description}</span>
      <span className="meta">
        {child.files.length === 0 ? t('agents.panel.noFiles') : t('agents.panel.files', { count: child.files.length, list: child.files.slice(0, 3).join(', ') })}
      </span>
      <span className="meta">{t(`agents.panel.integration.${child.integration}`)}</span>
      {refused > 0 ? <span className="meta warn">{t('agents.panel.refused', { count: refused })}</span> : null}
      <button type="button" onClick={() => actions.focus(child.sessionId)}>
        {t('agents.panel.open', { ref: child.sessionRef })}
      </button>
      {child.state === 'needs_person' ? (
        <button type="button" disabled={busy} onClick={() => void run(true)}>
          {t('agents.panel.integrate')}
        </button>
      ) : null}
      {preview ? (
        <span className="child-preview" role="status">
          {preview.clean ? t('agents.panel.clean', { files: preview.files.join(', ') }) : t('agents.panel.conflicts', { files: preview.conflicts.join(', ') })}
          {preview.clean ? (
            <button type="button" className="primary" disabled={busy} onClick={() => void run(false)}>
              {t('agents.panel.merge')}
            </button>
          ) : null}
        </span>
      ) : null}
      {error ? (
        <span className="error-text" role="alert">
          {error}
        </span>
      ) : null}
    </div>
  );
}
