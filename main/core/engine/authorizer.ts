import type { PolicyEngine, PolicyRequest, PolicyVerdict } from '../policy';

/** The seam every tool call passes before it runs: the part of the policy engine the agent loop and handlers use. */
export type AuthorizeRequest = PolicyRequest;
export type AuthorizeVerdict = PolicyVerdict;
export type Authorizer = Pick<PolicyEngine, 'decide' | 'check' | 'grantForSession' | 'allowAlways'>;
