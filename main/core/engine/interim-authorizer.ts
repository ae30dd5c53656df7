import { isAbsolute, relative, resolve } from 'node:path';
import type { Authorizer, AuthorizeRequest, AuthorizeVerdict } from './authorizer';

/**
 * The authorize seam's behaviour until the policy engine is wired: reads inside the workspace run, everything
 * else asks. Deliberately conservative.
 */
export function createInterimAuthorizer(): Authorizer {
  const grants = new Map<string, Set<string>>();
  return {
    async decide(req: AuthorizeRequest): Promise<AuthorizeVerdict> {
      const rule = req.tool;
      if (req.sessionId && grants.get(req.sessionId)?.has(rule)) {
        return { decision: 'auto_approved', rule, source: 'session', reason: 'allowed for this session', alwaysRule: rule, alwaysRules: [rule] };
      }
      const reads = ['Read', 'LS', 'Glob', 'Grep'].includes(req.tool);
      const p = typeof req.input.path === 'string' ? resolve(req.workspace, req.input.path) : req.workspace;
      const rel = relative(req.workspace, p);
      const inside = rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
      if (reads && inside) {
        return { decision: 'auto_approved', rule: null, source: 'mode', reason: 'reads inside the workspace are allowed', alwaysRule: null, alwaysRules: [] };
      }
      const decision = req.headless ? 'blocked' : 'needs_approval';
      return { decision, rule: null, source: 'mode', reason: `${req.tool} needs approval`, alwaysRule: rule, alwaysRules: [rule] };
    },
    grantForSession(sessionId, rules) {
      const set = grants.get(sessionId) ?? new Set<string>();
      for (const r of rules) set.add(r);
      grants.set(sessionId, set);
    },
    async allowAlways() {
      throw new Error('always-allow rules need the policy engine');
    },
  };
}
