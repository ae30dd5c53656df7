import { isTerminal } from '../../shared';
import { tr } from '../i18n';
import { displayStatus, pendingApprovalsOf, sessionTitle } from '../store/status';
import type { DomainState } from '../store/types';
import { COMMANDS, findCommand } from './catalog';
import { commandHelp } from './help-text';

export interface Candidate {
  /** The whole input after choosing this candidate (filled, not run, so arguments can still be added). */
  fill: string;
  label: string;
  detail: string;
}

/** Completion candidates for what is typed so far: command names, then refs for commands that take one. */
export function completions(input: string, domain: DomainState): Candidate[] {
  // A candidate that is already typed in full is not offered, so Enter runs the command.
  return candidates(input, domain).filter((c) => c.fill.trimEnd() !== input.trimEnd());
}

function candidates(input: string, domain: DomainState): Candidate[] {
  if (!input.startsWith('/') || input.includes('\n')) return [];
  const space = input.indexOf(' ');
  if (space < 0) {
    const typed = input.slice(1).toLowerCase();
    return COMMANDS.filter((c) => c.name.startsWith(typed) && `/${c.name}` !== input).map((c) => ({
      fill: `/${c.name}${c.arg === 'none' ? '' : ' '}`,
      label: c.usage,
      detail: commandHelp(tr, c),
    }));
  }
  const spec = findCommand(input.slice(1, space).toLowerCase());
  const rest = input.slice(space + 1);
  if (!spec || rest.includes(' ')) return [];
  const typed = rest.toLowerCase();
  const head = `/${spec.name} `;
  switch (spec.arg) {
    case 'session':
      return domain.sessionOrder
        .map((id) => domain.sessions[id]!)
        .filter((s) => s && !s.closed && s.ref.startsWith(typed))
        .map((s) => ({ fill: head + s.ref, label: s.ref, detail: `${sessionTitle(s)} · ${tr(`status.${displayStatus(domain, s)}`)}` }));
    case 'prompt':
      return Object.values(domain.prompts)
        .filter((p) => !isTerminal(p.status) || spec.name === 'retry')
        .filter((p) => p.ref.startsWith(typed))
        .slice(-20)
        .map((p) => ({ fill: head + p.ref, label: p.ref, detail: `${p.status} · ${p.text.slice(0, 60)}` }));
    case 'approval':
      return pendingApprovalsOf(domain)
        .filter((a) => a.ref.startsWith(typed))
        .map((a) => ({ fill: head + a.ref, label: a.ref, detail: `${a.tool} · ${tr('approval.session', { ref: a.sessionRef })}` }));
    case 'text':
    case 'none':
      return [];
  }
}
