/**
 * What a position may leave out (POSITIONS.md): where an unlisted counter is, who controls an area,
 * the cubes in the pool, the naval transport and the phase. `load` fills them in; `save` lists
 * counters and areas only where they differ from these.
 */
import type { Frame } from '../frames.ts';
import { hasUnits, POOL, SEA, type CounterType, type Env, type Side, type SUState } from '../state.ts';

export const isNaval = (t: CounterType) => t === 'fleet' || t === 'uboat';

/** Where a counter the position does not list is: fleets and the U-boat at sea (§15 L172), the others in the pool. */
export const defaultLoc = (t: CounterType): number => (isNaval(t) ? SEA : POOL);

/**
 * The control an area has unless the position says otherwise (§2 L32): the side whose units are in
 * it (partisans excepted, AMB-11), else the Axis, which controls every area without Allied units at
 * the start (§5).
 */
export function defaultControl(g: SUState, a: number): Side {
  return hasUnits(g, a, 'allies') ? 'allies' : 'axis';
}

/** The cubes of `side` in the box (§4 L53) less those on the map and at sea in a landing. */
export function cubesLeft(E: Env, g: SUState, side: Side): number {
  return E.d.cubes[side].count - cubesInPlay(g, side);
}

export function cubesInPlay(g: SUState, side: Side): number {
  let k = g.cubes[side].reduce((s, c) => s + c, 0);
  const b = g.battle;
  if (b && b.attacker === side) for (const [i, a] of b.att.from.entries()) k += a < 0 ? (b.att.cubes[i] ?? 0) : 0;
  return k;
}

/** §7 L91, §16 L182, §43 L424: the Allied transport, as reset at the end of a turn. */
export function defaultAlliedTransport(E: Env, g: SUState): number {
  return g.overlord ? E.d.navalTransport.alliesAfterOverlord : E.d.navalTransport.allies;
}

/** §7 L91, §42 L420: the Axis transport is 2 while the Italian fleet is at sea and Italy fights on, else 0. */
export function defaultAxisTransport(E: Env, g: SUState): number {
  const fleet = g.units.some((u) => u.type === 'fleet' && u.nat === 'IT' && u.loc === SEA);
  return g.italy || !fleet ? 0 : E.d.navalTransport.axis;
}

/** The phase the players are shown, from the stack (a position may name it). */
export function defaultPhase(g: SUState): string {
  const has = (...kinds: Frame['kind'][]) => g.stack.some((f) => kinds.includes(f.kind));
  if (has('deploy')) return 'setup';
  const opening = has('landingIntercept', 'bombard', 'battleEvade', 'battleSupport', 'intercept', 'evade', 'support');
  if (g.battle && !opening) return `battle round ${g.battle.round}`;
  if (has('impulseEnd', 'impulseNext', 'extraImpulse', 'overflowCheck', 'overflow')) return 'impulse';
  if (has('initiativeRoll', 'initiative', 'overlordFleet')) return 'initiative';
  if (has('reinforcePhase', 'reinforceOf', 'reinforce', 'convertOf', 'convert')) return 'reinforcements';
  return 'turn';
}
