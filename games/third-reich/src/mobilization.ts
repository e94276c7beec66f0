/**
 * Mobilization (12.0): units from the pool placed used (12.0(1)) for their cost in SV (12.0(2)),
 * in the areas 12.0(3)-(6) allow, using sea capacity on the way (12.0(5), 3.6(3)); free
 * mobilization by an event (Lend-Lease).
 */
import { end, type Ctx } from '@sandtable/engine';
import type { Side } from './data/index.ts';
import { areaAt, areaName, nationCode, POOL, type Board } from './board.ts';
import { bySide, type TRDecision } from './actions.ts';
import type { PendingOf, TRState } from './state.ts';
import { costOf, mobilizationOrigins, placementCache, placements, placementSeas } from './world.ts';
import { msg } from './texts/index.ts';
import { sideName, counterName, nationAdjective } from './texts/names.ts';

/** Whether a unit of counter kind k is in the mobilization pool. */
function inPool(b: Board, g: TRState, k: number): boolean {
  const first = b.unitKind.indexOf(k);
  for (let i = 0; i < b.counters[k]!.count; i++) if (g.loc[first + i] === POOL) return true;
  return false;
}

/** 12.0: the counters `side` may mobilize with `left` SV, and where. */
export function mobilizeChoices(b: Board, g: TRState, side: Side): { counter: number; area: number }[] {
  const out: { counter: number; area: number }[] = [];
  const left = g.op!.svLeft;
  const pre = placementCache(b, g, side);
  b.counters.forEach((_, k) => {
    if (costOf(b, k) > left) return;
    if (!inPool(b, g, k)) return;
    for (const a of placements(b, g, k, side, pre)) out.push({ counter: k, area: a });
  });
  return out;
}

/** 12.0(1)(2)(5): a unit from the pool, placed used, paid from the card's SV. */
export function mobilize(b: Board, ctx: Ctx, g: TRState, side: Side, counter: string, areaId: string): void {
  const k = b.counterIndex.get(counter)!;
  const area = areaAt(b, areaId);
  const first = b.unitKind.indexOf(k);
  let u = first;
  while (g.loc[u] !== POOL) u++;
  g.loc[u] = area;
  g.used[u] = 1; // 12.0(1): placed used
  const cls = b.classOf.get(b.counters[k]!.type)!;
  if ((cls === 'land' || cls === 'air') && !b.noSourceNation[b.nationIndex.get(b.counters[k]!.nation)!]) {
    const seas = placementSeas(b, g, mobilizationOrigins(b, g, k, side), area, side) ?? []; // 12.0(5)
    for (const s of seas) g.seaUse[s] = (g.seaUse[s] ?? 0) + 1; // 3.6(3)
  }
  g.op!.svLeft -= costOf(b, k); // 12.0(2)
  ctx.log(`${sideName(side)} mobilizes ${counterName(b, counter)} in ${areaName(b, area)} (${costOf(b, k)} SV).`, {
    rule: '12.0',
  });
}

// ---- free mobilization (Lend-Lease) -------------------------------------------------------------------
function freeMobChoices(b: Board, g: TRState, p: PendingOf<'freeMob'>): { counter: number; area: number }[] {
  const out: { counter: number; area: number }[] = [];
  const pre = placementCache(b, g, p.side);
  b.counters.forEach((c, k) => {
    if (b.nationIndex.get(c.nation) !== p.nation || costOf(b, k) > p.left) return;
    if (inPool(b, g, k)) for (const a of placements(b, g, k, p.side, pre)) out.push({ counter: k, area: a });
  });
  return out;
}

/** Lend-Lease: mobilize units of one nation worth up to the card's SV, free (12.0(1): placed used). */
export const freeMobDecision: TRDecision<'freeMob'> = {
  rule: '12.0',
  role: bySide,
  prompt: (_b, _g, f) => msg('tr.freeMob', { nation: nationCode(f.nation), sv: f.left }),
  actions: ['freeMobilize', 'endEvent'],
  legal: (b, g, f) => [
    ...freeMobChoices(b, g, f).map((m) => ({
      type: 'freeMobilize' as const,
      counter: b.counters[m.counter]!.id,
      area: b.areaIds[m.area]!,
    })),
    { type: 'endEvent' },
  ],
  perform(b, ctx, g, f, a) {
    if (a.type === 'endEvent') {
      end(g.stack);
      return;
    }
    if (a.type !== 'freeMobilize') return;
    const k = b.counterIndex.get(a.counter)!;
    const u = g.loc.findIndex((l, v) => l === POOL && b.unitKind[v] === k);
    g.loc[u] = areaAt(b, a.area);
    g.used[u] = 1; // 12.0(1)
    f.left -= costOf(b, k);
    ctx.log(
      `${sideName(f.side)} mobilizes ${counterName(b, a.counter)} in ${areaName(b, areaAt(b, a.area))} free (Lend-Lease).`,
      {
        rule: '12.0',
      },
    );
  },
  refuse: (_b, _g, f, a) =>
    a.type === 'freeMobilize'
      ? {
          rule: '12.0',
          message: `only ${nationAdjective(nationCode(f.nation))} units in the pool costing up to ${f.left} SV, in an area where they may be mobilized`,
        }
      : null,
};
