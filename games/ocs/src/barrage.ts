/**
 * 10.0-10.1 artillery barrage on the flow kernel: the Barrage Segment (a target hex, then the
 * firing artillery), the supply paid at the initial column from one dump (10.1b A), the column
 * shifts (density, hedgehog, the target's terrain, spotter, Strat), the roll and its effect
 * (10.0a). Air and naval barrage (10.2-10.3, 14.7, 18.3) are not yet here.
 */
import { call, end } from '@sandtable/engine';
import { barrageColumn, barrageEffect, densityShift, roundOcs } from './charts.ts';
import { defendersAt, dgHex, lossOrder, loseStep } from './combat.ts';
import { categoriesOf, type Env } from './env.ts';
import type { DecisionOf, ProcedureOf } from './resolve.ts';
import type { ActionOf, OcsState } from './state.ts';
import { fitLoads, usableDumps } from './supply.ts';
import { charts, enemyOf, groundOf, reOf, unitsAt, unitsOf } from './units.ts';

const L = (env: Env, h: number) => env.grid.label(h);

/** 13.4, 13.4a, 10.0e artillery that may fire now at `hex`: in range, not Reserve or Strat, not fired this phase. */
export function mayFire(
  env: Env,
  g: OcsState,
  side: string,
  phase: string,
  fired: string[],
  id: string,
  hex: number,
): boolean {
  const c = groundOf(env, id);
  const u = g.units[id]!;
  if (!c || c.side !== side || u.hex < 0 || fired.includes(id) || !c.barrageRange || !c[u.face].barrage) return false;
  if (u.marker === 'reserve' || u.marker === 'strat') return false; // 13.4a
  if (phase === 'reaction' && !(g.released ?? []).includes(id)) return false; // 7.0a
  if (phase === 'exploitation' && u.marker !== 'exploit' && !(g.released ?? []).includes(id)) return false; // 11.0a
  return env.grid.distance(u.hex, hex) <= c.barrageRange; // 10.1a
}

/** 10.0, 5.10b A the total barrage strength (DG halves; OOS artillery fires at full strength, 10.1b B). */
export function barrageStrength(env: Env, g: OcsState, firers: string[]): number {
  return firers.reduce((s, id) => {
    const c = groundOf(env, id)!;
    const u = g.units[id]!;
    return s + (c[u.face].barrage ?? 0) * (u.marker === 'dg' ? 0.5 : 1);
  }, 0);
}

/** 10.1b A one dump that every firer may draw from and that holds the cost, or null. */
export function barrageDump(env: Env, g: OcsState, side: string, firers: string[], costT: number): number | null {
  let common: number[] | null = null;
  for (const id of firers) {
    const d = usableDumps(env, g, side, g.units[id]!.hex);
    common = common === null ? d : common.filter((x) => d.includes(x));
  }
  return (common ?? []).find((d) => (g.dumps[side]![d] ?? 0) >= costT) ?? null;
}

/** 10.0a density: RE of the target's combat units, a division (formation or multi-step unit) counted at most 3 RE. */
export function densityRE(env: Env, g: OcsState, hex: number, side: string): number {
  const t = charts(env, g.options);
  const byDivision = new Map<string, number>();
  let total = 0;
  for (const id of defendersAt(env, g, hex, side)) {
    const c = groundOf(env, id)!;
    const re = reOf(env, c, g.units[id]!);
    const div = c.steps ? id : g.options.densityDivisionCap === 'formation' ? c.formation : undefined;
    if (div) byDivision.set(div, (byDivision.get(div) ?? 0) + re);
    else total += re;
  }
  for (const re of byDivision.values()) total += Math.min(re, t.barrage.shifts.divisionCapRE);
  return total;
}

/** 10.0b a correct spotter: a friendly combat unit adjacent to the target. */
export const hasSpotter = (env: Env, g: OcsState, side: string, hex: number): boolean =>
  env.grid.neighbours(hex).some((n) => unitsAt(g, n).some((id) => groundOf(env, id)?.side === side));

/** The shifts of 10.0a-b for a barrage by `side` on `hex` (the target picks its terrain, 10.0a). */
export function barrageShifts(
  env: Env,
  g: OcsState,
  side: string,
  hex: number,
): { total: number; spotter: boolean; hog: number } {
  const t = charts(env, g.options).barrage.shifts;
  const target = enemyOf(env, side);
  const hog = g.hedgehogs[hex]?.side === target ? g.hedgehogs[hex]!.level : 0;
  const spotter = hasSpotter(env, g, side, hex);
  const terrain = Math.min(...categoriesOf(env, hex).map((c) => t.terrain[c]));
  const strat = defendersAt(env, g, hex, target).some((id) => g.units[id]!.marker === 'strat') ? t.strat : 0;
  const total =
    densityShift(charts(env, g.options), densityRE(env, g, hex, target)) +
    (hog ? t.hedgehog : 0) +
    terrain +
    (spotter ? 0 : t.noSpotter) +
    strat;
  return { total, spotter, hog };
}

export const barrageSegment: DecisionOf<'barrage', 'declare' | 'endPhase'> = {
  rule: '10.0',
  role: (_env, _g, f) => f.side,
  prompt: (_env, _g, f) => `declare a barrage (${f.phase} phase) or end the Barrage Segment`,
  actions: ['declare', 'endPhase'],
  legal(env, g, f) {
    const out: ActionOf<'declare' | 'endPhase'>[] = [];
    const enemy = enemyOf(env, f.side);
    const targets = new Set<number>();
    for (const id of unitsOf(g, env, enemy)) {
      const hex = g.units[id]!.hex;
      if (!groundOf(env, id) || f.hexes.includes(hex) || targets.has(hex)) continue;
      if (unitsOf(g, env, f.side).some((a) => mayFire(env, g, f.side, f.phase, f.fired, a, hex))) targets.add(hex);
    }
    for (const hex of [...targets].sort((a, b) => a - b)) out.push({ type: 'declare', hex });
    out.push({ type: 'endPhase' });
    return out;
  },
  perform(_env, _ctx, g, f, a) {
    if (a.type === 'endPhase') end(g.stack);
    else call(g.stack, { kind: 'barrageDeclare', side: f.side, phase: f.phase, hex: a.hex, firers: [] });
  },
  refuse: (_env, _g, f, a) =>
    a.type === 'declare' && f.hexes.includes(a.hex)
      ? { rule: '10.0e', message: 'each hex may be barraged once per phase' }
      : null,
};

const segmentOf = (g: OcsState) =>
  [...g.stack].reverse().find((x) => x.kind === 'barrage') as Extract<OcsState['stack'][number], { kind: 'barrage' }>;

/** The column and its cost for these firers, or why they may not fire. */
function firing(
  env: Env,
  g: OcsState,
  side: string,
  firers: string[],
): { column: number; costT: number; dump: number } | string {
  const t = charts(env, g.options);
  const column = barrageColumn(t, barrageStrength(env, g, firers));
  if (column < 0) return 'at least one barrage point is needed before shifts (10.0)';
  const costT = t.barrage.columns[column]!.costT;
  const dump = barrageDump(env, g, side, firers, costT);
  if (dump === null) return `no single dump every firer may draw from holds the ${costT}T the column costs (10.1b A)`;
  return { column, costT, dump };
}

export const barrageDeclare: DecisionOf<'barrageDeclare', 'addAttacker' | 'attack' | 'cancel'> = {
  rule: '10.1',
  role: (_env, _g, f) => f.side,
  prompt: (env, _g, f) => `add artillery firing at ${L(env, f.hex)}, then fire (or cancel)`,
  actions: ['addAttacker', 'attack', 'cancel'],
  legal(env, g, f) {
    const out: ActionOf<'addAttacker' | 'attack' | 'cancel'>[] = [];
    const seg = segmentOf(g);
    for (const id of unitsOf(g, env, f.side).sort())
      if (!f.firers.includes(id) && mayFire(env, g, f.side, f.phase, seg.fired, id, f.hex))
        out.push({ type: 'addAttacker', unit: id });
    if (f.firers.length && typeof firing(env, g, f.side, f.firers) !== 'string') out.push({ type: 'attack' });
    out.push({ type: 'cancel' });
    return out;
  },
  perform(_env, _ctx, g, f, a) {
    if (a.type === 'addAttacker') f.firers.push(a.unit);
    else if (a.type === 'cancel') end(g.stack);
    else {
      const seg = segmentOf(g);
      seg.fired.push(...f.firers);
      seg.hexes.push(f.hex);
      end(g.stack);
      call(g.stack, { kind: 'barrageResolve', side: f.side, hex: f.hex, firers: f.firers });
    }
  },
  refuse(env, g, f, a) {
    if (a.type !== 'attack' || !f.firers.length) return null;
    const r = firing(env, g, f.side, f.firers);
    return typeof r === 'string' ? { rule: '10.1b', message: r } : null;
  },
};

/** 10.0 steps 1-4 of one artillery barrage. */
export const barrageResolve: ProcedureOf<'barrageResolve'> = (env, ctx, g, f) => {
  const t = charts(env, g.options);
  const fire = firing(env, g, f.side, f.firers);
  if (typeof fire === 'string') return; // 10.1b: not paid, no barrage
  g.dumps[f.side]![fire.dump] = (g.dumps[f.side]![fire.dump] ?? 0) - fire.costT; // 10.1b the initial column's cost, from one dump
  if (!g.dumps[f.side]![fire.dump]) delete g.dumps[f.side]![fire.dump];
  fitLoads(env, g, f.side, fire.dump);
  const s = barrageShifts(env, g, f.side, f.hex);
  const column = Math.max(0, Math.min(t.barrage.columns.length - 1, fire.column + s.total));
  const [d1, d2] = ctx.roll(2, `barrage on ${L(env, f.hex)} (10.0)`);
  const printed = t.barrage.results[d1! + d2! - 2]![column]!;
  const bracketed =
    (t.barrage.bracketConditions.noSpotter && !s.spotter) || s.hog >= t.barrage.bracketConditions.hedgehogLevelAtLeast;
  const effect = barrageEffect(t, printed, bracketed, false, g.options.barrageStepDg);
  ctx.log(
    `Barrage of ${roundOcs(barrageStrength(env, g, f.firers))} on ${L(env, f.hex)}: ${t.barrage.columns[fire.column]!.label} shifted ${s.total} to ${t.barrage.columns[column]!.label}, result ${printed}`,
    { rule: '10.0a' },
  );
  const target = enemyOf(env, f.side);
  let steps = effect.steps;
  if (effect.roundingDie) {
    const [r] = ctx.roll(1, 'rounding die for a 1/2 result (10.0a)');
    if (r! >= t.barrage.roundingDieLossAtLeast) steps += 1;
  }
  if (effect.dg) dgHex(env, g, f.hex, target);
  const units = defendersAt(env, g, f.hex, target);
  for (const id of lossOrder(env, g, units, null, steps)) loseStep(env, g, id); // 10.0a the target chooses (9.11c not applied)
  if (steps) ctx.log(`${steps} step(s) lost`, { rule: '10.0a' });
  g.version++;
};
