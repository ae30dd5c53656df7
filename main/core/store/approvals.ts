import type { ApprovalAnswer, ApprovalStatus, PolicyDecision } from '../../../shared/policy';
import type { Result } from '../../../shared/result';
import { Repository } from './parts';
import type { Payloads } from './payloads';
import { newId, newRef, nowIso } from './refs';
import { indexedLookups, resolveIndexed } from './resolve';
import type { ApprovalRow, ParsedApproval } from './rows';

/** `approvals`: the cards a person answers, with the call's input stored once (see payloads.ts). */
export class ApprovalsRepository extends Repository {
  create(input: {
    sessionId: string;
    promptId: string;
    toolCallId: string;
    tool: string;
    input: Record<string, unknown>;
    decision: PolicyDecision;
    alwaysRules: string[];
  }): ParsedApproval {
    const id = newId();
    const ref = newRef((r) => this.q('SELECT 1 FROM approvals WHERE ref = ?').get(r) !== undefined);
    const { payloads } = this.parts;
    this.parts.tx.withPayloads(() =>
      this.q(
          `INSERT INTO approvals (id, ref, session_id, prompt_id, tool_call_id, tool, input_json, decision_json, always_rules_json, status, created_at)
           VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, 'pending', ?)`,
        )
        .run(id, ref, input.sessionId, input.promptId, input.toolCallId, input.tool, payloads.toStoredJson(input.input).stored,
          JSON.stringify(input.decision), JSON.stringify(input.alwaysRules), nowIso()),
    );
    return this.get(id) as ParsedApproval;
  }

  get(id: string): ParsedApproval | undefined {
    const row = this.q('SELECT * FROM approvals WHERE id = ?').get(id) as ApprovalRow | undefined;
    return row ? parseApproval(row, this.parts.payloads) : undefined;
  }

  forToolCall(toolCallId: string): ParsedApproval | undefined {
    const row = this.q('SELECT * FROM approvals WHERE tool_call_id = ? ORDER BY created_at DESC, rowid DESC LIMIT 1')
      .get(toolCallId) as ApprovalRow | undefined;
    return row ? parseApproval(row, this.parts.payloads) : undefined;
  }

  list(filter: { sessionId?: string; status?: ApprovalStatus } = {}): ParsedApproval[] {
    const rows = this.q(
        `SELECT * FROM approvals WHERE (@sessionId IS NULL OR session_id = @sessionId) AND (@status IS NULL OR status = @status)
         ORDER BY created_at, rowid`,
      )
      .all({ sessionId: filter.sessionId ?? null, status: filter.status ?? null }) as ApprovalRow[];
    return rows.map((r) => parseApproval(r, this.parts.payloads));
  }

  resolve(query: string): Result<ParsedApproval> {
    const read = (row: unknown): ParsedApproval => parseApproval(row as ApprovalRow, this.parts.payloads);
    return resolveIndexed('approval', query, indexedLookups<ParsedApproval>((sql) => this.q(sql), 'approvals', (q) => {
      const row = (this.q('SELECT * FROM approvals WHERE id = ?').get(q) ?? this.q('SELECT * FROM approvals WHERE ref = ?').get(q)) as ApprovalRow | undefined;
      return row ? read(row) : undefined;
    }, read));
  }

  answer(id: string, status: ApprovalStatus, answer: ApprovalAnswer | null): void {
    this.q('UPDATE approvals SET status = ?, answer_json = ?, resolved_at = ? WHERE id = ?')
      .run(status, answer ? JSON.stringify(answer) : null, nowIso(), id);
  }
}

function parseApproval(row: ApprovalRow, payloads: Payloads): ParsedApproval {
  const { decision_json, answer_json, input_json, always_rules_json, ...rest } = row;
  return {
    ...rest,
    input: payloads.fromStoredJson(input_json) as Record<string, unknown>,
    decision: JSON.parse(decision_json) as PolicyDecision,
    alwaysRules: JSON.parse(always_rules_json) as string[],
    answer: answer_json ? (JSON.parse(answer_json) as ApprovalAnswer) : null,
  };
}
