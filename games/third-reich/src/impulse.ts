/**
 * Impulses (6.0): the active player plays a card, takes an air operation (6.2) or passes
 * (5.0(3)); banked Ambush SV are used as a card of their own (10.2). A card's operation (6.1):
 * its SV part (6.1.1: group actions and mobilization, 12.0) and its event part (6.1.2), each once
 * and not interleaved (6.1(3)).
 */
import type { Ctx } from '@sandtable/engine';
import { areaAt, type Board } from './board.ts';
import type { TRAction } from './actions.ts';
import { cardClass, cardOf } from './cards.ts';
import { carryOutEvent, eventPlayable } from './events.ts';
import { form, formAreas, hasAirOperation } from './groups.ts';
import { mobilize, mobilizeChoices } from './mobilization.ts';
import type { PendingOf, TRState } from './state.ts';
import { doPass, endImpulse } from './turn.ts';

// ---- 6.0 the impulse -------------------------------------------------------------------------------------
/** 5.0(3): no cards in hand and no unused air units -> automatic pass (AMB-32; banked SV keeps the turn, 10.2). */
export function impulseSettled(b: Board, ctx: Ctx, g: TRState, p: PendingOf<'impulse'>): boolean {
  if (g.hand[p.side].length === 0 && g.bank[p.side] === 0 && !hasAirOperation(b, g, p.side)) {
    doPass(b, ctx, g, p.side);
    return true;
  }
  return false;
}

export function impulseLegal(b: Board, g: TRState, p: PendingOf<'impulse'>): TRAction[] {
  const side = p.side;
  const seen = new Set<string>();
  const plays: TRAction[] =
    g.bank[side] > 0
      ? []
      : g.hand[side]
          .filter((id) => !seen.has(cardClass(id)) && seen.add(cardClass(id)))
          .map((card) => ({ type: 'play', card }));
  const extra: TRAction[] = [];
  if (g.bank[side] > 0) extra.push({ type: 'useBank' }); // 10.2(1)
  if (hasAirOperation(b, g, side)) extra.push({ type: 'air' }); // 6.2, 10.2(3)
  return [...plays, ...extra, { type: 'pass' }];
}

export function impulsePerform(b: Board, ctx: Ctx, g: TRState, p: PendingOf<'impulse'>, a: TRAction): void {
  const side = p.side;
  switch (a.type) {
    case 'play':
      g.stack.pop();
      g.hand[side].splice(g.hand[side].indexOf(a.card), 1);
      g.discard[side].push(a.card); // 6.1(5)
      g.op = { card: a.card, svLeft: cardOf(b, a.card).sv, svDone: false, eventDone: false, acted: [] };
      g.passes = 0;
      ctx.irreversible('a card was revealed');
      ctx.log(`${side} plays ${cardOf(b, a.card).name} (SV ${cardOf(b, a.card).sv}).`, { rule: '6.1' });
      g.stack.push({ kind: 'card', side });
      break;
    case 'useBank':
      // 10.2(1)(2)
      g.stack.pop();
      g.op = { card: 'bank', svLeft: g.bank[side], svDone: false, eventDone: true, acted: [] };
      g.bank[side] = 0;
      g.passes = 0;
      ctx.log(`${side} uses ${g.op.svLeft} banked SV from Ambush cards.`, { rule: '10.2' });
      g.stack.push({ kind: 'card', side });
      break;
    case 'air': // 6.2
      g.stack.pop();
      g.stack.push({ kind: 'choose', side, mode: 'air' });
      break;
    case 'pass':
      doPass(b, ctx, g, side);
      break;
  }
}

// ---- 6.1 the card's operation ------------------------------------------------------------------------------
export function cardLegal(b: Board, g: TRState, p: PendingOf<'card'>): TRAction[] {
  const out: TRAction[] = [];
  if (!g.op!.svDone) out.push({ type: 'sv' });
  if (!g.op!.eventDone && eventPlayable(b, g, p.side)) out.push({ type: 'event' });
  out.push({ type: 'endCard' });
  return out;
}

export function cardPerform(b: Board, ctx: Ctx, g: TRState, p: PendingOf<'card'>, a: TRAction): void {
  if (a.type === 'sv') g.stack.push({ kind: 'sv', side: p.side });
  if (a.type === 'event') carryOutEvent(b, ctx, g, p.side);
  if (a.type === 'endCard') {
    g.stack.pop();
    g.op = null;
    endImpulse(b, ctx, g, p.side);
  }
}

// ---- 6.1.1 the SV part ----------------------------------------------------------------------------------------
/** The SV part ends; [REC] unspent SV is lost. */
function endSv(g: TRState): void {
  g.stack.pop();
  g.op!.svDone = true;
  g.op!.svLeft = 0; // [REC] unspent SV is lost when the SV part ends
}

/** The SV part ends by itself when the SV are spent. */
export function svSettled(g: TRState): boolean {
  if (g.op!.svLeft > 0) return false;
  endSv(g);
  return true;
}

export function svLegal(b: Board, g: TRState, p: PendingOf<'sv'>): TRAction[] {
  return [
    ...formAreas(b, g, p.side, 'sv').map((a) => ({ type: 'form' as const, area: b.areaIds[a]! })),
    ...mobilizeChoices(b, g, p.side).map((m) => ({
      type: 'mobilize' as const,
      counter: b.counters[m.counter]!.id,
      area: b.areaIds[m.area]!,
    })),
    { type: 'endSv' },
  ];
}

export function svPerform(b: Board, ctx: Ctx, g: TRState, p: PendingOf<'sv'>, a: TRAction): void {
  if (a.type === 'form') form(b, g, p.side, 'sv', areaAt(b, a.area));
  if (a.type === 'mobilize') mobilize(b, ctx, g, p.side, a.counter, a.area);
  if (a.type === 'endSv') endSv(g);
}
