export { parseToolCall, toolSpecs } from './registry';
export { readTool } from './read';
export { writeTool } from './write';
export { bashTool } from './bash';
export { createWebAccess } from './webfetch-access';
