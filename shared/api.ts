import { z } from 'zod';
import { IdOrRef } from './ids';
import { ApprovalSummary, PromptSummary, SessionDetail, SessionSummary } from './models';
import { ApprovalAnswer, PermissionMode, PolicyDecision } from './policy';
import { ConflictResolution, EngineEvent } from './events';
import { RedactedConfig } from './config';
import type { Result } from './result';

/**
 * The one contract between the UI and the engine. The preload bridge, the Electron IPC handlers, the browser
 * host and the renderer's API object are all typed from this map, so a missing handler fails to compile.
 */
export const requests = {
  'session.create': {
    input: z.object({
      workspace: z.string().min(1),
      name: z.string().min(1).max(80).optional(),
      mode: PermissionMode.optional(),
    }),
    output: SessionSummary,
  },
  'session.list': { input: z.object({ includeClosed: z.boolean().optional() }), output: z.array(SessionSummary) },
  'session.get': { input: z.object({ session: IdOrRef }), output: SessionDetail },
  'session.close': { input: z.object({ session: IdOrRef }), output: z.null() },
  'session.setMode': { input: z.object({ session: IdOrRef, mode: PermissionMode }), output: SessionSummary },
  /** Stored events of one session (or all), for replaying a transcript after a reload. */
  'session.events': {
    input: z.object({ session: IdOrRef.optional(), afterSeq: z.number().int().optional(), limit: z.number().int().min(1).max(100_000).optional() }),
    output: z.array(EngineEvent),
  },
  'prompt.send': { input: z.object({ session: IdOrRef, text: z.string().min(1).max(200_000) }), output: PromptSummary },
  'prompt.cancel': { input: z.object({ prompt: IdOrRef }), output: PromptSummary },
  'prompt.retry': { input: z.object({ prompt: IdOrRef }), output: PromptSummary },
  'prompt.edit': { input: z.object({ prompt: IdOrRef, text: z.string().min(1).max(200_000) }), output: PromptSummary },
  'approval.list': { input: z.object({ session: IdOrRef.optional() }), output: z.array(ApprovalSummary) },
  'approval.answer': { input: z.object({ approval: IdOrRef, answer: ApprovalAnswer }), output: ApprovalSummary },
  'conflict.resolve': {
    input: z.object({ prompt: IdOrRef, resolution: ConflictResolution.exclude(['block']) }),
    output: PromptSummary,
  },
  'config.get': { input: z.object({}), output: RedactedConfig },
  'policy.check': {
    input: z.object({
      session: IdOrRef.optional(),
      workspace: z.string().optional(),
      tool: z.string().min(1),
      input: z.record(z.string(), z.unknown()),
      mode: PermissionMode.optional(),
    }),
    output: PolicyDecision,
  },
} as const satisfies Record<string, { input: z.ZodType; output: z.ZodType }>;

export type RequestName = keyof typeof requests;
export type RequestInput<N extends RequestName> = z.infer<(typeof requests)[N]['input']>;
export type RequestOutput<N extends RequestName> = z.infer<(typeof requests)[N]['output']>;

/** Push channels from the engine to the UI. */
export const events = {
  'engine.event': EngineEvent,
} as const satisfies Record<string, z.ZodType>;
export type EventChannel = keyof typeof events;

/** The API object the renderer holds; every call resolves to data, never throws for engine errors. */
export type EngineApi = {
  [N in RequestName]: (input: RequestInput<N>) => Promise<Result<RequestOutput<N>>>;
} & {
  onEvent(listener: (event: EngineEvent) => void): () => void;
};

/** The engine side: one handler per request, typed from the same map. */
export type RequestHandlers = {
  [N in RequestName]: (input: RequestInput<N>) => Promise<Result<RequestOutput<N>>> | Result<RequestOutput<N>>;
};

export const requestNames = Object.keys(requests) as RequestName[];
export const eventChannels = Object.keys(events) as EventChannel[];
