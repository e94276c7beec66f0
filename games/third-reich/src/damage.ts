/**
 * Damage (11.0): who allocates (11.2(1)), allocation point by point (11.2(2), AMB-21, AMB-22),
 * results (11.3, 11.4) and retreats (11.5).
 */
import { call, end, type Ctx } from '@sandtable/engine';
import type { Side } from './data/index.ts';
import { areaAt, areaName, counterOf, unitLabel, type Board } from './board.ts';
import { bySide, type TRDecision } from './actions.ts';
import { checkOverflow } from './capacity.ts';
import { eliminationThreshold, resultOf, type Target } from './combat.ts';
import { enterArea } from './nations.ts';
import { other, type Combat, type TRState } from './state.ts';
import {
  axisLeaningNeutral,
  boundaryBars,
  controlUnits,
  ctrlSide,
  enemyControlUnits,
  mayEnter,
  neighbours,
  revertIfEmpty,
  toPool,
} from './world.ts';
import { msg } from './texts/index.ts';

/** Unit u as a target of damage (11.3, 11.4). */
function target(b: Board, g: TRState, u: number): Target {
  const cls = b.unitClass[u]!;
  return {
    cls,
    used: !!g.used[u],
    durability: counterOf(b, u).durability,
    atSea: cls === 'land' && b.isSea[g.loc[u]!]!,
  };
}

/** A combat's damage points are to be allocated (11.2). */
export function startCombat(b: Board, ctx: Ctx, g: TRState, c: Combat): void {
  g.combat = c;
  if (c.points <= 0) {
    g.combat = null;
    return;
  }
  call(g.stack, { kind: 'alloc', side: c.alloc });
  autoAlloc(b, ctx, g);
}

/** Units that may take the next point (11.2(2), AMB-21 threshold, AMB-22 used first), one per identical case. */
export function allocChoices(b: Board, g: TRState): number[] {
  const c = g.combat!;
  const ts = c.targets.map((u) => target(b, g, u));
  const free = g.options.overAllocation === 'free';
  const cap = ts.reduce((s, t) => s + eliminationThreshold(t), 0);
  const sum = c.assigned.reduce((s, x) => s + x, 0);
  if (sum >= (free ? c.points : Math.min(c.points, cap))) return [];
  const need = (t: Target) =>
    g.options.usedFirst === 'lenient' ? Math.min(t.durability * 1, eliminationThreshold(t)) : eliminationThreshold(t);
  const usedShort = ts.some(
    (t, i) => t.used && c.assigned[i]! < (g.options.usedFirst === 'lenient' ? (t.atSea ? 1 : t.durability) : need(t)),
  );
  const seen = new Set<string>();
  const out: number[] = [];
  ts.forEach((t, i) => {
    if (!free && c.assigned[i]! >= eliminationThreshold(t)) return;
    if (usedShort && !t.used) return; // 11.2(1): used defenders first
    const key = `${b.unitKind[c.targets[i]!]}:${t.used}:${t.atSea}:${c.assigned[i]}:${g.loc[c.targets[i]!]}`;
    if (seen.has(key)) return;
    seen.add(key);
    out.push(c.targets[i]!);
  });
  return out;
}

/** Places points while only one distinct choice is left; resolves when all are placed. */
function autoAlloc(b: Board, ctx: Ctx, g: TRState): void {
  for (;;) {
    const ch = allocChoices(b, g);
    if (ch.length === 0) {
      end(g.stack);
      resolveCombat(b, ctx, g);
      return;
    }
    if (ch.length > 1) return;
    g.combat!.assigned[g.combat!.targets.indexOf(ch[0]!)]!++;
  }
}

/** 11.3, 11.4: the results of the allocated points; 11.5: retreats to choose; 3.6(5): overflow at sea. */
function resolveCombat(b: Board, ctx: Ctx, g: TRState): void {
  const c = g.combat!;
  g.combat = null;
  const retreats = new Map<Side, number[]>();
  const parts: string[] = [];
  c.targets.forEach((u, i) => {
    const pts = c.assigned[i]!;
    if (pts <= 0) return;
    const t = target(b, g, u);
    const r = resultOf({ ...t, canRetreat: retreatDests(b, g, u, c.retreatTo).length > 0 }, pts);
    if (r === 'none') return;
    if (c.counter) g.act?.damaged.push(u); // 10.1(6)
    parts.push(`${unitLabel(b, u)} ${r} (${pts})`);
    if (r === 'flip' || r === 'flip+retreat') g.used[u] = 1;
    if (r === 'pool') toPool(b, g, u);
    if (r === 'retreat' || r === 'flip+retreat') {
      const owner: Side = g.natSide[b.unitNation[u]!]!;
      (retreats.get(owner) ?? retreats.set(owner, []).get(owner)!).push(u);
    }
  });
  ctx.log(`Damage ${c.points}: ${parts.join(', ') || 'no effect'}.`, { rule: '11.3' });
  for (const [side, units] of retreats) call(g.stack, { kind: 'retreat', side, units, only: c.retreatTo });
  checkOverflow(b, g);
}

/** 11.5(1)(2), 15.6, 15.7, 16.7(2), AMB-36: where unit u may retreat. */
export function retreatDests(b: Board, g: TRState, u: number, only: number): number[] {
  const from = g.loc[u]!;
  if (from < 0) return [];
  const n = b.unitNation[u]!;
  const side = g.natSide[n]!;
  const cls = b.unitClass[u]!;
  // 11.5(2): a moving unit made to retreat by a counterattack goes only to the area it moved from (seed: 只能撤退到发起移动的区域),
  // adjacent or not (the start of a move of two or more areas, of a sea move or of a Strategic Movement); the 11.5(1)
  // prohibitions below still apply there, and if that area is not allowed the unit goes to the pool (11.5(2) [REC]).
  const cand =
    only >= 0
      ? [only]
      : cls === 'land' && !b.isSea[from] && g.options.seaBorderStraits !== false
        ? b.landAdj[from]!
        : neighbours(b, g, from, side);
  const out: number[] = [];
  for (const a of cand) {
    if (a === from) continue; // a retreat leaves the area
    if (cls === 'land' && b.isSea[a]) continue; // ④
    if (cls !== 'land' && !b.isSea[a]) continue; // ⑤
    if (!mayEnter(b, a, side)) continue; // 15.7
    const cs = ctrlSide(b, g, a);
    const neutral = cs === 'neutral' && g.ctrl[a]! >= 0;
    if (neutral && !g.options.retreatIntoNeutral) continue; // AMB-36
    if (neutral && g.options.opt16_5 && axisLeaningNeutral(b, g, a)) continue; // 16.5, AMB-36
    if (!neutral && cs === other(side)) continue; // ①
    if (!neutral && enemyControlUnits(b, g, a, side).length) continue; // ②
    if (cls === 'land' && controlUnits(b, g, a, side).filter((v) => b.unitClass[v] === 'land').length >= 10) continue; // ③
    if (boundaryBars(b, n, side, a)) continue; // 15.6 [REC]
    if (g.options.opt16_7 && counterOf(b, u).type === 'GF' && b.flag[a] !== n) continue; // 16.7(2)
    out.push(a);
  }
  return out;
}

// ---- the decisions ----------------------------------------------------------------------------------
/** 11.2: the allocating player places the damage points one at a time (a lone choice is placed for them). */
export const allocDecision: TRDecision<'alloc'> = {
  rule: '11.2',
  role: bySide,
  prompt: (_b, g) => msg('tr.alloc', { n: g.combat!.points - g.combat!.assigned.reduce((s, x) => s + x, 0) }),
  actions: ['hit'],
  legal: (b, g) => allocChoices(b, g).map((unit) => ({ type: 'hit' as const, unit })),
  perform(b, ctx, g, _f, a) {
    if (a.type !== 'hit') return;
    g.combat!.assigned[g.combat!.targets.indexOf(a.unit)]!++;
    autoAlloc(b, ctx, g);
  },
  refuse: (_b, g, _f, a) =>
    a.type === 'hit' && !g.combat!.targets.includes(a.unit)
      ? { rule: '11.1(2)', message: 'only units hit by this combat take its points' }
      : {
          rule: '11.2(2)',
          message:
            'used units first (11.2(1)); no unit beyond what eliminates it (AMB-21) while others can still take points',
        },
};

/** 11.5: the owner retreats each unit whose result says so, or eliminates it instead. */
export const retreatDecision: TRDecision<'retreat'> = {
  rule: '11.5',
  role: bySide,
  prompt: (b, _g, f) => msg('tr.retreat', { unit: unitLabel(b, f.units[0]!) }),
  actions: ['retreat'],
  legal(b, g, f) {
    const u = f.units[0];
    if (u === undefined) return [];
    return [
      ...retreatDests(b, g, u, f.only).map((a) => ({ type: 'retreat' as const, unit: u, to: b.areaIds[a]! })),
      { type: 'retreat', unit: u, to: 'pool' },
    ];
  },
  perform(b, ctx, g, f, a) {
    if (a.type !== 'retreat') return;
    f.units.shift();
    if (a.to === 'pool') {
      toPool(b, g, a.unit);
      ctx.log(`${unitLabel(b, a.unit)} is eliminated instead of retreating.`, { rule: '11.5(1)' });
    } else {
      const to = areaAt(b, a.to);
      const from = g.loc[a.unit]!;
      g.loc[a.unit] = to;
      revertIfEmpty(b, g, from); // AMB-7
      enterArea(b, ctx, g, to, f.side, [a.unit]); // 3.1.3(3)
      ctx.log(`${unitLabel(b, a.unit)} retreats to ${areaName(b, to)}.`, { rule: '11.5' });
    }
    if (!f.units.length) end(g.stack);
  },
  refuse: (_b, _g, f, a) =>
    a.type === 'retreat' && a.unit !== f.units[0]
      ? { rule: '11.5', message: 'retreats are taken one unit at a time, in order' }
      : {
          rule: f.only >= 0 ? '11.5(2)' : '11.5(1)',
          message:
            f.only >= 0
              ? 'a counterattacked moving unit retreats only to the area it moved from'
              : 'a unit may not retreat into an enemy-controlled area, an area with enemy control units, an area over the stacking limit, or across land/sea',
        },
  /** A retreat whose unit has already left the map (or none is left) needs no decision. */
  auto(_b, _ctx, g, f) {
    if (f.units.length !== 0 && g.loc[f.units[0]!]! >= 0) return false;
    f.units.shift();
    if (!f.units.length) end(g.stack);
    return true;
  },
};
