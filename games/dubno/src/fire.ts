/**
 * 12.0 Fire combat: bombardment in the friendly combat phases (12.8, 12.9), final protective fire in
 * the enemy's turn (12.12, 12.13) as the non-phasing player's reaction, air strikes (17.0), and
 * maximum supply (20.3). Each defending unit in the target hex is resolved on its own (12.9).
 */
import { call, type Ctx, end, type Refusal } from '@sandtable/engine';
import { adjacent, distance, type Env, other, terrainAt } from './board.ts';
import type { FireResult, Side } from './data/index.ts';
import { bombardOf, phaseOf, whyNotFire } from './guns.ts';
import { airCount, airLeft, airStrength, barFpf, eliminate, reveal, spendAir, suppress } from './effects.ts';
import type { ActionOf, Air, DecisionOf, DubnoState, FrameOf } from './state.ts';
import { prompts } from './texts.ts';
import { defenseOf, nameOf, occupancy, onMap, sideOf, unitsAt, zocOf } from './units.ts';

type Fire = FrameOf<'fire'>;
const NO_AIR: Air = { GA: 0, MB: 0 };

/** Artillery that could fire at `target` in this mode now. */
function gunsFor(env: Env, g: DubnoState, side: Side, target: string, mode: Fire['mode']): string[] {
  return onMap(env, g, side).filter(
    (u) => !whyNotFire(env, g, side, u, mode) && distance(env, g.units[u]!.hex!, target) <= (env.unit[u]!.range ?? 0),
  );
}

function airFor(env: Env, g: DubnoState, side: Side, mode: Fire['mode']): boolean {
  if (mode === 'fpf' && !env.data.tables.air.fpf[side]) return false; // 17.10
  return airCount(airLeft(env, g, side, NO_AIR)) > 0;
}

/** 12.7, 12.8 Hexes the phasing side may bombard: enemy hexes not yet attacked this phase, with a gun or air to fire. */
export function bombardTargets(env: Env, g: DubnoState, f: FrameOf<'combat'>): string[] {
  const hexes = new Set(onMap(env, g, other(f.side)).map((u) => g.units[u]!.hex!));
  return [...hexes].sort().filter((h) => {
    const here = unitsAt(env, g, h);
    if (here.some((u) => f.hit.includes(u) || f.advanced.includes(u))) return false;
    return gunsFor(env, g, f.side, h, 'bombard').length > 0 || airFor(env, g, f.side, 'bombard');
  });
}

/** 12.12, 12.13 Hexes the non-phasing side may fire FPF at: enemy stacks adjacent to a friendly unit. */
export function fpfTargets(env: Env, g: DubnoState, f: FrameOf<'fpf'>): string[] {
  const own = new Set(onMap(env, g, f.side).map((u) => g.units[u]!.hex!));
  const hexes = new Set(onMap(env, g, other(f.side)).map((u) => g.units[u]!.hex!));
  return [...hexes].sort().filter((h) => {
    if (f.hexes.includes(h) || !adjacent(env, h).some((n) => own.has(n))) return false;
    return gunsFor(env, g, f.side, h, 'fpf').length > 0 || airFor(env, g, f.side, 'fpf');
  });
}

/** 12.12 The FPF Phase: the non-phasing player fires at enemy stacks next to his units, then passes. */
export const fpf: DecisionOf<'fpf', 'fpf' | 'endFpf'> = {
  rule: '12.12',
  role: (_env, _g, f) => f.side,
  prompt: (_env, _g, f) => prompts.fpf(f.side),
  actions: ['fpf', 'endFpf'],
  legal: (env, g, f) => [
    ...fpfTargets(env, g, f).map((hex) => ({ type: 'fpf' as const, hex })),
    { type: 'endFpf' as const },
  ],
  perform(env, ctx, g, f, a) {
    if (a.type === 'endFpf') {
      end(g.stack);
      return;
    }
    f.hexes.push(a.hex);
    ctx.log(`Final protective fire at ${a.hex}`, { rule: '12.12' });
    for (const u of unitsAt(env, g, a.hex)) reveal(env, ctx, g, u); // 21.2
    call(g.stack, { kind: 'fire', side: f.side, mode: 'fpf', target: a.hex, artillery: [], air: NO_AIR });
  },
  refuse: (env, g, f, a) =>
    a.type === 'fpf' && !fpfTargets(env, g, f).includes(a.hex)
      ? {
          rule: '12.13',
          message: `${a.hex} is no enemy stack next to a friendly unit that a gun or air strike can reach`,
        }
      : null,
};

function whyNotGun(env: Env, g: DubnoState, d: Fire, u: string): Refusal | null {
  const base = whyNotFire(env, g, d.side, u, d.mode);
  if (base) return base;
  if (d.artillery.includes(u)) return { rule: '12.7', message: `${nameOf(env, u)} already fires here` };
  if (distance(env, g.units[u]!.hex!, d.target) > (env.unit[u]!.range ?? 0))
    return { rule: '12.3', message: `${d.target} is out of ${nameOf(env, u)}'s range` };
  const limits = env.data.tables.fireLimits[d.side];
  const limit = d.mode === 'fpf' ? limits.support : limits.bombard;
  if (d.artillery.length >= limit)
    return { rule: '22.6', message: `at most ${limit} artillery units fire at one target` };
  return null;
}

function whyNotAirStrike(env: Env, g: DubnoState, d: Fire, kind: 'GA' | 'MB'): Refusal | null {
  if (d.mode === 'fpf' && !env.data.tables.air.fpf[d.side])
    return { rule: '17.10', message: 'Soviet air strikes may not fly FPF in 1941' };
  if (airLeft(env, g, d.side, d.air)[kind] <= 0)
    return { rule: '17.5', message: `no ${kind} marker is left this turn` };
  const limit = env.data.tables.air.perHex[d.side];
  if (airCount(d.air) >= limit) return { rule: '17.9', message: `at most ${limit} air strikes a hex` };
  return null;
}

/** 12.8, 12.12 Declaring one bombardment or FPF: guns and air strikes, then fire. */
export const fire: DecisionOf<'fire', 'support' | 'air' | 'fire'> = {
  rule: '12.8',
  ruleOf: (_env, _g, f) => (f.mode === 'fpf' ? '12.12' : '12.8'),
  role: (_env, _g, f) => f.side,
  prompt: () => prompts.fire(),
  actions: ['support', 'air', 'fire'],
  legal(env, g, d) {
    const out: ActionOf<'support' | 'air' | 'fire'>[] = [];
    for (const u of onMap(env, g, d.side)) if (!whyNotGun(env, g, d, u)) out.push({ type: 'support', unit: u });
    for (const kind of ['GA', 'MB'] as const) if (!whyNotAirStrike(env, g, d, kind)) out.push({ type: 'air', kind });
    if (d.artillery.length + airCount(d.air) > 0) out.push({ type: 'fire' });
    return out;
  },
  perform(env, ctx, g, d, a) {
    if (a.type === 'support') d.artillery.push(a.unit);
    else if (a.type === 'air') d.air = { ...d.air, [a.kind]: d.air[a.kind] + 1 };
    else resolveFire(env, ctx, g, d);
  },
  refuse(env, g, d, a) {
    if (a.type === 'support') return whyNotGun(env, g, d, a.unit);
    if (a.type === 'air') return whyNotAirStrike(env, g, d, a.kind);
    return d.artillery.length + airCount(d.air) === 0
      ? { rule: '12.8', message: 'add a gun or an air strike first' }
      : null;
  },
  auto(env, ctx, g, d) {
    if (unitsAt(env, g, d.target).length > 0) return false;
    ctx.log(`No unit is left in ${d.target}: the fire is called off (21.4)`, { rule: '21.4' });
    end(g.stack);
    return true;
  },
};

/** The fire strength of a declaration: bombard (doubled by supply) or FPF strength, plus air after flak. */
export function fireStrength(env: Env, g: DubnoState, d: Fire): number {
  const guns = d.artillery.reduce((s, u) => s + (d.mode === 'fpf' ? (env.unit[u]!.fpf ?? 0) : bombardOf(env, g, u)), 0);
  return guns + airStrength(env, g, d.air, d.target, d.side);
}

/** 12.15 Only the target hex's terrain shifts a bombardment; nothing else does. */
export function fireColumn(env: Env, diff: number, target: string): { column: number; label: string; shift: number } {
  const cols = env.data.tables.bombardmentCrt.columns;
  const base = cols.findIndex((c) => diff >= c.min && diff <= c.max);
  const shift = -terrainAt(env, target).shift;
  const column = Math.max(0, Math.min(cols.length - 1, base + shift));
  return { column, label: cols[column]!.label, shift };
}

function resolveFire(env: Env, ctx: Ctx, g: DubnoState, d: Fire): void {
  end(g.stack);
  const strength = fireStrength(env, g, d);
  const targets = unitsAt(env, g, d.target);
  for (const u of d.artillery) g.fired.push(u); // 12.1
  spendAir(g, d.side, d.air); // 17.5
  const f = phaseOf(g);
  if (d.mode === 'bombard' && f) f.hit.push(...targets); // 11.9, 12.7: bombarded units count as attacked
  const cols = env.data.tables.bombardmentCrt.columns;
  for (const u of targets) {
    const diff = strength - (defenseOf(env, g, u) ?? 0);
    const { column, label, shift } = fireColumn(env, diff, d.target);
    const [die] = ctx.roll(
      1,
      `${d.mode === 'fpf' ? 'FPF' : 'Bombardment'} ${strength} against ${nameOf(env, u)} (${diff >= 0 ? '+' : ''}${diff}${shift ? `, ${shift} terrain` : ''}): column ${label}`,
    );
    applyFire(env, ctx, g, u, cols[column]!.results[die! - 1]!);
  }
}

/** 13.2 Bombardment results, one unit at a time. */
export function applyFire(env: Env, ctx: Ctx, g: DubnoState, u: string, r: FireResult): void {
  ctx.log(`${nameOf(env, u)}: ${r}`, { rule: '13.2' });
  if (r === 'NE') return;
  if (r === 'DE') eliminate(env, ctx, g, u, 'bombardment', '13.2');
  else if (r === 'DS+' && g.units[u]!.supp) eliminate(env, ctx, g, u, 'suppressed again', '13.2');
  else if (!g.units[u]!.supp) suppress(env, ctx, g, u, '13.2');
  barFpf(env, g, u);
}

/** 20.3 The artillery a supply unit reaches: a path within its radius in MP, not through enemy units, stopping in enemy ZOC. */
export function suppliedBy(env: Env, g: DubnoState, s: string): string[] {
  const side = sideOf(env, s);
  const zoc = zocOf(env, g, other(side));
  const occ = occupancy(env, g);
  const enemyAt = (i: number) => (occ.get(env.grid.label(i)) ?? []).some((x) => sideOf(env, x) !== side);
  const reach = env.finder.reach(env.grid.hex(g.units[s]!.hex!), {
    budget: (env.unit[s]!.radius ?? 0) * 12,
    cost: (_a, b) => (enemyAt(b) ? Infinity : env.terrain[b]!.cost.mech * 12),
    stopsIn: (i) => zoc.has(env.grid.label(i)),
  });
  return onMap(env, g, side).filter(
    (u) => env.unit[u]!.type === 'artillery' && reach.has(env.grid.hex(g.units[u]!.hex!)) && !g.fired.includes(u),
  );
}

export function supplyLegal(env: Env, g: DubnoState, f: FrameOf<'combat'>, u: string): boolean {
  const d = env.unit[u]!;
  if (d.type !== 'supply' || d.side !== f.side || g.units[u]!.status !== 'map' || g.units[u]!.supp) return false;
  return suppliedBy(env, g, u).some((a) => !f.supplied.includes(a));
}

/** 20.3, 20.4 Maximum supply: the artillery reached doubles its bombard strength this phase; the supply unit is spent. */
export function supplyPerform(env: Env, ctx: Ctx, g: DubnoState, f: FrameOf<'combat'>, u: string): void {
  const guns = suppliedBy(env, g, u).filter((a) => !f.supplied.includes(a));
  f.supplied.push(...guns);
  g.units[u] = { ...g.units[u]!, status: 'gone', hex: null };
  ctx.log(`${nameOf(env, u)} gives maximum supply to ${guns.map((a) => nameOf(env, a)).join(', ')} and is used up`, {
    rule: '20.4',
  });
}
