// The 2×2 grid in real Chromium against the real engine and SQLite: sessions with more history than one page,
// focused one after another from the session list, past the number of loaded histories the panel keeps. The
// focused pane must show each one's newest message, also for the first ones again, whose histories were dropped.
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DATABASE_FILE } from '../../main/core/engine';
import { openTestStore } from '../helpers/prompt-moves';
import { HISTORY_PAGE, KEEP_HISTORIES } from '../../renderer/store/history-bounds';
import { writer } from '../search/helpers';
import { haveChromium } from './harness';
import { useE2EPanel } from './panel-fixture';

/** More sessions than the grid shows plus the histories kept off screen. */
const SESSIONS = KEEP_HISTORIES + 9;
/** 7 stored events a turn: more than one page of history each. */
const TURNS = Math.ceil(HISTORY_PAGE / 7) + 15;

const name = (i: number) => `s${String(i).padStart(2, '0')}`;
const newest = (i: number) => `Final answer of ${name(i)}: all modules are tidy.`;

describe.skipIf(!haveChromium())('2×2 grid with paged histories in Chromium', () => {
  const fx = useE2EPanel({
    name: 'grid',
    prepare: ({ dir, home }) => {
      mkdirSync(join(dir, 'ws'));
      // The histories are written before the engine starts, through the store's own writers (as turns write them).
      const { store } = openTestStore(join(home, DATABASE_FILE));
      const w = writer(store);
      for (let i = 0; i < SESSIONS; i++) {
        store.tx(() => {
          const session = w.session(join(dir, 'ws'), name(i));
          for (let t = 0; t < TURNS; t++) {
            w.turn(session, {
              prompt: `step ${t} of ${name(i)}: tidy module ${t}`,
              calls: [{ tool: 'Read', input: { path: `src/module-${t}.ts` }, output: `export const module${t} = ${t};` }],
              answer: t === TURNS - 1 ? newest(i) : `Module ${t} of ${name(i)} is tidy now.`,
            });
          }
        });
      }
      store.close();
    },
    approvals: 'never',
  });

  const sessionButton = (i: number) => fx.page.getByRole('list', { name: 'Sessions' }).getByRole('button', { name: new RegExp(`^${name(i)}`) });
  /** The focused pane's transcript (the grid's tiles are not regions). */
  const transcript = () => fx.page.getByRole('region', { name: 'Transcript', exact: true });

  /** Where the session's newest message is: on screen (inside both the focused region's box and the window) or not. */
  async function newestMessage(i: number): Promise<string> {
    if ((await transcript().count()) !== 1) return 'no transcript';
    const row = transcript().locator('[data-item-key]').filter({ hasText: newest(i) });
    if ((await row.count()) !== 1) return `not drawn (${await transcript().locator('[data-item-key]').count()} rows drawn)`;
    const [region, box, view] = [await transcript().boundingBox(), await row.boundingBox(), fx.page.viewportSize()];
    if (!region || !box || !view) return 'not laid out';
    const top = Math.max(region.y, 0);
    const bottom = Math.min(region.y + region.height, view.height);
    return box.height > 0 && box.y + box.height > top && box.y < bottom ? 'on screen' : `off screen (at ${box.y}, the view is ${top}–${bottom})`;
  }

  async function expectShownWhenFocused(i: number): Promise<void> {
    await sessionButton(i).click();
    await expect.poll(() => sessionButton(i).getAttribute('aria-current')).toBe('true');
    await expect.poll(() => newestMessage(i), { timeout: 10_000, message: `the newest message of ${name(i)} in the focused pane` }).toBe('on screen');
  }

  it('shows the newest message of every session focused in turn, and of the first ones again after their histories were dropped', async () => {
    await fx.page.goto(fx.panel.web.url);
    await sessionButton(SESSIONS - 1).waitFor();
    await fx.page.getByRole('button', { name: '⊞ 2×2' }).click();
    await fx.page.locator('.session-tile').nth(2).waitFor();

    // The last three were in the grid's tiles, so their histories were loaded before they were focused.
    for (let i = 0; i < SESSIONS; i++) await expectShownWhenFocused(i);
    // Kept off screen (among the KEEP_HISTORIES most recently shown): shown from what the store holds.
    await expectShownWhenFocused(SESSIONS - 5);
    // The first ones were dropped past KEEP_HISTORIES: shown again, they are read again.
    for (let i = 0; i < 3; i++) await expectShownWhenFocused(i);
  }, 90_000);
});
