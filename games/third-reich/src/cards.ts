/**
 * The strategy cards (2.3): lookups, copies of one card, the event driving a group, and the
 * random discards of Wolfpack (15.1(6)) and Strategic Bombing (16.2) with 16.1.2 and 16.3.
 */
import type { Ctx } from '@sandtable/engine';
import type { CardData, Side } from './data/index.ts';
import type { Board } from './board.ts';
import { other, type Act, type TRState } from './state.ts';

export const cardOf = (b: Board, id: string): CardData => b.cardById.get(id)!;

/** Card "class": copies of one card (same side, SV and name) are interchangeable for choices. */
export const cardClass = (id: string): string => id.replace(/-\d+$/, '');

/** The operation's card in words (10.2: banked Ambush SV play as a card of their own). */
export const opName = (b: Board, id: string): string =>
  id === 'bank' ? 'banked Ambush SV (10.2)' : cardOf(b, id).name;

/** The event driving an 'event' group (Sea Transport, Long-range Bombing...), else null. */
export const eventKind = (b: Board, g: TRState, act: Act): CardData['effect']['kind'] | null =>
  act.mode === 'event' && g.op ? (b.cardById.get(g.op.card)?.effect.kind ?? null) : null;

/** Long-range Bombing: movement + 2 (an exception to 9.2(2)). */
export function extraRange(b: Board, g: TRState, act: Act): number {
  const e = act.mode === 'event' && g.op ? b.cardById.get(g.op.card)?.effect : undefined;
  return e?.kind === 'longRangeBombing' ? e.extraRange : 0;
}

/**
 * `hits` cards of `side`'s hand discarded at random (15.1(6), 16.2 with its options off); 16.3
 * keeps a hand of 4 or fewer; 16.1.2 discards face down, in secret. `who` names the side in the log.
 */
export function discardAtRandom(
  b: Board,
  ctx: Ctx,
  g: TRState,
  side: Side,
  hits: number,
  who: string,
  rule: string,
): void {
  for (let i = 0; i < hits; i++) {
    const hand = g.hand[side];
    if (!hand.length || (g.options.opt16_3 && hand.length <= 4)) break; // 16.3
    const pick = ctx.roll(1, 'card discarded at random', hand.length)[0]! - 1;
    const [c] = hand.splice(pick, 1);
    g.discard[side].push(c!);
    if (g.options.opt16_1_2) {
      // 16.1.2: face down, in secret
      (g.faceDown ??= { axis: [], allies: [] })[side].push(c!);
      ctx.log(`${who} discard ${cardOf(b, c!).name} face down.`, { rule: '16.1.2', to: [side] });
      ctx.log(`${who} discard a card face down.`, { rule: '16.1.2', to: [other(side)] });
    } else ctx.log(`${who} discard ${cardOf(b, c!).name}.`, { rule });
  }
}
