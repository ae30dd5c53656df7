import { english, msg, type Msg } from '../../../shared/i18n/message';
import type { PolicyVerdict } from './index';
import type { CheckableCall } from './prepare';
import { matchBashTokens } from './rules/match-bash';
import type { ExcludedCommand } from './settings/sandbox-block';
import type { SandboxSettings } from './settings/sandbox-settings';

/** Whether the OS sandbox can run here, as the engine found it at start (sandbox/availability.ts). */
export type SandboxReadiness = { available: true } | { available: false; reason: Msg };

/** How a Bash call will run: confined, or under the normal flow and why. */
export type SandboxPlacement =
  | { sandboxed: true }
  | { sandboxed: false; why: 'not_bash' | 'off' | 'unavailable' | 'excluded' | 'asked_out' };

const asksOut = (call: CheckableCall): boolean =>
  typeof call.input === 'object' && call.input !== null && (call.input as { dangerouslyDisableSandbox?: unknown }).dangerouslyDisableSandbox === true;

/** The first excluded command that any simple command of the call matches (seen through wrappers, as rules see it). */
function excludedBy(call: CheckableCall, excluded: readonly ExcludedCommand[]): ExcludedCommand | null {
  const parts = call.shell?.plan.parts ?? [];
  for (const e of excluded) if (parts.some((p) => p.variants.some((v) => matchBashTokens(e.tokens, v)))) return e;
  return null;
}

/** Where a call of this workspace runs, given the sandbox settings and whether the sandbox can start. */
export function placeCall(call: CheckableCall, settings: SandboxSettings, readiness: () => SandboxReadiness): SandboxPlacement {
  if (call.name !== 'Bash') return { sandboxed: false, why: 'not_bash' };
  if (!settings.enabled.value) return { sandboxed: false, why: 'off' };
  if (!readiness().available) return { sandboxed: false, why: 'unavailable' };
  if (asksOut(call)) return { sandboxed: false, why: 'asked_out' };
  if (excludedBy(call, settings.excludedCommands)) return { sandboxed: false, why: 'excluded' };
  return { sandboxed: true };
}

/**
 * Why a Bash call takes the normal flow though its settings turn the sandbox on: the sandbox cannot run here and
 * failIfUnavailable does not make that a refusal. Null for every other call.
 */
export function unavailableReason(call: CheckableCall, settings: SandboxSettings, readiness: () => SandboxReadiness): Msg | null {
  const place = placeCall(call, settings, readiness);
  if (place.sandboxed || place.why !== 'unavailable' || settings.failIfUnavailable.value) return null;
  const ready = readiness();
  return ready.available ? null : ready.reason;
}

const because = (m: Msg): { reason: string; reasonMsg: Msg } => ({ reason: english(m), reasonMsg: m });

/**
 * The policy's verdict for a call, adjusted for the sandbox. A sandboxed command that asks only because of the
 * mode runs without a card (the OS holds it to the session's folders); deny rules, ask rules, the critical
 * commands and hidden code keep their answer. A command asked out of the sandbox always takes the normal flow and
 * its card says so; when the settings forbid that, or the sandbox must run and cannot, the call is refused.
 */
export function sandboxVerdict(
  call: CheckableCall,
  verdict: PolicyVerdict,
  settings: SandboxSettings,
  readiness: () => SandboxReadiness,
): PolicyVerdict & { sandboxed: boolean } {
  const place = placeCall(call, settings, readiness);
  if (place.sandboxed) {
    if (verdict.decision === 'needs_approval' && verdict.onlyModeAsks === true && settings.autoAllowBashIfSandboxed.value) {
      return { ...verdict, decision: 'auto_approved', rule: null, source: 'sandbox', ...because(msg('sandbox.decision.autoAllowed')), alwaysRule: null, alwaysRules: [], sandboxed: true };
    }
    return { ...verdict, sandboxed: true };
  }
  switch (place.why) {
    case 'not_bash':
    case 'off':
    case 'excluded':
      return { ...verdict, sandboxed: false };
    case 'unavailable': {
      const ready = readiness();
      if (!ready.available && settings.failIfUnavailable.value) {
        const m = msg('sandbox.decision.mustRun', { reason: ready.reason });
        const source = settings.failIfUnavailable.source === 'default' ? 'builtin' : settings.failIfUnavailable.source;
        return { ...verdict, decision: 'blocked', rule: null, source, ...because(m), alwaysRule: null, alwaysRules: [], sandboxed: false };
      }
      return { ...verdict, sandboxed: false };
    }
    case 'asked_out': {
      if (!settings.allowUnsandboxedCommands.value) {
        const source = settings.allowUnsandboxedCommands.source === 'default' ? 'builtin' : settings.allowUnsandboxedCommands.source;
        return { ...verdict, decision: 'blocked', rule: null, source, ...because(msg('sandbox.decision.outsideRefused')), alwaysRule: null, alwaysRules: [], sandboxed: false };
      }
      if (verdict.decision === 'blocked') return { ...verdict, sandboxed: false };
      // Never allowed without a person because it looks harmless: outside the sandbox nothing holds it to the
      // workspace. Only a mode that allows everything (bypass) still allows it.
      if (verdict.decision === 'auto_approved' && verdict.source === 'mode') return { ...verdict, sandboxed: false };
      const m = msg('sandbox.decision.outside', { reason: verdict.reasonMsg ?? verdict.reason });
      return { ...verdict, decision: 'needs_approval', ...because(m), sandboxed: false };
    }
  }
}
