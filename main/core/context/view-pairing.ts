import type { ChatMessage } from '../model/types';

/**
 * What is wrong with a message list as the chat API sees it: every tool message must answer a call of the
 * assistant message just before its run of tool messages, and every such call must be answered exactly once
 * before the next non-tool message. Empty when the list is valid.
 */
export function toolPairingProblems(messages: readonly ChatMessage[]): string[] {
  const problems: string[] = [];
  let open: Set<string> | null = null;
  let answered = new Set<string>();
  const close = (at: number): void => {
    if (open) for (const id of open) if (!answered.has(id)) problems.push(`call ${id} has no tool message before message ${at}`);
    open = null;
    answered = new Set();
  };
  messages.forEach((m, i) => {
    if (m.role === 'tool') {
      if (!open) {
        problems.push(`tool message ${i} (${m.tool_call_id}) does not follow an assistant tool call`);
      } else if (!open.has(m.tool_call_id)) {
        problems.push(`tool message ${i} answers ${m.tool_call_id}, which the assistant message before it did not call`);
      } else if (answered.has(m.tool_call_id)) {
        problems.push(`tool message ${i} answers ${m.tool_call_id} a second time`);
      } else {
        answered.add(m.tool_call_id);
      }
      return;
    }
    close(i);
    if (m.role === 'assistant' && m.tool_calls && m.tool_calls.length > 0) open = new Set(m.tool_calls.map((c) => c.id));
  });
  close(messages.length);
  return problems;
}
