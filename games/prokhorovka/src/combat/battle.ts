/**
 * One battle (11.0): preparation (11.1), support step (11.2: equipment declaration, reveal,
 * Sniper / Commander, effects), bombardment (11.3), normal combat (11.4), Molotov, tank battle
 * (11.5, 12.0), damage application (11.6) with step loss (13.0), retreat (14.0) and advance
 * (15.0), in the order of the chart `BATTLE`. `run`, the flow's `combat` procedure, drives the
 * whole attack phase; the decisions the steps ask (`cb:equip` ... `cb:pair`) are at the end.
 */
import { end, type Ctx } from '@sandtable/engine';
import { AS_ASKED, ask, other, unitState, type Decides, type Env, type PGState, type Side } from '../state.ts';
import { advance, damage, retreatDecision, retreatMove, stepLosses } from './aftermath.ts';
import { airOptions, stepAir } from './air.ts';
import {
  SIDES,
  chitName,
  cs,
  cur,
  equip,
  kindOf,
  liveCommanders,
  peek,
  playerTurn,
  removeFromGame,
  resume,
  supp,
  supportToCup,
  toCup,
  unassigned,
  waiting,
  type StepResult,
} from './core.ts';
import {
  acrossRiver,
  active,
  activeChits,
  armorOf,
  bestArmor,
  duelArmor,
  fireValue,
  firingNeed,
  hasPosition,
  hexOfChit,
  isAtType,
  isTankWeapon,
  roleOf,
  stackFire,
  stacksOf,
  tdl,
  terrainAt,
  type Role,
} from './fire.ts';
import { nextAllocation, nextBattleOrEnd, phaseOf } from './phase.ts';
import { rollWith } from './reroll.ts';
import type { ActionOf, Battle } from './types.ts';
import { msg } from '../texts/index.ts';

type StepFn = (E: Env, ctx: Ctx, g: PGState, b: Battle) => StepResult;

/**
 * The steps of one battle in order (11.0): each runs until it is finished ('next'), has made
 * progress ('again') or waits for a decision or a re-roll ('wait'). `Battle.step` names the step
 * under way (views show it); `cursor` counts progress inside it.
 */
const BATTLE: readonly (readonly [string, StepFn])[] = [
  ['prep', prep], // 11.1
  ['window:support', airWindow], // 16.0, A-54
  ['equip:SU', declareEquipment], // 11.2(1): Soviet first (3.7(2))
  ['equip:DE', declareEquipment],
  ['breakdown', breakdown], // 19.5
  ['reveal', reveal], // 11.2(2)
  ['sniper', cancelChoice], // 11.2(3)1
  ['commander', cancelChoice], // 11.2(3)2
  ['cancel', applyCancels], // 11.2(3)3
  ['effects', effects], // 11.2(3)5
  ['window:bombard', airWindow], // 16.0
  ['bombard', bombard], // 11.3
  ['normal', normalCombat], // 11.4
  ['molotov', molotov], // 签一览 Molotov
  ['window:tank', airWindow], // 16.0
  ['bombAlloc', bombAlloc], // 16.2(3)
  ['pairing', pairing], // 11.5(2)
  ['duels', duels], // 11.5(3), 12.0
  ['tankSupport', tankSupport], // 11.5(4)
  ['damage', damage], // 11.6(1)-(3)
  ['retreat:SU', retreatDecision], // 11.6(4), 14.0(1)
  ['retreat:DE', retreatDecision],
  ['loss:SU', stepLosses], // 13.0
  ['loss:DE', stepLosses],
  ['retreatMove', retreatMove], // 14.0(2)-(6)
  ['advance', advance], // 15.0
  ['end', endBattle], // 11.2(3)4, 11.6
];
const STEP_AT = new Map(BATTLE.map(([name], k) => [name, k]));

/** The battle's step names in chart order, then "done" (positions and the web read them from here). */
export const BATTLE_STEPS: [string, ...string[]] = [BATTLE[0]![0], ...BATTLE.slice(1).map(([name]) => name), 'done'];

/** The chart's steps from `first` through `last`. */
export const battleStepsBetween = (first: string, last: string): string[] =>
  BATTLE_STEPS.slice(BATTLE_STEPS.indexOf(first), BATTLE_STEPS.indexOf(last) + 1);

/** Runs the battle's current step; when it is finished, the battle moves on to the next one. */
function step(E: Env, ctx: Ctx, g: PGState, b: Battle): void {
  const k = STEP_AT.get(b.step);
  if (k === undefined) throw new Error(`unknown battle step ${b.step}`);
  if (BATTLE[k]![1](E, ctx, g, b) !== 'next') return;
  b.step = BATTLE[k + 1]![0];
  b.cursor = 0;
}

/** Drives the combat machine until a decision is needed or the phase's battles are all resolved. */
export function run(E: Env, ctx: Ctx, g: PGState): void {
  for (let guard = 0; guard < 100000; guard++) {
    const c = g.combat;
    if (!c || waiting(g)) return;
    if (c.roll && !c.roll.final) return;
    if (c.air) {
      stepAir(E, ctx, g);
      continue;
    } // 16.0(2)(3): the mission interrupts, then the sequence resumes
    if (c.stage === 'allocate') {
      nextAllocation(E, g);
      continue;
    }
    if (c.stage === 'order') {
      nextBattleOrEnd(g);
      if ((c.stage as string) === 'battle') ctx.log(`battle for ${cur(g)!.target} begins (11.0)`, { rule: '11.0' });
      continue;
    }
    if (c.stage !== 'battle') return;
    step(E, ctx, g, cur(g)!);
  }
}

/** 11.1: the damage tracks start at 0. */
function prep(_E: Env, _ctx: Ctx, _g: PGState, b: Battle): StepResult {
  b.dmg = { DE: 0, SU: 0 };
  return 'next';
}

// ---- 16.0 air windows ----------------------------------------------------------------------

/** A priority window (spec 10.4): the phasing player, then the other, may fly air missions (16.0). */
function airWindow(E: Env, _ctx: Ctx, g: PGState, b: Battle): StepResult {
  if (!g.o.bombingWindowWholeBattle && b.step === 'window:support') return 'next'; // A-54 (off): "being resolved" from 11.3 on
  for (const side of [b.attacker, b.defender]) {
    const key = `${b.step}:${side}`;
    if (b.windows.includes(key)) continue;
    b.windows.push(key);
    if (airOptions(E, g, side).length)
      return ask(g, 'cb:air', side, '16.0, 16.1(1)', msg('pk.cb.air', { target: b.target, step: b.step.slice(7) }));
  }
  return 'next';
}

// ---- 11.2 support step -----------------------------------------------------------------------

/** 11.2(1): each side (Soviet first) may declare equipment chits, which turn face-up. */
function declareEquipment(E: Env, _ctx: Ctx, g: PGState, b: Battle): StepResult {
  const side = b.step.slice(6) as Side;
  if (!b.windows.includes(b.step) && declarable(E, g, b, side).length) {
    b.windows.push(b.step);
    return ask(g, 'cb:equip', side, '11.2(1)', msg('pk.cb.equip', { target: b.target }));
  }
  return 'next';
}

const activated = (g: PGState, unit: string) => unitState(g, unit).designated === (phaseOf(g) === 'reserve');

/**
 * Chits `side` may declare (11.2(1)2-3): any chit of its participating stacks; a ranged chit of
 * another stack whose range reaches the defending hex, once per attack phase (A-34), for the
 * attacker only from stacks activated in this phase. The attacker's AT guns may not take part
 * (5.1(4)1, 11.5(1)1).
 */
export function declarable(E: Env, g: PGState, b: Battle, side: Side): { chit: string; asSpat?: true }[] {
  const stacks = stacksOf(g, b, side);
  const targetHex = unitState(g, b.target).hex;
  const out: { chit: string; asSpat?: true }[] = [];
  for (const c of g.equip) {
    if (c.side !== side || b.declared.includes(c.id)) continue;
    const u = g.units.find((x) => x.id === c.loc && x.hex >= 0);
    if (!u) continue;
    const d = E.equipById.get(c.id)!;
    if (!stacks.includes(u.id)) {
      if (d.range === undefined || E.b.grid.distance(u.hex, targetHex) > d.range) continue;
      if (g.o.rangedOncePerPhase && peek(g).rangedUsed.includes(c.id)) continue;
      if (side === b.attacker && !activated(g, u.id)) continue;
    }
    if (side === b.attacker && roleOf(d, null) === 'at') continue;
    if (stackedDetachmentBar(E, g, c.id)) continue;
    const bar = su152Bar(g, c.id);
    if (d.cls !== 'spart' || bar !== 'art') out.push({ chit: c.id });
    if (g.o.beastKiller && d.atFireOptional && stacks.includes(u.id) && bar !== 'spat')
      out.push({ chit: c.id, asSpat: true }); // 19.3(1): range 0
  }
  return out;
}

/**
 * 签一览 detachment, A-58: a face-down detachment under a unit is an ordinary Equip chit and may not
 * turn face-up without separating, so it is not declared (declaring turns a chit face-up, 11.2(1)4).
 * Under the 10.2(2) reading (`stackedDetachmentDeclared`) it is a normal weapon like any chit with
 * normal firepower.
 */
function stackedDetachmentBar(E: Env, g: PGState, chit: string): boolean {
  const c = g.equip.find((e) => e.id === chit);
  return !!c && !g.o.stackedDetachmentDeclared && !c.faceUp && E.equipById.get(chit)?.cls === 'detachment';
}

/** 19.3(2): the mode an SU152 may not use now. */
function su152Bar(g: PGState, chit: string): 'art' | 'spat' | null {
  const m = peek(g).memo.find((x) => x.chit === chit);
  if (!m || playerTurn(g) >= m.until) return null;
  return m.mode === 'spat' ? 'art' : 'spat';
}

/** The start of the next Soviet player-turn as a player-turn index (19.3(2), D-50). */
const nextSovietTurn = (g: PGState) => (g.side === 'DE' ? g.turn * 2 + 1 : g.turn * 2 + 3);

export function declareChit(E: Env, ctx: Ctx, g: PGState, b: Battle, chit: string, asSpat: boolean): void {
  const c = equip(g, chit);
  b.declared.push(chit);
  c.faceUp = true; // 11.2(1)4, 3.5(6)
  const d = E.equipById.get(chit)!;
  const u = g.units.find((x) => x.id === c.loc)!;
  if (d.range !== undefined && !stacksOf(g, b, c.side).includes(u.id)) cs(g).rangedUsed.push(chit); // A-34
  if (asSpat) b.asSpat.push(chit);
  if (d.atFireOptional && g.o.beastKiller)
    cs(g).memo = [
      ...cs(g).memo.filter((x) => x.chit !== chit),
      { chit, mode: asSpat ? 'spat' : 'art', until: nextSovietTurn(g) },
    ];
  ctx.irreversible('a chit is revealed');
  ctx.log(
    `${c.side} declares ${chit}${asSpat ? ' as an SP AT gun (19.3)' : ''} in the battle for ${b.target} (11.2(1))`,
    { rule: '11.2(1)' },
  );
}

/** 19.5: every German SP AT gun taking part rolls; on a 1 it is removed from the game. */
function breakdown(E: Env, ctx: Ctx, g: PGState, b: Battle): StepResult {
  const spats = g.o.tdBreakdowns ? activeChits(E, g, b, 'DE', 'spat') : [];
  if (b.cursor >= spats.length) return 'next';
  const id = spats[b.cursor]!;
  const d = rollWith(E, ctx, g, {
    key: `breakdown:${b.cursor}`,
    n: 1,
    why: `19.5 breakdown of ${chitName(E, id)}`,
    need: E.d.tables.combat.breakdownRoll,
    firer: 'SU',
    target: 'DE',
  });
  if (!d) return 'wait';
  if (d[0]! <= E.d.tables.combat.breakdownRoll) {
    removeFromGame(g, id);
    ctx.log(`${chitName(E, id)} breaks down and is removed from the game (19.5)`, { rule: '19.5' });
  }
  b.cursor++;
  return 'again';
}

/** 11.2(2): both sides reveal every allocated support chit. */
function reveal(E: Env, ctx: Ctx, g: PGState, b: Battle): StepResult {
  const ids = [...b.alloc.SU, ...b.alloc.DE];
  for (const id of ids) supp(g, id).faceUp = true;
  if (ids.length) {
    ctx.irreversible('support chits are revealed');
    ctx.log(`support revealed (11.2(2)): ${ids.map((id) => `${supp(g, id).side} ${chitName(E, id)}`).join(', ')}`, {
      rule: '11.2(2)',
    });
  }
  return 'next';
}

/** Tactical chits a Sniper may name (签一览 Sniper: any one tactical chit in this battle). */
export function sniperTargets(E: Env, _g: PGState, b: Battle, side: Side): string[] {
  return b.alloc[other(side)].filter((id) => E.supportById.get(id)!.type === 'tactical' && !b.cancelled.includes(id));
}

/** Commander ②③ targets: an enemy equipment chit in the battle, or an enemy support chit. */
export function commanderTargets(E: Env, g: PGState, b: Battle, side: Side): string[] {
  const foe = other(side);
  return [...activeChits(E, g, b, foe), ...b.alloc[foe].filter((id) => !b.cancelled.includes(id))];
}

/**
 * 11.2(3)1-2, A-21: every Sniper is assigned first (Soviet, then German), then every Commander
 * that effect 2 or 3 should use; Commanders left over keep effect 1 (re-roll) for this battle.
 */
function cancelChoice(E: Env, _ctx: Ctx, g: PGState, b: Battle): StepResult {
  const kind = b.step as 'sniper' | 'commander';
  for (const side of SIDES) {
    const key = `${kind}:${side}`;
    if (b.windows.includes(key)) continue;
    b.windows.push(key);
    const mine = kind === 'sniper' ? unassigned(E, b, side, 'sniper') : liveCommanders(E, g, b, side);
    const targets = kind === 'sniper' ? sniperTargets(E, g, b, side) : commanderTargets(E, g, b, side);
    if (mine.length && targets.length) {
      return ask(g, `cb:${kind}`, side, '11.2(3)', msg(kind === 'sniper' ? 'pk.cb.sniper' : 'pk.cb.commander'));
    }
  }
  return 'next';
}

/** 11.2(3)3: named chits are cancelled; a Commander named by a Sniper has no effect. */
export function applyCancels(E: Env, ctx: Ctx, g: PGState, b: Battle): StepResult {
  const sniped = new Set(b.snipes.filter(([k]) => kindOf(E, k) === 'sniper').map(([, t]) => t));
  for (const [who, target] of b.snipes) {
    if (kindOf(E, who) === 'commander' && sniped.has(who) && g.o.sniperThenCommander) continue; // A-21 (off: cancellations are simultaneous)
    b.spent.push(who);
    b.cancelled.push(target);
    const d = E.equipById.get(target);
    if (d && g.o.commanderRemovesFirepowerChits && ((d.artillery ?? 0) >= 1 || (d.normal ?? 0) >= 1))
      removeFromGame(g, target); // A-20
    ctx.log(`${chitName(E, who)} cancels ${chitName(E, target)} (11.2(3))`, { rule: '11.2(3)' });
  }
  for (const t of sniped) if (kindOf(E, t) === 'commander') b.spent.push(t);
  return 'next';
}

/** 11.2(3)5: Smoke, Melee, Close combat take effect; Engineers need their owner's choice (签一览). */
function effects(E: Env, ctx: Ctx, g: PGState, b: Battle): StepResult {
  for (const side of SIDES) {
    for (const id of b.alloc[side]) {
      if (b.cancelled.includes(id)) continue;
      const k = kindOf(E, id);
      if (k === 'smoke' && !b.smoke.includes(side)) {
        b.smoke.push(side);
        ctx.log(`${side} Smoke: enemy bombardment and air attacks in this battle are cancelled (签一览 Smoke)`);
      }
      if (k === 'melee') b.melee = true;
      if (k === 'closeCombat') b.closeCombat = true;
      if (k === 'engineers' && !b.engineers.includes(id)) {
        b.engineers.push(id);
        if (engineerTargets(E, g, b, side).length)
          return ask(g, 'cb:engineers', side, '签一览 Engineers', msg('pk.cb.engineers'));
      }
    }
  }
  return 'next';
}

/** Enemy positional weapons in the battle (positions declared or face-up, minefields). */
export function engineerTargets(E: Env, g: PGState, b: Battle, side: Side): string[] {
  const foe = other(side);
  const pos = activeChits(E, g, b, foe, 'pos');
  const mines = b.alloc[foe].filter((id) => kindOf(E, id) === 'minefield' && !b.cancelled.includes(id));
  return [...pos, ...mines];
}

// ---- 11.3 bombardment ------------------------------------------------------------------------

/** Artillery firepower of `side` (10.2(1)): its declared SP artillery and allocated heavy artillery. */
export function artilleryOf(E: Env, g: PGState, b: Battle, side: Side): number {
  let n = 0;
  for (const id of activeChits(E, g, b, side, 'art')) n += E.equipById.get(id)!.artillery ?? 0;
  for (const id of b.alloc[side]) if (!b.cancelled.includes(id)) n += E.supportById.get(id)!.artillery ?? 0;
  return n;
}

/** 11.3(1): the defender hits on 2; the attacker on the TEC artillery cell, 1 against a bunker. */
export function artilleryNeed(E: Env, g: PGState, b: Battle, side: Side): number {
  if (side === b.defender) return E.d.tables.combat.defenderHit;
  if (hasPosition(E, g, b, 'bunker')) return 1;
  return terrainAt(E, unitState(g, b.target).hex).artilleryHit;
}

function bombard(E: Env, ctx: Ctx, g: PGState, b: Battle): StepResult {
  if (b.cursor >= 2) return 'next';
  const side = b.cursor === 0 ? b.attacker : b.defender;
  const n = b.smoke.includes(other(side)) ? 0 : artilleryOf(E, g, b, side); // 签一览 Smoke
  const need = artilleryNeed(E, g, b, side);
  const d = rollWith(E, ctx, g, {
    key: `bombard:${side}`,
    n,
    why: `${side} bombardment, ${n} dice hitting on ${need} (11.3)`,
    need,
    firer: side,
    target: other(side),
  });
  if (!d) return 'wait';
  const hits = d.filter((x) => x <= need).length;
  b.dmg[side] += hits; // 11.3(2)
  if (n) ctx.log(`${side} bombardment: ${hits} hit(s) (11.3)`, { rule: '11.3', dice: d });
  b.cursor++;
  return 'again';
}

// ---- 11.4 normal combat ----------------------------------------------------------------------

/** The normal-fire groups: one per attacking stack (A-13), then the defender. */
function normalGroups(E: Env, g: PGState, b: Battle): { key: string; side: Side; n: number; need: number }[] {
  const th = unitState(g, b.target).hex;
  const mult = b.melee ? 2 : 1; // 签一览 Melee: x2 once, however many (D-38)
  const groups = stacksOf(g, b, b.attacker).map((u) => ({
    key: `normal:${u}`,
    side: b.attacker,
    n: stackFire(E, g, b, u) * mult,
    need: normalNeed(E, g, b, u, th),
  }));
  if (unitState(g, b.target).hex >= 0)
    groups.push({
      key: `normal:${b.target}`,
      side: b.defender,
      n: stackFire(E, g, b, b.target) * mult,
      need: E.d.tables.combat.defenderHit,
    });
  return groups;
}

/** 11.4(1)2: TEC normal cell; 1 across a river (per stack, A-13) or against an MG nest. */
export function normalNeed(E: Env, g: PGState, b: Battle, unit: string, targetHex: number): number {
  const uh = unitState(g, unit).hex;
  if (
    g.o.riverPerStack
      ? acrossRiver(E, uh, targetHex)
      : b.attackers.some((a) => acrossRiver(E, unitState(g, a).hex, targetHex))
  )
    return E.d.tables.combat.acrossRiverNormalHit;
  if (hasPosition(E, g, b, 'mg')) return 1;
  return terrainAt(E, targetHex).normalHit;
}

function normalCombat(E: Env, ctx: Ctx, g: PGState, b: Battle): StepResult {
  const groups = normalGroups(E, g, b);
  if (b.cursor >= groups.length) return 'next';
  const gr = groups[b.cursor]!;
  const d = rollWith(E, ctx, g, {
    key: gr.key,
    n: gr.n,
    why: `${gr.key.slice(7)} normal fire, ${gr.n} dice hitting on ${gr.need} (11.4)`,
    need: gr.need,
    firer: gr.side,
    target: other(gr.side),
  });
  if (!d) return 'wait';
  const hits = d.filter((x) => x <= gr.need).length;
  b.dmg[gr.side] += hits;
  ctx.log(`${gr.key.slice(7)} normal fire: ${hits} hit(s) (11.4)`, { rule: '11.4', dice: d });
  b.cursor++;
  return 'again';
}

// ---- Molotov (签一览, A-38) --------------------------------------------------------------------

function molotov(E: Env, ctx: Ctx, g: PGState, b: Battle): StepResult {
  const mols = SIDES.flatMap((s) =>
    b.alloc[s].filter((id) => kindOf(E, id) === 'molotov' && !b.cancelled.includes(id)),
  );
  if (b.cursor >= mols.length) return 'next';
  const id = mols[b.cursor]!;
  const owner = supp(g, id).side;
  const foe = other(owner);
  const key = `molotov:${b.cursor}`;
  if (b.picks.length <= b.cursor) {
    const sides = g.o.molotovEnemyOnly ? [foe] : [foe, owner]; // A-38
    const pool = sides.flatMap((x) => [...activeChits(E, g, b, x, 'tank'), ...activeChits(E, g, b, x, 'spat')]);
    if (pool.length === 0) {
      b.picks.push('');
      b.cursor++;
      return 'again';
    } // A-45: spent without effect
    b.picks.push(
      pool[pool.length === 1 ? 0 : ctx.roll(1, `Molotov: random target among ${pool.length}`, pool.length)[0]! - 1]!,
    );
  }
  const target = b.picks[b.cursor]!;
  const d = rollWith(E, ctx, g, {
    key,
    n: 1,
    why: `Molotov against ${chitName(E, target)} (hit on <= 2)`,
    need: E.d.tables.combat.molotovHit,
    firer: owner,
    target: foe,
    abilities: E.equipById.get(target)!.reroll ? [target] : [],
  });
  if (!d) return 'wait';
  if (d[0]! <= E.d.tables.combat.molotovHit) {
    toCup(g, target);
    removeFromGame(g, id); // 签一览 Molotov: removed from the game after a success
    ctx.log(`Molotov destroys ${chitName(E, target)}`, { rule: '签一览 Molotov', dice: d });
  } else ctx.log(`Molotov misses ${chitName(E, target)}`, { rule: '签一览 Molotov', dice: d });
  b.cursor++;
  return 'again';
}

// ---- 16.2(3) bombing hits against tank-battle weapons -------------------------------------------

export function bombTargets(E: Env, g: PGState, b: Battle, raider: Side): string[] {
  return activeChits(E, g, b, other(raider)).filter((id) => isTankWeapon(roleOf(E.equipById.get(id)!, b)));
}

function bombAlloc(E: Env, _ctx: Ctx, g: PGState, b: Battle): StepResult {
  for (const side of SIDES) {
    if (b.bombPool[side] > 0 && !b.windows.includes(`bomb:${side}`)) {
      b.windows.push(`bomb:${side}`);
      if (bombTargets(E, g, b, side).length)
        return ask(g, 'cb:bombAlloc', side, '16.2(3)', msg('pk.cb.bombAlloc', { n: b.bombPool[side] }));
    }
  }
  return 'next';
}

// ---- 11.5 tank battle -----------------------------------------------------------------------

/** Tank-battle weapons taking part (11.5(1)): not the attacker's AT guns, not cancelled. */
export function tankWeapons(E: Env, g: PGState, b: Battle, side: Side): string[] {
  return activeChits(E, g, b, side).filter((id) => {
    const r = roleOf(E.equipById.get(id)!, b);
    if (side === b.attacker && r === 'spat' && phaseOf(g) === 'reserve' && !g.o.reserveSpatPairs) return false; // A-35 off: no part at all
    return isTankWeapon(r) && !(side === b.attacker && r === 'at');
  });
}

/** 11.5(1)2, A-35: the attacker's SP AT guns fire only in the normal attack phase. */
const attackerFires = (r: Role, g: PGState) => r === 'tank' || (r === 'spat' && phaseOf(g) === 'normal');

export const paired = (b: Battle, id: string) => b.pairs.some(([x, y]) => x === id || y === id);

/** 11.5(2): the German pairs one weapon of each side at a time until one side has none left. */
function pairing(E: Env, _ctx: Ctx, g: PGState, b: Battle): StepResult {
  const de = tankWeapons(E, g, b, 'DE').filter((id) => !paired(b, id));
  const su = tankWeapons(E, g, b, 'SU').filter((id) => !paired(b, id));
  if (de.length && su.length) return ask(g, 'cb:pair', 'DE', '11.5(2)', msg('pk.cb.pair'));
  return 'next';
}

/** A duel shot's hit number (11.5(3), 12.0): fire - armor with a natural 1 (A-41 off: the target hex's TEC tank-support cell). */
export function duelNeed(
  E: Env,
  g: PGState,
  b: Battle,
  shooter: string,
  target: string,
): { fire: number; armor: number; need: number; natural1: boolean } {
  const fire = fireValue(E.equipById.get(shooter)!, b);
  const armor = duelArmor(E, g, b, target, shooter);
  const cell = g.o.duelAlwaysDiamond ? 'diamond' : terrainAt(E, hexOfChit(g, target)).tankSupport; // A-41
  return {
    fire,
    armor,
    need: cell === 'diamond' ? firingNeed(fire, armor) : cell === 'auto' ? 6 : cell,
    natural1: cell === 'diamond',
  };
}

/** One firing-round shot (12.0): fire value vs armor (the defender's TDL if higher); a natural 1 hits. */
function shot(E: Env, ctx: Ctx, g: PGState, b: Battle, key: string, shooter: string, target: string): boolean | null {
  const { fire, armor, need, natural1 } = duelNeed(E, g, b, shooter, target);
  const abilities = [shooter, target].filter((id) => E.equipById.get(id)!.reroll); // 签一览 Wittmann
  const s = sideOf(g, shooter);
  const d = rollWith(E, ctx, g, {
    key,
    n: 1,
    why: `${chitName(E, shooter)} fires at ${chitName(E, target)}: ${natural1 ? `fire ${fire} - armor ${armor} (12.0)` : `TEC cell, hit on ${need} (A-41)`}`,
    need,
    natural1,
    firer: s,
    target: other(s),
    abilities,
  });
  if (!d) return null;
  const hit = (natural1 && d[0] === 1) || d[0]! <= need;
  if (hit) toCup(g, target); // 11.5(3): a hit weapon goes back to its cup; no damage points
  ctx.log(`${chitName(E, shooter)} ${hit ? 'destroys' : 'misses'} ${chitName(E, target)} (12.0)`, {
    rule: '12.0',
    dice: d,
  });
  return hit;
}

const sideOf = (g: PGState, id: string) => equip(g, id).side;

/** 11.5(3): per pair, the AT round, the attacker round, the defender round; a destroyed weapon no longer fires. */
function duels(E: Env, ctx: Ctx, g: PGState, b: Battle): StepResult {
  if (b.cursor >= b.pairs.length * 3) return 'next';
  const [x, y] = b.pairs[Math.floor(b.cursor / 3)]!;
  const att = sideOf(g, x) === b.attacker ? x : y;
  const def = att === x ? y : x;
  const round = b.cursor % 3;
  const rd = roleOf(E.equipById.get(def)!, b);
  const ra = roleOf(E.equipById.get(att)!, b);
  const live = active(g, b, att) && active(g, b, def);
  let fire: [string, string] | null = null;
  if (live && round === 0 && isAtType(rd)) fire = [def, att]; // (1) AT round
  if (live && round === 1 && attackerFires(ra, g)) fire = [att, def]; // (2) attacker round
  if (live && round === 2 && !isAtType(rd)) fire = [def, att]; // (3) defender round
  if (fire && shot(E, ctx, g, b, `duel:${b.cursor}`, fire[0], fire[1]) === null) return 'wait';
  b.cursor++;
  return 'again';
}

/** 11.5(4): unpaired weapons; the defender's hit automatically, the attacker's by the TEC tank-support cell. */
function tankSupport(E: Env, ctx: Ctx, g: PGState, b: Battle): StepResult {
  const sup = [b.defender, b.attacker].flatMap((s) => tankWeapons(E, g, b, s).filter((id) => !paired(b, id)));
  if (b.cursor >= sup.length) return 'next';
  const id = sup[b.cursor]!;
  const side = sideOf(g, id);
  const r = roleOf(E.equipById.get(id)!, b);
  if (side === b.defender) {
    b.dmg[side] += 1; // (4)1
    ctx.log(`${chitName(E, id)} tank support: automatic hit (11.5(4))`, { rule: '11.5(4)' });
  } else if (attackerFires(r, g)) {
    const got = supportShot(E, ctx, g, b, id);
    if (got === null) return 'wait';
    if (got) b.dmg[side] += 1;
  }
  b.cursor++;
  return 'again';
}

/** The attacker's tank-support cell (11.5(4)2): across a river always diamond; diamond uses 12.0 against the hex TDL (A-15). */
export function supportCell(E: Env, g: PGState, b: Battle, id: string): number | 'auto' | 'diamond' {
  const th = unitState(g, b.target).hex;
  if (acrossRiver(E, hexOfChit(g, id), th)) return 'diamond';
  return terrainAt(E, th).tankSupport;
}

/** The attacker's tank-support hit number (11.5(4)2): the TEC cell, or 12.0 against the hex TDL (A-15; off: or the defender's best armor if higher). */
export function supportNeed(E: Env, g: PGState, b: Battle, id: string, cell: number | 'diamond'): number {
  if (cell !== 'diamond') return cell;
  const hexTdl = tdl(E, g, b, unitState(g, b.target).hex, b.defender, hexOfChit(g, id));
  return firingNeed(
    fireValue(E.equipById.get(id)!, b),
    g.o.tankSupportVsHexTdl ? hexTdl : Math.max(hexTdl, bestArmor(E, g, b, b.defender)),
  );
}

function supportShot(E: Env, ctx: Ctx, g: PGState, b: Battle, id: string): boolean | null {
  const cell = supportCell(E, g, b, id);
  if (cell === 'auto') {
    ctx.log(`${chitName(E, id)} tank support: automatic hit (11.5(4))`, { rule: '11.5(4)' });
    return true;
  }
  const need = supportNeed(E, g, b, id, cell);
  const d = rollWith(E, ctx, g, {
    key: `support:${b.cursor}`,
    n: 1,
    why: `${chitName(E, id)} tank support, hit on ${need} (11.5(4))`,
    need,
    natural1: cell === 'diamond',
    firer: b.attacker,
    target: b.defender,
    abilities: E.equipById.get(id)!.reroll ? [id] : [],
  });
  if (!d) return null;
  const hit = (cell === 'diamond' && d[0] === 1) || d[0]! <= need;
  ctx.log(`${chitName(E, id)} tank support ${hit ? 'hits' : 'misses'} (11.5(4))`, { rule: '11.5(4)', dice: d });
  return hit;
}

// ---- end of the battle ---------------------------------------------------------------------

/** All allocated support chits go back to their cups (11.2(3)4, A-45); the next battle or the end of the phase. */
function endBattle(E: Env, ctx: Ctx, g: PGState, b: Battle): StepResult {
  for (const s of SIDES) for (const id of b.alloc[s]) supportToCup(g, id);
  b.done = true;
  b.step = 'done';
  cs(g).current = null;
  cs(g).stage = 'order';
  ctx.log(`battle for ${b.target} ends: damage German ${b.dmg.DE}, Soviet ${b.dmg.SU} (11.6)`, { rule: '11.6' });
  void E;
  return 'again';
}

// ---- decisions -------------------------------------------------------------------------------

/** 11.2(1): declare equipment chits for the battle (they turn face-up), or finish. */
export const declareEquipmentChits: Decides<'cb:equip', ActionOf<'declareChit' | 'doneDeclaring'>> = {
  ...AS_ASKED,
  rule: '11.2(1)',
  actions: ['declareChit', 'doneDeclaring'],
  legal: (E, g, f) => [
    ...declarable(E, g, cur(g)!, f.side).map((x) => ({ type: 'declareChit' as const, ...x })),
    { type: 'doneDeclaring' },
  ],
  perform(E, ctx, g, f, a) {
    const b = cur(g)!;
    if (a.type === 'declareChit') {
      declareChit(E, ctx, g, b, a.chit, !!a.asSpat);
      if (declarable(E, g, b, f.side).length) return;
    }
    end(g.stack);
    resume(g);
  },
  refuse(E, g, f, a) {
    if (a.type !== 'declareChit') return null;
    const b = cur(g);
    const c = E.equipById.get(a.chit);
    if (!b || !c) return { rule: '11.2(1)', message: 'no such equipment chit in this battle' };
    if (f.side === b.attacker && (c.cls === 'atgun' || c.cls === 'aagun'))
      return { rule: '5.1(4)1, 11.5(1)1', message: "the attacker's AT guns may not take part" };
    if (stackedDetachmentBar(E, g, a.chit))
      return {
        rule: '签一览 detachment, A-58',
        message:
          'a face-down detachment under a unit is an ordinary Equip chit: it may not turn face-up without separating',
      };
    if (g.combat!.rangedUsed.includes(a.chit))
      return {
        rule: '11.2(1)3, A-34',
        message: 'this ranged chit was already used in another battle of this attack phase',
      };
    const u = g.units.find((x) => x.id === g.equip.find((e) => e.id === a.chit)?.loc);
    if (
      u &&
      f.side === b.attacker &&
      !stacksOf(g, b, f.side).includes(u.id) &&
      u.designated !== (g.phase === 'reserveAttack')
    )
      return { rule: '11.2(1)3', message: 'the attacker uses ranged chits only from stacks activated in this phase' };
    return {
      rule: '11.2(1)2-3',
      message: 'only chits of participating stacks, or ranged chits reaching the defending hex',
    };
  },
};

type Naming = ActionOf<'snipe' | 'command' | 'doneCancelling'>;

/** 11.2(3)1-2: name the chit each Sniper (or Commander, effect 2/3) cancels; one at a time, then finish. */
const naming = (
  type: 'snipe' | 'command',
  chits: (E: Env, g: PGState, b: Battle, side: Side) => string[],
  targets: (E: Env, g: PGState, b: Battle, side: Side) => string[],
): Decides<'cb:sniper' | 'cb:commander', Naming> => ({
  ...AS_ASKED,
  rule: '11.2(3)',
  actions: [type, 'doneCancelling'],
  legal(E, g, f) {
    const b = cur(g)!;
    const named = chits(E, g, b, f.side).flatMap((by) => targets(E, g, b, f.side).map((chit) => ({ type, by, chit })));
    return [...named, { type: 'doneCancelling' }];
  },
  perform(E, ctx, g, f, a) {
    if (a.type !== 'doneCancelling') {
      cur(g)!.snipes.push([a.by, a.chit]);
      ctx.log(`${f.side} names ${chitName(E, a.chit)} with ${chitName(E, a.by)} (11.2(3))`, { rule: '11.2(3)' });
      if (this.legal(E, g, f).length > 1) return;
    }
    end(g.stack);
    resume(g);
  },
});
export const sniper = naming('snipe', (E, _g, b, s) => unassigned(E, b, s, 'sniper'), sniperTargets);
export const commander = naming('command', liveCommanders, commanderTargets);

/** 签一览 Engineers: remove one enemy position, or cancel every enemy positional weapon in this battle. */
export const engineers: Decides<'cb:engineers', ActionOf<'engineers'>> = {
  ...AS_ASKED,
  rule: '签一览 Engineers',
  actions: ['engineers'],
  legal(E, g, f) {
    const b = cur(g)!;
    const by = b.engineers[b.engineers.length - 1]!;
    const pos = engineerTargets(E, g, b, f.side).filter((id) => E.equipById.has(id));
    return [{ type: 'engineers', by }, ...pos.map((remove) => ({ type: 'engineers' as const, by, remove }))];
  },
  perform(E, ctx, g, f, a) {
    const b = cur(g)!;
    b.spent.push(a.by);
    if (a.remove) {
      toCup(g, a.remove);
      ctx.log(`Engineers remove ${chitName(E, a.remove)} (签一览 Engineers)`, { rule: '签一览 Engineers' });
    } else {
      for (const id of engineerTargets(E, g, b, f.side)) b.cancelled.push(id);
      ctx.log('Engineers cancel every enemy positional weapon in this battle (签一览 Engineers)', {
        rule: '签一览 Engineers',
      });
    }
    end(g.stack);
    resume(g);
  },
};

/** 16.2(3): allocate the bombing hits to enemy tank-battle weapons; armor points' worth cancels one for this battle. */
export const bombHits: Decides<'cb:bombAlloc', ActionOf<'bombHit' | 'doneBombHits'>> = {
  ...AS_ASKED,
  rule: '16.2(3)',
  actions: ['bombHit', 'doneBombHits'],
  legal(E, g, f) {
    const b = cur(g)!;
    return [
      ...bombTargets(E, g, b, f.side)
        .filter((id) => b.bombAlloc.filter((x) => x === id).length < Math.max(armorOf(E.equipById.get(id)!), 1))
        .map((chit) => ({ type: 'bombHit' as const, chit })),
      { type: 'doneBombHits' },
    ];
  },
  perform(E, ctx, g, f, a) {
    const b = cur(g)!;
    if (a.type === 'bombHit') {
      b.bombAlloc.push(a.chit);
      b.bombPool[f.side] -= 1;
      if (b.bombAlloc.filter((x) => x === a.chit).length >= Math.max(armorOf(E.equipById.get(a.chit)!), 1)) {
        b.cancelled.push(a.chit); // 16.2(3)1-3, 5: for this battle only
        ctx.log(`${chitName(E, a.chit)} is cancelled by bombing for this battle (16.2(3))`, { rule: '16.2(3)' });
      }
      if (b.bombPool[f.side] > 0 && this.legal(E, g, f).length > 1) return;
    }
    end(g.stack);
    resume(g);
  },
};

/** 11.5(2): the German pairs one unpaired tank-battle weapon of each side. */
export const pair: Decides<'cb:pair', ActionOf<'pair'>> = {
  ...AS_ASKED,
  rule: '11.5(2)',
  actions: ['pair'],
  legal(E, g) {
    const b = cur(g)!;
    const de = tankWeapons(E, g, b, 'DE').filter((id) => !paired(b, id));
    const su = tankWeapons(E, g, b, 'SU').filter((id) => !paired(b, id));
    return de.flatMap((x) => su.map((y) => ({ type: 'pair' as const, de: x, su: y })));
  },
  perform(E, ctx, g, _f, a) {
    cur(g)!.pairs.push([a.de, a.su]);
    ctx.log(`pair: ${chitName(E, a.de)} vs ${chitName(E, a.su)} (11.5(2))`, { rule: '11.5(2)' });
    end(g.stack);
    resume(g);
  },
  refuse: () => ({ rule: '11.5(2)', message: 'the German pairs one unpaired weapon of each side' }),
};
