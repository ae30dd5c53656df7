export { McpManager, type McpStateChange } from './manager';
export { createMcpHandlers, type McpRequestNames } from './handlers';
export { turnTools, type TurnTools } from './toolbox';
export { sanitiseInputSchema } from './tool-schema';
