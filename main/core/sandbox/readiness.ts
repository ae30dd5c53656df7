import type { SandboxReadiness } from '../policy/sandbox-decide';
import type { SandboxAvailability } from './availability';

/** What the policy needs of the probe's answer: whether the sandbox can run, and if not, why. */
export const readinessOf = (a: SandboxAvailability): SandboxReadiness => (a.available ? { available: true } : { available: false, reason: a.reason });
