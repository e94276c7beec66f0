/**
 * The position format (POSITIONS.md): the whole situation in names an owner can write by hand —
 * units by id on hexes by label ("CCRR") or in a box, chits by id under a unit or in a box, the
 * attack phase and the decision stack by unit and chit ids — and the schema that checks its shape.
 * The types are inferred from the schema; `load.ts` resolves the names and fills the defaults,
 * `checks.ts` refuses what breaks a rule, `save.ts` writes a state back.
 */
import { z } from 'zod';
import { EN, type MessageId } from '../texts/index.ts';

const side = z.enum(['DE', 'SU']);
const id = z.string().min(1);
const count = z.number().int().min(0);
const die = z.number().int().min(1).max(6);
/** A value per side; absent: `dflt` for both (a fresh copy each time). */
const perSide = <T extends z.ZodType>(v: T, dflt: () => z.output<T>) =>
  z.strictObject({ DE: v, SU: v }).default(() => ({ DE: dflt(), SU: dflt() }) as never);

/** Unit boxes off the map (2.2.2(3) reserve pool, 7.0(2) received this turn, 签一览 detachment still a chit). */
export const UNIT_BOXES = ['reserve', 'eliminated', 'arriving', 'as-chit'] as const;
export type UnitBox = (typeof UNIT_BOXES)[number];
/** Equipment chit places besides a unit (3.5(7) cup, 2.2.2(4) reorganization pool, 4.0(4) drawn, 7.0(2) received, detached, removed from the game). */
export const EQUIP_BOXES = ['cup', 'reorg', 'drawn', 'arriving', 'detached', 'gone'] as const;
/** Support chit places (3.6: cup, support pool; 9.2(2) allocated to a battle; 16.1 on an air mission; removed from the game). */
export const SUPPORT_BOXES = ['cup', 'pool', 'alloc', 'air', 'gone'] as const;

/** The phases of the sequence of play (4.0 set-up, 5.1). */
export const PHASES = [
  'setup',
  'support',
  'reinforcement',
  'designation',
  'normalAttack',
  'movement',
  'reserveAttack',
  'reorganization',
] as const;

const unit = z.strictObject({
  /** The unit's id (units.json, or "det-<chit>" for a detachment split off as a unit). */
  id,
  /** Optional, checked against the order of battle. */
  side: side.optional(),
  /** A hex label "CCRR", or a box: reserve, eliminated, arriving, as-chit. */
  at: id,
  /** 2.11(1): on its reduced (back) side. */
  reduced: z.boolean().default(false),
  /** 5.1(3): reserve-designated. */
  designated: z.boolean().default(false),
});
export type UnitPosition = z.infer<typeof unit>;

const chit = z.strictObject({
  id,
  /** A unit id (stacked under it), or a box (EQUIP_BOXES / SUPPORT_BOXES). */
  at: id,
  faceUp: z.boolean().default(false),
});
export type ChitPosition = z.infer<typeof chit>;

const moveState = z
  .strictObject({
    /** 8.1(1): stacks (unit ids) that have moved in this movement phase. */
    moved: z.array(id).default([]),
    /** 8.3(1)3: stacks that moved strategically this player-turn. */
    strategic: z.array(id).default([]),
    /** The stack picked, its mode, and for a detachment splitting off its parent (`from`). */
    picked: z
      .strictObject({ unit: id, mode: z.enum(['normal', 'strategic']), from: id.optional() })
      .nullable()
      .default(null),
    /** 3.3: city control by hex label; cities not given are as at the start (3.3(1)). */
    cities: z.record(id, side).default({}),
    /** 19.2(1): the XXIV roll was made this movement phase. */
    xxivDone: z.boolean().default(false),
    /** The last move's path, hex labels from its start. */
    lastPath: z.array(id).default([]),
  })
  .default(() => ({ moved: [], strategic: [], picked: null, cities: {}, xxivDone: false, lastPath: [] }));

import { BATTLE_STEPS } from '../combat/battle.ts';

export { BATTLE_STEPS };

const battle = z.strictObject({
  /** The defending unit (9.1(3)); the battle is named by it. */
  target: id,
  /** The attacking units (9.1(4)). */
  attackers: z.array(id).default([]),
  step: z.enum(BATTLE_STEPS).default('prep'),
  /** Support chits allocated face-down (9.2(2)), by side. */
  alloc: perSide(z.array(id), () => []),
  declared: z.array(id).default([]),
  asSpat: z.array(id).default([]),
  cancelled: z.array(id).default([]),
  /** Damage points scored (2.14(2), 11.1). */
  dmg: perSide(count, () => 0),
  bombPool: perSide(count, () => 0),
  bombAlloc: z.array(id).default([]),
  /** Tank-battle pairs [German chit, Soviet chit] (11.5(2)). */
  pairs: z.array(z.tuple([id, id])).default([]),
  smoke: z.array(side).default([]),
  melee: z.boolean().default(false),
  closeCombat: z.boolean().default(false),
  spent: z.array(id).default([]),
  /** [Sniper or Commander, the chit it names] (11.2(3)). */
  snipes: z.array(z.tuple([id, id])).default([]),
  engineers: z.array(id).default([]),
  /** Molotov targets drawn; null: the Molotov found none. */
  picks: z.array(id.nullable()).default([]),
  cursor: count.default(0),
  retreat: perSide(z.boolean().nullable(), () => null),
  loss: perSide(count, () => 0),
  retreated: z.array(id).default([]),
  toRetreat: z.array(id).default([]),
  /** Decisions already offered in this battle ("window:support:DE", "equip:SU", "advance", ...). */
  windows: z.array(id).default([]),
  /** The defending hex kept from damage application on (11.6, 15.0). */
  memo: z.strictObject({ targetHex: id.optional() }).default(() => ({})),
  /** The hexes the retreating unit passed (14.0(5)), labels. */
  path: z.array(id).default([]),
  done: z.boolean().default(false),
});
export type BattlePosition = z.infer<typeof battle>;

const roll = z.strictObject({
  key: id,
  dice: z.array(die).min(1),
  need: z.array(z.number().int()),
  natural1: z.boolean().default(false),
  firer: side,
  target: side,
  abilities: z.array(id).default([]),
  rerolled: z.array(count).default([]),
  used: z.array(id).default([]),
  offered: z.array(side).default([]),
  final: z.boolean().default(false),
  asked: z.strictObject({ die: count, by: id }).nullable().default(null),
});

const air = z.strictObject({
  raider: side,
  chit: id,
  mission: z.enum(['bomb', 'ground', 'recon']),
  targets: z.array(id).default([]),
  step: z.enum(['targets', 'smoke', 'aa', 'intercept', 'counter', 'resolveIntercept', 'execute', 'done']),
  /** Reconnaissance targets named at declaration: a unit (and a back), or a battle by its target. */
  slots: z
    .array(z.strictObject({ unit: id.optional(), back: z.enum(['tank', 'equip']).optional(), battle: id.optional() }))
    .optional(),
  /** AA weapons that fired ("*": the interceptor stopped firing). */
  aaFired: z.array(id).default([]),
  interceptor: id.nullable().default(null),
  counter: id.nullable().default(null),
  shot: count.default(0),
  cancelled: z.boolean().default(false),
  aaNext: id.nullable().default(null),
});

const combat = z.strictObject({
  /** Absent: the attack phase under way (normal, or reserve in the reserve attack phase). */
  phase: z.enum(['normal', 'reserve']).optional(),
  stage: z.enum(['idle', 'declare', 'allocate', 'order', 'battle', 'done']).default('idle'),
  battles: z.array(battle).default([]),
  /** The attacker picked, its target next (9.2(1)). */
  picked: id.nullable().default(null),
  /** Ranged chits used in this attack phase. */
  rangedUsed: z.array(id).default([]),
  /** The battle being resolved, by its target unit. */
  current: id.nullable().default(null),
  roll: roll.nullable().default(null),
  air: air.nullable().default(null),
  /** Sides that have allocated support (9.2(2)4). */
  allocDone: z.array(side).default([]),
  /** 19.3(2): per SU152, the mode last used and the player-turn from whose start the other mode is open again. */
  memo: z
    .array(
      z.strictObject({
        chit: id,
        mode: z.enum(['art', 'spat']),
        until: z.strictObject({ turn: count, side }),
      }),
    )
    .default([]),
});
export type CombatPosition = z.infer<typeof combat>;

// ---- the decision stack ------------------------------------------------------------------------

const MESSAGE_IDS = Object.keys(EN) as [MessageId, ...MessageId[]];
const message = z.strictObject({
  id: z.enum(MESSAGE_IDS),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});

/** The combat steps a player decides (frame kinds `cb:<step>`, state.ts `CombatAsk`). */
export const COMBAT_ASKS = [
  'allocate',
  'order',
  'equip',
  'sniper',
  'commander',
  'engineers',
  'air',
  'smoke',
  'aa',
  'intercept',
  'counter',
  'recon',
  'bombAlloc',
  'pair',
  'reroll',
  'snipeNow',
  'retreat',
  'loss',
  'retreatHex',
  'advance',
] as const;

/** A decision frame: who decides; its rule and message default to what the rules ask it with. */
const asked = <K extends string>(kind: K) =>
  z.strictObject({ kind: z.literal(kind), side, rule: z.string().min(1).optional(), message: message.optional() });

const frame = z.discriminatedUnion('kind', [
  asked('setupPlace'),
  asked('setupSupport').extend({ count: count.default(0) }),
  asked('reinfChoice').extend({ count: z.number().int().min(1), from: z.array(id).min(1) }),
  asked('designation'),
  asked('normalAttack'),
  asked('movement'),
  asked('moveTo'),
  asked('reserveAttack'),
  /** count: chits placed (5.1(7)1); -1 once a chit is returned. */
  asked('reorganization').extend({ count: z.number().int().min(-1).default(0) }),
  ...COMBAT_ASKS.map((k) => asked(`cb:${k}` as const)),
  z.strictObject({ kind: z.literal('startPhase') }),
  z.strictObject({ kind: z.literal('nextPhase') }),
  z.strictObject({ kind: z.literal('combat') }),
]);
export type FramePosition = z.infer<typeof frame>;

export const FORMAT = 'prokhorovka-position/2';

export const positionSchema = z.strictObject({
  format: z.literal(FORMAT),
  /** Free words about the situation (a lesson, a puzzle); the rules ignore them. */
  note: z.string().optional(),
  /** The rule options off their defaults the position was saved under; absent: not checked. */
  options: z.record(z.string(), z.unknown()).optional(),
  /** 0 during the set-up (4.0), else the turn on the track (5.3). */
  turn: count,
  /** The last turn (9; 10 with 19.1): absent, from the options. */
  lastTurn: z.number().int().min(1).optional(),
  /** The phasing player; absent: the Soviet during the set-up (it places first, 4.0(5)), else the German. */
  side: side.optional(),
  phase: z.enum(PHASES),
  /** Units not listed: a dotted (reinforcement) unit in the reserve pool, a detachment a chit, any other eliminated. */
  units: z.array(unit).default([]),
  /** Equipment chits not listed are in their cup, face-down. */
  equip: z.array(chit).default([]),
  /** Support chits not listed are in their cup, face-down. */
  support: z.array(chit).default([]),
  /** A counter of unit moves (views show it): any whole number. */
  ver: count.default(0),
  /** 7.0, A-02: the German one-time reinforcement has come. */
  germanReinfDone: z.boolean().default(false),
  mv: moveState,
  /** The attack phase under way (9.0-16.0); absent before the first attack of the game. */
  combat: combat.nullable().optional(),
  /** Pending decisions, the last on top; absent: the phase's own decision (an automatic phase starts). */
  stack: z.array(frame).optional(),
  /** The outcome once the game is over (18.0). */
  result: z.strictObject({ winner: side.nullable(), reason: z.string(), rule: z.string() }).nullable().default(null),
});

/** A position as loaded (defaults filled in). */
export type Position = z.infer<typeof positionSchema>;
/** A position as written by hand (most fields optional). */
export type PositionInput = z.input<typeof positionSchema>;
