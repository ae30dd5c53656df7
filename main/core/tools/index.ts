export type { ToolContext, ToolDefinition, ToolOutcome } from './types';
export { isReadOnly, type ToolEffect, type ToolEffectKind } from './effects';
export {
  createCallPreparer,
  prepareCall,
  prepareNamedCall,
  type CallPreparer,
  type CheckableCall,
  type ParsedShell,
  type PrepareOptions,
  type PreparedCall,
} from './prepare';
export { builtinTool, builtinTools, inputJsonSchema, parseToolCall, parseToolInput, toolSpecs, type FunctionToolSpec } from './registry';
export { displayPath, normaliseToolPath, resolveToolPath, tryResolveToolPath } from './paths';
export { atomicWriteFile, type AtomicWriteResult } from './atomic-write';
export { killProcessTree, type KillTreeOptions } from './process-tree';
export { OutputCapture } from './output-capture';
export { unifiedDiff } from './diff';
export { ToolError } from './errors';
export { readTool } from './read';
export { writeTool } from './write';
export { editTool } from './edit';
export { lsTool } from './ls';
export { globTool } from './glob';
export { grepTool } from './grep';
export { bashTool } from './bash';
export { createWebFetchTool, webFetchTool, WEBFETCH_LIMITS, type WebFetchLimits } from './webfetch';
export { createWebAccess, type WebAccess, type UrlVerdict } from './webfetch-access';
export { systemResolver, type HostResolver } from './webfetch-address';
