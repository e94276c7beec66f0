/** Events (§44 L430-L436), Allied events (§45 L440-L452), Axis events (§46 L456-L470). */
import { call, end, type Ctx, type Refusal } from '@sandtable/engine';
import type { SUAction } from './actions.ts';
import type { SUDecision } from './handlers.ts';
import {
  addCubes,
  ALLIES,
  AXIS,
  areaName,
  lineIn,
  log,
  POOL,
  SEA,
  type EventId,
  type Env,
  type Side,
  type SUState,
} from './state.ts';
import { msg } from './texts/index.ts';
import { eventName, sideName } from './texts/names.ts';

export type EventContext = 'own' | 'react' | 'battle' | 'reinforcement';

/** Capacity, hand and the one-event-per-impulse limit (§44 L432-L436). */
export function eventPlayable(E: Env, g: SUState, side: Side, id: EventId, ignoreImpulseLimit = false): boolean {
  const ev = g.ev[side];
  const cap = E.capacity[side][id] ?? 0;
  if ((ev.track[id] ?? 0) >= cap || ev.hand <= 0) return false;
  return ignoreImpulseLimit || ev.last !== g.serial;
}

export function markEvent(g: SUState, side: Side, id: EventId, countImpulse = true): void {
  const ev = g.ev[side];
  ev.hand--;
  ev.track[id] = (ev.track[id] ?? 0) + 1;
  if (countImpulse) ev.last = g.serial;
}

function axisEventArea(E: Env, g: SUState, a: number): boolean {
  // §46 L456: any Axis-controlled area except Africa, Sardinia or Corsica.
  if (!E.m.passable[a] || g.ctrl[a] !== AXIS || E.m.africa[a] || E.m.island[a] || g.blockade === a) return false; // §45 L452
  if (!g.o.eventReinforceIntoBattle && g.battle && g.battle.target === a) return false; // AMB-39
  return true;
}

/** The events `side` may play now, with their area choices. */
export function eventLegal(E: Env, g: SUState, side: Side, context: EventContext): SUAction[] {
  const out: SUAction[] = [];
  const ids = E.m.ids;
  for (const id of E.eventsOf[side]) {
    if (!eventPlayable(E, g, side, id)) continue;
    switch (id) {
      case 'reinforcements':
        if (g.pool[side] === 0) break;
        if (side === ALLIES) {
          // §45 L440: only in the movement step of an Allied impulse; any Allied-controlled area.
          if (context !== 'own' || !g.movePhase) break;
          for (let a = 0; a < E.n; a++)
            if (E.m.passable[a] && g.ctrl[a] === ALLIES) out.push({ type: 'event', event: id, area: ids[a]! });
        } else {
          // §46 L456-L458: also in the opponent's impulse.
          if (context === 'reinforcement') break;
          for (let a = 0; a < E.n; a++)
            if (axisEventArea(E, g, a)) out.push({ type: 'event', event: id, area: ids[a]! });
        }
        break;
      case 'logisticEffort':
        if (context === 'own' && !g.logistic[side]) out.push({ type: 'event', event: id });
        break;
      case 'operations': {
        // §45 L448: also in the opponent's impulse; AMB-34 the sea flips the Allied fleets.
        if (context !== 'own' && context !== 'react') break;
        const areas = new Set<number>();
        for (const u of g.units) if (u.side === side && !u.up && (u.loc >= 0 || u.loc === SEA)) areas.add(u.loc);
        for (const a of [...areas].sort((x, y) => x - y)) {
          if (a === SEA) {
            if (g.o.operationsMayTargetSea) out.push({ type: 'event', event: id, area: 'sea' });
          } else out.push({ type: 'event', event: id, area: ids[a]! });
        }
        break;
      }
      case 'blockade':
        // §45 L452: any area, at any time, even during the Axis movement.
        if (context !== 'own' && context !== 'react') break;
        if (g.blockade >= 0) break;
        for (let a = 0; a < E.n; a++) if (E.m.passable[a]) out.push({ type: 'event', event: id, area: ids[a]! });
        break;
      case 'kesselring': {
        if (context !== 'own') break;
        const t = g.ev[side].track;
        if (Object.entries(t).some(([k, v]) => (v ?? 0) > 0 && k !== 'kesselring') || (t.kesselring ?? 0) > 0)
          out.push({ type: 'event', event: id });
        break;
      }
      case 'newDefensiveLine':
        // §46 L470: during the reinforcement phase, revive a removed line in an Axis area without one.
        if (context !== 'reinforcement' || !g.lines.includes(POOL)) break;
        for (let a = 0; a < E.n; a++)
          if (E.m.passable[a] && g.ctrl[a] === AXIS && !lineIn(g, a))
            out.push({ type: 'event', event: id, area: ids[a]! });
        break;
      case 'stopBattle':
      case 'reserves': {
        if (context !== 'battle' || !g.battle) break;
        const b = g.battle;
        const attacker = b.attacker === side;
        if (!g.o.stopBattleReservesEitherSide && (id === 'stopBattle' ? attacker : !attacker)) break;
        if (id === 'stopBattle' && attacker && b.landing && !g.o.stopOwnLandingReturns) break; // AMB-47
        if (id === 'reserves' && b.stopped) break; // §45 L450
        out.push({ type: 'event', event: id });
        break;
      }
      default:
        break;
    }
  }
  return out;
}

export function playEvent(E: Env, ctx: Ctx, g: SUState, side: Side, a: SUAction): void {
  if (a.type !== 'event') return;
  markEvent(g, side, a.event);
  const area = a.area && a.area !== 'sea' ? E.m.index(a.area) : a.area === 'sea' ? SEA : -1;
  switch (a.event) {
    case 'reinforcements': {
      const k = Math.min(side === ALLIES ? 3 : 2, g.pool[side]); // §45 L440, §46 L456, AMB-30
      addCubes(g, side, area, k);
      g.pool[side] -= k;
      log(
        ctx,
        `${sideName(side)} play Reinforcements: ${k} cubes in ${areaName(E, area)} (they may be converted)`,
        side === ALLIES ? '§45 L440' : '§46 L456-L458',
      );
      call(g.stack, { kind: 'convert', side, area });
      break;
    }
    case 'logisticEffort':
      g.logistic[side] = true;
      log(
        ctx,
        `${sideName(side)} play Logistic Effort: no supply losses this turn${side === ALLIES ? ' (except Munich)' : ''}`,
        side === ALLIES ? '§45 L446' : '§46 L464',
      );
      break;
    case 'operations': {
      let k = 0;
      for (const u of g.units) {
        if (u.side === side && !u.up && u.loc === area && (area !== SEA || u.type === 'fleet')) {
          u.up = true;
          k++;
        }
      }
      log(
        ctx,
        `${sideName(side)} play Operations on ${areaName(E, area)}: ${k} unit(s) flipped face-up`,
        '§45 L448, AMB-34',
      );
      break;
    }
    case 'blockade':
      g.blockade = area;
      log(
        ctx,
        `Allies play Blockade Plan on ${areaName(E, area)}: no Axis unit may enter, leave or fight from it this impulse`,
        '§45 L452',
      );
      break;
    case 'kesselring':
      log(ctx, 'Axis plays Kesselring: return up to 2 other event markers to hand', '§46 L466');
      call(g.stack, { kind: 'kesselring', n: 2 });
      break;
    case 'newDefensiveLine': {
      const k = g.lines.indexOf(POOL);
      g.lines[k] = area;
      log(ctx, `Axis plays New Defensive Line in ${areaName(E, area)}`, '§46 L470');
      break;
    }
    case 'stopBattle':
      g.battle!.stopped = true;
      log(
        ctx,
        `${sideName(side)} play Stop Battle: the battle ends at once`,
        side === ALLIES ? '§45 L444' : '§46 L462',
      );
      break;
    case 'reserves':
      g.battle!.maxRounds++;
      log(
        ctx,
        `${sideName(side)} play Reserves: the battle lasts one more round (up to ${g.battle!.maxRounds})`,
        side === ALLIES ? '§45 L450' : '§46 L468',
      );
      break;
    default:
      break;
  }
}

/** §46 L466: Kesselring returns up to 2 other event markers from the track to the Axis hand. */
export const kesselring: SUDecision<'kesselring'> = {
  rule: '§46 L466',
  role: () => AXIS,
  prompt: () => msg('su.kesselring'),
  actions: ['kesselring', 'done'],
  legal(_E, g, f) {
    const out: SUAction[] = [];
    if (f.n > 0) {
      for (const [k, v] of Object.entries(g.ev.axis.track)) {
        const returnable = (v ?? 0) - (k === 'kesselring' ? 1 : 0);
        if (returnable > 0) out.push({ type: 'kesselring', event: k as EventId });
      }
    }
    out.push({ type: 'done' });
    return out;
  },
  perform(E, ctx, g, f, a) {
    if (a.type === 'kesselring') {
      const t = g.ev.axis.track;
      t[a.event] = (t[a.event] ?? 0) - 1;
      g.ev.axis.hand++;
      f.n--;
      log(ctx, `Kesselring returns the ${eventName(E, a.event)} marker to the Axis hand`, '§46 L466');
      if (f.n > 0) return;
    }
    end(g.stack);
  },
  refuse: () => ({
    rule: '§46 L466',
    message: 'Kesselring returns event markers already on the Axis track (not its own), at most 2',
  }),
};

// ---- refusals ---------------------------------------------------------------------------------

const SIDE_RULE: Record<Side, Partial<Record<EventId, string>>> = {
  allies: {
    reinforcements: '§45 L440',
    extraImpulse: '§45 L442',
    stopBattle: '§45 L444',
    logisticEffort: '§45 L446',
    operations: '§45 L448',
    reserves: '§45 L450',
    blockade: '§45 L452',
  },
  axis: {
    reinforcements: '§46 L456-L458',
    extraImpulse: '§46 L460',
    stopBattle: '§46 L462',
    logisticEffort: '§46 L464',
    kesselring: '§46 L466',
    reserves: '§46 L468',
    newDefensiveLine: '§46 L470',
  },
};

/**
 * Why `side` may not play an event now, naming the rule that forbids it: the event's own
 * (capacity §44 L432, hand, one event per impulse §44 L436), then its timing and target.
 * `context` is the window the player is deciding in, or null when no decision of theirs is pending.
 */
export function refuseEvent(
  E: Env,
  g: SUState,
  side: Side,
  a: Extract<SUAction, { type: 'event' }>,
  context: EventContext | null,
): Refusal {
  const id = a.event;
  const ev = g.ev[side];
  const rule = SIDE_RULE[side][id];
  if (!rule)
    return { rule: '§44 L430, §45, §46', message: `${eventName(E, id)} is not an event of the ${sideName(side)}` };
  const cap = E.capacity[side][id] ?? 0;
  if ((ev.track[id] ?? 0) >= cap)
    return {
      rule: '§44 L432',
      message: `the ${eventName(E, id)} track is full (${cap} space${cap === 1 ? '' : 's'}, all used)`,
    };
  if (ev.hand <= 0) return { rule: '§44 L430-L432', message: 'no event marker is left in hand' };
  if (id !== 'extraImpulse' && ev.last === g.serial)
    return { rule: '§44 L436', message: 'each player may play at most one event per impulse' };
  switch (id) {
    case 'extraImpulse':
      return {
        rule: '§45 L442, §46 L460',
        message: 'Extra Impulse only after the normal impulses, never two impulses in a row',
      };
    case 'reinforcements':
      if (g.pool[side] === 0) return { rule: `${rule}, AMB-30`, message: 'no cube is left in the pool' };
      if (side === ALLIES)
        return {
          rule,
          message:
            'Allied Reinforcements only in the movement step of an Allied impulse, into an Allied-controlled area',
        };
      if (context === null || context === 'reinforcement')
        return { rule, message: "Axis Reinforcements are played in an impulse (either player's)" };
      return {
        rule: `${rule}, §45 L452, AMB-39`,
        message:
          'Axis Reinforcements go to an Axis-controlled area outside Africa, Sardinia and Corsica (not under Blockade)',
      };
    case 'logisticEffort':
      return { rule, message: 'Logistic Effort is played in your own impulse, once a turn' };
    case 'operations':
      return {
        rule: `${rule}, AMB-34`,
        message:
          'Operations is played in an impulse (yours or a reaction window) on an area holding your face-down units',
      };
    case 'blockade':
      return {
        rule,
        message: 'Blockade Plan is played in an impulse (yours or a reaction window), one area at a time',
      };
    case 'kesselring':
      return {
        rule,
        message: 'Kesselring is played in your own impulse, with another event marker on the track to return',
      };
    case 'newDefensiveLine':
      return {
        rule,
        message:
          'New Defensive Line is played in the reinforcement phase, reviving a removed line in an Axis area without one',
      };
    default:
      return {
        rule: side === ALLIES ? '§45 L444-L450' : '§46 L462, L468',
        message:
          'Stop Battle and Reserves are played from the end of the first combat round (Reserves not after Stop Battle)',
      };
  }
}
