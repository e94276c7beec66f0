/**
 * The turn (5.0): hands chosen from the usable decks (5.0(1)), the first player (5.0(2)),
 * impulses until two consecutive passes (5.0(3)), and the end of the turn (5.0(4): ① strategic
 * victory, ② recovery and ③ withdrawal for each player, ④ the decks, ⑤ the turn marker).
 */
import type { Ctx } from '@sandtable/engine';
import type { Side } from './data/index.ts';
import type { Board } from './board.ts';
import type { TRAction } from './actions.ts';
import { cardClass, cardOf } from './cards.ts';
import { reassignChoices, settleControl } from './control.ts';
import { other, SIDES, type PendingOf, type TRState } from './state.ts';
import { gameVictory, strategicVictory } from './victory.ts';
import { sourceCount } from './world.ts';

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
    `Turn ${g.turn} (${t.season} ${t.year}${t.winter ? ', W' : ''}): sources Axis ${ax}, Allies ${al}; hands Axis ${Math.min(n.axis, g.deck.axis.length)}, Allies ${Math.min(n.allies, g.deck.allies.length)}; ${g.first} moves first.`,
    { rule: '5.0(1)(2)' },
  );
  g.stack = [
    { kind: 'impulse', side: g.first },
    { kind: 'hand', side: 'allies', left: n.allies },
    { kind: 'hand', side: 'axis', left: n.axis },
  ];
}

// ---- 5.0(1) hands ------------------------------------------------------------------------------------
/** The hand is complete, the deck is short (AMB-29: taken whole), or all its cards are alike: no decision. */
export function handSettled(b: Board, ctx: Ctx, g: TRState, p: PendingOf<'hand'>): boolean {
  if (p.left <= 0 || g.deck[p.side].length === 0) {
    g.stack.pop();
    return true;
  }
  if (g.deck[p.side].length <= p.left) {
    // AMB-29: a short deck is taken whole.
    g.hand[p.side].push(...g.deck[p.side]);
    g.deck[p.side] = [];
    g.stack.pop();
    return true;
  }
  if (new Set(g.deck[p.side].map(cardClass)).size === 1) {
    pick(b, ctx, g, p, g.deck[p.side][0]!);
    return true;
  }
  return false;
}

export function handLegal(g: TRState, p: PendingOf<'hand'>): TRAction[] {
  const seen = new Set<string>();
  return g.deck[p.side]
    .filter((id) => !seen.has(cardClass(id)) && seen.add(cardClass(id)))
    .map((card) => ({ type: 'pick', card }));
}

export function pick(b: Board, ctx: Ctx, g: TRState, p: PendingOf<'hand'>, id: string): void {
  const side = p.side;
  g.deck[side].splice(g.deck[side].indexOf(id), 1);
  g.hand[side].push(id);
  p.left--;
  ctx.log(`${side} chooses ${cardOf(b, id).name} (SV ${cardOf(b, id).sv}) for the hand.`, {
    to: [side],
    rule: '5.0(1)',
  });
}

// ---- 5.0(3) impulses ----------------------------------------------------------------------------------
export function doPass(b: Board, ctx: Ctx, g: TRState, side: Side): void {
  g.stack.pop();
  g.bank[side] = 0; // 10.2 [REC]: banked SV not used in the next impulse is lost
  g.passes++;
  ctx.log(`${side} passes.`, { rule: '5.0(3)' });
  endImpulse(b, ctx, g, side);
}

/** The end of an impulse: control (3.4), two consecutive passes end the turn (5.0(3)), else the other player's impulse. */
export function endImpulse(b: Board, ctx: Ctx, g: TRState, side: Side): void {
  settleControl(b, ctx, g);
  if (g.passes >= 2)
    endTurn(b, ctx, g); // 5.0(3): two consecutive passes end the turn
  else {
    g.active = other(side);
    g.stack.push({ kind: 'impulse', side: g.active });
  }
  // 3.4(5): each player may then hand areas to other friendly nations (the active player decides first).
  for (const s of [other(side), side])
    if (!g.outcome && reassignChoices(b, g, s, []).length) g.stack.push({ kind: 'reassign', side: s, done: [] });
}

// ---- 5.0(4) the end of the turn -----------------------------------------------------------------------
function endTurn(b: Board, ctx: Ctx, g: TRState): void {
  if (strategicVictory(b, ctx, g)) return; // ① 14.1
  const second = other(g.first);
  // ② recovery, ③ withdrawal, first player then second; then ④ decks and ⑤ the turn marker.
  g.stack = [
    { kind: 'auto', step: 'finishTurn' },
    { kind: 'auto', step: 'withdrawal', side: second },
    { kind: 'auto', step: 'withdrawal', side: g.first },
    { kind: 'auto', step: 'recovery', side: second },
    { kind: 'auto', step: 'recovery', side: g.first },
  ];
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
