/**
 * Impulses (6.0): the active player plays a card, takes an air operation (6.2) or passes
 * (5.0(3)); banked Ambush SV are used as a card of their own (10.2). A card's operation (6.1):
 * its SV part (6.1.1: group actions and mobilization, 12.0) and its event part (6.1.2), each once
 * and not interleaved (6.1(3)).
 */
import { call, end, goto } from '@sandtable/engine';
import { areaAt } from './board.ts';
import { bySide, type TRAction, type TRDecision } from './actions.ts';
import { cardClass, cardOf, opName } from './cards.ts';
import { carryOutEvent, eventPlayable } from './events.ts';
import { form, formAreas, hasAirOperation } from './groups.ts';
import { mobilize, mobilizeChoices } from './mobilization.ts';
import type { TRState } from './state.ts';
import { doPass, endImpulse } from './turn.ts';
import { msg } from './texts/index.ts';
import { sideName, counterName, cardName, areaTitle } from './texts/names.ts';

// ---- 6.0 the impulse -------------------------------------------------------------------------------------
/** 6.0: the active player plays a card, uses banked Ambush SV (10.2), takes an air operation (6.2) or passes. */
export const impulseDecision: TRDecision<'impulse'> = {
  rule: '6.0',
  role: bySide,
  prompt: () => msg('tr.impulse'),
  actions: ['play', 'useBank', 'air', 'pass'],
  legal(b, g, f) {
    const side = f.side;
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
  },
  perform(b, ctx, g, f, a) {
    const side = f.side;
    switch (a.type) {
      case 'play':
        g.hand[side].splice(g.hand[side].indexOf(a.card), 1);
        g.discard[side].push(a.card); // 6.1(5)
        g.op = { card: a.card, svLeft: cardOf(b, a.card).sv, svDone: false, eventDone: false, acted: [] };
        g.passes = 0;
        ctx.irreversible('a card was revealed');
        ctx.log(`${sideName(side)} plays ${cardOf(b, a.card).name} (SV ${cardOf(b, a.card).sv}).`, { rule: '6.1' });
        goto(g.stack, { kind: 'card', side });
        break;
      case 'useBank':
        // 10.2(1)(2)
        g.op = { card: 'bank', svLeft: g.bank[side], svDone: false, eventDone: true, acted: [] };
        g.bank[side] = 0;
        g.passes = 0;
        ctx.log(`${sideName(side)} uses ${g.op.svLeft} banked SV from Ambush cards.`, { rule: '10.2' });
        goto(g.stack, { kind: 'card', side });
        break;
      case 'air': // 6.2
        goto(g.stack, { kind: 'choose', side, mode: 'air' });
        break;
      case 'pass':
        doPass(b, ctx, g, side);
        break;
    }
  },
  refuse(b, g, f, a) {
    if (a.type === 'play' && g.bank[f.side] > 0)
      return { rule: '10.2(1)', message: 'with banked Ambush SV no other card may be played this impulse' };
    if (a.type === 'play')
      return { rule: '6.0', message: `${cardName(b, a.card)} is not in ${sideName(f.side)}'s hand` };
    if (a.type === 'useBank') return { rule: '10.2', message: 'no banked Ambush SV' };
    if (a.type === 'air' && !hasAirOperation(b, g, f.side))
      return { rule: '6.2, 7.2', message: 'an air operation needs an unused air unit or carrier that could then act' };
    return null;
  },
  /** 5.0(3): no cards in hand and no unused air units -> automatic pass (AMB-32; banked SV keeps the turn, 10.2). */
  auto(b, ctx, g, f) {
    if (g.hand[f.side].length !== 0 || g.bank[f.side] !== 0 || hasAirOperation(b, g, f.side)) return false;
    doPass(b, ctx, g, f.side);
    return true;
  },
};

// ---- 6.1 the card's operation ------------------------------------------------------------------------------
/** 6.1(2)-(4): the SV part, the event part (each once, not interleaved), or finish the card. */
export const cardDecision: TRDecision<'card'> = {
  rule: '6.1(2)-(4)',
  role: bySide,
  prompt: (b, g) => msg('tr.card', { card: opName(b, g.op!.card) }),
  actions: ['sv', 'event', 'endCard'],
  legal(b, g, f) {
    const out: TRAction[] = [];
    if (!g.op!.svDone) out.push({ type: 'sv' });
    if (!g.op!.eventDone && eventPlayable(b, g, f.side)) out.push({ type: 'event' });
    out.push({ type: 'endCard' });
    return out;
  },
  perform(b, ctx, g, f, a) {
    if (a.type === 'sv') call(g.stack, { kind: 'sv', side: f.side });
    if (a.type === 'event') carryOutEvent(b, ctx, g, f.side);
    if (a.type === 'endCard') {
      end(g.stack);
      g.op = null;
      endImpulse(b, ctx, g, f.side);
    }
  },
  refuse(_b, g, _f, a) {
    if (a.type === 'event' && g.op?.eventDone) return { rule: '6.1(3)', message: 'the event was already carried out' };
    if (a.type === 'sv' && g.op?.svDone)
      return { rule: '6.1(3)', message: 'the SV part is over; the SV part and the event are not interleaved' };
    if (a.type === 'event') return { rule: '6.1.2', message: 'the event cannot be carried out now' };
    return null;
  },
};

// ---- 6.1.1 the SV part ----------------------------------------------------------------------------------------
/** The SV part ends; [REC] unspent SV is lost. */
function endSv(g: TRState): void {
  end(g.stack);
  g.op!.svDone = true;
  g.op!.svLeft = 0; // [REC] unspent SV is lost when the SV part ends
}

/** 6.1.1: spend the SV on group actions (1 SV each, 7.0) and mobilization (12.0), or end the SV part. */
export const svDecision: TRDecision<'sv'> = {
  rule: '6.1.1',
  role: bySide,
  prompt: (_b, g) => msg('tr.sv', { sv: g.op!.svLeft }),
  actions: ['form', 'mobilize', 'endSv'],
  legal: (b, g, f) => [
    ...formAreas(b, g, f.side, 'sv').map((a) => ({ type: 'form' as const, area: b.areaIds[a]! })),
    ...mobilizeChoices(b, g, f.side).map((m) => ({
      type: 'mobilize' as const,
      counter: b.counters[m.counter]!.id,
      area: b.areaIds[m.area]!,
    })),
    { type: 'endSv' },
  ],
  perform(b, ctx, g, f, a) {
    if (a.type === 'form') form(b, g, f.side, 'sv', areaAt(b, a.area));
    if (a.type === 'mobilize') mobilize(b, ctx, g, f.side, a.counter, a.area);
    if (a.type === 'endSv') endSv(g);
  },
  refuse: (b, _g, _f, a) =>
    a.type === 'form'
      ? {
          rule: '7.1(1)',
          message: `no unused unit of yours that has not acted this SV use in ${areaTitle(b, a.area)} (6.1.1(3))`,
        }
      : a.type === 'mobilize'
        ? {
            rule: '12.0',
            message: `${counterName(b, a.counter)} cannot be mobilized in ${areaTitle(b, a.area)} with the SV left`,
          }
        : null,
  /** The SV part ends by itself when the SV are spent. */
  auto(_b, _ctx, g) {
    if (g.op!.svLeft > 0) return false;
    endSv(g);
    return true;
  },
};
