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

/**
 * A page of the app (1400x860 unless `viewport`, the computer without delay) and the page errors
 * it raises. Confirmations before irreversible actions are off (`?confirm=0`, the experts'
 * setting) unless `askFirst`: the games' own tests click through the rules, not the dialogs.
 */
export async function openApp(
  browser: Browser,
  url: string,
  opts: { acceptDownloads?: boolean; askFirst?: boolean; viewport?: { width: number; height: number } } = {},
): Promise<{ page: Page; errors: string[] }> {
  const { askFirst, viewport, ...rest } = opts;
  const page = await browser.newPage({ viewport: viewport ?? { width: 1400, height: 860 }, ...rest });
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  await page.goto(`${url}?aiDelay=0${askFirst ? '' : '&confirm=0'}`);
  return { page, errors };
}

/** "Watch the computer": `game` from `seed` with every side played by the random computer, up to its outcome; returns the outcome's text. */
export async function watchToOutcome(page: Page, game: string, seed: string, timeoutMs: number): Promise<string> {
  await page.getByTestId('game-select').selectOption(game);
  await page.getByTestId('seed').fill(seed);
  // random moves: the whole game in the test's time (the default opponent, "normal", searches a second an impulse)
  await page.getByTestId('strength').selectOption('random');
  await page.getByTestId('start-watch').click();
  await page.getByTestId('outcome').waitFor({ timeout: timeoutMs });
  return (await page.getByTestId('outcome').textContent()) ?? '';
}

/** The two screen sizes every browser test of the player's experience looks at. */
export const DESKTOP = { width: 1400, height: 860 };
export const PHONE = { width: 390, height: 844 };

/** Saves a screenshot at both sizes (the page is resized and put back): `/tmp/sandtable-e2e-<name>-<w>.png`. */
export async function shots(page: Page, name: string): Promise<string[]> {
  const was = page.viewportSize() ?? DESKTOP;
  const out: string[] = [];
  for (const size of [DESKTOP, PHONE]) {
    await page.setViewportSize(size);
    await page.waitForTimeout(120);
    const path = `/tmp/sandtable-e2e-${name}-${size.width}.png`;
    await page.screenshot({ path });
    out.push(path);
  }
  await page.setViewportSize(was);
  return out;
}
