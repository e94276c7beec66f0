/**
 * Rise and Fall of the Third Reich in a real browser: the Axis (human) against the computer
 * picks its hand by clicking cards of its usable deck, plays the first turn out, picks its
 * turn-2 hand, and at no point does the page show a card of the Allies' hand (only its count).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { launch, openApp, serveApp, watchToOutcome } from '@sandtable/web/e2e/browser';

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

const PREFER = /^(pass|finish|end|done|cancel|no counterattack|stop)/i;

const prompt = async (page: Page) =>
  (await page
    .getByTestId('prompt')
    .textContent()
    .catch(() => '')) ?? '';

/** Clicks a place on the map where the map says it is (the canvas exposes `sandtable.screenOf`). */
async function clickPlace(page: Page, place: string): Promise<void> {
  const at = await page.evaluate((p) => {
    const c = document.querySelector('canvas[data-testid=map]') as unknown as {
      sandtable: { screenOf(p: string): [number, number] | null };
    };
    return c.sandtable.screenOf(p);
  }, place);
  if (!at) throw new Error(`place ${place} is not on the map`);
  const box = (await page.getByTestId('map').boundingBox())!;
  await page.mouse.click(box.x + at[0], box.y + at[1]);
}

async function turnOf(page: Page): Promise<number> {
  const m = /Turn\s*(\d+)/.exec((await page.getByTestId('status').textContent()) ?? '');
  return m ? Number(m[1]) : 0;
}

const legalDeckCards = (page: Page) => page.locator('[data-testid=deck] [data-testid=card].hl-legal');

/** Clicks `n` highlighted cards of the usable deck; returns their ids. */
async function pickByClicking(page: Page, n: number): Promise<string[]> {
  const picked: string[] = [];
  for (let i = 0; i < n; i++) {
    await expect.poll(() => legalDeckCards(page).count()).toBeGreaterThan(0);
    const card = legalDeckCards(page).first();
    picked.push((await card.getAttribute('data-card'))!);
    const before = await page.getByTestId('game').getAttribute('data-seq');
    await card.click();
    await expect.poll(() => page.getByTestId('game').getAttribute('data-seq')).not.toBe(before);
  }
  return picked;
}

/**
 * The page shows no card of the Allies' hand: no Allied SV 2 card outside their public piles
 * (development pool and discards), the hand only as a count.
 */
async function alliedHandHidden(page: Page): Promise<number> {
  const outsidePiles = await page
    .locator('[data-card^="al2"]')
    .evaluateAll((els) => els.filter((e) => !e.closest('[data-testid=piles-allies]')).length);
  expect(outsidePiles).toBe(0);
  expect(await page.getByTestId('log').textContent()).not.toMatch(/allies chooses/);
  const m = /Allies: (\d+) cards? in hand \(face down\)/.exec((await page.getByTestId('cards').textContent()) ?? '');
  expect(m, "the Allies' hand is shown as a count").not.toBeNull();
  const backs = await page
    .locator('[data-testid=hand-allies] [data-testid=card]')
    .evaluateAll((els) => els.map((e) => `${e.getAttribute('data-card')}|${e.textContent}`));
  expect(backs).toEqual(Array.from({ length: Number(m![1]) }, () => '|'));
  return Number(m![1]);
}

describe('Third Reich in the browser', () => {
  it("the Axis picks its hands and plays a card by clicking cards, forms a group on the map, and never sees the Allies' hand", async () => {
    const { page, errors } = await openApp(browser, app.url);
    await page.getByTestId('game-select').selectOption('third-reich');
    await page.getByTestId('seed').fill('3');
    await page.getByTestId('seat-axis-human').check();
    await page.getByTestId('seat-allies-ai').check();
    // the random computer: a fixed path for the seed (the default, "normal", searches by the clock)
    await page.getByTestId('strength').selectOption('random');
    await page.getByTestId('start').click();

    // 5.0(1): turn 1, the Axis chooses 4 cards; the Allies none
    await expect.poll(() => page.getByTestId('deck').locator('[data-testid=card]').count()).toBe(8);
    await expect.poll(() => page.getByTestId('prompt').textContent()).toMatch(/Choose 4 more card/);
    const first = await pickByClicking(page, 4);
    const hand = await page
      .getByTestId('hand')
      .locator('[data-testid=card]')
      .evaluateAll((els) => els.map((e) => e.getAttribute('data-card')));
    expect(hand.sort()).toEqual([...first].sort());
    await expect.poll(() => page.getByTestId('hand').textContent()).toMatch(/4 cards/);
    expect(await alliedHandHidden(page)).toBe(0);

    // the map is drawn: many colours on the canvas
    const colours = await page.evaluate(() => {
      const c = document.querySelector('canvas[data-testid=map]') as HTMLCanvasElement;
      const d = c.getContext('2d')!.getImageData(0, 0, c.width, c.height).data;
      const seen = new Set<number>();
      for (let i = 0; i < d.length; i += 4 * 97) seen.add((d[i]! << 16) | (d[i + 1]! << 8) | d[i + 2]!);
      return seen.size;
    });
    expect(colours).toBeGreaterThan(30);

    // 6.1: a card is played by clicking it in the hand; 7.0: a group is formed by clicking Berlin,
    // and the counter on top of Berlin's stack joins it when clicked
    await page.locator('[data-testid=hand] [data-testid=card].hl-legal').first().click();
    await expect.poll(() => prompt(page)).toMatch(/use the SV, the event, or finish/);
    await page
      .getByTestId('action')
      .filter({ hasText: /^Use the SV$/ })
      .click();
    await expect.poll(() => prompt(page)).toMatch(/Spend 2 SV/);
    await clickPlace(page, 'berlin');
    await expect.poll(() => page.getByTestId('actions').textContent()).toMatch(/Actions with Berlin/);
    await page
      .getByTestId('action')
      .filter({ hasText: /^Form a group in Berlin$/ })
      .click();
    await expect.poll(() => prompt(page)).toMatch(/Group in Berlin \(0 unit/);
    await clickPlace(page, 'berlin');
    await expect.poll(() => prompt(page)).toMatch(/Group in Berlin \(1 unit/);
    await expect
      .poll(() => page.getByTestId('info-box').textContent())
      .toMatch(/Axis group in Berlin: GE \w+ \d-\d-\d/);
    await page
      .getByTestId('action')
      .filter({ hasText: /^Cancel$/ })
      .click();

    // play turn 1 out (pass, finish), then pick the turn-2 hand by clicking
    let clicks = 0;
    let allied = 0;
    while (clicks < 300) {
      await page.waitForFunction(
        () => !!document.querySelector('[data-testid=action],[data-testid=confirm],[data-testid=outcome]'),
        null,
        { timeout: 60_000 },
      );
      if (
        (await turnOf(page)) >= 2 &&
        /Choose \d+ more card/.test((await page.getByTestId('prompt').textContent()) ?? '')
      ) {
        await pickByClicking(page, 1);
        clicks++;
        continue;
      }
      if ((await turnOf(page)) >= 2 && !(await legalDeckCards(page).count())) {
        allied = await alliedHandHidden(page);
        if (allied > 0) break;
      }
      if (await page.getByTestId('confirm').isVisible()) {
        await page.getByTestId('confirm').click();
        clicks++;
        continue;
      }
      const buttons = page.getByTestId('action');
      const texts = await buttons.allTextContents();
      const k = Math.max(
        0,
        texts.findIndex((t) => PREFER.test(t.trim())),
      );
      await buttons.nth(k).click();
      clicks++;
    }
    expect(await turnOf(page)).toBe(2);
    expect(allied, 'the Allies hold cards in turn 2, shown only as a count').toBeGreaterThan(0);
    expect(await page.getByTestId('hand').locator('[data-testid=card]').count()).toBeGreaterThan(0);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('the computer plays a whole campaign to its outcome (14.1 or 14.2), the map and tracks drawn throughout', async () => {
    const { page, errors } = await openApp(browser, app.url);
    expect(await watchToOutcome(page, 'third-reich', 'e2e-campaign', 280_000)).toMatch(/(Axis|Allies) wins?.*14\.[12]/);
    expect(await turnOf(page)).toBeGreaterThanOrEqual(1);
    await page.screenshot({ path: '/tmp/sandtable-e2e-third-reich-watch-end.png' });
    expect(errors).toEqual([]);
    await page.close();
  });
});
