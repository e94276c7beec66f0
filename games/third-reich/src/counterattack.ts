/**
 * Counterattacks (10.0): the window of the non-active player at an enemy group action (10.1(3),
 * AMB-19), the Ambush card or jets (16.8) that open it, the counterattacking units and their fire
 * (10.1), and the Ambush SV banked for the next impulse (10.2).
 */
import { call, end, goto, type Ctx } from '@sandtable/engine';
import type { Side } from './data/index.ts';
import { airStrength, areaName, counterOf, hasAirStrength, isJet, type Board } from './board.ts';
import { bySide, type TRAction, type TRDecision } from './actions.ts';
import { eventKind } from './cards.ts';
import { allocator, type Party } from './combat.ts';
import { startCombat } from './damage.ts';
import { other, type PendingOf, type TRState } from './state.ts';
import { friendlyUnit, mayAttackIn, unitsIn } from './world.ts';
import { msg } from './texts/index.ts';
import { sideName, cardName } from './texts/names.ts';

/** The area and targets of a counterattack against the current action (AMB-19), and who may counterattack. */
export function counterSetup(b: Board, g: TRState): { area: number; targets: number[]; eligible: number[] } | null {
  const act = g.act!;
  const opp = other(act.side);
  const area = act.type === 'airAttack' || act.type === 'bomb' ? act.target : act.area; // AMB-19: the target area; 17.2 Q3
  if (area < 0) return null;
  const targets = act.units.filter((u) => g.loc[u] === act.area && b.unitClass[u] !== 'sub'); // 15.1(4)
  if (!targets.length) return null;
  const eligible = unitsIn(g, area).filter((u) => {
    if (!friendlyUnit(g, b, u, opp) || g.used[u] || b.unitClass[u] === 'sub') return false; // 10.1(1), 15.1(4)
    if (act.type === 'airAttack' && !hasAirStrength(b, u)) return false; // 10.1(8)
    return mayAttackIn(b, g, u, area, opp); // 9.1.1
  });
  return eligible.length ? { area, targets, eligible } : null;
}

/** 10.1(3): the window opens at every group action with eligible counterattackers, whatever the hand holds. */
export function openWindow(b: Board, g: TRState): void {
  if (counterSetup(b, g)) call(g.stack, { kind: 'window', side: other(g.act!.side) });
}

/** 10.1, 10.2: the counterattack fires; its damage points go to allocation (11.2). */
function fireCounter(b: Board, ctx: Ctx, g: TRState, p: PendingOf<'counter'>): void {
  const act = g.act!;
  const cs = counterSetup(b, g)!;
  const side = p.side;
  if (p.card) {
    g.hand[side].splice(g.hand[side].indexOf(p.card), 1);
    g.discard[side].push(p.card); // 10.2 [REC]: to the discard pile when played
    g.bank[side] += b.cardById.get(p.card)!.sv; // 10.2(1)(2)
    ctx.irreversible('a card was revealed');
  }
  const vsAir = act.type === 'airAttack';
  const values = p.units.map((u) => (vsAir || b.unitClass[u] === 'air' ? airStrength(b, u) : counterOf(b, u).attack)); // 10.1, 9.1(2)
  const dice = ctx.roll(values.length, 'counterattack');
  let hits = 0;
  dice.forEach((d, i) => {
    if (d <= values[i]!) hits++;
  });
  const points = 2 * hits; // 10.1(2)
  if (g.options.counterattackersFlip) for (const u of p.units) g.used[u] = 1; // AMB-27
  ctx.log(
    `${sideName(side)} counterattacks in ${areaName(b, cs.area)} with ${p.units.length} unit(s)${p.card ? ` (${b.cardById.get(p.card)!.name})` : ' (jets, 16.8)'}: ${hits} hit(s), ${points} damage points.`,
    { rule: '10.1', dice },
  );
  const party = (us: number[], s: Side): Party => ({
    hasAir: us.some((u) => b.unitClass[u] === 'air'),
    hasFortress: us.some((u) => counterOf(b, u).type === 'FT' && friendlyUnit(g, b, u, s)),
    maxAttack: Math.max(0, ...us.map((u) => counterOf(b, u).attack)),
  });
  // 11.2(1), AMB-20: against Strategic Movement ("no counterattacked units") the counterattackers are compared with the
  // moving side's units originally in the area ([REC] the group when there were none); "bombing-only" reads the
  // exception as meant for Strategic Bombing and compares with the group, as in any counterattack (17.2 Q2).
  const original =
    act.mode === 'event' &&
    eventKind(b, g, act) === 'strategicMovement' &&
    g.options.originalUnitsPriority !== 'bombing-only'
      ? unitsIn(g, cs.area).filter((u) => friendlyUnit(g, b, u, act.side) && !act.units.includes(u))
      : [];
  const who =
    allocator(party(p.units, side), party(original.length ? original : cs.targets, act.side)) === 'attacker'
      ? side
      : act.side; // 11.2(1), 17.2 Q2
  const retreatTo = act.type === 'move' || act.type === 'drop' ? act.path[0]! : -1; // 11.5(2)
  startCombat(b, ctx, g, {
    counter: true,
    side,
    alloc: who,
    points,
    targets: cs.targets,
    assigned: cs.targets.map(() => 0),
    retreatTo,
  });
}

// ---- the decisions ----------------------------------------------------------------------------------
/** 10.1(3): the non-active player may counterattack the group action with an Ambush card or jets (16.8). */
export const windowDecision: TRDecision<'window'> = {
  rule: '10.1(3)',
  role: bySide,
  prompt: (_b, g) => msg('tr.window', { side: sideName(g.act!.side) }),
  actions: ['ambush', 'jet', 'noCounter'],
  legal(b, g, f) {
    const out: TRAction[] = [];
    const seen = new Set<string>();
    for (const id of g.hand[f.side]) {
      const c = b.cardById.get(id)!;
      if (c.effect.kind !== 'ambush' || seen.has(`${c.sv}`)) continue;
      seen.add(`${c.sv}`);
      out.push({ type: 'ambush', card: id });
    }
    if (g.options.opt16_8 && counterSetup(b, g)?.eligible.some((u) => isJet(b, u))) out.push({ type: 'jet' }); // 16.8
    out.push({ type: 'noCounter' });
    return out;
  },
  perform(_b, _ctx, g, f, a) {
    if (a.type === 'ambush') goto(g.stack, { kind: 'counter', side: f.side, card: a.card, units: [] });
    if (a.type === 'jet') goto(g.stack, { kind: 'counter', side: f.side, card: null, units: [] });
    if (a.type === 'noCounter') end(g.stack);
  },
  refuse(b, g, f, a) {
    if (a.type === 'ambush' && !g.hand[f.side].includes(a.card))
      return { rule: '10.0', message: 'a counterattack needs an Ambush card in your hand' };
    if (a.type === 'ambush') return { rule: '10.0', message: `${cardName(b, a.card)} is not an Ambush card` };
    if (a.type === 'jet')
      return g.options.opt16_8
        ? { rule: '16.8', message: 'no unused jet may counterattack here' }
        : { rule: '16.8', message: 'jets are an optional rule (16.8), not in play' };
    return counterSetup(b, g) ? null : { rule: '10.1(1)', message: 'no unit may counterattack' };
  },
  /** The window closes by itself when nobody may counterattack any more. */
  auto(b, _ctx, g) {
    if (counterSetup(b, g)) return false;
    end(g.stack);
    return true;
  },
};

/** 10.1: the counterattacking units, one by one, then fire (jets only with 16.8). */
export const counterDecision: TRDecision<'counter'> = {
  rule: '10.1',
  role: bySide,
  prompt: () => msg('tr.counter'),
  actions: ['join', 'fire'],
  legal(b, g, f) {
    const cs = counterSetup(b, g);
    const out: TRAction[] = [];
    const seen = new Set<number>();
    for (const u of cs?.eligible ?? []) {
      if (f.units.includes(u) || (f.card === null && !isJet(b, u)) || seen.has(b.unitKind[u]!)) continue;
      seen.add(b.unitKind[u]!);
      out.push({ type: 'join', unit: u });
    }
    if (f.units.length) out.push({ type: 'fire' });
    return out;
  },
  perform(b, ctx, g, f, a) {
    if (a.type === 'join') f.units.push(a.unit);
    if (a.type === 'fire') {
      end(g.stack);
      fireCounter(b, ctx, g, f);
    }
  },
  refuse: (_b, _g, f, a) =>
    a.type === 'fire'
      ? { rule: '10.1', message: 'choose at least one counterattacking unit first' }
      : {
          rule: f.card === null ? '16.8' : '10.1(1)',
          message: `only unused units in the area that may attack there${f.card === null ? ' (jets)' : ''}, each once`,
        },
};
