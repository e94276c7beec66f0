/**
 * `save`: the position of a game state, hidden parts included, in the names of POSITIONS.md. It
 * lists what the defaults do not give (units off their set-up place, control off the flag,
 * options off their defaults), so that `load` rebuilds the identical state.
 */
import { optionsOffDefault } from '@sandtable/engine';
import { NATIONS } from '../data/index.ts';
import type { Board } from '../board.ts';
import { OPTIONS } from '../options.ts';
import {
  SIDES,
  type Act,
  type Combat,
  type EntryNation,
  type Operation,
  type Pending,
  type TRState,
} from '../state.ts';
import { offMapDefault, placeName, unitName } from './names.ts';
import type { ActPosition, FramePosition, Position } from './schema.ts';

export function savePosition(b: Board, g: TRState): Position {
  const units = (us: number[]) => us.map((u) => unitName(b, u));
  const area = (a: number) => b.areaIds[a]!;
  return {
    options: optionsOffDefault(OPTIONS, g.options),
    turn: g.turn,
    first: g.first,
    active: g.active,
    passes: g.passes,
    nations: Object.fromEntries(
      NATIONS.map((code, n) => [
        code,
        {
          side: g.natSide[n]!,
          status: g.natBel[n] ? 'belligerent' : 'neutral',
          ...(g.natLocked[n] ? { locked: true } : {}),
        },
      ]),
    ),
    entry: Object.fromEntries(
      b.data.entryTracks.map((t) => [t.nation, t.boxes[g.entry[t.nation as EntryNation]]!]),
    ) as Position['entry'],
    polandSurrendered: g.polandSurrendered,
    control: Object.fromEntries(
      g.ctrl.flatMap((n, a) => (n === defaultControl(b, a) ? [] : [[area(a), n < 0 ? null : NATIONS[n]!]])),
    ),
    units: g.loc.flatMap((loc, u) =>
      loc === offMapDefault(b, u, g.options) && !g.used[u]
        ? []
        : [{ counter: unitName(b, u), area: placeName(b, loc), ...(g.used[u] ? { used: true } : {}) }],
    ),
    cards: Object.fromEntries(
      SIDES.map((s) => [
        s,
        {
          deck: [...g.deck[s]],
          hand: [...g.hand[s]],
          discard: [...g.discard[s]],
          development: [...g.dev[s]],
          ...(g.faceDown ? { faceDown: [...g.faceDown[s]] } : {}),
        },
      ]),
    ),
    bank: { ...g.bank },
    seaUse: Object.fromEntries(g.seaUse.flatMap((n, a) => (n ? [[area(a), n]] : []))),
    op: g.op && saveOp(g.op, units),
    act: g.act && saveAct(b, g.act, units),
    combat: g.combat && saveCombat(b, g.combat, units),
    stack: g.stack.map((f) => saveFrame(b, f, units)),
    outcome: g.outcome && {
      winner: g.outcome.winner as 'axis' | 'allies' | null,
      reason: g.outcome.reason,
      rule: g.outcome.rule,
    },
  };
}

/** Control by default (3.4(1)(2)): a land area's flag nation; sea areas and unflagged areas uncontrolled (AMB-4, AMB-5). */
export const defaultControl = (b: Board, a: number): number => (b.isSea[a] ? -1 : b.flag[a]!);

type Names = (us: number[]) => string[];

function saveOp(op: Operation, units: Names): Position['op'] {
  return { card: op.card, svLeft: op.svLeft, svDone: op.svDone, eventDone: op.eventDone, acted: units(op.acted) };
}

function saveAct(b: Board, act: Act, units: Names): ActPosition {
  const area = (a: number) => b.areaIds[a]!;
  return {
    side: act.side,
    mode: act.mode,
    units: units(act.units),
    area: area(act.area),
    type: act.type,
    path: act.path.map(area),
    target: act.target < 0 ? null : area(act.target),
    damaged: units(act.damaged),
    blitz: act.blitz && { ...act.blitz, flipLater: units(act.blitz.flipLater) },
    ...(act.noFlip !== undefined ? { noFlip: act.noFlip } : {}),
    ...(act.pass !== undefined ? { pass: act.pass.map(area) } : {}),
    ...(act.moved !== undefined ? { moved: { ...act.moved } } : {}),
    ...(act.dist !== undefined ? { dist: act.dist } : {}),
  };
}

function saveCombat(b: Board, c: Combat, units: Names): Position['combat'] {
  return {
    counter: c.counter,
    side: c.side,
    alloc: c.alloc,
    points: c.points,
    targets: c.targets.map((u, i) => ({ unit: units([u])[0]!, points: c.assigned[i]! })),
    retreatTo: c.retreatTo < 0 ? null : b.areaIds[c.retreatTo]!,
  };
}

function saveFrame(b: Board, f: Pending, units: Names): FramePosition {
  switch (f.kind) {
    case 'recover':
      return { ...f, nation: NATIONS[f.nation]! };
    case 'freeMob':
      return { ...f, nation: NATIONS[f.nation]! };
    case 'counter':
      return { ...f, units: units(f.units) };
    case 'retreat':
      return { ...f, units: units(f.units), only: f.only < 0 ? null : b.areaIds[f.only]! };
    case 'overflow':
      return { ...f, area: b.areaIds[f.area]! };
    case 'reassign':
      return { ...f, done: f.done.map((a) => b.areaIds[a]!) };
    default:
      return { ...f };
  }
}
