import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { nextUint32, seedRng, type RngState } from '../rng.ts';
import { AreaGraph } from './area.ts';
import type { BoardGraph, NodeTest, StepCost } from './graph.ts';
import { HexGrid } from './hex.ts';
import { PathFinder } from './path.ts';

const RIVER = 1;
const MAJOR_RIVER = 2;
const ROAD = 4;
const TERRAIN_COST = [1, 2, 3, Infinity, 0];

/** Least costs by Bellman-Ford: the reference the Dijkstra must match. */
function referenceCosts(g: BoardGraph, starts: number[], cost: StepCost, budget: number, stopsIn: NodeTest): number[] {
  const dist = new Array<number>(g.nodeCount).fill(Infinity);
  for (const s of starts) dist[s] = 0;
  for (let changed = true; changed; ) {
    changed = false;
    for (let u = 0; u < g.nodeCount; u++) {
      if (dist[u] === Infinity || (!starts.includes(u) && stopsIn(u))) continue;
      for (let s = g.firstEdge[u]!; s < g.firstEdge[u + 1]!; s++) {
        const v = g.edgeTo[s]!;
        if (v < 0) continue;
        const nd = dist[u]! + cost(u, v, g.edgeKind[s]!, s);
        if (nd <= budget && nd < dist[v]!) {
          dist[v] = nd;
          changed = true;
        }
      }
    }
  }
  return dist;
}

/** The cheapest single step from a to b (a pair of areas may have several links). */
function stepCost(g: BoardGraph, cost: StepCost, a: number, b: number): number {
  let best = Infinity;
  for (let s = g.firstEdge[a]!; s < g.firstEdge[a + 1]!; s++)
    if (g.edgeTo[s] === b) best = Math.min(best, cost(a, b, g.edgeKind[s]!, s));
  return best;
}

function pick(rng: RngState, n: number): number {
  return nextUint32(rng) % n;
}

/** A small random hex map with terrain costs, rivers, roads and a few ZOC hexes. */
function randomHexCase(seed: number) {
  const rng = seedRng(`hex-case-${seed}`);
  const g = new HexGrid({
    cols: 3 + pick(rng, 6),
    rows: 3 + pick(rng, 6),
    orientation: pick(rng, 2) ? 'flat' : 'pointy',
    offset: pick(rng, 2) ? 'odd' : 'even',
  });
  for (let i = 0; i < g.nodeCount; i++) g.terrain[i] = pick(rng, TERRAIN_COST.length);
  for (let k = 0; k < g.nodeCount; k++)
    g.setHexside(pick(rng, g.nodeCount), pick(rng, 6), [RIVER, MAJOR_RIVER, ROAD][pick(rng, 3)]!);
  const zoc = new Uint8Array(g.nodeCount).map(() => (pick(rng, 5) === 0 ? 1 : 0));
  const cost: StepCost = (_from, to, _dir, slot) => {
    const side = g.hexsides[slot]!;
    if (side & MAJOR_RIVER) return Infinity;
    if (side & ROAD) return 0.5;
    return TERRAIN_COST[g.terrain[to]!]! + (side & RIVER ? 2 : 0);
  };
  const starts = Array.from({ length: 1 + pick(rng, 2) }, () => pick(rng, g.nodeCount));
  return { g, cost, stopsIn: (i: number) => zoc[i] === 1, starts, budget: pick(rng, 12) };
}

/** A small random area map with three link kinds of different costs. */
function randomAreaCase(seed: number) {
  const rng = seedRng(`area-case-${seed}`);
  const n = 4 + pick(rng, 14);
  const seen = new Set<string>();
  const links = [];
  for (let k = 0; k < 2 * n; k++) {
    const a = pick(rng, n),
      b = pick(rng, n),
      kind = pick(rng, 3);
    const key = `${Math.min(a, b)}-${Math.max(a, b)}-${kind}`;
    if (a === b || seen.has(key)) continue;
    seen.add(key);
    links.push({ a, b, kind });
  }
  const g = new AreaGraph({
    kinds: ['land', 'strait', 'sea'],
    nodes: Array.from({ length: n }, (_, id) => ({ id })),
    links,
  });
  const kindCost = [1, 3, Infinity];
  const areaCost = Array.from({ length: n }, () => [0, 1, 2][pick(rng, 3)]!);
  const cost: StepCost = (_f, to, kind) => kindCost[kind]! + areaCost[to]!;
  const stops = new Set(Array.from({ length: pick(rng, 3) }, () => pick(rng, n)));
  return { g, cost, stopsIn: (i: number) => stops.has(i), starts: [pick(rng, n)], budget: pick(rng, 10) };
}

function checkAgainstReference(
  c: { g: BoardGraph; cost: StepCost; stopsIn: NodeTest; starts: number[]; budget: number },
  finder = new PathFinder(c.g),
): void {
  const reach = finder.reach(c.starts, { budget: c.budget, cost: c.cost, stopsIn: c.stopsIn });
  const ref = referenceCosts(c.g, c.starts, c.cost, c.budget, c.stopsIn);
  let count = 0;
  for (let v = 0; v < c.g.nodeCount; v++) {
    expect(reach.costTo(v)).toBe(ref[v]);
    expect(reach.has(v)).toBe(ref[v] !== Infinity);
    if (!reach.has(v)) {
      expect(reach.pathTo(v)).toEqual([]);
      continue;
    }
    count++;
    const path = reach.pathTo(v);
    expect(c.starts).toContain(path[0]);
    expect(path[path.length - 1]).toBe(v);
    let sum = 0;
    for (let k = 1; k < path.length; k++) {
      if (k > 1) expect(c.stopsIn(path[k - 1]!)).toBe(false); // nobody moves on out of a stop
      sum += stepCost(c.g, c.cost, path[k - 1]!, path[k]!);
    }
    expect(sum).toBe(ref[v]);
  }
  expect(reach.count).toBe(count);
  const order = reach.costs();
  for (let k = 1; k < order.length; k++) expect(order[k]!).toBeGreaterThanOrEqual(order[k - 1]!);
}

describe('PathFinder (bounded Dijkstra)', () => {
  it('matches a Bellman-Ford reference on random hex maps (fast-check)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), (seed) => checkAgainstReference(randomHexCase(seed))),
      { numRuns: 300 },
    );
  });

  it('matches a Bellman-Ford reference on random area maps (fast-check)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1_000_000 }), (seed) => checkAgainstReference(randomAreaCase(seed))),
      { numRuns: 300 },
    );
  });

  it('gives the same answers when one finder is reused across many searches', () => {
    const c = randomHexCase(1);
    const finder = new PathFinder(c.g);
    for (let k = 0; k < 50; k++) {
      const c2 = { ...c, starts: [k % c.g.nodeCount], budget: k % 9 };
      checkAgainstReference(c2, finder);
    }
  });

  it('survives the generation counter wrapping around', () => {
    const c = randomHexCase(2);
    const finder = new PathFinder(c.g);
    (finder as unknown as { gen: number }).gen = 0xfffffff0 - 4;
    for (let k = 0; k < 6; k++) checkAgainstReference({ ...c, budget: 8 }, finder);
    expect(finder.generation).toBeLessThan(20);
  });

  it('grows its queue when a node has thousands of neighbours', () => {
    const spokes = 5000;
    const hub = new AreaGraph({
      nodes: Array.from({ length: spokes + 1 }, (_, id) => ({ id })),
      links: Array.from({ length: spokes }, (_, k) => ({ a: 0, b: k + 1, kind: 0 })),
    });
    const finder = new PathFinder(hub);
    const before = finder.memoryBytes();
    const reach = finder.reach(0, { budget: Infinity, cost: (_f, to) => (to * 7919) % 1000 });
    expect(reach.count).toBe(spokes + 1);
    expect(finder.memoryBytes()).toBeGreaterThan(before);
    for (let v = 1; v <= spokes; v++) expect(reach.costTo(v)).toBe((v * 7919) % 1000);
    const costs = reach.costs();
    for (let k = 1; k < costs.length; k++) expect(costs[k]!).toBeGreaterThanOrEqual(costs[k - 1]!);
  });

  it('reaches exactly the budget, not beyond', () => {
    const g = new HexGrid({ cols: 10, rows: 1, orientation: 'flat', offset: 'odd' });
    const reach = new PathFinder(g).reach(0, { budget: 6, cost: () => 2 });
    expect([...reach.nodes()]).toEqual([0, 1, 2, 3]);
    expect([...reach.costs()]).toEqual([0, 2, 4, 6]);
    expect(reach.costTo(4)).toBe(Infinity);
    expect(reach.previous(3)).toBe(2);
    expect(reach.previous(0)).toBe(-1);
    expect(reach.pathTo(3)).toEqual([0, 1, 2, 3]);
    const odd = new PathFinder(g).reach(0, { budget: 7, cost: () => 2 });
    expect(odd.count).toBe(4); // 8 MP for a fifth hex is more than 7
    expect(new PathFinder(g).reach(0, { budget: 1.5, cost: () => 0.5 }).count).toBe(4);
  });

  it('stop rule: a unit may enter an enemy ZOC hex but not move on from it', () => {
    // 0101-0201-0301-0401-0501 in a single row; enemy ZOC covers 0301.
    const g = new HexGrid({ cols: 5, rows: 1, orientation: 'flat', offset: 'odd' });
    const zoc = (i: number) => i === g.hex('0301');
    const finder = new PathFinder(g);
    const move = finder.reach(g.hex('0101'), { budget: 10, cost: () => 1, stopsIn: zoc });
    expect(move.costTo(g.hex('0301'))).toBe(2);
    expect(move.has(g.hex('0401'))).toBe(false);
    expect(move.has(g.hex('0501'))).toBe(false);
    // A unit starting in the ZOC hex may leave it (games price that in the cost function).
    const out = finder.reach(g.hex('0301'), { budget: 10, cost: () => 1, stopsIn: zoc });
    expect(out.costTo(g.hex('0501'))).toBe(2);
    expect(out.costTo(g.hex('0101'))).toBe(2);
  });

  it('stop rule: hexes behind a ZOC line are reached only around it', () => {
    const g = new HexGrid({ cols: 7, rows: 7, orientation: 'flat', offset: 'odd' });
    const zocCol = 3;
    const gap = g.hex('0407'); // the only ZOC-free hex of column 04
    const zoc = (i: number) => g.colOf(i) === zocCol && i !== gap;
    const reach = new PathFinder(g).reach(g.hex('0101'), { budget: 30, cost: () => 1, stopsIn: zoc });
    for (let i = 0; i < g.nodeCount; i++) {
      expect(reach.has(i)).toBe(true);
      if (g.colOf(i) > zocCol) expect(reach.pathTo(i)).toContain(gap);
    }
  });

  it('isGoal ends the search early with the right cost', () => {
    const c = randomHexCase(3);
    const full = new PathFinder(c.g).reach(c.starts, { budget: 50, cost: c.cost });
    const finder = new PathFinder(c.g);
    for (let t = 0; t < c.g.nodeCount; t++) {
      const r = finder.reach(c.starts, { budget: 50, cost: c.cost, isGoal: (i) => i === t });
      expect(r.goal).toBe(full.has(t) ? t : -1);
      expect(r.costTo(t)).toBe(full.costTo(t));
      expect(r.count).toBeLessThanOrEqual(full.count);
    }
  });

  it('unbounded budgets skip impassable steps', () => {
    const g = new HexGrid({ cols: 4, rows: 1, orientation: 'pointy', offset: 'odd' });
    const reach = new PathFinder(g).reach(0, { budget: Infinity, cost: (_f, to) => (to === 2 ? Infinity : 1) });
    expect([...reach.nodes()]).toEqual([0, 1]);
  });

  it('refuses negative costs, bad starts and stale results', () => {
    const g = new HexGrid({ cols: 3, rows: 3, orientation: 'flat', offset: 'odd' });
    const finder = new PathFinder(g);
    expect(() => finder.reach(0, { budget: 5, cost: () => -1 })).toThrow(/step cost -1 from node 0/);
    expect(() => finder.reach(9, { budget: 5, cost: () => 1 })).toThrow(/start node 9 is not a node index/);
    const first = finder.reach(0, { budget: 5, cost: () => 1 });
    expect(first.has(4)).toBe(true);
    finder.reach(4, { budget: 0, cost: () => 1 });
    expect(() => first.has(4)).toThrow(/stale Reach/);
  });
});
