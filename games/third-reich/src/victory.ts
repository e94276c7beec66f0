/**
 * Victory (14.0): the strategic victory checked at the end of each turn (14.1) and the game
 * victory after the last turn (14.2).
 */
import type { Ctx, Outcome } from '@sandtable/engine';
import type { Board } from './board.ts';
import type { TRState } from './state.ts';
import { axisVictoryAreas, ctrlSide, sourceCount } from './world.ts';

/** The game ends: no decision is left. */
export function setOutcome(ctx: Ctx, g: TRState, o: Outcome): void {
  g.outcome = o;
  g.stack = [];
  ctx.log(o.reason, { rule: o.rule });
}

/** 5.0(4)①, 14.1: a strategic victory at the end of the turn; true when the game ended. */
export function strategicVictory(b: Board, ctx: Ctx, g: TRState): boolean {
  const ax = sourceCount(b, g, 'axis', true);
  if (ax >= 10) {
    setOutcome(ctx, g, {
      winner: 'axis',
      reason: `Axis strategic victory at the end of turn ${g.turn}: ${ax} sources (Moscow and London count 2)`,
      rule: '14.1(1)',
    });
    return true;
  }
  if (sourceCount(b, g, 'axis') <= 1) {
    setOutcome(ctx, g, {
      winner: 'allies',
      reason: `Allied strategic victory at the end of turn ${g.turn}: the Axis holds 1 source or fewer`,
      rule: '14.1(2)',
    });
    return true;
  }
  return false;
}

/** 14.2: the game victory at the end of the last turn. */
export function gameVictory(b: Board, ctx: Ctx, g: TRState): void {
  // 14.2(1): Berlin, or 4+ sources, or 10+ areas (AMB-25: land areas).
  const berlin = ctrlSide(b, g, b.sp.berlin) === 'axis';
  const src = sourceCount(b, g, 'axis');
  const areas = axisVictoryAreas(b, g);
  if (berlin || src >= 4 || areas >= 10) {
    setOutcome(ctx, g, {
      winner: 'axis',
      reason: `Axis game victory: ${berlin ? 'holds Berlin' : src >= 4 ? `${src} sources` : `${areas} areas`}`,
      rule: '14.2(1)',
    });
  } else
    setOutcome(ctx, g, {
      winner: 'allies',
      reason: `Allied game victory: the Axis has lost Berlin and holds ${src} sources and ${areas} areas`,
      rule: '14.2(2)',
    });
}
