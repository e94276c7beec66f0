/**
 * The position format (POSITIONS.md): the whole situation in names an owner can write by hand —
 * areas by id ("14") or name ("Sicily"), counters by id ("de-tank-1"), events by id — and the
 * schema that checks its shape. The types are inferred from the schema; `load.ts` resolves the
 * names and `checks.ts` the invariants of the rules.
 */
import { z } from 'zod';
import { EVENT_IDS } from '../data/types.ts';
import type { Frame } from '../frames.ts';

const side = z.enum(['allies', 'axis']);
const count = z.number().int().min(0);
/** An area: its id in map.json ("14") or its name ("Sicily"). */
const area = z.string().min(1);
/** Where a counter is: an area, or "pool" (off-map, §10 L124), "sea" (§15 L172), "gone" (§42, §43), "battle" (AMB-11). */
const place = z.string().min(1);
const counter = z.string().min(1);
const perSide = <T extends z.ZodType>(t: T) => z.partialRecord(side, t);

export const PLACES = ['pool', 'sea', 'gone', 'battle'] as const;
export type Place = (typeof PLACES)[number];

const unitEntry = z.strictObject({
  counter,
  area: place,
  /** Face-down (§4 L53: the back is "used"). */
  used: z.boolean().optional(),
  /** Moved this impulse (§13 L164, AMB-32). */
  moved: z.boolean().optional(),
  /** Designated for a battle this impulse (AMB-6). */
  fought: z.boolean().optional(),
});
export type UnitEntry = z.infer<typeof unitEntry>;

const areaEntry = z.strictObject({
  /** §2 L32: the last side to move units through it (default: the side with units there, else the Axis). */
  control: side.optional(),
  cubes: perSide(count).optional(),
  /** Cubes of the area that have moved this impulse (§12 L156, AMB-32). */
  moved: perSide(count).optional(),
  /** Cubes of the area designated for a battle this impulse (AMB-6). */
  fought: perSide(count).optional(),
  /** Axis cubes pinned by a partisan (§35 L370-L372) ... */
  pinned: count.optional(),
  /** ... until the end of this impulse serial (AMB-19). */
  pinnedUntil: z.number().int().optional(),
  /** Aircraft missions launched from the area in the airfield window (§14 L168, AMB-9). */
  missions: count.optional(),
});
export type AreaEntry = z.infer<typeof areaEntry>;

const impulse = z.strictObject({
  /** Impulses begun this turn: the impulse track (§11 L132). */
  number: count.default(1),
  /** Normal impulses completed this turn (default: number - 1). */
  normalDone: count.optional(),
  /** Serial number of the current impulse over the whole game (the 1-event limit, §44 L436). */
  serial: z.number().int().default(1),
  /** The current impulse is an Extra Impulse (§45 L442, §46 L460). */
  extra: z.boolean().default(false),
  /** The active player has acted this impulse (else it is a pass, §11 L132). */
  acted: z.boolean().default(false),
  /** The movement step (true) or the combat step (§11 L132). */
  movementStep: z.boolean().default(true),
  /** Who passed the last impulse, who took it, and who has passed this turn (§11 L136, AMB-26). */
  lastPass: side.nullable().default(null),
  lastBy: side.nullable().default(null),
  passed: z.array(side).default([]),
  /** Areas attacked this impulse (§18 L200, AMB-5), arrows placed, and whether the landing is done (§24 L256). */
  attacks: z.array(area).default([]),
  arrows: count.default(0),
  landing: z.boolean().default(false),
});

const eventTrack = z.strictObject({
  /** Event markers in hand (default: the 6 markers less those on the track, §44 L430). */
  hand: count.optional(),
  /** Markers on each event's track (§44 L432). */
  used: z.partialRecord(z.enum(EVENT_IDS), count).default({}),
  /** The impulse serial in which the side last played an event, -1 for never (§44 L436). */
  lastImpulse: z.number().int().default(-1),
});

const battleSide = z.strictObject({
  /** Origins (the attacker's areas, "sea" for a landing force) and the cubes committed from each. */
  from: z.array(place).default([]),
  cubes: z.array(count).default([]),
  /** Participating counters (the attacker's committed land counters and dropped paratroops). */
  counters: z.array(counter).default([]),
  /** The supporting tank (§28 L300) and aircraft (§29 L316). */
  tankSupport: counter.nullable().default(null),
  airSupport: counter.nullable().default(null),
  /** Hit number, dice rolled and hits of the last roll (§20). */
  hitNumber: z.number().int().min(1).max(6).default(6),
  dice: z.array(z.number().int().min(1).max(6)).default([]),
  hits: count.default(0),
});

const battle = z.strictObject({
  target: area,
  attacker: side,
  /** A landing (§24) or a land attack (§18). */
  landing: z.boolean().default(false),
  /** The fleets that carry a landing (§24 L258). */
  fleets: z.array(counter).default([]),
  /** The combat track: this round, and the last (3, one more with Reserves, §19 L206, §45 L450). */
  round: z.number().int().min(1).default(1),
  maxRounds: z.number().int().min(1).default(3),
  attacking: battleSide.prefault({}),
  defending: battleSide.prefault({}),
  /** The paratroops' extra die (§34 L358): used in this battle, used this round. */
  paratroopDieUsed: z.boolean().default(false),
  paratroopDieNow: z.boolean().default(false),
  /** Stop Battle played (§45 L444), the attacker broke off (AMB-4), a side retreated (§22). */
  stopped: z.boolean().default(false),
  brokenOff: z.boolean().default(false),
  retreated: z.boolean().default(false),
  /** Dice rolled by each side in the last round (§20). */
  attackerDice: count.default(0),
  defenderDice: count.default(0),
});
export type BattlePosition = z.infer<typeof battle>;

const sided = <K extends string>(kind: K) => z.strictObject({ kind: z.literal(kind), side });
const bare = <K extends string>(kind: K) => z.strictObject({ kind: z.literal(kind) });
const window = z.discriminatedUnion('at', [
  z.strictObject({ at: z.literal('impulseStart') }),
  z.strictObject({ at: z.literal('combatStep') }),
  z.strictObject({ at: z.literal('move'), into: area }),
]);

/** The frames of frames.ts, with areas named. */
const frame = z.discriminatedUnion('kind', [
  // the unit to place next: a counter id, "cube" or "line"
  z.strictObject({ kind: z.literal('deploy'), picked: counter.nullable() }),
  sided('initiative'),
  bare('overlordFleet'),
  z.strictObject({ kind: z.literal('reinforce'), side, n: count }),
  z.strictObject({ kind: z.literal('convert'), side, area: area.nullable() }),
  sided('impulse'),
  z.strictObject({ kind: z.literal('react'), side, window }),
  sided('extraImpulse'),
  z.strictObject({ kind: z.literal('overflow'), side, area }),
  z.strictObject({
    kind: z.literal('group'),
    side,
    origin: area,
    at: area,
    cubes: count,
    ids: z.array(counter),
    path: z.array(area),
    shipped: z.boolean(),
  }),
  z.strictObject({ kind: z.literal('airDest'), side, id: counter }),
  z.strictObject({
    kind: z.literal('commit'),
    side,
    target: area,
    from: z.array(area),
    count: z.array(count),
    ids: z.array(counter),
  }),
  z.strictObject({
    kind: z.literal('landingForce'),
    target: area,
    fleets: z.array(counter),
    from: z.array(area),
    count: z.array(count),
    ids: z.array(counter),
  }),
  z.strictObject({
    kind: z.literal('intercept'),
    side,
    of: z.enum(['transport', 'landing']),
    target: area,
    chosen: z.array(counter),
    repeat: count,
  }),
  sided('evade'),
  sided('support'),
  bare('paraDie'),
  bare('elite'),
  z.strictObject({
    kind: z.literal('loss'),
    side,
    n: count,
    of: z.enum(['battle', 'bomb', 'bombard', 'transport', 'landing']),
    area,
  }),
  z.strictObject({
    kind: z.literal('retreat'),
    side,
    area,
    mode: z.enum(['partial', 'total']),
    asLoss: z.boolean(),
    dest: area.nullable(),
  }),
  z.strictObject({ kind: z.literal('roundEnd'), side, passes: count }),
  z.strictObject({ kind: z.literal('occupy'), side, target: area }),
  bare('landingReturn'),
  z.strictObject({ kind: z.literal('kesselring'), n: count }),
  bare('turnStart'),
  bare('initiativeRoll'),
  bare('reinforcePhase'),
  sided('reinforceOf'),
  sided('convertOf'),
  bare('impulseStart'),
  bare('impulseEnd'),
  sided('overflowCheck'),
  bare('impulseNext'),
  bare('turnEnd'),
  bare('landingIntercept'),
  bare('bombard'),
  bare('battleEvade'),
  bare('battleSupport'),
  bare('battleRound'),
  bare('battleRoll'),
  bare('battleLosses'),
  bare('battleAfterRound'),
  bare('battleNext'),
  bare('battleEnd'),
  bare('battleClear'),
]);
export type FramePosition = z.infer<typeof frame>;

/** The schema lists exactly the frame kinds of frames.ts (a compile-time check). */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const _framesCovered: Same<FramePosition['kind'], Frame['kind']> = true;
void _framesCovered;

/** The names of the phase shown to the players (`battle round <n>` during a battle's rounds). */
const PHASES = ['setup', 'turn', 'initiative', 'reinforcements', 'impulse', 'end of turn'] as const;
const phase = z
  .string()
  .refine((p) => (PHASES as readonly string[]).includes(p) || /^battle round [1-9][0-9]*$/.test(p), {
    message: `a phase is one of ${PHASES.map((p) => `"${p}"`).join(', ')} or "battle round <n>"`,
  });

export const positionSchema = z.strictObject({
  /** Free words about the situation (a lesson, a puzzle); the rules ignore them. */
  note: z.string().optional(),
  /** The rule options the position was saved under (absent ones at their defaults); the game must use them. */
  options: z.record(z.string(), z.unknown()).optional(),
  /** The turn track, 1-8 (§7 L87). */
  turn: z.number().int().min(1),
  /** Default: derived from the stack (see POSITIONS.md). */
  phase: phase.optional(),
  /** Who has the initiative (§8 L108) and whose impulse it is (default: the initiative). */
  initiative: side.default('allies'),
  active: side.optional(),
  impulse: impulse.prefault({}),
  /** By area; areas not given are empty and controlled by default. */
  areas: z.record(area, areaEntry).default({}),
  /** Counters not listed: fleets and the U-boat at sea face-up, the others in the pool face-up. */
  units: z.array(unitEntry).default([]),
  /** The defensive line markers (§36 L378): an area each, or "pool" when removed or not yet placed. */
  lines: z.array(place).default([]),
  /** Cubes off the map (default: the box less the cubes on the map and at sea, §4 L53). */
  pool: perSide(count).optional(),
  /** The naval transport track (§16 L182; default: as reset at the end of a turn, §7 L91). */
  transport: perSide(count).optional(),
  italySurrendered: z.boolean().default(false),
  overlord: z.boolean().default(false),
  /** The U-boat has left the game (§38 L394). */
  uboatGone: z.boolean().default(false),
  events: perSide(eventTrack).default({}),
  /** Logistic Effort played this turn (§45 L446, §46 L464). */
  logisticEffort: perSide(z.boolean()).default({}),
  /** The area under Blockade this impulse (§45 L452). */
  blockade: area.nullable().default(null),
  /** Areas that received reinforcements this turn (§10 L124) and Allied aircraft converted this turn (§10 L126). */
  reinforcements: z
    .strictObject({ placed: z.array(area).default([]), aircraftConverted: count.default(0) })
    .prefault({}),
  battle: battle.nullable().default(null),
  /** The pending decisions, bottom first (default: the active player's impulse). */
  stack: z.array(frame).optional(),
  outcome: z.strictObject({ winner: side.nullable(), reason: z.string(), rule: z.string() }).nullable().default(null),
  /** The last roll shown to the players. */
  lastRoll: z
    .strictObject({ why: z.string(), dice: z.array(z.number().int()) })
    .nullable()
    .default(null),
});

/** A position as loaded (defaults filled in); `save` writes one in full. */
export type Position = z.infer<typeof positionSchema>;
/** A position as written by hand (most fields optional). */
export type PositionInput = z.input<typeof positionSchema>;
