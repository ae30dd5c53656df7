// The panel under load: N sessions (default 20) streaming long answers at once at a fixed token rate, in real
// Chromium against the real engine, browser host and scripted model server, with the 2×2 grid showing the
// focused session and three others. Prints frame times (requestAnimationFrame deltas in the page) and the delay
// from the engine publishing a delta to its text appearing in the DOM, measured with markers embedded in the
// streamed text (engine: Date.now() when the delta completing a marker is published; page: a MutationObserver,
// performance.timeOrigin + performance.now(); same machine, same wall clock). Asserts nothing.
// Run: node bin/run-ts.js bench/panel.ts [--sessions 20] [--tps 25] [--chars 1800] [--latency 300]
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { benchRules, MarkerClock, promptFor } from './lib/markers';
import { INSTALL_PROBE, PAGE_NOW, STOP_PROBE, type ProbeResult } from './lib/panel-probe';
import { startPanelEnv } from './lib/panel-env';
import { percentile, summary } from './lib/stats';

const { values } = parseArgs({
  options: {
    sessions: { type: 'string', default: '20' },
    tps: { type: 'string', default: '25' },
    chars: { type: 'string', default: '1800' },
    latency: { type: 'string', default: '300' },
  },
});
const SESSIONS = Number(values.sessions);
const TPS = Number(values.tps);
const CHARS = Number(values.chars);
const CHUNK = 4;
const VIEWPORT = { width: 1400, height: 860 };

const env = await startPanelEnv(
  { latencyMs: Number(values.latency), tokensPerSecond: TPS, chunkSize: CHUNK, rules: benchRules(SESSIONS, CHARS) },
  { concurrency: SESSIONS, viewport: VIEWPORT },
);
try {
  const { engine, page } = env;
  const ids: string[] = [];
  for (let i = 0; i < SESSIONS; i++) {
    const created = await engine.handlers['session.create']({ workspace: join(env.dir, 'ws'), name: `s${String(i).padStart(2, '0')}` });
    if (!created.ok) throw new Error(created.error.message);
    ids.push(created.value.id);
  }

  await page.goto(env.web.url);
  const sessions = page.getByRole('list', { name: 'Sessions' });
  await sessions.getByRole('button', { name: /^s\d\d/ }).nth(SESSIONS - 1).waitFor();
  await page.getByRole('button', { name: '⊞ 2×2' }).click();
  await sessions.getByRole('button', { name: /^s00/ }).click();
  await page.locator('.session-tile').nth(2).waitFor();

  // Clock check: the page's clock against ours, from the quickest of a few round trips.
  let clockCheck = { offset: Number.NaN, error: Number.POSITIVE_INFINITY };
  for (let i = 0; i < 8; i++) {
    const before = Date.now();
    const pageNow = await page.evaluate<number>(PAGE_NOW);
    const after = Date.now();
    if ((after - before) / 2 < clockCheck.error) clockCheck = { offset: pageNow - (before + after) / 2, error: (after - before) / 2 };
  }

  const clock = new MarkerClock();
  let deltas = 0;
  let firstDelta = 0;
  const finished = new Set<string>();
  let allDone: () => void = () => {};
  const done = new Promise<void>((resolve) => (allDone = resolve));
  const off = engine.onEvent((e) => {
    if (e.type === 'assistant_delta') {
      const at = Date.now();
      firstDelta ||= at;
      deltas++;
      clock.delta(e.promptId ?? e.sessionId, e.text, at);
    } else if (e.type === 'prompt_status' && ['completed', 'failed', 'cancelled'].includes(e.status)) {
      if (e.status !== 'completed') console.error(`session ${e.sessionRef}: prompt ${e.status}`);
      finished.add(e.sessionId);
      if (finished.size === SESSIONS) allDone();
    }
  });

  await page.evaluate(INSTALL_PROBE);
  const sent = Date.now();
  await Promise.all(
    ids.map(async (id, i) => {
      const r = await engine.handlers['prompt.send']({ session: id, text: promptFor(i) });
      if (!r.ok) throw new Error(r.error.message);
    }),
  );
  const timeout = setTimeout(() => allDone(), 180_000);
  await done;
  clearTimeout(timeout);
  const lastDone = Date.now();
  await page.waitForTimeout(300); // let the last frames land
  const probe = await page.evaluate<ProbeResult>(STOP_PROBE);
  off();

  const frames = probe.frames.filter(([at]) => at >= firstDelta && at <= lastDone).map(([, d]) => d);
  const delays: number[] = [];
  for (const [marker, shownAt] of probe.markers) {
    const publishedAt = clock.seen.get(marker);
    if (publishedAt !== undefined) delays.push(shownAt - publishedAt);
  }
  const visible = new Set(probe.markers.map(([m]) => m.slice(2, 4))).size;

  console.log(`panel bench: ${SESSIONS} sessions streaming at once in Chromium (${VIEWPORT.width}×${VIEWPORT.height}, 2×2 grid + focused)`);
  console.log(`  model          ${TPS} chunks/s per session × ${CHUNK} chars, ~${CHARS} chars per answer, ${values.latency} ms to first byte`);
  console.log(`  run            ${((lastDone - sent) / 1000).toFixed(1)} s, ${finished.size}/${SESSIONS} prompts ended, ${deltas} deltas published (${((deltas * 1000) / Math.max(1, lastDone - firstDelta)).toFixed(0)}/s)`);
  console.log(`  frame time     ${summary(frames)} (${frames.length} frames while streaming, ${frames.filter((f) => f > 50).length} over 50 ms)`);
  console.log(`  engine → DOM   ${summary(delays)} (${delays.length} markers in the ${visible} sessions on screen; p99 ${percentile(delays, 99).toFixed(1)} ms)`);
  console.log(`  clock check    page − bench clock ${clockCheck.offset.toFixed(1)} ms (± ${clockCheck.error.toFixed(1)} ms)`);
} finally {
  await env.close();
}
