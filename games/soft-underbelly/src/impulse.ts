/**
 * The impulse (§11 L132): movement step (land, naval transport, air, partisans) then combat step
 * (attacks, one landing). Bombing, fleet attacks, partisan flips and events may come at any time;
 * the opponent reacts in windows (spec 10.3, AMB-46).
 */
import type { Ctx } from '@sandtable/engine';
import type { SUAction } from './actions.ts';
import { decide, HANDLERS, isPass, pop } from './flow.ts';
import { bomb, bombOptions } from './bombing.ts';
import { attackTargets, declareAttack } from './combat.ts';
import { eventLegal, playEvent, type EventContext } from './events.ts';
import { fleetAttack, fleetAttackOptions } from './fleets.ts';
import { declareLanding, landingTargets } from './landing.ts';
import { airMovers, moveOrigins, startGroup } from './movement.ts';
import { partisanFlip, partisanFlipOptions, partisanMove, partisanMoveOptions } from './partisans.ts';
import { ALLIES, areaName, unit, type Env, type Side, type SUState } from './state.ts';

/** Actions available "at any time" to `side` (own impulse or a reaction window). */
export function anytimeOptions(E: Env, g: SUState, side: Side, context: EventContext): SUAction[] {
  const out: SUAction[] = [...bombOptions(E, g, side)];
  if (side === ALLIES) out.push(...partisanFlipOptions(E, g));
  if (context === 'own' || !g.o.fleetAttackOwnImpulseOnly) out.push(...fleetAttackOptions(g, side));
  out.push(...eventLegal(E, g, side, context));
  return out;
}

export function performAnytime(E: Env, ctx: Ctx, g: SUState, side: Side, a: SUAction): boolean {
  switch (a.type) {
    case 'bomb':
      bomb(E, ctx, g, side, a);
      return true;
    case 'partisanFlip':
      partisanFlip(E, ctx, g, a);
      return true;
    case 'fleetAttack':
      fleetAttack(ctx, g, side, a);
      return true;
    case 'event':
      playEvent(E, ctx, g, side, a);
      return true;
    default:
      return false;
  }
}

HANDLERS.impulse = {
  legal(E, g, d) {
    const side = d.role as Side;
    const ids = E.m.ids;
    const out: SUAction[] = [];
    if (g.movePhase) {
      if (!g.acted) out.push({ type: 'pass' });
      for (const a of moveOrigins(E, g, side)) out.push({ type: 'select', area: ids[a]! });
      for (const id of airMovers(g, side)) out.push({ type: 'selectAir', id });
      if (side === ALLIES) out.push(...partisanMoveOptions(E, g));
      out.push(...anytimeOptions(E, g, side, 'own'));
      out.push({ type: 'endMovement' });
    } else {
      for (const t of attackTargets(E, g, side)) out.push({ type: 'attack', target: ids[t]! });
      if (side === ALLIES) for (const t of landingTargets(E, g)) out.push({ type: 'landing', target: ids[t]! });
      out.push(...anytimeOptions(E, g, side, 'own'));
      out.push({ type: 'endImpulse' });
    }
    return out;
  },
  perform(E, ctx, g, d, a) {
    const side = d.role as Side;
    if (a.type === 'pass' || a.type === 'endImpulse') {
      pop(g);
      return;
    }
    if (a.type === 'endMovement') {
      g.movePhase = false;
      d.prompt = `impulse ${g.impulse}: declare attacks (up to 3 areas, one landing) or end the impulse`;
      d.rule = '§18 L198-L200';
      // The opponent may react before the combat step (spec 10.3).
      decide(
        g,
        'react',
        side === ALLIES ? 'axis' : 'allies',
        '§30 L326, §44 L434',
        'react before the combat step (bomb, event, partisan) or pass',
        { passes: 0 },
      );
      return;
    }
    if (a.type === 'select') {
      startGroup(E, g, side, E.m.index(a.area));
      return;
    }
    if (a.type === 'selectAir') {
      decide(
        g,
        'airDest',
        side,
        '§13 L162-L164',
        `fly ${a.id} from ${areaName(E, unit(g, a.id).loc)} to a friendly area`,
        { ids: [a.id] },
      );
      return;
    }
    if (a.type === 'partisanMove') {
      partisanMove(E, ctx, g, a);
      return;
    }
    if (a.type === 'attack') {
      declareAttack(E, ctx, g, side, E.m.index(a.target));
      return;
    }
    if (a.type === 'landing') {
      declareLanding(E, g, E.m.index(a.target));
      return;
    }
    if (performAnytime(E, ctx, g, side, a)) g.acted = true;
  },
};

/** A reaction window for the non-active player: act (any number of times) or pass to close it. */
HANDLERS.react = {
  autoPass: true,
  legal(E, g, d) {
    return [{ type: 'pass' }, ...anytimeOptions(E, g, d.role as Side, 'react')];
  },
  perform(E, ctx, g, d, a) {
    if (isPass(a)) {
      pop(g);
      return;
    }
    performAnytime(E, ctx, g, d.role as Side, a);
  },
};
