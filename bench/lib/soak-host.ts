// The engine side of the soak bench, in a process of its own so that what it measures is the engine's (with the
// browser host serving the panel, like `paragents serve`): no Chromium driver, no renderer build, no model
// server in it.
// Run by bench/soak.ts: node bin/run-ts.js bench/lib/soak-host.ts --home DIR --static DIR
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { createEngine } from '../../main/core/engine';
import { startWebHost } from '../../main/web/web-host';
import { cpuMsSince, startProfiler } from './cpu';
import { serveBenchHost } from './host-ipc';
import { settledMemory } from './memory';
import { countsSince, TurnDriver } from './turn-driver';
import type { HostReply, HostRequest } from './soak-protocol';

const { values } = parseArgs({
  options: { home: { type: 'string' }, static: { type: 'string' }, chunk: { type: 'string', default: '4' }, 'cpu-prof': { type: 'string' } },
});
if (!values.home || !values.static) throw new Error('usage: soak-host.ts --home DIR --static DIR');

const engine = await createEngine({ home: values.home, env: {}, approvals: 'all' });
const web = await startWebHost({ engine, staticDir: values.static, port: 0 });
const driver = new TurnDriver(engine, Number(values.chunk));
const sessions: string[] = [];
// The event loop's delay over the measured part (a timer of its own: it only runs while measuring).
const delay = monitorEventLoopDelay({ resolution: 10 });
let profiler: { stop(): Promise<unknown> } | null = null;

async function answer(req: HostRequest): Promise<HostReply> {
  switch (req.op) {
    case 'sessions': {
      for (const s of req.sessions) {
        mkdirSync(s.workspace, { recursive: true });
        writeFileSync(join(s.workspace, 'notes.txt'), s.notes);
        sessions.push(await driver.createSession(s.workspace, s.name));
      }
      return { op: 'sessions', url: web.url };
    }
    case 'turns': {
      const before = driver.snapshot();
      const cpu0 = process.cpuUsage();
      const t0 = performance.now();
      await Promise.all(
        sessions.map(async (id, i) => {
          for (let t = req.from; t < req.to; t++) await driver.turn(id, req.prompt.replace('{session}', String(i).padStart(2, '0')).replace('{turn}', String(t)));
        }),
      );
      return { op: 'turns', wallMs: performance.now() - t0, cpuMs: cpuMsSince(cpu0), counts: countsSince(before, driver.snapshot()) };
    }
    case 'measure-start': {
      delay.reset();
      delay.enable();
      profiler = values['cpu-prof'] ? await startProfiler() : null;
      return { op: 'measure-start' };
    }
    case 'measure-stop': {
      delay.disable();
      if (profiler && values['cpu-prof']) writeFileSync(values['cpu-prof'], JSON.stringify(await profiler.stop()));
      profiler = null;
      return { op: 'measure-stop', delayP99Ms: delay.percentile(99) / 1e6, delayMaxMs: delay.max / 1e6 };
    }
    case 'memory':
      return { op: 'memory', memory: settledMemory() };
    case 'idle': {
      // Timers alive now, while nothing runs: an engine that polls keeps at least one.
      const timers = process.getActiveResourcesInfo().filter((r) => r === 'Timeout').length;
      const cpu0 = process.cpuUsage();
      await new Promise((resolve) => setTimeout(resolve, req.seconds * 1000));
      return { op: 'idle', cpuMs: cpuMsSince(cpu0), timers };
    }
    case 'close':
      driver.close();
      await web.close();
      await engine.close();
      return { op: 'close' };
    default: {
      const never: never = req;
      return never;
    }
  }
}

serveBenchHost(answer);
