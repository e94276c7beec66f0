/**
 * 13.3 Rail movement: a unit in Move Mode that has spent at most half its MA entrains in a
 * detrainable hex free of enemy ZOC, travels along connected rail hexes of its side (no enemy
 * units, no EZOC: not negatable for cargo, 4.5a C) and detrains in another detrainable hex free
 * of EZOC; it moves no further that phase (4.7d). Each RE (half for Leg units of MA 1-6, 4.7b)
 * costs a point of the side's Rail Cap for the turn (13.3a-b), in the Movement Phase only.
 */
import type { Env } from './env.ts';
import { railBetween } from './env.ts';
import { fieldsOf, sideIndex } from './fields.ts';
import type { FrameOf, OcsState } from './state.ts';
import { controllerOf, detrainable, listedSources } from './supply.ts';
import { groundOf, reOf } from './units.ts';
import { Tracer } from '@sandtable/engine';

/** 4.7a-b the Rail Cap a unit needs: its RE, half for a unit whose Move-Mode MA is 1-6 Leg MP. */
export function railCost(env: Env, g: OcsState, id: string): number {
  const c = groundOf(env, id)!;
  const re = reOf(env, c, g.units[id]!);
  return c.move.mt === 'leg' && c.move.ma >= 1 && c.move.ma <= 6 ? re / 2 : re;
}

/** 13.3b the Rail Cap a side has left this turn. */
export const railCapLeft = (env: Env, g: OcsState, side: string): number =>
  (env.data.scenario.railCap[side]?.value ?? 0) - (g.railUsed?.[side] ?? 0);

const tracers = new WeakMap<Env, Tracer>();

/** 13.3e the hexes a unit may rail to from where it is now (empty when it may not entrain). */
export function railDestinations(env: Env, g: OcsState, f: FrameOf<'movement'>, id: string, ma: number): number[] {
  const c = groundOf(env, id);
  const u = g.units[id]!;
  if (!c || f.phase !== 'movement' || u.hex < 0) return []; // 13.3b
  if (u.marker !== undefined || u.face !== 'move') return []; // 5.6a, 5.7e, 5.8d, 5.10d
  if ((f.spent[id] ?? 0) > ma / 2 + 1e-9) return []; // 13.3e 1
  if (railCapLeft(env, g, c.side) < railCost(env, g, id) - 1e-9) return [];
  const stations = new Set(detrainable(env, g, c.side, listedSources(env, g, c.side), true));
  if (!stations.has(u.hex)) return []; // 13.3c, 13.3e 1
  const fld = fieldsOf(env, g);
  const enemy = 1 - sideIndex(env, c.side);
  let tracer = tracers.get(env);
  if (!tracer) tracers.set(env, (tracer = new Tracer(env.grid)));
  const reach = tracer.flood(u.hex, {
    enters: (h) =>
      !fld.combat[enemy]![h] &&
      !fld.nonCombat[enemy]![h] &&
      !fld.zoc[enemy]![h] &&
      controllerOf(env, g, h) !== env.sides[enemy],
    crosses: (a, b) => railBetween(env, a, b),
  });
  const out: number[] = [];
  for (const h of stations) if (h !== u.hex && reach.reached[h]) out.push(h);
  return out.sort((a, b) => a - b);
}
