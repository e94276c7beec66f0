/**
 * Air combat (16.0-16.3) as an interrupt of the battle under way: declaration (type and targets
 * at once, A-52), Smoke (A-22), AA fire (16.1(2), A-23), interception and counter-interception
 * (16.1(3)-(5), A-24), then bombing (16.2), ground attack (16.3) or reconnaissance (16.1(6)3).
 */
import { end, type Ctx, type Refusal } from '@sandtable/engine';
import { AS_ASKED, ask, other, unitState, type Decides, type Env, type PGState, type Side } from '../state.ts';
import { chitName, cs, cur, equip, isRed, peek, removeFromGame, resume, supp, supportToCup, toCup } from './core.ts';
import { activeChits, armorOf, hasPosition, hexOfChit, terrainAt, tdl } from './fire.ts';
import { rollWith } from './reroll.ts';
import type { ActionOf, AirMission, Battle, CombatAction, MissionChoice } from './types.ts';
import { msg } from '../texts/index.ts';

const kind = (E: Env, id: string) => E.supportById.get(id)!.kind;

/** The air weapons (16.0(1)): they fly missions, never allocated to a battle. */
export const AIR_KINDS = ['fighter', 'bomber', 'attack', 'rudel', 'recon'];
export const isAir = (E: Env, id: string) => AIR_KINDS.includes(E.supportById.get(id)!.kind);

/** 16.1(1)2, A-18: face-up enemy equipment chits on the map with a printed armor value. */
export function groundTargets(E: Env, g: PGState, raider: Side): string[] {
  return g.equip
    .filter(
      (c) =>
        c.side !== raider &&
        c.faceUp &&
        hexOfChit(g, c.id) >= 0 &&
        (!g.o.groundAttackNeedsArmor || E.equipById.get(c.id)!.armor !== undefined),
    )
    .map((c) => c.id);
}

/** A-42: a ground-attack bombing names a face-up enemy chit with armor taking part in the battle. */
function bombingTargets(E: Env, g: PGState, b: Battle, raider: Side): string[] {
  return activeChits(E, g, b, other(raider)).filter((id) => E.equipById.get(id)!.armor !== undefined);
}

/** Targets of one or two shots (Rudel fires twice, 签一览 Ju87): single targets and pairs of distinct ones. */
function shotsOver(ts: string[], shots: number): string[][] {
  const out = ts.map((t) => [t]);
  if (shots >= 2)
    for (let i = 0; i < ts.length; i++) for (let j = i + 1; j < ts.length; j++) out.push([ts[i]!, ts[j]!]);
  return out;
}

/** Missions `side` may fly now (16.1(1)): bombing during a battle, ground attack, recon in its own player-turn. */
export function airOptions(E: Env, g: PGState, side: Side): MissionChoice[] {
  const b = cur(g);
  const out: MissionChoice[] = [];
  for (const c of g.support) {
    if (c.side !== side || c.loc !== 'pool') continue;
    const d = E.supportById.get(c.id)!;
    const shots = g.o.airOneMission ? (d.shots ?? 1) : 1; // A-16 (off: "1 fire" each: one shot, one bombing die)
    if (d.bombing && b) out.push({ chit: c.id, mission: 'bomb', targets: [] }); // 16.1(1)1
    if (d.groundAttack) {
      if (b)
        for (const t of shotsOver(bombingTargets(E, g, b, side), shots))
          out.push({ chit: c.id, mission: 'bomb', targets: t });
      for (const t of shotsOver(groundTargets(E, g, side), shots))
        out.push({ chit: c.id, mission: 'ground', targets: t }); // 16.1(1)2
    }
    if (d.kind === 'recon' && g.side === side) out.push({ chit: c.id, mission: 'recon', targets: [] }); // 16.1(1)3
  }
  return out;
}

export function declareMission(E: Env, ctx: Ctx, g: PGState, side: Side, m: MissionChoice): void {
  const c = supp(g, m.chit);
  c.loc = 'air';
  c.faceUp = true;
  // A-17, A-52: reconnaissance chooses its targets at declaration (so AA fire knows their hexes, A-23), unless lateMissionChoice
  const early = m.mission === 'recon' && !g.o.lateMissionChoice;
  cs(g).air = {
    raider: side,
    chit: m.chit,
    mission: m.mission,
    targets: m.targets,
    step: early ? 'targets' : 'smoke',
    aaFired: [],
    interceptor: null,
    counter: null,
    shot: 0,
    cancelled: false,
    aaNext: null,
    ...(early ? { slots: [] } : {}),
  };
  ctx.irreversible('an air mission is declared');
  ctx.log(
    `${side} flies ${chitName(E, m.chit)} on a ${m.mission === 'bomb' ? 'bombing' : m.mission === 'ground' ? 'ground attack' : 'reconnaissance'} mission${m.targets.length ? ` against ${m.targets.map((t) => chitName(E, t)).join(', ')}` : ''} (16.1(1))`,
    { rule: '16.1(1)' },
  );
}

/** The hexes the mission is aimed at (A-23): the defending hex or the attackers' hexes; ground attack: the targets' hexes. */
export function missionHexes(g: PGState, a: AirMission): number[] {
  const b = cur(g);
  if (a.mission === 'bomb' && b)
    return a.raider === b.attacker ? [unitState(g, b.target).hex] : b.attackers.map((u) => unitState(g, u).hex);
  if (a.mission === 'recon')
    return (a.slots ?? []).map((t) => unitState(g, t.unit ?? t.battle!).hex).filter((h) => h >= 0); // A-23: the hex of any chosen target
  return a.targets.map((t) => hexOfChit(g, t)).filter((h) => h >= 0);
}

/** AA weapons of the interceptor whose range covers a target hex (16.1(2)), each once per mission (A-23). */
export function aaGuns(E: Env, g: PGState, a: AirMission): string[] {
  const hexes = missionHexes(g, a);
  return g.equip
    .filter((c) => {
      const d = E.equipById.get(c.id)!;
      const h = hexOfChit(g, c.id);
      return (
        c.side !== a.raider &&
        d.aa !== undefined &&
        h >= 0 &&
        !a.aaFired.includes(c.id) &&
        hexes.some((x) => E.b.grid.distance(h, x) <= (d.range ?? 0))
      );
    })
    .map((c) => c.id);
}

export const fighters = (E: Env, g: PGState, side: Side) =>
  g.support.filter((c) => c.side === side && c.loc === 'pool' && kind(E, c.id) === 'fighter').map((c) => c.id);

/** Smoke of the interceptor allocated to this battle and not yet active (A-22). */
export function smokeReady(E: Env, b: Battle | null, side: Side, anyTime = true): string[] {
  if (!b || b.smoke.includes(side) || !anyTime) return [];
  return b.alloc[side].filter((id) => kind(E, id) === 'smoke' && !b.cancelled.includes(id));
}

const inBattle = (g: PGState, a: AirMission) => {
  const b = cur(g);
  return !!b && (a.mission === 'bomb' || a.targets.some((t) => b.declared.includes(t)));
};

/** Runs the mission under way until it needs a decision or ends (16.0(3): results apply at once). */
export function stepAir(E: Env, ctx: Ctx, g: PGState): void {
  const a = cs(g).air!;
  const foe = other(a.raider);
  const b = cur(g);
  const rudel = E.supportById.get(a.chit)!.reroll ? [a.chit] : [];
  if (a.step === 'targets') {
    // A-17, A-52: up to 3 reconnaissance targets named at declaration
    if (a.slots!.length < (E.supportById.get(a.chit)!.reveals ?? 3) && reconTargets(E, g, a.raider).length) {
      ask(g, 'cb:recon', a.raider, '16.1(1)3, A-17', msg('pk.cb.recon.target'));
      return;
    }
    a.step = 'smoke';
    return;
  }
  if (a.step === 'smoke') {
    a.step = 'aa';
    if (inBattle(g, a) && smokeReady(E, b, foe, g.o.smokeAnyTimeOnceAllocated && isRed(g, 'smoke')).length) {
      ask(g, 'cb:smoke', foe, '签一览 Smoke, A-22', msg('pk.cb.smoke'));
      return;
    }
    if (inBattle(g, a) && b!.smoke.includes(foe)) return cancel(E, ctx, g, a, 'Smoke cancels it (签一览 Smoke)');
    return;
  }
  if (a.step === 'aa') {
    if (inBattle(g, a) && b!.smoke.includes(foe)) return cancel(E, ctx, g, a, 'Smoke cancels it (签一览 Smoke)');
    if (a.aaNext) {
      const gun = a.aaNext;
      const v = E.equipById.get(gun)!.aa!;
      const d = rollWith(E, ctx, g, {
        key: `aa:${a.aaFired.length}`,
        n: 1,
        why: `AA fire of ${chitName(E, gun)} (hit on <= ${v}, 16.1(2))`,
        need: v,
        firer: foe,
        target: a.raider,
        abilities: rudel,
      });
      if (!d) return;
      a.aaNext = null;
      a.aaFired.push(gun);
      if (d[0]! <= v) return cancel(E, ctx, g, a, `AA fire of ${chitName(E, gun)} hits (16.1(2))`, d);
      ctx.log(`AA fire of ${chitName(E, gun)} misses (16.1(2))`, { rule: '16.1(2)', dice: d });
    }
    const aaDone = a.aaFired.includes('*') || (!g.o.aaEachWeaponOnce && a.aaFired.length > 0); // A-23 off: one AA shot per mission
    if (aaGuns(E, g, a).length && !aaDone) {
      ask(g, 'cb:aa', foe, '16.1(2)', msg('pk.cb.aa'));
      return;
    }
    a.step = 'intercept';
    return;
  }
  if (a.step === 'intercept') {
    a.step = 'execute';
    if (fighters(E, g, foe).length) ask(g, 'cb:intercept', foe, '16.1(3)', msg('pk.cb.intercept'));
    return;
  }
  if (a.step === 'counter') {
    const f = a.counter!;
    const v = E.supportById.get(f)!.aa!;
    const d = rollWith(E, ctx, g, {
      key: 'counter',
      n: 1,
      why: `counter-interception by ${chitName(E, f)} (hit on <= ${v}, 16.1(4))`,
      need: v,
      firer: a.raider,
      target: foe,
    });
    if (!d) return;
    if (d[0]! <= v) {
      removeFromGame(g, a.interceptor!); // 16.1(4)2
      ctx.log(`${chitName(E, f)} shoots down ${chitName(E, a.interceptor!)}: removed from the game (16.1(4))`, {
        rule: '16.1(4)',
        dice: d,
      });
      a.step = 'execute';
    } else {
      ctx.log(`counter-interception misses (16.1(4))`, { rule: '16.1(4)', dice: d });
      a.step = 'resolveIntercept';
    }
    return;
  }
  if (a.step === 'resolveIntercept') {
    const f = a.interceptor!;
    const v = E.supportById.get(f)!.aa!;
    const d = rollWith(E, ctx, g, {
      key: 'intercept',
      n: 1,
      why: `interception by ${chitName(E, f)} (hit on <= ${v}, 16.1(5))`,
      need: v,
      firer: foe,
      target: a.raider,
      abilities: rudel,
    });
    if (!d) return;
    if (d[0]! <= v) {
      removeFromGame(g, a.chit); // 16.1(5)2
      ctx.log(`${chitName(E, f)} shoots down ${chitName(E, a.chit)}: removed from the game (16.1(5))`, {
        rule: '16.1(5)',
        dice: d,
      });
      return finish(g, a);
    }
    ctx.log(`interception misses (16.1(5))`, { rule: '16.1(5)', dice: d });
    a.step = 'execute';
    return;
  }
  if (a.step === 'execute') return execute(E, ctx, g, a);
}

function cancel(E: Env, ctx: Ctx, g: PGState, a: AirMission, why: string, dice?: number[]): void {
  a.cancelled = true;
  ctx.log(`${chitName(E, a.chit)}'s mission is cancelled: ${why}; it goes back to the support cup`, {
    rule: '16.1(2)',
    ...(dice ? { dice } : {}),
  });
  finish(g, a);
}

/** 16.1(6): the mission chit (unless shot down) and the fighters go back to their cups; the paused step resumes (16.0(3)). */
export function finish(g: PGState, a: AirMission): void {
  supportToCup(g, a.chit);
  if (a.interceptor) supportToCup(g, a.interceptor);
  if (a.counter) supportToCup(g, a.counter);
  cs(g).air = null;
  const b = cur(g);
  if (b) b.windows = b.windows.filter((w) => w !== `${b.step}:${a.raider}`); // the raider may fly another mission
}

/** 16.3(2): ground-attack hit number: the TEC cell, or 12.0 against max(armor, hex TDL) without hexside modifiers (A-19). */
export function groundNeed(E: Env, g: PGState, target: string, fire: number): { need: number; natural1: boolean } {
  const hex = hexOfChit(g, target);
  const cell = terrainAt(E, hex).groundAttack;
  if (cell !== 'diamond' && cell !== 'auto') return { need: cell, natural1: false };
  if (cell === 'auto') return { need: 6, natural1: false };
  const c = E.equipById.get(target)!;
  const b = cur(g);
  const defends = g.o.groundAttackOwnerIsDefender || (!!b && b.defender === c.side && b.declared.includes(target)); // A-19 (off: TDL only for the battle's defender)
  return { need: fire - Math.max(armorOf(c), defends ? tdl(E, g, b, hex, c.side) : 0), natural1: true };
}

function execute(E: Env, ctx: Ctx, g: PGState, a: AirMission): void {
  const d = E.supportById.get(a.chit)!;
  const b = cur(g);
  if (a.mission === 'recon') {
    if (a.slots) {
      // the targets named at declaration, one reveal each (16.1(6)3)
      if (a.shot >= a.slots.length) return finish(g, a);
      const slot = a.slots[a.shot]!;
      if (reconPool(E, g, a.raider, slot).length) return reconReveal(E, ctx, g, slot);
      ctx.log(`reconnaissance: nothing left to reveal at ${slot.unit ?? `the battle for ${slot.battle}`} (16.1(6)3)`, {
        rule: '16.1(6)3',
      });
      a.shot++;
      return;
    }
    if (a.shot < (d.reveals ?? 3) && reconTargets(E, g, a.raider).length) {
      ask(g, 'cb:recon', a.raider, '16.1(6)3', msg('pk.cb.recon.reveal'));
      return;
    }
    return finish(g, a);
  }
  if (a.mission === 'bomb' && d.bombing && b) {
    const need =
      a.raider === b.defender
        ? E.d.tables.combat.defenderHit
        : hasPosition(E, g, b, 'bunker')
          ? 1
          : terrainAt(E, unitState(g, b.target).hex).bombingHit;
    const n = g.o.airOneMission ? d.bombing : 1; // A-16
    const dice = rollWith(E, ctx, g, {
      key: 'bombing',
      n,
      why: `${chitName(E, a.chit)} bombs, ${n} dice hitting on ${need} (16.2(1)1)`,
      need,
      firer: a.raider,
      target: other(a.raider),
    });
    if (!dice) return;
    const hits = dice.filter((x) => x <= need).length;
    b.dmg[a.raider] += hits; // 16.2(2)
    b.bombPool[a.raider] += hits; // 16.2(3), 签一览 Bomber: pooled
    b.windows = b.windows.filter((w) => w !== `bomb:${a.raider}`);
    ctx.log(`${chitName(E, a.chit)} bombing: ${hits} hit(s) (16.2)`, { rule: '16.2', dice });
    return finish(g, a);
  }
  // ground-attack fire: one shot per target (Rudel two, 签一览 Ju87)
  if (a.shot >= a.targets.length) return finish(g, a);
  const t = a.targets[a.shot]!;
  if (equip(g, t).loc === 'cup' || hexOfChit(g, t) < 0) {
    a.shot++;
    return;
  }
  const { need, natural1 } = groundNeed(E, g, t, d.groundAttack!);
  const tw = E.equipById.get(t)!.reroll ? [t] : [];
  const dice = rollWith(E, ctx, g, {
    key: `ground:${a.shot}`,
    n: 1,
    why: `${chitName(E, a.chit)} fires at ${chitName(E, t)}, hit on ${need} (16.3(2))`,
    need,
    natural1,
    firer: a.raider,
    target: other(a.raider),
    abilities: [...(d.reroll ? [a.chit] : []), ...tw],
  });
  if (!dice) return;
  const hit = (natural1 && dice[0] === 1) || dice[0]! <= need;
  if (hit) {
    toCup(g, t); // 16.3(3)
    if (a.mission === 'bomb' && b) b.dmg[a.raider] += 1; // 16.2(2): ground-attack bombing adds a point (A-42)
    if (a.mission === 'bomb' && b && !g.o.groundAttackBombingNamesChit) b.bombPool[a.raider] += 1; // A-42 (off): also pooled for 16.2(3)
  }
  ctx.log(`${chitName(E, a.chit)} ${hit ? 'destroys' : 'misses'} ${chitName(E, t)} (16.3)`, { rule: '16.3', dice });
  a.shot++;
}

/**
 * A-17: enemy equipment chits on the map and allocated support chits still face-down, named by
 * what the raider sees (a unit and the back, none under 19.6; a battle's allocation), never by id
 * (3.5(5), 3.6(3)): the chit is then drawn at random among the matching ones.
 */
export interface ReconSlot {
  unit?: string;
  back?: string;
  battle?: string;
}
export function reconTargets(E: Env, g: PGState, raider: Side): ReconSlot[] {
  const out: ReconSlot[] = [];
  for (const u of g.units) {
    if (u.side === raider || u.hex < 0) continue;
    const backs = new Set(
      g.equip.filter((c) => c.loc === u.id && !c.faceUp).map((c) => E.equipById.get(c.id)!.back as string),
    );
    if (g.o.hideChitBacks) {
      if (backs.size) out.push({ unit: u.id });
    } // 19.6
    else for (const back of [...backs].sort()) out.push({ unit: u.id, back });
  }
  for (const b of peek(g).battles)
    if (b.alloc[other(raider)].some((id) => !supp(g, id).faceUp)) out.push({ battle: b.target });
  const named = peek(g).air?.step === 'targets' ? (peek(g).air!.slots ?? []) : [];
  return out.filter((t) => named.filter((x) => sameSlot(x, t)).length < reconPool(E, g, raider, t).length); // a slot once per chit it holds
}
const sameSlot = (x: ReconSlot, y: ReconSlot) => x.unit === y.unit && x.back === y.back && x.battle === y.battle;

/** A-17: names a reconnaissance target at declaration (revealed once the mission survives). */
export function nameReconTarget(_E: Env, ctx: Ctx, g: PGState, slot: ReconSlot): void {
  const t: ReconSlot = {
    ...(slot.unit ? { unit: slot.unit } : {}),
    ...(slot.back ? { back: slot.back } : {}),
    ...(slot.battle ? { battle: slot.battle } : {}),
  };
  cs(g).air!.slots!.push(t);
  ctx.log(
    `reconnaissance target: ${t.unit ? `a face-down ${t.back ? `${t.back} ` : ''}chit under ${t.unit}` : `an allocated chit in the battle for ${t.battle}`} (16.1(1)3, A-17)`,
    { rule: 'A-17' },
  );
}

/** The chits a recon slot may stand for. */
function reconPool(E: Env, g: PGState, raider: Side, t: ReconSlot): string[] {
  if (t.unit)
    return g.equip
      .filter((c) => c.loc === t.unit && !c.faceUp && (!t.back || E.equipById.get(c.id)!.back === t.back))
      .map((c) => c.id);
  const b = cs(g).battles.find((x) => x.target === t.battle);
  return b ? b.alloc[other(raider)].filter((id) => !supp(g, id).faceUp) : [];
}

export function reconReveal(E: Env, ctx: Ctx, g: PGState, slot: ReconSlot): void {
  const pool = reconPool(E, g, cs(g).air!.raider, slot);
  const chit = pool[pool.length === 1 ? 0 : ctx.roll(1, 'reconnaissance: which chit', pool.length)[0]! - 1]!;
  const c = g.equip.find((x) => x.id === chit) ?? supp(g, chit);
  c.faceUp = true;
  cs(g).air!.shot++;
  ctx.irreversible('reconnaissance reveals a chit');
  ctx.log(`reconnaissance turns ${chit} face-up (16.1(6)3)`, { rule: '16.1(6)3' });
}

// ---- flying a mission ------------------------------------------------------------------------

/**
 * 16.1(1)2-3: air missions flown outside battles, from a phase's own decision or the allocation
 * step: ground attack at any time (either player), reconnaissance in the own player-turn
 * (A-17); bombing needs a battle being resolved (16.1(1)1). None while a mission is under way.
 */
export function airOutsideBattles(E: Env, g: PGState, side: Side): ActionOf<'airMission'>[] {
  if (g.combat?.air || cur(g)) return [];
  return airOptions(E, g, side)
    .filter((m) => m.mission !== 'bomb')
    .map((m) => ({ type: 'airMission' as const, ...m }));
}

/** Flies the declared mission (16.1(1)): it interrupts what was under way, which resumes after it (16.0(3)). */
export function flyMission(E: Env, ctx: Ctx, g: PGState, side: Side, m: MissionChoice): void {
  declareMission(E, ctx, g, side, m);
  resume(g);
}

/** Why an air mission is refused (16.1(1), 16.3(1), A-18). */
export function missionRefusal(E: Env, g: PGState, side: Side, a: ActionOf<'airMission'>): Refusal | null {
  if (a.mission === 'recon' && g.side !== side)
    return { rule: '16.1(1)3', message: 'reconnaissance only in your own player-turn' };
  const ts = a.targets ?? [];
  if (ts.some((t) => !g.equip.find((c) => c.id === t)?.faceUp))
    return { rule: '16.1(1)2', message: 'face-down chits cannot be targeted' };
  if (ts.some((t) => E.equipById.get(t)?.armor === undefined))
    return { rule: '16.3(1), A-18', message: 'the target must be a face-up chit with an armor value' };
  if (a.mission === 'bomb' && !cur(g))
    return { rule: '16.1(1)1', message: 'bombing only while a battle is being resolved' };
  return {
    rule: '16.0(1), 16.1(1)',
    message: 'an air mission flies an unused air chit of your own support pool, of the type the mission needs',
  };
}

// ---- decisions -------------------------------------------------------------------------------

type AirDecision<
  K extends 'air' | 'smoke' | 'aa' | 'intercept' | 'counter' | 'recon',
  T extends CombatAction['type'],
> = Decides<`cb:${K}`, ActionOf<T>>;

/** 16.0, 16.1(1): a priority window of the battle (spec 10.4): fly an air mission now, or pass. */
export const fly: AirDecision<'air', 'airMission' | 'noAir'> = {
  ...AS_ASKED,
  rule: '16.0, 16.1(1)',
  actions: ['airMission', 'noAir'],
  legal: (E, g, f) => [
    ...airOptions(E, g, f.side).map((m) => ({ type: 'airMission' as const, ...m })),
    { type: 'noAir' },
  ],
  perform(E, ctx, g, f, a) {
    end(g.stack);
    if (a.type === 'airMission') flyMission(E, ctx, g, f.side, a);
    else resume(g);
  },
  refuse: (E, g, f, a) => (a.type === 'airMission' ? missionRefusal(E, g, f.side, a) : null),
};

/** 签一览 Smoke, A-22: the interceptor may activate its allocated Smoke against the mission. */
export const smoke: AirDecision<'smoke', 'activateSmoke' | 'noSmoke'> = {
  ...AS_ASKED,
  rule: '签一览 Smoke, A-22',
  actions: ['activateSmoke', 'noSmoke'],
  legal: (E, g, f) => [
    ...smokeReady(E, cur(g), f.side).map((chit) => ({ type: 'activateSmoke' as const, chit })),
    { type: 'noSmoke' },
  ],
  perform(_E, ctx, g, f, a) {
    end(g.stack);
    if (a.type === 'activateSmoke') {
      cur(g)!.smoke.push(f.side);
      ctx.log(`${f.side} activates Smoke (签一览 Smoke, A-22)`, { rule: 'A-22' });
    }
    resume(g);
  },
};

/** 16.1(2): the interceptor fires an AA weapon in range at the mission, or stops. */
export const aaFire: AirDecision<'aa', 'aaFire' | 'noAA'> = {
  ...AS_ASKED,
  rule: '16.1(2)',
  actions: ['aaFire', 'noAA'],
  legal: (E, g) => [...aaGuns(E, g, cs(g).air!).map((chit) => ({ type: 'aaFire' as const, chit })), { type: 'noAA' }],
  perform(_E, _ctx, g, _f, a) {
    end(g.stack);
    const air = cs(g).air!;
    if (a.type === 'aaFire') {
      air.aaNext = a.chit;
      equip(g, a.chit).faceUp = true;
    } else air.aaFired.push('*');
    resume(g);
  },
};

/** 16.1(3): the interceptor sends a fighter, or not; the raider may counter-intercept (16.1(4)). */
export const intercept: AirDecision<'intercept', 'intercept' | 'noIntercept'> = {
  ...AS_ASKED,
  rule: '16.1(3)',
  actions: ['intercept', 'noIntercept'],
  legal: (E, g, f) => [
    ...fighters(E, g, f.side).map((chit) => ({ type: 'intercept' as const, chit })),
    { type: 'noIntercept' },
  ],
  refuse: () => ({ rule: '16.1(3)', message: 'the interceptor is an unused fighter of your own support pool' }),
  perform(E, ctx, g, f, a) {
    end(g.stack);
    if (a.type === 'intercept') {
      const air = cs(g).air!;
      air.interceptor = a.chit;
      supp(g, a.chit).loc = 'air';
      supp(g, a.chit).faceUp = true;
      ctx.log(`${f.side} intercepts with ${chitName(E, a.chit)} (16.1(3))`, { rule: '16.1(3)' });
      air.step = 'resolveIntercept';
      if (fighters(E, g, air.raider).length) ask(g, 'cb:counter', air.raider, '16.1(4)', msg('pk.cb.counter'));
    }
    resume(g);
  },
};

/** 16.1(4): the raider counter-intercepts the interceptor with a fighter, or not. */
export const counter: AirDecision<'counter', 'counterIntercept' | 'noCounter'> = {
  ...AS_ASKED,
  rule: '16.1(4)',
  actions: ['counterIntercept', 'noCounter'],
  legal: (E, g, f) => [
    ...fighters(E, g, f.side).map((chit) => ({ type: 'counterIntercept' as const, chit })),
    { type: 'noCounter' },
  ],
  perform(_E, _ctx, g, _f, a) {
    end(g.stack);
    if (a.type === 'counterIntercept') {
      const air = cs(g).air!;
      air.counter = a.chit;
      supp(g, a.chit).loc = 'air';
      supp(g, a.chit).faceUp = true;
      air.step = 'counter';
    }
    resume(g);
  },
};

/** 16.1(1)3, 16.1(6)3, A-17: name a reconnaissance target at declaration, or reveal one; or stop. */
export const recon: AirDecision<'recon', 'reconReveal' | 'doneRevealing'> = {
  ...AS_ASKED,
  rule: '16.1(6)3, A-17',
  actions: ['reconReveal', 'doneRevealing'],
  legal: (E, g, f) => [
    ...reconTargets(E, g, f.side).map((t) => ({ type: 'reconReveal' as const, ...t })),
    { type: 'doneRevealing' },
  ],
  perform(E, ctx, g, _f, a) {
    const air = cs(g).air!;
    if (a.type === 'reconReveal') {
      if (air.step === 'targets')
        nameReconTarget(E, ctx, g, a); // A-17: named at declaration, revealed later
      else reconReveal(E, ctx, g, a);
      end(g.stack);
    } else {
      end(g.stack);
      if (air.step === 'targets') air.step = 'smoke';
      else finish(g, air);
    }
    resume(g);
  },
};
