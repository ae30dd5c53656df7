import type { ConflictEngine } from '../../conflicts';
import type { HookRunner } from '../../hooks';
import type { Store } from '../../store/store';
import type { Scheduler } from '../scheduler';
import type { Engine } from '../types';
import type { McpParts } from './mcp';
import type { CommandSandbox } from '../../sandbox/runtime';

/**
 * The engine's close: the turns first, then the hooks and the MCP servers, the conflict engine, the sandbox's
 * proxies, the database, and last the data folder's lock, so no other engine takes the folder while this one still
 * writes to it.
 */
export function engineCloser(d: {
  scheduler: Scheduler;
  hooks: HookRunner;
  mcp: McpParts;
  conflicts: ConflictEngine;
  sandbox: CommandSandbox;
  store: Store;
  unlock: () => void;
}): Engine['close'] {
  let closing: Promise<void> | null = null;
  return (closeOpts = {}) => {
    if (closing) {
      // A forced close during a graceful one cuts its tools' grace short; both end when the engine has closed.
      if (closeOpts.force) void d.scheduler.close({ force: true });
      return closing;
    }
    closing = (async () => {
      await d.scheduler.close(closeOpts);
      await d.hooks.close();
      await d.mcp.close();
      d.conflicts.dispose();
      await d.sandbox.close();
      d.store.close();
      d.unlock();
    })();
    return closing;
  };
}
