/**
 * Sea transport capacity (3.6): what is left of a sea area's capacity this impulse (3.6(1)(3)),
 * whether a sea move fits (8.1.2(1)①), and the overflow of land and air units at sea (3.6(5)).
 */
import { call, end } from '@sandtable/engine';
import type { Side } from './data/index.ts';
import { areaName, unitLabel, type Board } from './board.ts';
import { bySide, type TRDecision } from './actions.ts';
import type { Act, TRState } from './state.ts';
import { friendlyUnit, seaCapacity, toPool, unitsIn } from './world.ts';
import { msg } from './texts/index.ts';

/** 3.6(3): what is left of a sea area's capacity this impulse (3.6(1), AMB-13). */
export const capacityLeft = (b: Board, g: TRState, sea: number, side: Side): number =>
  seaCapacity(b, g, sea, side) - (g.seaUse[sea] ?? 0);

/** 3.6(1)(3), 8.1.2(1)①: a sea move needs capacity left in every sea area it uses. */
export function capacityOk(b: Board, g: TRState, act: Act, path: number[]): boolean {
  const carried = act.units.filter((u) => b.unitClass[u] === 'land' || b.unitClass[u] === 'air').length;
  if (carried === 0) return true;
  for (const a of path) if (b.isSea[a] && capacityLeft(b, g, a, act.side) < carried) return false;
  return true;
}

/** Land and air units of `side` at sea in an area (3.6(5)). */
const carriedAt = (b: Board, g: TRState, area: number, side: Side): number[] =>
  unitsIn(g, area).filter(
    (u) => friendlyUnit(g, b, u, side) && (b.unitClass[u] === 'land' || b.unitClass[u] === 'air'),
  );

/** 3.6(5), AMB-12: land and air units at sea beyond the capacity go to the pool (the owner chooses). */
export function checkOverflow(b: Board, g: TRState): void {
  if (g.options.capacityOverflow === 'off') return;
  for (let a = 0; a < b.areaIds.length; a++) {
    if (!b.isSea[a]) continue;
    for (const side of ['axis', 'allies'] as const) {
      const carried = carriedAt(b, g, a, side).length;
      const cap = Math.floor(seaCapacity(b, g, a, side));
      if (carried > cap && !g.stack.some((p) => p.kind === 'overflow' && p.area === a && p.side === side))
        call(g.stack, { kind: 'overflow', side, area: a, left: carried - cap });
    }
  }
}

/** 3.6(5): the owner sends land and air units at sea beyond the capacity to the pool, one at a time. */
export const overflowDecision: TRDecision<'overflow'> = {
  rule: '3.6(5)',
  role: bySide,
  prompt: (b, _g, f) => msg('tr.overflow', { n: f.left, area: areaName(b, f.area) }),
  actions: ['sink'],
  legal(b, g, f) {
    const seen = new Set<number>();
    return carriedAt(b, g, f.area, f.side)
      .filter((u) => !seen.has(b.unitKind[u]!) && !!seen.add(b.unitKind[u]!))
      .map((unit) => ({ type: 'sink' as const, unit }));
  },
  perform(b, ctx, g, f, a) {
    if (a.type !== 'sink') return;
    toPool(b, g, a.unit);
    f.left--;
    ctx.log(`${unitLabel(b, a.unit)} at sea beyond the transport capacity goes to the pool.`, { rule: '3.6(5)' });
    if (f.left <= 0) end(g.stack);
  },
  refuse: (b, _g, f) => ({ rule: '3.6(5)', message: `only your land or air units at sea in ${areaName(b, f.area)}` }),
  /** The overflow resolves itself once the units at sea fit again. */
  auto(b, _ctx, g, f) {
    if (carriedAt(b, g, f.area, f.side).length > Math.floor(seaCapacity(b, g, f.area, f.side))) return false;
    end(g.stack);
    return true;
  },
};
