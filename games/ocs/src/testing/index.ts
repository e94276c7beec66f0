/** Test helpers: an empty board on the Husky map, and units put where a test wants them. */
import type { Env } from '../env.ts';
import { loadData } from '../data/index.ts';
import { makeEnv } from '../env.ts';
import { toOpts } from '../options.ts';
import { initialState } from '../setup.ts';
import type { OcsState, UnitState } from '../state.ts';

export const env: Env = makeEnv();

const husky = loadData();
/** The Husky grid, counters and scenario on a bare map: all open land, no roads, rivers or towns (for rules tests). */
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
});

/** The Husky state with every unit off the map and no dumps, hedgehogs or control changes. */
export function blank(e: Env = env): OcsState {
  const g = initialState(e, toOpts());
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
  if (!env.counters.has(id)) throw new Error(`no counter ${id}`);
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
