/** Test helpers: an empty board on the Husky map, and units put where a test wants them. */
import type { Ctx } from '@sandtable/engine';
import type { Env } from '../env.ts';
import { loadData } from '../data/index.ts';
import { makeEnv } from '../env.ts';
import { toOpts } from '../options.ts';
import { initialState } from '../setup.ts';
import type { OcsState, UnitState } from '../state.ts';

export const env: Env = makeEnv();

const husky = loadData();
const face = (strength: number, ma: number, mt: 'leg' | 'truck' | 'track') => ({ strength, ma, mt });
/** Test counters of the rulebook's examples: a 14-4-3 rifle division (9.11d), a panzer and a panzergrenadier unit (9.4e). */
const EXAMPLES = [
  {
    kind: 'ground',
    id: 'T-DIV',
    name: '14-4-3 division',
    side: 'axis',
    nation: 'DE',
    size: 'XX',
    type: 'infantry',
    cls: 'other',
    ar: 4,
    steps: 3,
    combat: face(14, 3, 'leg'),
    move: face(7, 5, 'leg'),
    provenance: 'rulebook 9.11d example',
  },
  {
    kind: 'ground',
    id: 'T-PZ',
    name: 'panzer',
    side: 'allied',
    nation: 'US',
    size: 'III',
    type: 'tank',
    cls: 'armor',
    ar: 4,
    combat: face(6, 6, 'track'),
    move: face(3, 10, 'track'),
    provenance: 'rulebook 9.4e example',
  },
  {
    kind: 'ground',
    id: 'T-PG',
    name: 'panzergrenadier',
    side: 'allied',
    nation: 'US',
    size: 'III',
    type: 'armoredInfantry',
    cls: 'mech',
    ar: 3,
    combat: face(6, 6, 'track'),
    move: face(3, 10, 'track'),
    provenance: 'rulebook 9.4e example',
  },
];
/** The Husky grid, counters and scenario on a bare map (all open land, no roads, rivers or towns), with the example counters: for rules tests. */
export const openEnv: Env = makeEnv({
  ...husky,
  map: {
    ...husky.map,
    defaultTerrain: 'open',
    hexes: [],
    hexsides: [],
    routes: [],
    places: [],
    ports: [],
    airBases: [],
  },
  counters: { ...husky.counters, counters: [...husky.counters.counters, ...(EXAMPLES as never[])] },
});

/** A context whose dice are scripted (running out is an error), with the log kept. */
export function scriptedCtx(dice: number[] = []): Ctx & { lines: string[] } {
  const lines: string[] = [];
  return {
    lines,
    seq: 1,
    roll(count: number, why: string) {
      if (dice.length < count) throw new Error(`no scripted dice left for: ${why}`);
      return dice.splice(0, count);
    },
    log(text: string) {
      lines.push(text);
    },
    irreversible() {},
  };
}

/** The Husky state with every unit off the map and no dumps, hedgehogs or control changes. */
export function blank(e: Env = env): OcsState {
  const g = initialState(e, toOpts());
  for (const id of e.counters.keys()) g.units[id] ??= { hex: -1, face: 'combat' };
  for (const u of Object.values(g.units)) {
    u.hex = -1;
    u.box = 'pending';
    delete u.lost;
    delete u.marker;
  }
  for (const s of e.sides) g.dumps[s] = {};
  g.hedgehogs = {};
  g.control = {};
  g.version++;
  return g;
}

/** Puts a unit in a hex (label), with optional state. */
export function put(g: OcsState, id: string, label: string, extra: Partial<UnitState> = {}, e: Env = env): void {
  if (!e.counters.has(id)) throw new Error(`no counter ${id}`);
  g.units[id] = { hex: e.hexOf(label), face: 'combat', ...extra };
  g.version++;
}

export const hex = (label: string): number => env.hexOf(label);
export const lbl = (i: number): string => env.grid.label(i);

/** The first hex (label) passing a test, scanning the map in index order. */
export function findHex(test: (i: number) => boolean): number {
  for (let i = 0; i < env.grid.nodeCount; i++) if (test(i)) return i;
  throw new Error('no such hex on the map');
}
