import { useEffect, useState } from 'react';
import type { RedactedConfig } from '../../shared';
import { windowSourceText } from '../../shared/config';
import { useActions, usePanel } from '../store/use-panel';

/**
 * /show-config: where the config lives, the providers (with each one's context window and where it came from) and
 * the limits. Keys are never shown, only whether one is set.
 */
export function ConfigView() {
  const api = usePanel((s) => s.api);
  const actions = useActions();
  const [config, setConfig] = useState<RedactedConfig | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    void api['config.get']({}).then((r) => {
      if (!live) return;
      if (r.ok) setConfig(r.value);
      else setError(r.error.message);
    });
    return () => {
      live = false;
    };
  }, [api]);

  return (
    <section className="overlay-view" aria-label="Configuration">
      <header className="overlay-header">
        <h2>Configuration</h2>
        <button type="button" onClick={() => actions.openOverlay('setup')}>
          Set up a provider
        </button>
        <button type="button" onClick={() => actions.openOverlay('none')}>
          Close
        </button>
      </header>
      {error ? <p role="alert" className="form-error">{error}</p> : null}
      {config ? (
        <>
          <dl className="facts">
            <dt>File</dt>
            <dd><code>{config.path}</code></dd>
            <dt>Home</dt>
            <dd><code>{config.home}</code></dd>
            <dt>Default provider</dt>
            <dd>{config.defaultProvider ?? config.providers[0]?.name ?? 'none'}</dd>
            <dt>Fallback</dt>
            <dd>{config.fallback.length ? config.fallback.join(' → ') : 'none'}</dd>
            <dt>Concurrency</dt>
            <dd>{config.concurrency}</dd>
            <dt>Max steps</dt>
            <dd>{config.maxSteps}</dd>
            {config.compaction ? (
              <>
                <dt>Compaction</dt>
                <dd>
                  at {percent(config.compaction.threshold)} of the window, {percent(config.compaction.userPromptShare)} of it for your own prompts
                </dd>
              </>
            ) : null}
            {config.autoResumeMinutes !== undefined ? (
              <>
                <dt>Auto-resume</dt>
                <dd>{config.autoResumeMinutes === 0 ? 'never' : `within ${config.autoResumeMinutes} min of a restart`}</dd>
              </>
            ) : null}
          </dl>
          {/* The window and answer columns appear when the engine reports them (an older one does not). */}
          <table className="table">
            <thead>
              <tr>
                <th>Provider</th>
                <th>Base URL</th>
                <th>Model</th>
                <th>Key</th>
                {config.contextWindows ? <th>Context window</th> : null}
                {config.maxOutputTokens !== undefined ? <th>Max output</th> : null}
              </tr>
            </thead>
            <tbody>
              {config.providers.map((p) => (
                <tr key={p.name}>
                  <td>{p.name}</td>
                  <td><code>{p.baseURL}</code></td>
                  <td>{p.model}</td>
                  <td>{p.apiKeySet ? 'set (hidden)' : p.apiKeyEnv ? `from $${p.apiKeyEnv}` : 'none'}</td>
                  {config.contextWindows ? <td>{windowText(config, p.name)}</td> : null}
                  {config.maxOutputTokens !== undefined ? <td>{p.maxOutputTokens ?? config.maxOutputTokens}</td> : null}
                </tr>
              ))}
            </tbody>
          </table>
        </>
      ) : null}
    </section>
  );
}

const percent = (share: number): string => `${Math.round(share * 100)} %`;

/** "128000 (from the endpoint's model list)", or a dash for a provider the engine gave no window for. */
function windowText(config: RedactedConfig, provider: string): string {
  const w = config.contextWindows?.find((x) => x.provider === provider);
  return w ? `${w.tokens} (${windowSourceText(w.source)})` : '—';
}
