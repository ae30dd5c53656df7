import type { PolicyDecision } from '../../../shared/policy';
import { Repository } from './parts';
import { newId, nowIso } from './refs';
import type { ToolCallRow, ToolCallStatus } from './rows';

/** `tool_calls`: each call of an assistant message, its decision and its result (long texts stored once). */
export class ToolCallsRepository extends Repository {
  find(messageId: number, callId: string): ToolCallRow | undefined {
    return this.row(this.q('SELECT * FROM tool_calls WHERE message_id = ? AND call_id = ?').get(messageId, callId) as ToolCallRow | undefined);
  }

  /** A new `pending` row for a call of the assistant message `messageId` (see find for an existing one). */
  create(input: { sessionId: string; promptId: string; messageId: number; callId: string; tool: string; inputJson: string | null }): ToolCallRow {
    const row: ToolCallRow = {
      id: newId(),
      session_id: input.sessionId,
      prompt_id: input.promptId,
      message_id: input.messageId,
      call_id: input.callId,
      tool: input.tool,
      input_json: input.inputJson,
      status: 'pending',
      decision_json: null,
      ok: null,
      output: null,
      created_at: nowIso(),
      finished_at: null,
    };
    this.parts.tx.withPayloads(() =>
      this.q(
          `INSERT INTO tool_calls (id, session_id, prompt_id, message_id, call_id, tool, input_json, status, created_at)
           VALUES (@id, @session_id, @prompt_id, @message_id, @call_id, @tool, @input_json, @status, @created_at)`,
        )
        .run({ ...row, input_json: this.parts.payloads.toStoredText(row.input_json) }),
    );
    return row;
  }

  setStatus(id: string, status: ToolCallStatus, decision?: PolicyDecision): void {
    this.q('UPDATE tool_calls SET status = ?, decision_json = COALESCE(?, decision_json) WHERE id = ?')
      .run(status, decision ? JSON.stringify(decision) : null, id);
  }

  /** `call`: the row's ids, when the caller has them: its `tool_result` event is then indexed without reading the output back. */
  finish(id: string, ok: boolean, output: string, call?: { sessionId: string; promptId: string | null; callId: string }): void {
    const finishedAt = nowIso();
    this.parts.tx.withPayloads(() =>
      this.q(`UPDATE tool_calls SET status = 'done', ok = ?, output = ?, finished_at = ? WHERE id = ?`)
        .run(ok ? 1 : 0, this.parts.payloads.toStoredText(output), finishedAt, id),
    );
    this.parts.written.output = call ? { ...call, finishedAt, output } : null;
  }

  /**
   * The session's calls that did not run because the policy blocked them (`--approve never` included) or a person
   * denied them, oldest first: what a parent is told of its child.
   */
  refused(sessionId: string): { tool: string; input: string | null; kind: 'blocked' | 'denied'; reason: string }[] {
    const rows = this.q(
      `SELECT t.id AS id, t.tool AS tool, t.input_json AS input, json_extract(t.decision_json, '$.decision') AS decision,
              json_extract(t.decision_json, '$.reason') AS reason, a.status AS approval
         FROM tool_calls t LEFT JOIN approvals a ON a.tool_call_id = t.id
        WHERE t.session_id = ? AND (json_extract(t.decision_json, '$.decision') = 'blocked' OR a.status = 'denied')
        ORDER BY t.created_at, t.id`,
    ).all(sessionId) as { id: string; tool: string; input: string | null; decision: string | null; reason: string | null; approval: string | null }[];
    return rows.map((r) => ({
      tool: r.tool,
      input: this.parts.payloads.fromStoredText(r.input),
      kind: r.approval === 'denied' ? 'denied' : 'blocked',
      reason: r.reason ?? '',
    }));
  }

  get(id: string): ToolCallRow | undefined {
    return this.row(this.q('SELECT * FROM tool_calls WHERE id = ?').get(id) as ToolCallRow | undefined);
  }

  /** A stored tool call row with its texts as they were given (references to payloads read back). */
  private row(row: ToolCallRow | undefined): ToolCallRow | undefined {
    if (!row) return undefined;
    const { payloads } = this.parts;
    return { ...row, input_json: payloads.fromStoredText(row.input_json), output: payloads.fromStoredText(row.output) };
  }
}
