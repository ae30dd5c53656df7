import type { RequestName } from '../../shared/api';

/**
 * Where the hub sends each request of the contract:
 * - `session`, `prompt`, `approval`, `child`: to the machine that owns the id in that input field;
 * - `machine`: to the machine the input names (`machine`, absent: this one);
 * - `sessionOr*`: by the optional session field when given, else to this machine (`Local`) or to every connected
 *   machine, the answers merged (`All`);
 * - `all`: every connected machine, merged; `any`: the first machine that knows the thing (a kept image's hash);
 * - `local`: this machine's engine (its settings, keys, gateways, trust); `hub`: the hub itself (the machines).
 */
export type Route =
  | { by: 'session' | 'prompt' | 'approval' | 'child' }
  | { by: 'machine' }
  | { by: 'sessionOrLocal'; field: 'session' }
  | { by: 'sessionOrAll'; field: 'session' | 'sessionId' }
  | { by: 'all' }
  | { by: 'any' }
  | { by: 'local' }
  | { by: 'hub' };

const session = { by: 'session' } as const;
const prompt = { by: 'prompt' } as const;
const local = { by: 'local' } as const;
const sessionOrLocal = { by: 'sessionOrLocal', field: 'session' } as const;
const hub = { by: 'hub' } as const;

export const ROUTES = {
  'session.create': { by: 'machine' },
  'session.list': { by: 'all' },
  'session.get': session,
  'session.close': session,
  'session.reopen': session,
  'search.query': { by: 'sessionOrAll', field: 'sessionId' },
  'session.setMode': session,
  'session.setModel': session,
  'session.setEffort': session,
  'image.get': { by: 'any' },
  'session.setBudget': session,
  'budget.resolve': prompt,
  'usage.summary': { by: 'all' },
  // Seqs are each engine's own, so a page of every session's events is one machine's.
  'session.events': sessionOrLocal,
  'prompt.send': session,
  'prompt.cancel': prompt,
  'prompt.retry': prompt,
  'prompt.pause': prompt,
  'prompt.resume': prompt,
  'prompt.edit': prompt,
  'agents.list': session,
  'agents.integrate': { by: 'child' },
  'approval.list': { by: 'sessionOrAll', field: 'session' },
  'approval.answer': { by: 'approval' },
  'conflict.resolve': prompt,
  'config.get': local,
  'policy.check': sessionOrLocal,
  'config.language': local,
  'config.setLanguage': local,
  'config.saveProvider': local,
  'config.listModels': local,
  'config.detectLocal': local,
  'policy.rules': sessionOrLocal,
  'workspace.trust': local,
  'journal.list': sessionOrLocal,
  'journal.undo': session,
  'session.changes': session,
  'session.fileDiff': session,
  'worktree.diff': session,
  'worktree.merge': session,
  'worktree.remove': session,
  'session.compact': session,
  'session.context': session,
  'session.fork': session,
  'mcp.list': sessionOrLocal,
  'mcp.tools': sessionOrLocal,
  'mcp.call': sessionOrLocal,
  'mcp.restart': sessionOrLocal,
  'mcp.setEnabled': sessionOrLocal,
  'mcp.approve': sessionOrLocal,
  'gateway.status': local,
  'gateway.pairCode': local,
  'gateway.unpair': local,
  'gateway.setToken': local,
  'sandbox.status': sessionOrLocal,
  'sandbox.setEnabled': local,
  'sandbox.session': session,
  'hooks.list': local,
  'hooks.approve': local,
  'fs.list': { by: 'machine' },
  'engine.stop': local,
  'machines.list': hub,
  'machines.add': hub,
  'machines.remove': hub,
  'machines.test': hub,
  'machines.reconnect': hub,
  // Sent by a parent's engine to the machine hosting its child, over that machine's link, not through the hub.
  'agents.hostChild': local,
  'agents.concludeHosted': local,
} as const satisfies Record<RequestName, Route>;

/** The input field that carries the id a route follows. */
export const ID_FIELD = { session: 'session', prompt: 'prompt', approval: 'approval', child: 'child' } as const;
