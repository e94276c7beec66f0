/**
 * Item 8 of the player's experience (issue 16), for the first listed game: at 390x844 the map
 * comes first and the panels are a drawer (nothing overlaps, the header is not cut off); the
 * keyboard walks the highlighted places on the map with Tab and the arrow keys and picks with
 * Enter; the map's keys act only while the map has focus; the rule dialog is a dialog that holds
 * the focus and closes on Escape.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { catalog } from '@sandtable/catalog';
import { PHONE, launch, openApp, serveApp, shots } from './browser.ts';

let browser: Browser;
let app: { url: string; close(): Promise<void> };

beforeAll(async () => {
  browser = await launch();
  app = await serveApp();
});
afterAll(async () => {
  await browser?.close();
  await app?.close();
});

const [id] = Object.keys(catalog);
type Box = { x: number; y: number; width: number; height: number };
const overlap = (a: Box, b: Box) =>
  a.x < b.x + b.width - 1 && b.x < a.x + a.width - 1 && a.y < b.y + b.height - 1 && b.y < a.y + a.height - 1;

async function start(page: Page): Promise<void> {
  await page.getByTestId('game-select').selectOption(id!);
  await page.getByTestId('seed').fill('keys-1');
  await page.getByTestId('start-hotseat').click();
  await page.getByTestId('game').waitFor();
  await page.waitForFunction(() => !!document.querySelector('[data-testid=action],[data-testid=reveal]'));
  if (await page.getByTestId('reveal').isVisible()) await page.getByTestId('reveal').click();
}

describe('phone and keyboard', () => {
  it(`${id} at 390x844: the map first, the panels in a drawer, nothing overlaps`, async () => {
    const { page, errors } = await openApp(browser, app.url, { viewport: PHONE });
    await page.screenshot({ path: '/tmp/sandtable-e2e-phone-start-390.png' });
    const setupBox = (await page.getByTestId('setup').boundingBox())!;
    expect(setupBox.x + setupBox.width).toBeLessThanOrEqual(PHONE.width + 1);
    await start(page);
    const parts = ['map', 'dock', 'replay'] as const;
    const boxes = await Promise.all(parts.map(async (p) => (await page.getByTestId(p).boundingBox())!));
    const [map, dock, replay] = boxes as [Box, Box, Box];
    expect(map.height, 'the map takes most of the screen').toBeGreaterThan(PHONE.height * 0.5);
    expect(overlap(map, dock) || overlap(dock, replay) || overlap(map, replay)).toBe(false);
    // the header is whole: every control in it is on screen
    const off = await page.$$eval('.topbar button, .topbar label', (els) =>
      els.filter((e) => e.getBoundingClientRect().right > innerWidth + 1).map((e) => e.textContent),
    );
    expect(off).toEqual([]);
    expect(await page.getByTestId('actions').isVisible()).toBe(false);
    await page.getByTestId('drawer-toggle').click();
    await expect.poll(() => page.getByTestId('actions').isVisible()).toBe(true);
    await page.waitForTimeout(250);
    await page.screenshot({ path: '/tmp/sandtable-e2e-phone-drawer-390.png' });
    await page.getByTestId('drawer-close').click();
    await expect.poll(() => page.getByTestId('actions').isVisible()).toBe(false);
    await page.screenshot({ path: '/tmp/sandtable-e2e-phone-map-390.png' });
    expect(errors).toEqual([]);
    await page.close();
  });

  it(`${id}: Tab and the arrows walk the highlighted places, Enter picks; the dialog holds the focus`, async () => {
    const { page, errors } = await openApp(browser, app.url);
    await start(page);
    const seq = async () => Number(await page.getByTestId('game').getAttribute('data-seq'));
    // the arrow keys do nothing to the map while a button has the focus
    await page.getByTestId('undo').focus();
    const shot0 = await page.getByTestId('map').screenshot();
    await page.keyboard.press('ArrowLeft');
    await page.keyboard.press('-');
    await page.waitForTimeout(100);
    expect(Buffer.compare(shot0, await page.getByTestId('map').screenshot())).toBe(0);

    // play on (the first action each time) until the map has highlighted places
    for (let i = 0; i < 40 && Number(await page.getByTestId('map').getAttribute('data-walk')) < 2; i++) {
      await page.waitForFunction(() => !!document.querySelector('[data-testid=action],[data-testid=reveal]'));
      if (await page.getByTestId('reveal').isVisible()) await page.getByTestId('reveal').click();
      else await page.getByTestId('action').first().click();
    }
    // on the map: Tab names the first highlighted place, the arrows the next ones, Enter picks
    await page.getByTestId('map').focus();
    await page.keyboard.press('Tab');
    const first = await page.getByTestId('map-focus').textContent();
    expect(first).toMatch(/\(1 of \d+\)/);
    await page.keyboard.press('ArrowRight');
    const second = await page.getByTestId('map-focus').textContent();
    expect(second).toMatch(/\(2 of \d+\)|\(1 of 1\)/);
    await shots(page, 'keyboard-walk');
    const before = await seq();
    const listBefore = await page.getByTestId('actions').textContent();
    await page.keyboard.press('Enter');
    await expect
      .poll(async () => (await seq()) !== before || (await page.getByTestId('actions').textContent()) !== listBefore)
      .toBe(true);

    // the rule dialog: a dialog, the focus inside it however often Tab is pressed, Escape closes it
    await page.locator('[data-testid=prompt] .rule-link').first().click();
    const dialog = page.getByRole('dialog');
    await dialog.waitFor();
    for (let i = 0; i < 5; i++) {
      await page.keyboard.press('Tab');
      expect(await page.evaluate(() => !!document.activeElement?.closest('[role=dialog]'))).toBe(true);
    }
    await shots(page, 'rule-dialog');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(0);
    expect(errors).toEqual([]);
    await page.close();
  });
});
