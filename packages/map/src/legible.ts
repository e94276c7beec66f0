/**
 * Legible counters: the smallest type that carries a number on the map at a zoom (a cube's
 * count, a counter's printed values), and the first view of a map: the whole map when its
 * numbers read there, else (a phone) the map's middle at the least zoom at which they do.
 */
import { type Camera, fitCamera } from './camera.ts';
import { MIN_VALUE_PX, valuePx } from './counter.ts';
import type { MapModel } from './model.ts';

/** Pixel size of the smallest number drawn on a counter of `px` CSS pixels (Infinity: none, or badges). */
export function numberPx(m: MapModel, px: number): number {
  if (px < (m.badgeBelow ?? 0)) return Number.POSITIVE_INFINITY; // badges: 10 px type
  let min = Number.POSITIVE_INFINITY;
  for (const p of m.pieces) {
    if (p.symbol === 'cube' && p.count) min = Math.min(min, Math.round(px * 0.52));
    else if (p.bottom) min = Math.min(min, valuePx(px));
  }
  return min;
}

/** The view a map opens at: `fitCamera`, zoomed in about the middle until numbers are MIN_VALUE_PX high. */
export function legibleCamera(m: MapModel, width: number, height: number): Camera {
  const fit = fitCamera(m.bounds, width, height);
  let scale = fit.scale;
  for (let k = 0; k < 40 && numberPx(m, m.pieceSize * scale) < MIN_VALUE_PX; k++) scale *= 1.1;
  // badges are about 30 px wide: most places' badges clear their nearest neighbour's
  const gap = badgeGap(m);
  if (gap > 0)
    for (let k = 0; k < 40 && m.pieceSize * scale < m.badgeBelow! && gap * scale < BADGE_GAP_PX; k++) scale *= 1.1;
  if (scale === fit.scale) return fit;
  const cx = (m.bounds.minX + m.bounds.maxX) / 2,
    cy = (m.bounds.minY + m.bounds.maxY) / 2;
  return { scale, ox: width / 2 - cx * scale, oy: height / 2 - cy * scale };
}

const BADGE_GAP_PX = 34;

/** The distance (world units) from a place with pieces to its nearest such place, at the fourth of places nearest together. */
function badgeGap(m: MapModel): number {
  if (!m.badgeBelow) return 0;
  const seen = new Set<string>();
  const pts: [number, number][] = [];
  for (const p of m.pieces) {
    if (seen.has(p.place)) continue;
    seen.add(p.place);
    const c = m.placeCenter(p.place);
    if (c) pts.push(c);
  }
  if (pts.length < 2) return 0;
  const near = pts
    .map((a) => Math.min(...pts.filter((b) => b !== a).map((b) => Math.hypot(a[0] - b[0], a[1] - b[1]))))
    .sort((a, b) => a - b);
  return near[Math.floor(near.length / 4)]!;
}
