/** Child sessions started by the Agent tool: refusals, waits and the integration of their changes. */
export const agents = {
  nothingToIntegrate: 'Child {{ref}} has no changes waiting to be integrated.',
  notAChild: 'Session {{ref}} was not started by an Agent call, so it has nothing to integrate.',
} as const;
