/**
 * Artillery and the combat phase it fires in, shared by adjacent combat (combat.ts) and fire combat
 * (fire.ts): the combat phase frame on the stack, who may fire now (12.1, 12.11, 12.13, 15.3, 7.8d),
 * and bombard strength with maximum supply (20.3).
 */
import type { Refusal } from '@sandtable/engine';
import { adjacent, type Env } from './board.ts';
import type { Side } from './data/index.ts';
import type { DubnoState, FrameOf } from './state.ts';
import { inCommand, nameOf, sideOf, unitsAt } from './units.ts';

type Phase = FrameOf<'combat'>;

/** The combat phase frame on the stack (the declaration and its results sit above it). */
export function phaseOf(g: DubnoState): Phase | undefined {
  return g.stack.findLast((f): f is Phase => f.kind === 'combat');
}

/** 12.1, 12.11, 12.13, 15.3, 7.8d Artillery that may fire now (support, bombardment or FPF). */
export function whyNotFire(
  env: Env,
  g: DubnoState,
  side: Side,
  u: string,
  use: 'support' | 'bombard' | 'fpf',
): Refusal | null {
  const d = env.unit[u];
  if (!d || d.side !== side || d.type !== 'artillery' || g.units[u]!.status !== 'map')
    return { rule: '12.0', message: `${u} is no artillery of the firing side on the map` };
  if (g.fired.includes(u)) return { rule: '12.1', message: `${nameOf(env, u)} has already fired this player turn` };
  if (g.units[u]!.supp) return { rule: '15.3', message: `${nameOf(env, u)} is suppressed and may not fire` };
  if (!inCommand(env, g, u)) return { rule: '7.8', message: `${nameOf(env, u)} is out of command and may not fire` };
  if (adjacent(env, g.units[u]!.hex!).some((h) => unitsAt(env, g, h).some((x) => sideOf(env, x) !== side)))
    return { rule: use === 'fpf' ? '12.13' : '12.11', message: `${nameOf(env, u)} is adjacent to the enemy` };
  if (use === 'fpf' && g.fpfBarred.includes(u))
    return { rule: '12.13', message: `${nameOf(env, u)} retreated or was suppressed since its turn began` };
  return null;
}

/** 20.3 Artillery strength, doubled by maximum supply this phase. */
export function bombardOf(env: Env, g: DubnoState, u: string): number {
  const f = phaseOf(g);
  const base = env.unit[u]!.bombard ?? 0;
  return f?.supplied.includes(u) ? base * 2 : base;
}
