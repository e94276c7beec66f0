/**
 * Issue #16 items 1 and 9 in a real browser, for the first listed game (the client names no
 * game): switching the page to Chinese shows the prompt in Chinese, and the rule it cites opens
 * from the game's own reference in Chinese. Screenshots at 1400x860 and 390x844.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { catalog } from '@sandtable/catalog';
import { launch, openApp, serveApp } from './browser.ts';

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

const CJK = /[\u4e00-\u9fff]/;
const [id] = Object.keys(catalog);

async function promptAndRule(page: Page, shot: string): Promise<void> {
  await page.getByTestId('game-select').selectOption(id!);
  await page.getByTestId('start-hotseat').click();
  await page.getByTestId('game').waitFor();
  const reveal = page.getByTestId('reveal');
  if (await reveal.isVisible()) await reveal.click();
  // on a phone the panels are in a drawer: open it as a player would
  const drawer = page.getByTestId('drawer-toggle');
  if (await drawer.isVisible()) await drawer.click();
  const prompt = page.getByTestId('prompt');
  await prompt.waitFor();
  await expect.poll(async () => (await prompt.locator('.prompt-text').textContent()) ?? '').toMatch(CJK);
  const link = prompt.locator('.rule-link');
  // the link names the rule by its heading once the reference has loaded, never a raw citation
  await expect.poll(async () => (await link.textContent()) ?? '').not.toMatch(/L\d|AMB-/);
  await link.click();
  const dialog = page.getByTestId('rule-dialog');
  await dialog.waitFor();
  await expect.poll(async () => (await dialog.textContent()) ?? '').toMatch(CJK);
  expect(await dialog.textContent()).not.toMatch(/规则参考中没有|no rules reference|\{#|L\d{2}|AMB-/);
  expect(await page.evaluate(() => document.documentElement.lang)).toBe('zh-CN');
  await page.screenshot({ path: shot });
}

describe('English and Chinese in the browser', () => {
  it(`switching to Chinese: the prompt and the rule it cites (${id}), 1400x860`, async () => {
    const { page, errors } = await openApp(browser, app.url);
    await expect.poll(async () => (await page.locator('h1').textContent()) ?? '').toContain('Sandtable');
    await page.getByTestId('lang').selectOption('zh');
    await promptAndRule(page, '/tmp/sandtable-e2e-zh-1400.png');
    // and back: the same prompt in English
    await page.getByTestId('rule-dialog').getByRole('button').first().click();
    await page.getByTestId('lang').selectOption('en');
    await expect.poll(async () => (await page.getByTestId('prompt').textContent()) ?? '').not.toMatch(CJK);
    expect(errors).toEqual([]);
  });

  it('a Chinese browser gets Chinese at once, 390x844', async () => {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 }, locale: 'zh-CN' });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(`${app.url}?aiDelay=0`);
    await expect.poll(async () => page.getByTestId('lang').inputValue()).toBe('zh');
    await promptAndRule(page, '/tmp/sandtable-e2e-zh-390.png');
    expect(errors).toEqual([]);
    await context.close();
  });
});
