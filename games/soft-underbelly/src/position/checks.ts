/**
 * The invariants of a position, each with the rule that makes it one (POSITIONS.md, "Checks").
 * Every state of a game played by the rules keeps them (position.test.ts plays random games to
 * check it); a position that breaks one is refused.
 */
import type { PositionChecks } from '@sandtable/engine';
import type { Frame } from '../frames.ts';
import { suFlow } from '../sequence.ts';
import {
  BATTLE,
  GONE,
  POOL,
  SEA,
  STACK,
  TANKS,
  areaName,
  hasUnits,
  stackCount,
  type Env,
  type Side,
  type SUState,
} from '../state.ts';
import { cubesInPlay, isNaval } from './defaults.ts';

const SIDES: readonly Side[] = ['allies', 'axis'];

export function checkPosition(E: Env, g: SUState, c: PositionChecks): void {
  c.check(g.turn <= E.d.turns, '§7 L87', `turn ${g.turn} is past the last turn (${E.d.turns})`);
  checkCounters(E, g, c);
  checkCubes(E, g, c);
  checkAreas(E, g, c);
  checkEvents(E, g, c);
  checkStack(E, g, c);
}

/** §2 L19, §15 L172, §35 L366, §38 L394, §42 L418, §43 L424, AMB-11: where each counter may be. */
function checkCounters(E: Env, g: SUState, c: PositionChecks): void {
  const b = g.battle;
  for (const u of g.units) {
    const at = `${u.id} is ${where(E, u.loc)}`;
    if (isNaval(u.type)) c.check(u.loc === SEA || u.loc === GONE, '§15 L172', `${at}: a ${u.type} is at sea or gone`);
    else c.check(u.loc !== SEA, '§15 L172', `${at}: only fleets and the U-boat are at sea`);
    if (u.loc >= 0) c.check(E.m.passable[u.loc], '§2 L19', `${at}: no unit enters an impassable area`);
    if (u.loc === BATTLE)
      c.check(
        b && b.attacker === 'allies' && u.side === 'allies' && b.att.ids.includes(u.id),
        'AMB-11',
        `${at}: only Allied counters of the battle's attack (a landing, a drop) are in battle`,
      );
    if (u.type === 'partisan' && u.loc >= 0)
      c.check(g.italy, '§35 L366', `${at}: partisans come into play after Italy surrenders`);
    if (g.italy && u.side === 'axis' && u.nat === 'IT')
      c.check(u.loc === GONE, '§42 L418', `${at}: Italian units leave the game when Italy surrenders`);
    if (g.overlord && u.type === 'paratroops')
      c.check(u.loc === GONE, '§43 L424', `${at}: the paratroops leave the game with Overlord`);
    if (u.type === 'uboat')
      c.check((u.loc === GONE) === g.uboatGone, '§38 L394', `${at}, but uboatGone is ${g.uboatGone}`);
  }
}

const OFF_MAP: Record<number, string> = {
  [POOL]: 'in the pool',
  [SEA]: 'at sea',
  [GONE]: 'out of the game',
  [BATTLE]: 'in battle',
};
const where = (E: Env, loc: number) => (loc >= 0 ? `in ${areaName(E, loc)}` : OFF_MAP[loc]!);

/** §4 L53: each side's cubes are on the map, at sea in a landing, or in the pool; §2 L19: never in impassable areas. */
function checkCubes(E: Env, g: SUState, c: PositionChecks): void {
  for (const s of SIDES) {
    const box = E.d.cubes[s].count;
    const inPlay = cubesInPlay(g, s);
    c.check(inPlay <= box, '§4 L53', `${inPlay} ${s} cubes are in play, but the box has ${box}`);
    c.check(
      inPlay > box || g.pool[s] + inPlay === box,
      '§4 L53',
      `pool.${s}: ${g.pool[s]} cubes in the pool and ${inPlay} in play make ${g.pool[s] + inPlay}, the box has ${box}`,
    );
    for (let a = 0; a < E.n; a++)
      if (!E.m.passable[a])
        c.check(!g.cubes[s][a], '§2 L19', `${areaName(E, a)} holds ${s} cubes: no unit enters an impassable area`);
  }
}

/** Lines (§36 L380), tanks (§28 L296), stacking (§3 L38-L40), both sides and control (§2 L32), per area. */
function checkAreas(E: Env, g: SUState, c: PositionChecks): void {
  const lines = new Set<number>();
  for (const l of g.lines) {
    if (l < 0) continue;
    c.check(E.m.passable[l], '§2 L19', `a defensive line is in impassable ${areaName(E, l)}`);
    c.check(!lines.has(l), '§36 L380', `${areaName(E, l)} holds two defensive lines (at most one per area)`);
    lines.add(l);
  }
  const stacking = stackingHolds(g);
  for (let a = 0; a < E.n; a++) {
    const name = areaName(E, a);
    for (const s of SIDES) {
      const tanks = g.units.filter((u) => u.loc === a && u.side === s && u.type === 'tank').length;
      c.check(tanks <= TANKS, '§28 L296', `${name} holds ${tanks} ${s} tanks (at most ${TANKS})`);
      const k = stackCount(g, a, s);
      c.check(!stacking || k <= STACK, '§3 L38-L40', `${name} holds ${k} ${s} units (at most ${STACK})`);
    }
    const allies = hasUnits(g, a, 'allies');
    const axis = hasUnits(g, a, 'axis');
    c.check(!(allies && axis), '§2 L32', `${name} holds units of both sides (partisans excepted)`);
    const holder = allies ? 'allies' : axis ? 'axis' : null;
    c.check(
      !holder || allies === axis || g.ctrl[a] === holder,
      '§2 L32',
      `${name} holds ${holder} units but is controlled by the ${g.ctrl[a]}`,
    );
  }
}

/**
 * §3 L38-L40: stacking is checked at the end of each impulse, so no area is over the limit from
 * then until the next reinforcement phase — unless excess units stay where no adjacent area has
 * room (AMB-33 "stay"). Moves and reinforcements may overstack an area until the impulse ends.
 */
function stackingHolds(g: SUState): boolean {
  const has = (...kinds: Frame['kind'][]) => g.stack.some((f) => kinds.includes(f.kind));
  if (g.o.stackOverflowNoRoom !== 'eliminate' || g.phase === 'reinforcements') return false;
  if (has('impulseEnd', 'overflowCheck', 'overflow', 'reinforceOf', 'reinforce', 'convertOf')) return false;
  return !has('impulseStart') || has('reinforcePhase'); // the reinforcements of this turn still to come
}

/** §44 L430-L432: six markers per player, each on its own side's track or in hand, within the track's spaces. */
function checkEvents(E: Env, g: SUState, c: PositionChecks): void {
  for (const s of SIDES) {
    const ev = g.ev[s];
    let used = 0;
    for (const [id, k] of Object.entries(ev.track)) {
      used += k ?? 0;
      const cap = E.capacity[s][id as keyof (typeof E.capacity)[Side]];
      c.check(cap !== undefined, '§44 L432', `events.${s}.used.${id}: not an event of the ${s} track`);
      c.check(cap === undefined || (k ?? 0) <= cap, '§44 L432', `events.${s}.used.${id}: ${k} markers, ${cap} spaces`);
    }
    c.check(
      ev.hand + used === E.markers,
      '§44 L430',
      `events.${s}: ${ev.hand} markers in hand and ${used} on the track make ${ev.hand + used}, a player has ${E.markers}`,
    );
  }
}

/** Steps and decisions of a battle (§19 L206): they need the battle. */
const BATTLE_FRAMES: ReadonlySet<Frame['kind']> = new Set([
  'landingIntercept',
  'bombard',
  'battleEvade',
  'battleSupport',
  'battleRound',
  'battleRoll',
  'battleLosses',
  'battleAfterRound',
  'battleNext',
  'battleEnd',
  'battleClear',
  'evade',
  'support',
  'paraDie',
  'elite',
  'roundEnd',
  'occupy',
  'landingReturn',
]);

/** §19 L206: a battle is under way exactly while its steps are pending; §6: a game over has nothing pending. */
function checkStack(E: Env, g: SUState, c: PositionChecks): void {
  const b = g.battle;
  const battleFrames = g.stack.filter((f) => BATTLE_FRAMES.has(f.kind)).map((f) => f.kind);
  c.check(b || !battleFrames.length, '§19 L206', `stack: ${battleFrames.join(', ')} without a battle`);
  c.check(
    !b || g.stack.some((f) => f.kind === 'battleClear'),
    '§19 L206',
    'battle: a battle under way keeps its steps on the stack, down to battleClear',
  );
  if (b) {
    c.check(E.m.passable[b.target], '§2 L19', `battle.target: ${areaName(E, b.target)} is impassable`);
    for (const [k, s] of [
      ['attacking', b.att],
      ['defending', b.def],
    ] as const)
      c.check(s.from.length === s.cubes.length, '§18 L200', `battle.${k}: one cube count for each origin in from`);
  }
  c.check(!g.result || !g.stack.length, '§6', 'stack: the game is over (outcome), so nothing is pending');
  c.check(g.result || g.stack.length, 'spec 10.3', 'stack: the game is not over, so a decision is pending');
}

/** After the automatic steps: a decision on top, or the game over (spec 10.3). */
export function checkSettled(g: SUState, c: PositionChecks, ran: boolean): void {
  const top = g.stack.at(-1);
  if (g.result || !top) return;
  c.check(
    top.kind in suFlow.spec.decisions,
    'spec 10.3',
    ran
      ? `stack: ${top.kind} on top is not a player's decision`
      : `stack: the automatic step ${top.kind} on top runs only when a game starts from the position (sandtable new --position)`,
  );
}
