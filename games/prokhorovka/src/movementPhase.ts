/**
 * The movement phase (5.1(5), 8.0) as decisions: `movement`, the phase's own (pick a stack to move,
 * split a detachment off, roll for the XXIV Panzer Corps, fly an air mission, end the phase), and
 * `moveTo`, the picked stack's destination (or taking received chits, or another pick). The rules
 * of movement itself (costs, reach, who may move) are in movement.ts.
 */
import { end, goto, type Refusal } from '@sandtable/engine';
import { airOutsideBattles, flyMission, missionRefusal } from './combat/air.ts';
import type { ActionOf } from './combat/types.ts';
import {
  detachRefusal,
  destinationRefusal,
  endMovement,
  moveUnit,
  movePath,
  phaseStarted,
  pickRefusal,
  pickedUnit,
  reachable,
  unitHex,
  xxivRoll,
  xxivRollAllowed,
  type MoveAction,
} from './movement.ts';
import {
  ARRIVING,
  AS_ASKED,
  DETACHED,
  ask,
  chitsOf,
  detachmentChitOf,
  detachmentUnitId,
  values,
  type Decides,
  type Env,
  type MoveMode,
  type PGState,
  type Side,
  type UnitState,
} from './state.ts';
import { msg } from './texts/index.ts';

type Of<T extends MoveAction['type']> = Extract<MoveAction, { type: T }>;
type PhaseAction = Of<'pick' | 'detach' | 'xxivRoll'> | ActionOf<'airMission'> | { type: 'endPhase' };

const pickCache = new WeakMap<PGState, { key: string; picks: Of<'pick'>[] }>();

/** The legal picks of the movement phase (cached per state, version, phase and moves made). */
function picks(E: Env, g: PGState, side: Side): Of<'pick'>[] {
  const key = `${g.ver}|${g.turn}|${side}|${g.mv.moved.length}`;
  const c = pickCache.get(g);
  if (c && c.key === key) return c.picks;
  const out: Of<'pick'>[] = [];
  for (const u of g.units) {
    if (u.side !== side || (u.hex < 0 && u.hex !== ARRIVING)) continue;
    for (const mode of ['normal', 'strategic'] as MoveMode[])
      if (!pickRefusal(E, g, side, u, mode)) out.push({ type: 'pick', unit: u.id, mode });
  }
  pickCache.set(g, { key, picks: out });
  return out;
}

/** The detachment chits of `side` that may split off now (签一览 detachment). */
function detachments(E: Env, g: PGState, side: Side): Of<'detach'>[] {
  if (phaseStarted(g) || g.mv.picked) return [];
  const out: Of<'detach'>[] = [];
  for (const c of g.equip) {
    if (c.side !== side || E.equipById.get(c.id)!.cls !== 'detachment') continue;
    const parent = g.units.find((x) => x.id === c.loc);
    if (parent && parent.hex >= 0 && !detachRefusal(E, g, side, c.id)) out.push({ type: 'detach', chit: c.id });
  }
  return out;
}

/** 8.0, 7.0(2), 19.2: pick a stack (normal or strategic movement), split a detachment off, roll for the XXIV, or end the phase; 16.1(1)2-3: fly an air mission at any time. */
export const movementPhase: Decides<'movement', PhaseAction> = {
  ...AS_ASKED,
  rule: '5.1(5), 8.0',
  actions: ['pick', 'detach', 'xxivRoll', 'airMission', 'endPhase'],
  legal(E, g, f) {
    const out: PhaseAction[] = [{ type: 'endPhase' }];
    if (xxivRollAllowed(E, g)) out.push({ type: 'xxivRoll' });
    out.push(...picks(E, g, f.side));
    out.push(...detachments(E, g, f.side));
    return [...out, ...airOutsideBattles(E, g, f.side)];
  },
  perform(E, ctx, g, f, a) {
    switch (a.type) {
      case 'detach': {
        // 签一览 detachment: turned face-up at the start of the movement phase, it must separate (D-56)
        const c = g.equip.find((x) => x.id === a.chit)!;
        const wasHidden = !c.faceUp;
        c.faceUp = true;
        g.mv.picked = { unit: detachmentUnitId(c.id), mode: 'normal', from: c.loc };
        ask(g, 'moveTo', f.side, '签一览 detachment', msg('pk.moveTo.detachment', { unit: c.loc }));
        ctx.log(
          `${c.loc} splits off a detachment (${c.id}, turned face-up) at ${E.b.grid.label(unitHex(g, c.loc))} (签一览 detachment)`,
          { rule: '签一览 detachment' },
        );
        if (wasHidden) ctx.irreversible('a detachment chit was turned face-up');
        return;
      }
      case 'xxivRoll':
        return xxivRoll(E, ctx, g);
      case 'pick':
        g.mv.xxivDone = true; // 19.2(1): the roll is made at the start of the phase
        g.mv.picked = { unit: a.unit, mode: a.mode };
        ask(
          g,
          'moveTo',
          f.side,
          a.mode === 'strategic' ? '8.3' : '8.2',
          msg(a.mode === 'strategic' ? 'pk.moveTo.strategic' : 'pk.moveTo.normal', { unit: a.unit }),
        );
        return;
      case 'airMission':
        return flyMission(E, ctx, g, f.side, a); // 16.1(1)2-3: the phase's decision stays below the mission
      case 'endPhase':
        endMovement(g);
        goto(g.stack, { kind: 'nextPhase' });
        return;
    }
  },
  refuse(E, g, f, a): Refusal | null {
    switch (a.type) {
      case 'detach':
        return detachRefusal(E, g, f.side, a.chit);
      case 'xxivRoll':
        return xxivRefusal(E, g);
      case 'pick':
        return pickRefusal(
          E,
          g,
          f.side,
          g.units.find((u) => u.id === a.unit),
          a.mode,
        );
      case 'airMission':
        return missionRefusal(E, g, f.side, a);
    }
    return null;
  },
};

/**
 * 8.2, 8.3, 7.0(2): the picked stack's destination; an entering unit may first take received
 * chits; or pick another stack. It also explains why no other stack may be picked or split
 * off meanwhile (8.1(1): one stack at a time).
 */
export const moveTo: Decides<'moveTo', Of<'moveTo' | 'load' | 'cancelMove' | 'pick' | 'detach'>> = {
  ...AS_ASKED,
  rule: '8.2, 8.3',
  actions: ['moveTo', 'load', 'cancelMove', 'pick', 'detach'],
  legal(E, g) {
    const p = g.mv.picked!;
    const u = pickedUnit(g);
    const dest = [...reachable(E, g, u, p.mode).keys()].sort((a, b) => a - b);
    const moves = dest.map((h) => ({ type: 'moveTo' as const, hex: E.b.grid.label(h) }));
    if (p.from) return moves; // 签一览 detachment: turned face-up, it must separate (D-56)
    return [...moves, ...loads(E, g, u), { type: 'cancelMove' }];
  },
  perform(E, ctx, g, _f, a) {
    switch (a.type) {
      case 'cancelMove':
        g.mv.picked = null;
        end(g.stack);
        return;
      case 'load': {
        // a received chit goes face-down under the entering unit; 19.6(2): its back shows as it is placed
        const c = g.equip.find((x) => x.id === a.chit)!;
        c.loc = g.mv.picked!.unit;
        c.faceUp = false;
        ctx.log(`${c.loc} takes a ${E.equipById.get(c.id)!.back} chit as it enters (7.0(2), A-03, 19.6(2))`, {
          rule: 'A-03',
        });
        return;
      }
      case 'moveTo': {
        const p = g.mv.picked!;
        const u = g.units.find((x) => x.id === p.unit)!;
        const to = E.b.grid.hex(a.hex);
        const path = movePath(E, g, pickedUnit(g), p.mode, to);
        if (p.from) {
          // 签一览 detachment: the chit becomes a combat unit, starting from its parent's hex
          g.equip.find((x) => x.id === detachmentChitOf(u.id))!.loc = DETACHED;
          u.hex = unitHex(g, p.from);
          u.reduced = false;
          u.designated = false;
        }
        const from = u.hex;
        moveUnit(E, g, u, to, path);
        g.mv.moved.push(u.id);
        if (p.mode === 'strategic') g.mv.strategic.push(u.id); // 8.3(1)3
        g.mv.picked = null;
        end(g.stack);
        ctx.log(
          `${u.id} ${from === ARRIVING ? 'enters' : 'moves'} ${p.mode === 'strategic' ? 'strategically ' : ''}${g.mv.lastPath.join(' > ')} (${p.mode === 'strategic' ? '8.3' : from === ARRIVING ? '7.0(2)' : '8.2'})`,
          { rule: p.mode === 'strategic' ? '8.3' : '8.2' },
        );
        return;
      }
    }
  },
  refuse(E, g, _f, a): Refusal | null {
    if (a.type === 'pick')
      return { rule: '8.1(1)', message: 'pick a stack only in your movement phase, one at a time' };
    if (a.type === 'detach')
      return {
        rule: '签一览 detachment',
        message: 'a detachment splits off at the start of your movement phase, not while a stack is picked',
      };
    if (a.type === 'cancelMove')
      return g.mv.picked?.from
        ? {
            rule: '签一览 detachment',
            message: 'a detachment turned face-up must separate: it may not stay with its parent',
          }
        : null;
    if (a.type === 'load') {
      const u = g.units.find((x) => x.id === g.mv.picked!.unit)!;
      const c = g.equip.find((x) => x.id === a.chit);
      if (u.hex !== ARRIVING)
        return {
          rule: '3.4(3), A-03',
          message: 'only an entering reinforcement takes received chits; chits change stacks only by reorganization',
        };
      if (!c || c.side !== u.side || c.loc !== 'arriving')
        return { rule: '7.0(2), A-03', message: `${a.chit} is not one of the chits received with the reinforcements` };
      return {
        rule: '3.4(2)',
        message: `${u.id} already carries as many chits as its equipment value (${values(E, u).equip})`,
      };
    }
    return destinationRefusal(E, g, a.hex);
  },
};

/** Why the XXIV Panzer Corps roll is refused (19.2). */
function xxivRefusal(E: Env, g: PGState): Refusal {
  if (!g.o.xxivPanzerCorps) return { rule: '19.2', message: 'the optional rule 19.2 is not in play' };
  if (g.turn < E.d.tables.combat.xxivFromTurn)
    return {
      rule: '19.2(1)',
      message: `the XXIV Panzer Corps roll is allowed only from turn ${E.d.tables.combat.xxivFromTurn}`,
    };
  if (g.side !== 'DE' || g.phase !== 'movement')
    return { rule: '19.2(1)', message: 'the roll is made at the start of the German movement phase' };
  if (g.mv.xxivDone) return { rule: '19.2(1)', message: 'the roll is made once, at the start of the movement phase' };
  return {
    rule: '19.2(3)',
    message:
      'no roll while the 7.0 reinforcement condition holds (a Soviet stack south of the start line) or with no XXIV unit in the reserve pool',
  };
}

/** the received chits the picked arriving unit may still take (up to its equipment value, 3.4(2)). */
function loads(E: Env, g: PGState, u: UnitState): Of<'load'>[] {
  if (u.hex !== ARRIVING || chitsOf(g, u.id).length >= values(E, u).equip) return [];
  return g.equip
    .filter((c) => c.side === u.side && c.loc === 'arriving')
    .map((c) => ({ type: 'load' as const, chit: c.id }));
}

export function describeMove(E: Env, g: PGState, a: MoveAction): string {
  switch (a.type) {
    case 'pick': {
      const u = g.units.find((x) => x.id === a.unit);
      const where = !u ? '' : u.hex >= 0 ? ` at ${E.b.grid.label(u.hex)}` : ' (entering as a reinforcement)';
      return `${a.mode === 'strategic' ? 'move strategically' : 'move'} ${a.unit}${where}`;
    }
    case 'moveTo': {
      const p = g.mv.picked;
      return p
        ? `${p.unit} ${g.units.find((x) => x.id === p.unit)!.hex === ARRIVING ? 'enters to' : 'moves to'} ${a.hex}`
        : `move to ${a.hex}`;
    }
    case 'cancelMove':
      return 'pick another stack';
    case 'load':
      return `put received chit ${a.chit} under ${g.mv.picked?.unit ?? 'the entering unit'} (face-down)`;
    case 'xxivRoll':
      return 'roll for the XXIV Panzer Corps (19.2)';
    case 'detach': {
      const c = g.equip.find((x) => x.id === a.chit);
      return `split detachment ${a.chit} off from ${c?.loc ?? '?'} as a 1-1-3 unit (turned face-up)`;
    }
  }
}
