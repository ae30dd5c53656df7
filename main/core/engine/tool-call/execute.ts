import type { ToolOutcome } from '../../tools/types';
import type { CallContext } from './call-context';
import type { Decided } from './decide';
import { afterTool } from '../../hooks';
import { english, msg } from '../../../../shared/i18n/message';
import { networkAsk } from './network-ask';
import { allowedOnCard } from './call-card';
import { seesImages } from '../../images/vision';
import { sessionProvider } from '../session-model';

/** The command a Bash call runs, as its network card shows it. */
const commandOf = (input: unknown): string =>
  typeof input === 'object' && input !== null && typeof (input as { command?: unknown }).command === 'string' ? (input as { command: string }).command : '';

/**
 * Step 4: runs the tool and records its result. The gate's after-call work (journal, leases, locks) runs
 * whatever happens to the run — a result, a cancel, or an exception — so nothing the guard took is left held.
 */
export async function executeCall(c: CallContext, d: Decided): Promise<void> {
  const { deps, session, prompt, call, signal, force, record } = c;
  record.setStatus('running');
  // Until the tool returns, its outcome is "did not finish" (what the after-call work sees when it threw).
  let outcome: ToolOutcome = { ok: false, error: english(msg('notices.error.unfinished')) };
  try {
    outcome = await d.prepared.tool.run(d.prepared.input, {
      workspace: session.workspace,
      host: deps.host,
      sessionId: session.id,
      promptId: prompt.id,
      signal,
      forceSignal: force,
      web: deps.web,
      tempFiles: deps.tempFiles,
      ...(deps.images ? { images: { vision: sessionSees(c), keep: (name: string, bytes: Buffer) => deps.images!.save(name, bytes) } } : {}),
      plans: {
        set: (items) =>
          deps.bus.batch(() => {
            deps.store.sessions.setPlan(session.id, items.length > 0 ? items : null);
            deps.bus.emit({ type: 'plan_updated', sessionId: session.id, promptId: prompt.id, items: [...items] });
          }),
      },
      // Built for this call from the lists in force now (other sessions open or closed since the last one).
      ...(deps.agents ? { agents: deps.agents.forCall({ session, prompt, callId: call.id, signal, lease: c.lease, ask: (card) => allowedOnCard(c, card) }) } : {}),
      ...(d.sandboxed === true && deps.sandbox ? { sandbox: deps.sandbox(session, networkAsk(c, commandOf(d.prepared.input))) } : {}),
    });
  } finally {
    await deps.gate?.afterCall?.({ sessionId: session.id, promptId: prompt.id, callId: call.id, prepared: d.prepared, ok: outcome.ok });
  }
  if (signal.aborted) {
    record.refuse(msg('notices.error.cancelledRunning'));
    throw signal.reason;
  }
  for (const r of outcome.refusals ?? []) {
    deps.bus.emit({ type: 'sandbox_violation', sessionId: session.id, promptId: prompt.id, callId: call.id, kind: r.kind, target: r.target });
  }
  let text = outcome.ok ? outcome.output : outcome.error;
  if (outcome.ok && deps.hooks) {
    // PostToolUse hooks see the result before the model does; what a blocking one says is added for the model.
    const at = { session, prompt: { id: prompt.id, ref: prompt.ref }, signal, force };
    const said = await afterTool(deps.hooks, at, { tool: d.prepared.name, input: d.prepared.input, callId: call.id }, { ok: true, output: text });
    if (said !== null) text = `${text.replace(/\n+$/, '')}\n\n${said}`;
  }
  record.answer(outcome.ok, text, undefined, outcome.ok ? outcome.images : undefined);
}

/** Whether the model the session talks to now sees images (the one a Read of an image would be shown to). */
function sessionSees(c: CallContext): boolean {
  const model = c.deps.model();
  if (!model.ok) return false;
  const now = c.deps.store.sessions.get(c.session.id) ?? c.session;
  return seesImages(sessionProvider(now, model.value.providers, model.value.provider));
}
