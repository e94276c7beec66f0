/**
 * The position format (POSITIONS.md): the whole situation in names an owner can write by hand —
 * areas by id, units by counter id and copy, nations by code, cards by id — and the schema that
 * checks its shape. The types are inferred from the schema; `load.ts` resolves the names and
 * `checks.ts` the invariants of the rules.
 */
import { z } from 'zod';
import { NATIONS } from '../data/index.ts';

const side = z.enum(['axis', 'allies']);
const nation = z.enum(NATIONS);
const id = z.string().min(1);
const count = z.number().int().min(0);

/** "GE-LF#3": the third GE-LF counter of the counter mix (copies count from 1). */
export const UNIT_NAME = /^([A-Z]{2}-[A-Z0-9]+)#([1-9][0-9]*)$/;
/** A counter id, with or without its copy number: "GE-LF" or "GE-LF#3". */
export const COUNTER_REF = /^([A-Z]{2}-[A-Z0-9]+)(?:#([1-9][0-9]*))?$/;
const unit = z.string().regex(UNIT_NAME, 'a unit is named "<counter>#<copy>", e.g. "GE-LF#1"');

/** Off-map places a unit may be in (2.2.2③④, 15.8), beside the map's area ids. */
export const PLACES = ['pool', 'development', 'removed'] as const;
export type Place = (typeof PLACES)[number];

const unitEntry = z.strictObject({
  counter: z.string().regex(COUNTER_REF, 'a counter id, or a counter id and copy: "GE-LF" or "GE-LF#2"'),
  /** An area id, or "pool", "development" or "removed". */
  area: id,
  used: z.boolean().optional(),
});
export type UnitEntry = z.infer<typeof unitEntry>;

const nationStatus = z.strictObject({
  side,
  status: z.enum(['belligerent', 'neutral']),
  /** 3.1.3(2)①: Spain's or Turkey's status fixed for good after a violation. */
  locked: z.boolean().optional(),
});

const piles = z.strictObject({
  deck: z.array(id).optional(),
  hand: z.array(id).optional(),
  discard: z.array(id).optional(),
  development: z.array(id).optional(),
  /** 16.1.1, 16.1.2: the cards of the discard pile lying face down. */
  faceDown: z.array(id).optional(),
});
export type Piles = z.infer<typeof piles>;

const operation = z.strictObject({
  /** A card id, or "bank" for banked Ambush SV (10.2). */
  card: id,
  svLeft: count,
  svDone: z.boolean(),
  eventDone: z.boolean(),
  acted: z.array(unit),
});

const actMode = z.enum(['sv', 'event', 'air', 'blitz']);
const act = z.strictObject({
  side,
  mode: actMode,
  units: z.array(unit),
  area: id,
  type: z.enum(['move', 'airMove', 'attack', 'airAttack', 'bomb', 'drop']).nullable(),
  path: z.array(id),
  target: id.nullable(),
  damaged: z.array(unit),
  blitz: z
    .strictObject({
      left: count,
      twice: z.boolean(),
      firstDone: z.boolean(),
      points: count,
      flipLater: z.array(unit),
    })
    .nullable(),
  noFlip: z.boolean().optional(),
  pass: z.array(id).optional(),
  moved: z.strictObject({ cost: z.number().min(0), seaMove: z.boolean() }).optional(),
  dist: count.optional(),
});
export type ActPosition = z.infer<typeof act>;

const combat = z.strictObject({
  counter: z.boolean(),
  side,
  alloc: side,
  points: count,
  /** The units hit (11.1(2)) and the points allocated to each so far (11.2). */
  targets: z.array(z.strictObject({ unit, points: count })),
  retreatTo: id.nullable(),
});

const sided = <K extends string>(kind: K) => z.strictObject({ kind: z.literal(kind), side });
const frame = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('hand'), side, left: count }),
  sided('impulse'),
  sided('card'),
  sided('sv'),
  z.strictObject({ kind: z.literal('recover'), side, nation, left: count }),
  sided('withdraw'),
  z
    .strictObject({
      kind: z.literal('auto'),
      step: z.enum(['recovery', 'withdrawal', 'finishTurn', 'strike', 'actDone', 'moveOn']),
      side: side.optional(),
    })
    .refine((f) => (f.step === 'finishTurn') === (f.side === undefined), {
      message: 'an automatic step has a side, except finishTurn',
      path: ['side'],
    }),
  z.strictObject({ kind: z.literal('choose'), side, mode: actMode }),
  sided('group'),
  sided('path'),
  sided('target'),
  sided('window'),
  z.strictObject({ kind: z.literal('counter'), side, card: id.nullable(), units: z.array(unit) }),
  sided('alloc'),
  z.strictObject({ kind: z.literal('retreat'), side, units: z.array(unit), only: id.nullable() }),
  z.strictObject({ kind: z.literal('overflow'), side, area: id, left: count }),
  z.strictObject({ kind: z.literal('reassign'), side, done: z.array(id) }),
  z.strictObject({ kind: z.literal('discard'), side, left: count }),
  sided('diplomacy'),
  z.strictObject({ kind: z.literal('develop'), side, left: count, started: z.boolean() }),
  z.strictObject({ kind: z.literal('freeMob'), side, left: count, nation }),
]);
export type FramePosition = z.infer<typeof frame>;

export const positionSchema = z.strictObject({
  /** Free words about the situation (a lesson, a puzzle); the rules ignore them. */
  note: z.string().optional(),
  /** The rule options the position was saved under (absent ones at their defaults); the game must use them. */
  options: z.record(z.string(), z.unknown()).optional(),
  turn: z.number().int().min(1),
  first: side.default('axis'),
  /** Whose impulse it is (default: the first player). */
  active: side.optional(),
  passes: z.number().int().min(0).max(2).default(0),
  /** Camp and war status by nation code; nations not given are as they start (3.1.1(3)). */
  nations: z.partialRecord(nation, nationStatus).default({}),
  /** Entry marker boxes by label ("START", ..., "ENTRY"); markers not given are at START (4.0(7)). */
  entry: z.partialRecord(z.enum(['US', 'SU', 'TU', 'SP']), id).default({}),
  polandSurrendered: z.boolean().default(false),
  /** Controlling nation by area id, null = uncontrolled; areas not given: the flag nation, seas uncontrolled. */
  control: z.record(id, nation.nullable()).default({}),
  units: z.array(unitEntry).default([]),
  /** Each side's cards; cards not given are where the set-up puts them (4.0(3), 4.0(4)⑦). */
  cards: z.partialRecord(side, piles).default({}),
  /** Banked Ambush SV (10.2). */
  bank: z.partialRecord(side, count).default({}),
  /** 3.6(3): units carried through each sea area this impulse (areas not given: 0). */
  seaUse: z.record(id, count).default({}),
  op: operation.nullable().default(null),
  act: act.nullable().default(null),
  combat: combat.nullable().default(null),
  /** The pending decisions, bottom first (default: the active player's impulse). */
  stack: z.array(frame).optional(),
  outcome: z.strictObject({ winner: side.nullable(), reason: z.string(), rule: z.string() }).nullable().default(null),
});

/** A position as loaded (defaults filled in); `save` writes one in full. */
export type Position = z.infer<typeof positionSchema>;
/** A position as written by hand (most fields optional). */
export type PositionInput = z.input<typeof positionSchema>;
