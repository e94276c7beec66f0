/**
 * Control at the end of an impulse (3.4(4)-(6)), Poland's surrender that follows it (15.4), and
 * the voluntary reassignment of areas among friendly nations (3.4(5), AMB-6).
 */
import { end, type Ctx } from '@sandtable/engine';
import type { Side } from './data/index.ts';
import { areaAt, areaName, nationCode, POOL, type Board } from './board.ts';
import { bySide, type TRDecision } from './actions.ts';
import type { TRState } from './state.ts';
import { ctrlSide, friendlyUnit, updateControl } from './world.ts';
import { msg } from './texts/index.ts';
import { sideName, nationName } from './texts/names.ts';

/** 3.4(4)(6): control as the units stand at the end of an impulse; then 15.4: Poland may surrender. */
export function settleControl(b: Board, ctx: Ctx, g: TRState): void {
  updateControl(b, g); // 3.4(4)(6)
  g.seaUse.fill(0); // 3.6(3): capacity is counted per impulse
  // 15.4(1)(2), AMB-43: Poland surrenders when the Axis controls Warsaw.
  if (!g.polandSurrendered && ctrlSide(b, g, b.sp.warsaw) === 'axis') {
    g.polandSurrendered = true;
    const po = b.nationIndex.get('PO')!,
      su = b.nationIndex.get('SU')!;
    for (const a of b.sp.polishSpecial) {
      for (let u = 0; u < g.loc.length; u++)
        if (g.loc[u] === a && b.unitNation[u] === po) {
          g.loc[u] = POOL;
          g.used[u] = 0;
        }
      g.ctrl[a] = su;
    }
    if (g.options.polandAfterSurrender === 'remove')
      for (let u = 0; u < g.loc.length; u++) if (b.unitNation[u] === po && g.loc[u]! >= 0) g.loc[u] = POOL;
    ctx.log('Poland surrenders: Warsaw is Axis-controlled; Brest and Galicia become Soviet-controlled (15.4).', {
      rule: '15.4',
    });
  }
}

// ---- 3.4(5) reassignment -------------------------------------------------------------------------
/** 3.4(5), AMB-6: friendly-controlled areas holding units of several friendly nations, and the nations they may go to. */
export function reassignChoices(b: Board, g: TRState, side: Side, done: number[]): { area: number; nation: number }[] {
  const nats: Set<number>[] = b.areaIds.map(() => new Set<number>());
  for (let u = 0; u < g.loc.length; u++) {
    const a = g.loc[u]!;
    if (a >= 0 && !b.isSea[a] && friendlyUnit(g, b, u, side)) nats[a]!.add(b.unitNation[u]!);
  }
  const out: { area: number; nation: number }[] = [];
  for (let a = 0; a < b.areaIds.length; a++) {
    if (nats[a]!.size < 2 || done.includes(a) || ctrlSide(b, g, a) !== side) continue;
    const flag = b.flag[a]!;
    if (flag >= 0) {
      if (g.options.reassignment === 'never') continue; // AMB-6 (a)
      if (nats[a]!.has(flag) && g.ctrl[a] !== flag) out.push({ area: a, nation: flag }); // AMB-6 (b): only back to the flag nation
      continue;
    }
    for (const n of [...nats[a]!].sort((x, y) => x - y)) if (n !== g.ctrl[a]) out.push({ area: a, nation: n });
  }
  return out;
}

/** 3.4(5): hand friendly-controlled areas to other friendly nations with units there, or keep control as it is. */
export const reassignDecision: TRDecision<'reassign'> = {
  rule: '3.4(5)',
  role: bySide,
  prompt: () => msg('tr.reassign'),
  actions: ['reassign', 'endReassign'],
  legal: (b, g, f) => [
    ...reassignChoices(b, g, f.side, f.done).map((r) => ({
      type: 'reassign' as const,
      area: b.areaIds[r.area]!,
      nation: nationCode(r.nation),
    })),
    { type: 'endReassign' },
  ],
  perform(b, ctx, g, f, a) {
    if (a.type === 'endReassign') {
      end(g.stack);
      return;
    }
    if (a.type !== 'reassign') return;
    const area = areaAt(b, a.area);
    g.ctrl[area] = b.nationIndex.get(a.nation as never)!;
    f.done.push(area);
    ctx.log(`${sideName(f.side)} hands ${areaName(b, area)} to ${nationName(b, a.nation)}.`, { rule: '3.4(5)' });
    if (!reassignChoices(b, g, f.side, f.done).length) end(g.stack);
  },
  refuse: () => ({
    rule: 'AMB-6',
    message:
      'only a friendly-controlled area with units of several friendly nations, to one of them (a flag area only back to its flag nation), once an impulse',
  }),
};
