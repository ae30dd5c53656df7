// The idle process of spawnIdleProbe(): it does nothing but measure its event loop's delay when asked.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { serveBenchHost } from './host-ipc';
import type { ProbeReply, ProbeRequest } from './idle-probe';

const delay = monitorEventLoopDelay({ resolution: 10 });
serveBenchHost<ProbeRequest, ProbeReply>(async (req) => {
  switch (req.op) {
    case 'start':
      delay.reset();
      delay.enable();
      return { op: 'start' };
    case 'stop':
      delay.disable();
      return { op: 'stop', p99Ms: delay.percentile(99) / 1e6, maxMs: delay.max / 1e6 };
    case 'close':
      setImmediate(() => process.exit(0));
      return { op: 'close' };
    default: {
      const never: never = req;
      return never;
    }
  }
});
