/**
 * jsdom has no layout: @git-diff-view measures text on a canvas, watches sizes with ResizeObserver and draws a
 * comment form only into a table of some width. These give it a fixed-width font, an observer that reports sizes once
 * and boxes 800 px wide and 20 px per table row, which is all a test of what the view draws needs.
 */
export function installDiffViewShims(): void {
  HTMLCanvasElement.prototype.getContext = (() => ({ font: '', measureText: (text: string) => ({ width: text.length * 7 }) })) as never;
  // Like a browser, an observer reports each element's size once after it starts watching it.
  globalThis.ResizeObserver = class {
    private live = true;
    constructor(private readonly callback: (entries: unknown[], observer: unknown) => void) {}
    observe(target: Element): void {
      setTimeout(() => {
        if (!this.live || !target.isConnected) return;
        const rect = target.getBoundingClientRect();
        this.callback([{ target, contentRect: rect, borderBoxSize: [{ inlineSize: rect.width, blockSize: rect.height }] }], this);
      }, 0);
    }
    unobserve(): void {}
    disconnect(): void {
      this.live = false;
    }
  } as never;
  // 20 px per table row inside (a diff piece is as tall as its lines), at least one row.
  Element.prototype.getBoundingClientRect = function (this: Element) {
    const height = Math.max(1, this.querySelectorAll('tr').length) * 20;
    return { x: 0, y: 0, top: 0, left: 0, right: 800, bottom: height, width: 800, height, toJSON: () => ({}) };
  };
}

/** Every element reports `height` px of visible height while `run` runs (a scrolled list then draws that much). */
export async function withClientHeight<T>(height: number, run: () => Promise<T>): Promise<T> {
  Object.defineProperty(HTMLElement.prototype, 'clientHeight', { configurable: true, get: () => height });
  try {
    return await run();
  } finally {
    delete (HTMLElement.prototype as unknown as Record<string, unknown>).clientHeight;
  }
}
