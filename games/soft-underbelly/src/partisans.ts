/** Partisans (§35 L366-L374, AMB-19, AMB-21). */
import type { Ctx } from '@sandtable/engine';
import type { SUAction } from './actions.ts';
import { partisanHomes } from './reinforce.ts';
import { ALLIES, AXIS, areaName, log, unit, type Env, type SUState } from './state.ts';

/** Flip a face-up partisan to draw one Axis cube from an adjacent area (any time, §35 L370). */
export function partisanFlipOptions(E: Env, g: SUState): SUAction[] {
  const out: SUAction[] = [];
  for (const u of g.units) {
    if (u.side !== ALLIES || u.type !== 'partisan' || !u.up || u.loc < 0) continue;
    for (const a of E.m.adj[u.loc]!) {
      if (g.cubes.axis[a]! === 0) continue;
      if (g.battle && (g.battle.target === a || g.battle.target === u.loc)) continue;
      out.push({ type: 'partisanFlip', id: u.id, from: E.m.ids[a]! });
    }
  }
  return out;
}

export function partisanFlip(E: Env, ctx: Ctx, g: SUState, a: Extract<SUAction, { type: 'partisanFlip' }>): void {
  const u = unit(g, a.id);
  const from = E.m.index(a.from);
  u.up = false;
  g.cubes.axis[from]!--;
  if (g.moved.axis[from]! > g.cubes.axis[from]!) g.moved.axis[from] = g.cubes.axis[from]!;
  if (g.pins[from]! > g.cubes.axis[from]!) g.pins[from] = g.cubes.axis[from]!;
  g.cubes.axis[u.loc]!++;
  g.pins[u.loc]!++;
  g.pinUntil[u.loc] = g.serial + (g.o.partisanPinScope === 'nextImpulse' ? 1 : 0);
  log(ctx, `${u.id} flips: an Axis cube is drawn from ${areaName(E, from)} into ${areaName(E, u.loc)} and cannot move this impulse`, '§35 L370-L372, AMB-19');
}

/** Partisan movement along Axis-controlled triangle areas, in the Allied movement step (AMB-19). */
export function partisanMoveOptions(E: Env, g: SUState): SUAction[] {
  const out: SUAction[] = [];
  const homes = new Set(partisanHomes(E, g));
  for (const u of g.units) {
    if (u.side !== ALLIES || u.type !== 'partisan' || u.loc < 0 || u.mv) continue;
    const seen = new Set<number>([u.loc]);
    const queue = [u.loc];
    while (queue.length) {
      const a = queue.pop()!;
      for (const b of E.m.adj[a]!) {
        if (seen.has(b) || !homes.has(b)) continue;
        seen.add(b);
        queue.push(b);
        out.push({ type: 'partisanMove', id: u.id, to: E.m.ids[b]! });
      }
    }
  }
  return out;
}

export function partisanMove(E: Env, ctx: Ctx, g: SUState, a: Extract<SUAction, { type: 'partisanMove' }>): void {
  const u = unit(g, a.id);
  u.loc = E.m.index(a.to);
  u.mv = true;
  g.acted = true;
  log(ctx, `${u.id} moves to ${areaName(E, u.loc)}`, '§35 L368');
}

export { AXIS };
