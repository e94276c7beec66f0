/**
 * Counters drawn from unit data: a coloured square with the NATO frame symbol (APP-6 style),
 * designation on top and values at the bottom, a red band when used, step pips, a count badge.
 * Sprites are cached per look and pixel size, so a frame blits images instead of drawing text.
 */
import type { Piece, UnitSymbol } from './model.ts';

type Ctx = CanvasRenderingContext2D | OffscreenCanvasRenderingContext2D;

function frame(ctx: Ctx, x: number, y: number, w: number, h: number, ink: string, lw: number): void {
  ctx.strokeStyle = ink;
  ctx.lineWidth = lw;
  ctx.strokeRect(x, y, w, h);
}

/** Draws the symbol inside the frame box (x, y, w, h). */
export function drawSymbol(ctx: Ctx, sym: UnitSymbol, x: number, y: number, w: number, h: number, ink: string): void {
  const lw = Math.max(1, h / 9);
  ctx.lineWidth = lw;
  ctx.strokeStyle = ink;
  ctx.fillStyle = ink;
  const cx = x + w / 2,
    cy = y + h / 2;
  const cross = () => {
    ctx.beginPath();
    ctx.moveTo(x, y);
    ctx.lineTo(x + w, y + h);
    ctx.moveTo(x + w, y);
    ctx.lineTo(x, y + h);
    ctx.stroke();
  };
  const oval = () => {
    ctx.beginPath();
    ctx.ellipse(cx, cy, w * 0.32, h * 0.3, 0, 0, Math.PI * 2);
    ctx.stroke();
  };
  switch (sym) {
    case 'infantry':
      frame(ctx, x, y, w, h, ink, lw);
      cross();
      break;
    case 'armor':
      frame(ctx, x, y, w, h, ink, lw);
      oval();
      break;
    case 'mech':
      frame(ctx, x, y, w, h, ink, lw);
      cross();
      oval();
      break;
    case 'elite': {
      frame(ctx, x, y, w, h, ink, lw);
      cross();
      star(ctx, cx, y - h * 0.32, h * 0.28);
      break;
    }
    case 'airborne': {
      frame(ctx, x, y, w, h, ink, lw);
      cross();
      ctx.beginPath();
      ctx.arc(cx - w * 0.12, y + h, w * 0.12, Math.PI, 0);
      ctx.arc(cx + w * 0.12, y + h, w * 0.12, Math.PI, 0);
      ctx.stroke();
      break;
    }
    case 'air': {
      frame(ctx, x, y, w, h, ink, lw);
      ctx.beginPath();
      ctx.ellipse(cx - w * 0.17, cy, w * 0.17, h * 0.22, 0, 0, Math.PI * 2);
      ctx.moveTo(cx + w * 0.34, cy);
      ctx.ellipse(cx + w * 0.17, cy, w * 0.17, h * 0.22, 0, 0, Math.PI * 2);
      ctx.stroke();
      break;
    }
    case 'naval': {
      ctx.beginPath();
      ctx.arc(cx, cy, h * 0.5, 0, Math.PI * 2);
      ctx.stroke();
      ctx.beginPath();
      ctx.moveTo(cx, cy - h * 0.35);
      ctx.lineTo(cx, cy + h * 0.35);
      ctx.moveTo(cx - w * 0.18, cy - h * 0.12);
      ctx.lineTo(cx + w * 0.18, cy - h * 0.12);
      ctx.moveTo(cx - w * 0.2, cy + h * 0.15);
      ctx.quadraticCurveTo(cx, cy + h * 0.5, cx + w * 0.2, cy + h * 0.15);
      ctx.stroke();
      break;
    }
    case 'submarine': {
      ctx.beginPath();
      ctx.ellipse(cx, cy + h * 0.12, w * 0.45, h * 0.2, 0, 0, Math.PI * 2);
      ctx.fill();
      ctx.fillRect(cx - w * 0.08, cy - h * 0.3, w * 0.16, h * 0.3);
      break;
    }
    case 'partisan': {
      frame(ctx, x, y, w, h, ink, lw);
      ctx.font = `bold ${Math.round(h * 0.8)}px system-ui, sans-serif`;
      ctx.textAlign = 'center';
      ctx.textBaseline = 'middle';
      ctx.fillText('G', cx, cy + h * 0.04);
      break;
    }
    case 'artillery':
      frame(ctx, x, y, w, h, ink, lw);
      ctx.beginPath();
      ctx.arc(cx, cy, h * 0.14, 0, Math.PI * 2);
      ctx.fill();
      break;
    case 'hq':
      frame(ctx, x, y, w, h, ink, lw);
      ctx.beginPath();
      ctx.moveTo(x, y);
      ctx.lineTo(x, y + h * 1.6);
      ctx.stroke();
      break;
    case 'line':
      ctx.fillRect(x - w * 0.1, cy - h * 0.18, w * 1.2, h * 0.36);
      break;
    case 'cube':
    case 'marker':
      break;
  }
}

export function star(ctx: Ctx, cx: number, cy: number, r: number): void {
  ctx.beginPath();
  for (let i = 0; i < 10; i++) {
    const a = -Math.PI / 2 + (i * Math.PI) / 5;
    const rr = i % 2 ? r * 0.45 : r;
    ctx.lineTo(cx + Math.cos(a) * rr, cy + Math.sin(a) * rr);
  }
  ctx.closePath();
  ctx.fill();
}

function roundRect(ctx: Ctx, x: number, y: number, w: number, h: number, r: number): void {
  ctx.beginPath();
  ctx.roundRect(x, y, w, h, r);
}

function shade(hex: string, f: number): string {
  const m = /^#([0-9a-f]{6})$/i.exec(hex);
  if (!m) return hex;
  const n = parseInt(m[1]!, 16);
  const c = (v: number) => Math.max(0, Math.min(255, Math.round(f < 0 ? v * (1 + f) : v + (255 - v) * f)));
  return `rgb(${c(n >> 16)},${c((n >> 8) & 255)},${c(n & 255)})`;
}

/** Draws a cube (wooden block) of the side's colour, with a count badge. */
function drawCube(ctx: Ctx, p: Piece, x: number, y: number, s: number): void {
  const d = s * 0.16;
  ctx.fillStyle = shade(p.fill, 0.25);
  ctx.beginPath();
  ctx.moveTo(x, y + d);
  ctx.lineTo(x + d, y);
  ctx.lineTo(x + s, y);
  ctx.lineTo(x + s - d, y + d);
  ctx.closePath();
  ctx.fill();
  ctx.fillStyle = shade(p.fill, -0.35);
  ctx.beginPath();
  ctx.moveTo(x + s - d, y + d);
  ctx.lineTo(x + s, y);
  ctx.lineTo(x + s, y + s - d);
  ctx.lineTo(x + s - d, y + s);
  ctx.closePath();
  ctx.fill();
  ctx.fillStyle = p.fill;
  ctx.fillRect(x, y + d, s - d, s - d);
  ctx.strokeStyle = 'rgba(0,0,0,0.55)';
  ctx.lineWidth = 1;
  ctx.strokeRect(x + 0.5, y + d + 0.5, s - d - 1, s - d - 1);
  if (p.count && p.count > 0) {
    ctx.fillStyle = p.ink;
    ctx.font = `bold ${Math.round(s * 0.52)}px system-ui, sans-serif`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(String(p.count), x + (s - d) / 2, y + d + (s - d) / 2 + 1);
  }
}

/** Values stay at least this many CSS pixels high on counters of at least VALUES_FROM pixels. */
export const MIN_VALUE_PX = 9;
const VALUES_FROM = 18;

/**
 * Draws one counter with its top-left corner at (x, y) and side `s` pixels; `dpr` device pixels
 * to the CSS pixel (values are kept MIN_VALUE_PX CSS pixels high from VALUES_FROM on).
 */
export function drawCounter(ctx: Ctx, p: Piece, x: number, y: number, s: number, dpr = 1): void {
  if (s < 7) {
    ctx.fillStyle = p.fill;
    ctx.fillRect(x, y, s, s);
    return;
  }
  if (p.symbol === 'cube') return drawCube(ctx, p, x, y, s);
  const r = Math.max(1, s * 0.08);
  roundRect(ctx, x, y, s, s, r);
  ctx.fillStyle = p.fill;
  ctx.fill();
  ctx.lineWidth = Math.max(1, s / 28);
  ctx.strokeStyle = 'rgba(0,0,0,0.7)';
  ctx.stroke();
  if (s >= 14) {
    // small counters with enlarged values: a smaller symbol higher up, so the two do not meet
    const tight = !!p.bottom && valuePx(s, dpr) > s * 0.3;
    const bw = s * (tight ? 0.44 : 0.56),
      bh = s * (tight ? 0.26 : 0.34);
    drawSymbol(ctx, p.symbol, x + (s - bw) / 2, y + s * (tight ? 0.2 : 0.3), bw, bh, p.ink);
    ctx.fillStyle = p.ink;
    ctx.textAlign = 'center';
    if (p.top && s >= 26) {
      ctx.font = `${Math.round(s * 0.17)}px system-ui, sans-serif`;
      ctx.textBaseline = 'top';
      ctx.fillText(p.top, x + s / 2, y + s * 0.07, s * 0.92);
    }
    if (p.bottom) {
      ctx.font = `bold ${valuePx(s, dpr)}px system-ui, sans-serif`;
      ctx.textBaseline = 'alphabetic';
      ctx.fillText(p.bottom, x + s / 2, y + s * 0.93, s * 0.92);
    }
  }
  if (p.band) {
    ctx.fillStyle = p.band;
    ctx.fillRect(x + s * 0.04, y + s * 0.27, s * 0.92, s * 0.05);
  }
  if (p.corner && s >= 14) {
    const w = s * 0.26;
    ctx.fillStyle = '#ffd84a';
    ctx.fillRect(x, y, w, w);
    ctx.strokeStyle = 'rgba(0,0,0,0.7)';
    ctx.lineWidth = Math.max(1, s / 40);
    ctx.strokeRect(x, y, w, w);
    ctx.fillStyle = '#1a1a1a';
    ctx.font = `bold ${Math.round(w * 0.85)}px system-ui, sans-serif`;
    ctx.textAlign = 'center';
    ctx.textBaseline = 'middle';
    ctx.fillText(p.corner, x + w / 2, y + w / 2 + 0.5);
  }
  if (p.steps && p.steps[1] > 1) {
    for (let i = 0; i < p.steps[1]; i++) {
      ctx.fillStyle = i < p.steps[0] ? p.ink : 'rgba(0,0,0,0.25)';
      ctx.fillRect(x + s - s * 0.12, y + s * 0.12 + i * s * 0.12, s * 0.07, s * 0.07);
    }
  }
  if (p.used) {
    ctx.fillStyle = 'rgba(40,40,40,0.35)';
    roundRect(ctx, x, y, s, s, r);
    ctx.fill();
    ctx.fillStyle = '#c8202a';
    ctx.fillRect(x, y + s * 0.02, s, s * 0.14);
  }
}

/** The values' type size in device pixels on a counter of `s` device pixels. */
export function valuePx(s: number, dpr = 1): number {
  const own = Math.round(s * 0.22);
  return s >= VALUES_FROM * dpr ? Math.max(own, Math.ceil(MIN_VALUE_PX * dpr)) : own;
}

/** Sprite cache: one canvas per (look, pixel size). Cleared when it grows past `max`. */
export class CounterSprites {
  private readonly cache = new Map<string, HTMLCanvasElement | OffscreenCanvas>();
  constructor(private readonly max = 4000) {}

  get(p: Piece, s: number, dpr: number): HTMLCanvasElement | OffscreenCanvas {
    // sizes in steps of about 1/16 (whole pixels up to 16): a zoom reuses sprites instead of drawing ~100 new ones a frame
    const raw = Math.max(1, s * dpr);
    const step = raw <= 16 ? 1 : 2 ** Math.floor(Math.log2(raw)) / 16;
    const px = Math.max(1, Math.round(Math.round(raw / step) * step));
    const key = `${px}|${p.fill}|${p.ink}|${p.symbol}|${p.top ?? ''}|${p.bottom ?? ''}|${p.used ? 1 : 0}|${p.steps?.join('/') ?? ''}|${p.count ?? ''}|${p.band ?? ''}|${p.corner ?? ''}`;
    let c = this.cache.get(key);
    if (!c) {
      if (this.cache.size >= this.max) this.cache.clear();
      c = makeCanvas(px + 2, px + 2);
      const cx = c.getContext('2d') as Ctx;
      drawCounter(cx, p, 1, 1, px, dpr);
      this.cache.set(key, c);
    }
    return c;
  }
}

export function makeCanvas(w: number, h: number): HTMLCanvasElement | OffscreenCanvas {
  if (typeof OffscreenCanvas !== 'undefined') return new OffscreenCanvas(w, h);
  const c = document.createElement('canvas');
  c.width = w;
  c.height = h;
  return c;
}
