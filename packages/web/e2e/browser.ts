/** Headless Debian Chromium through playwright-core, and the built app on a random localhost port. */
import { existsSync } from 'node:fs';
import { chromium, type Browser, type Page } from 'playwright-core';
import { serve } from '../bin/serve.mjs';

export const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

export async function launch(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) {
    throw new Error(
      `Chromium not found at ${CHROMIUM}: install it with "apt-get install -y chromium" (.ci/run does) or set CHROMIUM_PATH`,
    );
  }
  return chromium.launch({ executablePath: CHROMIUM, args: CHROMIUM_ARGS });
}

export async function serveApp(): Promise<{ url: string; close(): Promise<void> }> {
  return serve(0);
}

/** A page of the app (1400x860, the computer without delay) and the page errors it raises. */
export async function openApp(
  browser: Browser,
  url: string,
  opts: { acceptDownloads?: boolean } = {},
): Promise<{ page: Page; errors: string[] }> {
  const page = await browser.newPage({ viewport: { width: 1400, height: 860 }, ...opts });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${url}?aiDelay=0`);
  return { page, errors };
}

/** "Watch the computer": `game` from `seed` with every side played by the computer, up to its outcome; returns the outcome's text. */
export async function watchToOutcome(page: Page, game: string, seed: string, timeoutMs: number): Promise<string> {
  await page.getByTestId('game-select').selectOption(game);
  await page.getByTestId('seed').fill(seed);
  await page.getByTestId('start-watch').click();
  await page.getByTestId('outcome').waitFor({ timeout: timeoutMs });
  return (await page.getByTestId('outcome').textContent()) ?? '';
}
