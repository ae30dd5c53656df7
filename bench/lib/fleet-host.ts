// The engine side of the fleet bench, in a process of its own (with the browser host serving the panel, like
// `paragents serve`), so that the event loop's delay, the CPU and the memory it reports are the engine's.
// Run by bench/fleet.ts: node bin/run-ts.js bench/lib/fleet-host.ts --home DIR --static DIR [--cpu-prof FILE]
import { mkdirSync, writeFileSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { parseArgs } from 'node:util';
import { createEngine } from '../../main/core/engine';
import { startWebHost } from '../../main/web/web-host';
import { cpuMsSince, startProfiler } from './cpu';
import type { FleetReply, FleetRequest, FleetRun } from './fleet-protocol';
import { serveBenchHost } from './host-ipc';
import { MarkerClock } from './markers';

const { values } = parseArgs({ options: { home: { type: 'string' }, static: { type: 'string' }, 'cpu-prof': { type: 'string' } } });
if (!values.home || !values.static) throw new Error('usage: fleet-host.ts --home DIR --static DIR');

const engine = await createEngine({ home: values.home, env: {}, approvals: 'all' });
const web = await startWebHost({ engine, staticDir: values.static, port: 0 });
const parents: string[] = [];
const ENDED = new Set(['completed', 'failed', 'cancelled']);

/** One turn of a session of its own before the run: it loads the tokenizer and the paths a turn and a child take. */
async function warm(workspace: string, prompt: string): Promise<void> {
  mkdirSync(workspace, { recursive: true });
  const created = await engine.handlers['session.create']({ workspace, name: 'warm-up' });
  if (!created.ok) throw new Error(created.error.message);
  let ended: () => void = () => {};
  const over = new Promise<void>((resolve) => (ended = resolve));
  let promptId = '';
  const off = engine.onEvent((e) => {
    if (e.type === 'prompt_status' && e.promptId === promptId && ENDED.has(e.status)) ended();
  });
  const sent = await engine.handlers['prompt.send']({ session: created.value.id, text: prompt });
  if (!sent.ok) throw new Error(sent.error.message);
  promptId = sent.value.id;
  await over;
  off();
}

async function run(prompts: string[]): Promise<FleetRun> {
  const clock = new MarkerClock();
  const delay = monitorEventLoopDelay({ resolution: 10 });
  const running = new Set<string>();
  const streaming = new Set<string>();
  const problems: string[] = [];
  const run = { peakChildren: 0, peakStreaming: 0, peakRss: process.memoryUsage().rss, firstDeltaAt: 0, lastDoneAt: 0 };
  const waiting = new Set<string>();
  let allDone: () => void = () => {};
  const done = new Promise<void>((resolve) => (allDone = resolve));
  const off = engine.onEvent((e) => {
    switch (e.type) {
      case 'assistant_delta': {
        const at = Date.now();
        run.firstDeltaAt ||= at;
        clock.delta(e.promptId ?? e.sessionId, e.text, at);
        streaming.add(e.sessionId);
        run.peakStreaming = Math.max(run.peakStreaming, streaming.size);
        return;
      }
      case 'assistant_message':
        streaming.delete(e.sessionId);
        return;
      case 'agent_child':
        if (e.childSummary.state === 'running') running.add(e.childSummary.sessionId);
        else running.delete(e.childSummary.sessionId);
        run.peakChildren = Math.max(run.peakChildren, running.size);
        return;
      case 'prompt_status':
        if (!ENDED.has(e.status)) return;
        if (e.status !== 'completed') problems.push(`${e.sessionName ?? e.sessionRef}: ${e.status}`);
        if (e.promptId && waiting.delete(e.promptId) && waiting.size === 0) allDone();
        return;
      default:
        return;
    }
  });
  const sampler = setInterval(() => (run.peakRss = Math.max(run.peakRss, process.memoryUsage().rss)), 100);
  const profiler = values['cpu-prof'] ? await startProfiler() : null;
  delay.enable();
  const cpu0 = process.cpuUsage();
  const t0 = performance.now();
  try {
    for (const [i, id] of parents.entries()) {
      const sent = await engine.handlers['prompt.send']({ session: id, text: prompts[i] ?? '' });
      if (!sent.ok) throw new Error(sent.error.message);
      waiting.add(sent.value.id);
    }
    await done;
    run.lastDoneAt = Date.now();
    return {
      ...run,
      wallMs: performance.now() - t0,
      cpuMs: cpuMsSince(cpu0),
      delayP99Ms: delay.percentile(99) / 1e6,
      delayMaxMs: delay.max / 1e6,
      markers: [...clock.seen],
      problems,
    };
  } finally {
    if (profiler && values['cpu-prof']) writeFileSync(values['cpu-prof'], JSON.stringify(await profiler.stop()));
    delay.disable();
    clearInterval(sampler);
    off();
  }
}

serveBenchHost<FleetRequest, FleetReply>(async (req) => {
  switch (req.op) {
    case 'parents':
      for (const p of req.parents) {
        mkdirSync(p.workspace, { recursive: true });
        const created = await engine.handlers['session.create']({ workspace: p.workspace, name: p.name });
        if (!created.ok) throw new Error(created.error.message);
        parents.push(created.value.id);
      }
      return { op: 'parents', url: web.url };
    case 'warm':
      await warm(req.workspace, req.prompt);
      return { op: 'warm' };
    case 'run':
      return { op: 'run', ...(await run(req.prompts)) };
    case 'close':
      await web.close();
      await engine.close({ force: true });
      return { op: 'close' };
    default: {
      const never: never = req;
      return never;
    }
  }
});
