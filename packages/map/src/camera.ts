/** Pan and zoom: screen = world * scale + offset. Pure maths, shared by input handlers and tests. */
import type { Bounds } from './model.ts';

export interface Camera {
  scale: number;
  ox: number;
  oy: number;
}

export const MIN_SCALE = 1e-4;
export const MAX_SCALE = 1e4;

export function fitCamera(b: Bounds, width: number, height: number, margin = 16): Camera {
  const w = Math.max(b.maxX - b.minX, 1e-9);
  const h = Math.max(b.maxY - b.minY, 1e-9);
  const scale = Math.min((width - 2 * margin) / w, (height - 2 * margin) / h);
  return { scale, ox: (width - w * scale) / 2 - b.minX * scale, oy: (height - h * scale) / 2 - b.minY * scale };
}

export function toScreen(c: Camera, x: number, y: number): [number, number] {
  return [x * c.scale + c.ox, y * c.scale + c.oy];
}

export function toWorld(c: Camera, sx: number, sy: number): [number, number] {
  return [(sx - c.ox) / c.scale, (sy - c.oy) / c.scale];
}

export function pan(c: Camera, dx: number, dy: number): Camera {
  return { ...c, ox: c.ox + dx, oy: c.oy + dy };
}

/** Zooms by `factor` keeping the world point under screen (sx, sy) fixed. */
export function zoomAt(c: Camera, factor: number, sx: number, sy: number, min = MIN_SCALE, max = MAX_SCALE): Camera {
  const scale = Math.min(max, Math.max(min, c.scale * factor));
  const f = scale / c.scale;
  return { scale, ox: sx - (sx - c.ox) * f, oy: sy - (sy - c.oy) * f };
}

/** The world rectangle visible on a width x height screen. */
export function visibleWorld(c: Camera, width: number, height: number): Bounds {
  const [minX, minY] = toWorld(c, 0, 0);
  const [maxX, maxY] = toWorld(c, width, height);
  return { minX, minY, maxX, maxY };
}

/** Keyboard: arrows/WASD pan, +/- zoom, 0 fits. Returns null for keys it does not handle. */
export function keyCamera(c: Camera, key: string, width: number, height: number, fit: () => Camera): Camera | null {
  const step = Math.min(width, height) * 0.15;
  switch (key) {
    case 'ArrowLeft':
    case 'a':
      return pan(c, step, 0);
    case 'ArrowRight':
    case 'd':
      return pan(c, -step, 0);
    case 'ArrowUp':
    case 'w':
      return pan(c, 0, step);
    case 'ArrowDown':
    case 's':
      return pan(c, 0, -step);
    case '+':
    case '=':
      return zoomAt(c, 1.25, width / 2, height / 2);
    case '-':
    case '_':
      return zoomAt(c, 0.8, width / 2, height / 2);
    case '0':
      return fit();
    default:
      return null;
  }
}
