import { missingCase } from '../../shared';
import type { PolicyDecision } from '../../shared';
import { tr, type T } from '../i18n';

/** "auto-approved by `Bash(git log *)` from project settings", in the panel's language. */
export function decisionText(d: PolicyDecision, t: T = tr): string {
  const source = t(`policy.source.${d.source}`);
  const by = d.rule ? t('policy.byRule', { rule: d.rule, source }) : t('policy.bySource', { source });
  switch (d.decision) {
    case 'auto_approved':
    case 'needs_approval':
    case 'blocked':
      return t(`policy.${d.decision}`, { by });
    default:
      return missingCase(d.decision);
  }
}
