/** Partisans (§35 L366-L374, AMB-19, AMB-21). */
import type { Ctx, Refusal } from '@sandtable/engine';
import type { SUAction } from './actions.ts';
import { partisanHomes } from './reinforce.ts';
import { ALLIES, AXIS, areaName, hasUnits, log, unit, type Env, type Side, type SUState } from './state.ts';
import { unitName } from './texts/names.ts';

/**
 * Partisans live only in Axis-controlled areas (§35 L368; they co-exist with Axis units, AMB-11).
 * When Allied units take or pass through the partisan's area it stops being Axis-controlled: the
 * partisan stays (it is never removed, §35 L374) but cannot flip there, since the drawn Axis cube
 * would share the area with Allied units or sit in an Allied-controlled area (§2 L32). It may flip
 * again once the area is Axis-controlled again, or after moving to a triangle, Axis-controlled area
 * in the Allied movement step (§35 L368, AMB-19: it may move only *to* such areas).
 */
function partisanAreaOk(g: SUState, a: number): boolean {
  return g.ctrl[a] === AXIS && !hasUnits(g, a, ALLIES);
}

/** Flip a face-up partisan to draw one Axis cube from an adjacent area (any time, §35 L370). */
export function partisanFlipOptions(E: Env, g: SUState): SUAction[] {
  const out: SUAction[] = [];
  for (const u of g.units) {
    if (u.side !== ALLIES || u.type !== 'partisan' || !u.up || u.loc < 0) continue;
    if (!partisanAreaOk(g, u.loc)) continue; // §35 L368, AMB-19, AMB-11
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
  log(
    ctx,
    `${unitName(E, u.id)} flips: an Axis cube is drawn from ${areaName(E, from)} into ${areaName(E, u.loc)} and cannot move this impulse`,
    '§35 L370-L372, AMB-19',
  );
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
  log(ctx, `${unitName(E, u.id)} moves to ${areaName(E, u.loc)}`, '§35 L368');
}

/** Why a partisan flip is refused, or null when only its moment is wrong (§35 L366-L372). */
export function refusePartisanFlip(
  E: Env,
  g: SUState,
  side: Side,
  a: Extract<SUAction, { type: 'partisanFlip' }>,
): Refusal | null {
  const u = g.units.find((x) => x.id === a.id);
  if (side !== ALLIES || u?.type !== 'partisan') return { rule: '§35 L366', message: 'only Allied partisans flip' };
  if (!u.up || u.loc < 0) return { rule: '§35 L370', message: 'a partisan flips once a turn, face-up on the map' };
  if (!partisanAreaOk(g, u.loc))
    return {
      rule: '§35 L368, AMB-11, AMB-19',
      message: 'a partisan acts only from an Axis-controlled area free of Allied units',
    };
  if (!partisanFlipOptions(E, g).some((x) => x.type === 'partisanFlip' && x.id === a.id && x.from === a.from))
    return {
      rule: '§35 L370',
      message: 'the drawn Axis cube comes from an adjacent area holding Axis cubes (not an area in battle)',
    };
  return null;
}

/** Why a partisan move is refused (§35 L368, AMB-19). */
export function refusePartisanMove(side: Side): Refusal {
  if (side !== ALLIES) return { rule: '§35 L366', message: 'only the Allies have partisans' };
  return {
    rule: '§35 L368, AMB-19',
    message: 'a partisan moves once an impulse, to a triangle area under Axis control, through such areas',
  };
}
