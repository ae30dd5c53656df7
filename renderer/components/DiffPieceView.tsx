import { useEffect, useMemo, useRef, type ReactNode } from 'react';
import { DiffModeEnum, DiffViewWithMultiSelect, SplitSide, getLang, type DiffViewWithMultiSelectRef } from '@git-diff-view/react';
import { generateDiffFile } from '@git-diff-view/file';
import '@git-diff-view/react/styles/diff-view-pure.css';
import type { ReviewComment } from '../changes/review-prompt';

export type DiffLayout = 'unified' | 'split';
export type LineSide = 'old' | 'new';
export interface LineRange {
  side: LineSide;
  from: number;
  to: number;
}

/** What one diff view draws: the whole file (small diffs, with context to expand) or one piece of a large diff. */
export type PieceSource = { kind: 'whole'; before: string; after: string } | { kind: 'patch'; text: string };

interface Props {
  file: string;
  source: PieceSource;
  layout: DiffLayout;
  comments: readonly ReviewComment[];
  /** A line selected (a line-number click, a drag over line numbers); `extend` when Shift was held. */
  onSelect(range: LineRange, extend: boolean): void;
  /** The selection to show, when it is in this piece (a Shift+click range drawn by the view). */
  selection: LineRange | null;
  /** Open the comment form under this line (the "Comment on lines" button), then call `onOpened`. */
  openAt: { side: LineSide; line: number } | null;
  onOpened(): void;
  renderForm(range: LineRange, close: () => void): ReactNode;
  renderComments(comments: readonly ReviewComment[]): ReactNode;
}

type WidgetHook = { getReadonlyState(): { setWidget(p: { side?: SplitSide; lineNumber?: number }): void } };

const sideOf = (s: SplitSide): LineSide => (s === SplitSide.old ? 'old' : 'new');

/** One diff view from @git-diff-view/react: syntax colours, line selection, the comment form and the comments on its lines. */
export function DiffPieceView(p: Props) {
  const ref = useRef<DiffViewWithMultiSelectRef>(null);
  const widget = useRef<WidgetHook | null>(null);
  const shift = useRef(false);
  const lang = getLang(p.file);
  const { source } = p;
  const diffFile = useMemo(() => {
    if (source.kind !== 'whole') return null;
    const f = generateDiffFile(p.file, source.before, p.file, source.after, lang, lang);
    f.initTheme('dark');
    f.init();
    f.buildSplitDiffLines();
    f.buildUnifiedDiffLines();
    return f;
  }, [source, p.file, lang]);
  const data = useMemo(
    () => (source.kind === 'patch' ? { oldFile: { fileName: p.file, fileLang: lang }, newFile: { fileName: p.file, fileLang: lang }, hunks: [source.text] } : undefined),
    [source, p.file, lang],
  );

  // Comments show under the last line they cover, on their side.
  const extendData = useMemo(() => {
    const old: Record<string, { data: ReviewComment[] }> = {};
    const now: Record<string, { data: ReviewComment[] }> = {};
    for (const c of p.comments) {
      const into = c.side === 'old' ? old : now;
      into[String(c.to)] = { data: [...(into[String(c.to)]?.data ?? []), c] };
    }
    return { oldFile: old, newFile: now };
  }, [p.comments]);

  const { selection, openAt, onOpened } = p;
  useEffect(() => {
    if (selection) ref.current?.setPreselectedLines({ old: selection.side === 'old' ? [selection.from, selection.to] : [], new: selection.side === 'new' ? [selection.from, selection.to] : [] });
  }, [selection]);
  useEffect(() => {
    if (!openAt || !widget.current) return;
    widget.current.getReadonlyState().setWidget({ side: openAt.side === 'old' ? SplitSide.old : SplitSide.new, lineNumber: openAt.line });
    onOpened();
  }, [openAt, onOpened]);

  return (
    <div
      className="diff-piece"
      onMouseDownCapture={(e) => {
        shift.current = e.shiftKey;
      }}
    >
      <DiffViewWithMultiSelect<ReviewComment[]>
        ref={ref}
        diffFile={diffFile ?? undefined}
        data={data}
        diffViewMode={p.layout === 'unified' ? DiffModeEnum.Unified : DiffModeEnum.Split}
        diffViewTheme="dark"
        diffViewHighlight
        diffViewAddWidget
        diffViewFontSize={12.5}
        extendData={extendData}
        onMultiSelectComplete={(r) =>
          p.onSelect({ side: r.range.side, from: r.range.startLineNumber, to: r.range.endLineNumber }, shift.current)
        }
        onCreateUseWidgetHook={(hook) => {
          widget.current = hook as unknown as WidgetHook;
        }}
        renderWidgetLine={({ side, fromLineNumber, lineNumber, onClose }) =>
          p.renderForm({ side: sideOf(side), from: Math.min(fromLineNumber, lineNumber), to: Math.max(fromLineNumber, lineNumber) }, onClose)
        }
        // The side by side layout asks for both sides of a line, also the side with no comments.
        renderExtendLine={({ data: comments }) => (comments?.length ? p.renderComments(comments) : null)}
      />
    </div>
  );
}
