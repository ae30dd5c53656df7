import { useEffect, useId, useState } from 'react';
import type { GatewayStatus } from '../../shared';
import { useActions, usePanel } from '../store/use-panel';

/** How often the view asks again while it is open: the connection changes on its own (polling, backoff). */
const REFRESH_MS = 3000;

function connectionText(s: GatewayStatus): string {
  switch (s.connection) {
    case 'off':
      return s.tokenSet ? 'not running' : 'off: no bot token';
    case 'connecting':
      return 'connecting…';
    case 'connected':
      return s.bot ? `connected as @${s.bot}` : 'connected';
    case 'retrying':
      return 'cannot reach Telegram; trying again';
    case 'refused':
      return 'the token was refused';
    default: {
      const never: never = s.connection;
      return never;
    }
  }
}

const sourceText: Record<NonNullable<GatewayStatus['tokenSource']>, string> = {
  config: 'in config.json',
  keychain: 'in the keychain',
  env: 'from PARAGENTS_TELEGRAM_TOKEN',
};

function minutesLeft(expiresAt: string, now: number): string {
  const minutes = Math.max(0, Math.ceil((Date.parse(expiresAt) - now) / 60_000));
  return minutes <= 1 ? 'less than a minute' : `${minutes} minutes`;
}

/** /gateways: the Telegram gateway's token state (never the token), connection, a pairing code and the paired chats. */
export function GatewaysView() {
  const api = usePanel((s) => s.api);
  const actions = useActions();
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
        setError(r.ok ? null : r.error.message);
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
    setError(r.ok ? null : r.error.message);
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
    <section className="overlay-view" aria-label="Gateways">
      <header className="overlay-header">
        <h2>Gateways</h2>
        <button type="button" onClick={() => actions.openOverlay('none')}>
          Close
        </button>
      </header>
      <h3>Telegram</h3>
      {error ? <p className="form-error">{error}</p> : null}
      {status ? (
        <>
          <p>
            Bot token: {status.tokenSet ? `set${status.tokenSource ? ` (${sourceText[status.tokenSource]})` : ''}` : 'not set'} · Connection:{' '}
            <span aria-label="Connection">{connectionText(status)}</span>
          </p>
          {status.problem ? <p className="meta">{status.problem}</p> : null}
          <form
            onSubmit={(e) => {
              e.preventDefault();
              void saveToken();
            }}
          >
            <label htmlFor={`${id}-token`}>{status.tokenSet ? 'Replace the bot token' : 'Bot token from BotFather'}</label>{' '}
            <input id={`${id}-token`} type="password" autoComplete="off" value={token} onChange={(e) => setToken(e.target.value)} />{' '}
            <button type="submit" disabled={busy || token.trim() === ''}>
              Save token
            </button>
            {status.tokenSet && status.tokenSource !== 'env' ? (
              <button type="button" disabled={busy} onClick={() => void run(() => api['gateway.setToken']({ gateway: 'telegram', token: null }))}>
                Remove token
              </button>
            ) : null}
          </form>
          <h3>Pairing</h3>
          {status.pairCode ? (
            <p aria-label="Pairing code">
              Send <code>/pair {status.pairCode.code}</code> to the bot in a private chat (expires in {minutesLeft(status.pairCode.expiresAt, Date.now())}).
            </p>
          ) : (
            <p className="meta">A code pairs one chat, once, within 10 minutes.</p>
          )}
          <button type="button" disabled={busy} onClick={() => void run(() => api['gateway.pairCode']({ gateway: 'telegram' }))}>
            {status.pairCode ? 'New pairing code' : 'Show a pairing code'}
          </button>
          <h3>Paired chats</h3>
          {status.chats.length === 0 ? <p className="meta">No chat is paired.</p> : null}
          <ul aria-label="Paired chats">
            {status.chats.map((c) => (
              <li key={c.chatId}>
                {c.name} <span className="meta">chat {c.chatId} · since {new Date(c.pairedAt).toLocaleString()}</span>{' '}
                <button
                  type="button"
                  disabled={busy}
                  aria-label={`Unpair ${c.name}`}
                  onClick={() => void run(() => api['gateway.unpair']({ gateway: 'telegram', chatId: c.chatId }))}
                >
                  Unpair
                </button>
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}
