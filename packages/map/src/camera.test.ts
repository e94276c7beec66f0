import { describe, expect, it } from 'vitest';
import { fitCamera, keyCamera, toScreen, toWorld, visibleWorld, zoomAt } from './camera.ts';

describe('camera', () => {
  const b = { minX: -100, minY: -50, maxX: 300, maxY: 150 };
  it('fits the bounds inside the screen, centred', () => {
    const c = fitCamera(b, 800, 400, 0);
    expect(toScreen(c, -100, 50)[0]).toBeCloseTo(0);
    expect(toScreen(c, 300, 50)[0]).toBeCloseTo(800);
    expect(toScreen(c, 100, 50)[1]).toBeCloseTo(200);
  });
  it('zooming keeps the point under the cursor fixed', () => {
    const c = fitCamera(b, 800, 400);
    const before = toWorld(c, 123, 77);
    const z = zoomAt(c, 3.7, 123, 77);
    const after = toWorld(z, 123, 77);
    expect(after[0]).toBeCloseTo(before[0]);
    expect(after[1]).toBeCloseTo(before[1]);
    expect(z.scale).toBeCloseTo(c.scale * 3.7);
  });
  it('keyboard pans, zooms and fits; unknown keys are ignored', () => {
    const c = fitCamera(b, 800, 400);
    const fit = () => c;
    expect(keyCamera(c, 'ArrowLeft', 800, 400, fit)!.ox).toBeGreaterThan(c.ox);
    expect(keyCamera(c, '+', 800, 400, fit)!.scale).toBeGreaterThan(c.scale);
    expect(keyCamera(c, 'x', 800, 400, fit)).toBeNull();
    const v = visibleWorld(c, 800, 400);
    expect(v.minX).toBeLessThanOrEqual(b.minX);
    expect(v.maxY).toBeGreaterThanOrEqual(b.maxY);
  });
});
