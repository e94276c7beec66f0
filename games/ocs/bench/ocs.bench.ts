/**
 * OCS at scale (issue #14, Deliver 6), run with:
 *
 *   node --import tsx games/ocs/bench/ocs.bench.ts
 *
 * On the Husky map (1,400 hexes, the set-up of 10 July) and on a generated 20,000-hex, 2,000-unit
 * map with 60 HQs: every unit's trace supply status (target: under 50 ms on the big map), a
 * movement range for every unit, and the legal actions of a Movement Segment. Each figure is the
 * median of several runs with the caches invalidated (a new state version) before each.
 */
import { performance } from 'node:perf_hooks';
import { loadData, type OcsData } from '../src/data/index.ts';
import { type Env, makeEnv } from '../src/env.ts';
import { reach } from '../src/movement.ts';
import { toOpts } from '../src/options.ts';
import { flow } from '../src/sequence.ts';
import { initialState } from '../src/setup.ts';
import type { OcsState } from '../src/state.ts';
import { inTraceSupply, traceField } from '../src/supply.ts';
import { groundOf, maOf } from '../src/units.ts';
import { fieldsOf } from '../src/fields.ts';

function median(runs: number, f: () => void): number {
  const t: number[] = [];
  for (let i = 0; i < runs; i++) {
    const t0 = performance.now();
    f();
    t.push(performance.now() - t0);
  }
  return t.sort((a, b) => a - b)[Math.floor(runs / 2)]!;
}

function report(name: string, ms: number, target?: number): void {
  const mark =
    target === undefined ? '' : ms <= target ? `  (target < ${target} ms: met)` : `  (target < ${target} ms: MISSED)`;
  console.log(`${name.padEnd(58)} ${ms.toFixed(1).padStart(8)} ms${mark}`);
}

export const phases = { fields: 0, trace: 0 };
function allSupply(env: Env, g: OcsState): number {
  g.version++;
  let n = 0;
  const t0 = performance.now();
  fieldsOf(env, g);
  const t1 = performance.now();
  for (const side of env.sides) traceField(env, g, side);
  phases.fields += t1 - t0;
  phases.trace += performance.now() - t1;
  for (const id in g.units) if (g.units[id]!.hex >= 0 && groundOf(env, id) && inTraceSupply(env, g, id)) n++;
  return n;
}

function allReach(env: Env, g: OcsState): number {
  let n = 0;
  for (const id in g.units) {
    const u = g.units[id]!;
    const c = groundOf(env, id);
    if (u.hex < 0 || !c) continue;
    const ma = maOf(env, c, u, 'movement', false);
    n += reach(env, g, id, u.hex, ma, ma).hexes.size;
  }
  return n;
}

/** A generated multi-map of `cols` x `rows` hexes with `perSide` units a side and `hqs` HQs a side. */
function bigWorld(cols: number, rows: number, perSide: number, hqs: number): { env: Env; g: OcsState } {
  const base = loadData();
  const label = (c: number, r: number) => `${String(c).padStart(3, '0')}.${String(r).padStart(3, '0')}`;
  const hexes: OcsData['map']['hexes'] = [];
  let seed = 1;
  const rand = (n: number) => {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    return seed % n;
  };
  for (let c = 1; c <= cols; c++)
    for (let r = 1; r <= rows; r++) {
      const k = rand(10);
      if (k >= 6)
        hexes.push({ hex: label(c, r), terrain: [k >= 9 ? 'hills' : 'rough'], provenance: 'derived: generated' });
    }
  const routes: OcsData['map']['routes'] = [];
  for (let r = 5; r <= rows; r += 10)
    routes.push({
      kind: 'road',
      name: `road ${r}`,
      hexes: Array.from({ length: cols }, (_, c) => label(c + 1, r)),
      provenance: 'derived: generated',
    });
  /** Supply sources every 8 hexes behind each front (railheads of a real OCS map). */
  const railheads = (c0: number, c1: number) => {
    const out: string[] = [];
    for (let c = c0; c <= c1; c++) for (let r = 4; r <= rows; r += 8) if (c % 8 === 0) out.push(label(c, r));
    return out;
  };
  const column = (c: number) => Array.from({ length: rows }, (_, r) => label(c, r + 1));
  const map: OcsData['map'] = {
    ...base.map,
    grid: { ...base.map.grid, cols, rows },
    defaultTerrain: 'open',
    hexes,
    hexsides: [],
    routes,
    places: [],
    ports: [],
    airBases: [],
    hedgehogs: [],
    flak: [],
    regions: [
      {
        id: 'westEdge',
        name: 'west edge and railheads',
        hexes: [...column(1), ...railheads(1, Math.floor(cols * 0.45))],
        provenance: 'derived: generated',
      },
      {
        id: 'eastEdge',
        name: 'east edge and railheads',
        hexes: [...column(cols), ...railheads(Math.floor(cols * 0.55), cols)],
        provenance: 'derived: generated',
      },
    ],
  };
  const counters: OcsData['counters']['counters'] = [];
  const units: Record<string, { hex: string }> = {};
  const place = (side: 'allied' | 'axis', n: number, hq: boolean) => {
    for (let i = 0; i < n; i++) {
      const id = `${side}-${hq ? 'hq' : 'u'}${i}`;
      const face = (s: number | null, ma: number, thr?: number) => ({
        strength: s,
        ma,
        mt: 'truck' as const,
        ...(hq ? { paren: true, throw: thr } : {}),
      });
      counters.push({
        kind: 'ground',
        id,
        name: id,
        side,
        nation: side === 'allied' ? 'US' : 'DE',
        size: hq ? 'XXX' : 'III',
        type: hq ? 'hq' : 'infantry',
        cls: 'other',
        ar: 3,
        combat: hq ? face(null, 4, 12) : face(5, 4),
        move: hq ? face(null, 12, 7) : face(2, 8),
        ...(hq ? { hq: { throwType: 'truck' as const } } : {}),
        provenance: 'derived: generated',
      } as never);
      const c0 = side === 'allied' ? Math.floor(cols * 0.1) : Math.floor(cols * 0.55);
      units[id] = { hex: label(c0 + rand(Math.floor(cols * 0.35)), 1 + rand(rows)) };
    }
  };
  place('allied', perSide, false);
  place('axis', perSide, false);
  place('allied', hqs, true);
  place('axis', hqs, true);
  const scenario: OcsData['scenario'] = {
    ...base.scenario,
    setup: [],
    reinforcements: [],
    dumps: [],
    hedgehogs: [],
    airBases: [],
    naval: [],
    control: [],
    supplySources: [
      { side: 'allied', at: { region: 'westEdge' }, name: 'west', provenance: 'derived: generated' },
      { side: 'axis', at: { region: 'eastEdge' }, name: 'east', provenance: 'derived: generated' },
    ],
    victory: { ...base.scenario.victory, hexes: [], suddenDeath: [] },
  };
  const env = makeEnv({ ...base, map, counters: { ...base.counters, counters }, scenario });
  const g = initialState(env, toOpts());
  for (const [id, u] of Object.entries(units)) g.units[id] = { hex: env.hexOf(u.hex), face: 'combat' };
  return { env, g };
}

console.log('OCS benchmarks (median of runs, caches invalidated each run)\n');
{
  const env = makeEnv();
  const g = initialState(env, toOpts());
  const units = Object.values(g.units).filter((u) => u.hex >= 0).length;
  console.log(`Husky, 10 July: ${env.grid.nodeCount} hexes, ${units} units on the map`);
  report(
    "every unit's trace supply status (both sides)",
    median(20, () => allSupply(env, g)),
  );
  report(
    'a movement range for every unit',
    median(5, () => allReach(env, g)),
  );
  const s = structuredClone(g);
  s.stack = [
    { kind: 'movement', side: 'allied', phase: 'movement', spent: {}, done: [], mover: null, stopped: [], frozen: [] },
  ];
  report(
    'legal actions of the Allied Movement Segment',
    median(5, () => {
      s.version++;
      flow.legalActions(env, s, 'allied');
    }),
    100,
  );
}
{
  const t0 = performance.now();
  const { env, g } = bigWorld(200, 100, 1000, 30);
  phases.fields = phases.trace = 0;
  console.log(
    `\nGenerated: ${env.grid.nodeCount} hexes, 2,000 units and 60 HQs (built in ${(performance.now() - t0).toFixed(0)} ms)`,
  );
  let supplied = 0;
  report(
    "every unit's trace supply status (both sides)",
    median(11, () => (supplied = allSupply(env, g))),
    50,
  );
  console.log(
    `  (${supplied} units in trace supply; per run: ZOC and occupancy fields ${(phases.fields / 11).toFixed(1)} ms, supply floods ${(phases.trace / 11).toFixed(1)} ms)`,
  );
  report(
    'a movement range for every unit',
    median(3, () => allReach(env, g)),
  );
}
