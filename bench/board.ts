/**
 * Board topology on an OCS-sized map: 300 x 200 = 60,000 hexes with seeded random terrain costs
 * and river hexsides. Movement ranges (bounded Dijkstra, 20 MP), full-map supply floods,
 * early-exit supply traces and building the grid.
 */
import {
  HexGrid,
  newFloodField,
  nextUint32,
  PathFinder,
  seedRng,
  Tracer,
  type RngState,
  type StepCost,
} from '@sandtable/engine';
import { measure, type BenchRow } from './lib.ts';

const COLS = 300;
const ROWS = 200;
const RIVER = 1;
const ROAD = 2;
/** Clear, rough, woods, mountain, swamp (all passable) and impassable. */
const TERRAIN_MP = [1, 2, 2, 3, 4, Infinity];
const TERRAIN_WEIGHTS = [50, 15, 15, 8, 7, 5];

function weighted(rng: RngState, weights: number[]): number {
  const total = weights.reduce((a, b) => a + b, 0);
  let x = nextUint32(rng) % total;
  for (let k = 0; k < weights.length; k++) if ((x -= weights[k]!) < 0) return k;
  return weights.length - 1;
}

function buildMap(seed: string): HexGrid {
  const rng = seedRng(seed);
  const g = new HexGrid({ cols: COLS, rows: ROWS, orientation: 'flat', offset: 'odd' });
  for (let i = 0; i < g.nodeCount; i++) g.terrain[i] = weighted(rng, TERRAIN_WEIGHTS);
  for (let k = 0; k < g.nodeCount / 4; k++) g.setHexside(nextUint32(rng) % g.nodeCount, nextUint32(rng) % 6, RIVER);
  for (let k = 0; k < g.nodeCount / 10; k++) g.setHexside(nextUint32(rng) % g.nodeCount, nextUint32(rng) % 6, ROAD);
  return g;
}

function movementCost(g: HexGrid): StepCost {
  const { terrain, hexsides } = g;
  return (_from, to, _dir, slot) => {
    const side = hexsides[slot]!;
    const mp = TERRAIN_MP[terrain[to]!]!;
    if (mp === Infinity) return Infinity;
    return side & ROAD ? 0.5 : mp + (side & RIVER ? 2 : 0);
  };
}

function passableStarts(g: HexGrid, n: number): number[] {
  const rng = seedRng('starts');
  const out: number[] = [];
  while (out.length < n) {
    const i = nextUint32(rng) % g.nodeCount;
    if (TERRAIN_MP[g.terrain[i]!] !== Infinity) out.push(i);
  }
  return out;
}

export async function run(): Promise<{ title: string; rows: BenchRow[] }[]> {
  const g = buildMap('bench-board');
  const cost = movementCost(g);
  const finder = new PathFinder(g);
  const tracer = new Tracer(g);
  const starts = passableStarts(g, 2000);
  const zoc = new Uint8Array(g.nodeCount).map((_, i) => (i % 7 === 0 ? 1 : 0));
  const rows: BenchRow[] = [];

  const bytes = g.memoryBytes();
  rows.push(
    measure(
      'build 300x200 HexGrid (neighbour table)',
      'grid',
      () => void new HexGrid({ cols: COLS, rows: ROWS, orientation: 'flat', offset: 'odd' }),
      15,
      2,
      `typed arrays ${(bytes / 1e6).toFixed(2)} MB = ${(bytes / g.nodeCount).toFixed(0)} B/hex`,
    ),
  );

  let q = 0;
  let reachedTotal = 0;
  let queries = 0;
  const batch = 100;
  rows.push(
    measure(
      'bounded Dijkstra, 20 MP',
      'query',
      () => {
        for (let k = 0; k < batch; k++) {
          const r = finder.reach(starts[q++ % starts.length]!, { budget: 20, cost });
          reachedTotal += r.count;
          queries++;
        }
        return batch;
      },
      20,
      2,
    ),
  );
  rows[rows.length - 1]!.note = `${(reachedTotal / queries).toFixed(0)} hexes reached per query on average`;

  rows[rows.length - 1]!.note += `; PathFinder scratch + queue ${(finder.memoryBytes() / 1e6).toFixed(2)} MB`;
  rows.push(
    measure(
      'bounded Dijkstra, 20 MP, ZOC stop rule (1 hex in 7)',
      'query',
      () => {
        for (let k = 0; k < batch; k++)
          finder.reach(starts[q++ % starts.length]!, { budget: 20, cost, stopsIn: (i) => zoc[i] === 1 });
        return batch;
      },
      20,
      2,
    ),
  );

  const field = newFloodField(g.nodeCount);
  const impassable = g.terrain.map((t) => (TERRAIN_MP[t] === Infinity ? 1 : 0));
  const passable = (i: number) => impassable[i] === 0;
  const notAcrossRiver = (_u: number, _v: number, _d: number, slot: number) => (g.hexsides[slot]! & RIVER) === 0;
  rows.push(
    measure(
      'full-map flood (hops), 4 sources',
      'flood',
      () => {
        tracer.flood(starts.slice(0, 4), { enters: passable }, field);
      },
      20,
      2,
    ),
  );
  rows[rows.length - 1]!.note =
    `${field.count} hexes reached; field ${((field.reached.byteLength + field.distance.byteLength) / 1e6).toFixed(2)} MB`;
  rows.push(
    measure(
      'full-map flood (hops), no river crossing',
      'flood',
      () => {
        tracer.flood(starts.slice(0, 4), { enters: passable, crosses: notAcrossRiver }, field);
      },
      20,
      2,
    ),
  );
  rows.push(
    measure(
      'full-map flood by cost (unbounded Dijkstra)',
      'flood',
      () => {
        tracer.flood(starts.slice(0, 4), { cost }, field);
      },
      10,
      2,
    ),
  );
  rows[rows.length - 1]!.note = `${field.count} hexes reached`;

  const isSource = new Uint8Array(g.nodeCount);
  for (const s of starts.slice(0, 40)) isSource[s] = 1;
  let t = 0;
  rows.push(
    measure(
      'supply trace: nearest of 40 sources (early exit)',
      'trace',
      () => {
        for (let k = 0; k < batch; k++)
          tracer.nearestSource(starts[1000 + (t++ % 1000)]!, isSource, { enters: passable });
        return batch;
      },
      20,
      2,
    ),
  );

  return [{ title: 'Board topology, 300x200 = 60,000 hexes (medians)', rows }];
}
