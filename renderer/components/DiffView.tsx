import type { DiffLine } from '../format/tool-summary';
import { useT } from '../i18n';

export function DiffView({ lines }: { lines: DiffLine[] }) {
  const t = useT();
  return (
    <pre className="diff" aria-label={t('transcript.diff')}>
      {lines.map((l, i) => (
        <div key={i} className={l.sign === '+' ? 'diff-add' : l.sign === '-' ? 'diff-del' : 'diff-ctx'}>
          {l.sign} {l.text}
        </div>
      ))}
    </pre>
  );
}
