import { missingCase } from '../../shared';
import type { PolicyDecision, PolicySource } from '../../shared';

export const sourceLabel: Record<PolicySource, string> = {
  managed: 'managed settings',
  local: 'local project settings',
  project: 'project settings',
  user: 'user settings',
  session: 'this session',
  mode: 'the permission mode',
  builtin: 'built-in defaults',
  cli: 'the command line',
};

/** "auto-approved by `Bash(git log *)` from project settings" */
export function decisionText(d: PolicyDecision): string {
  const by = d.rule ? `by \`${d.rule}\` from ${sourceLabel[d.source]}` : `by ${sourceLabel[d.source]}`;
  switch (d.decision) {
    case 'auto_approved':
      return `auto-approved ${by}`;
    case 'needs_approval':
      return `approval asked ${by}`;
    case 'blocked':
      return `blocked ${by}`;
    default:
      return missingCase(d.decision);
  }
}
