/**
 * `save`: the position of a game state in the names of POSITIONS.md. It writes every track and
 * lists what the defaults do not give (counters off their default place or state, areas with
 * cubes, control off the default, options off their defaults), so that `load` rebuilds the
 * identical state.
 */
import { optionsOffDefault } from '@sandtable/engine';
import type { Frame } from '../frames.ts';
import { OPTION_SPECS } from '../options.ts';
import type { Battle, BattleSide, Env, Side, SUState } from '../state.ts';
import { defaultControl, defaultLoc } from './defaults.ts';
import { areaId, originName, placeName } from './names.ts';
import type { AreaEntry, BattlePosition, FramePosition, Position, UnitEntry } from './schema.ts';

const SIDES: readonly Side[] = ['allies', 'axis'];

export function savePosition(E: Env, g: SUState): Position {
  const ids = (as: number[]) => as.map((a) => areaId(E, a));
  return {
    options: optionsOffDefault(OPTION_SPECS, g.o as unknown as Record<string, unknown>),
    turn: g.turn,
    phase: g.phase,
    initiative: g.initiative,
    active: g.active,
    impulse: {
      number: g.impulse,
      normalDone: g.normalDone,
      serial: g.serial,
      extra: g.extra,
      acted: g.acted,
      movementStep: g.movePhase,
      lastPass: g.lastPass,
      lastBy: g.lastBy,
      passed: [...g.passed],
      attacks: ids(g.attacks),
      arrows: g.arrows,
      landing: g.landingDone,
    },
    areas: saveAreas(E, g),
    units: saveUnits(E, g),
    lines: g.lines.map((l) => placeName(E, l)),
    pool: { ...g.pool },
    transport: { ...g.transport },
    italySurrendered: g.italy,
    overlord: g.overlord,
    uboatGone: g.uboatGone,
    events: Object.fromEntries(
      SIDES.map((s) => [s, { hand: g.ev[s].hand, used: { ...g.ev[s].track }, lastImpulse: g.ev[s].last }]),
    ),
    logisticEffort: { ...g.logistic },
    blockade: g.blockade < 0 ? null : areaId(E, g.blockade),
    reinforcements: { placed: ids(g.placed), aircraftConverted: g.airConverted },
    battle: g.battle && saveBattle(E, g.battle),
    stack: g.stack.map((f) => saveFrame(E, f)),
    outcome: g.result && { ...g.result, winner: g.result.winner as Side | null },
    lastRoll: g.lastRoll && { why: g.lastRoll.why, dice: [...g.lastRoll.dice] },
  };
}

function saveAreas(E: Env, g: SUState): Record<string, AreaEntry> {
  const out: Record<string, AreaEntry> = {};
  const sides = (v: Record<Side, number[]>, a: number) => {
    const r: Partial<Record<Side, number>> = {};
    for (const s of SIDES) if (v[s][a]) r[s] = v[s][a];
    return Object.keys(r).length ? r : undefined;
  };
  for (let a = 0; a < E.n; a++) {
    const e: AreaEntry = {};
    if (g.ctrl[a] !== defaultControl(g, a)) e.control = g.ctrl[a];
    const cubes = sides(g.cubes, a);
    const moved = sides(g.moved, a);
    const fought = sides(g.fought, a);
    if (cubes) e.cubes = cubes;
    if (moved) e.moved = moved;
    if (fought) e.fought = fought;
    if (g.pins[a]) e.pinned = g.pins[a];
    if (g.pinUntil[a]) e.pinnedUntil = g.pinUntil[a];
    if (g.missions[a]) e.missions = g.missions[a];
    if (Object.keys(e).length) out[areaId(E, a)] = e;
  }
  return out;
}

function saveUnits(E: Env, g: SUState): UnitEntry[] {
  const out: UnitEntry[] = [];
  for (const u of g.units) {
    if (u.loc === defaultLoc(u.type) && u.up && !u.mv && !u.ft) continue;
    const e: UnitEntry = { counter: u.id, area: placeName(E, u.loc) };
    if (!u.up) e.used = true;
    if (u.mv) e.moved = true;
    if (u.ft) e.fought = true;
    out.push(e);
  }
  return out;
}

function saveBattle(E: Env, b: Battle): BattlePosition {
  const side = (s: BattleSide) => ({
    from: s.from.map((a) => originName(E, a)),
    cubes: [...s.cubes],
    counters: [...s.ids],
    tankSupport: s.tank,
    airSupport: s.air,
    hitNumber: s.hit,
    dice: [...s.dice],
    hits: s.hits,
  });
  return {
    target: areaId(E, b.target),
    attacker: b.attacker,
    landing: b.landing,
    fleets: [...b.fleets],
    round: b.round,
    maxRounds: b.maxRounds,
    attacking: side(b.att),
    defending: side(b.def),
    paratroopDieUsed: b.paraExtraUsed,
    paratroopDieNow: b.paraExtraNow,
    stopped: b.stopped,
    brokenOff: b.brokenOff,
    retreated: b.retreated,
    attackerDice: b.attDice,
    defenderDice: b.defDice,
  };
}

/** Frame fields that hold one area, and those that hold a list of areas (frames.ts). */
export const AREA_FIELDS: ReadonlySet<string> = new Set(['area', 'origin', 'at', 'target', 'dest']);
export const AREA_LISTS: ReadonlySet<string> = new Set(['path', 'from']);

/** A frame with its areas named (the other fields as they are). */
export function saveFrame(E: Env, f: Frame): FramePosition {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(f)) {
    if (AREA_FIELDS.has(k) && typeof v === 'number') out[k] = areaId(E, v);
    else if (AREA_LISTS.has(k)) out[k] = (v as number[]).map((a) => originName(E, a));
    else if (k === 'window' && f.kind === 'react')
      out[k] = f.window.at === 'move' ? { at: 'move', into: areaId(E, f.window.into) } : { at: f.window.at };
    else out[k] = structuredClone(v);
  }
  return out as FramePosition;
}
