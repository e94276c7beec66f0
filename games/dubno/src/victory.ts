/**
 * 23.0 Victory: VP for eliminated enemy units (23.1, 9.1) and exits (23.5) are scored as they
 * happen; at the end objectives occupied (23.3) are added, the side with more VP wins, and the
 * difference gives the level (23.2).
 */
import type { Ctx } from '@sandtable/engine';
import type { Env } from './board.ts';
import type { Side } from './data/index.ts';
import type { DubnoState } from './state.ts';
import { sideOf, unitsAt } from './units.ts';

/** 23.3 Who occupies each objective now. */
export function holders(env: Env, g: DubnoState): { name: string; hex: string; side: Side | null; vp: number }[] {
  return env.objective.map((o) => {
    const here = unitsAt(env, g, o.hex);
    const side = here.length ? sideOf(env, here[0]!) : null;
    return { name: o.name, hex: o.hex, side, vp: side ? o.vp[side] : 0 };
  });
}

/** 23.2 The level of a VP difference. */
export function levelOf(env: Env, diff: number): string {
  return env.data.tables.victory.levels.find((l) => diff >= l.min && diff <= l.max)?.level ?? 'strategic';
}

export function finalScore(env: Env, ctx: Ctx, g: DubnoState): void {
  for (const h of holders(env, g))
    if (h.side) {
      g.vp[h.side] += h.vp;
      ctx.log(`${h.name} is held by the ${h.side === 'german' ? 'Germans' : 'Soviets'}: +${h.vp} VP`, { rule: '23.3' });
    }
  const diff = Math.abs(g.vp.german - g.vp.soviet);
  const winner: Side | null = g.vp.german > g.vp.soviet ? 'german' : g.vp.soviet > g.vp.german ? 'soviet' : null;
  const level = levelOf(env, diff);
  g.result = {
    winner,
    reason: `${winner ? `${winner === 'german' ? 'German' : 'Soviet'} ${level} victory` : 'Draw'}: German ${g.vp.german} VP, Soviet ${g.vp.soviet} VP`,
    rule: '23.2',
  };
}
