/**
 * Movement (8.0). `checkMove` gives the legality of an explicit path: normal moves (8.1) with the
 * terrain limits of 8.1.1, sea moves (8.1.2), air moves (8.2); it returns the MP cost or the rule
 * that forbids it. Then the move as played: the next areas a group may step to, the move carried
 * out with its counterattack windows (10.1(3), AMB-19), and the moves of events: Sea Transport,
 * Sea Lion and Landing (8.1.2), the Landing's airborne drop, and Strategic Movement (3.6(2)).
 */
import { call, end, RuleError, type Ctx } from '@sandtable/engine';
import type { Side } from './data/index.ts';
import { areaAt, areaName, counterOf, LINK_KINDS, type Board } from './board.ts';
import { bySide, type TRAction, type TRDecision } from './actions.ts';
import { capacityLeft, capacityOk } from './capacity.ts';
import { eventKind } from './cards.ts';
import { openWindow } from './counterattack.ts';
import { enterArea } from './nations.ts';
import { other, type Act, type TRState } from './state.ts';
import {
  axisLeaningNeutral,
  boundaryBars,
  controlUnits,
  ctrlSide,
  enemyControlUnits,
  friendlyUnit,
  isControlUnit,
  linkOpen,
  mayAttackIn,
  mayEnter,
  neighbours,
  revertIfEmpty,
  unitsIn,
} from './world.ts';
import { msg } from './texts/index.ts';
import { sideName, nationName, nationAdjective, areaTitle } from './texts/names.ts';

export type MoveCheck =
  | { ok: true; cost: number; seaMove: boolean; seas: number[] }
  | { ok: false; rule: string; why: string };

const LAND = LINK_KINDS.indexOf('land');

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
      return fail('2.2.1(6)', `${areaName(b, y)} is not adjacent to ${areaName(b, x)}`);
    if (!mayEnter(b, y, side)) return fail('15.7', `${sideName(side)} may not enter ${areaName(b, y)}`);
    if (g.options.opt16_5 && axisLeaningNeutral(b, g, y))
      return fail('16.5', `${areaName(b, y)} is the territory of an Axis-leaning neutral`);
    if (
      !b.isSea[y] &&
      !b.isSea[x] &&
      hasLand &&
      g.options.seaBorderStraits !== false &&
      !air &&
      !b.landAdj[x]!.includes(y)
    ) {
      return fail('AMB-2', `${b.areaIds[x]}-${areaName(b, y)} is a sea border: cross it by a sea move`);
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
    for (const u of group) {
      const n = b.unitNation[u]!;
      if (boundaryBars(b, n, side, y))
        return fail(
          '15.6(1)',
          `${nationName(b, b.data.nations[n]!.id)} units may not go north of the Axis-allies boundary line`,
        );
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
        return fail('8.1(5)', `the group must stop in ${areaName(b, y)}: no friendly control unit there`);
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
      return fail('8.1(4)', `one ${nationAdjective(b.data.nations[flag]!.id)} unit must stay in its own territory`);
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

// ---- the move as played (8.1, 8.1.2, 8.2) ---------------------------------------------------------
/** `checkMove` for the group under way (a Blitzkrieg's second action may use units the first flipped, 17.1). */
export function moveCheck(b: Board, g: TRState, act: Act, path: number[], air: boolean): MoveCheck {
  return checkMove(b, g, act.side, act.units, path, air, { allowUsed: act.blitz !== null && act.blitz.left < 2 });
}

/** The areas the group may step to next (at most `limit` of them: whether there is one is often all a caller asks). */
export function stepChoices(b: Board, g: TRState, act: Act, limit = Infinity): number[] {
  const air = act.type === 'airMove';
  const last = act.path.at(-1)!;
  const out: number[] = [];
  const ek = eventKind(b, g, act);
  const seaOnly = (ek === 'seaTransport' || ek === 'seaLion' || ek === 'landing') && act.path.length === 1; // these start by entering a sea area
  const landing = ek === 'seaLion' || ek === 'landing';
  // [REC] (card texts missing, spec 7.2 M6): the landing is one sea move that ends on land. 8.1.2(1)③ gives every sea
  // move 2 MP at 1 MP per area entered (+1 with enemy ships), so from land it is land - sea - land (one sea area).
  if (landing && act.path.length >= 3) return out;
  for (const y of neighbours(b, g, last, act.side)) {
    // 8.2(2)(3): an air move is over friendly areas at 1 MP each, so coming back to an area only
    // wastes movement: it is offered (and searched) along paths that never revisit an area.
    if (air && act.path.includes(y)) continue;
    if (seaOnly && !b.isSea[y]) continue;
    if (landing && act.path.length === 2 && !landingOk(b, g, act, y)) continue;
    if (
      landing &&
      act.path.length === 1 &&
      !neighbours(b, g, y, act.side).some((z) => landingOk(b, g, { ...act, path: [...act.path, y] }, z))
    )
      continue;
    const p = [...act.path, y];
    const r = moveCheck(b, g, act, p, air);
    if (r.ok && (!r.seaMove || capacityOk(b, g, act, p))) out.push(y);
    if (out.length >= limit) break;
  }
  return out;
}

/** Sea Lion / Landing: the group's sea move ends in land area z next to its sea area (Landing: enemy-held). */
function landingOk(b: Board, g: TRState, act: Act, z: number): boolean {
  if (b.isSea[z]) return false;
  const ek = eventKind(b, g, act);
  if (ek === 'landing' && ctrlSide(b, g, z) !== other(act.side) && !enemyControlUnits(b, g, z, act.side).length)
    return false;
  const p = [...act.path, z];
  const r = moveCheck(b, g, act, p, false);
  return r.ok && r.seaMove && capacityOk(b, g, act, p);
}

/** 8.1, 8.2: the group's path, area by area, then stop (a landing stops on land, two steps on). */
export const pathDecision: TRDecision<'path'> = {
  rule: '8.1',
  ruleOf: (_b, g) => (g.act!.type === 'airMove' ? '8.2' : '8.1'),
  role: bySide,
  prompt: (b, g) => msg('tr.path', { area: areaName(b, g.act!.path.at(-1)!) }),
  actions: ['to', 'stop'],
  legal(b, g) {
    const act = g.act!;
    const out: TRAction[] = stepChoices(b, g, act).map((y) => ({ type: 'to' as const, area: b.areaIds[y]! }));
    const ek = eventKind(b, g, act);
    if (act.path.length >= (ek === 'seaLion' || ek === 'landing' ? 3 : 2)) out.push({ type: 'stop' });
    return out;
  },
  perform(b, ctx, g, _f, a) {
    if (a.type === 'to') g.act!.path.push(areaAt(b, a.area));
    if (a.type === 'stop') {
      end(g.stack);
      finishMove(b, ctx, g);
    }
  },
  /** The rule the step breaks (checkMove), else the sea transport capacity (3.6). */
  refuse(b, g, f, a) {
    const act = g.act!;
    if (a.type === 'stop')
      return act.path.length < 2
        ? { rule: '8.1', message: 'the group has not moved yet' }
        : { rule: '8.1.2', message: 'Sea Lion and Landing end their sea move on land' };
    if (a.type !== 'to') return null;
    if (act.type === 'airMove' && act.path.includes(b.areaIndex.get(a.area) ?? -1))
      return {
        rule: '8.2(3)',
        message: `the air move has already passed ${areaTitle(b, a.area)}: take the shorter path`,
      };
    const r = checkMove(b, g, f.side, act.units, [...act.path, b.areaIndex.get(a.area) ?? -1], act.type === 'airMove', {
      allowUsed: !!act.blitz && act.blitz.left < 2,
    });
    if (!r.ok) return { rule: r.rule, message: r.why };
    return { rule: '3.6', message: 'the sea transport capacity is used up' };
  },
};

/** Moves the group along its path once the player stops (8.1, 8.2). */
function finishMove(b: Board, ctx: Ctx, g: TRState): void {
  const act = g.act!;
  const path = act.path;
  const r = moveCheck(b, g, act, path, act.type === 'airMove');
  if (!r.ok) throw new RuleError(r.rule, r.why);
  act.moved = { cost: r.cost, seaMove: r.seaMove };
  act.pass = g.options.counterattackPassThrough ? path.slice(1, -1) : []; // AMB-19 switch
  moveOn(b, ctx, g);
}

/** Moves the group on: first to each area passed through where a counterattack could come (AMB-19 switch), then to the destination. */
export function moveOn(b: Board, ctx: Ctx, g: TRState): void {
  const act = g.act!;
  const path = act.path;
  const dest = path.at(-1)!;
  const r = act.moved!;
  const group = act.units.filter((u) => g.loc[u] === act.area); // units hit back to the start (11.5(2)) or lost drop out
  while (act.pass!.length && group.length) {
    const x = act.pass!.shift()!;
    const opp = other(act.side);
    if (
      !unitsIn(g, x).some(
        (u) => friendlyUnit(g, b, u, opp) && !g.used[u] && b.unitClass[u] !== 'sub' && mayAttackIn(b, g, u, x, opp),
      )
    )
      continue;
    for (const u of group) g.loc[u] = x;
    revertIfEmpty(b, g, act.area);
    act.area = x;
    ctx.log(`${sideName(act.side)}: the group passes through ${areaName(b, x)}.`, { rule: 'AMB-19' });
    call(g.stack, { kind: 'auto', step: 'moveOn', side: act.side });
    openWindow(b, g); // AMB-19: a window in an area passed through
    return;
  }
  if (!group.length) {
    call(g.stack, { kind: 'auto', step: 'actDone', side: act.side });
    return;
  }
  for (const u of group) g.loc[u] = dest;
  revertIfEmpty(b, g, path[0]!); // AMB-7
  revertIfEmpty(b, g, act.area);
  for (let i = 1; i < path.length; i++) enterArea(b, ctx, g, path[i]!, act.side, group); // 3.1.3(1)
  const carried = group.filter((u) => b.unitClass[u] === 'land' || b.unitClass[u] === 'air');
  if (r.seaMove) {
    for (const a of path) if (b.isSea[a]) g.seaUse[a] = (g.seaUse[a] ?? 0) + carried.length; // 3.6(3)
    if (act.blitz && act.blitz.left > 0)
      act.blitz.flipLater.push(...carried); // 17.1 Q3
    else if (!act.noFlip) for (const u of carried) g.used[u] = 1; // 8.1.2(1)④
  }
  if (act.type === 'airMove') for (const u of group) g.used[u] = 1; // 8.2(6)
  act.area = dest;
  ctx.log(
    `${sideName(act.side)}: the group moves ${path.map((a) => areaName(b, a)).join(' - ')} (${r.cost} MP${r.seaMove ? ', sea move' : ''}).`,
    { rule: act.type === 'airMove' ? '8.2' : r.seaMove ? '8.1.2' : '8.1' },
  );
  call(g.stack, { kind: 'auto', step: 'actDone', side: act.side });
  openWindow(b, g); // 10.1(3), AMB-19: at the destination
}

// ---- moves of events -------------------------------------------------------------------------------
/** 8.1(4), AMB-15: the group leaves a control unit behind (and a unit of the flag nation if one is there). */
export function leaveOk(b: Board, g: TRState, act: Act): boolean {
  const stay = unitsIn(g, act.area).filter((u) => !act.units.includes(u) && friendlyUnit(g, b, u, act.side));
  if (!stay.some((u) => isControlUnit(b, g, u))) return false; // 8.1(4)
  const flag = b.flag[act.area]!;
  return !(flag >= 0 && act.units.some((u) => b.unitNation[u] === flag) && !stay.some((u) => b.unitNation[u] === flag));
}

/**
 * Strategic Movement: friendly land areas joined to the group's area by friendly-controlled areas (seas within
 * capacity, 3.6(2)), with the first path found to each (`parent`: the tracer asks `crosses` only for steps into areas
 * not yet reached, in breadth-first order, and a step allowed reaches its area at once).
 */
function stratPaths(b: Board, g: TRState, act: Act): { reached: Uint8Array; parent: Int32Array } {
  const from = act.area;
  const parent = new Int32Array(b.areaIds.length).fill(-1);
  if (ctrlSide(b, g, from) !== act.side) return { reached: new Uint8Array(b.areaIds.length), parent };
  const open = linkOpen(b, g, act.side);
  const straits = g.options.seaBorderStraits !== false;
  const { reached } = b.tracer.flood(from, {
    crosses(x, y, kind, slot) {
      if (!open(x, y, kind, slot) || ctrlSide(b, g, y) !== act.side || !mayEnter(b, y, act.side)) return false;
      if (b.isSea[y] && capacityLeft(b, g, y, act.side) < act.units.length) return false; // 3.6(2)
      if (straits && !b.isSea[y] && !b.isSea[x] && kind !== LAND) return false; // AMB-2
      parent[y] = x;
      return true;
    },
  });
  return { reached, parent };
}

/** Friendly land units in `a` and the group together: at most 10 (8.1.1(2)①). */
const overstacked = (b: Board, g: TRState, act: Act, a: number): boolean =>
  unitsIn(g, a).filter((u) => friendlyUnit(g, b, u, act.side) && b.unitClass[u] === 'land').length + act.units.length >
  10;

/**
 * Strategic Movement destinations: friendly-controlled land areas. [REC] (strategicMovementCounter off) none with enemy
 * control units, so no counterattack can meet the group; with the option a contested area (3.4(4): control changes only
 * at the end of the impulse) is allowed, and its enemy units may counterattack the group there (10.1(3), 11.2(1), AMB-20).
 */
export function stratDests(b: Board, g: TRState, act: Act): number[] {
  if (!act.units.length || !leaveOk(b, g, act)) return [];
  const { reached } = stratPaths(b, g, act);
  const out: number[] = [];
  for (let a = 0; a < reached.length; a++) {
    if (
      !reached[a] ||
      a === act.area ||
      b.isSea[a] ||
      (!g.options.strategicMovementCounter && enemyControlUnits(b, g, a, act.side).length)
    )
      continue;
    if (overstacked(b, g, act, a)) continue; // 8.1.1(2)①
    if (act.units.some((u) => boundaryBars(b, b.unitNation[u]!, act.side, a))) continue; // 15.6
    out.push(a);
  }
  return out.sort((x, y) => x - y);
}

/**
 * Strategic Movement: the group goes to the chosen area; sea areas on the way use capacity; the units stay unused.
 * Returns false when the action is over (no counterattack window, [REC]).
 */
export function strategicMove(b: Board, ctx: Ctx, g: TRState): boolean {
  const act = g.act!;
  const { parent } = stratPaths(b, g, act);
  for (let x = parent[act.target]!; x !== -1; x = parent[x]!)
    if (b.isSea[x]) g.seaUse[x] = (g.seaUse[x] ?? 0) + act.units.length; // 3.6(2)(3)
  for (const u of act.units) g.loc[u] = act.target;
  revertIfEmpty(b, g, act.area); // AMB-7
  ctx.log(
    `${sideName(act.side)}: Strategic Movement of ${act.units.length} unit(s) from ${areaName(b, act.area)} to ${areaName(b, act.target)}.`,
    { rule: '3.6(2)' },
  );
  act.path = [act.area, act.target]; // 11.5(2): a counterattacked group retreats only to where it came from
  act.area = act.target;
  if (!g.options.strategicMovementCounter) return false; // [REC]: no window (no enemy unit at the destination)
  call(g.stack, { kind: 'auto', step: 'actDone', side: act.side });
  openWindow(b, g); // 10.1(3), 11.2(1): a counterattack at the destination (AMB-19; not in the areas of the chain)
  return true;
}

/**
 * Landing: an all-airborne group flies up to its movement to any land area (the path avoids 15.7 areas and neutrals, [REC]).
 * [REC] (card text missing, spec 7.2 M6; spec 2.2.1: AB units are "presumably" for this card): the event moves one group (3.6(2)),
 * which either lands by sea or drops by air; a group with any non-AB unit lands by sea, its AB units with it.
 */
export function dropZones(b: Board, g: TRState, act: Act): number[] {
  if (!act.units.length || !act.units.every((u) => counterOf(b, u).type === 'AB') || !leaveOk(b, g, act)) return [];
  const range = Math.min(...act.units.map((u) => counterOf(b, u).movement));
  const { reached } = b.tracer.flood(act.area, {
    maxHops: range,
    stopsIn: (x) => ctrlSide(b, g, x) === 'neutral', // [REC] no flight over neutrals
    enters: (y) => mayEnter(b, y, act.side), // 15.7
    crosses: linkOpen(b, g, act.side),
  });
  const out: number[] = [];
  for (let a = 0; a < reached.length; a++) {
    if (!reached[a] || a === act.area || b.isSea[a] || ctrlSide(b, g, a) === 'neutral') continue;
    if (overstacked(b, g, act, a)) continue; // 8.1.1(2)①
    out.push(a);
  }
  return out;
}

/** Landing: the airborne units land in the chosen area, then a counterattack window there (10.1(3)). */
export function airborneDrop(b: Board, ctx: Ctx, g: TRState): void {
  const act = g.act!;
  for (const u of act.units) g.loc[u] = act.target;
  revertIfEmpty(b, g, act.area);
  act.path = [act.area, act.target];
  ctx.log(
    `${sideName(act.side)}: ${act.units.length} airborne unit(s) fly from ${areaName(b, act.area)} to ${areaName(b, act.target)}.`,
    {
      rule: '2.1.1',
    },
  );
  act.area = act.target;
  call(g.stack, { kind: 'auto', step: 'actDone', side: act.side });
  openWindow(b, g);
}
