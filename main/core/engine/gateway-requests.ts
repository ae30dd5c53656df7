import type { RequestHandlers } from '../../../shared/api';
import { msg } from '../../../shared/i18n/message';
import { err } from '../../../shared/result';

export type GatewayRequestNames = 'gateway.status' | 'gateway.pairCode' | 'gateway.unpair' | 'gateway.setToken';

/** The messenger gateways' requests, answered by the host that runs them (main/gateway). */
export type GatewayHandlers = Pick<RequestHandlers, GatewayRequestNames>;

/**
 * The gateway requests of an engine: the host's gateways when it runs some (the desktop app and `serve` pass
 * them in), else one refusal saying where gateways run.
 */
export function gatewayRequests(host: GatewayHandlers | undefined): GatewayHandlers {
  if (host) return host;
  const none = () => err('invalid_state', msg('engineErrors.gateway.none'));
  return { 'gateway.status': none, 'gateway.pairCode': none, 'gateway.unpair': none, 'gateway.setToken': none };
}
