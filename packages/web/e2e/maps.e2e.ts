/**
 * Every game's map as a player first sees it, at 1400x860 and 390x844: screenshots in
 * packages/web/e2e/shots/ (looked at by hand), and the checks a player would make: the map key
 * is shown, and counters are drawn at a legible size at the default zoom.
 */
import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { launch, serveApp } from './browser.ts';
import { MIN_VALUE_PX } from '@sandtable/map';
import { catalog } from '@sandtable/catalog';

let browser: Browser;
let app: { url: string; close(): Promise<void> };
const SHOTS = new URL('./shots/', import.meta.url).pathname;

beforeAll(async () => {
  browser = await launch();
  app = await serveApp();
  mkdirSync(SHOTS, { recursive: true });
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

/** Every listed game: a game added to the list is looked at too. */
const GAMES = Object.keys(catalog);
const SIZES = [
  [1400, 860],
  [390, 844],
] as const;

describe('maps as printed maps', () => {
  for (const game of GAMES)
    for (const [w, h] of SIZES)
      it(`${game} at ${w}x${h}: the map key and legible counters`, async () => {
        const page = await browser.newPage({ viewport: { width: w, height: h } });
        const errors: string[] = [];
        page.on('pageerror', (e) => errors.push(e.message));
        await page.goto(`${app.url}?aiDelay=0`);
        await page.getByTestId('game-select').selectOption(game);
        await page.getByTestId('seed').fill('3');
        await page.getByTestId('start-watch').click();
        await page.getByTestId('map').waitFor();
        await page.waitForTimeout(1500);
        await page.screenshot({ path: `${SHOTS}${game}-${w}x${h}.png` });
        // the map key is there to open
        await expect.poll(() => page.getByText('Map key').count()).toBeGreaterThan(0);
        // values legible: counters with values of 9 px or more, or (zoomed out) one badge per place in 10 px type
        const c = await page.evaluate(() => {
          const el = document.querySelector('canvas[data-testid=map]') as unknown as {
            sandtable: { counters(): { px: number; numberPx: number } };
          };
          return el.sandtable.counters();
        });
        expect(c.numberPx, `${game}: counters of ${c.px.toFixed(1)} px`).toBeGreaterThanOrEqual(MIN_VALUE_PX);
        expect(errors).toEqual([]);
        await page.close();
      });
});
