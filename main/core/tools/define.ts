import type { z } from 'zod';
import type { ToolDefinition } from './types';
import { ToolError, errorText } from './errors';

/**
 * Wraps a tool so `run` never throws: `ToolError`s become their message, anything else a short
 * sentence naming the tool. Callers can rely on a `ToolOutcome` every time.
 */
export function defineTool<S extends z.ZodType>(def: ToolDefinition<S>): ToolDefinition<S> {
  return {
    ...def,
    async run(input, ctx) {
      try {
        return await def.run(input, ctx);
      } catch (e) {
        if (e instanceof ToolError) return { ok: false, error: e.message };
        return { ok: false, error: `${def.name} failed unexpectedly: ${errorText(e)}` };
      }
    },
  };
}
