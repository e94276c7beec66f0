/**
 * Soft Underbelly position evaluation in the game's terms, on a compact `SuPosition` (per-area
 * forces and control), so that it can be tested on constructed positions and fed from the
 * rules' state by an adapter (soft-underbelly.ts).
 *
 * Terms (Allied margin, in "star" units):
 *   - orange stars held *and supplied* (victory ④ §6 L83, AMB-28), against a schedule: the
 *     Axis holds all of them at the start and the Allies must be ahead by the end of turn 8;
 *   - Munich (01) held by supplied Allies (victory ③ §6 L81) is worth a near win;
 *   - material on the map, units out of supply counted as mostly lost (removed at the end of
 *     the turn, §41 L414);
 *   - stacking: units over 6 in an area (or tanks over 2) must leave at the end of the impulse
 *     (§3 L40, §28 L296): a penalty, heavier where no adjacent friendly area can take them;
 *   - Allied reach: how close Allied units stand to the stars they do not hold (sea-adjacent
 *     areas count as two steps apart, by naval transport or landing);
 *   - Italy out of the war (§42) helps the Allies;
 *   - threats (#20): a star, supply source or Munich next to enemy units is at risk in the
 *     enemy's next impulse, more the fewer own units hold it (an empty Axis star is entered by a
 *     move, §12; Allied units in Munich at a turn's end win, §6 ③ L81; a landlocked star is an
 *     Axis supply source, §40 L408);
 *   - fragile supply: units whose only supply line runs through areas the enemy next door
 *     outnumbers two to one are cut off by one enemy impulse and removed at the end of the turn
 *     (§39 L402, §41 L414): part of their worth is at risk;
 *   - event markers in hand (§44 L430): worth two and a half cubes early, nothing after the last
 *     turn, so an event is played when its effect now is worth more than the marker later.
 */
import type { SUMap, Side } from '../index.ts';
import { winChanceFromMargin } from '@sandtable/ai';

export interface AreaForces {
  cubes: number;
  tanks: number;
  aircraft: number;
  elite: number;
  paratroops: number;
  partisans: number;
}

export interface SuPosition {
  map: SUMap;
  /** 1-based turn and the number of turns. */
  turn: number;
  turns: number;
  /** Controller of each area (by SUMap index); null for impassable areas. */
  control: (Side | null)[];
  /** Forces of each side, by SUMap index. */
  forces: Record<Side, AreaForces[]>;
  /** While the Italian fleet is in play, Axis units in Africa, Sardinia and Corsica are supplied (§40 L410). */
  italianFleetInGame: boolean;
  italySurrendered: boolean;
  /** Event markers in each side's hand (§44 L430); absent = equal hands. */
  markers?: Record<Side, number>;
}

export const STACK_LIMIT = 6;
export const TANK_LIMIT = 2;

/** Worth of each unit in cubes (conversion costs, elite and paratroops a little above). */
export const UNIT_VALUE: Readonly<Record<keyof AreaForces, number>> = {
  cubes: 1,
  tanks: 2.2,
  aircraft: 2.5,
  elite: 1.6,
  paratroops: 2,
  partisans: 0.8,
};

const other = (s: Side): Side => (s === 'allies' ? 'axis' : 'allies');

export function emptyForces(): AreaForces {
  return { cubes: 0, tanks: 0, aircraft: 0, elite: 0, paratroops: 0, partisans: 0 };
}

/** Units that count for stacking (partisans do not, §35 L368). */
export function stackCount(f: AreaForces): number {
  return f.cubes + f.tanks + f.aircraft + f.elite + f.paratroops;
}

export function forceValue(f: AreaForces): number {
  let v = 0;
  for (const k of Object.keys(UNIT_VALUE) as (keyof AreaForces)[]) v += f[k] * UNIT_VALUE[k];
  return v;
}

/** Whether `side` has units (partisans aside) in area `i`. */
export function occupied(pos: SuPosition, side: Side, i: number): boolean {
  return stackCount(pos.forces[side][i]!) > 0;
}

/** Supply sources (§40): Allies, every sea-adjacent area they control; Axis, non-sea-adjacent stars they control. */
export function isSupplySource(pos: SuPosition, side: Side, i: number): boolean {
  const m = pos.map;
  if (pos.control[i] !== side || !m.passable[i]) return false;
  return side === 'allies' ? m.seaAdjacent[i]! : m.orangeStar[i]! && !m.seaAdjacent[i];
}

/**
 * Which areas are in supply for `side` (§39 L402): a line of land/arrow links, of any length,
 * to one of its sources, never through areas holding enemy units (partisans ignored, AMB-21).
 */
export function suppliedAreas(pos: SuPosition, side: Side): boolean[] {
  const m = pos.map;
  const enemy = other(side);
  const sources: number[] = [];
  for (let i = 0; i < m.size; i++) if (isSupplySource(pos, side, i) && !occupied(pos, enemy, i)) sources.push(i);
  const reached = m.flood(sources, (j) => !occupied(pos, enemy, j));
  const ok = new Array<boolean>(m.size);
  for (let i = 0; i < m.size; i++) ok[i] = reached[i] === 1;
  if (side === 'axis' && pos.italianFleetInGame) {
    for (let i = 0; i < m.size; i++) if (m.africa[i] || m.island[i]) ok[i] = true;
  }
  return ok;
}

/** Orange stars `side` controls and can supply (victory ④, AMB-28). */
export function suppliedStars(pos: SuPosition, side: Side, supplied = suppliedAreas(pos, side)): number {
  let n = 0;
  for (let i = 0; i < pos.map.size; i++) if (pos.map.orangeStar[i] && pos.control[i] === side && supplied[i]) n++;
  return n;
}

/** Value of `side`'s units on the map, split by supply. */
export function material(
  pos: SuPosition,
  side: Side,
  supplied = suppliedAreas(pos, side),
): { supplied: number; unsupplied: number } {
  const out = { supplied: 0, unsupplied: 0 };
  pos.forces[side].forEach((f, i) => {
    const v = forceValue(f) - f.partisans * UNIT_VALUE.partisans; // partisans are never removed (§35 L374)
    if (supplied[i]) out.supplied += v;
    else out.unsupplied += v;
    out.supplied += f.partisans * UNIT_VALUE.partisans;
  });
  return out;
}

/** Units over the stacking limits, weighted by whether an adjacent friendly area can take them. */
export function overstack(pos: SuPosition, side: Side): number {
  let penalty = 0;
  pos.forces[side].forEach((f, i) => {
    const excess = Math.max(0, stackCount(f) - STACK_LIMIT) + Math.max(0, f.tanks - TANK_LIMIT);
    if (excess === 0) return;
    const room = pos.map.adj[i]!.some(
      (j) =>
        pos.control[j] === side && !occupied(pos, other(side), j) && stackCount(pos.forces[side][j]!) < STACK_LIMIT,
    );
    penalty += excess * (room ? 0.35 : 1);
  });
  return penalty;
}

/**
 * Steps from the nearest area `side` occupies to each area, over land links; for the Allies,
 * sea-adjacent areas are also two steps from each other (naval transport, landings).
 */
export function reachSteps(pos: SuPosition, side: Side): number[] {
  const m = pos.map;
  const dist = m.ids.map((_, i) => (occupied(pos, side, i) ? 0 : Infinity));
  const coastal = side === 'allies' ? m.ids.flatMap((_, i) => (m.seaAdjacent[i] && m.passable[i] ? [i] : [])) : [];
  for (let changed = true; changed; ) {
    changed = false;
    for (let i = 0; i < m.size; i++) {
      const d = dist[i]!;
      if (!Number.isFinite(d)) continue;
      const relax = (j: number, step: number) => {
        if (dist[j]! > d + step) {
          dist[j] = d + step;
          changed = true;
        }
      };
      for (const j of m.adj[i]!) relax(j, 1);
      if (m.seaAdjacent[i]) for (const j of coastal) relax(j, 2);
    }
  }
  return dist;
}

/** Closeness of the Allies to the stars they do not hold (0 = far from all, 1 per adjacent star). */
export function alliedReach(pos: SuPosition): number {
  const dist = reachSteps(pos, 'allies');
  let r = 0;
  for (let i = 0; i < pos.map.size; i++) {
    if (!pos.map.orangeStar[i] || pos.control[i] === 'allies') continue;
    const d = dist[i]!;
    if (Number.isFinite(d)) r += 1 / d;
  }
  return r;
}

/**
 * Chance that an area holding `own` units (stacking count) falls to `foes` enemy units next to
 * it in the enemy's next impulse: about 1 when empty, small when well held.
 */
export function fallRisk(own: number, foes: number): number {
  if (foes <= 0) return 0;
  const held = 3 * own + 0.5;
  return (foes * foes) / (foes * foes + held * held);
}

/** Enemy units (stacking count) in the areas next to `i`. */
function foesAround(pos: SuPosition, side: Side, i: number): number {
  let n = 0;
  for (const j of pos.map.adj[i]!) n += stackCount(pos.forces[other(side)][j]!);
  return n;
}

/**
 * What `side` stands to lose in the enemy's next impulse: each star it controls next to enemy
 * units, by the fall risk, worth the star swing (a supply source a little more, Munich the game).
 */
export function threatened(pos: SuPosition, side: Side): number {
  const m = pos.map;
  let loss = 0;
  for (let i = 0; i < m.size; i++) {
    if (pos.control[i] !== side || !m.passable[i]) continue;
    const munich = m.axisSymbol[i]!;
    if (!m.orangeStar[i] && !munich) continue;
    const risk = fallRisk(stackCount(pos.forces[side][i]!), foesAround(pos, side, i));
    if (risk === 0) continue;
    let worth = 3.2; // the star changes hands: -1.6 for one side, +1.6 for the other
    if (isSupplySource(pos, side, i)) worth += 1;
    if (munich && side === 'axis') worth += 8; // §6 ③ L81: Allied units in Munich at the turn's end win
    loss += risk * worth;
  }
  return loss;
}

/**
 * Worth of `side`'s units whose supply needs an area that the enemy next door outnumbers two to
 * one (§39 L402): if it falls, they are cut off and removed at the end of the turn (§41 L414).
 */
export function fragileSupply(pos: SuPosition, side: Side, supplied = suppliedAreas(pos, side)): number {
  const m = pos.map;
  const weak: number[] = [];
  for (let i = 0; i < m.size; i++) {
    const own = stackCount(pos.forces[side][i]!);
    if (own === 0 || pos.control[i] !== side) continue;
    const foes = foesAround(pos, side, i);
    if (foes > 0 && foes >= 2 * own + 1) weak.push(i);
  }
  if (!weak.length) return 0;
  const cut: SuPosition = { ...pos, control: [...pos.control], forces: { ...pos.forces } };
  cut.forces = { ...pos.forces, [other(side)]: pos.forces[other(side)].map((f) => ({ ...f })) };
  for (const i of weak) {
    cut.control[i] = other(side);
    cut.forces[other(side)][i]!.cubes++;
  }
  const after = suppliedAreas(cut, side);
  let v = 0;
  for (let i = 0; i < m.size; i++)
    if (supplied[i] && !after[i] && !weak.includes(i)) v += forceValue(pos.forces[side][i]!);
  return v;
}

/** Worth of one event marker in hand, in cubes: 2.5 at the start, nothing after the last turn. */
export function markerWorth(pos: SuPosition): number {
  const left = Math.max(0, (pos.turns - pos.turn) / Math.max(1, pos.turns - 1));
  return 2.5 * Math.sqrt(left);
}

export interface EvalTerms {
  stars: number;
  schedule: number;
  munich: number;
  material: number;
  stacking: number;
  reach: number;
  italy: number;
  threats: number;
  fragile: number;
  markers: number;
}

/** The terms of the Allied margin (positive = good for the Allies). */
export function evalTerms(pos: SuPosition): EvalTerms {
  const supA = suppliedAreas(pos, 'allies');
  const supX = suppliedAreas(pos, 'axis');
  const starsA = suppliedStars(pos, 'allies', supA);
  const starsX = suppliedStars(pos, 'axis', supX);
  const totalStars = pos.map.orangeStar.filter(Boolean).length;
  const progress = Math.min(1, Math.max(0, (pos.turn - 1) / Math.max(1, pos.turns - 1)));
  const matA = material(pos, 'allies', supA);
  const matX = material(pos, 'axis', supX);
  const munich = pos.map.axisSymbol.findIndex(Boolean);
  const munichHeld =
    munich >= 0 && pos.control[munich] === 'allies' && occupied(pos, 'allies', munich) && supA[munich]!;
  return {
    stars: 1.6 * (starsA - starsX),
    // The Allies start with no star; by the end they must hold more than the Axis.
    schedule: 1.6 * (totalStars - (totalStars + 0.5) * progress),
    munich: munichHeld ? 12 : 0,
    material: 0.35 * (matA.supplied + 0.25 * matA.unsupplied - matX.supplied - 0.25 * matX.unsupplied),
    stacking: 0.3 * (overstack(pos, 'axis') - overstack(pos, 'allies')),
    reach: 0.5 * alliedReach(pos),
    italy: pos.italySurrendered ? 1.5 : 0,
    threats: 0.5 * (threatened(pos, 'axis') - threatened(pos, 'allies')),
    fragile: 0.35 * 0.5 * (fragileSupply(pos, 'axis', supX) - fragileSupply(pos, 'allies', supA)),
    markers: pos.markers ? 0.35 * markerWorth(pos) * (pos.markers.allies - pos.markers.axis) : 0,
  };
}

/** Estimated chance that `role` wins. */
export function evaluatePosition(pos: SuPosition, role: Side): number {
  const t = evalTerms(pos);
  const margin =
    t.stars + t.schedule + t.munich + t.material + t.stacking + t.reach + t.italy + t.threats + t.fragile + t.markers;
  const allies = winChanceFromMargin(margin, 3);
  return role === 'allies' ? allies : 1 - allies;
}
