import { describe, expect, it } from 'vitest';
import { HexGrid } from '@sandtable/engine';
import { fitCamera, toScreen } from './camera.ts';
import { HexLayer } from './hexlayer.ts';
import { MapRenderer } from './render.ts';
import { skirmishAdapter } from './testing/skirmish-adapter.ts';
import { skirmish } from './testing/skirmish.ts';

describe('MapRenderer hit tests', () => {
  const view = skirmish.view(skirmish.setup('1'), 'red');
  const model = skirmishAdapter.map(view)!;
  const r = new MapRenderer(model);
  const cam = fitCamera(model.bounds, 600, 400);

  it('finds the area under a point and the stack on top of it', () => {
    const [sx, sy] = toScreen(cam, 150, 150);
    expect(r.hitTest(cam, sx, sy)).toEqual({ stack: null, place: 'E' });
    const [ax, ay] = toScreen(cam, 50, 50);
    const hit = r.hitTest(cam, ax, ay);
    expect(hit.place).toBe('A');
    expect(hit.stack?.pieces.map((p) => p.title)).toEqual(['5 red units']);
  });

  it('stacks in one place sit side by side', () => {
    const m2 = { ...model, pieces: [...model.pieces, { ...model.pieces[0]!, id: 'x', side: 'blue' }] };
    const r2 = new MapRenderer(m2);
    const inA = r2.stacks.filter((s) => s.place === 'A');
    expect(inA).toHaveLength(2);
    expect(inA[0]!.x).toBeLessThan(inA[1]!.x);
  });
});

describe('HexLayer culling', () => {
  for (const orientation of ['flat', 'pointy'] as const) {
    it(`the visible range holds every hex centred in the view (${orientation})`, () => {
      const grid = new HexGrid({ cols: 40, rows: 30, orientation, offset: 'odd' });
      const L = new HexLayer({ grid, layout: { size: 10 }, terrainFill: ['#fff'], hexsides: [] });
      const view = { minX: 83, minY: 61, maxX: 245, maxY: 190 };
      const [c0, c1, r0, r1] = L.range(view);
      for (let i = 0; i < grid.nodeCount; i++) {
        const p = grid.toPixel(i, { size: 10 });
        if (p.x < view.minX || p.x > view.maxX || p.y < view.minY || p.y > view.maxY) continue;
        expect(grid.colOf(i)).toBeGreaterThanOrEqual(c0);
        expect(grid.colOf(i)).toBeLessThanOrEqual(c1);
        expect(grid.rowOf(i)).toBeGreaterThanOrEqual(r0);
        expect(grid.rowOf(i)).toBeLessThanOrEqual(r1);
        expect(L.cx(i)).toBeCloseTo(p.x);
        expect(L.cy(i)).toBeCloseTo(p.y);
      }
      expect((c1 - c0 + 1) * (r1 - r0 + 1)).toBeLessThan(grid.nodeCount / 2);
    });
  }
});
