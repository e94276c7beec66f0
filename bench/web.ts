/**
 * Web map renderer in headless Chromium (Canvas2D, software raster): a generated 60,000-hex map
 * with 20,000 counters. Medians of time to first draw, frame time while panning (at a playing
 * zoom and zoomed out), and frame time while 10 counters move. "frame ms" is the draw work until
 * the pixels are rasterized; the note gives the median interval between animation frames. Then
 * Rise and Fall of the Third Reich's map (84 areas clipped to Natural Earth land and water).
 */
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { median, type BenchRow } from './lib.ts';
import { launch, serveApp } from '../packages/web/e2e/browser.ts';
import { DIST } from '../packages/web/bin/serve.mjs';

interface Frames {
  draw: number[];
  interval: number[];
}
type Api = {
  firstDraw(): Promise<{ buildMs: number; firstDrawMs: number; hexes: number; counters: number }>;
  panning(frames: number, zoom?: number): Promise<Frames>;
  moving(frames: number): Promise<Frames>;
  gameMap(
    gameId: string,
    role: string,
    frames: number,
    scale: number,
    zooming?: boolean,
    highlight?: string[],
  ): Promise<Frames>;
};

/** Third Reich's map: 12 land and sea areas highlighted as legal places (as a player sees them mid-move). */
const TR_HIGHLIGHT = [
  'berlin',
  'ruhr',
  'hamburg',
  'denmark',
  'norway',
  'paris',
  'belgium',
  'netherlands',
  'north_sea',
  'baltic_sea',
  'english_channel',
  'london',
];

function row(name: string, f: Frames): BenchRow {
  const m = median(f.draw);
  const iv = median(f.interval);
  return {
    name,
    unit: 'frame',
    samples: f.draw.length,
    medianMs: m,
    perSecond: 1000 / m,
    note: `rAF interval ${iv.toFixed(1)} ms (${(1000 / iv).toFixed(0)} fps)`,
  };
}

export async function run(): Promise<{ title: string; rows: BenchRow[] }[]> {
  if (!existsSync(`${DIST}/bench.html`)) execSync('npm run build -w @sandtable/web --silent', { stdio: 'inherit' });
  const browser = await launch();
  const app = await serveApp();
  try {
    const page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
    await page.goto(`${app.url}bench.html`);
    await page.waitForFunction('document.title === "bench ready"');
    // page-side calls as expressions: this file is type-checked without the DOM library
    const call = <K extends keyof Api>(expr: string) => page.evaluate(`window.bench.${expr}`) as ReturnType<Api[K]>;
    const firsts: number[] = [],
      builds: number[] = [];
    let info = { hexes: 0, counters: 0 };
    for (let i = 0; i < 5; i++) {
      const r = await call<'firstDraw'>('firstDraw()');
      firsts.push(r.firstDrawMs);
      builds.push(r.buildMs);
      info = r;
    }
    const pan = await call<'panning'>('panning(300)');
    const far = await call<'panning'>('panning(300, 0.15)');
    const move = await call<'moving'>('moving(300)');
    const tr = (frames: number, scale: number, zooming: boolean) =>
      call<'gameMap'>(
        `gameMap('third-reich', 'axis', ${frames}, ${scale}, ${zooming}, ${JSON.stringify(TR_HIGHLIGHT)})`,
      );
    const trPlay = await tr(300, 0.5, false);
    const trAll = await tr(300, 0.17, false);
    const trZoom = await tr(100, 0.5, true);
    const rows: BenchRow[] = [
      {
        name: `build map model + indexes (${info.hexes} hexes, ${info.counters} counters)`,
        unit: 'map',
        samples: builds.length,
        medianMs: median(builds),
        perSecond: 1000 / median(builds),
      },
      {
        name: 'time to first draw (1280x800, playing zoom)',
        unit: 'frame',
        samples: firsts.length,
        medianMs: median(firsts),
        perSecond: 1000 / median(firsts),
      },
      row('panning, playing zoom (hex 48 px)', pan),
      row('panning, zoomed out (hex 7 px, ~30k hexes in view)', far),
      row('10 counters moving, playing zoom', move),
      row('Third Reich over coastlines, panning, playing zoom (counters 43 px, 12 places highlighted)', trPlay),
      row('Third Reich over coastlines, panning, all of Europe in view', trAll),
      row('Third Reich over coastlines, zooming (the coastal layer redrawn every frame)', trZoom),
    ];
    return [
      ...(await (await import('./web-start.ts')).run()),
      { title: 'Web map renderer, headless Chromium Canvas2D (medians)', rows },
    ];
  } finally {
    await browser.close();
    await app.close();
  }
}
