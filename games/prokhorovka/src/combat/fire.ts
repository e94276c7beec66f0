/**
 * Weapon values and hit numbers (10.0-12.0, 16.2-16.3, 17.2, 签一览): what a chit counts as in a
 * battle, fire values, armor, the defender's TDL and the 12.0 firing-round check. Pure functions
 * of the data, the board and the state.
 */
import { ANY_RIVER, MAJOR, RIVER, SIDE_CODE } from '../data/board.ts';
import type { EquipChit, TerrainData } from '../data/types.ts';
import { chitsOf, unitState, values, type Env, type PGState, type Side } from '../state.ts';
import type { Battle } from './types.ts';

/** How a chit takes part in a battle (10.2): tank-battle (tank / AT type), bombardment, position, normal weapon. */
export type Role = 'tank' | 'spat' | 'at' | 'art' | 'pos' | 'det' | null;

export function roleOf(c: EquipChit, b: Battle | null): Role {
  if (b?.asSpat.includes(c.id)) return 'spat'; // 19.3(1): SU152 as an SP AT gun
  switch (c.cls) {
    case 'tank':
      return 'tank';
    case 'spat':
      return 'spat';
    case 'atgun':
    case 'aagun':
      return 'at'; // 签一览 AA gun: usable as an AT gun
    case 'spart':
      return 'art';
    case 'position':
      return 'pos';
    case 'detachment':
      return 'det';
  }
}

/** 10.2(3): tank-battle weapons. */
export const isTankWeapon = (r: Role) => r === 'tank' || r === 'spat' || r === 'at';
/** 11.5(3)(1): AT-type weapons fire in the AT round when defending. */
export const isAtType = (r: Role) => r === 'spat' || r === 'at';

/** Tank or AT fire value (10.1(1)3-4); SU152 as SP AT uses its optional AT fire 5 (19.3(1)). */
export function fireValue(c: EquipChit, b: Battle | null): number {
  if (b?.asSpat.includes(c.id)) return c.atFireOptional ?? 0;
  return c.tankFire ?? c.atFire ?? 0;
}

export const terrainAt = (E: Env, hex: number): TerrainData => E.d.tables.terrain[E.b.grid.terrain[hex]!]!;

export function hexOfChit(g: PGState, chit: string): number {
  const loc = g.equip.find((c) => c.id === chit)!.loc;
  const u = g.units.find((x) => x.id === loc);
  return u ? u.hex : -1;
}

/** A chit is in the battle: declared, still on the map, not cancelled for this battle. */
export function active(g: PGState, b: Battle, chit: string): boolean {
  if (!b.declared.includes(chit) || b.cancelled.includes(chit)) return false;
  const loc = g.equip.find((c) => c.id === chit)!.loc;
  return g.units.some((u) => u.id === loc && u.hex >= 0);
}

export function sideOfChit(g: PGState, chit: string): Side {
  return (g.equip.find((c) => c.id === chit) ?? g.support.find((c) => c.id === chit))!.side;
}

/** Active chits of `side` in the battle, optionally of one role. */
export function activeChits(E: Env, g: PGState, b: Battle, side: Side, role?: Role): string[] {
  return b.declared.filter(
    (id) => sideOfChit(g, id) === side && active(g, b, id) && (!role || roleOf(E.equipById.get(id)!, b) === role),
  );
}

/** The participating stacks' units of `side` (9.1(4)). */
export function stacksOf(g: PGState, b: Battle, side: Side): string[] {
  const ids = side === b.defender ? [b.target] : b.attackers;
  return ids.filter((id) => unitState(g, id).hex >= 0);
}

/** The strongest declared, uncancelled position in the defending stack (签一览 position, A-25). */
export function positionLevel(
  E: Env,
  g: PGState,
  b: Battle,
  hex: number,
): { level: number; kind: 'bunker' | 'mg' | null } {
  let level = 0;
  let kind: 'bunker' | 'mg' | null = null;
  for (const id of defenderPositions(E, g, b)) {
    if (hexOfChit(g, id) !== hex) continue;
    const d = E.equipById.get(id)!.defense ?? 0;
    if (d > level) {
      level = d;
      kind = d >= 3 ? 'bunker' : 'mg';
    }
  }
  return { level, kind };
}

/**
 * The defender's positions acting in the battle (签一览 position): declared or face-up ones;
 * with positionMustBeDeclared off, also the undeclared positions of the defending stack.
 */
export function defenderPositions(E: Env, g: PGState, b: Battle): string[] {
  const out = activeChits(E, g, b, b.defender, 'pos');
  if (g.o.positionMustBeDeclared) return out;
  for (const c of chitsOf(g, b.target))
    if (E.equipById.get(c.id)!.cls === 'position' && !out.includes(c.id) && !b.cancelled.includes(c.id)) out.push(c.id);
  return out;
}

/** The defender's positions of a kind (bunker: artillery and bombing hit 1; MG nest: normal hit 1). */
export function hasPosition(E: Env, g: PGState, b: Battle, kind: 'bunker' | 'mg'): boolean {
  const hex = unitState(g, b.target).hex;
  return defenderPositions(E, g, b).some(
    (id) => hexOfChit(g, id) === hex && (E.equipById.get(id)!.defense ?? 0) >= 3 === (kind === 'bunker'),
  );
}

/** 17.2(1)(2): an entrenchment helps only its owner's occupants. */
export const entrenched = (E: Env, hex: number, side: Side) => E.b.entrench[hex] === SIDE_CODE[side];

/**
 * The defender's TDL in `hex` (11.6(1)1, 12.0(2)): the higher of terrain and position (签一览
 * position), +1 in an own entrenchment (17.2); with `shooterHex`, +1/+2 across a river / major
 * river hexside between the two hexes (12.0(2)1; A-57: only when adjacent).
 */
export function tdl(E: Env, g: PGState, b: Battle | null, hex: number, side: Side, shooterHex = -1): number {
  let t = terrainAt(E, hex).tdl;
  if (b) t = Math.max(t, positionLevel(E, g, b, hex).level);
  if (entrenched(E, hex, side)) t += E.d.tables.combat.entrenchmentTdl;
  if (shooterHex >= 0 && E.b.grid.distance(shooterHex, hex) === 1) t += riverBonus(E, shooterHex, hex);
  return t;
}

export function riverBonus(E: Env, a: number, b: number): number {
  const hs = E.b.grid.hexsideBetween(a, b);
  const bonus = (id: 'river' | 'major') => E.d.tables.hexsides.find((h) => h.id === id)!.tdlBonus;
  return hs & MAJOR ? bonus('major') : hs & RIVER ? bonus('river') : 0;
}

export const acrossRiver = (E: Env, a: number, b: number) => (E.b.grid.hexsideBetween(a, b) & ANY_RIVER) !== 0;

/**
 * Armor of a chit when it is fired on (10.1(2)); an AT or AA gun's bracketed armor counts when it
 * is fired on (签一览 AT gun, A-36).
 */
export const armorOf = (c: EquipChit) => c.armor ?? 0;

/**
 * Armor the target uses in a firing round (12.0(2)): its own armor, or for the defender the higher
 * of armor and TDL (A-57: the target's own hex; the river bonus across an adjacent hexside).
 */
export function duelArmor(E: Env, g: PGState, b: Battle, target: string, shooter: string): number {
  const c = E.equipById.get(target)!;
  if (c.side !== b.defender) return armorOf(c); // 12.0(2): the attacker never benefits from TDL
  const hex = g.o.rangedTdlOwnHex ? hexOfChit(g, target) : unitState(g, b.target).hex; // A-57 (alternative: the defending hex)
  return Math.max(armorOf(c), tdl(E, g, b, hex, c.side, hexOfChit(g, shooter)));
}

/** 12.0(1): roll + armor <= fire hits; a natural 1 always hits. As a hit number: fire - armor. */
export const firingNeed = (fire: number, armor: number) => fire - armor;
export const firingHit = (roll: number, need: number) => roll === 1 || roll <= need;

/**
 * 11.6(1)2: the armor of the side's most heavily armored tank-battle weapon still taking part
 * and of a bombardment weapon whose own stack takes part; an AT gun's bracketed armor
 * only when its own stack is the target.
 */
export function bestArmor(E: Env, g: PGState, b: Battle, side: Side): number {
  const stacks = stacksOf(g, b, side);
  let best = 0;
  const ids = g.o.armorOnlySurvivors
    ? activeChits(E, g, b, side)
    : b.declared.filter((id) => sideOfChit(g, id) === side);
  for (const id of ids) {
    const c = E.equipById.get(id)!;
    const r = roleOf(c, b);
    const own = stacks.includes(g.equip.find((x) => x.id === id)!.loc);
    if (r === 'tank' || r === 'spat') best = Math.max(best, armorOf(c));
    else if (r === 'at' && (own || !g.o.atGunRangedArmor) && side === b.defender)
      best = Math.max(best, armorOf(c));
    else if (r === 'art' && own) best = Math.max(best, armorOf(c));
  }
  return best;
}

/** Normal firepower of one stack (10.2(2)): the unit and its declared detachments. */
export function stackFire(E: Env, g: PGState, b: Battle, unit: string): number {
  let f = values(E, unitState(g, unit)).fire;
  for (const c of chitsOf(g, unit))
    if (active(g, b, c.id) && roleOf(E.equipById.get(c.id)!, b) === 'det') f += E.equipById.get(c.id)!.normal ?? 0;
  return f;
}
