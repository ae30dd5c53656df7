import type { AgentChildState, AgentIsolation, AgentOutcome, IntegrationState } from '../../../shared/agents';
import { Repository } from './parts';
import { nowIso } from './refs';

/** One row of `agent_children` (migration 017): a child session and the parent's Agent call that started it. */
export interface AgentChildRow {
  child_id: string;
  parent_id: string;
  parent_prompt_id: string;
  call_id: string;
  description: string;
  /** The prompt the child was given (its task). */
  task: string;
  isolation: AgentIsolation;
  outputs: string[];
  state: AgentChildState;
  outcome: AgentOutcome | null;
  integration: IntegrationState;
  attempts: number;
  files: string[];
  /** Refs of the siblings it waits for. */
  waiting: string[];
  /** The child's current prompt (its task, then any conflict follow-ups). */
  prompt_id: string | null;
  /** The commit its work starts from: the parent's snapshot, moved on when a conflict brings it up to date. */
  base_commit: string | null;
  /** The child's final answer, once it has one. */
  answer: string | null;
  seq: number;
  created_at: string;
  finished_at: string | null;
}

interface DbRow extends Omit<AgentChildRow, 'outputs' | 'files' | 'waiting'> {
  outputs_json: string;
  files_json: string;
  waiting_json: string;
}

const toRow = (r: DbRow): AgentChildRow => {
  const { outputs_json, files_json, waiting_json, ...rest } = r;
  return { ...rest, outputs: JSON.parse(outputs_json) as string[], files: JSON.parse(files_json) as string[], waiting: JSON.parse(waiting_json) as string[] };
};

/** What may change on a child after it is recorded. */
export type AgentChildPatch = Partial<Pick<AgentChildRow, 'state' | 'outcome' | 'integration' | 'attempts' | 'files' | 'waiting' | 'prompt_id' | 'base_commit' | 'answer' | 'finished_at'>>;

const JSON_FIELDS = new Set(['files', 'waiting']);

/** `agent_children`: one writer, the engine's agents service (main/core/engine/agents). */
export class AgentChildrenRepository extends Repository {
  add(input: Pick<AgentChildRow, 'child_id' | 'parent_id' | 'parent_prompt_id' | 'call_id' | 'description' | 'task' | 'isolation' | 'outputs'>): AgentChildRow {
    const seq = (this.q('SELECT COALESCE(MAX(seq), 0) + 1 AS n FROM agent_children WHERE parent_id = ?').get(input.parent_id) as { n: number }).n;
    this.q(
      `INSERT INTO agent_children (child_id, parent_id, parent_prompt_id, call_id, description, task, isolation, outputs_json, state, seq, created_at)
       VALUES (@child_id, @parent_id, @parent_prompt_id, @call_id, @description, @task, @isolation, @outputs_json, 'queued', @seq, @created_at)`,
    ).run({
      child_id: input.child_id,
      parent_id: input.parent_id,
      parent_prompt_id: input.parent_prompt_id,
      call_id: input.call_id,
      description: input.description,
      task: input.task,
      isolation: input.isolation,
      outputs_json: JSON.stringify(input.outputs),
      seq,
      created_at: nowIso(),
    });
    return this.get(input.child_id) as AgentChildRow;
  }

  get(childId: string): AgentChildRow | undefined {
    const r = this.q('SELECT * FROM agent_children WHERE child_id = ?').get(childId) as DbRow | undefined;
    return r ? toRow(r) : undefined;
  }

  /** The child an Agent call of `parentId` started, if it started one. */
  forCall(parentId: string, callId: string): AgentChildRow | undefined {
    const r = this.q('SELECT * FROM agent_children WHERE parent_id = ? AND call_id = ?').get(parentId, callId) as DbRow | undefined;
    return r ? toRow(r) : undefined;
  }

  /** A parent's children, oldest first. */
  ofParent(parentId: string): AgentChildRow[] {
    return (this.q('SELECT * FROM agent_children WHERE parent_id = ? ORDER BY seq').all(parentId) as DbRow[]).map(toRow);
  }

  /** Children not yet at an end (not integrated, done, failed or cancelled). */
  unfinished(): AgentChildRow[] {
    return (this.q(`SELECT * FROM agent_children WHERE state NOT IN ('integrated', 'done', 'failed', 'cancelled') ORDER BY parent_id, seq`).all() as DbRow[]).map(toRow);
  }

  update(childId: string, patch: AgentChildPatch): AgentChildRow {
    const entries = Object.entries(patch).filter(([, v]) => v !== undefined);
    if (entries.length > 0) {
      const cols = entries.map(([k]) => (JSON_FIELDS.has(k) ? `${k}_json = @${k}` : `${k} = @${k}`)).join(', ');
      const values = Object.fromEntries(entries.map(([k, v]) => [k, JSON_FIELDS.has(k) ? JSON.stringify(v) : v]));
      this.q(`UPDATE agent_children SET ${cols} WHERE child_id = @child_id`).run({ ...values, child_id: childId });
    }
    return this.get(childId) as AgentChildRow;
  }
}
