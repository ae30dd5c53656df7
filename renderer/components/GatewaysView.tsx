import { useEffect, useId, useState } from 'react';
import type { GatewayStatus } from '../../shared';
import { formatDateTime, shownText } from '../../shared/i18n';
import { useLang, useT, type T } from '../i18n';
import { useActions, usePanel } from '../store/use-panel';
import { engineError } from '../format/engine-text';

/** How often the view asks again while it is open: the connection changes on its own (polling, backoff). */
const REFRESH_MS = 3000;

function connectionText(t: T, s: GatewayStatus): string {
  switch (s.connection) {
    case 'off':
      return s.tokenSet ? t('gateways.connection.notRunning') : t('gateways.connection.offNoToken');
    case 'connecting':
      return t('gateways.connection.connecting');
    case 'connected':
      return s.bot ? t('gateways.connection.connectedAs', { bot: s.bot }) : t('gateways.connection.connected');
    case 'retrying':
      return t('gateways.connection.retrying');
    case 'refused':
      return t('gateways.connection.refused');
    default: {
      const never: never = s.connection;
      return never;
    }
  }
}

function minutesLeft(t: T, expiresAt: string, now: number): string {
  const minutes = Math.max(0, Math.ceil((Date.parse(expiresAt) - now) / 60_000));
  return minutes <= 1 ? t('gateways.lessThanAMinute') : t('gateways.minutes', { count: minutes });
}

function tokenState(t: T, s: GatewayStatus): string {
  if (!s.tokenSet) return t('gateways.tokenNotSet');
  return s.tokenSource ? t('gateways.tokenSetFrom', { source: t(`gateways.tokenSource.${s.tokenSource}`) }) : t('gateways.tokenSet');
}

/** /gateways: the Telegram gateway's token state (never the token), connection, a pairing code and the paired chats. */
export function GatewaysView() {
  const api = usePanel((s) => s.api);
  const actions = useActions();
  const t = useT();
  const lang = useLang();
  const [status, setStatus] = useState<GatewayStatus | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [token, setToken] = useState('');
  const [busy, setBusy] = useState(false);
  const [version, setVersion] = useState(0);
  const id = useId();

  useEffect(() => {
    let live = true;
    const load = () =>
      void api['gateway.status']({ gateway: 'telegram' }).then((r) => {
        if (!live) return;
        if (r.ok) setStatus(r.value);
        setError(r.ok ? null : engineError(r.error));
      });
    load();
    const timer = setInterval(load, REFRESH_MS);
    return () => {
      live = false;
      clearInterval(timer);
    };
  }, [api, version]);

  const run = async (work: () => Promise<{ ok: true; value: GatewayStatus | unknown } | { ok: false; error: { message: string } }>) => {
    setBusy(true);
    const r = await work();
    setBusy(false);
    setError(r.ok ? null : engineError(r.error));
    setVersion((v) => v + 1);
    return r.ok;
  };

  const saveToken = async () => {
    // The field is emptied whatever happens: the token is not kept in the page.
    const typed = token.trim();
    setToken('');
    await run(() => api['gateway.setToken']({ gateway: 'telegram', token: typed }));
  };

  return (
    <section className="overlay-view" aria-label={t('gateways.title')}>
      <header className="overlay-header">
        <h2>{t('gateways.title')}</h2>
        <button type="button" onClick={() => actions.openOverlay('none')}>
          {t('common.close')}
        </button>
      </header>
      <h3>Telegram</h3>
      {error ? <p className="form-error">{error}</p> : null}
      {status ? (
        <>
          <p>
            {t('gateways.botToken', { state: tokenState(t, status) })}{' '}
            <span aria-label={t('gateways.connection.label')}>{connectionText(t, status)}</span>
          </p>
          {status.problem ? <p className="meta">{shownText(lang, status.problem, status.problemMsg)}</p> : null}
          <form
            onSubmit={(e) => {
              e.preventDefault();
              void saveToken();
            }}
          >
            <label htmlFor={`${id}-token`}>{status.tokenSet ? t('gateways.replaceToken') : t('gateways.tokenFromBotFather')}</label>{' '}
            <input id={`${id}-token`} type="password" autoComplete="off" value={token} onChange={(e) => setToken(e.target.value)} />{' '}
            <button type="submit" disabled={busy || token.trim() === ''}>
              {t('gateways.saveToken')}
            </button>
            {status.tokenSet && status.tokenSource !== 'env' ? (
              <button type="button" disabled={busy} onClick={() => void run(() => api['gateway.setToken']({ gateway: 'telegram', token: null }))}>
                {t('gateways.removeToken')}
              </button>
            ) : null}
          </form>
          <h3>{t('gateways.pairing')}</h3>
          {status.pairCode ? (
            <p aria-label={t('gateways.pairingCode')}>
              {t('gateways.sendPair')}
              <code>/pair {status.pairCode.code}</code>
              {t('gateways.sendPairEnd', { left: minutesLeft(t, status.pairCode.expiresAt, Date.now()) })}
            </p>
          ) : (
            <p className="meta">{t('gateways.pairHint')}</p>
          )}
          <button type="button" disabled={busy} onClick={() => void run(() => api['gateway.pairCode']({ gateway: 'telegram' }))}>
            {status.pairCode ? t('gateways.newPairCode') : t('gateways.showPairCode')}
          </button>
          <h3>{t('gateways.pairedChats')}</h3>
          {status.chats.length === 0 ? <p className="meta">{t('gateways.noChat')}</p> : null}
          <ul aria-label={t('gateways.pairedChats')}>
            {status.chats.map((c) => (
              <li key={c.chatId}>
                {c.name} <span className="meta">{t('gateways.chatSince', { id: c.chatId, since: formatDateTime(lang, c.pairedAt) })}</span>{' '}
                <button
                  type="button"
                  disabled={busy}
                  aria-label={t('gateways.unpairLabel', { name: c.name })}
                  onClick={() => void run(() => api['gateway.unpair']({ gateway: 'telegram', chatId: c.chatId }))}
                >
                  {t('gateways.unpair')}
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
