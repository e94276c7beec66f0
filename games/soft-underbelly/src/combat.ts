/**
 * Combat: declaring attacks (§18 L198-L200), procedure (§19 L206-L208), die results (§20),
 * losses (§21, see losses.ts), retreat (§22), occupation (§23), tanks (§28), aircraft support and
 * evasion (§29), elite (§33), paratroops (§34), defensive lines (§36).
 */
import { call, end, type Ctx, type Refusal } from '@sandtable/engine';
import type { SUAction } from './actions.ts';
import { eventLegal, playEvent, refuseEvent } from './events.ts';
import type { Frame, FrameOf } from './frames.ts';
import { callInOrder, isPass, passAlone, type SUDecision, type SUStep } from './handlers.ts';
import { airRetreatAreas, canRetreat, pushLoss } from './losses.ts';
import { supplyMap } from './supply.ts';
import {
  ALLIES,
  AXIS,
  BATTLE,
  POOL,
  occupancy,
  areaName,
  eliminate,
  hasUnits,
  isLand,
  lineIn,
  log,
  missionRoom,
  other,
  reach,
  tanksIn,
  unit,
  type Battle,
  type BattleSide,
  type Env,
  type Side,
  type SUState,
  type Unit,
} from './state.ts';
import { msg } from './texts/index.ts';
import { unitName, sideName } from './texts/names.ts';

// ---- declaring attacks (§18) ------------------------------------------------------------------

type Commit = FrameOf<'commit'>;

/** Cubes in `a` that may still join a battle this impulse (AMB-6). */
function battleCubes(g: SUState, side: Side, a: number, d?: Commit): number {
  let k = g.cubes[side][a]!;
  if (g.o.unitOneBattlePerImpulse) k -= g.fought[side][a]!;
  if (side === AXIS) k -= g.pins[a]!;
  if (d) {
    const i = d.from.indexOf(a);
    if (i >= 0) k -= d.count[i]!;
  }
  return Math.max(0, k);
}

function battleCounters(g: SUState, side: Side, a: number, d?: Commit): Unit[] {
  return g.units.filter(
    (u) =>
      u.loc === a &&
      u.side === side &&
      isLand(u.type) &&
      !(g.o.unitOneBattlePerImpulse && u.ft) &&
      !(d?.ids ?? []).includes(u.id),
  );
}

export function attackLimitReached(g: SUState): boolean {
  // §18 L200: no more than three areas per impulse, landing included (AMB-5 option: arrows).
  return g.o.limitByOriginTargetPairs ? g.arrows >= 3 : g.attacks.length >= 3;
}

function attackOrigins(E: Env, g: SUState, side: Side, t: number): number[] {
  const sup = g.o.requireSupplyToMoveAttack ? supplyMap(E, g, side) : null;
  return E.m.adj[t]!.filter(
    (a) =>
      g.ctrl[a] === side &&
      !(side === AXIS && g.blockade === a) &&
      (!sup || sup[a]) &&
      (battleCubes(g, side, a) > 0 || battleCounters(g, side, a).length > 0),
  );
}

/** Targets of a land attack: adjacent enemy-occupied areas (or a lone line, AMB-18). */
export function attackTargets(E: Env, g: SUState, side: Side): number[] {
  if (attackLimitReached(g)) return [];
  const out: number[] = [];
  const occ = occupancy(g, other(side), E.n);
  for (let t = 0; t < E.n; t++) {
    if (!E.m.passable[t] || g.attacks.includes(t)) continue;
    const enemyHere = occ[t] || (side === ALLIES && g.o.loneLineBlocks && lineIn(g, t));
    if (!enemyHere) continue;
    if (attackOrigins(E, g, side, t).length) out.push(t);
  }
  return out;
}

export function declareAttack(E: Env, ctx: Ctx, g: SUState, side: Side, t: number): void {
  log(ctx, `${sideName(side)} declare an attack on ${areaName(E, t)}`, '§18 L198-L200');
  call(g.stack, { kind: 'commit', side, target: t, from: [], count: [], ids: [] });
}

/** Why an attack on area `id` is refused (§18 L198-L200, AMB-5); `moving` in the movement step. */
export function refuseAttack(E: Env, g: SUState, id: string, moving: boolean): Refusal {
  if (attackLimitReached(g))
    return { rule: '§18 L200', message: 'no more than three areas may be attacked per impulse' };
  if (g.attacks.includes(E.m.indexOf(id)))
    return { rule: '§18 L200, AMB-5', message: 'that area was already attacked this impulse' };
  if (moving) return { rule: '§11 L132, §18 L198', message: 'attacks come in the combat step: end the movement first' };
  return {
    rule: '§18 L198',
    message: 'attacks only on enemy-occupied areas adjacent to your units that have not fought this impulse',
  };
}

export const commit: SUDecision<'commit'> = {
  rule: '§18 L200, AMB-6',
  role: (_E, _g, f) => f.side,
  prompt: (E, _g, f) => msg('su.commit', { area: areaName(E, f.target) }),
  actions: ['commit', 'done', 'cancel'],
  legal(E, g, d) {
    const side = d.side;
    const out: SUAction[] = [];
    for (const a of attackOrigins(E, g, side, d.target).concat(d.from.filter((x) => x >= 0))) {
      if (out.some((x) => x.type === 'commit' && x.from === E.m.ids[a])) continue;
      const k = battleCubes(g, side, a, d);
      if (k > 0) out.push({ type: 'commit', from: E.m.ids[a]!, unit: 'cube' });
      if (k > 1) out.push({ type: 'commit', from: E.m.ids[a]!, unit: 'allCubes' });
      for (const u of battleCounters(g, side, a, d)) out.push({ type: 'commit', from: E.m.ids[a]!, unit: u.id });
    }
    if (d.ids.length || d.count.some((k) => k > 0)) out.push({ type: 'done' });
    else out.push({ type: 'cancel' });
    return out;
  },
  perform(E, ctx, g, d, a) {
    if (a.type === 'commit') {
      const from = E.m.index(a.from);
      if (a.unit === 'cube' || a.unit === 'allCubes') {
        const k = a.unit === 'cube' ? 1 : battleCubes(g, d.side, from, d);
        let i = d.from.indexOf(from);
        if (i < 0) {
          d.from.push(from);
          d.count.push(0);
          i = d.from.length - 1;
        }
        d.count[i] = d.count[i]! + k;
      } else {
        d.ids.push(a.unit);
        if (!d.from.includes(from)) {
          d.from.push(from);
          d.count.push(0);
        }
      }
      return;
    }
    end(g.stack);
    if (a.type === 'cancel') return;
    g.acted = true;
    startBattle(E, ctx, g, d.side, d.target, false, d.from, d.count, d.ids, []);
  },
  refuse(_E, _g, _f, a) {
    if (a.type === 'done') return { rule: '§18 L198', message: 'commit at least one unit, or cancel the attack' };
    if (a.type === 'cancel')
      return { rule: '§18 L198-L200', message: 'units are committed: the attack goes ahead (done)' };
    return {
      rule: '§18 L200, §35 L372, AMB-6',
      message:
        'only your units adjacent to the target that have not fought this impulse (nor drawn by a partisan) attack',
    };
  },
};

function emptySide(): BattleSide {
  return { from: [], cubes: [], ids: [], tank: null, air: null, hit: 6, dice: [], hits: 0 };
}

export function startBattle(
  _E: Env,
  _ctx: Ctx,
  g: SUState,
  side: Side,
  t: number,
  landing: boolean,
  from: number[],
  cubes: number[],
  ids: string[],
  fleets: string[],
): void {
  const b: Battle = {
    target: t,
    attacker: side,
    landing,
    fleets,
    round: 1,
    maxRounds: 3,
    att: emptySide(),
    def: emptySide(),
    paraExtraUsed: false,
    paraExtraNow: false,
    stopped: false,
    brokenOff: false,
    retreated: false,
    attDice: 0,
    defDice: 0,
  };
  b.att.from = from.slice();
  b.att.cubes = cubes.slice();
  b.att.ids = ids.slice();
  g.battle = b;
  g.attacks.push(t);
  g.arrows += landing ? 1 : new Set(from).size;
  // AMB-6: the participating units are designated now and fight no other battle this impulse.
  from.forEach((a, i) => {
    if (a >= 0) g.fought[side][a] = g.fought[side][a]! + cubes[i]!;
  });
  for (const id of ids) unit(g, id).ft = true;
  // §19 L206: interception and bombardment of a landing (§26, §25), evasion, supports, rounds, the end.
  const landingSteps: Frame[] = landing ? [{ kind: 'landingIntercept' }, { kind: 'bombard' }] : [];
  callInOrder(
    g,
    ...landingSteps,
    { kind: 'battleEvade' },
    { kind: 'battleSupport' },
    { kind: 'battleRound' },
    { kind: 'battleEnd' },
    { kind: 'battleClear' },
  );
}

// ---- who is in the battle -------------------------------------------------------------------

export const defenderOf = (b: Battle): Side => other(b.attacker);

/** Attacking counters still in the battle. */
function attUnits(g: SUState, b: Battle): Unit[] {
  return b.att.ids.map((id) => unit(g, id)).filter((u) => u.loc >= 0 || u.loc === BATTLE);
}

function defUnits(g: SUState, b: Battle): Unit[] {
  const side = defenderOf(b);
  return g.units.filter((u) => u.loc === b.target && u.side === side && u.type !== 'partisan');
}

export function attackerAlive(g: SUState, b: Battle): boolean {
  return b.att.cubes.some((k) => k > 0) || attUnits(g, b).length > 0;
}

/** The defender still holds the area: units, or a lone line that blocks (AMB-18a). */
export function defenderAlive(g: SUState, b: Battle): boolean {
  const side = defenderOf(b);
  if (hasUnits(g, b.target, side)) return true;
  return side === AXIS && g.o.loneLineBlocks && lineIn(g, b.target);
}

function battleOver(g: SUState, b: Battle): boolean {
  return b.stopped || b.brokenOff || b.retreated || !attackerAlive(g, b) || !defenderAlive(g, b);
}

// ---- evasion and supports (§19 L206, §20 L218-L224, §28 L298-L304, §29, §34 L358) -------------

export const battleEvade: SUStep<'battleEvade'> = (_E, _ctx, g) => {
  const b = g.battle!;
  if (battleOver(g, b)) return;
  call(g.stack, { kind: 'evade', side: defenderOf(b) });
};

function evadeOptions(E: Env, g: SUState, side: Side, t: number): SUAction[] {
  const out: SUAction[] = [];
  for (const u of g.units) {
    if (u.loc !== t || u.side !== side || u.type !== 'aircraft') continue;
    if (g.battle && g.battle.def.air === u.id) continue;
    for (const a of airRetreatAreas(E, g, side, t)) out.push({ type: 'evade', id: u.id, to: E.m.ids[a]! });
  }
  return out;
}

function evadeTo(E: Env, ctx: Ctx, g: SUState, a: Extract<SUAction, { type: 'evade' }>): void {
  const u = unit(g, a.id);
  u.loc = E.m.index(a.to);
  u.up = false; // flipped (§19 L206)
  log(ctx, `${unitName(E, u.id)} evades to ${areaName(E, u.loc)} and is flipped`, '§19 L206, §29 L318-L320');
}

const evadeRefusal: Refusal = {
  rule: '§19 L206, §29 L318-L320',
  message: 'a defending aircraft (not the supporting one) evades to a friendly area with room',
};

export const evade: SUDecision<'evade'> = passAlone({
  rule: '§19 L206, §29 L318',
  role: (_E, _g, f) => f.side,
  prompt: (E, g) => msg('su.evade', { area: areaName(E, g.battle!.target) }),
  actions: ['evade', 'done'],
  legal(E, g, f) {
    return [...evadeOptions(E, g, f.side, g.battle!.target), { type: 'done' }];
  },
  perform(E, ctx, g, _f, a) {
    if (a.type === 'evade') evadeTo(E, ctx, g, a);
    else end(g.stack);
  },
  refuse: () => evadeRefusal,
});

/** Supports: the attacker declares first, then the defender (spec 10.6 item 3). */
export const battleSupport: SUStep<'battleSupport'> = (_E, _ctx, g) => {
  const b = g.battle!;
  if (battleOver(g, b)) return;
  callInOrder(g, { kind: 'support', side: b.attacker }, { kind: 'support', side: defenderOf(b) });
};

export function supportOptions(E: Env, g: SUState, side: Side): SUAction[] {
  const b = g.battle!;
  const t = b.target;
  const mine = side === b.attacker ? b.att : b.def;
  const out: SUAction[] = [];
  if (!mine.tank && !E.m.mountain[t]) {
    // §28 L298-L304: one face-up tank among the side's fighting units; never in mountains.
    const tanks = side === b.attacker ? attUnits(g, b) : defUnits(g, b);
    for (const u of tanks) if (u.type === 'tank' && u.up) out.push({ type: 'support', id: u.id });
  }
  if (!mine.air) {
    // §29 L312-L316, §31: one face-up aircraft within range; airfield limit (§14, AMB-9); Blockade (AMB-38).
    for (const u of g.units) {
      if (u.side !== side || u.type !== 'aircraft' || !u.up || u.loc < 0) continue;
      if (!reach(E, g, side, u.loc, t) || !missionRoom(E, g, u.loc)) continue;
      if (side === AXIS && g.blockade === u.loc) continue;
      out.push({ type: 'support', id: u.id });
    }
  }
  if (side === ALLIES && b.attacker === ALLIES) {
    // §34 L358: face-up paratroops drop into a battle or landing within ruler range of their area.
    for (const u of g.units) {
      if (u.side === ALLIES && u.type === 'paratroops' && u.up && u.loc >= 0 && reach(E, g, ALLIES, u.loc, t))
        out.push({ type: 'support', id: u.id });
    }
  }
  return out;
}

const attacking = (g: SUState, f: FrameOf<'support'>) => f.side === g.battle!.attacker;

export const support: SUDecision<'support'> = passAlone({
  rule: '§20 L218, §28 L300, §29 L316',
  ruleOf: (_E, g, f) => (attacking(g, f) ? '§20 L218, §28 L300, §29 L316, §34 L358' : '§20 L218, §28 L300, §29 L316'),
  role: (_E, _g, f) => f.side,
  prompt: (E, g, f) =>
    attacking(g, f)
      ? msg('su.support.attack', { area: areaName(E, g.battle!.target) })
      : msg('su.support.defence', { area: areaName(E, g.battle!.target) }),
  actions: ['support', 'done'],
  legal(E, g, f) {
    return [...supportOptions(E, g, f.side), { type: 'done' }];
  },
  perform(E, ctx, g, f, a) {
    if (a.type !== 'support') {
      end(g.stack);
      return;
    }
    const b = g.battle!;
    const side = f.side;
    const mine = side === b.attacker ? b.att : b.def;
    const u = unit(g, a.id);
    if (u.type === 'tank') {
      mine.tank = u.id; // does not flip (§28 L300)
      log(
        ctx,
        `${unitName(E, u.id)} supports the ${side === b.attacker ? 'attack' : 'defence'} (hit number -1)`,
        '§28 L298-L300',
      );
    } else if (u.type === 'aircraft') {
      mine.air = u.id;
      u.up = false; // flips, keeps supporting all battle (§29 L312-L316)
      g.missions[u.loc] = g.missions[u.loc]! + 1;
      log(
        ctx,
        `${unitName(E, u.id)} in ${areaName(E, u.loc)} supports the ${side === b.attacker ? 'attack' : 'defence'} and flips`,
        '§29 L312-L316',
      );
    } else {
      u.loc = BATTLE;
      u.up = false;
      u.ft = true;
      b.att.ids.push(u.id);
      log(ctx, `${unitName(E, u.id)} drops into ${areaName(E, b.target)} and flips`, '§34 L358');
    }
  },
  refuse(E, g, _f, a) {
    const u = a.type === 'support' ? g.units.find((x) => x.id === a.id) : undefined;
    if (u?.type === 'tank' && g.battle && E.m.mountain[g.battle.target])
      return { rule: '§28 L304, §2 L25', message: 'tanks cannot support in mountains' };
    if (u?.type === 'paratroops')
      return {
        rule: '§34 L356-L358',
        message: 'face-up paratroops within ruler range drop into an Allied attack or landing (before Overlord)',
      };
    return {
      rule: '§20 L218, §29 L312',
      message: 'one face-up tank and one face-up aircraft in range may support per side',
    };
  },
});

// ---- combat rounds (§19 L206, §20) -----------------------------------------------------------

/** Hit number: 6, -1 for a face-up supporting tank (not in mountains), -1 for a supporting aircraft; best 4 (§20 L212-L220). */
export function hitNumber(E: Env, g: SUState, b: Battle, s: BattleSide): number {
  let h = 6;
  if (s.tank && !E.m.mountain[b.target]) {
    const u = unit(g, s.tank);
    if ((u.up || !g.o.tankSupportLapsesWhenFlipped) && (u.loc >= 0 || u.loc === BATTLE)) h--;
  }
  if (s.air) h--;
  return Math.max(4, h);
}

/** Dice of one side before the paratroop extra die: cap 4 (§19 L206, §28 L302, §33 L352, §34 L362, §36 L378, AMB-15). */
export function diceCount(g: SUState, b: Battle, attacker: boolean): number {
  let d = 0;
  const s = attacker ? b.att : b.def;
  const units = attacker ? attUnits(g, b) : defUnits(g, b);
  if (attacker) for (const k of b.att.cubes) d += k;
  else d += g.cubes[defenderOf(b)][b.target]!;
  let land = d > 0;
  for (const u of units) {
    if (u.type === 'tank') {
      land = true;
      if (s.tank !== u.id || (!u.up && g.o.tankSupportLapsesWhenFlipped)) d++;
    } else if (u.type === 'elite') {
      land = true;
      if (!u.up) d++; // a face-up elite rolls no die (§47 L494, AMB-44)
    } else if (u.type === 'paratroops') {
      land = true;
      d++;
    }
  }
  if (!attacker) {
    if (lineIn(g, b.target)) d += 2; // §36 L378
    if (!land) {
      // §29 L316-L318: aircraft as the only defenders fight like cubes (AMB-15).
      const air = units.filter((u) => u.type === 'aircraft' && u.id !== s.air);
      d += g.o.loneAircraftEachRoll ? air.length : Math.min(1, air.length);
    }
  }
  return Math.min(4, d);
}

export function hasParatroops(g: SUState, b: Battle): boolean {
  const units = b.attacker === ALLIES ? attUnits(g, b) : defUnits(g, b);
  return units.some((u) => u.type === 'paratroops');
}

/** §19 L206: a combat round: the paratroops' extra die (§34 L358), the roll, the end of the round. */
export const battleRound: SUStep<'battleRound'> = (E, ctx, g) => {
  const b = g.battle!;
  if (battleOver(g, b)) return;
  g.phase = `battle round ${b.round}`;
  log(ctx, `Combat round ${b.round} in ${areaName(E, b.target)}`, '§19 L206');
  b.paraExtraNow = false;
  callInOrder(g, { kind: 'battleRoll' }, { kind: 'battleAfterRound' });
  if (hasParatroops(g, b) && !b.paraExtraUsed) {
    if (g.o.paratroopExtraDieOncePerBattle) call(g.stack, { kind: 'paraDie' });
    else b.paraExtraNow = true;
  }
};

export const paraDie: SUDecision<'paraDie'> = {
  rule: '§34 L358, AMB-13',
  role: () => ALLIES,
  prompt: () => msg('su.paraDie'),
  actions: ['extraDie'],
  legal: () => [
    { type: 'extraDie', use: true },
    { type: 'extraDie', use: false },
  ],
  perform(_E, _ctx, g, _f, a) {
    end(g.stack);
    if (a.type === 'extraDie' && a.use) {
      g.battle!.paraExtraNow = true;
      g.battle!.paraExtraUsed = true;
    }
  },
};

export const battleRoll: SUStep<'battleRoll'> = (E, ctx, g) => {
  const b = g.battle!;
  const allies = b.attacker === ALLIES;
  b.att.hit = hitNumber(E, g, b, b.att);
  b.def.hit = hitNumber(E, g, b, b.def);
  const extra = b.paraExtraNow ? 1 : 0;
  b.attDice = diceCount(g, b, true) + (allies ? extra : 0);
  b.defDice = diceCount(g, b, false) + (allies ? 0 : extra);
  // §19 L206: both sides roll at the same time.
  b.att.dice = ctx.roll(
    b.attDice,
    `${sideName(b.attacker)} attack, round ${b.round} (${b.attDice} dice, hit on ${b.att.hit}-6)`,
  );
  b.def.dice = ctx.roll(
    b.defDice,
    `${sideName(defenderOf(b))} defence, round ${b.round} (${b.defDice} dice, hit on ${b.def.hit}-6)`,
  );
  b.att.hits = b.att.dice.filter((x) => x >= b.att.hit).length;
  b.def.hits = b.def.dice.filter((x) => x >= b.def.hit).length;
  log(
    ctx,
    `${sideName(b.attacker)} inflict ${b.att.hits}, ${sideName(defenderOf(b))} inflict ${b.def.hits}`,
    '§20 L212-L216',
  );
  call(g.stack, { kind: 'battleLosses' });
  // §33 L350: after the dice, each face-up elite may inflict 1 more loss (then flips).
  const axisAtt = b.attacker === AXIS;
  const elites = (axisAtt ? attUnits(g, b) : defUnits(g, b)).filter((u) => u.type === 'elite' && u.up);
  if (elites.length) call(g.stack, { kind: 'elite' });
};

function eliteOptions(g: SUState): SUAction[] {
  const b = g.battle!;
  const units = b.attacker === AXIS ? attUnits(g, b) : defUnits(g, b);
  const alone =
    units.length === 1 && (b.attacker === AXIS ? b.att.cubes.every((k) => k === 0) : g.cubes.axis[b.target] === 0);
  if (alone && !g.o.loneEliteUsesAbility) return [];
  return units.filter((u) => u.type === 'elite' && u.up).map((u) => ({ type: 'elite', id: u.id }));
}

export const elite: SUDecision<'elite'> = passAlone({
  rule: '§33 L350-L352',
  role: () => AXIS,
  prompt: () => msg('su.elite'),
  actions: ['elite', 'pass'],
  legal(_E, g) {
    return [...eliteOptions(g), { type: 'pass' }];
  },
  perform(E, ctx, g, _f, a) {
    if (a.type !== 'elite') {
      end(g.stack);
      return;
    }
    const b = g.battle!;
    unit(g, a.id).up = false;
    if (b.attacker === AXIS) b.att.hits++;
    else b.def.hits++;
    log(
      ctx,
      `${unitName(E, a.id)} inflicts 1 extra loss and flips; it acts as a cube until the next turn`,
      '§33 L350-L352',
    );
  },
  refuse: () => ({
    rule: '§33 L350-L352, AMB-44',
    message: 'a face-up elite in the battle inflicts one extra loss (alone only with the option loneEliteUsesAbility)',
  }),
});

export const battleLosses: SUStep<'battleLosses'> = (_E, _ctx, g) => {
  const b = g.battle!;
  // The defender allocates after the attacker (it alone may retreat, §21 ⑤).
  pushLoss(g, defenderOf(b), b.att.hits, 'battle', b.target);
  pushLoss(g, b.attacker, b.def.hits, 'battle', b.target);
};

/** §19 L208: after the round, retreat, break off or events, then the next round. */
export const battleAfterRound: SUStep<'battleAfterRound'> = (_E, _ctx, g) => {
  const b = g.battle!;
  if (battleOver(g, b)) return;
  callInOrder(g, { kind: 'roundEnd', side: defenderOf(b), passes: 0 }, { kind: 'battleNext' });
};

function roundEndOptions(E: Env, g: SUState, role: Side): SUAction[] {
  const b = g.battle!;
  const out: SUAction[] = [{ type: 'pass' }];
  if (role !== b.attacker) {
    if (canRetreat(E, g, b)) out.push({ type: 'retreatStart' });
    out.push(...evadeOptions(E, g, role, b.target));
  } else if (g.o.attackerMayBreakOff || b.landing) out.push({ type: 'breakOff' }); // AMB-4, §24 L268
  out.push(...eventLegal(E, g, role, 'battle'));
  return out;
}

export const roundEnd: SUDecision<'roundEnd'> = passAlone({
  rule: '§19 L208, §22 L240-L244, §45 L444-L450',
  role: (_E, _g, f) => f.side,
  prompt: (_E, g) => msg('su.roundEnd', { round: g.battle!.round }),
  actions: ['pass', 'retreatStart', 'breakOff', 'evade', 'event'],
  legal(E, g, f) {
    return roundEndOptions(E, g, f.side);
  },
  perform(E, ctx, g, d, a) {
    const b = g.battle!;
    const role = d.side;
    if (isPass(a)) {
      d.passes++;
      if (d.passes >= 2) end(g.stack);
      else d.side = other(role);
      return;
    }
    d.passes = 0;
    if (a.type === 'breakOff') {
      b.brokenOff = true;
      log(ctx, `${sideName(role)} break off the attack`, b.landing ? '§24 L268' : 'AMB-4');
      end(g.stack);
    } else if (a.type === 'retreatStart') {
      end(g.stack);
      const partial = b.round === 1 || g.o.partialRetreatAnyRound;
      log(
        ctx,
        `${sideName(role)} retreat${partial ? 's some or all units' : 's every unit'} from ${areaName(E, b.target)}`,
        partial ? '§19 L208, §22 L244, AMB-3' : '§22 L240',
      );
      call(g.stack, {
        kind: 'retreat',
        side: role,
        area: b.target,
        mode: partial ? 'partial' : 'total',
        asLoss: false,
        dest: null,
      });
    } else if (a.type === 'evade') {
      evadeTo(E, ctx, g, a);
    } else if (a.type === 'event') {
      playEvent(E, ctx, g, role, a);
      if (b.stopped) end(g.stack);
    }
  },
  refuse(E, g, f, a) {
    const b = g.battle!;
    const attacker = f.side === b.attacker;
    switch (a.type) {
      case 'retreatStart':
        if (attacker) return { rule: '§22 L246', message: 'the attacker never retreats (it may break off, AMB-4)' };
        if (f.side === AXIS && g.blockade === b.target && g.o.blockadeBlocksRetreat)
          return { rule: '§45 L452, AMB-38', message: 'blockaded Axis units do not retreat' };
        return {
          rule: '§22 L242',
          message: 'no friendly area to retreat into (never enemy-occupied or enemy-controlled)',
        };
      case 'breakOff':
        return attacker
          ? { rule: 'AMB-4', message: 'the attacker may not break off a land battle (option attackerMayBreakOff)' }
          : { rule: 'AMB-4, §22 L240', message: 'only the attacker breaks off; the defender retreats' };
      case 'evade':
        return attacker ? { rule: '§29 L318', message: 'only defending aircraft evade' } : evadeRefusal;
      case 'event':
        return refuseEvent(E, g, f.side, a, 'battle');
      default:
        return null;
    }
  },
});

/** §19 L206: up to three rounds (Reserves adds one, §45 L450). */
export const battleNext: SUStep<'battleNext'> = (_E, _ctx, g) => {
  const b = g.battle!;
  if (battleOver(g, b) || b.round >= b.maxRounds) return;
  b.round++;
  call(g.stack, { kind: 'battleRound' });
};

// ---- end of battle: occupation (§23), paratroops (§34 L360), landing survivors (§24 L268) ----

/** The end of a battle: occupation (§23 L252), dropped paratroops (§34 L360), landing survivors (§24 L268). */
export const battleEnd: SUStep<'battleEnd'> = (E, ctx, g) => {
  const b = g.battle!;
  const t = b.target;
  const side = b.attacker;
  const paras = attUnits(g, b).filter((u) => u.loc === BATTLE && u.type === 'paratroops');
  const landers = attUnits(g, b).filter((u) => u.loc === BATTLE && u.type !== 'paratroops');
  const seaCubes = b.att.from.reduce((s, a, i) => s + (a < 0 ? b.att.cubes[i]! : 0), 0);
  const cleared = !defenderAlive(g, b) && attackerAlive(g, b) && !b.stopped;
  if (cleared) {
    log(ctx, `${areaName(E, t)} is cleared of defenders`, '§23 L252');
    if (lineIn(g, t) && g.o.lineRemovedOnOccupation && (paras.length || landers.length || seaCubes))
      removeLine(E, ctx, g, t);
    if (paras.length || landers.length || seaCubes) {
      // Landing units and dropped paratroops are already in the area: they occupy it (§24 L268, §34 L360).
      for (const u of [...paras, ...landers]) u.loc = t;
      g.cubes[side][t] = g.cubes[side][t]! + seaCubes;
      b.att.from.forEach((a, i) => {
        if (a < 0) b.att.cubes[i] = 0;
      });
      g.ctrl[t] = side;
      log(ctx, `${sideName(side)} occupy ${areaName(E, t)}`, '§23 L252, §24 L268');
    }
    if (b.att.from.some((a, i) => a >= 0 && (b.att.cubes[i]! > 0 || attUnits(g, b).some((u) => u.loc === a)))) {
      call(g.stack, { kind: 'occupy', side, target: t });
    }
    return;
  }
  for (const u of paras) {
    eliminate(g, u); // §34 L360: the drop area is not Allied-occupied
    log(
      ctx,
      `${unitName(E, u.id)} is removed: ${areaName(E, t)} is not Allied-occupied at the end of the battle`,
      '§34 L360',
    );
  }
  if (landers.length || seaCubes) {
    call(g.stack, { kind: 'landingReturn' });
  }
};

function removeLine(E: Env, ctx: Ctx, g: SUState, t: number): void {
  g.lines[g.lines.indexOf(t)] = POOL;
  log(ctx, `The abandoned defensive line in ${areaName(E, t)} is removed`, 'AMB-18');
}

export const occupy: SUDecision<'occupy'> = {
  rule: '§23 L252',
  role: (_E, _g, f) => f.side,
  prompt: (E, _g, f) => msg('su.occupy', { area: areaName(E, f.target) }),
  actions: ['occupy', 'done'],
  legal(E, g, d) {
    const b = g.battle!;
    const side = d.side;
    const t = d.target;
    const out: SUAction[] = [];
    b.att.from.forEach((a, i) => {
      if (a < 0) return;
      const k = Math.min(b.att.cubes[i]!, g.cubes[side][a]!);
      if (k > 0) out.push({ type: 'occupy', from: E.m.ids[a]!, unit: 'cube' });
      if (k > 1) out.push({ type: 'occupy', from: E.m.ids[a]!, unit: 'allCubes' });
    });
    for (const u of attUnits(g, b)) {
      if (u.loc < 0 || u.loc === t) continue;
      if (u.type === 'tank' && (tanksIn(g, t, side) >= 2 || (g.o.mountainTankEntryBanned && E.m.mountain[t]))) continue;
      out.push({ type: 'occupy', from: E.m.ids[u.loc]!, unit: u.id });
    }
    out.push({ type: 'done' });
    return out;
  },
  perform(E, ctx, g, d, a) {
    if (a.type !== 'occupy') {
      end(g.stack);
      return;
    }
    const b = g.battle!;
    const side = d.side;
    const t = d.target;
    const from = E.m.index(a.from);
    if (lineIn(g, t) && g.o.lineRemovedOnOccupation) removeLine(E, ctx, g, t);
    if (a.unit === 'cube' || a.unit === 'allCubes') {
      const i = b.att.from.indexOf(from);
      const k = a.unit === 'cube' ? 1 : Math.min(b.att.cubes[i]!, g.cubes[side][from]!);
      b.att.cubes[i] = b.att.cubes[i]! - k;
      g.cubes[side][from] = g.cubes[side][from]! - k;
      g.cubes[side][t] = g.cubes[side][t]! + k;
      g.fought[side][t] = g.fought[side][t]! + k;
      g.fought[side][from] = Math.max(0, g.fought[side][from]! - k);
      log(ctx, `${sideName(side)} advance ${k} cube(s) from ${areaName(E, from)} into ${areaName(E, t)}`, '§23 L252');
    } else {
      unit(g, a.unit).loc = t;
      log(ctx, `${sideName(side)} advance ${unitName(E, a.unit)} into ${areaName(E, t)}`, '§23 L252');
    }
    g.ctrl[t] = side; // §2 L32
  },
  refuse: () => ({
    rule: '§23 L252, §28 L296',
    message: 'attacking land units that fought (not aircraft) advance from their areas, at most 2 tanks in an area',
  }),
};

/** Can a landing tank withdraw into `a` (§28 L296: at most 2 tanks; mountain option §2 L25, AMB-2)? */
function tankRoom(E: Env, g: SUState, a: number, tanks: number): boolean {
  return tanks === 0 || (tanksIn(g, a, ALLIES) + tanks <= 2 && !(g.o.mountainTankEntryBanned && E.m.mountain[a]));
}

/**
 * Landing survivors go together to any Allied-controlled supplied area (§24 L268, AMB-16) where a
 * surviving tank keeps the 2-tank limit at once (§28 L296, D-33). The 6-unit stacking limit is
 * checked at the end of the impulse, as after any move (§3 L40, overflowCheck). If no such area can
 * take the tank, any of those areas is offered and the tank is eliminated (as AMB-33).
 */
export function landingReturnAreas(E: Env, g: SUState): number[] {
  const sup = supplyMap(E, g, ALLIES);
  const tanks = g.battle ? attUnits(g, g.battle).filter((u) => u.loc === BATTLE && u.type === 'tank').length : 0;
  const out: number[] = [];
  for (let a = 0; a < E.n; a++)
    if (E.m.passable[a] && g.ctrl[a] === ALLIES && sup[a] && !hasUnits(g, a, AXIS)) out.push(a);
  const roomy = out.filter((a) => tankRoom(E, g, a, tanks));
  return roomy.length ? roomy : out;
}

export const landingReturn: SUDecision<'landingReturn'> = {
  rule: '§24 L268, AMB-16',
  role: () => ALLIES,
  prompt: () => msg('su.landingReturn'),
  actions: ['returnTo', 'done'],
  legal(E, g) {
    const out: SUAction[] = landingReturnAreas(E, g).map((a) => ({ type: 'returnTo', area: E.m.ids[a]! }));
    return out.length ? out : [{ type: 'done' }];
  },
  perform(E, ctx, g, _f, a) {
    end(g.stack);
    const b = g.battle!;
    const landers = attUnits(g, b).filter((u) => u.loc === BATTLE);
    const seaCubes = b.att.from.reduce((s, x, i) => s + (x < 0 ? b.att.cubes[i]! : 0), 0);
    b.att.from.forEach((x, i) => {
      if (x < 0) b.att.cubes[i] = 0;
    });
    if (a.type !== 'returnTo') {
      for (const u of landers) eliminate(g, u);
      g.pool.allies += seaCubes;
      log(ctx, 'No Allied supplied area can take the landing survivors: they are lost', '§24 L268');
      return;
    }
    const to = E.m.index(a.area);
    for (const u of landers) {
      if (u.type === 'tank' && !tankRoom(E, g, to, 1)) {
        eliminate(g, u);
        log(ctx, `${unitName(E, u.id)} has no room to withdraw to ${areaName(E, to)} and is lost`, '§28 L296, AMB-33');
      } else u.loc = to;
    }
    g.cubes.allies[to] = g.cubes.allies[to]! + seaCubes;
    log(ctx, `The landing survivors withdraw to ${areaName(E, to)}`, '§24 L268');
  },
  refuse: () => ({
    rule: '§24 L268, AMB-16',
    message: 'the landing survivors withdraw to an Allied-controlled, supplied area free of Axis units',
  }),
};

export const battleClear: SUStep<'battleClear'> = (_E, _ctx, g) => {
  const b = g.battle;
  if (b) for (const u of g.units) if (u.loc === BATTLE) eliminate(g, u);
  g.battle = null;
  g.phase = 'impulse';
};
