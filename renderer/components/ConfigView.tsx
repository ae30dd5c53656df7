import { useEffect, useState } from 'react';
import type { RedactedConfig } from '../../shared';
import { shownError } from '../../shared/i18n';
import type { AppError } from '../../shared/result';
import { useLang, useT, type T } from '../i18n';
import { useActions, usePanel } from '../store/use-panel';
import { LanguageSelect } from './LanguageSelect';

/**
 * /show-config: where the config lives, the providers (with each one's context window and where it came from) and
 * the limits. Keys are never shown, only whether one is set.
 */
export function ConfigView() {
  const api = usePanel((s) => s.api);
  const actions = useActions();
  const t = useT();
  const lang = useLang();
  const [config, setConfig] = useState<RedactedConfig | null>(null);
  const [error, setError] = useState<AppError | null>(null);

  useEffect(() => {
    let live = true;
    void api['config.get']({}).then((r) => {
      if (!live) return;
      if (r.ok) setConfig(r.value);
      else setError(r.error);
    });
    return () => {
      live = false;
    };
  }, [api]);

  return (
    <section className="overlay-view" aria-label={t('config.title')}>
      <header className="overlay-header">
        <h2>{t('config.title')}</h2>
        <button type="button" onClick={() => actions.openOverlay('setup')}>
          {t('config.setUpProvider')}
        </button>
        <button type="button" onClick={() => actions.openOverlay('none')}>
          {t('common.close')}
        </button>
      </header>
      <LanguageSelect />
      {error ? <p role="alert" className="form-error">{shownError(lang, error)}</p> : null}
      {config ? (
        <>
          <dl className="facts">
            <dt>{t('config.file')}</dt>
            <dd><code>{config.path}</code></dd>
            <dt>{t('config.home')}</dt>
            <dd><code>{config.home}</code></dd>
            <dt>{t('config.defaultProvider')}</dt>
            <dd>{config.defaultProvider ?? config.providers[0]?.name ?? t('config.none')}</dd>
            <dt>{t('config.fallback')}</dt>
            <dd>{config.fallback.length ? config.fallback.join(' → ') : t('config.none')}</dd>
            <dt>{t('config.concurrency')}</dt>
            <dd>{config.concurrency}</dd>
            <dt>{t('config.maxSteps')}</dt>
            <dd>{config.maxSteps}</dd>
            {config.compaction ? (
              <>
                <dt>{t('config.compaction')}</dt>
                <dd>
                  {t('config.compactionText', { threshold: percent(t, config.compaction.threshold), share: percent(t, config.compaction.userPromptShare) })}
                </dd>
              </>
            ) : null}
            {config.autoResumeMinutes !== undefined ? (
              <>
                <dt>{t('config.autoResume')}</dt>
                <dd>{config.autoResumeMinutes === 0 ? t('config.autoResumeNever') : t('config.autoResumeWithin', { minutes: config.autoResumeMinutes })}</dd>
              </>
            ) : null}
          </dl>
          {/* The window and answer columns appear when the engine reports them (an older one does not). */}
          <table className="table">
            <thead>
              <tr>
                <th>{t('config.provider')}</th>
                <th>{t('config.baseURL')}</th>
                <th>{t('config.model')}</th>
                <th>{t('config.key')}</th>
                {config.contextWindows ? <th>{t('config.contextWindow')}</th> : null}
                {config.maxOutputTokens !== undefined ? <th>{t('config.maxOutput')}</th> : null}
              </tr>
            </thead>
            <tbody>
              {config.providers.map((p) => (
                <tr key={p.name}>
                  <td>{p.name}</td>
                  <td><code>{p.baseURL}</code></td>
                  <td>{p.model}</td>
                  <td>{p.apiKeySet ? t('config.keySet') : p.apiKeyEnv ? t('config.keyFromEnv', { name: p.apiKeyEnv }) : t('config.none')}</td>
                  {config.contextWindows ? <td>{windowText(t, config, p.name)}</td> : null}
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

const percent = (t: T, share: number): string => t('config.percent', { n: Math.round(share * 100) });

/** "128000 (from the endpoint's model list)", or a dash for a provider the engine gave no window for. */
function windowText(t: T, config: RedactedConfig, provider: string): string {
  const w = config.contextWindows?.find((x) => x.provider === provider);
  return w ? `${w.tokens} (${t(`config.windowSource.${w.source}`)})` : '—';
}
