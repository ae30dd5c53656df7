import type { Engine } from '../../main/core/engine';
import type { EngineEvent, EventOf } from '../../shared/events';
import { unwrap } from '../helpers/engine';

export async function newSession(engine: Engine, workspace: string, name: string): Promise<string> {
  return unwrap(await engine.handlers['session.create']({ workspace, name })).id;
}

export async function send(engine: Engine, session: string, text: string): Promise<{ id: string; status: string }> {
  const p = unwrap(await engine.handlers['prompt.send']({ session, text }));
  return { id: p.id, status: p.status };
}

export const ofType = <T extends EngineEvent['type']>(log: readonly EngineEvent[], type: T): EventOf<T>[] =>
  log.filter((e): e is EventOf<T> => e.type === type);

export const toolResults = (log: readonly EngineEvent[], promptId?: string): EventOf<'tool_result'>[] =>
  ofType(log, 'tool_result').filter((e) => !promptId || e.promptId === promptId);
