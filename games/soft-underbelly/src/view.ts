/** The view model (no hidden information, spec 10.4), action descriptions and the CLI summary. */
import { cloneState } from '@sandtable/engine';
import type { SUAction } from './actions.ts';
import { hitNumber, diceCount, defenderOf } from './combat.ts';
import { starCount } from './victory.ts';
import { ALLIES, AXIS, BATTLE, GONE, POOL, SEA, areaName, lineIn, type Env, type Side, type SUState } from './state.ts';
import { unitName, eventName, sideName } from './texts/names.ts';

export interface AreaView {
  id: string;
  name: string;
  controller: Side;
  cubes: Record<Side, number>;
  counters: { id: string; side: Side; type: string; nationality: string; faceUp: boolean }[];
  line: boolean;
  blockade: boolean;
  pinned: number;
}

export interface SUView {
  turn: number;
  turns: number;
  phase: string;
  impulse: number;
  active: Side;
  initiative: Side;
  areas: AreaView[];
  sea: { id: string; side: Side; type: string; faceUp: boolean }[];
  pools: Record<Side, { cubes: number; counters: string[]; removed: string[] }>;
  linesRemoved: number;
  navalTransport: Record<Side, number>;
  events: Record<
    Side,
    { hand: number; track: Record<string, { used: number; capacity: number }>; logisticEffort: boolean }
  >;
  italySurrendered: boolean;
  overlord: boolean;
  rulers: Record<Side, 'short' | 'long'>;
  attacksThisImpulse: string[];
  landingThisImpulse: boolean;
  battle: null | {
    target: string;
    attacker: Side;
    landing: boolean;
    round: number;
    maxRounds: number;
    attacker_: {
      origins: { area: string; cubes: number }[];
      counters: string[];
      tankSupport: string | null;
      airSupport: string | null;
      dice: number[];
      hits: number;
      hitNumber: number;
      diceCount: number;
    };
    defender: {
      cubes: number;
      counters: string[];
      line: boolean;
      tankSupport: string | null;
      airSupport: string | null;
      dice: number[];
      hits: number;
      hitNumber: number;
      diceCount: number;
    };
    fleets: string[];
    paratroopExtraDieUsed: boolean;
  };
  starAreas: Record<Side, number>;
  lastRoll: { why: string; dice: number[] } | null;
  /**
   * The whole game state. Soft Underbelly hides nothing (spec 10.4: all pieces are open, event
   * markers are generic), so every role may see it; a computer player rebuilds the game from it.
   */
  state: SUState;
}

export function makeView(E: Env, g: SUState): SUView {
  const ids = E.m.ids;
  const areas: AreaView[] = E.d.areas.map((a, i) => ({
    id: a.id,
    name: a.name,
    controller: g.ctrl[i]!,
    cubes: { allies: g.cubes.allies[i]!, axis: g.cubes.axis[i]! },
    counters: g.units
      .filter((u) => u.loc === i)
      .map((u) => ({ id: u.id, side: u.side, type: u.type, nationality: u.nat, faceUp: u.up })),
    line: lineIn(g, i),
    blockade: g.blockade === i,
    pinned: g.pins[i]!,
  }));
  const track = (s: Side) => {
    const out: Record<string, { used: number; capacity: number }> = {};
    for (const id of E.eventsOf[s]) out[id] = { used: g.ev[s].track[id] ?? 0, capacity: E.capacity[s][id] ?? 0 };
    return out;
  };
  const b = g.battle;
  return {
    state: cloneState(g),
    turn: g.turn,
    turns: E.d.turns,
    phase: g.phase,
    impulse: g.impulse,
    active: g.active,
    initiative: g.initiative,
    areas,
    sea: g.units.filter((u) => u.loc === SEA).map((u) => ({ id: u.id, side: u.side, type: u.type, faceUp: u.up })),
    pools: {
      allies: {
        cubes: g.pool.allies,
        counters: g.units.filter((u) => u.side === ALLIES && u.loc === POOL).map((u) => u.id),
        removed: g.units.filter((u) => u.side === ALLIES && u.loc === GONE).map((u) => u.id),
      },
      axis: {
        cubes: g.pool.axis,
        counters: g.units.filter((u) => u.side === AXIS && u.loc === POOL).map((u) => u.id),
        removed: g.units.filter((u) => u.side === AXIS && u.loc === GONE).map((u) => u.id),
      },
    },
    linesRemoved: g.lines.filter((l) => l === POOL).length,
    navalTransport: { ...g.transport },
    events: {
      allies: { hand: g.ev.allies.hand, track: track(ALLIES), logisticEffort: g.logistic.allies },
      axis: { hand: g.ev.axis.hand, track: track(AXIS), logisticEffort: g.logistic.axis },
    },
    italySurrendered: g.italy,
    overlord: g.overlord,
    rulers: { allies: g.overlord ? 'long' : 'short', axis: 'short' },
    attacksThisImpulse: g.attacks.map((a) => ids[a]!),
    landingThisImpulse: g.landingDone,
    battle: b && {
      target: ids[b.target]!,
      attacker: b.attacker,
      landing: b.landing,
      round: b.round,
      maxRounds: b.maxRounds,
      attacker_: {
        origins: b.att.from.map((a, i) => ({ area: a < 0 ? 'sea' : ids[a]!, cubes: b.att.cubes[i]! })),
        counters: b.att.ids.filter((id) => g.units.some((u) => u.id === id && (u.loc >= 0 || u.loc === BATTLE))),
        tankSupport: b.att.tank,
        airSupport: b.att.air,
        dice: b.att.dice,
        hits: b.att.hits,
        hitNumber: hitNumber(E, g, b, b.att),
        diceCount: diceCount(g, b, true),
      },
      defender: {
        cubes: g.cubes[defenderOf(b)][b.target]!,
        counters: g.units.filter((u) => u.loc === b.target && u.side === defenderOf(b)).map((u) => u.id),
        line: lineIn(g, b.target),
        tankSupport: b.def.tank,
        airSupport: b.def.air,
        dice: b.def.dice,
        hits: b.def.hits,
        hitNumber: hitNumber(E, g, b, b.def),
        diceCount: diceCount(g, b, false),
      },
      fleets: b.fleets,
      paratroopExtraDieUsed: b.paraExtraUsed,
    },
    starAreas: { allies: starCount(E, g, ALLIES), axis: starCount(E, g, AXIS) },
    lastRoll: g.lastRoll,
  };
}

const nm = (E: Env, id: string | undefined) => {
  if (!id) return '?';
  if (id === 'sea') return 'the sea';
  const i = E.m.indexOf(id);
  return i >= 0 ? areaName(E, i) : id;
};

export function describeAction(E: Env, a: SUAction): string {
  switch (a.type) {
    case 'pass':
      return 'pass';
    case 'done':
      return 'done';
    case 'deployDefault':
      return 'take the recommended Axis deployment';
    case 'pick':
      return `pick ${unitName(E, a.unit)} to deploy`;
    case 'deploy':
      return `deploy it in ${nm(E, a.area)}`;
    case 'initiative':
      return `${sideName(a.first)} take the initiative`;
    case 'removeFleet':
      return `${unitName(E, a.id)} leaves for Overlord`;
    case 'place':
      return `place a reinforcement cube in ${nm(E, a.area)}`;
    case 'convert':
      return `convert cubes in ${nm(E, a.area)} into ${unitName(E, a.id)}${a.to ? ` placed in ${nm(E, a.to)}` : ''}`;
    case 'select':
      return `move units from ${nm(E, a.area)}`;
    case 'selectAir':
      return `fly ${unitName(E, a.id)}`;
    case 'add':
      return `add ${a.unit === 'allCubes' ? 'all free cubes' : unitName(E, a.unit)} to the group`;
    case 'step':
      return `step into ${nm(E, a.to)}`;
    case 'ship':
      return `naval transport to ${nm(E, a.to)}`;
    case 'stop':
      return 'stop moving';
    case 'drop':
      return `leave ${a.unit === 'cube' ? 'a cube' : unitName(E, a.unit)} here (it stops; the group goes on)`;
    case 'fly':
      return `fly to ${nm(E, a.to)}`;
    case 'cancel':
      return 'cancel';
    case 'endMovement':
      return 'end movement, go to combat';
    case 'endImpulse':
      return 'end the impulse';
    case 'attack':
      return `attack ${nm(E, a.target)}`;
    case 'landing':
      return `land in ${nm(E, a.target)}`;
    case 'commit':
      return `commit ${a.unit === 'allCubes' ? 'all free cubes' : unitName(E, a.unit)} from ${nm(E, a.from)}`;
    case 'fleet':
      return `use ${unitName(E, a.id)} for the landing`;
    case 'bomb':
      return `${unitName(E, a.id)} bombs ${nm(E, a.target)}`;
    case 'fleetAttack':
      return `${unitName(E, a.id)} attacks ${unitName(E, a.target)}`;
    case 'partisanMove':
      return `${unitName(E, a.id)} moves to ${nm(E, a.to)}`;
    case 'partisanFlip':
      return `${unitName(E, a.id)} draws an Axis cube from ${nm(E, a.from)}`;
    case 'event':
      return `play ${eventName(E, a.event)}${a.area ? ` on ${nm(E, a.area)}` : ''}`;
    case 'intercept':
      return `intercept with ${unitName(E, a.id)}`;
    case 'evade':
      return `${unitName(E, a.id)} evades to ${nm(E, a.to)}`;
    case 'support':
      return `${unitName(E, a.id)} supports`;
    case 'extraDie':
      return a.use ? "use the paratroops' extra die" : 'keep the extra die';
    case 'elite':
      return `${unitName(E, a.id)} inflicts an extra loss`;
    case 'loss':
      return a.unit === 'cube'
        ? `lose a cube (${a.from})`
        : a.unit === 'line'
          ? 'remove the defensive line'
          : a.unit === 'retreat'
            ? 'retreat to absorb the last loss'
            : `absorb with ${unitName(E, a.unit)}`;
    case 'retreat':
      return `retreat ${a.unit === 'allCubes' ? 'all cubes' : unitName(E, a.unit)} to ${a.to ? nm(E, a.to) : 'nowhere (eliminated)'}`;
    case 'retreatStart':
      return 'retreat';
    case 'breakOff':
      return 'break off the attack';
    case 'occupy':
      return `advance ${a.unit === 'allCubes' ? 'all cubes' : unitName(E, a.unit)} from ${nm(E, a.from)}`;
    case 'returnTo':
      return `withdraw the landing survivors to ${nm(E, a.area)}`;
    case 'overflow':
      return a.to
        ? `move ${unitName(E, a.unit)} to ${nm(E, a.to)} (stacking)`
        : `eliminate ${unitName(E, a.unit)} (stacking)`;
    case 'kesselring':
      return `return the ${eventName(E, a.event)} marker`;
    default:
      return JSON.stringify(a);
  }
}

export function summaryText(E: Env, g: SUState): string {
  const lines: string[] = [];
  lines.push(
    `Turn ${g.turn}/${E.d.turns}, ${g.phase}, impulse ${g.impulse}, active ${sideName(g.active)}, initiative ${g.initiative}`,
  );
  lines.push(
    `Naval transport: Allies ${g.transport.allies}, Axis ${g.transport.axis}. Italy ${g.italy ? 'has surrendered' : 'fights on'}. ${g.overlord ? 'Overlord done.' : ''}`,
  );
  lines.push(
    `Pools: Allies ${g.pool.allies} cubes, Axis ${g.pool.axis} cubes. Events in hand: Allies ${g.ev.allies.hand}, Axis ${g.ev.axis.hand}.`,
  );
  for (let i = 0; i < E.n; i++) {
    if (!E.m.passable[i]) continue;
    const c = g.units.filter((u) => u.loc === i).map((u) => `${unitName(E, u.id)}${u.up ? '' : '*'}`);
    const parts = [
      g.cubes.allies[i] ? `${g.cubes.allies[i]} blue` : '',
      g.cubes.axis[i] ? `${g.cubes.axis[i]} black` : '',
      ...c,
      lineIn(g, i) ? 'LINE' : '',
    ].filter(Boolean);
    const flags = [E.m.orangeStar[i] ? '★' : '', E.m.seaAdjacent[i] ? '~' : '', E.m.mountain[i] ? '^' : ''].join('');
    lines.push(`  ${E.m.ids[i]} ${E.d.areas[i]!.name}${flags} [${g.ctrl[i]}]: ${parts.join(', ') || '-'}`);
  }
  lines.push(
    `  sea: ${g.units
      .filter((u) => u.loc === SEA)
      .map((u) => `${unitName(E, u.id)}${u.up ? '' : '*'}`)
      .join(', ')}   (* = face-down)`,
  );
  if (g.battle) {
    const b = g.battle;
    lines.push(
      `Battle for ${areaName(E, b.target)} (${b.landing ? 'landing' : 'attack'} by ${sideName(b.attacker)}), round ${b.round}/${b.maxRounds}: attacker ${diceCount(g, b, true)} dice hit ${hitNumber(E, g, b, b.att)}-6, defender ${diceCount(g, b, false)} dice hit ${hitNumber(E, g, b, b.def)}-6`,
    );
  }
  if (g.result) lines.push(`Result: ${g.result.winner ?? 'draw'} — ${g.result.reason} [${g.result.rule}]`);
  return lines.join('\n');
}
