/**
 * The board: the engine's HexGrid built once from map.json, with the river on its hexsides. This
 * is the game's environment (`Env`): compiled, read-only data that every rule function receives.
 * It never goes into the game state (the state stays small plain JSON).
 */
import { HexGrid } from '@sandtable/engine';
import type { BridgeData, FordId, Side, UnitData } from './data/index.ts';

/** Hexside bits (2.3, 2.4). */
export const RIVER = 1;
export const BRIDGE = 2;
export const FORD = 4;

export interface Env {
  data: BridgeData;
  grid: HexGrid;
  /** Units by id. */
  unit: Record<string, UnitData>;
  /** The hexes at either end of each ford (north bank first). */
  ford: Record<FordId, [string, string]>;
}

export function makeEnv(data: BridgeData): Env {
  const grid = new HexGrid(data.map.grid);
  const ford = {} as Record<FordId, [string, string]>;
  for (const h of data.map.hexsides) {
    const [a, b] = h.between.split('/') as [string, string];
    const bits = h.kind === 'ford' ? RIVER | FORD : h.kind === 'bridge' ? RIVER | BRIDGE : RIVER;
    grid.setHexsideBetween(grid.hex(a), grid.hex(b), bits);
    if (h.kind === 'ford') ford[h.ford] = [a, b];
  }
  // Terrain ids index the Terrain Effects Chart; unmarked hexes are clear (2.2).
  const ids = data.tables.terrain.map((t) => t.id);
  grid.terrain.fill(ids.indexOf('clear'));
  for (const t of data.map.terrain) grid.terrain[grid.hex(t.hex)] = ids.indexOf(t.terrain);
  return { data, grid, unit: Object.fromEntries(data.units.map((u) => [u.id, u])), ford };
}

export const other = (s: Side): Side => (s === 'north' ? 'south' : 'north');

/** Terrain of a hex and its effects (7.2). */
export function terrainOf(env: Env, hex: string) {
  return env.data.tables.terrain[env.grid.terrain[env.grid.hex(hex)]!]!;
}

/** The hexes next to `hex` (2.1). */
export function adjacent(env: Env, hex: string): string[] {
  const g = env.grid;
  return g.neighbours(g.hex(hex)).map((i) => g.label(i));
}

/** What lies on the hexside between two adjacent hexes: nothing, the river, the bridge or a ford (2.3, 2.4). */
export function crossing(env: Env, a: string, b: string): 'none' | 'river' | 'bridge' | 'ford' {
  const bits = env.grid.hexsideBetween(env.grid.hex(a), env.grid.hex(b));
  return bits & BRIDGE ? 'bridge' : bits & FORD ? 'ford' : bits & RIVER ? 'river' : 'none';
}

/** The ford crossed between two adjacent hexes, if any. */
export function fordBetween(env: Env, a: string, b: string): FordId | null {
  for (const [id, [x, y]] of Object.entries(env.ford) as [FordId, [string, string]][])
    if ((x === a && y === b) || (x === b && y === a)) return id;
  return null;
}

/** 2.3: rows 03-05 are the south bank. */
export function onSouthBank(env: Env, hex: string): boolean {
  return env.grid.rowOf(env.grid.hex(hex)) + 1 >= env.data.map.southBankFirstRow.value;
}

/** 8.1: the south edge is the last row. */
export function onSouthEdge(env: Env, hex: string): boolean {
  return env.grid.rowOf(env.grid.hex(hex)) === env.grid.rows - 1;
}
