/**
 * Movement legality (8.0) for an explicit path: normal moves (8.1) with the terrain limits of
 * 8.1.1, sea moves (8.1.2), air moves (8.2). Returns the MP cost or the rule that forbids it.
 * The flow (groups, SV, counterattack windows) calls `checkMove` before moving.
 */
import type { Side } from './data/index.ts';
import type { Board } from './board.ts';
import type { TRState } from './state.ts';
import {
  axisLeaningNeutral,
  controlUnits,
  ctrlSide,
  enemyControlUnits,
  friendlyUnit,
  mayEnter,
  neighbours,
  unitsIn,
} from './world.ts';

export type MoveCheck =
  | { ok: true; cost: number; seaMove: boolean; seas: number[] }
  | { ok: false; rule: string; why: string };

const fail = (rule: string, why: string): MoveCheck => ({ ok: false, rule, why });

/** Enemy surface ships in an area (the sea-move surcharge, 8.1.2(1); submarines never count, 15.1(1)). */
function enemyShips(b: Board, g: TRState, area: number, side: Side): number {
  return enemyControlUnits(b, g, area, side).filter((u) => b.unitClass[u] === 'naval').length;
}

/** `allowUsed`: the second action of a Blitzkrieg group (17.1) may be taken by units its first action flipped. */
export function checkMove(
  b: Board,
  g: TRState,
  side: Side,
  group: readonly number[],
  path: readonly number[],
  air = false,
  opts: { allowUsed?: boolean } = {},
): MoveCheck {
  if (group.length === 0 || path.length < 2) return fail('7.0', 'a move needs a group and at least one step');
  const from = path[0]!;
  for (const u of group) {
    if (g.loc[u] !== from) return fail('7.0', 'a group is formed from the units of one area');
    if (g.used[u] && !opts.allowUsed) return fail('7.1(1)', 'used units cannot act');
    if (!friendlyUnit(g, b, u, side)) return fail('3.1.1(2)', 'only your own belligerent units move');
  }
  const classes = new Set(group.map((u) => b.unitClass[u]!));
  const hasLand = classes.has('land'),
    hasAir = classes.has('air');
  const naval = classes.has('naval') || classes.has('sub');
  if (air) {
    if (!group.every((u) => b.unitClass[u] === 'air')) return fail('8.2(1)', 'only air units (not carriers) air-move');
  }
  if (naval && (hasLand || hasAir) && g.options.mixedGroups === 'forbidden')
    return fail('AMB-40', 'mixed naval and land groups are not allowed');
  const seaMove = !air && (hasLand || hasAir) && path.slice(1).some((a) => b.isSea[a]); // 8.1.2
  const minMove = Math.min(...group.map((u) => b.counters[b.unitKind[u]!]!.movement));
  const mp = seaMove ? 2 : minMove; // 8.1(1), 8.1.2(1)③
  const allSubs = group.every((u) => b.unitClass[u] === 'sub');
  let cost = 0;
  for (let i = 1; i < path.length; i++) {
    const x = path[i - 1]!,
      y = path[i]!;
    if (!neighbours(b, g, x, side).includes(y))
      return fail('2.2.1(6)', `${b.areaIds[y]} is not adjacent to ${b.areaIds[x]}`);
    if (!mayEnter(b, y, side)) return fail('15.7', `${side} may not enter ${b.areaIds[y]}`);
    if (g.options.opt16_5 && axisLeaningNeutral(b, g, y))
      return fail('16.5', `${b.areaIds[y]} is the territory of an Axis-leaning neutral`);
    if (
      !b.isSea[y] &&
      !b.isSea[x] &&
      hasLand &&
      g.options.seaBorderStraits !== false &&
      !air &&
      !b.landAdj[x]!.includes(y)
    ) {
      return fail('AMB-2', `${b.areaIds[x]}-${b.areaIds[y]} is a sea border: cross it by a sea move`);
    }
    if (naval && !b.isSea[y]) return fail('8.1.1(1)③', 'naval units may not enter land areas');
    if ((hasAir || air) && !b.isSea[y] && ctrlSide(b, g, y) !== side)
      return fail('8.1.1(2)②', 'air units may not enter land areas their side does not control (AMB-10)');
    if (air && ctrlSide(b, g, y) !== side && !b.isSea[y])
      return fail('8.2(2)', 'every area of an air move must be friendly-controlled');
    if (air && b.isSea[y] && i === path.length - 1) return fail('8.2(5)', 'an air move may not end at sea');
    if (seaMove && b.isSea[y] && ctrlSide(b, g, y) !== side)
      return fail('8.1.2(1)②', 'a sea move may not enter a sea area your side does not control');
    if (hasLand && b.isSea[y] && !seaMove) return fail('8.1.1(1)①', 'land units enter sea areas only by sea move');
    if (side === 'axis') {
      for (const u of group) {
        const n = b.unitNation[u]!;
        const code = b.data.nations[n]!.id;
        if (code !== 'GE' && code !== 'FI' && b.nationSide0[n] === 'axis' && b.northOfBoundary[y])
          return fail('15.6(1)', `${code} units may not go north of the Axis-allies boundary line`);
      }
    }
    cost += 1; // 8.1(1)①, 8.2(3)
    if (!air) {
      if (seaMove) {
        cost += (enemyShips(b, g, x, side) > 0 ? 1 : 0) + (enemyShips(b, g, y, side) > 0 ? 1 : 0); // 8.1.2(1): only enemy ships
        if (g.options.seaMoveLandCost && !b.isSea[y] && enemyControlUnits(b, g, y, side).length) cost += 1; // AMB-16 switch
      } else {
        cost +=
          (enemyControlUnits(b, g, x, side).length > 0 ? 1 : 0) + (enemyControlUnits(b, g, y, side).length > 0 ? 1 : 0); // 8.1(1)②
      }
      // 8.1(5): entering an area without a friendly control unit stops the group (submarines excepted, 15.1(2)).
      if (i < path.length - 1 && !allSubs && controlUnits(b, g, y, side).length === 0 && !(seaMove && b.isSea[y])) {
        return fail('8.1(5)', `the group must stop in ${b.areaIds[y]}: no friendly control unit there`);
      }
    }
  }
  if (hasAir && b.isSea[path.at(-1)!]) return fail('8.1.1(1)②', 'air units may not end a move at sea (AMB-10)');
  if (cost > mp) return fail(air ? '8.2(3)' : '8.1(1)③', `the move costs ${cost} MP, the group has ${mp}`);
  // 8.1(4), AMB-15: leave a control unit (and one of the flag nation's units if any are there).
  const stay = unitsIn(g, from).filter((u) => !group.includes(u));
  const groupHasControl = group.some((u) =>
    b.isSea[from] ? b.unitClass[u] === 'naval' : b.unitClass[u] === 'land' || b.unitClass[u] === 'air',
  );
  if (groupHasControl) {
    const isCU = (u: number) =>
      b.isSea[from] ? b.unitClass[u] === 'naval' : b.unitClass[u] === 'land' || b.unitClass[u] === 'air';
    if (!stay.some((u) => friendlyUnit(g, b, u, side) && isCU(u)))
      return fail('8.1(4)', `${b.areaIds[from]} may not be left without a control unit`);
    const flag = b.flag[from]!;
    if (
      flag >= 0 &&
      unitsIn(g, from).some((u) => b.unitNation[u] === flag && friendlyUnit(g, b, u, side)) &&
      !stay.some((u) => b.unitNation[u] === flag)
    ) {
      return fail('8.1(4)', `one ${b.data.nations[flag]!.id} unit must stay in its own territory`);
    }
  }
  // 8.1.1(2): stacking at the destination.
  const dest = path.at(-1)!;
  if (!b.isSea[dest]) {
    const count = (cls: string) =>
      unitsIn(g, dest).filter((u) => friendlyUnit(g, b, u, side) && b.unitClass[u] === cls).length +
      group.filter((u) => b.unitClass[u] === cls).length;
    if (count('land') > 10) return fail('8.1.1(2)①', 'at most 10 land units of one player in an area');
    if (count('air') > 4) return fail('8.1.1(2)②', 'at most 4 air units in a land area');
  }
  return { ok: true, cost, seaMove, seas: path.slice(1).filter((a) => b.isSea[a]) };
}
