import { describe, expect, it } from 'vitest';
import { seedRng, randomIndex } from '@sandtable/engine';
import { GridIndex } from './spatial.ts';
import type { Bounds } from './model.ts';

const hit = (a: Bounds, q: Bounds) => a.minX <= q.maxX && a.maxX >= q.minX && a.minY <= q.maxY && a.maxY >= q.minY;

describe('GridIndex', () => {
  it('returns exactly the boxes a brute-force scan finds, each once, also after moves', () => {
    const rng = seedRng('grid');
    const r = (n: number) => randomIndex(rng, n);
    const world = { minX: 0, minY: 0, maxX: 1000, maxY: 1000 };
    const idx = new GridIndex(world, 37);
    const boxes: Bounds[] = [];
    for (let i = 0; i < 2000; i++) {
      const x = r(1000),
        y = r(1000),
        w = 1 + r(60),
        h = 1 + r(60);
      boxes.push({ minX: x, minY: y, maxX: x + w, maxY: y + h });
      idx.insert(i, boxes[i]!);
    }
    for (let i = 0; i < 50; i++) {
      const x = r(1000),
        y = r(1000);
      boxes[i] = { minX: x, minY: y, maxX: x + 5, maxY: y + 5 };
      idx.update(i, boxes[i]!);
    }
    for (let k = 0; k < 40; k++) {
      const x = r(1000),
        y = r(1000);
      const q = { minX: x, minY: y, maxX: x + r(300), maxY: y + r(300) };
      const got = idx.query(q).sort((a, b) => a - b);
      const want = boxes.flatMap((b, i) => (hit(b, q) ? [i] : []));
      expect(got).toEqual(want);
    }
  });
});
