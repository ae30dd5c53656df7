export { createGatewayHost, type GatewayHost } from './host';
export { configTokenStore, keychainTokenStore } from './token-store';
