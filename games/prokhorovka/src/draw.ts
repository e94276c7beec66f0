/**
 * Random draws from the cups (3.5(1), 3.6): equipment chits at set-up (4.0(4)), with
 * reinforcements (7.0(2), A-03) and with a XXIV Panzer Corps unit (19.2(2)); support chits at
 * set-up (4.0(6)2) and in the support receipt phase (6.0(2)). A-48: a short cup gives what it has.
 */
import type { Ctx } from '@sandtable/engine';
import type { Env, PGState, Side } from './state.ts';

/** Draws `n` chits at random from `side`'s cup of `back` (4.0(4), 7.0; A-48 short cups). The draw is logged to the owner only. */
export function drawEquip(
  E: Env,
  ctx: Ctx,
  g: PGState,
  side: Side,
  back: 'tank' | 'equip',
  n: number,
  to: string,
  why: string,
): string[] {
  const got: string[] = [];
  for (let k = 0; k < n; k++) {
    const cup = g.equip.filter((c) => c.side === side && c.loc === 'cup' && E.equipById.get(c.id)!.back === back);
    if (cup.length === 0) break;
    const pick =
      cup[cup.length === 1 ? 0 : ctx.roll(1, `${why}: draw from the ${side} ${back} cup`, cup.length, [side])[0]! - 1]!;
    pick.loc = to;
    pick.faceUp = false;
    got.push(pick.id);
  }
  return got;
}

export function drawSupport(ctx: Ctx, g: PGState, side: Side, n: number, why: string): void {
  for (let k = 0; k < n; k++) {
    const cup = g.support.filter((c) => c.side === side && c.loc === 'cup');
    if (cup.length === 0) break;
    const pick = cup[cup.length === 1 ? 0 : ctx.roll(1, `${why}: ${side} support draw`, cup.length, [side])[0]! - 1]!;
    pick.loc = 'pool';
  }
}

/** The Soviet support chits of the turn (6.0(2)): the turn track's SP box (19.1(2), A-32: turn 10 = turn 9). */
export function sovSP(E: Env, g: PGState): number {
  const track = E.d.tables.turnTrack;
  if (g.turn > track.length && !g.o.turn10SameSP) return 0; // A-32 (off): the track has no turn-10 box, so no draw
  const box = track[Math.min(g.turn, track.length) - 1]!; // 19.1(2), A-32: turn 10 = turn 9
  return box.sovSP;
}
