import { useId, useMemo, useRef, useState, type ClipboardEvent, type DragEvent, type KeyboardEvent } from 'react';
import { AttachedImages } from './images/AttachedImages';
import { imageFiles, readAttachments, uploadsOf, type Attachment } from './images/attachments';
import { completions } from '../commands/complete';
import { runInput } from '../commands/run-input';
import { useT } from '../i18n';
import { pendingApprovalsOf } from '../store/status';
import { usePanel, usePanelStore } from '../store/use-panel';
import { PROMPT_DROP_ATTRIBUTE, PROMPT_DROP_VALUE, SESSION_ID_ATTRIBUTE } from '../../shared/drop-protocol';

/** Drafts per session, so switching sessions keeps what was typed (and attached) in each. */
const drafts = new Map<string, string>();
const attachedDrafts = new Map<string, Attachment[]>();

/**
 * Enter sends, Shift+Enter (or Alt+Enter) adds a line. `/` opens command completion: ↑/↓ choose, Tab or Enter
 * fills the input without running it, Esc closes. `y`/`n` answer the focused session's pending approval.
 */
/** Marks the box the desktop shell drops file paths into (the preload finds it by these attributes). */
function dropTarget(sessionId: string | null): Record<string, string> {
  return { [PROMPT_DROP_ATTRIBUTE]: PROMPT_DROP_VALUE, ...(sessionId ? { [SESSION_ID_ATTRIBUTE]: sessionId } : {}) };
}

export function PromptBox({ sessionId }: { sessionId: string | null }) {
  const store = usePanelStore();
  const t = useT();
  const hasApproval = usePanel((s) => (sessionId ? pendingApprovalsOf(s.domain, sessionId).length > 0 : false));
  const draftKey = sessionId ?? '';
  const [text, setTextState] = useState(drafts.get(draftKey) ?? '');
  const [lastKey, setLastKey] = useState(draftKey);
  const [selected, setSelected] = useState(0);
  const [dismissed, setDismissed] = useState(false);
  const [attached, setAttachedState] = useState<Attachment[]>(attachedDrafts.get(draftKey) ?? []);
  const inputRef = useRef<HTMLTextAreaElement>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const listId = useId();

  if (lastKey !== draftKey) {
    setLastKey(draftKey);
    setTextState(drafts.get(draftKey) ?? '');
    setAttachedState(attachedDrafts.get(draftKey) ?? []);
  }
  const setAttached = (next: Attachment[]) => {
    attachedDrafts.set(draftKey, next);
    setAttachedState(next);
  };
  const attach = async (files: File[]) => {
    const { added, problems } = await readAttachments(files, attached.length);
    for (const p of problems) store.getState().actions.log('error', p);
    if (added.length > 0) setAttached([...(attachedDrafts.get(draftKey) ?? []), ...added]);
  };
  // Pasted or dropped images are attached; text and (in the desktop app) file paths go into the box as before.
  const onPaste = (e: ClipboardEvent<HTMLTextAreaElement>) => {
    const files = imageFiles(e.clipboardData.files);
    if (files.length === 0) return;
    e.preventDefault();
    void attach(files);
  };
  const onDragOver = (e: DragEvent<HTMLTextAreaElement>) => {
    if (Array.from(e.dataTransfer.types).includes('Files')) e.preventDefault();
  };
  const onDrop = (e: DragEvent<HTMLTextAreaElement>) => {
    const files = imageFiles(e.dataTransfer.files);
    if (files.length === 0) return;
    e.preventDefault();
    void attach(files);
  };
  const setText = (value: string) => {
    drafts.set(draftKey, value);
    setTextState(value);
    setDismissed(false);
    setSelected(0);
  };

  // The store is read only while a command is being typed, so streaming does not re-render the box.
  const domain = usePanel((s) => (text.startsWith('/') ? s.domain : null));
  const candidates = useMemo(() => (dismissed || !domain ? [] : completions(text, domain)), [text, domain, dismissed]);
  const active = candidates[Math.min(selected, candidates.length - 1)];

  const send = async () => {
    const value = text;
    if (!value.trim()) return;
    const images = attached;
    setText('');
    setAttached([]);
    const sent = await runInput(store, value, uploadsOf(images));
    // Refused (a model that cannot see, a line that is not a prompt): nothing typed or attached is lost.
    if (sent === false && images.length > 0 && !drafts.get(draftKey) && (attachedDrafts.get(draftKey) ?? []).length === 0) {
      setText(value);
      setAttached(images);
    }
  };

  const onKey = (e: KeyboardEvent<HTMLTextAreaElement>) => {
    if (candidates.length > 0) {
      if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
        e.preventDefault();
        const step = e.key === 'ArrowDown' ? 1 : -1;
        setSelected((i) => (i + step + candidates.length) % candidates.length);
        return;
      }
      if ((e.key === 'Tab' || (e.key === 'Enter' && !e.shiftKey)) && active) {
        e.preventDefault();
        setText(active.fill);
        return;
      }
      if (e.key === 'Escape') {
        e.preventDefault();
        setDismissed(true);
        return;
      }
    }
    if (e.key === 'Enter' && !e.shiftKey && !e.altKey && !e.nativeEvent.isComposing) {
      e.preventDefault();
      void send();
    } else if (e.key === 'Enter' && e.altKey) {
      e.preventDefault();
      const el = e.currentTarget;
      const at = el.selectionStart;
      setText(`${text.slice(0, at)}\n${text.slice(el.selectionEnd)}`);
    } else if (e.key === 'u' && e.ctrlKey) {
      e.preventDefault();
      setText('');
    }
  };

  return (
    <div className="prompt-box">
      {candidates.length > 0 ? (
        <ul className="completions" role="listbox" id={listId} aria-label={t('compose.completions')}>
          {candidates.map((c, i) => (
            <li
              key={c.fill}
              role="option"
              aria-selected={c === active}
              className={c === active ? 'selected' : undefined}
              onMouseDown={(e) => {
                e.preventDefault();
                setText(c.fill);
                inputRef.current?.focus();
              }}
              onMouseEnter={() => setSelected(i)}
            >
              <span className="completion-label">{c.label}</span>
              <span className="completion-detail">{c.detail}</span>
            </li>
          ))}
        </ul>
      ) : null}
      <AttachedImages attachments={attached} onRemove={(id) => setAttached(attached.filter((a) => a.id !== id))} />
      <textarea
        ref={inputRef}
        aria-label={t('compose.prompt')}
        {...dropTarget(sessionId)}
        aria-controls={candidates.length ? listId : undefined}
        aria-autocomplete="list"
        rows={Math.min(8, Math.max(2, text.split('\n').length))}
        value={text}
        placeholder={
          hasApproval
            ? t('compose.placeholderApproval')
            : sessionId
              ? t('compose.placeholderSession')
              : t('compose.placeholderNew')
        }
        onChange={(e) => setText(e.target.value)}
        onKeyDown={onKey}
        onPaste={onPaste}
        onDragOver={onDragOver}
        onDrop={onDrop}
      />
      <input
        ref={fileRef}
        type="file"
        hidden
        multiple
        accept="image/png,image/jpeg,image/gif,image/webp"
        data-testid="attach-image-input"
        onChange={(e) => {
          const files = Array.from(e.currentTarget.files ?? []);
          e.currentTarget.value = '';
          void attach(files);
        }}
      />
      <button type="button" className="attach-image" aria-label={t('craft.images.attach')} title={t('craft.images.attach')} onClick={() => fileRef.current?.click()}>
        {t('craft.images.attachButton')}
      </button>
      <button type="button" className="primary send" onClick={() => void send()} disabled={!text.trim()}>
        {t('compose.send')}
      </button>
    </div>
  );
}
