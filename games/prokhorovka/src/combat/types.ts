/**
 * Combat state (9.0-16.0): the attack phase under way (declared battles, allocations, the order
 * of resolution) and the battle being resolved, as plain JSON inside `PGState.combat`.
 */
import type { Side } from '../data/types.ts';

/** One roll waiting for a re-roll decision (Wittmann, Rudel, Commander; ). */
export interface PendingRoll {
  key: string;
  dice: number[];
  /** Per die: the hit number (a die hits when <= it, or on a natural 1 under 12.0). */
  need: number[];
  /** 12.0: a natural 1 always hits. */
  natural1: boolean;
  /** Side whose weapon rolls (a miss hurts it) and side fired on (a hit hurts it). */
  firer: Side;
  target: Side;
  /** Chits that may re-roll this roll (Wittmann, Rudel) by side. */
  abilities: string[];
  /** Dice already re-rolled (one re-roll per die, A-53). */
  rerolled: number[];
  /** Abilities used on this roll (Wittmann, Rudel: once per roll, A-39). */
  used: string[];
  /** Sides already offered the re-roll. */
  offered: Side[];
  final: boolean;
  /** A Commander re-roll waiting for the enemy's immediate Sniper (签一览 Sniper ※). */
  asked: { die: number; by: string } | null;
}

/** An air mission under way (16.1). */
export interface AirMission {
  raider: Side;
  chit: string;
  mission: 'bomb' | 'ground' | 'recon';
  /** Ground-attack (or ground-attack bombing) targets, recon reveals. */
  targets: string[];
  step: 'targets' | 'smoke' | 'aa' | 'intercept' | 'counter' | 'resolveIntercept' | 'execute' | 'done';
  /** Reconnaissance targets chosen at declaration: a stack and back, or a battle's allocation. */
  slots?: { unit?: string; back?: string; battle?: string }[];
  aaFired: string[];
  interceptor: string | null;
  counter: string | null;
  shot: number;
  cancelled: boolean;
  /** AA gun chosen to fire next (16.1(2)). */
  aaNext: string | null;
}

export interface Battle {
  id: number;
  /** The defending unit (9.1(3)) and the attacking units (9.1(4)). */
  target: string;
  attackers: string[];
  attacker: Side;
  defender: Side;
  step: string;
  /** Support chits allocated face-down (9.2(2)), by side. */
  alloc: Record<Side, string[]>;
  /** Equipment chits declared and turned face-up (11.2(1)). */
  declared: string[];
  /** SU152 chits used as SP AT guns (19.3). */
  asSpat: string[];
  /** Chits cancelled for this battle only (Sniper, Commander, Engineers, bombing 16.2(3)). */
  cancelled: string[];
  /** Damage tracks (2.14(2), 11.1). */
  dmg: Record<Side, number>;
  /** Bombing hits still to allocate against enemy tank-battle weapons (16.2(3)), by raider. */
  bombPool: Record<Side, number>;
  /** One entry per bombing hit allocated to a chit (16.2(3)). */
  bombAlloc: string[];
  /** Tank-battle pairs [German chit, Soviet chit] (11.5(2)). */
  pairs: [string, string][];
  smoke: Side[];
  melee: boolean;
  closeCombat: boolean;
  /** Commanders whose effect is used or cancelled. */
  spent: string[];
  /** [Sniper or Commander, the chit it names] (11.2(3)). */
  snipes: [string, string][];
  /** Engineers already applied. */
  engineers: string[];
  /** Random targets drawn (Molotov), kept through a re-roll window. */
  picks: string[];
  cursor: number;
  retreat: Record<Side, boolean | null>;
  loss: Record<Side, number>;
  /** Units that retreated (14.0) and those that still must. */
  retreated: string[];
  toRetreat: string[];
  /** Decisions already offered in this battle (air windows, declarations, Sniper, Commander...). */
  windows: string[];
  /** Numbers that must survive a decision (the defending hex at damage application). */
  memo: Record<string, number>;
  /** Hexes the retreating unit passed (14.0(5)). */
  path: number[];
  done: boolean;
}

export interface CombatState {
  phase: 'normal' | 'reserve';
  stage: 'idle' | 'declare' | 'allocate' | 'order' | 'battle' | 'done';
  battles: Battle[];
  /** Two-step declaration: the attacker picked, its target next. */
  picked: string | null;
  /** Ranged chits used in this attack phase. */
  rangedUsed: string[];
  current: number | null;
  roll: PendingRoll | null;
  air: AirMission | null;
  allocDone: string[];
  /** 19.3(2): per SU152, the mode it was last used in and the player-turn index until which the other is barred. */
  memo: { chit: string; mode: 'art' | 'spat'; until: number }[];
}

export type Mission = 'bomb' | 'ground' | 'recon';
/** An air mission as declared (16.1(1), A-52): the chit, the mission and its targets at once. */
export interface MissionChoice {
  chit: string;
  mission: Mission;
  targets: string[];
}

/** The actions of an attack phase and its steps (9.0-16.0). */
export type CombatAction =
  | { type: 'pickAttacker'; unit: string }
  | { type: 'attack'; target: string }
  | { type: 'unpick' }
  | { type: 'allocate'; chit: string; battle: string }
  | { type: 'doneAllocating' }
  | { type: 'resolve'; battle: string }
  | { type: 'declareChit'; chit: string; asSpat?: true }
  | { type: 'doneDeclaring' }
  | { type: 'snipe'; by: string; chit: string }
  | { type: 'command'; by: string; chit: string }
  | { type: 'doneCancelling' }
  | { type: 'engineers'; by: string; remove?: string }
  | { type: 'airMission'; chit: string; mission: Mission; targets: string[] }
  | { type: 'noAir' }
  | { type: 'activateSmoke'; chit: string }
  | { type: 'noSmoke' }
  | { type: 'aaFire'; chit: string }
  | { type: 'noAA' }
  | { type: 'intercept'; chit: string }
  | { type: 'noIntercept' }
  | { type: 'counterIntercept'; chit: string }
  | { type: 'noCounter' }
  | { type: 'reconReveal'; unit?: string; back?: string; battle?: string }
  | { type: 'doneRevealing' }
  | { type: 'bombHit'; chit: string }
  | { type: 'doneBombHits' }
  | { type: 'pair'; de: string; su: string }
  | { type: 'reroll'; die: number; by: string }
  | { type: 'keepRoll' }
  | { type: 'snipeCommander'; by: string }
  | { type: 'noSnipe' }
  | { type: 'declareRetreat' }
  | { type: 'holdGround' }
  | { type: 'stepLoss'; unit: string }
  | { type: 'chitLoss'; chit: string }
  | { type: 'retreatTo'; hex: string }
  | { type: 'advanceInto'; unit: string }
  | { type: 'noAdvance' };

/** The combat actions of the given types. */
export type ActionOf<T extends CombatAction['type']> = Extract<CombatAction, { type: T }>;
