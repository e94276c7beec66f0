/**
 * The game state (plain JSON: cloned, hashed, replayed) and the frames of the decision stack.
 * Hexes are grid indexes (labels only in words and views). Only what changes in play is here; the
 * map, counters and charts are in the environment.
 */
import type { Outcome } from '@sandtable/engine';
import type { Opts } from './options.ts';

/** 5.2 The face up; the marker (if any) gives the mode instead. */
export type FaceId = 'combat' | 'move';
export type Marker = 'reserve' | 'strat' | 'dg' | 'exploit';

export interface UnitState {
  /** Grid index of its hex, or -1 when not on the map (see `box`). */
  hex: number;
  /** Off-map box (GC-I-F), 'dead' (9.11), or 'pending' (not arrived yet, 13.6). */
  box?: string;
  face: FaceId;
  marker?: Marker;
  /** 9.11 steps lost (multi-step units); aircraft: 1 when reduced. */
  lost?: number;
  /** 12.8 marked Out of Supply. */
  oos?: boolean;
  /** 12.10 internal stocks. */
  stocks?: 'low' | 'exhausted';
  /** 5.9c had a ZOC when it gained Exploit. */
  hadZoc?: boolean;
  /** 12.5c C fuel paid for the phase with this sequence number. */
  fuelPhase?: number;
  /** 14.1a aircraft: active. */
  active?: boolean;
  /** Transport points: tokens loaded (13.2). */
  loadT?: number;
}

export interface OcsState {
  turn: number;
  /** Weather id of the game turn (17.0). */
  weather: string;
  /** The side that is first player this game turn (2.3). */
  first: string | null;
  /** The phasing player (2.1). */
  phasing: string | null;
  /** A counter for phases, so that phase-long effects (single-unit fuel) can name their phase. */
  phaseSeq: number;
  units: Record<string, UnitState>;
  /** 12.1 supply dumps: tokens by side, then by hex index. */
  dumps: Record<string, Record<string, number>>;
  /** 13.3h control of hexes that changed hands (hex index -> side); the rest from the scenario. */
  control: Record<string, string>;
  /** 16.0 hedgehogs: level by hex index, with owner. */
  hedgehogs: Record<string, { side: string; level: number }>;
  /** Steps each side has lost (victory). */
  stepsLost: Record<string, number>;
  /** 12.5c A-B formations and HQs fueled until their side's next Clean Up (12.5d), by side. */
  fueled?: Record<string, string[]>;
  /** 16.0b hexes whose hedgehog was built or improved this game turn (+1 level a turn). */
  dug?: number[];
  /** 13.3b Rail Cap used this turn, by side. */
  railUsed?: Record<string, number>;
  /** 5.7b reserves released in the current phase. */
  released?: string[];
  /** 9.10b the defender's mandatory result, applied once the attacker has resolved his part. */
  pendingDefender?: { loss: number; dg: boolean; ar: string; enemyHexes: number[] };
  /** Bumped whenever a unit moves or changes mode or status (caches of ZOC and supply). */
  version: number;
  stack: Frame[];
  options: Opts;
  result: Outcome | null;
}

/** The frames of the decision stack, by kind. */
export type Frame =
  /** 2.2 a game turn: Pre-Turn Phase, the two player turns, end of turn (procedure). */
  | { kind: 'gameTurn'; turn: number }
  /** 2.3 First Player Determination: the higher roller chooses (decision). */
  | { kind: 'chooseFirst'; side: string }
  /** 2.2 one player turn, phase by phase (procedure). */
  | { kind: 'playerTurn'; side: string }
  /** 2.3 Reinforcement Phase (procedure). */
  | { kind: 'reinforcement'; side: string }
  /** 6.0 a Movement Segment (decision): Movement, Reaction (released reserves) or Exploitation. */
  | {
      kind: 'movement';
      side: string;
      phase: 'movement' | 'reaction' | 'exploitation';
      /** MP spent per unit this phase. */
      spent: Record<string, number>;
      /** 6.1g units that have finished moving this phase. */
      done: string[];
      /** 6.1g the unit now moving (no other unit moves until it finishes). */
      mover: string | null;
      /** 4.5a A a truck unit that entered an EZOC: it must stop (or overrun). */
      stopped: string[];
      /** 4.5b units frozen by a negation: they may spend no MP this phase. */
      frozen: string[];
      /** 5.4 units that changed mode at the start of their move (once a move). */
      changed?: string[];
      /** 12.11a dumps (hexes) the player tried to blow this phase (once a dump a phase). */
      blown?: number[];
    }
  /** 10.0 a Barrage Segment (decision): declare barrages one at a time (10.0e: a hex and a unit once a phase). */
  | { kind: 'barrage'; side: string; phase: 'reaction' | 'combat' | 'exploitation'; fired: string[]; hexes: number[] }
  /** 10.0 a barrage being declared: the target hex and the firing artillery so far (decision). */
  | {
      kind: 'barrageDeclare';
      side: string;
      phase: 'reaction' | 'combat' | 'exploitation';
      hex: number;
      firers: string[];
    }
  /** 10.0 resolve a barrage (procedure). */
  | { kind: 'barrageResolve'; side: string; hex: number; firers: string[] }
  /** 12.6-12.8 Supply Phase (procedure). */
  | { kind: 'supplyPhase'; side: string }
  /** 9.0 a Combat Segment (decision): declare attacks one at a time. */
  | { kind: 'combat'; side: string; phase: 'combat' | 'exploitation'; attacked: string[]; hexes: number[] }
  /** 9.2 step 1 an attack being declared: the defending hex and the attackers so far (decision). */
  | { kind: 'declare'; side: string; phase: 'combat' | 'exploitation'; hex: number; attackers: string[] }
  /** 9.2 steps 2-9 resolve an attack (procedure). */
  | {
      kind: 'resolve';
      side: string;
      phase: 'combat' | 'exploitation';
      hex: number;
      attackers: string[];
      /** 8.0 an overrun in a Movement Segment. */
      overrun?: boolean;
    }
  /** 9.10 the attacker takes its options as step losses or retreat (decision). */
  | {
      kind: 'attackerOptions';
      side: string;
      attackers: string[];
      options: number;
      hex: number;
      defenderOptions: number;
      exploit: number | null;
      phase: 'combat' | 'exploitation';
      overrun?: boolean;
    }
  /** 9.10 the defender takes its options as step losses or retreat (decision). */
  | {
      kind: 'defenderOptions';
      side: string;
      hex: number;
      options: number;
      mayIgnore: boolean;
      attackers: string[];
      overrun?: boolean;
      /** 9.12f hexes that held the attackers when the combat began. */
      enemyHexes?: number[];
    }
  /** 9.12 a stack retreats: its owner picks the end hex (decision). */
  | { kind: 'retreat'; side: string; units: string[]; from: number; hexes: number; enemyHexes: number[] }
  /** 9.12g advance after combat (decision). */
  | { kind: 'advance'; side: string; hex: number; units: string[]; mandatory?: boolean }
  /** 4.8a overstacked hexes: the owner removes units (decision). */
  | { kind: 'overstack'; side: string }
  /** 2.3 Clean Up Phase (procedure). */
  | { kind: 'cleanUp'; side: string }
  /** 2.2 end of the game turn: victory, the next turn (procedure). */
  | { kind: 'endTurn'; turn: number };

export type FrameKind = Frame['kind'];
export type FrameOf<K extends FrameKind> = Extract<Frame, { kind: K }>;

/** The actions, one union; built with a fixed key order. */
export type Action =
  | { type: 'chooseFirst'; side: string }
  | { type: 'mode'; unit: string; mode: 'combat' | 'move' | 'reserve' | 'strat' }
  | { type: 'move'; unit: string; to: number }
  | { type: 'overrun'; unit: string; hex: number }
  | { type: 'rail'; unit: string; to: number }
  | { type: 'hedgehog'; hex: number }
  | { type: 'blow'; hex: number; tokens: number }
  | { type: 'load'; unit: string; tokens: number }
  | { type: 'unload'; unit: string; tokens: number }
  | { type: 'stop'; unit: string }
  | { type: 'fuel'; unit: string; method: 'formation' | 'hq' }
  | { type: 'release'; unit: string }
  | { type: 'endPhase' }
  | { type: 'declare'; hex: number }
  | { type: 'addAttacker'; unit: string }
  | { type: 'attack' }
  | { type: 'cancel' }
  | { type: 'options'; asLoss: number }
  | { type: 'retreatTo'; hex: number }
  | { type: 'advance'; units: string[] }
  | { type: 'remove'; unit: string };

export type ActionOf<T extends Action['type']> = Extract<Action, { type: T }>;
