import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nextUint32, seedRng } from '../rng.ts';
import { HexGrid } from './hex.ts';
import { markNeighbours, newFloodField, Tracer } from './flood.ts';
import { PathFinder } from './path.ts';

const MAJOR_RIVER = 1;

/** Reference hop distances by a plain BFS over hexes that are not blocked. */
function referenceHops(g: HexGrid, sources: number[], blocked: (i: number) => boolean): number[] {
  const hops = new Array<number>(g.nodeCount).fill(Infinity);
  const queue = [...new Set(sources)];
  for (const s of queue) hops[s] = 0;
  for (let k = 0; k < queue.length; k++) {
    const u = queue[k]!;
    for (const v of g.neighbours(u)) {
      if (hops[v] !== Infinity || blocked(v)) continue;
      hops[v] = hops[u]! + 1;
      queue.push(v);
    }
  }
  return hops;
}

function randomBlocked(seed: number) {
  const rng = seedRng(`flood-${seed}`);
  const g = new HexGrid({
    cols: 4 + (nextUint32(rng) % 8),
    rows: 4 + (nextUint32(rng) % 8),
    orientation: nextUint32(rng) % 2 ? 'flat' : 'pointy',
    offset: 'odd',
  });
  const blocked = new Uint8Array(g.nodeCount).map(() => (nextUint32(rng) % 3 === 0 ? 1 : 0));
  const open = Array.from({ length: g.nodeCount }, (_, i) => i).filter((i) => !blocked[i]);
  const sources = open.length ? [open[nextUint32(rng) % open.length]!, open[nextUint32(rng) % open.length]!] : [];
  return { g, blocked: (i: number) => blocked[i] === 1, sources, open };
}

describe('Tracer.flood', () => {
  it('goes around blocked hexes through the one gap in a wall', () => {
    const g = new HexGrid({ cols: 9, rows: 6, orientation: 'flat', offset: 'odd' });
    const gap = g.hex('0506');
    const wall = (i: number) => g.colOf(i) === 4 && i !== gap;
    const f = new Tracer(g).flood(g.hex('0101'), { enters: (i) => !wall(i) });
    const ref = referenceHops(g, [g.hex('0101')], wall);
    for (let i = 0; i < g.nodeCount; i++) {
      expect(f.reached[i]).toBe(wall(i) ? 0 : 1);
      expect(f.distance[i]).toBe(ref[i]);
    }
    expect(f.count).toBe(g.nodeCount - 5);
    expect(f.distance[g.hex('0901')]).toBeGreaterThan(g.distance(g.hex('0101'), g.hex('0901')));
  });

  it('matches a reference BFS on random blocked maps (fast-check)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), (seed) => {
        const c = randomBlocked(seed);
        const f = new Tracer(c.g).flood(c.sources, { enters: (i) => !c.blocked(i) });
        const ref = referenceHops(c.g, c.sources, c.blocked);
        for (let i = 0; i < c.g.nodeCount; i++) {
          expect(f.distance[i]).toBe(ref[i]);
          expect(f.reached[i]).toBe(ref[i] === Infinity ? 0 : 1);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('maxHops bounds the trace to the hexes within range', () => {
    const g = new HexGrid({ cols: 15, rows: 15, orientation: 'pointy', offset: 'even' });
    const centre = g.hex('0808');
    const f = new Tracer(g).flood(centre, { maxHops: 3 });
    const within = new Set(g.hexesWithin(centre, 3));
    for (let i = 0; i < g.nodeCount; i++) expect(f.reached[i]).toBe(within.has(i) ? 1 : 0);
    expect(f.count).toBe(37);
  });

  it('does not cross forbidden hexsides', () => {
    const g = new HexGrid({ cols: 8, rows: 8, orientation: 'flat', offset: 'odd' });
    // A major river along the whole boundary between columns 04 and 05.
    for (let i = 0; i < g.nodeCount; i++) {
      if (g.colOf(i) !== 3) continue;
      for (const n of g.neighbours(i)) if (g.colOf(n) === 4) g.setHexsideBetween(i, n, MAJOR_RIVER);
    }
    const tracer = new Tracer(g);
    const f = tracer.flood(g.hex('0101'), { crosses: (_u, _v, _d, slot) => !(g.hexsides[slot]! & MAJOR_RIVER) });
    for (let i = 0; i < g.nodeCount; i++) expect(f.reached[i]).toBe(g.colOf(i) <= 3 ? 1 : 0);
  });

  it('stopsIn: the trace reaches a ZOC hex but does not pass through it', () => {
    const g = new HexGrid({ cols: 5, rows: 1, orientation: 'flat', offset: 'odd' });
    const f = new Tracer(g).flood(0, { stopsIn: (i) => i === 2 });
    expect([...f.reached]).toEqual([1, 1, 1, 0, 0]);
    const fromZoc = new Tracer(g).flood(2, { stopsIn: (i) => i === 2 });
    expect([...fromZoc.reached]).toEqual([1, 1, 1, 1, 1]);
  });

  it('cost mode equals the PathFinder with the predicates folded in', () => {
    const c = randomBlocked(7);
    const cost = (_u: number, v: number) => 1 + (v % 3);
    const f = new Tracer(c.g).flood(c.sources, { enters: (i) => !c.blocked(i), cost, maxCost: 9 });
    const r = new PathFinder(c.g).reach(c.sources, {
      budget: 9,
      cost: (u, v) => (c.blocked(v) ? Infinity : cost(u, v)),
    });
    for (let i = 0; i < c.g.nodeCount; i++) expect(f.distance[i]).toBe(r.costTo(i));
    expect(f.count).toBe(r.count);
  });

  it('refills a given field, clearing the previous flood', () => {
    const g = new HexGrid({ cols: 6, rows: 6, orientation: 'flat', offset: 'even' });
    const tracer = new Tracer(g);
    const field = newFloodField(g.nodeCount);
    tracer.flood(0, {}, field);
    expect(field.count).toBe(36);
    const again = tracer.flood(35, { maxHops: 1 }, field);
    expect(again).toBe(field);
    expect(field.count).toBe(1 + g.neighbours(35).length);
    expect(field.reached[0]).toBe(0);
    expect(field.distance[0]).toBe(Infinity);
    expect(() => tracer.flood(0, {}, newFloodField(5))).toThrow(/flood field is for 5 nodes, the graph has 36/);
  });

  it('refuses mixed hop and cost limits', () => {
    const tracer = new Tracer(new HexGrid({ cols: 2, rows: 2, orientation: 'flat', offset: 'odd' }));
    expect(() => tracer.flood(0, { maxHops: 2, cost: () => 1 })).toThrow(/maxHops is for hop tracing/);
    expect(() => tracer.flood(0, { maxCost: 2 })).toThrow(/maxCost needs a cost function/);
  });
});

describe('Tracer.nearestSource / canReach', () => {
  it('agrees with a flood from the sources and finds a nearest one (fast-check)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), (seed) => {
        const c = randomBlocked(seed);
        const tracer = new Tracer(c.g);
        const opts = { enters: (i: number) => !c.blocked(i) };
        const isSource = new Uint8Array(c.g.nodeCount);
        for (const s of c.sources) isSource[s] = 1;
        const supply = tracer.flood(c.sources, opts);
        const distances = newFloodField(c.g.nodeCount);
        for (const x of c.open) {
          const found = tracer.nearestSource(x, isSource, opts);
          expect(found >= 0).toBe(supply.reached[x] === 1);
          expect(tracer.canReach(x, (i) => isSource[i] === 1, opts)).toBe(found >= 0);
          if (found < 0) continue;
          new Tracer(c.g).flood(x, opts, distances);
          expect(distances.distance[found]).toBe(supply.distance[x]);
        }
      }),
      { numRuns: 100 },
    );
  });

  it('respects maxHops and cost limits, and counts a start that is a source', () => {
    const g = new HexGrid({ cols: 10, rows: 1, orientation: 'flat', offset: 'odd' });
    const tracer = new Tracer(g);
    const source = (i: number) => i === 6;
    expect(tracer.nearestSource(2, source, { maxHops: 4 })).toBe(6);
    expect(tracer.nearestSource(2, source, { maxHops: 3 })).toBe(-1);
    expect(tracer.nearestSource(2, source, { cost: () => 2, maxCost: 8 })).toBe(6);
    expect(tracer.nearestSource(2, source, { cost: () => 2, maxCost: 7 })).toBe(-1);
    expect(tracer.nearestSource(6, source, { maxHops: 0 })).toBe(6);
    expect(tracer.nearestSource([0, 9], source)).toBe(6);
    expect(tracer.canReach(2, source, { enters: (i) => i !== 4 })).toBe(false);
    expect(tracer.canReach(2, source, { stopsIn: (i) => i === 5 })).toBe(false);
    expect(tracer.canReach(2, source, { stopsIn: (i) => i === 6 })).toBe(true);
  });

  it('early exit: visits only what it needs on a large map', () => {
    const g = new HexGrid({ cols: 300, rows: 200, orientation: 'flat', offset: 'odd' });
    let entered = 0;
    const found = new Tracer(g).nearestSource(g.hex('150100'), (i) => i === g.hex('152100'), {
      enters: () => {
        entered++;
        return true;
      },
    });
    expect(found).toBe(g.hex('152100'));
    expect(entered).toBeLessThan(40);
  });
});

describe('markNeighbours (zones of control)', () => {
  it('marks the hexes around units except across forbidden hexsides', () => {
    const g = new HexGrid({ cols: 6, rows: 6, orientation: 'flat', offset: 'odd' });
    const unit = g.hex('0303');
    const river = g.neighbour(unit, g.direction('N'));
    g.setHexside(unit, g.direction('N'), MAJOR_RIVER);
    const zoc = markNeighbours(g, [unit], new Uint8Array(g.nodeCount), {
      crosses: (_u, _v, _d, s) => !(g.hexsides[s]! & MAJOR_RIVER),
    });
    const marked = [...zoc.keys()].filter((i) => zoc[i]);
    expect(marked.sort((a, b) => a - b)).toEqual(
      g
        .neighbours(unit)
        .filter((n) => n !== river)
        .sort((a, b) => a - b),
    );
    const withSelf = markNeighbours(g, [0], new Uint8Array(g.nodeCount), { includeSelf: true, value: 2 });
    expect([...withSelf.keys()].filter((i) => withSelf[i] === 2)).toEqual([0, 1, 6]);
  });
});
