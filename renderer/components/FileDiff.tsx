import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useVirtualizer } from '@tanstack/react-virtual';
import type { ChangedFile, FileDiffContent } from '../../shared/changes';
import { diffHunks, diffLineCount, diffPieces, LARGE_DIFF_LINES, type DiffPiece } from '../changes/diff-pieces';
import { linesOf, type ReviewComment } from '../changes/review-prompt';
import { useLang, useT } from '../i18n';
import { usePanel } from '../store/use-panel';
import { DiffPieceView, type DiffLayout, type LineRange, type LineSide, type PieceSource } from './DiffPieceView';
import { ReviewCommentForm } from './ReviewCommentForm';
import { shownError, type Msg } from '../../shared/i18n';

interface Props {
  sessionId: string;
  file: ChangedFile;
  /** Bumped when the list is reloaded: the texts are fetched again. */
  version: number;
  layout: DiffLayout;
  onLayout(layout: DiffLayout): void;
  isolated: boolean;
  busy: boolean;
  comments: readonly ReviewComment[];
  onAddComment(comment: ReviewComment): void;
  onRemoveComment(id: string): void;
  onRevert(): void;
  onMerge(): void;
}

let nextId = 0;
const sameTexts = (a: FileDiffContent, b: FileDiffContent) =>
  a.before === b.before && a.after === b.after && a.binary === b.binary && a.tooLarge === b.tooLarge;
const rangeText = (r: { from: number; to: number }) => (r.from === r.to ? String(r.from) : `${r.from}–${r.to}`);
const inPiece = (piece: DiffPiece | null, side: LineSide, line: number) => {
  if (!piece) return true;
  const [a, b] = piece[side];
  return line >= a && line <= b;
};

/** One changed file: its diff (unified or side by side), Revert, Merge for an isolated session, and line comments. */
export function FileDiff(p: Props) {
  const t = useT();
  const lang = useLang();
  const api = usePanel((s) => s.api);
  const [content, setContent] = useState<FileDiffContent | null>(null);
  // The engine's error as data, painted in the language shown now.
  const [error, setError] = useState<{ message: string; msg?: Msg } | null>(null);
  const [selection, setSelection] = useState<LineRange | null>(null);
  const [openAt, setOpenAt] = useState<{ side: LineSide; line: number } | null>(null);
  const { sessionId, file, version } = p;

  useEffect(() => {
    let live = true;
    void api['session.fileDiff']({ session: sessionId, path: file.path }).then((r) => {
      if (!live) return;
      setError(r.ok ? null : r.error);
      // The same texts again (the list was reloaded while the session works) keep the view, its selection and open form.
      if (r.ok) setContent((prev) => (prev && sameTexts(prev, r.value) ? prev : r.value));
    });
    return () => {
      live = false;
    };
  }, [api, sessionId, file.path, version]);

  // Small diffs are one view of the whole file; large ones are pieces drawn as they scroll into view.
  const pieces = useMemo(() => {
    if (!content || content.binary || content.tooLarge) return null;
    const before = content.before ?? '';
    const after = content.after ?? '';
    const hunks = diffHunks(before, after);
    if (diffLineCount(hunks) <= LARGE_DIFF_LINES) return { large: false as const, source: { kind: 'whole' as const, before, after } };
    return { large: true as const, list: diffPieces(file.display, hunks).map((piece) => ({ piece, source: { kind: 'patch' as const, text: piece.text } })) };
  }, [content, file.display]);

  const onSelect = useCallback((range: LineRange, extend: boolean) => {
    setSelection((prev) =>
      extend && prev && prev.side === range.side ? { side: range.side, from: Math.min(prev.from, range.from), to: Math.max(prev.to, range.to) } : range,
    );
  }, []);
  const onOpened = useCallback(() => setOpenAt(null), []);

  const where = (r: LineRange) => `${file.display}:${rangeText(r)}${r.side === 'old' ? ` (${t('changes.beforeSide')})` : ''}`;
  const renderForm = (r: LineRange, close: () => void) => (
    <ReviewCommentForm
      where={where(r)}
      onClose={close}
      onAdd={(text) => {
        const source = r.side === 'old' ? (content?.before ?? null) : (content?.after ?? null);
        p.onAddComment({ id: `c${++nextId}`, file: file.display, side: r.side, from: r.from, to: r.to, text: text.trim(), quote: linesOf(source, r.from, r.to) });
        setSelection(null);
      }}
    />
  );
  const renderComments = (list: readonly ReviewComment[]) => (
    <div className="review-comments-inline">
      {list.map((c) => (
        <div key={c.id} className="review-comment">
          <span className="meta">{rangeText(c)}</span> <span className="text">{c.text}</span>{' '}
          <button type="button" className="link" onClick={() => p.onRemoveComment(c.id)}>
            {t('changes.removeComment')}
          </button>
        </div>
      ))}
    </div>
  );
  // Each source object lives as long as the texts do: a new one would rebuild the diff view and lose its selection.
  const view = (source: PieceSource, piece: DiffPiece | null) => (
    <DiffPieceView
      file={file.display}
      source={source}
      layout={p.layout}
      comments={p.comments}
      onSelect={onSelect}
      selection={selection && inPiece(piece, selection.side, selection.to) ? selection : null}
      openAt={openAt && inPiece(piece, openAt.side, openAt.line) ? openAt : null}
      onOpened={onOpened}
      renderForm={renderForm}
      renderComments={renderComments}
    />
  );

  return (
    <section className="file-diff" aria-label={file.display}>
      <div className="file-diff-bar">
        <strong className="file-name">{file.display}</strong>
        <div role="group" aria-label={t('changes.layout.label')} className="segmented">
          {(['unified', 'split'] as const).map((l) => (
            <button key={l} type="button" aria-pressed={p.layout === l} onClick={() => p.onLayout(l)}>
              {t(l === 'unified' ? 'changes.layout.unified' : 'changes.layout.split')}
            </button>
          ))}
        </div>
        <span className="spacer" />
        {selection ? (
          <button type="button" onClick={() => setOpenAt({ side: selection.side, line: selection.to })}>
            {selection.from === selection.to
              ? t('changes.commentOnLine', { line: selection.from })
              : t('changes.commentOnLines', { from: selection.from, to: selection.to })}
          </button>
        ) : null}
        <button type="button" disabled={p.busy || !file.revertable} onClick={p.onRevert}>
          {t('changes.revert')}
        </button>
        {p.isolated ? (
          <button type="button" disabled={p.busy} onClick={p.onMerge}>
            {t('changes.merge')}
          </button>
        ) : null}
      </div>
      {file.changedSince ? <p className="hint">{t('changes.changedSince')}</p> : null}
      {error ? <p className="error">{shownError(lang, error)}</p> : null}
      {!content && !error ? <p className="empty">{t('changes.loadingDiff')}</p> : null}
      {content?.binary ? <p className="empty">{t('changes.binaryFile')}</p> : null}
      {content?.tooLarge ? <p className="empty">{t('changes.tooLarge')}</p> : null}
      {pieces && !pieces.large ? (
        <>
          <p className="hint">{t('changes.selectHint')}</p>
          <div className="file-diff-body">{view(pieces.source, null)}</div>
        </>
      ) : null}
      {pieces?.large ? (
        <>
          <p className="hint">{t('changes.largeFile')}</p>
          <LargeDiff pieces={pieces.list} render={(item) => view(item.source, item.piece)} />
        </>
      ) : null}
    </section>
  );
}

/** A large diff's pieces in a scrolled list: only the pieces in view (and a few around) are drawn. */
type PieceItem = { piece: DiffPiece; source: PieceSource };
function LargeDiff({ pieces, render }: { pieces: PieceItem[]; render(item: PieceItem): ReactNode }) {
  const scrollRef = useRef<HTMLDivElement>(null);
  const estimate = (i: number) => (pieces[i]?.piece.lines ?? 1) * 20 + 24;
  const virtualizer = useVirtualizer({
    count: pieces.length,
    getScrollElement: () => scrollRef.current,
    estimateSize: estimate,
    overscan: 2,
    // A piece builds its diff after mounting: until its table is drawn its height is the estimate, not the empty box's.
    measureElement: (el, entry) => {
      if (!el.querySelector('table')) return estimate(Number(el.getAttribute('data-index')));
      return entry?.borderBoxSize[0]?.blockSize ?? el.getBoundingClientRect().height;
    },
  });
  return (
    <div ref={scrollRef} className="file-diff-body" data-testid="large-diff">
      <div className="virtual-list" style={{ height: virtualizer.getTotalSize() }}>
        {virtualizer.getVirtualItems().map((row) => {
          const piece = pieces[row.index];
          return piece ? (
            <div key={row.key} data-index={row.index} ref={virtualizer.measureElement} className="virtual-row" style={{ transform: `translateY(${row.start}px)` }}>
              {render(piece)}
            </div>
          ) : null;
        })}
      </div>
    </div>
  );
}
