/**
 * What combat does to units, in one place: revealing an untried unit (21.2-21.4), eliminating
 * (13.1, 9.1 VP), suppressing (15.2), and the air markers drawn from the pool (6.6, 17.0).
 */
import type { Ctx } from '@sandtable/engine';
import { distance, type Env, other } from './board.ts';
import type { Side } from './data/index.ts';
import type { Air, DubnoState } from './state.ts';
import { inCommand, nameOf, onMap, sideOf, typeOf, untried } from './units.ts';

/**
 * 21.2 An untried unit is flipped when it is declared in a combat: its values are drawn now, from
 * the values its type still has in the pool, so nobody could have known them before (21.3). A unit
 * revealed with defence 0 is removed at once (21.4).
 */
export function reveal(env: Env, ctx: Ctx, g: DubnoState, u: string): void {
  if (!untried(env, g, u)) return;
  const pool = g.pools[env.unit[u]!.untried!]!;
  const [die] = ctx.roll(1, `${nameOf(env, u)} is revealed (21.2)`, pool.length);
  const values = pool.splice(die! - 1, 1)[0]!;
  g.units[u]!.revealed = values;
  ctx.irreversible(`${nameOf(env, u)} was revealed`);
  const at = (b: boolean | undefined, n: number) => (b ? `[${n}]` : `${n}`);
  ctx.log(
    `${nameOf(env, u)} is revealed: ${at(values.atAttack, values.attack)}-${at(values.atDefense, values.defense)}`,
    { rule: '21.2' },
  );
  if (values.defense === 0) {
    g.units[u] = { ...g.units[u]!, status: 'gone', hex: null, supp: false };
    ctx.log(`${nameOf(env, u)} has no defence and is removed (21.4)`, { rule: '21.4' });
  }
}

/** 13.1, 9.1 A unit is eliminated: the enemy scores its VP (23.1); 6.10 whether it was in command is kept. */
export function eliminate(env: Env, ctx: Ctx, g: DubnoState, u: string, why: string, rule: string): void {
  const s = g.units[u]!;
  if (s.status !== 'map') return;
  const vp = typeOf(env, u).vp;
  const was = inCommand(env, g, u);
  g.units[u] = { ...s, status: 'eliminated', hex: null, supp: false, inCommandWhenLost: was };
  g.vp[other(sideOf(env, u))] += vp;
  ctx.log(`${nameOf(env, u)} is eliminated: ${why} (+${vp} VP ${other(sideOf(env, u))})`, { rule });
}

/** 15.2 Suppressed; 12.13 artillery so hit may not fire FPF before its owner's next turn. */
export function suppress(env: Env, ctx: Ctx, g: DubnoState, u: string, rule: string): void {
  g.units[u]!.supp = true;
  barFpf(env, g, u);
  ctx.log(`${nameOf(env, u)} is suppressed`, { rule });
}

export function barFpf(env: Env, g: DubnoState, u: string): void {
  if (env.unit[u]!.type === 'artillery' && !g.fpfBarred.includes(u)) g.fpfBarred.push(u);
}

export const airPoints = (env: Env, a: Air): number =>
  a.GA * env.data.tables.air.strength.GA + a.MB * env.data.tables.air.strength.MB;
export const airCount = (a: Air): number => a.GA + a.MB;

/** 17.7, 17.8 Flak: air strikes at a hex within reach of enemy AA are halved, fractions dropped. */
export function flak(env: Env, g: DubnoState, target: string, firing: Side): boolean {
  return onMap(env, g, other(firing)).some((u) => {
    const aa = typeOf(env, u).aa;
    const d = distance(env, g.units[u]!.hex!, target);
    return (aa === 'own' && d === 0) || (aa === 'two' && d <= 2);
  });
}

export function airStrength(env: Env, g: DubnoState, a: Air, target: string, firing: Side): number {
  const p = airPoints(env, a);
  return p > 0 && flak(env, g, target, firing) ? Math.floor(p / 2) : p;
}

/** 17.5 Used markers go back into the pool (6.6). */
export function spendAir(g: DubnoState, side: Side, a: Air): void {
  const s = g.air[side];
  for (const k of ['GA', 'MB'] as const) {
    s.drawn[k] -= a[k];
    s.cup[k] += a[k];
  }
}

/** 17.2, 18.2 Markers a side may still commit now (none in weather that grounds aircraft). */
export function airLeft(env: Env, g: DubnoState, side: Side, committed: Air): Air {
  if (env.data.tables.weather.effects[g.weather]?.noAir) return { GA: 0, MB: 0 };
  const d = g.air[side].drawn;
  return { GA: d.GA - committed.GA, MB: d.MB - committed.MB };
}
