import type { PolicySource } from '../../../../shared/policy';

export type RuleKind = 'allow' | 'ask' | 'deny';

/** Where a path pattern is anchored. `anywhere` is a bare file name, matched at any depth. */
export type PathRoot = 'workspace' | 'home' | 'absolute' | 'anywhere';

export interface PathPattern {
  root: PathRoot;
  /** Pattern relative to the root ('' = the root itself and everything below). */
  rel: string;
}

export type BashToken =
  | { kind: 'star' }
  | { kind: 'literal'; text: string }
  | { kind: 'glob'; re: RegExp; text: string; tail: boolean };

/** Rule families: `Read` covers every reading tool, `Edit` (and `Write`) every writing one. */
export type RuleTool = 'Read' | 'Edit' | 'LS' | 'Glob' | 'Grep' | 'Bash' | 'WebFetch' | 'Agent' | 'mcp';

export type Matcher =
  | { type: 'any' }
  | { type: 'path'; pattern: PathPattern }
  | { type: 'bash'; tokens: BashToken[] }
  | { type: 'domain'; domain: string; wildcard: boolean }
  | { type: 'mcp'; name: string };

export interface Rule {
  text: string;
  kind: RuleKind;
  source: PolicySource;
  file: string | null;
  tool: RuleTool;
  matcher: Matcher;
}
