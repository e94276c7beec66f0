/**
 * The attack phase (9.0-9.2, 4.3): declaration of every battle (attacker, then its target),
 * allocation of support chits (Soviet first, then German, at most 4 non-air each), and the German
 * choosing the order of resolution (9.2(3), 11.0 ※).
 */
import type { Ctx } from '@sandtable/engine';
import { other, unitState, type Env, type PGState, type Side } from '../state.ts';
import { movedStrategically } from '../movement.ts';
import { SIDES, ask, battleOf, cs, idle, peek, supp } from './core.ts';
import type { Battle } from './types.ts';

export const AIR_KINDS = ['fighter', 'bomber', 'attack', 'rudel', 'recon'];
export const isAir = (E: Env, id: string) => AIR_KINDS.includes(E.supportById.get(id)!.kind);

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
export function nextAllocation(E: Env, g: PGState): void {
  const c = cs(g);
  for (const s of SIDES) {
    if (c.allocDone.includes(s)) continue;
    c.allocDone.push(s);
    // asked whenever its pool holds a chit (a public count): whether one may be allocated is hidden (3.6(3)); air chits may fly a ground attack here (16.1(1)2)
    if (g.support.some((x) => x.side === s && x.loc === 'pool')) {
      ask(
        g,
        'allocate',
        s,
        '9.2(2)',
        'allocate support chits face-down to the battles (at most 4 per battle; air chits are used as missions)',
      );
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

export const allocFull = (E: Env, g: PGState, b: Battle, side: Side) =>
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
  ask(g, 'order', 'DE', '9.2(3), 11.0', 'choose the next battle to resolve');
}

export function startBattle(ctx: Ctx, g: PGState, target: string): void {
  const c = cs(g);
  c.current = battleOf(g, target)!.id;
  c.stage = 'battle';
  ctx.log(`battle for ${target} begins (11.0)`, { rule: '11.0' });
}
