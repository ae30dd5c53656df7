import { useState } from 'react';
import { useShallow } from 'zustand/react/shallow';
import { queuedPrompts, sessionPrompts } from '../store/status';
import type { PromptView } from '../store/types';
import { useActions, usePanel } from '../store/use-panel';

/** Prompts waiting behind the running one; each can be edited or cancelled before it starts. */
export function QueueList({ sessionId }: { sessionId: string }) {
  const queued = usePanel(
    useShallow((s) => {
      const v = s.domain.sessions[sessionId];
      return v ? queuedPrompts(sessionPrompts(s.domain, v)) : [];
    }),
  );
  if (queued.length === 0) return null;
  return (
    <section className="queue" aria-label="Queued prompts">
      <h4>Queued ({queued.length})</h4>
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
  const [editing, setEditing] = useState(false);
  const [text, setText] = useState(prompt.text);
  return (
    <li className="queued">
      {editing ? (
        <>
          <textarea aria-label={`Edit queued ${prompt.ref}`} value={text} rows={2} onChange={(e) => setText(e.target.value)} />
          <button
            type="button"
            onClick={() => {
              if (text.trim()) void actions.editPrompt(prompt.id, text);
              setEditing(false);
            }}
          >
            Save
          </button>
        </>
      ) : (
        <>
          <span className="session-ref">{prompt.ref}</span>
          <span className="queued-text">{prompt.text}</span>
          <button type="button" onClick={() => setEditing(true)}>
            Edit
          </button>
        </>
      )}
      <button type="button" onClick={() => void actions.cancelPrompt(prompt.id)} aria-label={`Cancel queued ${prompt.ref}`}>
        ✕
      </button>
    </li>
  );
}
