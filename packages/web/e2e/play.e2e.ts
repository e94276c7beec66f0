/**
 * The web client in a real browser, for the first listed game (the client names no game; each
 * game's own browser tests are in games/<id>/e2e): a hotseat game hands the screen over to the
 * side on turn.
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

const PREFER = /^(pass|end|done|stop|no\b|skip|decline)/i;

/** One human step: a pending confirmation, else a preferred action (pass/end/done), else the first. */
async function step(page: Page): Promise<void> {
  if (await page.getByTestId('confirm').isVisible()) return page.getByTestId('confirm').click();
  if (await page.getByTestId('reveal').isVisible()) return page.getByTestId('reveal').click();
  const buttons = page.getByTestId('action');
  const texts = await buttons.allTextContents();
  const k = Math.max(
    0,
    texts.findIndex((t) => PREFER.test(t.trim())),
  );
  await buttons.nth(k).click();
}

async function waitForHumanOrEnd(page: Page): Promise<'act' | 'end'> {
  await page.waitForFunction(
    () =>
      !!document.querySelector('[data-testid=action],[data-testid=confirm],[data-testid=reveal],[data-testid=outcome]'),
    null,
    { timeout: 60_000 },
  );
  return (await page.getByTestId('outcome').count()) ? 'end' : 'act';
}

const [id, { game }] = Object.entries(catalog)[0]!;

describe('the web client in the browser', () => {
  it(`hotseat (${id}): every side is human and the screen follows the side on turn`, async () => {
    const { page, errors } = await openApp(browser, app.url);
    await page.getByTestId('game-select').selectOption(id);
    await page.getByTestId('seed').fill('e2e-2');
    await page.getByTestId('start-hotseat').click();
    await page.getByTestId('game').waitFor();
    const roles = new Set<string>();
    for (let i = 0; i < 300 && roles.size < game.rules.roles.length; i++) {
      if ((await waitForHumanOrEnd(page)) === 'end') break;
      roles.add((await page.getByTestId('game').getAttribute('data-role')) ?? '');
      await step(page);
    }
    expect([...roles].sort()).toEqual([...game.rules.roles].sort());
    expect(errors).toEqual([]);
  });
});
