export { McpManager, type McpManagerOptions, type McpStateChange, type SessionServer } from './manager';
export { createMcpHandlers, type McpRequestNames } from './handlers';
export { turnTools, type TurnTools } from './toolbox';
export { userMcpFile, projectMcpFile } from './config-files';
export { choicesFile } from './choices';
export { describeTransport } from './resolve';
export { sanitiseInputSchema } from './tool-schema';
export { modelToolName } from './tool-names';
