import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { clampToDisplays, DEFAULT_WINDOW_SIZE } from '../../main/electron/window-state';
import { createWindowStateStore, WINDOW_STATE_FILE } from '../../main/electron/window-state-store';

const laptop = { x: 0, y: 25, width: 1440, height: 875 };
const external = { x: 1440, y: 0, width: 2560, height: 1440 };
const min = { width: 720, height: 480 };

describe('window state clamping', () => {
  it('centres the default size on the primary display the first time', () => {
    const { bounds, maximized } = clampToDisplays(null, [laptop], min);
    expect(bounds.width).toBe(DEFAULT_WINDOW_SIZE.width);
    expect(bounds.x).toBe(Math.round((1440 - DEFAULT_WINDOW_SIZE.width) / 2));
    expect(bounds.y).toBeGreaterThanOrEqual(25);
    expect(maximized).toBe(false);
  });

  it('keeps a saved position that is fully visible', () => {
    const saved = { bounds: { x: 1600, y: 100, width: 1200, height: 900 }, maximized: true };
    expect(clampToDisplays(saved, [laptop, external], min)).toEqual(saved);
  });

  it('recentres a window whose display was unplugged', () => {
    const saved = { bounds: { x: 1600, y: 100, width: 1200, height: 900 }, maximized: false };
    const { bounds } = clampToDisplays(saved, [laptop], min);
    expect(bounds.x).toBeGreaterThanOrEqual(0);
    expect(bounds.x + bounds.width).toBeLessThanOrEqual(1440);
    expect(bounds.y + bounds.height).toBeLessThanOrEqual(25 + 875);
    expect(bounds.height).toBeLessThanOrEqual(875);
  });

  it('pulls a partly off-screen window fully onto its display and shrinks it to fit', () => {
    const saved = { bounds: { x: -300, y: 500, width: 2000, height: 600 }, maximized: false };
    const { bounds } = clampToDisplays(saved, [laptop], min);
    expect(bounds).toEqual({ x: 0, y: 300, width: 1440, height: 600 });
  });

  it('treats a sliver on screen as not visible', () => {
    const saved = { bounds: { x: 1400, y: 850, width: 1000, height: 800 }, maximized: false };
    const { bounds } = clampToDisplays(saved, [laptop], min);
    expect(bounds.x).toBe(220);
  });
});

describe('window state store', () => {
  it('round-trips through window-state.json and survives a damaged file', () => {
    const home = mkdtempSync(join(tmpdir(), 'paragents-ws-'));
    const store = createWindowStateStore(home);
    expect(store.load()).toBeNull();
    const state = { bounds: { x: 1, y: 2, width: 800, height: 600 }, maximized: false };
    store.save(state);
    expect(store.load()).toEqual(state);
    expect(JSON.parse(readFileSync(join(home, WINDOW_STATE_FILE), 'utf8'))).toEqual(state);
    writeFileSync(join(home, WINDOW_STATE_FILE), '{"bounds":');
    expect(store.load()).toBeNull();
    writeFileSync(join(home, WINDOW_STATE_FILE), '{"bounds":{"x":"a"},"maximized":false}');
    expect(store.load()).toBeNull();
  });
});
