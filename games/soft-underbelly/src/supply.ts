/** Supply (§39 L402, §40 L406-L410, §41 L414). */
import type { Ctx } from '@sandtable/engine';
import {
  ALLIES,
  AXIS,
  eliminate,
  hasUnits,
  log,
  other,
  removeCubes,
  type Env,
  type Side,
  type SUState,
  areaName,
  GONE,
} from './state.ts';
import { unitName, sideName } from './texts/names.ts';

export function italianFleetInGame(g: SUState): boolean {
  return g.units.some((u) => u.type === 'fleet' && u.nat === 'IT' && u.loc !== GONE);
}

/** Is `a` a supply source for `side` (§40 L406, L408)? */
export function isSource(E: Env, g: SUState, side: Side, a: number): boolean {
  const m = E.m;
  if (!m.passable[a] || g.ctrl[a] !== side) return false;
  if (side === ALLIES) return m.seaAdjacent[a]!; // §40 L406
  return m.orangeStar[a]! && !m.seaAdjacent[a] && !m.africa[a]; // §40 L408 (Europe)
}

/**
 * Areas from which `side` traces a line of supply: a chain of land/arrow links to a source, not
 * through areas holding enemy units (§39 L402); never across the sea or impassable areas
 * (AMB-21, option supplyAcrossSea). Axis units in Africa, Sardinia and Corsica are supplied while
 * the Italian fleet is in the game (§40 L410).
 */
export function supplyMap(E: Env, g: SUState, side: Side): Uint8Array {
  const { m, n } = E;
  const enemy = other(side);
  const blocked = (a: number) =>
    hasUnits(g, a, enemy) ||
    (side === AXIS && g.o.partisansBlockSupply && g.units.some((u) => u.loc === a && u.type === 'partisan'));
  const sources: number[] = [];
  for (let a = 0; a < n; a++) if (isSource(E, g, side, a) && !blocked(a)) sources.push(a);
  const out = m.flood(sources, (b) => m.passable[b]! && !blocked(b), { bySea: g.o.supplyAcrossSea });
  if (side === AXIS && italianFleetInGame(g)) {
    for (let a = 0; a < n; a++) if (m.africa[a] || m.island[a]) out[a] = 1;
  }
  return out;
}

/** Logistic Effort (§45 L446, §46 L464): no area suffers lack of supply (Allies: except Munich). */
export function logisticCovers(E: Env, g: SUState, side: Side, a: number): boolean {
  if (!g.logistic[side]) return false;
  return side === AXIS || a !== E.munich;
}

/** Supply phase: units out of supply are removed (§41 L414). Lines and partisans are exempt (AMB-18, §35 L374). */
export function supplyPhase(E: Env, ctx: Ctx, g: SUState): void {
  for (const side of [ALLIES, AXIS]) {
    const sup = supplyMap(E, g, side);
    for (let a = 0; a < E.n; a++) {
      if (sup[a] || !hasUnits(g, a, side) || logisticCovers(E, g, side, a)) continue;
      const k = g.cubes[side][a]!;
      removeCubes(g, side, a, k);
      const lost: string[] = k ? [`${k} cube(s)`] : [];
      for (const u of g.units) {
        if (u.loc === a && u.side === side && u.type !== 'partisan') {
          eliminate(g, u);
          lost.push(unitName(E, u.id));
        }
      }
      log(
        ctx,
        `${sideName(side)} units out of supply in ${areaName(E, a)} are removed: ${lost.join(', ')}`,
        '§41 L414',
      );
    }
  }
}
