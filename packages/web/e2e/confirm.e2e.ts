/**
 * Item 3 of the player's experience (issue 16), for the first listed game (the client names no
 * game): in a hotseat game the player clicks through the first decisions preferring to pass or end;
 * the first click that would roll dice, reveal something, hand play over, play a card or end a
 * phase is not applied but shown with what will happen, and waits. Cancel leaves the game as it
 * was; the confirm button applies it. With "Ask first" off (the experts' setting, kept in the
 * browser) the same kind of click is applied at once.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { catalog } from '@sandtable/catalog';
import { launch, openApp, serveApp, shots } from './browser.ts';

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

const PREFER = /^(pass|end|done|stop|finish|no\b|skip|decline)/i;
const [id] = Object.keys(catalog);
const seq = async (page: Page) => Number(await page.getByTestId('game').getAttribute('data-seq'));

async function ready(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      !!document.querySelector('[data-testid=action],[data-testid=pending],[data-testid=reveal],[data-testid=outcome]'),
    null,
    { timeout: 30_000 },
  );
  if (await page.getByTestId('reveal').isVisible()) await page.getByTestId('reveal').click();
}

/** Clicks the preferred action (pass, end...) else the first; returns its text. */
async function clickPreferred(page: Page): Promise<string> {
  const buttons = page.getByTestId('action');
  const texts = (await buttons.allTextContents()).map((t) => t.trim());
  const k = Math.max(
    0,
    texts.findIndex((t) => PREFER.test(t)),
  );
  await buttons.nth(k).click();
  return texts[k]!;
}

describe('confirming what cannot be taken back', () => {
  it(`${id}: the click is shown and asked first; cancel keeps the game; the expert setting skips the question`, async () => {
    const { page, errors } = await openApp(browser, app.url, { askFirst: true });
    await page.evaluate(() => localStorage.clear());
    await page.getByTestId('game-select').selectOption(id!);
    await page.getByTestId('seed').fill('confirm-1');
    await page.getByTestId('start-hotseat').click();
    await page.getByTestId('game').waitFor();
    let asked = '';
    for (let i = 0; i < 60 && !asked; i++) {
      await ready(page);
      const before = await seq(page);
      const text = await clickPreferred(page);
      if (await page.getByTestId('pending').isVisible()) {
        expect(await seq(page), 'nothing is applied before the player says yes').toBe(before);
        asked = text;
      }
    }
    expect(asked, 'a click within 60 steps asks first').not.toBe('');
    const card = page.getByTestId('pending');
    expect(await card.textContent()).toContain(asked);
    const warnings = await page.getByTestId('pending-warning').allTextContents();
    expect(warnings.join(' ')).toMatch(/cannot be taken back|ends|plays|discards|sends|This /i);
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('confirm');
    await shots(page, 'confirm');

    // Cancel: nothing happened; the same click asks again; Enter on the focused button says yes
    const before = await seq(page);
    await page.getByTestId('cancel').click();
    expect(await page.getByTestId('pending').count()).toBe(0);
    expect(await seq(page)).toBe(before);
    await page.getByTestId('action').filter({ hasText: asked }).first().click();
    const focused = () => page.evaluate(() => document.activeElement?.getAttribute('data-testid'));
    await expect.poll(focused).toBe('confirm');
    await page.keyboard.press('Escape');
    await expect.poll(() => page.getByTestId('pending').count()).toBe(0);
    await page.getByTestId('action').filter({ hasText: asked }).first().click();
    await expect.poll(focused).toBe('confirm');
    await page.keyboard.press('Enter');
    await expect.poll(() => seq(page)).toBe(before + 1);

    // the experts' setting: kept in the browser, and no question afterwards
    await page.getByTestId('ask-first').uncheck();
    expect(await page.evaluate(() => localStorage.getItem('sandtable.askFirst'))).toBe('off');
    for (let i = 0; i < 15; i++) {
      await ready(page);
      if (await page.getByTestId('outcome').count()) break;
      const n = await seq(page);
      await clickPreferred(page);
      expect(await page.getByTestId('pending').count()).toBe(0);
      await expect.poll(() => seq(page)).toBeGreaterThan(n);
    }
    expect(errors).toEqual([]);
    await page.close();
  });
});
