import { memo, useState } from 'react';
import { render, shownText } from '../../shared/i18n';
import { decisionText } from '../format/decision-text';
import { toolDiff, toolSummary } from '../format/tool-summary';
import { useLang, useT } from '../i18n';
import type { TranscriptItem } from '../store/types';
import { DiffView } from './DiffView';
import { ChildLine } from './ChildLine';

type ToolItem = Extract<TranscriptItem, { kind: 'tool' }>;

/** A tool call on one line (status, tool, what, policy decision); expands to its input and output. */
export const ToolCallRow = memo(function ToolCallRow({ item }: { item: ToolItem }) {
  const [open, setOpen] = useState(false);
  const t = useT();
  const lang = useLang();
  const diff = toolDiff(item.tool, item.input);
  return (
    <div className={`tool-call tool-${item.status}`}>
      <button type="button" className="tool-line" aria-expanded={open} onClick={() => setOpen(!open)}>
        <span className="tool-caret" aria-hidden="true">
          {open ? '▾' : '▸'}
        </span>
        <span className={`tool-status ts-${item.status}`}>{t(`transcript.toolStatus.${item.status}`)}</span>
        <span className="tool-name">{item.tool}</span>
        <code className="tool-what">{toolSummary(item.tool, item.input)}</code>
        {item.decision ? <span className="tool-decision">{decisionText(item.decision, t)}</span> : null}
        {item.refusals?.length ? (
          <span className="tool-sandboxed" role="status">
            {t('sandbox.card.refused', { count: item.refusals.length })}
          </span>
        ) : null}
      </button>
      {open ? (
        <div className="tool-detail">
          {diff ? <DiffView lines={diff} /> : <pre className="tool-input">{JSON.stringify(item.input, null, 2)}</pre>}
          {item.decision ? <p className="tool-reason">{shownText(lang, item.decision.reason, item.decision.reasonMsg)}</p> : null}
          {item.refusals?.length ? (
            <ul className="tool-refusals" aria-label={t('sandbox.card.refusalsLabel')}>
              {item.refusals.map((r) => (
                <li key={`${r.kind} ${r.target}`}>{t(`sandbox.kind.${r.kind}`, { target: r.target })}</li>
              ))}
            </ul>
          ) : null}
          {item.output ? <pre className="tool-output">{item.output}</pre> : null}
          {/* The engine's own answer (a refusal, a denial, a stop) comes as data; what the tool said is shown as written. */}
          {item.error ? <pre className="tool-error">{item.errorMsg ? render(lang, item.errorMsg) : item.error}</pre> : null}
        </div>
      ) : null}
      {item.tool === 'Agent' ? <ChildLine callId={item.callId} /> : null}
    </div>
  );
});
