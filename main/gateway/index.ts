export { createGatewayHost, type GatewayHost, type GatewayHostOptions } from './host';
export { configTokenStore, keychainTokenStore, type NamedSecrets, type TokenStore } from './token-store';
export type { Gateway, GatewayEngine, MessengerAdapter } from './types';
