import type { ImageUpload } from '../../shared/images';
import { isTerminal } from '../../shared';
import type { PanelStore } from '../store/panel-store';
import { msg, type Msg } from '../../shared/i18n/message';
import { displayStatus, headPrompt, openConflictsOf, pendingApprovalsOf, sessionPrompts, sessionTitle } from '../store/status';
import type { PromptView, SessionView } from '../store/types';
import { COMMANDS, findCommand } from './catalog';
import { commandHelpMsg } from './help-text';
import { parseInput } from './parse-input';
import { resolveRef } from './resolve-ref';

/** At most this many open sessions: /new and /submit refuse more until one is closed. */
export const MAX_SESSIONS = 8;

/**
 * Runs one line from the prompt box: plain text goes to the focused session (or starts one), `y`/`n` answer its
 * pending approval, `/commands` run the commands listed in catalog.ts. Replies go to the panel's log.
 */
export async function runInput(store: PanelStore, raw: string, images: ImageUpload[] = []): Promise<boolean | void> {
  const { domain, ui, actions } = store.getState();
  const focused = ui.focusedSessionId ? domain.sessions[ui.focusedSessionId] : undefined;
  const focusedApprovals = focused ? pendingApprovalsOf(domain, focused.id) : [];
  const parsed = parseInput(raw, focusedApprovals.length > 0);
  // Replies are data: the log renders them in the panel's language when it paints, so a switch re-renders them.
  const say = (said: Msg | string) => actions.log('info', said);
  const fail = (said: Msg | string) => actions.log('error', said);

  const openSessions = () => domain.sessionOrder.map((id) => domain.sessions[id]!).filter((s) => s && !s.closed);
  const session = (query: string | undefined): SessionView | undefined => {
    if (!query) return focused;
    const r = resolveRef(openSessions(), query, 'session');
    if (!r.ok) fail(r.message);
    return r.ok ? r.item : undefined;
  };
  const prompt = (query: string | undefined): PromptView | undefined => {
    if (!query) {
      const head = focused ? headPrompt(sessionPrompts(domain, focused)) ?? lastPrompt(focused) : undefined;
      if (!head) fail(msg('commands.out.noPromptFocused'));
      return head;
    }
    const r = resolveRef(Object.values(domain.prompts), query, 'prompt');
    if (!r.ok) fail(r.message);
    return r.ok ? r.item : undefined;
  };
  const lastPrompt = (s: SessionView) => {
    const ps = sessionPrompts(domain, s);
    return ps[ps.length - 1];
  };
  const newSession = async (text: string, focus: boolean, withImages: ImageUpload[] = []): Promise<boolean> => {
    if (openSessions().length >= MAX_SESSIONS) {
      fail(msg('commands.out.slotsFull', { max: MAX_SESSIONS }));
      return false;
    }
    const workspace = focused?.workspace ?? ui.lastWorkspace;
    if (!workspace) {
      actions.openNewSession(true, text || null);
      return withImages.length === 0;
    }
    const r = await actions.createSession({ workspace, ...(text ? { prompt: text } : {}), ...(withImages.length ? { images: withImages } : {}) }, { focus });
    if (r.ok) say(msg('commands.out.submitted', { ref: r.value.ref, where: msg(focus ? 'commands.out.foreground' : 'commands.out.background') }));
    return r.ok;
  };

  // Images go with a prompt only: a line that is an answer or a command leaves them in the box.
  if (images.length > 0 && parsed.kind !== 'text') {
    fail(msg('craft.images.onlyWithPrompt'));
    return false;
  }
  switch (parsed.kind) {
    case 'empty':
      return true;
    case 'answer': {
      const approval = focusedApprovals[0]!;
      const r = await actions.answerApproval(approval.id, parsed.yes ? { kind: 'allow_once' } : { kind: 'deny' });
      if (r.ok) say(msg(parsed.yes ? 'commands.out.approved' : 'commands.out.denied', { ref: approval.ref }));
      return true;
    }
    case 'text':
      if (focused) return (await actions.sendPrompt(focused.id, parsed.text, images)).ok;
      return newSession(parsed.text, true, images);
    case 'command':
      break;
  }

  const { name, args, rest } = parsed;
  const spec = findCommand(name);
  if (!spec) {
    fail(msg('commands.out.unknown', { name }));
    return;
  }
  switch (spec.name) {
    case 'new':
      return newSession(rest, true);
    case 'submit':
      return newSession(rest, false);
    case 'prompt':
      if (!focused) return fail(msg('commands.out.noForeground'));
      if (!rest) return fail(msg('commands.out.usage', { usage: '/prompt <text>' }));
      await actions.sendPrompt(focused.id, rest);
      return;
    case 'list': {
      const rows = openSessions();
      if (rows.length === 0) return say(msg('commands.out.noSessions'));
      for (const s of rows) {
        const first = sessionPrompts(domain, s)[0]?.text ?? '';
        say(msg('commands.out.listRow', { ref: s.ref, status: msg(`status.${displayStatus(domain, s)}`), title: sessionTitle(s), first: first.slice(0, 72) }));
      }
      return;
    }
    case 'resume': {
      // `/resume` goes on with a paused or interrupted prompt (the focused session's, or the one named); naming
      // a session that has none brings it to the front instead.
      const resumable = (p: PromptView | undefined) => p?.status === 'paused' || p?.status === 'interrupted';
      const target = args[0] ? resolveRef(Object.values(domain.prompts), args[0], 'prompt') : null;
      const paused = target?.ok
        ? target.item
        : (() => {
            const s = args[0] ? session(args[0]) : focused;
            return s ? sessionPrompts(domain, s).find(resumable) : undefined;
          })();
      if (paused && resumable(paused)) {
        const r = await actions.resumePrompt(paused.id);
        if (r.ok) say(msg('commands.out.resumed', { ref: paused.ref }));
        return;
      }
      if (!args[0]) return fail(msg('commands.out.nothingToResume'));
      const s = session(args[0]);
      if (!s) return;
      actions.focus(s.id);
      return say(msg('commands.out.switched', { ref: s.ref }));
    }
    case 'switch': {
      if (!args[0]) return fail(msg('commands.out.usage', { usage: `/${spec.name} <session>` }));
      const s = session(args[0]);
      if (!s) return;
      if (s.id === focused?.id) return say(msg('commands.out.alreadyCurrent', { ref: s.ref }));
      actions.focus(s.id);
      return say(msg('commands.out.switched', { ref: s.ref }));
    }
    case 'close': {
      const targets = args.length ? args.flatMap((a) => a.split('/')).filter(Boolean) : [];
      if (targets.length === 0 && !focused) return fail(msg('commands.out.usage', { usage: '/close <session>' }));
      const sessions = targets.length ? targets.map((t) => session(t)) : [focused];
      const closed: string[] = [];
      for (const s of sessions) {
        if (!s) continue;
        const r = await actions.closeSession(s.id);
        if (r.ok) closed.push(s.ref);
      }
      if (closed.length) say(msg('commands.out.closed', { count: closed.length, refs: closed.join(', ') }));
      return;
    }
    case 'approvals':
      actions.openOverlay('inbox');
      return;
    case 'approve':
    case 'deny': {
      const pending = pendingApprovalsOf(domain);
      const target = args[0] ? resolveRef(pending, args[0], 'approval') : focusedApprovals[0] ? { ok: true as const, item: focusedApprovals[0] } : { ok: false as const, message: msg('commands.out.noPendingApproval') };
      if (!target.ok) return fail(target.message);
      const a = target.item;
      if (spec.name === 'deny') {
        const message = args.slice(1).join(' ');
        const r = await actions.answerApproval(a.id, message ? { kind: 'deny', message } : { kind: 'deny' });
        if (r.ok) say(msg('commands.out.denied', { ref: a.ref }));
        return;
      }
      const scope = (args[1] ?? 'session').toLowerCase();
      const answer = scope === 'always' ? { kind: 'allow_always' as const } : scope === 'once' ? { kind: 'allow_once' as const } : { kind: 'allow_session' as const };
      const r = await actions.answerApproval(a.id, answer);
      if (r.ok) say(msg('commands.out.approvedScope', { ref: a.ref, scope: msg(scope === 'always' ? 'commands.out.scope.always' : scope === 'once' ? 'commands.out.scope.once' : 'commands.out.scope.session') }));
      return;
    }
    case 'journal': {
      const s = args[0] ? session(args[0]) : undefined;
      if (args[0] && !s) return;
      const { api } = store.getState();
      const r = await api['journal.list'](s ? { session: s.id } : {});
      if (!r.ok) return fail(msg('commands.out.failed', { what: 'journal', error: r.error.msg ?? r.error.message }));
      if (r.value.length === 0) return say(msg('commands.out.noWrites'));
      for (const e of r.value.slice(-30)) {
        const change = e.beforeSha === null ? 'created' : e.afterSha === null ? 'deleted' : 'changed';
        say(
          msg('commands.out.journalRow', {
            session: e.sessionRef,
            tool: e.tool,
            change: msg(`commands.out.change.${change}`),
            path: e.path,
            undone: e.undoneAt ? msg('commands.out.undone') : '',
          }),
        );
      }
      return;
    }
    case 'undo': {
      if (!args[0]) return fail(msg('commands.out.usage', { usage: '/undo <session> [dry]' }));
      const s = session(args[0]);
      if (!s) return;
      const dryRun = args[1] === 'dry';
      const { api } = store.getState();
      const r = await api['journal.undo']({ session: s.id, dryRun });
      if (!r.ok) return fail(msg('commands.out.failed', { what: 'undo', error: r.error.msg ?? r.error.message }));
      for (const p of r.value.restored) say(msg(dryRun ? 'commands.out.wouldRestore' : 'commands.out.restore', { path: p }));
      for (const p of r.value.deleted) say(msg(dryRun ? 'commands.out.wouldDelete' : 'commands.out.delete', { path: p }));
      for (const x of r.value.refused) fail(msg('commands.out.leftAlone', { path: x.path, reason: x.reasonMsg ?? x.reason }));
      if (r.value.restored.length + r.value.deleted.length + r.value.refused.length === 0) say(msg('commands.out.nothingToUndo', { ref: s.ref }));
      return;
    }
    case 'diff': {
      const s = args[0] ? session(args[0]) : focused;
      if (!s) return args[0] ? undefined : fail(msg('commands.out.usage', { usage: '/diff <session>' }));
      const r = await store.getState().api['worktree.diff']({ session: s.id });
      if (!r.ok) return fail(msg('commands.out.failed', { what: 'diff', error: r.error.msg ?? r.error.message }));
      say(
        msg('commands.out.diffHead', {
          branch: r.value.branch,
          base: r.value.baseRef ?? r.value.base.slice(0, 8),
          count: r.value.files.length,
          uncommitted: r.value.uncommitted ? msg('commands.out.uncommitted') : '',
        }),
      );
      for (const f of r.value.files) say(`  ${f.change} ${f.path}`);
      return;
    }
    case 'merge': {
      if (!args[0]) return fail(msg('commands.out.usage', { usage: '/merge <session> [preview]' }));
      const s = session(args[0]);
      if (!s) return;
      const preview = args[1] === 'preview';
      const r = await store.getState().api['worktree.merge']({ session: s.id, preview });
      if (!r.ok) return fail(msg('commands.out.failed', { what: 'merge', error: r.error.msg ?? r.error.message }));
      const m = r.value;
      if (m.upToDate) return say(msg('commands.out.upToDate', { base: m.baseRef, branch: m.branch }));
      if (!m.clean) return fail(msg('commands.out.wouldConflict', { branch: m.branch, base: m.baseRef, files: m.conflicts.join(', ') }));
      return say(msg(preview ? 'commands.out.mergesCleanly' : 'commands.out.merged', { branch: m.branch, base: m.baseRef }));
    }
    case 'pause': {
      const p = prompt(args[0]);
      if (!p) return;
      const r = await actions.pausePrompt(p.id);
      if (r.ok) say(msg('commands.out.pauseRequested', { ref: p.ref }));
      return;
    }
    case 'cancel': {
      const p = prompt(args[0]);
      if (!p) return;
      if (isTerminal(p.status)) return fail(msg(p.status === 'completed' ? 'commands.out.alreadyCompleted' : 'commands.out.alreadyEnded', { ref: p.ref }));
      const r = await actions.cancelPrompt(p.id);
      if (r.ok) say(args[0] ? msg('commands.out.cancelSent') : msg('commands.out.cancelSentRef', { ref: p.ref }));
      return;
    }
    case 'retry': {
      const p = prompt(args[0]);
      if (!p) return;
      const r = await actions.retryPrompt(p.id);
      if (r.ok) say(msg('commands.out.retrying', { ref: p.ref }));
      return;
    }
    case 'override': {
      const s = session(args[0]);
      if (!s) return fail(msg('commands.out.noSessionToOverride'));
      const conflict = openConflictsOf(domain, s.id)[0];
      if (!conflict?.promptId) return say(msg('commands.out.noConflict'));
      const r = await actions.resolveConflict(conflict.promptId, 'override');
      if (r.ok) say(msg('commands.out.overridden', { ref: s.ref }));
      return;
    }
    case 'compact':
      if (!focused) return fail(msg('commands.out.compactNoFocus'));
      await actions.compactSession(focused.id, rest);
      return;
    case 'context': {
      const s = session(args[0]);
      if (!s) return args[0] ? undefined : fail(msg('commands.out.contextNoFocus'));
      // The view reads the focused session, so naming another one brings it to the front first.
      if (s.id !== focused?.id) actions.focus(s.id);
      actions.openOverlay('context');
      return;
    }
    case 'model': {
      if (!focused) return fail(msg('commands.out.modelNoFocus'));
      const name = args[0];
      if (!name) return say(msg('commands.out.modelNow', { ref: focused.ref, provider: focused.chosenProvider ?? msg('commands.out.defaultChoice') }));
      const provider = name === 'default' ? null : name;
      const r = await store.getState().api['session.setModel']({ session: focused.id, provider });
      if (!r.ok) return fail(r.error.msg ?? r.error.message);
      return say(msg('commands.out.modelSet', { ref: focused.ref, provider: provider ?? msg('commands.out.defaultChoice') }));
    }
    case 'effort': {
      if (!focused) return fail(msg('commands.out.modelNoFocus'));
      const level = args[0];
      const effort = level === 'default' ? null : level === 'low' || level === 'medium' || level === 'high' ? level : undefined;
      if (effort === undefined) return say(msg('commands.out.effortUsage', { effort: focused.reasoningEffort ?? msg('commands.out.defaultChoice') }));
      const r = await store.getState().api['session.setEffort']({ session: focused.id, effort });
      if (!r.ok) return fail(r.error.msg ?? r.error.message);
      return say(msg('commands.out.effortSet', { ref: focused.ref, effort: effort ?? msg('commands.out.defaultChoice') }));
    }
    case 'permissions':
      actions.openOverlay('permissions');
      return;
    case 'mcp':
      actions.openOverlay('mcp');
      return;
    case 'sandbox':
      actions.openOverlay('sandbox');
      return;
    case 'hooks':
      actions.openOverlay('hooks');
      return;
    case 'gateways':
      actions.openOverlay('gateways');
      return;
    case 'setup':
      actions.openOverlay('setup');
      return;
    case 'show-config':
      actions.openOverlay('config');
      return;
    case 'help':
      for (const c of COMMANDS) say(msg('commands.out.helpRow', { usage: c.usage, help: commandHelpMsg(c) }));
      say(msg('commands.out.helpKeys'));
      return;
  }
}
