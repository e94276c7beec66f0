/**
 * The web client's start (issue 16, item 7): the start page's download, gzipped and brotli
 * (index.html, its stylesheet, its script and every chunk that script imports statically; a
 * game's own chunks load when it is opened), and the time from a click on "Start game" (a human
 * against the default computer) to the first action the player can click, for each listed game.
 * Targets: under 150 kB gzipped; playable within 1 s.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { catalog } from '@sandtable/catalog';
import { median, type BenchRow } from './lib.ts';
import { launch, serveApp } from '../packages/web/e2e/browser.ts';
import { DIST } from '../packages/web/bin/serve.mjs';

/** The start page's files: index.html, what it links, and the static imports of its scripts, transitively. */
export function startPageFiles(dist = DIST): string[] {
  const html = readFileSync(join(dist, 'index.html'), 'utf8');
  const files = new Set<string>(['index.html']);
  const queue = [...html.matchAll(/(?:src|href)="\.\/([^"]+\.(?:js|css))"/g)].map((m) => m[1]!);
  while (queue.length) {
    const f = queue.shift()!;
    if (files.has(f)) continue;
    files.add(f);
    if (!f.endsWith('.js')) continue;
    const code = readFileSync(join(dist, f), 'utf8');
    // static imports only (`import ... from "./x.js"`, `import "./x.js"`); `import("./x.js")` is on demand
    for (const m of code.matchAll(/(?:from|import)\s*["']\.\/([^"']+\.js)["']/g)) queue.push(`assets/${m[1]}`);
  }
  return [...files];
}

export function startPageBytes(dist = DIST): { raw: number; gzip: number; brotli: number; files: number } {
  let raw = 0,
    gzip = 0,
    brotli = 0;
  const files = startPageFiles(dist);
  for (const f of files) {
    const b = readFileSync(join(dist, f));
    raw += b.length;
    gzip += gzipSync(b, { level: 9 }).length;
    brotli += brotliCompressSync(b).length;
  }
  return { raw, gzip, brotli, files: files.length };
}

export async function run(): Promise<{ title: string; rows: BenchRow[] }[]> {
  const size = startPageBytes();
  const rows: BenchRow[] = [
    {
      name: `start page download, gzipped (target < 150 kB): ${(size.gzip / 1024).toFixed(1)} kB`,
      unit: 'page',
      samples: 1,
      medianMs: 0,
      perSecond: 0,
      note: `${size.files} files, ${(size.raw / 1024).toFixed(0)} kB raw, ${(size.brotli / 1024).toFixed(1)} kB brotli`,
    },
  ];
  const browser = await launch();
  const app = await serveApp();
  try {
    for (const id of Object.keys(catalog)) {
      const times: number[] = [];
      for (let i = 0; i < 3; i++) {
        const page = await browser.newPage({ viewport: { width: 1400, height: 860 } });
        await page.goto(`${app.url}?confirm=0`);
        await page.getByTestId('game-select').selectOption(id);
        await page.getByTestId('seed').fill(`bench-${i}`);
        const t0 = Date.now();
        await page.getByTestId('start').click();
        await page.waitForFunction(
          () => !!document.querySelector('[data-testid=action],[data-testid=action-group],[data-testid=reveal]'),
          null,
          { timeout: 120_000 },
        );
        times.push(Date.now() - t0);
        await page.close();
      }
      const m = median(times);
      rows.push({
        name: `${id}: "Start game" to the first action the player can click (target < 1 s)`,
        unit: 'start',
        samples: times.length,
        medianMs: m,
        perSecond: 1000 / m,
        note: `against the default computer; runs ${times.join(', ')} ms`,
      });
    }
  } finally {
    await browser.close();
    await app.close();
  }
  return [{ title: 'Web client start (start page size; time to a playable game)', rows }];
}
