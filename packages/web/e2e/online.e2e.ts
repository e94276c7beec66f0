/**
 * Two browsers play the first listed game through the real server: the server runs as a child process
 * on a loopback port with a temporary SQLite file and serves the built web client. One browser
 * creates a game of two human seats and opens the first seat's link, the other opens the second
 * seat's invite; they click legal actions in turn. The second browser leaves, the server restarts on the
 * same port and database, and the reopened link shows the same position (version and hash); the
 * first page reconnects by itself. The first browser's lobby lists its games.
 */
import type { ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { catalog } from '@sandtable/catalog';
import { launch } from './browser.ts';
import { spawnServer } from '@sandtable/server/child';

const DIST = fileURLToPath(new URL('../dist', import.meta.url));
const dir = mkdtempSync(join(tmpdir(), 'sandtable-online-e2e-'));
const DB = join(dir, 'games.db');

let browser: Browser;
let server: ChildProcess | null = null;
let port = 0;

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer();
    s.once('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const p = (s.address() as { port: number }).port;
      s.close(() => resolve(p));
    });
  });
}

async function startServer(): Promise<string> {
  const { child, url } = await spawnServer([
    '--port',
    String(port),
    '--host',
    '127.0.0.1',
    '--db',
    DB,
    '--static',
    DIST,
    '--quiet',
  ]);
  server = child;
  return url;
}

async function stopServer(): Promise<void> {
  const child = server;
  server = null;
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const gone = new Promise<void>((r) => child.once('exit', () => r()));
  child.kill('SIGTERM');
  const t = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await gone;
  clearTimeout(t);
}

beforeAll(async () => {
  port = await freePort();
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
  await stopServer();
  rmSync(dir, { recursive: true, force: true });
});

const PREFER = /^(pass|end|done|deploy the recommended|stop|no\b|skip|decline)/i;

async function open(ctx: BrowserContext, url: string): Promise<Page> {
  const page = await ctx.newPage();
  const errors: string[] = [];
  page.on('pageerror', (e) => errors.push(e.message));
  (page as unknown as { errors: string[] }).errors = errors;
  await page.goto(url);
  return page;
}

const game = (p: Page) => p.getByTestId('online-game');
const versionOf = async (p: Page) => Number(await game(p).getAttribute('data-version'));
const myTurn = async (p: Page) => (await game(p).getAttribute('data-my-turn')) === 'true';

const [gameId, { game: rules }] = Object.entries(catalog)[0]!;
const [first, second] = rules.rules.roles as [string, string];

describe(`online (${gameId}): two browsers through the server`, () => {
  it('plays by invite link, survives a leave and a server restart, and reopens at the same position', async () => {
    let url = await startServer();
    const ctxA = await browser.newContext({ viewport: { width: 1400, height: 860 } });
    let ctxB = await browser.newContext({ viewport: { width: 1400, height: 860 } });
    const a = await open(ctxA, `${url}/`);
    await a.getByTestId('online-game-select').selectOption(gameId);
    await a.getByTestId(`online-seat-${first}-human`).check();
    await a.getByTestId(`online-seat-${second}-human`).check();
    await a.getByTestId('online-create').click();
    await a.getByTestId('invites').waitFor();
    const firstLink = (await a.getByTestId(`invite-${first}`).getAttribute('href'))!;
    const secondLink = (await a.getByTestId(`invite-${second}`).getAttribute('href'))!;
    expect(firstLink).toMatch(/#\/play\/[^/]+$/);
    expect(secondLink).not.toBe(firstLink);
    await a.getByTestId(`invite-${first}`).click();
    await game(a).waitFor();
    expect(await game(a).getAttribute('data-role')).toBe(first);

    let b = await open(ctxB, secondLink);
    await game(b).waitFor();
    expect(await game(b).getAttribute('data-role')).toBe(second);

    // click legal actions, each on the page whose turn it is, until both sides have acted
    const acted = { first: 0, second: 0 };
    let total = 0;
    for (let i = 0; i < 80 && (total < 8 || !acted.first || !acted.second); i++) {
      const v = await versionOf(a);
      await expect
        .poll(async () => (await versionOf(b)) === v && ((await myTurn(a)) || (await myTurn(b))), { timeout: 20_000 })
        .toBe(true);
      const page = (await myTurn(a)) ? a : b;
      const buttons = page.getByTestId('action');
      await buttons.first().waitFor();
      const texts = await buttons.allTextContents();
      const k = Math.max(
        0,
        texts.findIndex((t) => PREFER.test(t.trim())),
      );
      await buttons.nth(k).click();
      // a card played or a phase ended is asked first (issue 16, item 3)
      const asked = () => page.getByTestId('confirm').isVisible();
      await expect.poll(async () => (await versionOf(page)) > v || (await asked()), { timeout: 20_000 }).toBe(true);
      if (await asked()) await page.getByTestId('confirm').click();
      await expect.poll(() => versionOf(page), { timeout: 20_000 }).toBeGreaterThan(v);
      // the other browser is pushed the same version
      await expect.poll(() => versionOf(page === a ? b : a), { timeout: 20_000 }).toBe(await versionOf(page));
      acted[page === a ? 'first' : 'second']++;
      total++;
    }
    expect(acted.first, `the ${first} browser never acted`).toBeGreaterThan(0);
    expect(acted.second, `the ${second} browser never acted`).toBeGreaterThan(0);
    expect(await a.getByTestId('log').textContent()).not.toBe('');
    await a.screenshot({ path: '/tmp/sandtable-e2e-online-first.png' });
    await b.screenshot({ path: '/tmp/sandtable-e2e-online-second.png' });

    const before = { version: await versionOf(b), hash: await game(b).getAttribute('data-hash') };
    expect(before.version).toBe(total);
    await ctxB.close();

    // the server restarts on the same port and database; the first page reconnects by itself
    await stopServer();
    await expect.poll(() => a.getByTestId('online-status').textContent(), { timeout: 10_000 }).toMatch(/reconnecting/);
    url = await startServer();
    await expect.poll(() => a.getByTestId('online-status').textContent(), { timeout: 20_000 }).toMatch(/online/);
    expect(await versionOf(a)).toBe(before.version);

    ctxB = await browser.newContext({ viewport: { width: 1400, height: 860 } });
    b = await open(ctxB, secondLink);
    await game(b).waitFor();
    expect(await versionOf(b)).toBe(before.version);
    expect(await game(b).getAttribute('data-hash')).toBe(before.hash);
    await b.screenshot({ path: '/tmp/sandtable-e2e-online-reopened.png' });

    // play goes on after the restart
    const page = (await myTurn(a)) ? a : b;
    await page.getByTestId('action').first().click();
    const asked = () => page.getByTestId('confirm').isVisible();
    await expect
      .poll(async () => (await versionOf(a)) > before.version || (await asked()), { timeout: 20_000 })
      .toBe(true);
    if (await asked()) await page.getByTestId('confirm').click();
    await expect.poll(() => versionOf(a), { timeout: 20_000 }).toBe(before.version + 1);
    await expect.poll(() => versionOf(b), { timeout: 20_000 }).toBe(before.version + 1);

    // undo (issue 16 item 6): the seat that just acted takes it back while its turn goes on, and the
    // other browser is pushed the earlier version; after a roll, a reveal or a hand-over it is refused in words
    const undoer = page;
    const v1 = before.version + 1;
    if (await myTurn(undoer)) {
      await undoer.getByTestId('online-undo').click();
      await expect
        .poll(
          async () =>
            (await versionOf(undoer)) === v1 - 1 ||
            /Undo not possible/.test(
              (await undoer
                .getByTestId('message')
                .textContent()
                .catch(() => '')) ?? '',
            ),
          { timeout: 20_000 },
        )
        .toBe(true);
      const undone = (await versionOf(undoer)) === v1 - 1;
      await expect.poll(() => versionOf(undoer === a ? b : a), { timeout: 20_000 }).toBe(undone ? v1 - 1 : v1);
    } else expect(await undoer.getByTestId('online-undo').isDisabled()).toBe(true);

    // the first browser's lobby lists its games from localStorage
    const lobby = await open(ctxA, `${url}/`);
    await lobby.getByTestId('lobby').waitFor();
    expect(await lobby.getByTestId('lobby-game').count()).toBeGreaterThanOrEqual(2);

    for (const p of [a, b, lobby]) expect((p as unknown as { errors: string[] }).errors).toEqual([]);
    await ctxA.close();
    await ctxB.close();
  });
});
