import { useCallback, useEffect, useState } from 'react';
import type { SessionChanges } from '../../shared/changes';
import { keepDrafts, draftsOf } from '../changes/drafts';
import { reviewPrompt, type ReviewComment } from '../changes/review-prompt';
import { useLang, useT } from '../i18n';
import { useActions, usePanel } from '../store/use-panel';
import { ChangeList } from './ChangeList';
import type { DiffLayout } from './DiffPieceView';
import { FileDiff } from './FileDiff';
import { MergePreview, type MergeOutcome } from './MergePreview';
import '../styles/changes.css';
import { english, isMsg, msg, shownError, type Msg } from '../../shared/i18n';

/** Events after which the list may have changed: a tool finished (it may have written), a turn ended. */
const RELOAD_AFTER = new Set(['tool_result', 'prompt_status']);
const RELOAD_DELAY_MS = 300;

/** A line of the view as data (the engine's error, or the view's own sentence), painted in the language shown now. */
interface Said {
  message: string;
  msg?: Msg;
}

const said = (m: Msg): Said => ({ message: english(m), msg: m });

/** The engine's reason a file was not reverted, as one sentence naming the file (and the other session). */
function refusalSaid(file: string, refused: { reason: string; reasonMsg?: Msg }): Said {
  const m = refused.reasonMsg;
  const who = m?.vars?.who;
  if (m?.key === 'reasons.undoChangedBy' && isMsg(who) && who.key === 'reasons.session') return said(msg('changes.refusedBy', { file, name: String(who.vars?.name ?? '') }));
  if (m?.key === 'reasons.undoChangedOutside') return said(msg('changes.refusedOutside', { file }));
  if (m?.key === 'reasons.undoTooLarge') return said(msg('changes.refusedTooLarge', { file }));
  // A reason stored without its Msg is shown as the engine wrote it.
  return said(msg('changes.refused', { file, reason: m ?? refused.reason }));
}

/**
 * A session's Changes view: the files it changed, the diff of the one picked, Revert per file, Merge for an isolated
 * session (after its preview), and review comments sent to the session as one prompt.
 */
export function ChangesTab({ sessionId, onSent }: { sessionId: string; onSent(): void }) {
  const t = useT();
  const lang = useLang();
  const api = usePanel((s) => s.api);
  const actions = useActions();
  const [data, setData] = useState<SessionChanges | null>(null);
  const [error, setError] = useState<Said | null>(null);
  const [version, setVersion] = useState(0);
  const [selected, setSelected] = useState<string | null>(null);
  const [layout, setLayout] = useState<DiffLayout>('unified');
  const [comments, setCommentsState] = useState<ReviewComment[]>(() => draftsOf(sessionId));
  const [busy, setBusy] = useState(false);
  const [message, setMessage] = useState<{ text: Said; error: boolean } | null>(null);
  const [merge, setMerge] = useState<{ preview: MergeOutcome; file: string } | null>(null);

  // Updates from the previous list: a comment form drawn by the diff view may hold an older render's callbacks.
  const updateComments = useCallback(
    (change: (prev: ReviewComment[]) => ReviewComment[]) =>
      setCommentsState((prev) => {
        const next = change(prev);
        keepDrafts(sessionId, next);
        return next;
      }),
    [sessionId],
  );

  const reload = useCallback(() => setVersion((v) => v + 1), []);
  useEffect(() => {
    let live = true;
    void api['session.changes']({ session: sessionId }).then((r) => {
      if (!live) return;
      if (!r.ok) {
        setError(r.error);
        return;
      }
      setError(null);
      setData(r.value);
      setSelected((cur) => (cur && r.value.files.some((f) => f.path === cur) ? cur : (r.value.files[0]?.path ?? null)));
    });
    return () => {
      live = false;
    };
  }, [api, sessionId, version]);
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const off = api.onEvent((e) => {
      if (e.sessionId !== sessionId || !RELOAD_AFTER.has(e.type) || timer) return;
      timer = setTimeout(() => {
        timer = null;
        reload();
      }, RELOAD_DELAY_MS);
    });
    return () => {
      off();
      if (timer) clearTimeout(timer);
    };
  }, [api, sessionId, reload]);

  const file = data?.files.find((f) => f.path === selected) ?? null;
  const isolated = data?.source === 'worktree';

  const revert = async () => {
    if (!file) return;
    setBusy(true);
    const r = await api['journal.undo']({ session: sessionId, path: file.path });
    setBusy(false);
    if (!r.ok) setMessage({ text: r.error, error: true });
    else if (r.value.refused[0]) setMessage({ text: refusalSaid(file.display, r.value.refused[0]), error: true });
    else setMessage({ text: said(msg(r.value.deleted.length > 0 ? 'changes.removed' : 'changes.reverted', { file: file.display })), error: false });
    reload();
  };
  const previewMerge = async () => {
    if (!file) return;
    setBusy(true);
    const r = await api['worktree.merge']({ session: sessionId, preview: true });
    setBusy(false);
    if (r.ok) setMerge({ preview: r.value, file: file.display });
    else setMessage({ text: r.error, error: true });
  };
  const confirmMerge = async () => {
    setBusy(true);
    const r = await api['worktree.merge']({ session: sessionId });
    setBusy(false);
    setMerge(null);
    if (!r.ok) setMessage({ text: r.error, error: true });
    else if (r.value.merged) setMessage({ text: said(msg('changes.merged', { branch: r.value.branch, base: r.value.baseRef })), error: false });
    else setMessage({ text: said(msg('changes.notMerged', { files: r.value.conflicts.join(', ') })), error: true });
    reload();
  };
  const send = async () => {
    if (comments.length === 0) return;
    setBusy(true);
    const r = await actions.sendPrompt(sessionId, reviewPrompt(comments));
    setBusy(false);
    if (!r.ok) {
      setMessage({ text: r.error, error: true });
      return;
    }
    setMessage({ text: said(msg('changes.sent', { count: comments.length })), error: false });
    updateComments(() => []);
    onSent();
  };

  const source = !data
    ? null
    : data.worktree
      ? t('changes.fromWorktree', { branch: data.worktree.branch, base: data.worktree.baseRef ?? t('changes.detachedBase') })
      : t('changes.fromJournal');

  return (
    <div className="changes-view">
      <div className="changes-head">
        {source ? <span className="meta">{source}</span> : null}
        <button type="button" onClick={reload}>
          {t('common.refresh')}
        </button>
        <span className="spacer" />
        <button type="button" className="primary" aria-label={t('changes.sendComments')} disabled={busy || comments.length === 0} onClick={() => void send()}>
          {t('changes.sendComments')} <span className="badge">{comments.length}</span>
        </button>
      </div>
      <p role="status" className={message?.error ? 'changes-message error' : 'changes-message'}>
        {message ? shownError(lang, message.text) : ''}
      </p>
      {merge ? (
        <MergePreview preview={merge.preview} file={merge.file} busy={busy} onConfirm={() => void confirmMerge()} onCancel={() => setMerge(null)} />
      ) : null}
      {error ? <p className="error">{shownError(lang, error)}</p> : null}
      {!data && !error ? <p className="empty">{t('changes.loading')}</p> : null}
      {data && data.files.length === 0 ? (
        <p className="empty">
          {/* A branch's work already in its base (merged) is not listed again, so nothing left is not "nothing done". */}
          {data.worktree ? t('changes.emptyBranch', { branch: data.worktree.branch, base: data.worktree.baseRef ?? t('changes.detachedBase') }) : t('changes.empty')}
        </p>
      ) : null}
      {data && data.files.length > 0 ? (
        <div className="changes-body">
          <div className="changes-side">
            <ChangeList files={data.files} selected={selected} onPick={setSelected} />
            {comments.length > 0 ? (
              <div className="review-list">
                <h4>{t('changes.comments', { count: comments.length })}</h4>
                <ul>
                  {comments.map((c) => (
                    <li key={c.id}>
                      <code>
                        {c.file}:{c.from === c.to ? c.from : `${c.from}–${c.to}`}
                      </code>{' '}
                      {c.text}{' '}
                      <button type="button" className="link" onClick={() => updateComments((cs) => cs.filter((x) => x.id !== c.id))}>
                        {t('changes.removeComment')}
                      </button>
                    </li>
                  ))}
                </ul>
              </div>
            ) : null}
          </div>
          {file ? (
            <FileDiff
              key={file.path}
              sessionId={sessionId}
              file={file}
              version={version}
              layout={layout}
              onLayout={setLayout}
              isolated={isolated}
              busy={busy}
              comments={comments.filter((c) => c.file === file.display)}
              onAddComment={(c) => updateComments((cs) => [...cs, c])}
              onRemoveComment={(id) => updateComments((cs) => cs.filter((x) => x.id !== id))}
              onRevert={() => void revert()}
              onMerge={() => void previewMerge()}
            />
          ) : (
            <p className="empty">{t('changes.pick')}</p>
          )}
        </div>
      ) : null}
    </div>
  );
}
