/**
 * The frames of Soft Underbelly's decision stack (spec 10.3), one kind each, with exactly its
 * fields: plain JSON kept in `SUState.stack` (top = last). Decision frames are resolved by a
 * player; procedure frames are steps of the sequence of play run by the flow (sequence.ts).
 * The words (prompt, rule) are computed from the frame by its handler, never stored.
 */
import type { Side } from './data/types.ts';

/** What a loss is absorbed from (§21, and the rules that send losses: §17, §25, §26, §30). */
export type LossContext = 'battle' | 'bomb' | 'bombard' | 'transport' | 'landing';

/** When a reaction window opens (spec 10.3, AMB-46). */
export type ReactWindow = { at: 'impulseStart' } | { at: 'combatStep' } | { at: 'move'; into: number };

/** Player decisions. */
export type DecisionFrame =
  // §5 L67, AMB-27: the Axis free set-up; `picked` is the unit chosen to place next.
  | { kind: 'deploy'; picked: string | null }
  // §8 L108: the roll's winner chooses who has the initiative.
  | { kind: 'initiative'; side: Side }
  // §43 L424, AMB-37: the Allies choose the fleet that leaves for Overlord.
  | { kind: 'overlordFleet' }
  // §9 L114: `n` reinforcement cubes still to place.
  | { kind: 'reinforce'; side: Side; n: number }
  // §10: conversion in the reinforcement phase (area null), or of event cubes in `area` (§45 L440, §46 L458).
  | { kind: 'convert'; side: Side; area: number | null }
  // §11 L132: the active player's impulse (movement step, then combat step).
  | { kind: 'impulse'; side: Side }
  // spec 10.3: the non-active player's reaction window.
  | { kind: 'react'; side: Side; window: ReactWindow }
  // §45 L442, §46 L460: the player who did not take the last impulse may play Extra Impulse.
  | { kind: 'extraImpulse'; side: Side }
  // §3 L38-L40, AMB-33: excess units leave an overstacked area.
  | { kind: 'overflow'; side: Side; area: number }
  // §12: a moving group now in `at`, having passed `path`; one naval transport leg (§16, AMB-32).
  | {
      kind: 'group';
      side: Side;
      origin: number;
      at: number;
      cubes: number;
      ids: string[];
      path: number[];
      shipped: boolean;
    }
  // §13 L162-L164: where aircraft `id` flies.
  | { kind: 'airDest'; side: Side; id: string }
  // §18 L200, AMB-6: the units attacking `target` (cubes `count[i]` from `from[i]`, counters `ids`).
  | { kind: 'commit'; side: Side; target: number; from: number[]; count: number[]; ids: string[] }
  // §24 L256-L262: fleets and units of the landing in `target`.
  | { kind: 'landingForce'; target: number; fleets: string[]; from: number[]; count: number[]; ids: string[] }
  // §17 (naval transport) or §26 (landing): `side` intercepts the move into `target`; `repeat` windows left (AMB-10).
  | { kind: 'intercept'; side: Side; of: 'transport' | 'landing'; target: number; chosen: string[]; repeat: number }
  // §19 L206, §29 L318: defending aircraft may leave before combat.
  | { kind: 'evade'; side: Side }
  // §20 L218, §28 L300, §29 L316, §34 L358: supports of one side of the battle.
  | { kind: 'support'; side: Side }
  // §34 L358, AMB-13: use the paratroops' extra die this round?
  | { kind: 'paraDie' }
  // §33 L350-L352: face-up elite may inflict an extra loss.
  | { kind: 'elite' }
  // §21: `side` absorbs `n` losses in `area`.
  | { kind: 'loss'; side: Side; n: number; of: LossContext; area: number }
  // §22: retreat out of `area`; `asLoss` when it absorbs the last loss (⑤); `dest` the one destination (AMB-35).
  | { kind: 'retreat'; side: Side; area: number; mode: 'partial' | 'total'; asLoss: boolean; dest: number | null }
  // §19 L208, §22, §45 L444-L450: end of a combat round; `side` decides now, `passes` in a row.
  | { kind: 'roundEnd'; side: Side; passes: number }
  // §23 L252: the attacker advances into the cleared `target`.
  | { kind: 'occupy'; side: Side; target: number }
  // §24 L268, AMB-16: the landing survivors withdraw.
  | { kind: 'landingReturn' }
  // §46 L466: `n` event markers the Axis may still return to hand.
  | { kind: 'kesselring'; n: number };

/** Steps of the sequence of play, run by the flow as soon as they reach the top. */
export type ProcedureFrame =
  | { kind: 'turnStart' }
  | { kind: 'initiativeRoll' }
  | { kind: 'reinforcePhase' }
  | { kind: 'reinforceOf'; side: Side }
  | { kind: 'convertOf'; side: Side }
  | { kind: 'impulseStart' }
  | { kind: 'impulseEnd' }
  | { kind: 'overflowCheck'; side: Side }
  | { kind: 'impulseNext' }
  | { kind: 'turnEnd' }
  | { kind: 'landingIntercept' }
  | { kind: 'bombard' }
  | { kind: 'battleEvade' }
  | { kind: 'battleSupport' }
  | { kind: 'battleRound' }
  | { kind: 'battleRoll' }
  | { kind: 'battleLosses' }
  | { kind: 'battleAfterRound' }
  | { kind: 'battleNext' }
  | { kind: 'battleEnd' }
  | { kind: 'battleClear' };

export type Frame = DecisionFrame | ProcedureFrame;
export type FrameOf<K extends Frame['kind']> = Extract<Frame, { kind: K }>;
