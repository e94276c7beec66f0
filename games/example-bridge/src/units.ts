/** Questions about the units on the map, shared by movement, combat, victory, the AI and the web. */
import { adjacent, crossing, type Env, other } from './board.ts';
import type { Side } from './data/index.ts';
import type { BridgeState } from './state.ts';

export const sideOf = (env: Env, unit: string): Side => env.unit[unit]!.side;

/** The units of `side` still on the map. */
export function liveUnits(env: Env, g: BridgeState, side: Side): string[] {
  return Object.keys(g.units).filter((u) => g.units[u] !== null && sideOf(env, u) === side);
}

/** The units in `hex` (of `side` only, when given). */
export function unitsAt(env: Env, g: BridgeState, hex: string, side?: Side): string[] {
  return Object.keys(g.units).filter((u) => g.units[u] === hex && (!side || sideOf(env, u) === side));
}

export function strength(env: Env, units: readonly string[]): number {
  return units.reduce((n, u) => n + env.unit[u]!.strength, 0);
}

/** 5.3: whether `hex` is in the ZOC of a unit of `side`'s enemy (not across a plain river hexside). */
export function inEnemyZoc(env: Env, g: BridgeState, hex: string, side: Side): boolean {
  return adjacent(env, hex).some(
    (n) => crossing(env, hex, n) !== 'river' && unitsAt(env, g, n, other(side)).length > 0,
  );
}

/** 4.2: whether one more unit of `side` may stand in `hex`. */
export function roomFor(env: Env, g: BridgeState, hex: string, side: Side): boolean {
  return (
    unitsAt(env, g, hex, other(side)).length === 0 && unitsAt(env, g, hex, side).length < env.data.tables.stacking.value
  );
}

export function eliminate(g: BridgeState, units: readonly string[]): void {
  for (const u of units) g.units[u] = null;
}
