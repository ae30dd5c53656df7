import type { DiffLine } from '../format/tool-summary';

export function DiffView({ lines }: { lines: DiffLine[] }) {
  return (
    <pre className="diff" aria-label="Diff">
      {lines.map((l, i) => (
        <div key={i} className={l.sign === '+' ? 'diff-add' : l.sign === '-' ? 'diff-del' : 'diff-ctx'}>
          {l.sign} {l.text}
        </div>
      ))}
    </pre>
  );
}
