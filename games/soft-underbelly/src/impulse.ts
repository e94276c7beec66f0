/**
 * The impulse (§11 L132-L136): movement step (land, naval transport, air, partisans) then combat
 * step (attacks, one landing). Bombing, fleet attacks, partisan flips and events may come at any
 * time; the opponent reacts in windows (spec 10.3, AMB-46). After the normal impulses, Extra
 * Impulse (§45 L442, §46 L460).
 */
import { call, end, type Ctx, type Message, type Refusal } from '@sandtable/engine';
import type { SUAction } from './actions.ts';
import { bomb, bombOptions, refuseBomb } from './bombing.ts';
import { attackTargets, declareAttack, refuseAttack } from './combat.ts';
import { eventLegal, eventPlayable, markEvent, playEvent, refuseEvent, type EventContext } from './events.ts';
import type { FrameOf } from './frames.ts';
import { fleetAttack, fleetAttackOptions, refuseFleetAttack } from './fleets.ts';
import { callInOrder, isPass, passAlone, type SUDecision, type SUStep } from './handlers.ts';
import { declareLanding, landingTargets, refuseLanding } from './landing.ts';
import { airMovers, moveOrigins, refuseSelect, startGroup } from './movement.ts';
import {
  partisanFlip,
  partisanFlipOptions,
  partisanMove,
  partisanMoveOptions,
  refusePartisanFlip,
  refusePartisanMove,
} from './partisans.ts';
import { ALLIES, AXIS, areaName, log, other, type Env, type Side, type SUState } from './state.ts';
import { msg } from './texts/index.ts';
import { sideName } from './texts/names.ts';

// ---- the impulse sequence (§11) ---------------------------------------------------------------

/** §11 L132: a new impulse of the active player; the opponent may react first (spec 10.3). */
export const impulseStart: SUStep<'impulseStart'> = (_E, _ctx, g) => {
  g.phase = 'impulse';
  g.impulse++;
  g.serial++;
  g.acted = false;
  g.movePhase = true;
  g.attacks = [];
  g.arrows = 0;
  g.landingDone = false;
  g.moved.allies.fill(0);
  g.moved.axis.fill(0);
  g.fought.allies.fill(0);
  g.fought.axis.fill(0);
  for (const u of g.units) {
    u.mv = false;
    u.ft = false;
  }
  if (g.o.airfieldScope === 'impulse') g.missions.fill(0);
  callInOrder(
    g,
    { kind: 'react', side: other(g.active), window: { at: 'impulseStart' } },
    { kind: 'impulse', side: g.active },
    { kind: 'impulseEnd' },
  );
};

/** End of the impulse: stacking is checked (§3 L40), then the next impulse. */
export const impulseEnd: SUStep<'impulseEnd'> = (_E, _ctx, g) => {
  callInOrder(
    g,
    { kind: 'overflowCheck', side: ALLIES },
    { kind: 'overflowCheck', side: AXIS },
    { kind: 'impulseNext' },
  );
};

/** Passes (§11 L132-L136, AMB-26), the four normal impulses, then Extra Impulse (§45 L442, §46 L460). */
export const impulseNext: SUStep<'impulseNext'> = (E, ctx, g) => {
  const side = g.active;
  g.blockade = -1; // §45 L452: only during the impulse in which it is played
  if (g.o.partisanPinScope === 'currentImpulse') g.pins.fill(0);
  else for (let a = 0; a < E.n; a++) if (g.pinUntil[a]! < g.serial + 1) g.pins[a] = 0;
  const passed = !g.acted;
  if (passed) {
    log(ctx, `${sideName(side)} passes`, '§11 L132');
    if (!g.passed.includes(side)) g.passed.push(side);
  }
  const opponentPassed = g.lastPass === other(side);
  g.lastPass = passed ? side : null;
  g.lastBy = side;
  // §11 L136, AMB-26: if both players pass, the turn ends at once.
  if (passed && (g.o.bothPassRule === 'consecutive' ? opponentPassed : g.passed.length === 2)) {
    log(ctx, 'Both players passed: the turn ends', '§11 L136, AMB-26');
    return;
  }
  if (!g.extra) g.normalDone++;
  g.extra = false;
  if (g.normalDone < 4) {
    g.active = other(side);
    call(g.stack, { kind: 'impulseStart' });
    return;
  }
  // §45 L442, §46 L460: after the normal impulses, the player who did not take the last one may take an extra.
  const next = other(side);
  if (eventPlayable(E, g, next, 'extraImpulse', true)) call(g.stack, { kind: 'extraImpulse', side: next });
};

export const extraImpulse: SUDecision<'extraImpulse'> = {
  rule: '§45 L442, §46 L460',
  role: (_E, _g, f) => f.side,
  prompt: () => msg('su.extraImpulse'),
  actions: ['event', 'pass'],
  legal: () => [{ type: 'event', event: 'extraImpulse' }, { type: 'pass' }],
  perform(_E, ctx, g, f, a) {
    end(g.stack);
    if (isPass(a)) return;
    markEvent(g, f.side, 'extraImpulse', false);
    log(ctx, `${sideName(f.side)} plays Extra Impulse`, '§45 L442');
    g.extra = true;
    g.active = f.side;
    call(g.stack, { kind: 'impulseStart' });
  },
  refuse: (E, g, f, a) => (a.type === 'event' ? refuseEvent(E, g, f.side, a, null) : null),
};

// ---- actions at any time (§30 L326, §35 L370, §37 L384, §44 L434) -----------------------------

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
      fleetAttack(E, ctx, g, side, a);
      return true;
    case 'event':
      playEvent(E, ctx, g, side, a);
      return true;
    default:
      return false;
  }
}

/**
 * Why an action "at any time" is refused: its own rule, in the window `context` (null when
 * `side` has no decision pending now: those actions wait for its impulse or a reaction window).
 */
export function refuseAnytime(
  E: Env,
  g: SUState,
  side: Side,
  a: SUAction,
  context: EventContext | null,
): Refusal | null {
  const window = { rule: '§30 L326, §44 L434, AMB-46', message: 'only in your impulse or a reaction window' };
  switch (a.type) {
    case 'bomb':
      return refuseBomb(E, g, side, a) ?? window;
    case 'partisanFlip':
      return refusePartisanFlip(E, g, side, a) ?? window;
    case 'fleetAttack':
      return refuseFleetAttack(g, side, a, context === 'own');
    case 'event':
      return refuseEvent(E, g, side, a, context);
    default:
      return null;
  }
}

// ---- the active player's impulse --------------------------------------------------------------

export const impulse: SUDecision<'impulse'> = {
  rule: '§11 L132',
  ruleOf: (_E, g) => (g.movePhase ? '§11 L132' : '§18 L198-L200'),
  role: (_E, _g, f) => f.side,
  prompt: (_E, g) =>
    g.movePhase ? msg('su.impulse.move', { impulse: g.impulse }) : msg('su.impulse.attack', { impulse: g.impulse }),
  actions: [
    'pass',
    'select',
    'selectAir',
    'partisanMove',
    'endMovement',
    'attack',
    'landing',
    'endImpulse',
    'bomb',
    'partisanFlip',
    'fleetAttack',
    'event',
  ],
  legal(E, g, f) {
    const side = f.side;
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
  perform(E, ctx, g, f, a) {
    const side = f.side;
    switch (a.type) {
      case 'pass':
      case 'endImpulse':
        end(g.stack);
        return;
      case 'endMovement':
        g.movePhase = false;
        // The opponent may react before the combat step (spec 10.3).
        call(g.stack, { kind: 'react', side: other(side), window: { at: 'combatStep' } });
        return;
      case 'select':
        startGroup(g, side, E.m.index(a.area));
        return;
      case 'selectAir':
        call(g.stack, { kind: 'airDest', side, id: a.id });
        return;
      case 'partisanMove':
        partisanMove(E, ctx, g, a);
        return;
      case 'attack':
        declareAttack(E, ctx, g, side, E.m.index(a.target));
        return;
      case 'landing':
        declareLanding(g, E.m.index(a.target));
        return;
      default:
        if (performAnytime(E, ctx, g, side, a)) g.acted = true;
    }
  },
  refuse(E, g, f, a) {
    const moving = { rule: '§11 L132', message: 'units move in the movement step: the combat step has begun' };
    switch (a.type) {
      case 'pass':
        return {
          rule: '§11 L132',
          message: g.acted
            ? 'a player who has acted does not pass: end the impulse'
            : 'the movement step is over: end the impulse',
        };
      case 'select':
        return g.movePhase ? refuseSelect(E, g, f.side, a.area) : moving;
      case 'selectAir':
        return g.movePhase
          ? { rule: '§13 L162-L164', message: 'only your aircraft on the map that have not moved this impulse fly' }
          : moving;
      case 'partisanMove':
        return g.movePhase ? refusePartisanMove(f.side) : moving;
      case 'endMovement':
        return { rule: '§11 L132', message: 'the movement step is over' };
      case 'endImpulse':
        return { rule: '§11 L132', message: 'end the movement step first' };
      case 'attack':
        return refuseAttack(E, g, a.target, g.movePhase);
      case 'landing':
        return refuseLanding(E, g, f.side, a.target, g.movePhase);
      default:
        return refuseAnytime(E, g, f.side, a, 'own');
    }
  },
};

/** Where a reaction window opens (spec 10.3, AMB-46): its rule and words. */
function windowWords(E: Env, f: FrameOf<'react'>): { rule: string; prompt: Message } {
  const w = f.window;
  if (w.at === 'impulseStart') return { rule: '§44 L434, §30 L326', prompt: msg('su.react.impulseStart') };
  if (w.at === 'combatStep') return { rule: '§30 L326, §44 L434', prompt: msg('su.react.combatStep') };
  return {
    rule: '§12 L156, §30 L326, AMB-46',
    prompt: msg('su.react.move', { area: areaName(E, w.into) }),
  };
}

/** A reaction window for the non-active player: act (any number of times) or pass to close it. */
export const react: SUDecision<'react'> = passAlone({
  rule: '§30 L326, §44 L434, AMB-46',
  ruleOf: (E, _g, f) => windowWords(E, f).rule,
  role: (_E, _g, f) => f.side,
  prompt: (E, _g, f) => windowWords(E, f).prompt,
  actions: ['pass', 'bomb', 'partisanFlip', 'fleetAttack', 'event'],
  legal(E, g, f) {
    return [{ type: 'pass' }, ...anytimeOptions(E, g, f.side, 'react')];
  },
  perform(E, ctx, g, f, a) {
    if (isPass(a)) {
      end(g.stack);
      return;
    }
    performAnytime(E, ctx, g, f.side, a);
  },
  refuse: (E, g, f, a) => refuseAnytime(E, g, f.side, a, 'react'),
});

/**
 * Why an impulse action (move, fight) is refused when no impulse decision of `side` is on top:
 * only the active player moves and fights, in its own impulse (§11 L132).
 */
export function refuseOutsideImpulse(g: SUState, side: Side): Refusal | null {
  const own = g.stack.some((f) => f.kind === 'impulse' && f.side === side);
  if (own) return null; // its impulse waits for another decision (a group move, a battle): the flow says which
  return {
    rule: '§11 L132',
    message:
      g.phase === 'impulse'
        ? `units move and fight only in their own impulse (${sideName(g.active)} now)`
        : 'units move and fight only in an impulse',
  };
}
