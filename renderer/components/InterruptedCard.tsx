import { useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { sessionPrompts } from '../store/status';
import type { PromptView } from '../store/types';
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
  const [busy, setBusy] = useState(false);
  const run = async (call: (id: string) => Promise<unknown>) => {
    setBusy(true);
    await call(prompt.id);
    setBusy(false);
  };
  return (
    <section className={`interrupted-card${compact ? ' compact' : ''}`} role="group" aria-label={`Interrupted turn ${prompt.ref}`}>
      <h3>This turn was interrupted when Paragents stopped</h3>
      <p className="interrupted-prompt" title={prompt.text}>
        <span className="session-ref">{prompt.ref}</span> {prompt.text}
      </p>
      {compact ? null : (
        <p className="interrupted-hint">
          Resume goes on from its last finished step; a tool call that was cut off is reported to the model, not run
          again. Discard cancels the turn.
        </p>
      )}
      <div className="interrupted-buttons">
        <button type="button" className="primary" disabled={busy} onClick={() => void run(actions.resumePrompt)}>
          Resume
        </button>
        <button type="button" disabled={busy} onClick={() => void run(actions.cancelPrompt)}>
          Discard
        </button>
      </div>
    </section>
  );
}
