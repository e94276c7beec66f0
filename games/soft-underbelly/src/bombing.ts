/** Air bombing (§30 L324-L332) with aircraft range (§31) and the airfield limit (§14, AMB-9). */
import type { Ctx, Refusal } from '@sandtable/engine';
import type { SUAction } from './actions.ts';
import { pushLoss } from './losses.ts';
import {
  AXIS,
  areaName,
  lineIn,
  log,
  missionRoom,
  occupancy,
  other,
  reach,
  rulerOf,
  unit,
  type Env,
  type Side,
  type SUState,
} from './state.ts';
import { unitName } from './texts/names.ts';

export function bombOptions(E: Env, g: SUState, side: Side): SUAction[] {
  const out: SUAction[] = [];
  const enemy = other(side);
  let occ: Uint8Array | null = null;
  for (const u of g.units) {
    if (u.side !== side || u.type !== 'aircraft' || !u.up || u.loc < 0) continue; // face-up only (§29 L312)
    if (!missionRoom(E, g, u.loc) || (side === AXIS && g.blockade === u.loc)) continue;
    occ ??= occupancy(g, enemy, E.n);
    for (const t of E.inReach[rulerOf(g, side)][u.loc]!) {
      if (!(occ[t] || (enemy === AXIS && lineIn(g, t)))) continue;
      if (g.battle && g.battle.target === t) continue;
      out.push({ type: 'bomb', id: u.id, target: E.m.ids[t]! });
    }
  }
  return out;
}

/** Why a bombing is illegal, or null when only its moment is wrong (§30 L324-L332, §31, §14). */
export function refuseBomb(E: Env, g: SUState, side: Side, a: Extract<SUAction, { type: 'bomb' }>): Refusal | null {
  const { id, target } = a;
  const u = g.units.find((x) => x.id === id);
  if (!u || u.side !== side || u.type !== 'aircraft' || u.loc < 0)
    return { rule: '§30 L324', message: 'only your aircraft on the map may bomb' };
  if (!u.up) return { rule: '§29 L312', message: 'a face-down (used) aircraft cannot bomb or support again this turn' };
  const t = E.m.indexOf(target);
  if (t < 0) return { rule: '§30 L324', message: `no area ${target}` };
  if (!reach(E, g, side, u.loc, t))
    return {
      rule: '§31 L336-L340',
      message: `${areaName(E, t)} is beyond the ${g.overlord && side !== AXIS ? 'long' : 'short'} ruler from ${areaName(E, u.loc)}`,
    };
  if (!missionRoom(E, g, u.loc))
    return {
      rule: '§14 L168, AMB-9',
      message: 'this area already launched its aircraft missions this impulse (2 only with an airfield)',
    };
  if (side === AXIS && g.blockade === u.loc)
    return { rule: '§45 L452', message: 'Axis units may not fight from a Blockade area' };
  const enemy = other(side);
  if (!(occupancy(g, enemy, E.n)[t] || (enemy === AXIS && lineIn(g, t))))
    return { rule: '§30 L324', message: `${areaName(E, t)} holds no enemy unit to bomb` };
  if (g.battle?.target === t)
    return { rule: '§30 L326, §19 L206', message: 'the area of the battle being fought is not bombed' };
  return null;
}

export function bomb(E: Env, ctx: Ctx, g: SUState, side: Side, a: Extract<SUAction, { type: 'bomb' }>): void {
  const u = unit(g, a.id);
  const t = E.m.index(a.target);
  const enemy = other(side);
  u.up = false; // §30 L328: flip and roll
  g.missions[u.loc] = g.missions[u.loc]! + 1;
  // §30 L328-L330: 4-6, or 5-6 if the target holds an enemy aircraft (any face) or a defensive line.
  const hard = g.units.some((x) => x.loc === t && x.side === enemy && x.type === 'aircraft') || lineIn(g, t);
  const need = hard ? 5 : 4;
  const [d] = ctx.roll(1, `${unitName(E, u.id)} bombs ${areaName(E, t)} (hit on ${need}-6)`);
  g.lastRoll = { why: 'bombing', dice: [d!] };
  const hit = d! >= need;
  log(
    ctx,
    `${unitName(E, u.id)} bombs ${areaName(E, t)}: ${d} — ${hit ? '1 loss (no retreat)' : 'no effect'}`,
    hard ? '§30 L330' : '§30 L328',
  );
  if (hit) pushLoss(g, enemy, 1, 'bomb', t);
}
