/**
 * The game state, its frames and its actions: plain JSON, so the engine can clone, hash, replay and
 * determinize them, and a position file can hold them. The frames are declared once as a zod schema
 * (positions are checked with it); their type is inferred from it.
 */
import type { DecisionKind, Outcome, Procedure } from '@sandtable/engine';
import { z } from 'zod';
import type { Env } from './board.ts';
import { type EntryArea, entryArea, hexLabel, type HiddenValues, type Side, side } from './data/index.ts';
import type { Opts } from './options.ts';

const id = z.string();
const ids = z.array(id);
const hexes = z.array(hexLabel);
const air = z.strictObject({ GA: z.number().int().min(0), MB: z.number().int().min(0) });
export type Air = z.infer<typeof air>;
const wave = z.union([z.literal(1), z.literal(2)]);
const crt = z.enum(['assault', 'mobile']);

export const frameSchema = z.discriminatedUnion('kind', [
  /** 4.0 A game turn lays out its phases (procedure). */
  z.strictObject({ kind: z.literal('turn'), n: z.number().int().min(1) }),
  /** 4.0 I, 5.0, 18.1 Random events and weather (procedure). */
  z.strictObject({ kind: z.literal('events'), n: z.number().int().min(1) }),
  /** 4.0 II/III A player turn begins: air pool (6.6), replacement points (6.8), fire reset (12.1) (procedure). */
  z.strictObject({ kind: z.literal('playerTurn'), side }),
  /** 6.0 A Reinforcement Phase (decision): due units placed, replacement points left. */
  z.strictObject({ kind: z.literal('reinforce'), side, rp: z.number().int().min(0) }),
  /** 8.0 A Movement Phase (decision): the units that have moved (8.3). */
  z.strictObject({ kind: z.literal('movement'), side, moved: ids }),
  /** 8.2 One unit selected to move (decision): its destination, or stay where it is. */
  z.strictObject({ kind: z.literal('moveUnit'), side, unit: id }),
  /** 12.12 The Final Protective Fire Phase (decision, the non-phasing side): the hexes fired at. */
  z.strictObject({ kind: z.literal('fpf'), side, hexes }),
  /** 11.2, 14.0 A combat phase begins (procedure). */
  z.strictObject({ kind: z.literal('combatStart'), side, wave }),
  /**
   * 11.0, 14.0 A combat phase (decision, the phasing side). First Wave obligations (10.6, 11.2,
   * A21) are listed at the start; attacked/hit/advanced record 11.2 "once per phase" and 13.6.
   */
  z.strictObject({
    kind: z.literal('combat'),
    side,
    wave,
    attacked: ids,
    hit: ids,
    advanced: ids,
    mustAttack: ids,
    mustBeAttacked: ids,
    supplied: ids,
  }),
  /** 11.3 One adjacent combat being declared (decision, the attacker). */
  z.strictObject({
    kind: z.literal('declare'),
    side,
    wave,
    targets: hexes,
    attackers: ids,
    support: ids,
    air,
  }),
  /** 11.3 steps 4-9: the combat is resolved (procedure). */
  z.strictObject({
    kind: z.literal('resolve'),
    side,
    wave,
    targets: hexes,
    attackers: ids,
    support: ids,
    air,
    crt,
  }),
  /** 22.5 Recon screen: the defender chooses the CRT (decision). */
  z.strictObject({
    kind: z.literal('screen'),
    side,
    wave,
    targets: hexes,
    attackers: ids,
    support: ids,
    air,
  }),
  /** 12.8, 12.12 A bombardment or FPF being declared (decision, the firing side). */
  z.strictObject({
    kind: z.literal('fire'),
    side,
    mode: z.enum(['bombard', 'fpf']),
    target: hexLabel,
    artillery: ids,
    air,
  }),
  /** 13.1 D1/D2 against hold terrain or across rivers: the defender holds or retreats (decision). */
  z.strictObject({ kind: z.literal('hold'), side, hex: hexLabel, units: ids, hexes: z.number().int().min(1) }),
  /** 13.4 A unit retreats, hex by hex (decision, its owner). */
  z.strictObject({
    kind: z.literal('retreat'),
    side,
    unit: id,
    left: z.number().int().min(0),
    path: hexes,
  }),
  /** 13.3a, A13 EX/AX: the owner removes units until the loss is met (decision). */
  z.strictObject({ kind: z.literal('loss'), side, units: ids, need: z.number() }),
  /** 13.6 Advance after combat (decision, the winner). */
  z.strictObject({
    kind: z.literal('advance'),
    side,
    units: ids,
    path: hexes,
    vacated: hexes,
    pathUnit: z.string(),
    max: z.number().int().min(0),
    engineer: z.boolean(),
  }),
  /** 9.1 End of a phase: stacking is checked (procedure). */
  z.strictObject({ kind: z.literal('phaseEnd') }),
  /** 9.1 A hex is overstacked: its owner removes a unit (decision). */
  z.strictObject({ kind: z.literal('overstack'), side, hex: hexLabel }),
  /** 15.4 Recovery Phase (procedure). */
  z.strictObject({ kind: z.literal('recovery'), side }),
  /** 4.0 IV Game Turn Record Phase: the game ends after the last turn (procedure). */
  z.strictObject({ kind: z.literal('endOfTurn'), n: z.number().int().min(1) }),
]);

export type Frame = z.infer<typeof frameSchema>;
export type FrameKind = Frame['kind'];
export type FrameOf<K extends FrameKind> = Extract<Frame, { kind: K }>;

export type Action =
  | { type: 'place'; unit: string; hex: string }
  | { type: 'replace'; unit: string }
  | { type: 'endReinforcement' }
  | { type: 'select'; unit: string }
  | { type: 'move'; unit: string; to: string }
  | { type: 'exit'; unit: string }
  | { type: 'bridge'; unit: string; hex: string }
  | { type: 'endMovement' }
  | { type: 'fpf'; hex: string }
  | { type: 'endFpf' }
  | { type: 'attack'; hex: string }
  | { type: 'bombard'; hex: string }
  | { type: 'supply'; unit: string }
  | { type: 'endCombat' }
  | { type: 'addAttacker'; unit: string }
  | { type: 'addTarget'; hex: string }
  | { type: 'support'; unit: string }
  | { type: 'air'; kind: 'GA' | 'MB' }
  | { type: 'resolve'; crt: 'assault' | 'mobile' }
  | { type: 'fire' }
  | { type: 'hold' }
  | { type: 'fallBack' }
  | { type: 'retreat'; unit: string; to: string }
  | { type: 'lose'; unit: string }
  | { type: 'advance'; unit: string; to: string }
  | { type: 'stay' }
  | { type: 'remove'; unit: string };

export type ActionOf<T extends Action['type']> = Extract<Action, { type: T }>;

/** Where a unit is in the game (2.2, 6.1, 8.11, 6.8). */
export type UnitStatus = 'map' | 'due' | 'eliminated' | 'exited' | 'gone';

export interface UnitState {
  status: UnitStatus;
  /** The hex on the map (status 'map'), else null. */
  hex: string | null;
  /** 15.1 Suppressed. */
  supp: boolean;
  /** 21.2 An untried unit's values once revealed; null while untried (unknown to everybody). */
  revealed: HiddenValues | null;
  /** 6.1, 6.8 The turn a due unit enters, and where. */
  due: number | null;
  entry: EntryArea | null;
  /** 6.10 In command when eliminated (replaceable). */
  inCommandWhenLost: boolean;
}

export interface DubnoState {
  /** The game turn (4.0); 0 during set-up. */
  turn: number;
  units: Record<string, UnitState>;
  /** 21.0 The untried values still in each pool (public: the counter mix is known, not which is which). */
  pools: Record<string, HiddenValues[]>;
  /** 5.0 This turn's random event id, and 18.1 the weather. */
  event: string;
  weather: string;
  /** 6.6, 17.0 Air strike markers: in the cup (pool) and drawn for use (available), per side. */
  air: Record<Side, { cup: Air; drawn: Air }>;
  /** 23.1 Victory points. */
  vp: Record<Side, number>;
  /** 22.3 Pontoon bridges: the engineer, the hex it stays in, and the hexside "AAAA/BBBB" it spans. */
  pontoons: { engineer: string; at: string; between: string }[];
  /** 12.1 Artillery that has fired in this player turn. */
  fired: string[];
  /** 12.13 Artillery barred from FPF: retreated or suppressed since its owner's turn began (A20). */
  fpfBarred: string[];
  stack: Frame[];
  options: Opts;
  result: Outcome | null;
}

export type DecisionOf<K extends FrameKind, T extends Action['type']> = DecisionKind<
  Env,
  DubnoState,
  FrameOf<K>,
  Action,
  ActionOf<T>
>;
export type ProcedureOf<K extends FrameKind> = Procedure<Env, DubnoState, FrameOf<K>>;
export { entryArea };
