/**
 * The environment: the data compiled once into typed arrays (never part of the game state). The
 * map becomes the engine's HexGrid with, per hex, the set of its terrains (a bit mask), the
 * costliest entry cost per movement type (6.2d), and per hexside the river and route bits; the
 * counters become a table by id. Every rule reads the map through the small functions here.
 */
import type { HexGrid } from '@sandtable/engine';
import {
  type Counter,
  hexsidePair,
  loadData,
  MOVE_TYPES,
  type MoveType,
  type MpCost,
  type OcsData,
  ocsGrid,
  type TerrainCategory,
  type TerrainDef,
} from './data/index.ts';

/** An "All" cost (6.2, 8.1b): the whole MA. Prohibited is Infinity (6.2c). */
export const ALL = -1;

export interface Env {
  data: OcsData;
  grid: HexGrid;
  terrain: TerrainDef[];
  /** Per hex: bit t set when terrain t is in the hex. */
  hexTerrain: Uint16Array;
  /** Per movement type, per hex: the costliest hex terrain (6.2d); ALL or Infinity. */
  hexCost: Record<MoveType, Float64Array>;
  /** Per hex: 1 for all-sea hexes. */
  water: Uint8Array;
  /** Hexside kinds (bits 0..7 of a hexside word) and route kinds (bits 8..15). */
  sideKinds: OcsData['map']['tec']['hexsides'];
  routeKinds: OcsData['map']['tec']['routes'];
  /** Per hexside kind and movement type: MP added (6.2b), Infinity if prohibited. */
  sideCost: Record<MoveType, Float64Array>;
  /** Per route kind and movement type: MP per hex along the route (6.2a). */
  routeCost: Record<MoveType, Float64Array>;
  counters: Map<string, Counter>;
  sides: [string, string];
  /** Per hex: index into data.map.ports / airBases, or -1. */
  portAt: Int16Array;
  airBaseAt: Int16Array;
  /** Per hex: 1 for a city, town or village (13.3c detrainable when on a railroad). */
  town: Uint8Array;
  /** Per hex: the region ids' hexes. */
  regionHexes: Map<string, number[]>;
  /** 13.3h per hex: the side index controlling it at the start (scenario `control`), or -1. */
  startControl: Int8Array;
  /** Hexes of supply sources and boxes resolved. */
  hexOf(label: string): number;
}

const mp = (c: MpCost): number => (c === 'prohibited' ? Infinity : c === 'all' ? ALL : c);

/** The costlier of two hex costs: prohibited beats all beats any number (6.2d). */
function costlier(a: number, b: number): number {
  if (a === Infinity || b === Infinity) return Infinity;
  if (a === ALL || b === ALL) return ALL;
  return Math.max(a, b);
}

export function makeEnv(data: OcsData = loadData()): Env {
  const grid = ocsGrid(data.map.grid);
  const n = grid.nodeCount;
  const terrain = data.map.tec.terrain;
  const tIndex = new Map(terrain.map((t, i) => [t.id, i]));
  const hexTerrain = new Uint16Array(n).fill(1 << tIndex.get(data.map.defaultTerrain)!);
  for (const h of data.map.hexes) {
    let bits = 0;
    for (const t of h.terrain) bits |= 1 << tIndex.get(t)!;
    hexTerrain[grid.hex(h.hex)] = bits;
  }
  const hexCost = {} as Record<MoveType, Float64Array>;
  for (const m of MOVE_TYPES) {
    const a = new Float64Array(n);
    for (let i = 0; i < n; i++) {
      let c = 0;
      for (let t = 0; t < terrain.length; t++) if (hexTerrain[i]! & (1 << t)) c = costlier(c, mp(terrain[t]!.mp[m]));
      a[i] = c;
    }
    hexCost[m] = a;
  }
  const water = new Uint8Array(n);
  for (let i = 0; i < n; i++)
    water[i] = terrain.every((t, k) => !(hexTerrain[i]! & (1 << k)) || t.water === true) ? 1 : 0;
  const sideKinds = data.map.tec.hexsides;
  const routeKinds = data.map.tec.routes;
  const sIndex = new Map(sideKinds.map((s, i) => [s.id, i]));
  const rIndex = new Map(routeKinds.map((r, i) => [r.id, i]));
  for (const s of data.map.hexsides)
    for (const side of s.sides) {
      const p = hexsidePair(grid, side)!;
      grid.setHexsideBetween(p[0], p[1], 1 << sIndex.get(s.kind)!);
    }
  for (const r of data.map.routes)
    for (let k = 1; k < r.hexes.length; k++)
      grid.setHexsideBetween(grid.hex(r.hexes[k - 1]!), grid.hex(r.hexes[k]!), 1 << (8 + rIndex.get(r.kind)!));
  const sideCost = {} as Record<MoveType, Float64Array>;
  const routeCost = {} as Record<MoveType, Float64Array>;
  for (const m of MOVE_TYPES) {
    sideCost[m] = Float64Array.from(sideKinds.map((s) => mp(s.mp[m])));
    routeCost[m] = Float64Array.from(routeKinds.map((r) => mp(r.mp[m])));
  }
  const portAt = new Int16Array(n).fill(-1);
  data.map.ports.forEach((p, i) => {
    portAt[grid.hex(p.hex)] = i;
  });
  const airBaseAt = new Int16Array(n).fill(-1);
  data.map.airBases.forEach((p, i) => {
    airBaseAt[grid.hex(p.hex)] = i;
  });
  const town = new Uint8Array(n);
  for (const p of data.map.places) town[grid.hex(p.hex)] = 1;
  const regionHexes = new Map(data.map.regions.map((r) => [r.id, r.hexes.map((h) => grid.hex(h))]));
  const sides: [string, string] = [data.counters.sides[0]!.id, data.counters.sides[1]!.id];
  const startControl = new Int8Array(n).fill(-1);
  for (const c of [...data.scenario.control].reverse())
    for (const h of regionHexes.get(c.region) ?? []) startControl[h] = sides.indexOf(c.side);
  return {
    data,
    grid,
    terrain,
    hexTerrain,
    hexCost,
    water,
    sideKinds,
    routeKinds,
    sideCost,
    routeCost,
    counters: new Map(data.counters.counters.map((c) => [c.id, c])),
    sides,
    portAt,
    airBaseAt,
    town,
    regionHexes,
    startControl,
    hexOf: (label: string) => grid.hex(label),
  };
}

/** The terrains of a hex (9.3b: the defender chooses one of them). */
export function terrainsOf(env: Env, hex: number): TerrainDef[] {
  const bits = env.hexTerrain[hex]!;
  return env.terrain.filter((_t, k) => bits & (1 << k));
}

/** 9.3 the Combat Table rows the defender may choose among (one per hex terrain). */
export function categoriesOf(env: Env, hex: number): TerrainCategory[] {
  return [...new Set(terrainsOf(env, hex).map((t) => t.category))];
}

/** Route kinds joining two adjacent hexes (6.2a), as indexes. */
export function routesBetween(env: Env, a: number, b: number): number[] {
  const bits = env.grid.hexsideBetween(a, b) >>> 8;
  const out: number[] = [];
  for (let k = 0; bits >>> k; k++) if (bits & (1 << k)) out.push(k);
  return out;
}

/** Hexside kinds (rivers ...) between two adjacent hexes, as indexes. */
export function sidesBetween(env: Env, a: number, b: number): number[] {
  const bits = env.grid.hexsideBetween(a, b) & 0xff;
  const out: number[] = [];
  for (let k = 0; bits >>> k; k++) if (bits & (1 << k)) out.push(k);
  return out;
}

/** 13.3 a railroad joins the two hexes. */
export function railBetween(env: Env, a: number, b: number): boolean {
  return routesBetween(env, a, b).some((k) => env.routeKinds[k]!.rail !== undefined);
}

/** A hex holding a railroad. */
export function railHex(env: Env, hex: number): boolean {
  return env.grid.neighbours(hex).some((n) => railBetween(env, hex, n));
}
