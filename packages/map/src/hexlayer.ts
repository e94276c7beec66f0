/**
 * The hex layer of a hex map: terrain fills batched by terrain, hexside rivers/roads, grid lines.
 * Drawn into 256-pixel tiles per power-of-two zoom level and cached, so panning blits images;
 * far out, a one-pixel-per-hex overview bitmap stands in. Only the visible column/row range is
 * ever drawn (culling by arithmetic, no per-hex objects).
 */
import type { Camera } from './camera.ts';
import { makeCanvas } from './counter.ts';
import type { Bounds, HexBoard } from './model.ts';

type Ctx = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;
const TILE = 256;

export class HexLayer {
  private readonly tiles = new Map<string, HTMLCanvasElement | OffscreenCanvas>();
  private overview: HTMLCanvasElement | OffscreenCanvas | null = null;
  private readonly cornerDx: number[] = [];
  private readonly cornerDy: number[] = [];
  private readonly byTerrain: number[][] = [];
  /** Tiles rendered during the last draw (for the benchmark and tests). */
  tilesRendered = 0;

  constructor(
    readonly board: HexBoard,
    private readonly maxTiles = 600,
  ) {
    const g = board.grid;
    const L = board.layout;
    const sy = L.sizeY ?? L.size;
    for (let k = 0; k < 6; k++) {
      const a = (Math.PI / 180) * (g.orientation === 'flat' ? 60 * k : 60 * k - 30);
      this.cornerDx.push(L.size * Math.cos(a));
      this.cornerDy.push(sy * Math.sin(a));
    }
    for (let i = 0; i < board.terrainFill.length; i++) this.byTerrain.push([]);
  }

  /** World centre of hex i, without allocating. */
  cx(i: number): number {
    const g = this.board.grid,
      L = this.board.layout;
    const q = g.qOf(i),
      r = g.rOf(i);
    const ox = L.originX ?? 0;
    return g.orientation === 'flat' ? ox + L.size * 1.5 * q : ox + L.size * Math.sqrt(3) * (q + r / 2);
  }

  cy(i: number): number {
    const g = this.board.grid,
      L = this.board.layout;
    const q = g.qOf(i),
      r = g.rOf(i);
    const oy = L.originY ?? 0;
    const sy = L.sizeY ?? L.size;
    return g.orientation === 'flat' ? oy + sy * Math.sqrt(3) * (r + q / 2) : oy + sy * 1.5 * r;
  }

  /** Column and row ranges (inclusive) that may intersect world rectangle `b`. */
  range(b: Bounds): [number, number, number, number] {
    const g = this.board.grid,
      L = this.board.layout;
    const sy = L.sizeY ?? L.size;
    const colW = g.orientation === 'flat' ? 1.5 * L.size : Math.sqrt(3) * L.size;
    const rowH = g.orientation === 'flat' ? Math.sqrt(3) * sy : 1.5 * sy;
    const x0 = this.cx(0),
      y0 = this.cy(0);
    const c0 = Math.floor((b.minX - x0) / colW) - 1,
      c1 = Math.ceil((b.maxX - x0) / colW) + 1;
    const r0 = Math.floor((b.minY - y0) / rowH) - 1,
      r1 = Math.ceil((b.maxY - y0) / rowH) + 1;
    return [Math.max(0, c0), Math.min(g.cols - 1, c1), Math.max(0, r0), Math.min(g.rows - 1, r1)];
  }

  hexPath(ctx: Ctx, i: number): void {
    const x = this.cx(i),
      y = this.cy(i);
    ctx.moveTo(x + this.cornerDx[0]!, y + this.cornerDy[0]!);
    for (let k = 1; k < 6; k++) ctx.lineTo(x + this.cornerDx[k]!, y + this.cornerDy[k]!);
    ctx.closePath();
  }

  /** Draws hexes in world rectangle `b` on a context already transformed to world units. */
  drawWorld(ctx: Ctx, b: Bounds, pxPerUnit: number): void {
    const [c0, c1, r0, r1] = this.range(b);
    const g = this.board.grid;
    for (const list of this.byTerrain) list.length = 0;
    for (let r = r0; r <= r1; r++)
      for (let c = c0; c <= c1; c++) {
        const i = r * g.cols + c;
        this.byTerrain[g.terrain[i]!]?.push(i);
      }
    this.byTerrain.forEach((list, t) => {
      if (!list.length) return;
      ctx.beginPath();
      for (const i of list) this.hexPath(ctx, i);
      ctx.fillStyle = this.board.terrainFill[t]!;
      ctx.fill();
      if (pxPerUnit * this.board.layout.size >= 6) {
        ctx.strokeStyle = 'rgba(40,40,30,0.35)';
        ctx.lineWidth = 1 / pxPerUnit;
        ctx.stroke();
      }
    });
    this.drawHexsides(ctx, c0, c1, r0, r1);
  }

  private drawHexsides(ctx: Ctx, c0: number, c1: number, r0: number, r1: number): void {
    const g = this.board.grid;
    for (const st of this.board.hexsides) {
      ctx.beginPath();
      let any = false;
      for (let r = r0; r <= r1; r++)
        for (let c = c0; c <= c1; c++) {
          const i = r * g.cols + c;
          for (let d = 0; d < 6; d++) {
            if (!(g.hexsides[6 * i + d]! & st.bit)) continue;
            any = true;
            if (st.kind === 'road' || st.kind === 'rail') {
              const n = g.neighbour(i, d);
              if (n < 0 || n < i) continue;
              ctx.moveTo(this.cx(i), this.cy(i));
              ctx.lineTo(this.cx(n), this.cy(n));
            } else {
              const k0 = g.orientation === 'flat' ? (d + 4) % 6 : (d + 5) % 6;
              const k1 = (k0 + 1) % 6;
              const x = this.cx(i),
                y = this.cy(i);
              ctx.moveTo(x + this.cornerDx[k0]!, y + this.cornerDy[k0]!);
              ctx.lineTo(x + this.cornerDx[k1]!, y + this.cornerDy[k1]!);
            }
          }
        }
      if (!any) continue;
      const size = this.board.layout.size;
      ctx.strokeStyle = st.color;
      ctx.lineWidth = st.width * size;
      ctx.lineCap = st.dash || st.kind === 'rail' ? 'butt' : 'round';
      if (st.kind === 'rail') {
        // a railway: a thin line with cross ties
        ctx.stroke();
        ctx.lineWidth = st.width * size * 3;
        ctx.setLineDash([st.width * size * 0.9, st.width * size * 3.5]);
        ctx.stroke();
        ctx.setLineDash([]);
        continue;
      }
      if (st.dash) ctx.setLineDash(st.dash.map((x) => x * size));
      ctx.stroke();
      if (st.dash) ctx.setLineDash([]);
    }
  }

  /** Draws the layer for camera `cam` on a screen of w x h CSS pixels. */
  draw(ctx: CanvasRenderingContext2D, cam: Camera, w: number, h: number, dpr: number): void {
    this.tilesRendered = 0;
    const hexPx = cam.scale * this.board.layout.size;
    if (hexPx < 1.5) return this.drawOverview(ctx, cam, dpr);
    const level = Math.ceil(Math.log2(cam.scale * dpr));
    const ls = 2 ** level; // device pixels per world unit in the tiles
    const f = (cam.scale * dpr) / ls;
    const wx0 = -cam.ox / cam.scale,
      wy0 = -cam.oy / cam.scale;
    const span = TILE / ls; // world units per tile
    const tx0 = Math.floor(wx0 / span),
      ty0 = Math.floor(wy0 / span);
    const tx1 = Math.floor((wx0 + w / cam.scale) / span),
      ty1 = Math.floor((wy0 + h / cam.scale) / span);
    ctx.save();
    ctx.setTransform(1, 0, 0, 1, 0, 0);
    ctx.imageSmoothingEnabled = f < 0.999;
    for (let ty = ty0; ty <= ty1; ty++)
      for (let tx = tx0; tx <= tx1; tx++) {
        const tile = this.tile(level, tx, ty, ls, span);
        if (!tile) continue;
        const sx = (tx * span * cam.scale + cam.ox) * dpr,
          sy = (ty * span * cam.scale + cam.oy) * dpr;
        const size = TILE * f;
        ctx.drawImage(
          tile,
          Math.floor(sx),
          Math.floor(sy),
          Math.ceil(size + (sx - Math.floor(sx))) + 0.5,
          Math.ceil(size + (sy - Math.floor(sy))) + 0.5,
        );
      }
    ctx.restore();
  }

  private tile(
    level: number,
    tx: number,
    ty: number,
    ls: number,
    span: number,
  ): HTMLCanvasElement | OffscreenCanvas | null {
    const key = `${level}/${tx}/${ty}`;
    let t = this.tiles.get(key);
    if (t) {
      this.tiles.delete(key);
      this.tiles.set(key, t); // LRU order
      return t;
    }
    const b = { minX: tx * span, minY: ty * span, maxX: (tx + 1) * span, maxY: (ty + 1) * span };
    const [c0, c1, r0, r1] = this.range(b);
    if (c0 > c1 || r0 > r1) return null;
    t = makeCanvas(TILE, TILE);
    const cx = t.getContext('2d') as Ctx;
    cx.setTransform(ls, 0, 0, ls, -tx * TILE, -ty * TILE);
    this.drawWorld(cx, b, ls);
    this.tiles.set(key, t);
    this.tilesRendered++;
    if (this.tiles.size > this.maxTiles) this.tiles.delete(this.tiles.keys().next().value!);
    return t;
  }

  private drawOverview(ctx: CanvasRenderingContext2D, cam: Camera, dpr: number): void {
    const g = this.board.grid;
    if (!this.overview) {
      const c = makeCanvas(g.cols, g.rows);
      const cx = c.getContext('2d') as Ctx;
      const img = cx.createImageData(g.cols, g.rows);
      const rgb = this.board.terrainFill.map(parseColor);
      for (let i = 0; i < g.nodeCount; i++) {
        const col = rgb[g.terrain[i]!] ?? [0, 0, 0];
        img.data.set([col[0], col[1], col[2], 255], 4 * i);
      }
      cx.putImageData(img, 0, 0);
      this.overview = c;
    }
    const last = g.nodeCount - 1;
    const x0 = this.cx(0),
      y0 = this.cy(0),
      x1 = this.cx(last),
      y1 = this.cy(last);
    const cw = (x1 - x0) / Math.max(1, g.cols - 1),
      rh = (y1 - y0) / Math.max(1, g.rows - 1);
    ctx.save();
    ctx.setTransform(dpr, 0, 0, dpr, 0, 0);
    ctx.imageSmoothingEnabled = false;
    ctx.drawImage(
      this.overview,
      (x0 - cw / 2) * cam.scale + cam.ox,
      (y0 - rh / 2) * cam.scale + cam.oy,
      g.cols * cw * cam.scale,
      g.rows * rh * cam.scale,
    );
    ctx.restore();
  }
}

export function parseColor(c: string): [number, number, number] {
  const m = /^#([0-9a-f]{6})$/i.exec(c);
  if (m) {
    const n = parseInt(m[1]!, 16);
    return [n >> 16, (n >> 8) & 255, n & 255];
  }
  const r = /rgba?\((\d+),\s*(\d+),\s*(\d+)/.exec(c);
  return r ? [Number(r[1]), Number(r[2]), Number(r[3])] : [128, 128, 128];
}
