// The in-page half of the panel bench, as source text (the bench is type-checked without DOM types).
// It records every animation frame (epoch ms of the frame, ms since the previous one) and, with a
// MutationObserver, the epoch ms (performance.timeOrigin + performance.now()) at which each marker first
// appears in the DOM. Only changed nodes are scanned, so the probe costs little of the frame it measures.
import { MARKER_SOURCE } from './markers';

export interface ProbeResult {
  /** [epoch ms of the frame, ms since the previous frame] */
  frames: Array<[number, number]>;
  /** [marker, epoch ms when it first appeared in the DOM] */
  markers: Array<[string, number]>;
}

export const INSTALL_PROBE = `(() => {
  const origin = performance.timeOrigin;
  const frames = [];
  const seen = new Map();
  let last = 0;
  let running = true;
  const tick = (t) => {
    if (last) frames.push([origin + t, t - last]);
    last = t;
    if (running) requestAnimationFrame(tick);
  };
  requestAnimationFrame(tick);
  const pattern = new RegExp(${JSON.stringify(MARKER_SOURCE)}, 'g');
  const scan = (text, at) => {
    if (!text || text.indexOf('mk') < 0) return;
    for (const m of text.matchAll(pattern)) if (!seen.has(m[0])) seen.set(m[0], at);
  };
  const observer = new MutationObserver((records) => {
    const at = origin + performance.now();
    for (const r of records) {
      if (r.type === 'characterData') scan(r.target.data, at);
      else for (const node of r.addedNodes) scan(node.textContent, at);
    }
  });
  observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  window.__panelBench = {
    stop() {
      running = false;
      observer.disconnect();
      return { frames, markers: [...seen] };
    },
  };
})()`;

export const STOP_PROBE = 'window.__panelBench.stop()';

/** Epoch ms on the page's clock, for the clock check. */
export const PAGE_NOW = 'performance.timeOrigin + performance.now()';
