/**
 * The attack phase (9.0-9.2, 4.3): declaration of every battle (attacker, then its target),
 * allocation of support chits (Soviet first, then German, at most 4 non-air each), and the German
 * choosing the order of resolution (9.2(3), 11.0 ※); the decisions of the attack phase itself,
 * of allocation (`cb:allocate`) and of the order (`cb:order`).
 */
import { end, goto, type Ctx, type Refusal } from '@sandtable/engine';
import { movedStrategically } from '../movement.ts';
import {
  AS_ASKED,
  ask,
  other,
  unitState,
  type Decides,
  type Env,
  type PGState,
  type Phase,
  type Side,
} from '../state.ts';
import { airOutsideBattles, flyMission, isAir, missionRefusal } from './air.ts';
import { SIDES, battleOf, cs, idle, peek, resume, supp } from './core.ts';
import type { ActionOf, Battle } from './types.ts';
import { msg } from '../texts/index.ts';

export const phaseOf = (g: PGState): 'normal' | 'reserve' => (g.phase === 'reserveAttack' ? 'reserve' : 'normal');

/** Why `unit` may not attack now, or null (9.0, 9.1, 5.1(3)1, A-33). */
export function attackBar(E: Env, g: PGState, unit: string): { rule: string; message: string } | null {
  const u = g.units.find((x) => x.id === unit);
  if (!u || u.side !== g.side || u.hex < 0) return { rule: '9.0', message: `${unit} is not a phasing unit on the map` };
  const reserve = phaseOf(g) === 'reserve';
  if (u.designated !== reserve) {
    return reserve
      ? {
          rule: '5.1(6), 9.0(2)',
          message: `${unit} is not reserve-designated: it attacks only in the normal attack phase`,
        }
      : {
          rule: '5.1(3)1, 9.0(1)',
          message: `${unit} is reserve-designated: it attacks only in the reserve attack phase`,
        };
  }
  if (movedStrategically(g, unit))
    return { rule: '8.3(1)3, A-33', message: `${unit} moved strategically this player-turn and may not attack` };
  if (peek(g).battles.some((b) => b.attackers.includes(unit)))
    return { rule: '9.1(1)', message: `${unit} already attacks one enemy unit` };
  if (targetsOf(E, g, unit).length === 0)
    return { rule: '9.1(1)', message: `${unit} is not adjacent to an enemy unit it may attack` };
  return null;
}

/** Adjacent enemy units not already attacked this phase in a battle being resolved (9.1(1)(3)). */
export function targetsOf(E: Env, g: PGState, unit: string): string[] {
  const u = unitState(g, unit);
  const c = peek(g);
  if (c.stage !== 'idle' && c.stage !== 'declare') return [];
  return g.units
    .filter((t) => t.side !== u.side && t.hex >= 0 && E.b.grid.distance(u.hex, t.hex) === 1)
    .map((t) => t.id);
}

function fresh(g: PGState): void {
  const c = cs(g);
  if (c.stage === 'idle') {
    g.combat = { ...idle(c.memo), phase: phaseOf(g), stage: 'declare' };
  }
}

/** 9.2(1): the attacker picks one of its units, then its target; attackers of one target form one battle (9.1(4)). */
export function declareAttack(g: PGState, unit: string, target: string): void {
  fresh(g);
  const c = cs(g);
  let b = battleOf(g, target);
  if (!b) {
    b = newBattle(c.battles.length, target, g.side);
    c.battles.push(b);
  }
  b.attackers.push(unit);
  c.picked = null;
}

export function pickAttacker(g: PGState, unit: string): void {
  fresh(g);
  cs(g).picked = unit;
}

export function newBattle(id: number, target: string, attacker: Side): Battle {
  return {
    id,
    target,
    attackers: [],
    attacker,
    defender: other(attacker),
    step: 'prep',
    alloc: { DE: [], SU: [] },
    declared: [],
    asSpat: [],
    cancelled: [],
    dmg: { DE: 0, SU: 0 },
    bombPool: { DE: 0, SU: 0 },
    bombAlloc: [],
    pairs: [],
    smoke: [],
    melee: false,
    closeCombat: false,
    spent: [],
    snipes: [],
    engineers: [],
    picks: [],
    cursor: 0,
    retreat: { DE: null, SU: null },
    loss: { DE: 0, SU: 0 },
    retreated: [],
    toRetreat: [],
    windows: [],
    memo: {},
    path: [],
    done: false,
  };
}

/**
 * The phasing player ends declaration (the phase's "end phase"): with battles declared, support
 * allocation starts and true is returned; otherwise (or when every battle is resolved) the
 * combat state goes idle and the phase may end.
 */
export function closeDeclaration(E: Env, g: PGState): boolean {
  const c = cs(g);
  if (c.stage !== 'declare' || c.battles.length === 0) {
    g.combat = idle(c.memo);
    return false;
  }
  c.picked = null;
  c.stage = 'allocate';
  nextAllocation(E, g);
  return true;
}

/** 9.2(2)4: the Soviet allocates first, then the German. */
export function nextAllocation(_E: Env, g: PGState): void {
  const c = cs(g);
  for (const s of SIDES) {
    if (c.allocDone.includes(s)) continue;
    c.allocDone.push(s);
    // asked whenever its pool holds a chit (a public count): whether one may be allocated is hidden (3.6(3)); air chits may fly a ground attack here (16.1(1)2)
    if (g.support.some((x) => x.side === s && x.loc === 'pool')) {
      ask(g, 'cb:allocate', s, '9.2(2)', msg('pk.cb.allocate'));
      return;
    }
  }
  c.stage = 'order';
}

/** Support chits of `side` that may be allocated: unused, in the pool, not air weapons (9.2(2)1, 16.0(1)). */
export function allocatable(E: Env, g: PGState, side: Side): string[] {
  return g.support.filter((x) => x.side === side && x.loc === 'pool' && !isAir(E, x.id)).map((x) => x.id);
}

export function allocateChit(g: PGState, side: Side, chit: string, target: string): void {
  const b = battleOf(g, target)!;
  b.alloc[side].push(chit);
  supp(g, chit).loc = 'alloc'; // 9.2(2)2: face-down
}

export const allocFull = (E: Env, _g: PGState, b: Battle, side: Side) =>
  b.alloc[side].length >= E.d.tables.combat.maxSupportPerBattle;

export function unresolved(g: PGState): Battle[] {
  return peek(g).battles.filter((b) => !b.done);
}

/** 9.2(3), 11.0 ※: the German picks the next battle; when none is left the phase may end. */
export function nextBattleOrEnd(g: PGState): void {
  const c = cs(g);
  const left = unresolved(g);
  if (left.length === 0) {
    c.stage = 'done';
    return;
  }
  c.stage = 'order';
  if (left.length === 1) {
    c.current = left[0]!.id;
    c.stage = 'battle';
    return;
  }
  ask(g, 'cb:order', 'DE', '9.2(3), 11.0', msg('pk.cb.order'));
}

export function startBattle(ctx: Ctx, g: PGState, target: string): void {
  const c = cs(g);
  c.current = battleOf(g, target)!.id;
  c.stage = 'battle';
  ctx.log(`battle for ${target} begins (11.0)`, { rule: '11.0' });
}

// ---- decisions -------------------------------------------------------------------------------

type PhaseAction = ActionOf<'pickAttacker' | 'attack' | 'unpick' | 'airMission'> | { type: 'endPhase' };

/** The attack phase's own decision (9.2(1)): pick an attacker, then its target; "end phase" closes the declaration. */
function attackPhaseLegal(E: Env, g: PGState): PhaseAction[] {
  const c = g.combat;
  if (c && c.stage === 'done') return [{ type: 'endPhase' }];
  if (c && c.stage !== 'idle' && c.stage !== 'declare') return [];
  if (c?.picked)
    return [...targetsOf(E, g, c.picked).map((t) => ({ type: 'attack' as const, target: t })), { type: 'unpick' }];
  const out: PhaseAction[] = g.units
    .filter((u) => u.side === g.side && u.hex >= 0 && !attackBar(E, g, u.id))
    .map((u) => ({ type: 'pickAttacker' as const, unit: u.id }));
  out.push(...airOutsideBattles(E, g, g.side)); // 16.1(1)2-3: ground attack at any time, recon in the own player-turn
  out.push({ type: 'endPhase' });
  return out;
}

/**
 * The normal (5.1(4)) or reserve (5.1(6)) attack phase: declare battles, then end the declaration;
 * the declared battles are then resolved (9.2(2)-(3)) before the phase may end.
 */
export const attackPhase = (rule: string): Decides<Extract<Phase, 'normalAttack' | 'reserveAttack'>, PhaseAction> => ({
  ...AS_ASKED,
  rule,
  actions: ['pickAttacker', 'attack', 'unpick', 'airMission', 'endPhase'],
  legal: (E, g) => attackPhaseLegal(E, g),
  perform(E, ctx, g, f, a) {
    switch (a.type) {
      case 'pickAttacker':
        return pickAttacker(g, a.unit);
      case 'unpick':
        cs(g).picked = null;
        return;
      case 'attack': {
        const unit = cs(g).picked!;
        declareAttack(g, unit, a.target);
        ctx.log(`${unit} will attack ${a.target} (9.2(1))`, { rule: '9.2(1)' });
        return;
      }
      case 'airMission':
        return flyMission(E, ctx, g, f.side, a); // the phase's decision stays below the mission
      case 'endPhase':
        if (closeDeclaration(E, g)) {
          ctx.log(`${g.side} declares ${cs(g).battles.length} battle(s) (9.2(1))`, { rule: '9.2(1)' });
          return resume(g); // 9.2(2): the declared battles are resolved first
        }
        goto(g.stack, { kind: 'nextPhase' });
        return;
    }
  },
  refuse(E, g, f, a) {
    if (a.type === 'pickAttacker')
      return (
        attackBar(E, g, a.unit) ??
        (g.combat?.picked
          ? { rule: '9.1(1)', message: `${g.combat.picked} is picked: name its target or unpick it first` }
          : { rule: '9.2(1)', message: 'the declaration is closed: the declared battles are being resolved' })
      );
    if (a.type === 'attack') return { rule: '9.1(1)', message: 'a unit attacks one adjacent enemy unit' };
    if (a.type === 'airMission') return missionRefusal(E, g, f.side, a);
    if (a.type === 'unpick') return { rule: '9.1(1)', message: 'no attacker is picked' };
    const c = g.combat;
    if (c?.picked) return { rule: '9.1(1)', message: `${c.picked} is picked: name its target or unpick it first` };
    return { rule: '9.2(1)', message: 'the declaration is closed: the declared battles are being resolved' };
  },
});

/** 9.2(2): allocate support chits face-down to the declared battles (or fly a mission), then finish. */
export const allocate: Decides<'cb:allocate', ActionOf<'allocate' | 'airMission' | 'doneAllocating'>> = {
  ...AS_ASKED,
  rule: '9.2(2)',
  actions: ['allocate', 'airMission', 'doneAllocating'],
  legal(E, g, f) {
    const out: ActionOf<'allocate' | 'airMission' | 'doneAllocating'>[] = [];
    for (const chit of allocatable(E, g, f.side))
      for (const bt of unresolved(g))
        if (!allocFull(E, g, bt, f.side)) out.push({ type: 'allocate', chit, battle: bt.target });
    return [...out, ...airOutsideBattles(E, g, f.side), { type: 'doneAllocating' }];
  },
  perform(E, ctx, g, f, a) {
    const s = f.side;
    if (a.type === 'allocate') {
      allocateChit(g, s, a.chit, a.battle);
      ctx.log(`${s} allocates a support chit face-down to the battle for ${a.battle} (9.2(2))`, { rule: '9.2(2)' });
      if (this.legal(E, g, f).length > 1) return;
    }
    end(g.stack);
    if (a.type !== 'airMission') return resume(g);
    cs(g).allocDone = cs(g).allocDone.filter((x) => x !== s); // asked again after the mission (9.2(2))
    flyMission(E, ctx, g, s, a);
  },
  refuse(E, g, f, a): Refusal | null {
    if (a.type === 'airMission') return missionRefusal(E, g, f.side, a);
    if (a.type !== 'allocate') return null;
    if (E.supportById.has(a.chit) && isAir(E, a.chit))
      return { rule: '16.0(1)', message: 'air weapons are not allocated: they fly missions' };
    const bt = g.combat?.battles.find((x) => x.target === a.battle);
    if (bt && bt.alloc[f.side].length >= E.d.tables.combat.maxSupportPerBattle)
      return { rule: '9.2(2)3', message: 'at most 4 support chits per side per battle' };
    return { rule: '9.2(2)1', message: 'only unused chits of your support pool may be allocated' };
  },
};

/** 9.2(3), 11.0 ※: the German chooses the next battle to resolve. */
export const order: Decides<'cb:order', ActionOf<'resolve'>> = {
  ...AS_ASKED,
  rule: '9.2(3), 11.0',
  actions: ['resolve'],
  legal: (_E, g) => unresolved(g).map((bt) => ({ type: 'resolve' as const, battle: bt.target })),
  perform(_E, ctx, g, _f, a) {
    end(g.stack);
    startBattle(ctx, g, a.battle);
    resume(g);
  },
};
