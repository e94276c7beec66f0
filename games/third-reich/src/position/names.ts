/**
 * Names in positions: a unit is "<counter id>#<copy>" (the units of one counter are its copies in
 * the counter mix, counted from 1), a place is an area id or "pool", "development", "removed".
 */
import type { Options } from '@sandtable/engine';
import { DEV, POOL, REMOVED, type Board } from '../board.ts';
import type { Place } from './schema.ts';

const PLACE_LOC: Record<Place, number> = { pool: POOL, development: DEV, removed: REMOVED };

/** The first unit index of each counter kind (the units of a kind are consecutive, board.ts). */
const firstCache = new WeakMap<Board, number[]>();
export function firstUnit(b: Board, kind: number): number {
  let first = firstCache.get(b);
  if (!first) {
    first = b.counters.map((_, k) => b.unitKind.indexOf(k));
    firstCache.set(b, first);
  }
  return first[kind]!;
}

/** The copy number (from 1) of unit u among its counter's units. */
export const copyOf = (b: Board, u: number): number => u - firstUnit(b, b.unitKind[u]!) + 1;

/** "GE-LF#3". */
export const unitName = (b: Board, u: number): string => `${b.counters[b.unitKind[u]!]!.id}#${copyOf(b, u)}`;

/** Where a unit is, in words: an area id or an off-map place. */
export function placeName(b: Board, loc: number): string {
  if (loc >= 0) return b.areaIds[loc]!;
  return (Object.keys(PLACE_LOC) as Place[]).find((p) => PLACE_LOC[p] === loc)!;
}

/** The location of a place name, or undefined. */
export function placeLoc(b: Board, name: string): number | undefined {
  return b.areaIndex.get(name) ?? PLACE_LOC[name as Place];
}

/**
 * Where the set-up leaves a unit that is not on the map (4.0): the jet out of the game without
 * 16.8 (4.0(4)③), the first copies of a counter in the development pool (4.0(4)), the others in
 * the mobilization pool (4.0(5)). A position lists only the units that are elsewhere.
 */
export function offMapDefault(b: Board, u: number, options: Options): number {
  const c = b.counters[b.unitKind[u]!]!;
  if (c.jet && !options.opt16_8) return REMOVED;
  return copyOf(b, u) <= (c.dev ?? 0) ? DEV : POOL;
}
