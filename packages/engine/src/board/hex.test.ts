import { describe, expect, it } from 'vitest';
import { nextUint32, seedRng } from '../rng.ts';
import {
  axialDirection,
  axialToOffset,
  HexGrid,
  offsetToAxial,
  oppositeDirection,
  type HexGridSpec,
  type HexOffset,
  type HexOrientation,
} from './hex.ts';
import { bitFlags } from './graph.ts';

const VARIANTS: [HexOrientation, HexOffset][] = [
  ['flat', 'odd'],
  ['flat', 'even'],
  ['pointy', 'odd'],
  ['pointy', 'even'],
];

function grid(
  orientation: HexOrientation,
  offset: HexOffset,
  cols = 9,
  rows = 7,
  extra: Partial<HexGridSpec> = {},
): HexGrid {
  return new HexGrid({ cols, rows, orientation, offset, ...extra });
}

/** Neighbour labels of `label`, keyed by direction name (off-map omitted). */
function around(g: HexGrid, label: string): Record<string, string> {
  const i = g.hex(label);
  const out: Record<string, string> = {};
  g.directionNames.forEach((name, d) => {
    const n = g.neighbour(i, d);
    if (n >= 0) out[name] = g.label(n);
  });
  return out;
}

/** Hop counts from `from` by breadth-first search over neighbour(). */
function bfsHops(g: HexGrid, from: number): number[] {
  const hops = new Array<number>(g.nodeCount).fill(-1);
  hops[from] = 0;
  const queue = [from];
  for (let k = 0; k < queue.length; k++) {
    const u = queue[k]!;
    for (const v of g.neighbours(u))
      if (hops[v] === -1) {
        hops[v] = hops[u]! + 1;
        queue.push(v);
      }
  }
  return hops;
}

describe('hex labels', () => {
  it.each(VARIANTS)('round-trips every hex of a %s/%s map', (o, p) => {
    const g = grid(o, p, 12, 15);
    for (let i = 0; i < g.nodeCount; i++) expect(g.indexOfLabel(g.label(i))).toBe(i);
    expect(g.label(0)).toBe('0101');
    expect(g.label(g.nodeCount - 1)).toBe('1215');
    expect(g.hex('0812')).toBe(11 * 12 + 7);
    expect(g.label(11 * 12 + 7)).toBe('0812');
    expect(g.colOf(g.hex('0812'))).toBe(7);
    expect(g.rowOf(g.hex('0812'))).toBe(11);
  });

  it('refuses malformed and off-map labels', () => {
    const g = grid('flat', 'odd', 12, 15);
    for (const bad of ['812', '08120', '0000', '1301', '0116', '08a2', '', '08.12'])
      expect(g.indexOfLabel(bad)).toBe(-1);
    expect(() => g.hex('1301')).toThrow(/no hex "1301".*0101-1215/);
  });

  it('supports other first numbers, wider labels and a separator', () => {
    const section = grid('flat', 'odd', 20, 30, { firstCol: 35, firstRow: 0 });
    expect(section.label(0)).toBe('3500');
    expect(section.label(section.nodeCount - 1)).toBe('5429');
    expect(section.hex('3500')).toBe(0);
    expect(section.indexOfLabel('3400')).toBe(-1);

    const big = grid('flat', 'odd', 300, 200);
    expect(big.label(0)).toBe('001001');
    expect(big.label(big.nodeCount - 1)).toBe('300200');
    expect(big.hex('150100')).toBe(99 * 300 + 149);
    for (let i = 0; i < big.nodeCount; i += 997) expect(big.indexOfLabel(big.label(i))).toBe(i);

    const dotted = grid('pointy', 'even', 40, 40, { separator: '.' });
    expect(dotted.label(dotted.index(11, 33))).toBe('12.34');
    expect(dotted.hex('12.34')).toBe(dotted.index(11, 33));
    expect(dotted.indexOfLabel('1234')).toBe(-1);
  });

  it('refuses labels that cannot hold the map', () => {
    expect(() => grid('flat', 'odd', 120, 10, { colDigits: 2 })).toThrow(/more digits/);
    expect(() => grid('flat', 'odd', 10, 10, { firstCol: -1 })).toThrow(/>= 0/);
    expect(() => grid('flat', 'odd', 0, 10)).toThrow(/cols must be a positive integer/);
  });
});

describe('hex neighbours', () => {
  it('follow wargame conventions for each orientation and parity', () => {
    // flat, odd 0-based columns (labels 02, 04, ...) shoved down.
    expect(around(grid('flat', 'odd'), '0202')).toEqual({
      N: '0201',
      NE: '0302',
      SE: '0303',
      S: '0203',
      SW: '0103',
      NW: '0102',
    });
    expect(around(grid('flat', 'odd'), '0101')).toEqual({ SE: '0201', S: '0102' });
    // flat, even 0-based columns (labels 01, 03, ...) shoved down.
    expect(around(grid('flat', 'even'), '0202')).toEqual({
      N: '0201',
      NE: '0301',
      SE: '0302',
      S: '0203',
      SW: '0102',
      NW: '0101',
    });
    expect(around(grid('flat', 'even'), '0101')).toEqual({ NE: '0201', SE: '0202', S: '0102' });
    // pointy, odd 0-based rows shoved right.
    expect(around(grid('pointy', 'odd'), '0202')).toEqual({
      NE: '0301',
      E: '0302',
      SE: '0303',
      SW: '0203',
      W: '0102',
      NW: '0201',
    });
    // pointy, even 0-based rows shoved right.
    expect(around(grid('pointy', 'even'), '0202')).toEqual({
      NE: '0201',
      E: '0302',
      SE: '0203',
      SW: '0103',
      W: '0102',
      NW: '0101',
    });
  });

  it.each(VARIANTS)('are symmetric over a whole %s/%s map, with six per interior hex', (o, p) => {
    const g = grid(o, p, 13, 11);
    for (let i = 0; i < g.nodeCount; i++) {
      for (let d = 0; d < 6; d++) {
        const n = g.neighbour(i, d);
        if (n >= 0) expect(g.neighbour(n, oppositeDirection(d))).toBe(i);
      }
      const col = g.colOf(i),
        row = g.rowOf(i);
      const interior = col > 0 && row > 0 && col < g.cols - 1 && row < g.rows - 1;
      if (interior) expect(g.neighbours(i)).toHaveLength(6);
    }
  });

  it.each(VARIANTS)("equal the axial neighbours of Red Blob's conversions (%s/%s)", (o, p) => {
    const g = grid(o, p, 12, 10);
    for (let i = 0; i < g.nodeCount; i++) {
      const [q, r] = offsetToAxial(g.colOf(i), g.rowOf(i), o, p);
      expect([q, r]).toEqual([g.qOf(i), g.rOf(i)]);
      expect(axialToOffset(q, r, o, p)).toEqual([g.colOf(i), g.rowOf(i)]);
      for (let d = 0; d < 6; d++) {
        const [dq, dr] = axialDirection(o, d);
        expect(g.neighbour(i, d)).toBe(g.indexOfAxial(q + dq, r + dr));
      }
    }
  });

  it.each(VARIANTS)('point the way their names say on screen (%s/%s)', (o, p) => {
    const g = grid(o, p);
    const angle: Record<string, number> = {
      N: -90,
      NE: o === 'flat' ? -30 : -60,
      E: 0,
      SE: o === 'flat' ? 30 : 60,
      S: 90,
      SW: o === 'flat' ? 150 : 120,
      W: 180,
      NW: o === 'flat' ? -150 : -120,
    };
    const layout = { size: 10 };
    const i = g.index(4, 3);
    const c = g.toPixel(i, layout);
    g.directionNames.forEach((name, d) => {
      const n = g.toPixel(g.neighbour(i, d), layout);
      expect(Math.hypot(n.x - c.x, n.y - c.y)).toBeCloseTo(10 * Math.sqrt(3), 9);
      const deg = (Math.atan2(n.y - c.y, n.x - c.x) * 180) / Math.PI;
      expect(Math.abs(((deg - angle[name]! + 540) % 360) - 180)).toBeLessThan(1e-6);
      expect(g.directionTo(i, g.neighbour(i, d))).toBe(d);
      expect(g.direction(name.toLowerCase())).toBe(d);
    });
    expect(g.directionTo(i, g.index(0, 0))).toBe(-1);
  });
});

describe('hex distance, ranges and lines', () => {
  it.each(VARIANTS)('distance equals breadth-first steps (%s/%s)', (o, p) => {
    const g = grid(o, p, 11, 9);
    for (const from of [0, 5, 40, g.nodeCount - 1, g.index(10, 0)]) {
      const hops = bfsHops(g, from);
      for (let b = 0; b < g.nodeCount; b++) {
        expect(g.distance(from, b)).toBe(hops[b]);
        expect(g.distance(b, from)).toBe(hops[b]);
      }
    }
  });

  it.each(VARIANTS)('axial coordinates round-trip (%s/%s)', (o, p) => {
    const g = grid(o, p);
    for (let i = 0; i < g.nodeCount; i++) expect(g.indexOfAxial(g.qOf(i), g.rOf(i))).toBe(i);
    expect(g.indexOfAxial(-50, 3)).toBe(-1);
  });

  it('hexesWithin gives every hex within the radius', () => {
    const g = grid('flat', 'odd', 15, 15);
    const centre = g.hex('0808');
    for (const radius of [0, 1, 2, 3]) {
      const ring = g.hexesWithin(centre, radius);
      expect(ring).toHaveLength(1 + 3 * radius * (radius + 1));
      const expected = Array.from({ length: g.nodeCount }, (_, i) => i).filter((i) => g.distance(centre, i) <= radius);
      expect([...ring].sort((a, b) => a - b)).toEqual(expected);
    }
    expect(g.hexesWithin(0, 1).sort((a, b) => a - b)).toEqual([0, 1, 15]);
  });

  it.each(VARIANTS)('lines are contiguous, distance + 1 long, and straight along a direction (%s/%s)', (o, p) => {
    const g = grid(o, p, 14, 12);
    const rng = seedRng(`line-${o}-${p}`);
    for (let k = 0; k < 300; k++) {
      const a = nextUint32(rng) % g.nodeCount;
      const b = nextUint32(rng) % g.nodeCount;
      for (const nudge of [1, -1] as const) {
        const line = g.line(a, b, nudge);
        expect(line.length).toBe(g.distance(a, b) + 1);
        expect(line[0]).toBe(a);
        expect(line[line.length - 1]).toBe(b);
        for (let s = 1; s < line.length; s++) {
          if (line[s]! >= 0 && line[s - 1]! >= 0) expect(g.distance(line[s - 1]!, line[s]!)).toBe(1);
          if (line[s]! >= 0) expect(g.distance(a, line[s]!)).toBe(s);
        }
      }
    }
    let h = g.index(2, 2);
    const straight = [h];
    for (let s = 0; s < 5; s++) straight.push((h = g.neighbour(h, 2)));
    expect([...g.line(straight[0]!, straight[5]!)]).toEqual(straight);
  });

  it('the nudge picks either side where a line runs along a hexside', () => {
    const g = grid('flat', 'odd', 9, 9);
    const a = g.hex('0404');
    const b = g.neighbour(g.neighbour(a, 0), 1); // N then NE: the line runs along the hexside between them
    const up = g.line(a, b, 1);
    const down = g.line(a, b, -1);
    expect(up[1]).not.toBe(down[1]);
    expect([up[1], down[1]].sort()).toEqual([g.neighbour(a, 0), g.neighbour(a, 1)].sort());
  });
});

describe('hexsides and terrain', () => {
  const SIDES = bitFlags(['river', 'majorRiver', 'road', 'allSea']);

  it('setting a hexside sets the matching side of the neighbour; clearing clears both', () => {
    const g = grid('flat', 'odd', 20, 20);
    const rng = seedRng('sides');
    for (let k = 0; k < 2000; k++) {
      const i = nextUint32(rng) % g.nodeCount;
      const d = nextUint32(rng) % 6;
      const bit = 1 << (nextUint32(rng) % 4);
      if (nextUint32(rng) % 4 === 0) g.clearHexside(i, d, bit);
      else g.setHexside(i, d, bit);
      const n = g.neighbour(i, d);
      if (n >= 0) expect(g.hexside(n, oppositeDirection(d))).toBe(g.hexside(i, d));
    }
    expect(g.asymmetricHexsides()).toEqual([]);
    const a = g.hex('0505');
    const b = g.hex('0506');
    g.clearHexside(a, g.directionTo(a, b), 0xffff);
    g.setHexsideBetween(a, b, SIDES.river | SIDES.road);
    expect(g.hexsideBetween(b, a)).toBe(SIDES.river | SIDES.road);
    expect(g.hasHexside(b, g.directionTo(b, a), SIDES.majorRiver)).toBe(false);
    g.clearHexside(b, g.directionTo(b, a), SIDES.road);
    expect(g.hexsideBetween(a, b)).toBe(SIDES.river);
    expect(() => g.setHexsideBetween(a, g.hex('0909'), SIDES.river)).toThrow(/0505 and 0909 are not adjacent/);
  });

  it('a map-edge hexside belongs to its one hex; direct writes show up as asymmetric', () => {
    const g = grid('pointy', 'odd', 5, 5);
    g.setHexside(0, g.direction('W'), SIDES.allSea);
    expect(g.hexside(0, g.direction('W'))).toBe(SIDES.allSea);
    expect(g.asymmetricHexsides()).toEqual([]);
    g.hexsides[6 * 7 + 1] = SIDES.river;
    expect(g.asymmetricHexsides()).toEqual([
      { hex: 7, direction: 1 },
      { hex: g.neighbour(7, 1), direction: 4 },
    ]);
  });

  it('terrain and hexside widths are chosen per map, and memory is counted', () => {
    const g = grid('flat', 'odd', 10, 10, { terrainBits: 16, hexsideBits: 32 });
    expect(g.terrain).toBeInstanceOf(Uint16Array);
    expect(g.hexsides).toBeInstanceOf(Uint32Array);
    g.terrain[5] = 300;
    expect(g.terrain[5]).toBe(300);
    expect(grid('flat', 'odd', 10, 10).hexsides).toBeInstanceOf(Uint16Array);
    expect(g.memoryBytes()).toBe(101 * 4 + 600 * 4 + 600 + 100 * 2 + 600 * 4);
  });
});

describe('hex pixels', () => {
  it.each(VARIANTS)('fromPixel inverts toPixel and finds the nearest centre (%s/%s)', (o, p) => {
    const g = grid(o, p, 10, 8);
    const layout = { size: 24, sizeY: 22, originX: 30, originY: 40 };
    for (let i = 0; i < g.nodeCount; i++) {
      const c = g.toPixel(i, layout);
      expect(g.fromPixel(c.x, c.y, layout)).toBe(i);
      for (const corner of g.corners(i, layout)) {
        expect(g.fromPixel(c.x + (corner.x - c.x) * 0.9, c.y + (corner.y - c.y) * 0.9, layout)).toBe(i);
      }
    }
    const square = { size: 24 };
    const rng = seedRng(`px-${o}-${p}`);
    const centres = Array.from({ length: g.nodeCount }, (_, i) => g.toPixel(i, square));
    for (let k = 0; k < 500; k++) {
      const x = (nextUint32(rng) % 3000) / 10;
      const y = (nextUint32(rng) % 3000) / 10;
      const hit = g.fromPixel(x, y, square);
      if (hit < 0) continue;
      const dist = (i: number) => Math.hypot(centres[i]!.x - x, centres[i]!.y - y);
      const best = Math.min(...centres.map((_, i) => dist(i)));
      expect(dist(hit)).toBeCloseTo(best, 9);
    }
    expect(g.fromPixel(-500, -500, square)).toBe(-1);
  });
});
