import { useEffect, useId, useState } from 'react';
import type { RequestOutput } from '../../shared';
import { PRESETS, type ProviderPreset } from '../format/provider-presets';
import { shownError, shownText } from '../../shared/i18n';
import type { SandboxStatus } from '../../shared/sandbox';
import type { AppError } from '../../shared/result';
import { msg } from '../../shared/i18n/message';
import { useLang, useT } from '../i18n';
import { useActions, usePanel } from '../store/use-panel';
import { LanguageSelect } from './LanguageSelect';

type Found = RequestOutput<'config.detectLocal'>[number];

/** The sandbox is offered where it can run and managed settings do not decide it. */
const sandboxOffered = (s: SandboxStatus): boolean => s.available && s.enabledSource !== 'managed';

/** The line under the form: the panel's own words, or the engine's refusal, rendered from its Msg when it paints. */
type Status = { tone: 'info' | 'error'; text: string } | { tone: 'error'; error: AppError };

/**
 * First-run setup and /setup: a preset, base URL, key (or the variable holding it), a model from the server's
 * list, "Test connection", Save. A local Ollama or LM Studio found on its default port is offered first. Save also
 * turns the sandbox on or off in the user settings as the checkbox says (checked where it can run; disabled, with
 * what is missing and how to install it, where it cannot).
 */
export function SetupView() {
  const api = usePanel((s) => s.api);
  const actions = useActions();
  const t = useT();
  const lang = useLang();
  const id = useId();
  const [found, setFound] = useState<Found[]>([]);
  const [preset, setPreset] = useState<ProviderPreset>(PRESETS[0]!);
  const [name, setName] = useState<string>(PRESETS[0]!.id);
  const [baseURL, setBaseURL] = useState(PRESETS[0]!.baseURL);
  const [apiKey, setApiKey] = useState('');
  const [apiKeyEnv, setApiKeyEnv] = useState('');
  const [models, setModels] = useState<string[]>([]);
  const [model, setModel] = useState('');
  const [status, setStatus] = useState<Status | null>(null);
  const [busy, setBusy] = useState(false);
  const [sandbox, setSandbox] = useState<SandboxStatus | null>(null);
  const [sandboxOn, setSandboxOn] = useState(false);

  useEffect(() => {
    let live = true;
    void api['config.detectLocal']({}).then((r) => {
      if (!live || !r.ok || r.value.length === 0) return;
      setFound(r.value);
      const first = r.value[0]!;
      const p = PRESETS.find((x) => x.id === first.preset);
      if (p) choose(p, first.baseURL, first.models);
    });
    return () => {
      live = false;
    };
  }, [api]);

  useEffect(() => {
    let live = true;
    void api['sandbox.status']({}).then((r) => {
      if (!live || !r.ok) return;
      setSandbox(r.value);
      // Recommended: checked where it can run, unless the settings already say otherwise.
      setSandboxOn(r.value.available && (r.value.enabledSource === 'default' || r.value.enabled));
    });
    return () => {
      live = false;
    };
  }, [api]);

  function choose(p: ProviderPreset, url = p.baseURL, list: string[] = []) {
    setPreset(p);
    setName(p.id);
    setBaseURL(url);
    setApiKeyEnv(p.keyEnv ?? '');
    setModels(list);
    setModel(list[0] ?? '');
    setStatus(null);
  }

  const test = async () => {
    setBusy(true);
    setStatus(null);
    const r = await api['config.listModels']({
      baseURL,
      ...(apiKey ? { apiKey } : {}),
      ...(apiKeyEnv && !apiKey ? { apiKeyEnv } : {}),
      provider: name,
    });
    setBusy(false);
    if (!r.ok) return setStatus({ tone: 'error', error: r.error });
    setModels(r.value.models);
    if (!r.value.models.includes(model)) setModel(r.value.models[0] ?? '');
    setStatus({ tone: 'info', text: t('setup.connected', { ms: Math.round(r.value.latencyMs), count: r.value.models.length }) });
  };

  const save = async () => {
    if (!model) return setStatus({ tone: 'error', text: t('setup.pickModel') });
    setBusy(true);
    const r = await api['config.saveProvider']({
      provider: {
        name,
        baseURL,
        model,
        ...(apiKey ? { apiKey } : {}),
        ...(apiKeyEnv && !apiKey ? { apiKeyEnv } : {}),
      },
      makeDefault: true,
    });
    if (!r.ok) {
      setBusy(false);
      return setStatus({ tone: 'error', error: r.error });
    }
    if (sandbox && sandboxOffered(sandbox) && sandboxOn !== sandbox.enabled) {
      const s = await api['sandbox.setEnabled']({ enabled: sandboxOn });
      if (!s.ok) {
        setBusy(false);
        return setStatus({ tone: 'error', error: s.error });
      }
    }
    setBusy(false);
    actions.log('info', msg('setup.saved', { name, model }));
    actions.openOverlay('none');
  };

  return (
    <section className="overlay-view setup" aria-label={t('setup.label')}>
      <header className="overlay-header">
        <h2>{t('setup.title')}</h2>
        <button type="button" onClick={() => actions.openOverlay('none')}>
          {t('common.close')}
        </button>
      </header>
      <LanguageSelect />
      {found.length ? (
        <p className="found">
          {t('setup.found', { list: found.map((f) => t('setup.foundItem', { preset: f.preset, url: f.baseURL })).join(', ') })}
        </p>
      ) : null}
      <div className="presets" role="radiogroup" aria-label={t('setup.provider')}>
        {PRESETS.map((p) => (
          <label key={p.id} className={p.id === preset.id ? 'selected' : undefined}>
            <input type="radio" name={`${id}-preset`} checked={p.id === preset.id} onChange={() => choose(p)} />
            {t(`setup.preset.${p.id}`)}
          </label>
        ))}
      </div>
      <div className="form-grid">
        <label htmlFor={`${id}-name`}>{t('setup.name')}</label>
        <input id={`${id}-name`} value={name} onChange={(e) => setName(e.target.value)} />
        <label htmlFor={`${id}-url`}>{t('setup.baseURL')}</label>
        <input id={`${id}-url`} value={baseURL} onChange={(e) => setBaseURL(e.target.value)} />
        <label htmlFor={`${id}-key`}>{t('setup.apiKey')}</label>
        <input
          id={`${id}-key`}
          type="password"
          autoComplete="off"
          value={apiKey}
          placeholder={preset.local ? t('setup.apiKeyLocal') : t('setup.apiKeyPlaceholder')}
          onChange={(e) => setApiKey(e.target.value)}
        />
        <label htmlFor={`${id}-env`}>{t('setup.keyVariable')}</label>
        <input id={`${id}-env`} value={apiKeyEnv} placeholder={t('setup.keyVariablePlaceholder')} onChange={(e) => setApiKeyEnv(e.target.value)} />
        <label htmlFor={`${id}-model`}>{t('setup.model')}</label>
        {models.length ? (
          <select id={`${id}-model`} value={model} onChange={(e) => setModel(e.target.value)}>
            {models.map((m) => (
              <option key={m}>{m}</option>
            ))}
          </select>
        ) : (
          <input id={`${id}-model`} value={model} placeholder={t('setup.modelPlaceholder')} onChange={(e) => setModel(e.target.value)} />
        )}
      </div>
      {sandbox ? (
        <div className="setup-sandbox">
          <label>
            <input
              type="checkbox"
              checked={sandboxOn}
              disabled={!sandboxOffered(sandbox)}
              aria-describedby={sandboxOffered(sandbox) ? undefined : `${id}-sandbox-why`}
              onChange={(e) => setSandboxOn(e.target.checked)}
            />
            {t('sandbox.setup.offer')}
          </label>
          {!sandbox.available ? (
            <p id={`${id}-sandbox-why`} className="meta">
              {shownText(lang, sandbox.reason ?? '', sandbox.reasonMsg)}
            </p>
          ) : sandbox.enabledSource === 'managed' ? (
            <p id={`${id}-sandbox-why`} className="meta">
              {t('sandbox.setup.managed')}
            </p>
          ) : null}
        </div>
      ) : null}
      {status ? (
        <p role={status.tone === 'error' ? 'alert' : 'status'} className={status.tone === 'error' ? 'form-error' : 'form-ok'}>
          {'error' in status ? shownError(lang, status.error) : status.text}
        </p>
      ) : null}
      <div className="form-buttons">
        <button type="button" disabled={busy} onClick={() => void test()}>
          {t('setup.testConnection')}
        </button>
        <button type="button" className="primary" disabled={busy} onClick={() => void save()}>
          {t('common.save')}
        </button>
      </div>
    </section>
  );
}
