import type { PolicyEngine, PolicyRequest, PolicyVerdict } from '../policy';

/** The seam every tool call passes before it runs: the part of the policy engine the agent loop uses. */
export type AuthorizeRequest = PolicyRequest;
export type AuthorizeVerdict = PolicyVerdict;
export type Authorizer = Pick<PolicyEngine, 'decide' | 'grantForSession' | 'allowAlways'>;
