import { useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { sessionPrompts } from '../store/status';
import type { PromptView } from '../store/types';
import { useT } from '../i18n';
import { useActions, usePanel } from '../store/use-panel';

/** The session's turns left mid-way by an engine that stopped, each offering Resume and Discard. */
export function InterruptedTurns({ sessionId, compact = false }: { sessionId: string; compact?: boolean }) {
  const prompts = usePanel(
    useShallow((s) => {
      const v = s.domain.sessions[sessionId];
      return v ? sessionPrompts(s.domain, v).filter((p) => p.status === 'interrupted') : [];
    }),
  );
  return (
    <>
      {prompts.map((p) => (
        <InterruptedCard key={p.id} prompt={p} compact={compact} />
      ))}
    </>
  );
}

/**
 * A turn the engine marked `interrupted`: it waits for a person instead of resuming by itself long after the
 * fact. Resume sends `prompt.resume` (the engine goes on from the last finished step); Discard sends
 * `prompt.cancel`.
 */
export function InterruptedCard({ prompt, compact = false }: { prompt: PromptView; compact?: boolean }) {
  const actions = useActions();
  const t = useT();
  const [busy, setBusy] = useState(false);
  const run = async (call: (id: string) => Promise<unknown>) => {
    setBusy(true);
    await call(prompt.id);
    setBusy(false);
  };
  return (
    <section className={`interrupted-card${compact ? ' compact' : ''}`} role="group" aria-label={t('transcript.interrupted.label', { ref: prompt.ref })}>
      <h3>{t('transcript.interrupted.title')}</h3>
      <p className="interrupted-prompt" title={prompt.text}>
        <span className="session-ref">{prompt.ref}</span> {prompt.text}
      </p>
      {compact ? null : (
        <p className="interrupted-hint">{t('transcript.interrupted.hint')}</p>
      )}
      <div className="interrupted-buttons">
        <button type="button" className="primary" disabled={busy} onClick={() => void run(actions.resumePrompt)}>
          {t('transcript.interrupted.resume')}
        </button>
        <button type="button" disabled={busy} onClick={() => void run(actions.cancelPrompt)}>
          {t('transcript.interrupted.discard')}
        </button>
      </div>
    </section>
  );
}
