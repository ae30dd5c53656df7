import type { PermissionMode, PolicyDecision } from '../../../shared/policy';

/** The seam every tool call passes before it runs; the policy engine (main/core/policy) fills it. */
export interface AuthorizeRequest {
  tool: string;
  input: Record<string, unknown>;
  workspace: string;
  sessionId: string | null;
  mode?: PermissionMode;
  headless: boolean;
}

export interface AuthorizeVerdict extends PolicyDecision {
  alwaysRule: string | null;
  alwaysRules: string[];
}

export interface Authorizer {
  decide(req: AuthorizeRequest): Promise<AuthorizeVerdict>;
  grantForSession(sessionId: string, rules: string[]): void;
  allowAlways(workspace: string, rules: string[]): Promise<void>;
}
