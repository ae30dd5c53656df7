// The in-page half of the scale bench, as source text (the bench is type-checked without DOM types). "Painted"
// is the first task after the animation frame that rendered the change (requestAnimationFrame, then a timer),
// on the page's own clock: performance.now() counts from the navigation's start.

/** Init script: notes when the session list's first row is painted, as `window.__scaleFirstRow` (ms since navigation start). */
export const FIRST_ROW_PROBE = `(() => {
  const painted = (fn) => requestAnimationFrame(() => setTimeout(fn, 0));
  const row = () => document.querySelector('.session-list .session-item');
  const observer = new MutationObserver(() => {
    if (!row()) return;
    observer.disconnect();
    painted(() => { window.__scaleFirstRow = performance.now(); });
  });
  observer.observe(document, { childList: true, subtree: true });
})()`;

export const FIRST_ROW_TIME = 'window.__scaleFirstRow';

/**
 * Clicks the sidebar row named `name` and resolves with the ms until the focused pane shows `marker` (the
 * session's last message) and that frame is painted.
 */
export const OPEN_SESSION = `async ({ name, marker, timeoutMs }) => {
  const painted = (fn) => requestAnimationFrame(() => setTimeout(fn, 0));
  const buttons = [...document.querySelectorAll('.session-list button.session-button')];
  const button = buttons.find((b) => b.querySelector('.session-name')?.textContent === name);
  if (!button) throw new Error('no sidebar row named ' + name);
  const main = document.querySelector('.main');
  const shown = () => document.querySelector('.session-pane')?.textContent.includes(marker);
  return await new Promise((resolve, reject) => {
    const t0 = performance.now();
    const timer = setTimeout(() => { observer.disconnect(); reject(new Error(name + ': last message not shown in ' + timeoutMs + ' ms')); }, timeoutMs);
    const observer = new MutationObserver(() => {
      if (!shown()) return;
      observer.disconnect();
      clearTimeout(timer);
      painted(() => resolve(performance.now() - t0));
    });
    observer.observe(main, { childList: true, subtree: true, characterData: true });
    button.click();
  });
}`;

/**
 * Scrolls the focused transcript to the top, frame after frame, until `marker` (the session's first message) is
 * in the DOM and painted; resolves with the ms it took.
 */
export const SCROLL_TO_TOP = `async ({ marker, timeoutMs }) => {
  const painted = (fn) => requestAnimationFrame(() => setTimeout(fn, 0));
  const region = document.querySelector('.session-pane .transcript');
  if (!region) throw new Error('no transcript on the page');
  return await new Promise((resolve, reject) => {
    const t0 = performance.now();
    const tick = () => {
      if (region.textContent.includes(marker)) return painted(() => resolve(performance.now() - t0));
      if (performance.now() - t0 > timeoutMs) return reject(new Error('first message not shown in ' + timeoutMs + ' ms'));
      region.scrollTop = 0;
      requestAnimationFrame(tick);
    };
    tick();
  });
}`;

/** Elements in the page (a virtualised transcript keeps this small whatever the history's length). */
export const DOM_ELEMENTS = "document.getElementsByTagName('*').length";
