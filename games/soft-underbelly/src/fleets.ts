/** Fleets (§37 L384-L390) and the U-boat (§38 L394-L398): attacks on enemy fleets (AMB-45). */
import type { Ctx, Refusal } from '@sandtable/engine';
import type { SUAction } from './actions.ts';
import { type Env, log, other, SEA, unit, type Side, type SUState } from './state.ts';
import { unitName, sideName } from './texts/names.ts';

export function fleetAttackOptions(g: SUState, side: Side): SUAction[] {
  const out: SUAction[] = [];
  const targets = g.units.filter((u) => u.side === other(side) && u.type === 'fleet' && u.loc === SEA && u.up);
  for (const u of g.units) {
    if (u.side !== side || (u.type !== 'fleet' && u.type !== 'uboat') || u.loc !== SEA || !u.up) continue;
    for (const t of targets) out.push({ type: 'fleetAttack', id: u.id, target: t.id });
  }
  return out;
}

export function fleetAttack(
  E: Env,
  ctx: Ctx,
  g: SUState,
  side: Side,
  a: Extract<SUAction, { type: 'fleetAttack' }>,
): void {
  const u = unit(g, a.id);
  u.up = false; // the attacker flips (§37 L384, §38 L396)
  const [d] = ctx.roll(1, `${unitName(E, a.id)} attacks ${unitName(E, a.target)} (hit on 5-6)`);
  const hit = d! >= 5;
  if (hit) unit(g, a.target).up = false;
  log(
    ctx,
    `${sideName(side)}: ${unitName(E, a.id)} attacks ${unitName(E, a.target)}: ${d} — ${hit ? `${unitName(E, a.target)} flips face-down` : 'no effect'}`,
    u.type === 'uboat' ? '§38 L398' : '§37 L384',
  );
}

/** Why a fleet attack is refused (§37 L384, §38 L396-L398, AMB-45); `own` in the owner's impulse. */
export function refuseFleetAttack(
  g: SUState,
  side: Side,
  a: Extract<SUAction, { type: 'fleetAttack' }>,
  own: boolean,
): Refusal {
  if (!own && g.o.fleetAttackOwnImpulseOnly)
    return { rule: '§37 L384, §38 L398, AMB-45', message: "fleets attack only in their owner's impulse" };
  const u = g.units.find((x) => x.id === a.id);
  if (!u || u.side !== side || (u.type !== 'fleet' && u.type !== 'uboat') || u.loc !== SEA || !u.up)
    return { rule: '§37 L384, §38 L396', message: 'only your face-up fleets (or U-boat) at sea attack' };
  return { rule: '§37 L384, AMB-45', message: 'the target is a face-up enemy fleet at sea' };
}
