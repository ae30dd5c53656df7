import { msg } from '../../../../shared/i18n/message';
import { allowedOnCard } from './call-card';
import type { AskNetwork } from '../../sandbox/runtime';
import type { CallContext } from './call-context';

/** `host:port`, with an IPv6 address in brackets. */
const targetOf = (host: string, port: number): string => `${host.includes(':') ? `[${host}]` : host}:${port}`;

/**
 * How a confined command's connection to a host its lists do not name is decided: `--approve all` allows it,
 * `--approve never` and a run with no one to ask refuse it, and otherwise a person answers a card "network access
 * to HOST:PORT" — once, for the session or always (both add `WebFetch(domain:HOST)`, which the sandbox's lists
 * follow). One card at a time per call; a card still open when the command ends or is cancelled is withdrawn.
 */
export function networkAsk(c: CallContext, command: string): AskNetwork {
  let queue: Promise<unknown> = Promise.resolve();
  const ask = async (host: string, port: number, ended: AbortSignal): Promise<boolean> => {
    const reasonMsg = msg('sandbox.network.ask', { target: targetOf(host, port) });
    return allowedOnCard(c, { tool: 'Network', input: { host, port, command }, reasonMsg, alwaysRules: [`WebFetch(domain:${host})`], source: 'sandbox' }, ended);
  };
  return (host, port, ended) => {
    const next = queue.then(() => ask(host, port, ended));
    queue = next.catch(() => undefined);
    return next;
  };
}
