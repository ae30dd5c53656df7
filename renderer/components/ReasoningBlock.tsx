import { useId, useState } from 'react';
import { useT } from '../i18n';

/**
 * The model's reasoning before an answer, folded away under "Thinking…" (it can be long, and it is not the
 * answer). Opened, it shows the text as written: plain text, never rendered as Markdown or HTML.
 */
export function ReasoningBlock({ text }: { text: string }) {
  const [open, setOpen] = useState(false);
  const bodyId = useId();
  const t = useT();
  return (
    <div className="reasoning">
      <button type="button" className="reasoning-toggle" aria-expanded={open} aria-controls={bodyId} onClick={() => setOpen(!open)}>
        <span className="reasoning-caret" aria-hidden="true">
          {open ? '▾' : '▸'}
        </span>
        {t('transcript.thinking')}
      </button>
      {open ? (
        <div id={bodyId} className="reasoning-text">
          {text}
        </div>
      ) : null}
    </div>
  );
}
