import type { PermissionMode, PolicyDecisionKind } from '../../../shared/policy';
import type { Result } from '../../../shared/result';
import { systemResolver, type HostResolver } from './webfetch-address';

/** What the policy says about one URL now, for one session, without asking anyone. */
export interface UrlVerdict {
  decision: PolicyDecisionKind;
  reason: string;
}

/**
 * What WebFetch needs from the engine while it runs: the resolver it connects through, and the policy's say on
 * a URL it meets mid-call (a redirect's target, an internal address a name resolved to). Made once in the
 * composition root; a call without it uses the system resolver and follows redirects only within one host.
 */
export interface WebAccess {
  resolve: HostResolver;
  verdict(url: string, call: { sessionId: string; workspace: string }): Promise<UrlVerdict>;
}

/** The part of the policy engine WebFetch asks (`PolicyEngine.check`), kept structural so tools do not import the engine. */
export type UrlCheck = (req: {
  tool: string;
  input: Record<string, unknown>;
  workspace: string;
  sessionId: string | null;
  mode?: PermissionMode;
  headless: boolean;
}) => Promise<Result<UrlVerdict>>;

export interface WebAccessOptions {
  /** Default: the system resolver (dns.lookup). */
  resolve?: HostResolver;
  check: UrlCheck;
  /** The mode a person chose for the session, if any (else the policy takes the settings' defaultMode). */
  modeOf(sessionId: string): PermissionMode | undefined;
}

export function createWebAccess(opts: WebAccessOptions): WebAccess {
  return {
    resolve: opts.resolve ?? systemResolver,
    async verdict(url, call) {
      const checked = await opts.check({
        tool: 'WebFetch',
        input: { url },
        workspace: call.workspace,
        sessionId: call.sessionId,
        mode: opts.modeOf(call.sessionId),
        // Not headless: "needs approval" must stay distinct from "blocked" in the note the model reads.
        headless: false,
      });
      return checked.ok ? { decision: checked.value.decision, reason: checked.value.reason } : { decision: 'blocked', reason: checked.error.message };
    },
  };
}
