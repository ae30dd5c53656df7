import { useEffect, useState } from 'react';
import { compactTokens } from '../../shared/token-format';
import { useT } from '../i18n';
import { usePanel } from '../store/use-panel';
import '../styles/context-meter.css';

/** Compaction starts past this share of the window unless the config says otherwise. */
const DEFAULT_THRESHOLD = 0.8;

/** The compaction threshold from the engine's config, read once per meter shown. */
function useCompactionThreshold(): number {
  const api = usePanel((s) => s.api);
  const [threshold, setThreshold] = useState(DEFAULT_THRESHOLD);
  useEffect(() => {
    let live = true;
    void api['config.get']({}).then((r) => {
      if (live && r.ok && r.value.compaction) setThreshold(r.value.compaction.threshold);
    });
    return () => {
      live = false;
    };
  }, [api]);
  return threshold;
}

/**
 * The session's context meter: tokens in the model's view at its latest request over the window, as text and a
 * bar that turns to the warning colour past the compaction threshold. Nothing before the first request.
 */
export function ContextMeter({ sessionId }: { sessionId: string }) {
  const meter = usePanel((s) => s.domain.sessions[sessionId]?.context ?? null);
  return meter ? <MeterBar tokens={meter.tokens} window={meter.window} /> : null;
}

function MeterBar({ tokens, window }: { tokens: number; window: number }) {
  const threshold = useCompactionThreshold();
  const t = useT();
  const share = window > 0 ? tokens / window : 0;
  const warn = share >= threshold;
  const text = t('context.meterText', { tokens: compactTokens(tokens), window: compactTokens(window) });
  return (
    <div
      className={warn ? 'context-meter warn' : 'context-meter'}
      role="meter"
      aria-label={t('context.meterLabel')}
      aria-valuemin={0}
      aria-valuemax={window}
      aria-valuenow={Math.min(tokens, window)}
      aria-valuetext={text}
      title={t('context.meterTitle', { window, percent: Math.round(threshold * 100) })}
    >
      <span className="context-meter-bar" aria-hidden="true">
        <span className="context-meter-fill" style={{ width: `${Math.min(100, Math.round(share * 100))}%` }} />
      </span>
      <span className="context-meter-text">{text}</span>
    </div>
  );
}
