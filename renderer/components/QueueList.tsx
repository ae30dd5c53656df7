import { useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { queuedPrompts, sessionPrompts } from '../store/status';
import type { PromptView } from '../store/types';
import { useT } from '../i18n';
import { useActions, usePanel } from '../store/use-panel';

/** Prompts waiting behind the running one; each can be edited or cancelled before it starts. */
export function QueueList({ sessionId }: { sessionId: string }) {
  const queued = usePanel(
    useShallow((s) => {
      const v = s.domain.sessions[sessionId];
      return v ? queuedPrompts(sessionPrompts(s.domain, v)) : [];
    }),
  );
  const t = useT();
  if (queued.length === 0) return null;
  return (
    <section className="queue" aria-label={t('transcript.queue.label')}>
      <h4>{t('transcript.queue.title', { count: queued.length })}</h4>
      <ol>
        {queued.map((p) => (
          <QueuedPrompt key={p.id} prompt={p} />
        ))}
      </ol>
    </section>
  );
}

function QueuedPrompt({ prompt }: { prompt: PromptView }) {
  const actions = useActions();
  const t = useT();
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(prompt.text);
  return (
    <li className="queued">
      {editing ? (
        <>
          <textarea aria-label={t('transcript.queue.editLabel', { ref: prompt.ref })} value={text} rows={2} onChange={(e) => setText(e.target.value)} />
          <button
            type="button"
            onClick={() => {
              if (text.trim()) void actions.editPrompt(prompt.id, text);
              setEditing(false);
            }}
          >
            {t('common.save')}
          </button>
        </>
      ) : (
        <>
          <span className="session-ref">{prompt.ref}</span>
          <span className="queued-text">{prompt.text}</span>
          <button type="button" onClick={() => setEditing(true)}>
            {t('transcript.queue.edit')}
          </button>
        </>
      )}
      <button type="button" onClick={() => void actions.cancelPrompt(prompt.id)} aria-label={t('transcript.queue.cancelLabel', { ref: prompt.ref })}>
        ✕
      </button>
    </li>
  );
}
