/**
 * The board and the compiled data: the engine's HexGrid built once from map.json, with rivers,
 * bridges, roads and railways as hexside bits, terrain per hex, and lookups by id. This is the
 * game's `Env`: read-only, never part of the state.
 */
import { bitFlags, HexGrid, PathFinder } from '@sandtable/engine';
import type { DubnoData, EntryArea, Side, UnitData, UnitType } from './data/index.ts';

/** Hexside bits: rivers (13.4), bridges (8.10), roads (8.7), railways (8.8). */
export const SIDE_BITS = bitFlags(['minor', 'major', 'bridge', 'road', 'rail'] as const);

export interface Env {
  data: DubnoData;
  grid: HexGrid;
  finder: PathFinder;
  unit: Record<string, UnitData>;
  type: Record<string, UnitType>;
  /** Terrain row of the TEC per hex index. */
  terrain: DubnoData['tables']['terrain'][number][];
  /** Place name per hex label. */
  place: Record<string, string>;
  /** Objective hex per objective name (23.3). */
  objective: { hex: string; name: string; vp: Record<Side, number> }[];
  /** Hexes on a road or railway (8.7: a road move starts on one). */
  onRoad: Uint8Array;
  entry: Record<EntryArea, string[]>;
  /** Every map-edge hex (6.5). */
  edge: string[];
}

export function makeEnv(data: DubnoData): Env {
  const grid = new HexGrid(data.map.grid);
  const sideOf = (s: string) => s.split('/').map((h) => grid.hex(h)) as [number, number];
  for (const r of data.map.rivers)
    for (const s of r.hexsides)
      grid.setHexsideBetween(...sideOf(s), r.kind === 'major' ? SIDE_BITS.major : SIDE_BITS.minor);
  for (const s of data.map.bridges.hexsides) grid.setHexsideBetween(...sideOf(s), SIDE_BITS.bridge);
  const onRoad = new Uint8Array(grid.nodeCount);
  const lines = (list: { hexes: string[] }[], bit: number) => {
    for (const l of list)
      for (let k = 0; k < l.hexes.length; k++) {
        const h = grid.hex(l.hexes[k]!);
        onRoad[h] = 1;
        if (k + 1 < l.hexes.length) grid.setHexsideBetween(h, grid.hex(l.hexes[k + 1]!), bit);
      }
  };
  lines(data.map.roads, SIDE_BITS.road);
  lines(data.map.railways, SIDE_BITS.rail);
  const byId = Object.fromEntries(data.tables.terrain.map((t) => [t.id, t]));
  const terrain = Array.from({ length: grid.nodeCount }, () => byId.clear!);
  for (const t of data.map.terrain) terrain[grid.hex(t.hex)] = byId[t.terrain]!;
  const place: Record<string, string> = {};
  for (const p of data.map.places) {
    terrain[grid.hex(p.hex)] = byId[p.kind]!;
    place[p.hex] = p.name;
  }
  for (let i = 0; i < grid.nodeCount; i++) grid.terrain[i] = data.tables.terrain.indexOf(terrain[i]!); // for drawing
  const objective = data.tables.victory.objectives.map((o) => ({
    hex: data.map.places.find((p) => p.name === o.name)!.hex,
    name: o.name,
    vp: o.vp,
  }));
  const edge: string[] = [];
  for (let i = 0; i < grid.nodeCount; i++) if (grid.neighbours(i).length < 6) edge.push(grid.label(i));
  const { provenance: _, ...entry } = data.map.entry;
  return {
    data,
    grid,
    finder: new PathFinder(grid),
    unit: Object.fromEntries(data.units.map((u) => [u.id, u])),
    type: Object.fromEntries(data.tables.unitTypes.map((t) => [t.id, t])),
    terrain,
    place,
    objective,
    onRoad,
    entry,
    edge,
  };
}

export const other = (s: Side): Side => (s === 'german' ? 'soviet' : 'german');

/** The hexes next to `hex`. */
export function adjacent(env: Env, hex: string): string[] {
  return env.grid.neighbours(env.grid.hex(hex)).map((i) => env.grid.label(i));
}

export function distance(env: Env, a: string, b: string): number {
  return env.grid.distance(env.grid.hex(a), env.grid.hex(b));
}

/** The TEC row of a hex (8.6, 11.15). */
export function terrainAt(env: Env, hex: string) {
  return env.terrain[env.grid.hex(hex)]!;
}

/** The river on the hexside between two adjacent hexes, with or without a bridge (13.4, 8.10). */
export function riverBetween(env: Env, a: string, b: string): { kind: 'minor' | 'major' | null; bridge: boolean } {
  const bits = env.grid.hexsideBetween(env.grid.hex(a), env.grid.hex(b));
  const kind = bits & SIDE_BITS.major ? 'major' : bits & SIDE_BITS.minor ? 'minor' : null;
  return { kind, bridge: (bits & SIDE_BITS.bridge) !== 0 };
}

export function hexsideRow(env: Env, kind: 'minor' | 'major') {
  return env.data.tables.hexsides.find((h) => h.id === kind)!;
}

/** The key of the hexside between two hexes, "AAAA/BBBB" with the lower label first. */
export const sideKey = (a: string, b: string): string => (a < b ? `${a}/${b}` : `${b}/${a}`);
