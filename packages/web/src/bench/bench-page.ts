/**
 * The renderer benchmark page (bench.html): a generated 60,000-hex map with 20,000 counters, and
 * any listed game's map at its set-up (bench/web.ts picks the game and the places to highlight).
 * bench/web.ts drives it through `window.bench` in headless Chromium.
 */
import { findGame, webAdapter } from '@sandtable/catalog';
import { fitCamera, MapRenderer, pan, type Camera, type HighlightKind } from '@sandtable/map';
import { bigHexMap } from './bigmap.ts';

const canvas = document.getElementById('map') as HTMLCanvasElement;
const ctx = canvas.getContext('2d')!;
const W = canvas.width,
  H = canvas.height;
const frame = () => new Promise<number>((r) => requestAnimationFrame(r));

function drawTimed(r: MapRenderer, cam: Camera, highlights = new Map<string, HighlightKind>()): number {
  const t0 = performance.now();
  r.draw(ctx, cam, W, H, { highlights }, 1);
  ctx.getImageData(0, 0, 1, 1); // wait for the rasterizer: the frame is really drawn
  return performance.now() - t0;
}

/** Camera at a playing zoom (hexes about 48 px across) in the middle of the map. */
function playCamera(r: MapRenderer): Camera {
  const b = r.model.bounds;
  const scale = 0.8;
  return { scale, ox: W / 2 - ((b.minX + b.maxX) / 2) * scale, oy: H / 2 - ((b.minY + b.maxY) / 2) * scale };
}

async function run(
  frames: number,
  step: (k: number) => Camera,
  r: MapRenderer,
  highlights?: Map<string, HighlightKind>,
): Promise<{ draw: number[]; interval: number[] }> {
  const draw: number[] = [],
    interval: number[] = [];
  let last = await frame();
  for (let k = 0; k < frames; k++) {
    draw.push(drawTimed(r, step(k), highlights));
    const now = await frame();
    interval.push(now - last);
    last = now;
  }
  return { draw, interval };
}

const api = {
  async firstDraw(): Promise<{ buildMs: number; firstDrawMs: number; hexes: number; counters: number }> {
    const t0 = performance.now();
    const model = bigHexMap();
    const r = new MapRenderer(model);
    const t1 = performance.now();
    const first = drawTimed(r, playCamera(r));
    (window as unknown as { renderer: MapRenderer }).renderer = r;
    return { buildMs: t1 - t0, firstDrawMs: first, hexes: model.hex!.grid.nodeCount, counters: model.pieces.length };
  },
  async panning(frames: number, zoom = 1): Promise<{ draw: number[]; interval: number[] }> {
    const r = (window as unknown as { renderer: MapRenderer }).renderer;
    let cam = playCamera(r);
    cam = { scale: cam.scale * zoom, ox: W / 2 - (W / 2 - cam.ox) * zoom, oy: H / 2 - (H / 2 - cam.oy) * zoom };
    return run(frames, () => (cam = pan(cam, -7, -3)), r);
  },
  async moving(frames: number): Promise<{ draw: number[]; interval: number[] }> {
    const r = (window as unknown as { renderer: MapRenderer }).renderer;
    const cam = playCamera(r);
    const b = r.model.bounds;
    const cx = (b.minX + b.maxX) / 2,
      cy = (b.minY + b.maxY) / 2;
    const movers = Array.from({ length: 10 }, (_, i) => r.stacks.length - 1 - i * 37);
    return run(
      frames,
      (k) => {
        movers.forEach((s, i) => {
          r.moveStack(s, cx - 500 + i * 100 + Math.sin(k / 20 + i) * 300, cy + Math.cos(k / 25 + i) * 300);
        });
        return cam;
      },
      r,
    );
  },
  /**
   * Game `gameId`'s map at the set-up as `role` sees it, panned back and forth at `scale`, or
   * zoomed a little every frame, with the places in `highlight` highlighted as legal places.
   */
  async gameMap(
    gameId: string,
    role: string,
    frames: number,
    scale: number,
    zooming = false,
    highlight: string[] = [],
  ): Promise<{ draw: number[]; interval: number[] }> {
    const game = findGame(gameId);
    const adapter = await webAdapter(gameId);
    const model = adapter?.map(game.view(game.setup('bench'), role));
    if (!model) throw new Error(`${gameId} has no map`);
    const r = new MapRenderer(model);
    const b = model.bounds;
    const hl = new Map<string, HighlightKind>(highlight.map((id) => [id, 'legal']));
    let cam: Camera = {
      scale,
      ox: W / 2 - ((b.minX + b.maxX) / 2) * scale,
      oy: H / 2 - ((b.minY + b.maxY) / 2) * scale,
    };
    if (zooming) {
      // a new scale every frame (wheel zoom): the coastal layer is drawn anew each time
      const c0 = cam;
      return run(
        frames,
        (k) => {
          const z = 1 + 0.01 * (k % 20);
          return { scale: c0.scale * z, ox: W / 2 - (W / 2 - c0.ox) * z, oy: H / 2 - (H / 2 - c0.oy) * z };
        },
        r,
        hl,
      );
    }
    return run(
      frames,
      (k) => (cam = pan(cam, Math.floor(k / 60) % 2 ? 6 : -6, Math.floor(k / 90) % 2 ? 3 : -3)),
      r,
      hl,
    );
  },
  /** Draws one still frame (for looking at the map): zoom relative to the playing zoom. */
  show(zoom = 1, numbers = false): void {
    const r = (window as unknown as { renderer: MapRenderer }).renderer;
    const c = playCamera(r);
    const cam =
      zoom === 0
        ? fitCamera(r.model.bounds, W, H)
        : { scale: c.scale * zoom, ox: W / 2 - (W / 2 - c.ox) * zoom, oy: H / 2 - (H / 2 - c.oy) * zoom };
    r.draw(ctx, cam, W, H, { highlights: new Map(), showHexNumbers: numbers }, 1);
  },
};
(window as unknown as { bench: typeof api }).bench = api;
document.title = 'bench ready';
