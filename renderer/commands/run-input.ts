import { isTerminal } from '../../shared';
import type { PanelStore } from '../store/panel-store';
import { displayStatus, headPrompt, openConflictsOf, pendingApprovalsOf, sessionPrompts, sessionTitle, statusLabel } from '../store/status';
import type { PromptView, SessionView } from '../store/types';
import { COMMANDS, findCommand } from './catalog';
import { parseInput } from './parse-input';
import { resolveRef } from './resolve-ref';

/** At most this many open sessions: /new and /submit refuse more until one is closed. */
export const MAX_SESSIONS = 8;

/**
 * Runs one line from the prompt box: plain text goes to the focused session (or starts one), `y`/`n` answer its
 * pending approval, `/commands` run the commands listed in catalog.ts. Replies go to the panel's log.
 */
export async function runInput(store: PanelStore, raw: string): Promise<void> {
  const { domain, ui, actions } = store.getState();
  const focused = ui.focusedSessionId ? domain.sessions[ui.focusedSessionId] : undefined;
  const focusedApprovals = focused ? pendingApprovalsOf(domain, focused.id) : [];
  const parsed = parseInput(raw, focusedApprovals.length > 0);
  const say = (text: string) => actions.log('info', text);
  const fail = (text: string) => actions.log('error', text);

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
      if (!head) fail('no prompt in the focused session');
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
  const newSession = async (text: string, focus: boolean) => {
    if (openSessions().length >= MAX_SESSIONS) {
      fail(`session slots are full (max ${MAX_SESSIONS}). Use /close before continuing.`);
      return;
    }
    const workspace = focused?.workspace ?? ui.lastWorkspace;
    if (!workspace) {
      actions.openNewSession(true, text || null);
      return;
    }
    const r = await actions.createSession({ workspace, ...(text ? { prompt: text } : {}) }, { focus });
    if (r.ok) say(`submitted session: ${r.value.ref} (${focus ? 'foreground' : 'background'})`);
  };

  switch (parsed.kind) {
    case 'empty':
      return;
    case 'answer': {
      const approval = focusedApprovals[0]!;
      const r = await actions.answerApproval(approval.id, parsed.yes ? { kind: 'allow_once' } : { kind: 'deny' });
      if (r.ok) say(`${parsed.yes ? 'approved' : 'denied'} ${approval.ref}`);
      return;
    }
    case 'text':
      if (focused) {
        await actions.sendPrompt(focused.id, parsed.text);
      } else {
        await newSession(parsed.text, true);
      }
      return;
    case 'command':
      break;
  }

  const { name, args, rest } = parsed;
  const spec = findCommand(name);
  if (!spec) {
    fail(`unknown command: /${name} (try /help)`);
    return;
  }
  switch (spec.name) {
    case 'new':
      return newSession(rest, true);
    case 'submit':
      return newSession(rest, false);
    case 'prompt':
      if (!focused) return fail('no foreground session. Use /new <text> to create one.');
      if (!rest) return fail('usage: /prompt <text>');
      await actions.sendPrompt(focused.id, rest);
      return;
    case 'list': {
      const rows = openSessions();
      if (rows.length === 0) return say('no sessions');
      for (const s of rows) {
        const first = sessionPrompts(domain, s)[0]?.text ?? '';
        say(`${s.ref} [${statusLabel[displayStatus(domain, s)]}] ${sessionTitle(s)} — ${first.slice(0, 72)}`);
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
        if (r.ok) say(`resumed ${paused.ref}`);
        return;
      }
      if (!args[0]) return fail('nothing paused or interrupted in the focused session; usage: /resume <prompt|session>');
      const s = session(args[0]);
      if (!s) return;
      actions.focus(s.id);
      return say(`switched to foreground session: ${s.ref}`);
    }
    case 'switch': {
      if (!args[0]) return fail(`usage: /${spec.name} <session>`);
      const s = session(args[0]);
      if (!s) return;
      if (s.id === focused?.id) return say(`already in current session ${s.ref}.`);
      actions.focus(s.id);
      return say(`switched to foreground session: ${s.ref}`);
    }
    case 'close': {
      const targets = args.length ? args.flatMap((a) => a.split('/')).filter(Boolean) : [];
      if (targets.length === 0 && !focused) return fail('usage: /close <session>');
      const sessions = targets.length ? targets.map((t) => session(t)) : [focused];
      const closed: string[] = [];
      for (const s of sessions) {
        if (!s) continue;
        const r = await actions.closeSession(s.id);
        if (r.ok) closed.push(s.ref);
      }
      if (closed.length) say(`closed session${closed.length > 1 ? 's' : ''} ${closed.join(', ')} and released slot${closed.length > 1 ? 's' : ''}.`);
      return;
    }
    case 'approvals':
      actions.openOverlay('inbox');
      return;
    case 'approve':
    case 'deny': {
      const pending = pendingApprovalsOf(domain);
      const target = args[0] ? resolveRef(pending, args[0], 'approval') : focusedApprovals[0] ? { ok: true as const, item: focusedApprovals[0] } : { ok: false as const, message: 'no pending approval' };
      if (!target.ok) return fail(target.message);
      const a = target.item;
      if (spec.name === 'deny') {
        const message = args.slice(1).join(' ');
        const r = await actions.answerApproval(a.id, message ? { kind: 'deny', message } : { kind: 'deny' });
        if (r.ok) say(`denied ${a.ref}`);
        return;
      }
      const scope = (args[1] ?? 'session').toLowerCase();
      const answer = scope === 'always' ? { kind: 'allow_always' as const } : scope === 'once' ? { kind: 'allow_once' as const } : { kind: 'allow_session' as const };
      const r = await actions.answerApproval(a.id, answer);
      if (r.ok) say(`approved ${a.ref} (${scope === 'always' ? 'persisted' : scope === 'once' ? 'once' : 'session'})`);
      return;
    }
    case 'journal': {
      const s = args[0] ? session(args[0]) : undefined;
      if (args[0] && !s) return;
      const { api } = store.getState();
      const r = await api['journal.list'](s ? { session: s.id } : {});
      if (!r.ok) return fail(`journal: ${r.error.message}`);
      if (r.value.length === 0) return say('no recorded writes');
      for (const e of r.value.slice(-30)) {
        const change = e.beforeSha === null ? 'created' : e.afterSha === null ? 'deleted' : 'changed';
        say(`${e.sessionRef} ${e.tool} ${change} ${e.path}${e.undoneAt ? ' (undone)' : ''}`);
      }
      return;
    }
    case 'undo': {
      if (!args[0]) return fail('usage: /undo <session> [dry]');
      const s = session(args[0]);
      if (!s) return;
      const dryRun = args[1] === 'dry';
      const { api } = store.getState();
      const r = await api['journal.undo']({ session: s.id, dryRun });
      if (!r.ok) return fail(`undo: ${r.error.message}`);
      const verb = dryRun ? 'would ' : '';
      for (const p of r.value.restored) say(`${verb}restore ${p}`);
      for (const p of r.value.deleted) say(`${verb}delete ${p}`);
      for (const x of r.value.refused) fail(`left alone ${x.path}: ${x.reason}`);
      if (r.value.restored.length + r.value.deleted.length + r.value.refused.length === 0) say(`nothing to undo in ${s.ref}`);
      return;
    }
    case 'diff': {
      const s = args[0] ? session(args[0]) : focused;
      if (!s) return args[0] ? undefined : fail('usage: /diff <session>');
      const r = await store.getState().api['worktree.diff']({ session: s.id });
      if (!r.ok) return fail(`diff: ${r.error.message}`);
      say(`${r.value.branch} vs ${r.value.baseRef ?? r.value.base.slice(0, 8)}: ${r.value.files.length} file(s)${r.value.uncommitted ? ', with uncommitted changes' : ''}`);
      for (const f of r.value.files) say(`  ${f.change} ${f.path}`);
      return;
    }
    case 'merge': {
      if (!args[0]) return fail('usage: /merge <session> [preview]');
      const s = session(args[0]);
      if (!s) return;
      const preview = args[1] === 'preview';
      const r = await store.getState().api['worktree.merge']({ session: s.id, preview });
      if (!r.ok) return fail(`merge: ${r.error.message}`);
      const m = r.value;
      if (m.upToDate) return say(`${m.baseRef} already has everything from ${m.branch}`);
      if (!m.clean) return fail(`${m.branch} would conflict with ${m.baseRef} in: ${m.conflicts.join(', ')} (nothing was changed)`);
      return say(preview ? `${m.branch} merges cleanly into ${m.baseRef}` : `merged ${m.branch} into ${m.baseRef}`);
    }
    case 'pause': {
      const p = prompt(args[0]);
      if (!p) return;
      const r = await actions.pausePrompt(p.id);
      if (r.ok) say(`pause requested: ${p.ref} stops before its next step`);
      return;
    }
    case 'cancel': {
      const p = prompt(args[0]);
      if (!p) return;
      if (isTerminal(p.status)) return fail(`prompt ${p.ref} has already ${p.status === 'completed' ? 'completed' : 'ended'}`);
      const r = await actions.cancelPrompt(p.id);
      if (r.ok) say(args[0] ? 'cancel signal sent' : `cancel signal sent: ${p.ref}`);
      return;
    }
    case 'retry': {
      const p = prompt(args[0]);
      if (!p) return;
      const r = await actions.retryPrompt(p.id);
      if (r.ok) say(`retrying ${p.ref}`);
      return;
    }
    case 'override': {
      const s = session(args[0]);
      if (!s) return fail('no session to override');
      const conflict = openConflictsOf(domain, s.id)[0];
      if (!conflict?.promptId) return say('no pending conflict in current foreground session, /override not needed.');
      const r = await actions.resolveConflict(conflict.promptId, 'override');
      if (r.ok) say(`session ${s.ref} is allowed to continue (output may be overwritten).`);
      return;
    }
    case 'compact':
      if (!focused) return fail('no session is focused; /compact works on the focused session');
      await actions.compactSession(focused.id, rest);
      return;
    case 'context': {
      const s = session(args[0]);
      if (!s) return args[0] ? undefined : fail('no session is focused; usage: /context [session]');
      // The view reads the focused session, so naming another one brings it to the front first.
      if (s.id !== focused?.id) actions.focus(s.id);
      actions.openOverlay('context');
      return;
    }
    case 'permissions':
      actions.openOverlay('permissions');
      return;
    case 'mcp':
      actions.openOverlay('mcp');
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
      for (const c of COMMANDS) say(`${c.usage} — ${c.help}`);
      say('y / n — answer the focused session\'s pending approval · Alt+↑/↓ switch sessions · Enter send · Shift+Enter new line');
      return;
  }
}
