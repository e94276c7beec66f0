/**
 * The game state, its frames and its actions: all plain JSON, so the engine can clone, hash,
 * replay and determinize them, and a position file can hold them. The frames are declared once, as
 * a zod schema (positions are checked with it); their type is inferred from it.
 */
import type { DecisionKind, Outcome, Procedure } from '@sandtable/engine';
import { z } from 'zod';
import type { Env } from './board.ts';
import { type FordId, hexLabel, side } from './data/index.ts';
import type { Opts } from './options.ts';

const unitId = z.string();
const units = z.array(unitId);

/**
 * The frames of the decision stack, one per kind, a union discriminated by `kind`. A decision frame
 * waits for a player; a procedure frame is an automatic step. A frame carries what its step needs.
 */
export const frameSchema = z.discriminatedUnion('kind', [
  /** 4.3 South mines a ford in secret (decision, South). */
  z.strictObject({ kind: z.literal('mine') }),
  /** 3.2 A game turn begins and lays out its phases (procedure). */
  z.strictObject({ kind: z.literal('turn'), n: z.number().int().min(1) }),
  /**
   * 5.0 Movement phase (decision, the phasing side): movement points spent per unit this phase, and
   * the units that had to stop, with the rule that stopped them (5.3 a ZOC, 5.4 a ford).
   */
  z.strictObject({
    kind: z.literal('movement'),
    side,
    spent: z.record(unitId, z.number().int().min(0)),
    stopped: z.record(unitId, z.enum(['5.3', '5.4'])),
  }),
  /** 6.0 Combat phase (decision, the phasing side): the units that attacked and the hexes attacked. */
  z.strictObject({ kind: z.literal('combat'), side, attacked: units, hexes: z.array(hexLabel) }),
  /** 7.1-7.3 One attack is resolved (procedure). */
  z.strictObject({ kind: z.literal('resolve'), side, hex: hexLabel, attackers: units }),
  /** 7.4 A unit retreats (decision, its owner). */
  z.strictObject({ kind: z.literal('retreat'), unit: unitId }),
  /** 7.3 EX: the attacker picks the attacking unit it loses (decision). */
  z.strictObject({ kind: z.literal('loss'), side, units }),
  /** 7.5 Advance after combat (decision, the attacker). */
  z.strictObject({ kind: z.literal('advance'), side, hex: hexLabel, units }),
  /** 3.2 step 5, 8.0 End of turn: victory check, then the next turn (procedure). */
  z.strictObject({ kind: z.literal('endOfTurn'), n: z.number().int().min(1) }),
]);

export type Frame = z.infer<typeof frameSchema>;
export type FrameKind = Frame['kind'];
/** The frame of one kind. */
export type FrameOf<K extends FrameKind> = Extract<Frame, { kind: K }>;

export type Action =
  | { type: 'mine'; ford: FordId }
  | { type: 'move'; unit: string; to: string }
  | { type: 'endMovement' }
  | { type: 'attack'; hex: string }
  | { type: 'endCombat' }
  | { type: 'retreat'; unit: string; to: string }
  | { type: 'lose'; unit: string }
  | { type: 'advance'; unit: string }
  | { type: 'stay' };

export interface BridgeState {
  /** The game turn (3.1); 0 before turn 1. */
  turn: number;
  /** Where each unit is, by id: a hex label, or null once eliminated. */
  units: Record<string, string | null>;
  /** 4.3 The mined ford (null until South chooses; hidden from North until it goes off, 5.5). */
  mine: { ford: FordId | null; exploded: boolean };
  /** The decision stack, bottom first: what is left to do. */
  stack: Frame[];
  options: Opts;
  /** Set when the game ends (8.0). */
  result: Outcome | null;
}

/** The actions of some types. */
export type ActionOf<T extends Action['type']> = Extract<Action, { type: T }>;
/** A decision kind of this game: the kernel's handler, typed by its frame and by the action types it offers. */
export type DecisionOf<K extends FrameKind, T extends Action['type']> = DecisionKind<
  Env,
  BridgeState,
  FrameOf<K>,
  Action,
  ActionOf<T>
>;
/** A procedure of this game. */
export type ProcedureOf<K extends FrameKind> = Procedure<Env, BridgeState, FrameOf<K>>;
