/**
 * The turn (5.0), as the sequence of play chart reads:
 *   (1) each player chooses a hand from the usable deck, as many cards as sources (5.0(1));
 *   (2) the player with more sources moves first, ties to the Axis (5.0(2));
 *   (3) impulses alternate until two consecutive passes (5.0(3), 6.0);
 *   (4) the end of the turn: ① strategic victory (14.1), ② recovery (13.0) and ③ withdrawal,
 *       first player then second, ④ the decks, ⑤ the turn marker (5.0(4)).
 * Steps are scheduled in that order on the pending-decision stack (`schedule`).
 */
import { call, end, type Ctx } from '@sandtable/engine';
import type { Side } from './data/index.ts';
import type { Board } from './board.ts';
import { bySide, type TRDecision } from './actions.ts';
import { cardClass, cardOf } from './cards.ts';
import { reassignChoices, settleControl } from './control.ts';
import { other, SIDES, type Pending, type PendingOf, type TRState } from './state.ts';
import { gameVictory, strategicVictory } from './victory.ts';
import { sourceCount } from './world.ts';
import { msg } from './texts/index.ts';
import { sideName, cardName } from './texts/names.ts';

/** Schedules steps to run in the order given, before what is already pending (the last one ends up below the others). */
export function schedule(g: TRState, ...steps: Pending[]): void {
  for (let i = steps.length - 1; i >= 0; i--) call(g.stack, steps[i]!);
}

/** 5.0(1)(2): hands, then the impulses from the first player. */
export function startTurn(b: Board, ctx: Ctx, g: TRState): void {
  const t = b.data.turns[g.turn - 1]!;
  const n: Record<Side, number> =
    g.turn === 1 ? { axis: 4, allies: 0 } : { axis: sourceCount(b, g, 'axis'), allies: sourceCount(b, g, 'allies') }; // 4.0(6), 5.0(1)
  const ax = sourceCount(b, g, 'axis'),
    al = sourceCount(b, g, 'allies');
  g.first = al > ax ? 'allies' : 'axis'; // 5.0(2): more sources first, ties to the Axis; turn marker 2.1.2(1)
  g.active = g.first;
  g.passes = 0;
  ctx.log(
    `Turn ${g.turn} (${t.season} ${t.year}${t.winter ? ', W' : ''}): sources Axis ${ax}, Allies ${al}; hands Axis ${Math.min(n.axis, g.deck.axis.length)}, Allies ${Math.min(n.allies, g.deck.allies.length)}; ${sideName(g.first)} moves first.`,
    { rule: '5.0(1)(2)' },
  );
  g.stack = [];
  schedule(
    g,
    { kind: 'hand', side: 'axis', left: n.axis }, // (1)
    { kind: 'hand', side: 'allies', left: n.allies },
    { kind: 'impulse', side: g.first }, // (2)(3)
  );
}

// ---- 5.0(1) hands ------------------------------------------------------------------------------------
/** 5.0(1): choose cards from the usable deck into the hand, one at a time. */
export const handDecision: TRDecision<'hand'> = {
  rule: '5.0(1)',
  role: bySide,
  prompt: (_b, _g, f) => msg('tr.hand', { n: f.left }),
  actions: ['pick'],
  legal(_b, g, f) {
    const seen = new Set<string>();
    return g.deck[f.side]
      .filter((id) => !seen.has(cardClass(id)) && seen.add(cardClass(id)))
      .map((card) => ({ type: 'pick', card }));
  },
  perform(b, ctx, g, f, a) {
    if (a.type === 'pick') pick(b, ctx, g, f, a.card);
  },
  refuse: (b, _g, f, a) =>
    a.type === 'pick'
      ? { rule: '5.0(1)', message: `${cardName(b, a.card)} is not in ${sideName(f.side)}'s usable deck` }
      : null,
  /** The hand is complete, the deck is short (AMB-29: taken whole), or all its cards are alike: no decision. */
  auto(b, ctx, g, f) {
    if (f.left <= 0 || g.deck[f.side].length === 0) {
      end(g.stack);
      return true;
    }
    if (g.deck[f.side].length <= f.left) {
      // AMB-29: a short deck is taken whole.
      g.hand[f.side].push(...g.deck[f.side]);
      g.deck[f.side] = [];
      end(g.stack);
      return true;
    }
    if (new Set(g.deck[f.side].map(cardClass)).size === 1) {
      pick(b, ctx, g, f, g.deck[f.side][0]!);
      return true;
    }
    return false;
  },
};

function pick(b: Board, ctx: Ctx, g: TRState, p: PendingOf<'hand'>, id: string): void {
  const side = p.side;
  g.deck[side].splice(g.deck[side].indexOf(id), 1);
  g.hand[side].push(id);
  p.left--;
  ctx.log(`${sideName(side)} chooses ${cardOf(b, id).name} (SV ${cardOf(b, id).sv}) for the hand.`, {
    to: [side],
    rule: '5.0(1)',
  });
}

// ---- 5.0(3) impulses ----------------------------------------------------------------------------------
/** 5.0(3): the player passes; two consecutive passes end the turn. */
export function doPass(b: Board, ctx: Ctx, g: TRState, side: Side): void {
  end(g.stack);
  g.bank[side] = 0; // 10.2 [REC]: banked SV not used in the next impulse is lost
  g.passes++;
  ctx.log(`${sideName(side)} passes.`, { rule: '5.0(3)' });
  endImpulse(b, ctx, g, side);
}

/** The end of an impulse: control (3.4), two consecutive passes end the turn (5.0(3)), else the other player's impulse. */
export function endImpulse(b: Board, ctx: Ctx, g: TRState, side: Side): void {
  settleControl(b, ctx, g);
  if (g.passes >= 2)
    endTurn(b, ctx, g); // 5.0(3): two consecutive passes end the turn
  else {
    g.active = other(side);
    call(g.stack, { kind: 'impulse', side: g.active });
  }
  // 3.4(5): each player may then hand areas to other friendly nations (the active player decides first).
  for (const s of [other(side), side])
    if (!g.outcome && reassignChoices(b, g, s, []).length) call(g.stack, { kind: 'reassign', side: s, done: [] });
}

// ---- 5.0(4) the end of the turn -----------------------------------------------------------------------
function endTurn(b: Board, ctx: Ctx, g: TRState): void {
  if (strategicVictory(b, ctx, g)) return; // ① 14.1
  const second = other(g.first);
  g.stack = [];
  schedule(
    g,
    { kind: 'auto', step: 'recovery', side: g.first }, // ②
    { kind: 'auto', step: 'recovery', side: second },
    { kind: 'auto', step: 'withdrawal', side: g.first }, // ③
    { kind: 'auto', step: 'withdrawal', side: second },
    { kind: 'auto', step: 'finishTurn' }, // ④⑤
  );
}

/** ④ the decks, ⑤ the turn marker; after turn 12 the game victory (14.2). */
export function finishTurn(b: Board, ctx: Ctx, g: TRState): void {
  for (const s of SIDES) {
    // 5.0(4)④: unplayed hand + discards (with Development gains, 2.3.2(3)) + rest of the deck
    g.deck[s].push(...g.hand[s], ...g.discard[s]);
    g.hand[s] = [];
    g.discard[s] = [];
    if (g.faceDown) g.faceDown[s] = [];
    g.deck[s].sort();
    g.bank[s] = 0;
  }
  if (g.turn >= 12) {
    gameVictory(b, ctx, g);
    return;
  }
  g.turn++; // 5.0(4)⑤
  startTurn(b, ctx, g);
}
