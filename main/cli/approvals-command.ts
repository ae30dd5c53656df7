import { parseArgs } from 'node:util';
import type { ApprovalSummary } from '../../shared/models';
import type { ApprovalAnswer } from '../../shared/policy';
import type { Translator } from '../../shared/i18n';
import { ageText, answerText, callText, noEngineText, oneLine, pendingLine, resolutionText, storedAnswer } from './approval-text';
import { cliText, type CliText, engineError, parseArgsMessage } from './cli-text';
import { openEngineLink, type EngineLink } from './engine-link';
import { EXIT_FAILED, EXIT_OK, EXIT_USAGE, type CliIo } from './io';
import { ANSWER_USAGE, APPROVALS_USAGE, usage } from './usage';

/** The engine options used when no engine runs and the command reads the folder itself: it starts nothing. */
const QUIET_ENGINE = { recover: false, approvals: 'never' } as const;

/** Session labels by session id: the name where there is one, else the ref; a child's is `parent › child`. */
async function sessionLabels(link: EngineLink): Promise<Map<string, string>> {
  const all = await link.handlers['session.list']({ includeClosed: true });
  const list = all.ok ? all.value : [];
  const byRef = new Map(list.map((s) => [s.ref, s.name ?? s.ref]));
  return new Map(list.map((s) => [s.id, s.parent ? `${byRef.get(s.parent) ?? s.parent} › ${s.name ?? s.ref}` : (s.name ?? s.ref)]));
}

/** `paragents approvals [--json]`: the approvals waiting on a person, across sessions, oldest first. */
export async function runApprovalsCommand(argv: string[], io: CliIo): Promise<number> {
  const text = cliText(io);
  const { t } = text;
  let json: boolean;
  try {
    json = parseArgs({ args: argv, options: { json: { type: 'boolean', default: false } }, strict: true }).values.json ?? false;
  } catch (e) {
    io.stderr(`paragents approvals: ${parseArgsMessage(text, e)}\n${usage(t, APPROVALS_USAGE)}`);
    return EXIT_USAGE;
  }
  const opened = await openEngineLink(io, { purpose: 'read', engine: QUIET_ENGINE });
  if (!opened.ok) {
    io.stderr(`paragents approvals: ${engineError(io, opened.error)}`);
    return EXIT_USAGE;
  }
  const link = opened.value;
  try {
    const listed = await link.handlers['approval.list']({});
    if (!listed.ok) {
      io.stderr(`paragents approvals: ${engineError(io, listed.error)}`);
      return EXIT_FAILED;
    }
    const pending = listed.value.filter((a) => a.status === 'pending');
    const labels = await sessionLabels(link);
    const now = Date.now();
    if (json) {
      for (const a of pending) io.stdout(JSON.stringify(approvalJson(a, labels.get(a.sessionId) ?? a.sessionRef, now)));
      return EXIT_OK;
    }
    if (pending.length === 0) {
      io.stdout(t('cliInbox.none'));
      return EXIT_OK;
    }
    for (const a of pending) io.stdout(pendingLine(text, a, labels.get(a.sessionId) ?? a.sessionRef, now));
    io.stdout(t('cliInbox.answerHint', { usage: ANSWER_USAGE }));
    // With no engine, nothing waits on these: their turns were interrupted when the process running them stopped.
    if (!link.remote) io.stderr(`paragents approvals: ${t('cliInbox.resumesThere', { noEngine: noEngineText(t, io.home) })}`);
    return EXIT_OK;
  } finally {
    await link.close();
  }
}

function approvalJson(a: ApprovalSummary, session: string, now: number) {
  return {
    ref: a.ref,
    id: a.id,
    session,
    sessionRef: a.sessionRef,
    prompt: a.promptRef,
    tool: a.tool,
    call: callText(a.tool, a.input),
    input: a.input,
    reason: a.decision.reason,
    rule: a.decision.rule,
    source: a.decision.source,
    alwaysRule: a.alwaysRule,
    createdAt: a.createdAt,
    age: ageText(a.createdAt, now),
  };
}

/** `paragents approve REF [--session|--children|--always]`: allows one pending call (once by default; `--children`: for every child of its parent). */
export function runApproveCommand(argv: string[], io: CliIo): Promise<number> {
  return answerCommand('approve', argv, io);
}

/** `paragents deny REF [--message M]`: refuses one pending call; the message goes to the model. */
export function runDenyCommand(argv: string[], io: CliIo): Promise<number> {
  return answerCommand('deny', argv, io);
}

type Verb = 'approve' | 'deny';

function parseAnswer(text: CliText, verb: Verb, argv: string[]): { ref: string; answer: ApprovalAnswer } | string {
  const { t } = text;
  let parsed;
  try {
    parsed = parseArgs({
      args: argv,
      allowPositionals: true,
      strict: true,
      options: { session: { type: 'boolean' }, always: { type: 'boolean' }, children: { type: 'boolean' }, message: { type: 'string' } },
    });
  } catch (e) {
    return parseArgsMessage(text, e);
  }
  const { values, positionals } = parsed;
  if (positionals.length !== 1) return t('cliInbox.nameOne', { got: positionals.length === 0 ? t('cliInbox.gotNone') : positionals.length });
  const ref = positionals[0] as string;
  if (verb === 'deny') {
    if (values.session || values.always || values.children) return t('cliInbox.denyFlags');
    return { ref, answer: values.message !== undefined ? { kind: 'deny', message: values.message } : { kind: 'deny' } };
  }
  if (values.message !== undefined) return t('cliInbox.messageFlag');
  if ([values.session, values.always, values.children].filter(Boolean).length > 1) return t('cliInbox.bothFlags');
  return {
    ref,
    answer: values.always ? { kind: 'allow_always' } : values.session ? { kind: 'allow_session' } : values.children ? { kind: 'allow_children' } : { kind: 'allow_once' },
  };
}

/**
 * The approval `query` names, as the engine resolves it: an exact id or ref, else a unique prefix of either.
 * Resolved here so that a ref the engine does not know, one answered elsewhere and one still pending each get
 * their own sentence and exit code.
 */
function findApproval(all: readonly ApprovalSummary[], query: string): ApprovalSummary | ApprovalSummary[] | null {
  const q = query.trim().toLowerCase();
  const exact = all.find((a) => a.id === query || a.ref === q);
  if (exact) return exact;
  for (const key of ['id', 'ref'] as const) {
    const hits = all.filter((a) => a[key].toLowerCase().startsWith(q));
    if (hits.length === 1) return hits[0] as ApprovalSummary;
    if (hits.length > 1) return hits;
  }
  return null;
}

async function resolvedSentence(t: Translator, link: EngineLink, a: ApprovalSummary): Promise<string> {
  const events = await link.handlers['session.events']({ session: a.sessionId });
  return resolutionText(t, a, events.ok ? storedAnswer(events.value, a.id) : null, Date.now());
}

async function answerCommand(verb: Verb, argv: string[], io: CliIo): Promise<number> {
  const text = cliText(io);
  const { t } = text;
  const args = parseAnswer(text, verb, argv);
  if (typeof args === 'string') {
    io.stderr(`paragents ${verb}: ${args}\n${usage(t, ANSWER_USAGE)}`);
    return EXIT_USAGE;
  }
  // Read first: without a running engine nothing waits on the approval, and answering it in this process would
  // resume its turn here only to cancel it when the command exits.
  const opened = await openEngineLink(io, { purpose: 'read', engine: QUIET_ENGINE });
  if (!opened.ok) {
    io.stderr(`paragents ${verb}: ${engineError(io, opened.error)}`);
    return EXIT_USAGE;
  }
  const link = opened.value;
  try {
    const listed = await link.handlers['approval.list']({});
    if (!listed.ok) {
      io.stderr(`paragents ${verb}: ${engineError(io, listed.error)}`);
      return EXIT_FAILED;
    }
    const found = findApproval(listed.value, args.ref);
    if (found === null) {
      io.stderr(`paragents ${verb}: ${t('cliInbox.notFound', { ref: args.ref })}`);
      return EXIT_USAGE;
    }
    if (Array.isArray(found)) {
      io.stderr(`paragents ${verb}: ${t('cliInbox.ambiguous', { ref: args.ref, count: found.length, refs: found.slice(0, 8).map((a) => a.ref).join(', ') })}`);
      return EXIT_USAGE;
    }
    if (found.status !== 'pending') {
      io.stderr(`paragents ${verb}: ${await resolvedSentence(t, link, found)}`);
      return EXIT_FAILED;
    }
    if (args.answer.kind === 'allow_always' && found.alwaysRule === null) {
      io.stderr(`paragents ${verb}: ${t('cliInbox.alwaysNotOffered', { ref: found.ref })}`);
      return EXIT_USAGE;
    }
    if (!link.remote) {
      io.stderr(`paragents ${verb}: ${t('cliInbox.interruptedTurn', { noEngine: noEngineText(t, io.home), ref: found.ref })}`);
      return EXIT_FAILED;
    }
    const answered = await link.handlers['approval.answer']({ approval: found.id, answer: args.answer });
    if (!answered.ok) {
      // Answered from the panel, the tray or another terminal between our look and our answer.
      const again = await link.handlers['approval.list']({});
      const now = again.ok ? again.value.find((a) => a.id === found.id) : undefined;
      io.stderr(`paragents ${verb}: ${now && now.status !== 'pending' ? await resolvedSentence(t, link, now) : engineError(io, answered.error)}`);
      return EXIT_FAILED;
    }
    const labels = await sessionLabels(link);
    const rule = args.answer.kind === 'allow_always' && found.alwaysRule ? t('cliInbox.ruleSaved', { rule: found.alwaysRule }) : '';
    const what =
      args.answer.kind === 'deny'
        ? t(args.answer.message ? 'cliInbox.deniedToModel' : 'cliInbox.answer.deny')
        : `${answerText(t, args.answer)}${rule}`;
    io.stdout(t('cliInbox.answered', { ref: found.ref, what, call: callText(found.tool, found.input), session: oneLine(labels.get(found.sessionId) ?? found.sessionRef, 40) }));
    return EXIT_OK;
  } finally {
    await link.close();
  }
}
