/**
 * Names in positions: an area is its id in map.json ("14"; `load` also takes its name, "Sicily"), a
 * counter its id in counters.json, a place off the map "pool", "sea", "gone" or "battle".
 */
import { BATTLE, GONE, POOL, SEA, type Env } from '../state.ts';
import type { Place } from './schema.ts';

const PLACE_LOC: Record<Place, number> = { pool: POOL, sea: SEA, gone: GONE, battle: BATTLE };

export const areaId = (E: Env, a: number): string => E.m.ids[a]!;

/** Where a counter is, in words: an area id or an off-map place. */
export function placeName(E: Env, loc: number): string {
  if (loc >= 0) return areaId(E, loc);
  return (Object.keys(PLACE_LOC) as Place[]).find((p) => PLACE_LOC[p] === loc)!;
}

/** The index of an area named by id or by name (any case), or -1. */
export function areaIndex(E: Env, ref: string): number {
  const i = E.m.indexOf(ref);
  if (i >= 0) return i;
  const name = ref.toLowerCase();
  return E.d.areas.findIndex((a) => a.name.toLowerCase() === name);
}

/** The location of a place name (an area or an off-map place), or undefined. */
export function placeLoc(E: Env, ref: string): number | undefined {
  const a = areaIndex(E, ref);
  return a >= 0 ? a : PLACE_LOC[ref as Place];
}

/** An origin of a battle: an area, or "sea" for a landing force (stored as -1). */
export const originName = (E: Env, a: number): string => (a < 0 ? 'sea' : areaId(E, a));
