import { z } from 'zod';

/*
 * Window size and position, remembered between launches and clamped onto the displays that exist now (a
 * monitor may have been unplugged since). Pure: displays are passed in as their work areas.
 */

export const Rect = z.object({
  x: z.number().int(),
  y: z.number().int(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
});
export type Rect = z.infer<typeof Rect>;

export const WindowState = z.object({ bounds: Rect, maximized: z.boolean() });
export type WindowState = z.infer<typeof WindowState>;

export interface Size {
  width: number;
  height: number;
}

export const DEFAULT_WINDOW_SIZE: Size = { width: 1280, height: 840 };
/** How much of the window must be on a display for the saved position to be kept. */
const MIN_VISIBLE = 120;

const overlap = (a: Rect, b: Rect): number => {
  const w = Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x);
  const h = Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y);
  return w > 0 && h > 0 ? w * h : 0;
};

const clampInto = (value: number, size: number, start: number, span: number): number =>
  Math.min(Math.max(value, start), start + span - size);

function centred(area: Rect, size: Size): Rect {
  const width = Math.min(size.width, area.width);
  const height = Math.min(size.height, area.height);
  return {
    x: area.x + Math.round((area.width - width) / 2),
    y: area.y + Math.round((area.height - height) / 2),
    width,
    height,
  };
}

/**
 * Where the window opens: the saved bounds if enough of them is on a display (moved fully onto it and shrunk
 * to fit), otherwise centred on the primary display (the first work area) at the default size.
 */
export function clampToDisplays(
  saved: WindowState | null,
  workAreas: readonly Rect[],
  minSize: Size,
  defaultSize: Size = DEFAULT_WINDOW_SIZE,
): WindowState {
  const primary = workAreas[0] ?? { x: 0, y: 0, width: defaultSize.width, height: defaultSize.height };
  if (saved === null) return { bounds: centred(primary, defaultSize), maximized: false };

  let best: Rect | null = null;
  let bestOverlap = 0;
  for (const area of workAreas) {
    const o = overlap(saved.bounds, area);
    if (o > bestOverlap) {
      best = area;
      bestOverlap = o;
    }
  }
  const visibleEnough = bestOverlap >= MIN_VISIBLE * MIN_VISIBLE;
  if (best === null || !visibleEnough) {
    return { bounds: centred(primary, saved.bounds), maximized: saved.maximized };
  }
  const width = Math.min(Math.max(saved.bounds.width, Math.min(minSize.width, best.width)), best.width);
  const height = Math.min(Math.max(saved.bounds.height, Math.min(minSize.height, best.height)), best.height);
  return {
    bounds: {
      x: clampInto(saved.bounds.x, width, best.x, best.width),
      y: clampInto(saved.bounds.y, height, best.y, best.height),
      width,
      height,
    },
    maximized: saved.maximized,
  };
}
