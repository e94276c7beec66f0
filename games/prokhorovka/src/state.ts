/**
 * Game state (plain JSON), the environment built from the data, and the board queries every
 * rule uses: ZOC (3.1, 2.2.1(5)), LOC (3.2) and stacking (3.4). Hexes are indices into the
 * HexGrid; actions name hexes by label and chits and units by id.
 */
import {
  CachedField,
  Tracer,
  call,
  markNeighbours,
  type Action,
  type DecisionKind,
  type Message,
  type Outcome,
} from '@sandtable/engine';
import { ROAD, buildBoard, type Board } from './data/board.ts';
import type { EquipChit, ProkhorovkaData, Side, SupportChit, UnitData } from './data/types.ts';
import type { Opts } from './options.ts';
import type { CombatState } from './combat/types.ts';

export type { Side };
export const other = (s: Side): Side => (s === 'DE' ? 'SU' : 'DE');

/** Unit locations besides a hex index (>= 0). */
export const RESERVE = -1; // reserve pool (2.2.2(3), 4.0(2))
export const ELIMINATED = -2;
export const ARRIVING = -3; // received this turn, enters in the movement phase (7.0(2))
/** A detachment unit whose chit is a chit (not split off, 签一览 detachment): not a combat unit. */
export const AS_CHIT = -4;

/** Chit location of a detachment chit split off as a combat unit (签一览 detachment, A-26). */
export const DETACHED = 'detached';
/** The combat unit a detachment chit becomes when it splits off (签一览 detachment): one per detachment chit. */
export const detachmentUnitId = (chit: string) => `det-${chit}`;
/** The detachment chit of a detachment unit, or null for an ordinary combat unit. */
export const detachmentChitOf = (unit: string): string | null => (unit.startsWith('det-') ? unit.slice(4) : null);

export type MoveMode = 'normal' | 'strategic';

/** Movement bookkeeping kept in the game state (public information; see movement.ts). */
export interface MoveState {
  /** Stacks that have moved in this movement phase (8.1(1)(3): one move each). */
  moved: string[];
  /** Stacks that moved strategically this player-turn: they may not attack (8.3(1)3). */
  strategic: string[];
  /** The stack picked and its mode, while its destination is chosen. */
  picked: { unit: string; mode: MoveMode; from?: string } | null;
  /** City control by hex label (3.3). */
  cities: Record<string, Side>;
  /** 19.2(1): the XXIV roll was made (or the phase has started moving) this movement phase. */
  xxivDone: boolean;
  /** The path of the last move (hex labels, start first), for the log and for checks. */
  lastPath: string[];
}

/** A copy of the movement bookkeeping (for views and clones; cheaper than structuredClone). */
export function copyMoveState(m: MoveState): MoveState {
  return {
    moved: [...m.moved],
    strategic: [...m.strategic],
    picked: m.picked && { ...m.picked },
    cities: { ...m.cities },
    xxivDone: m.xxivDone,
    lastPath: [...m.lastPath],
  };
}

/** Chit locations: a unit id (stacked with it) or one of these. */
export type ChitLoc = 'cup' | 'reorg' | 'pool' | 'drawn' | 'gone' | string;

export interface UnitState {
  id: string;
  side: Side;
  hex: number;
  reduced: boolean;
  /** Reserve designation (5.1(3)). */
  designated: boolean;
}

export interface ChitState {
  id: string;
  side: Side;
  loc: ChitLoc;
  faceUp: boolean;
}

// ---- the decision stack (flow kernel frames) ---------------------------------------------------

/** The steps of an attack phase a player decides (9.0-16.0): frame kinds `cb:<step>`. */
export type CombatAsk =
  | 'allocate'
  | 'order'
  | 'equip'
  | 'sniper'
  | 'commander'
  | 'engineers'
  | 'air'
  | 'smoke'
  | 'aa'
  | 'intercept'
  | 'counter'
  | 'recon'
  | 'bombAlloc'
  | 'pair'
  | 'reroll'
  | 'snipeNow'
  | 'retreat'
  | 'loss'
  | 'retreatHex'
  | 'advance';

/** The phases of a player-turn (5.1; their order is the chart in sequence.ts). */
export type Phase =
  | 'support'
  | 'reinforcement'
  | 'designation'
  | 'normalAttack'
  | 'movement'
  | 'reserveAttack'
  | 'reorganization';

/** Every decision a player may be asked: set-up (4.0), a phase (5.1), a move (8.0), a reinforcement (7.0(1)), a combat step. */
export type AskKind = 'setupPlace' | 'setupSupport' | Phase | 'moveTo' | 'reinfChoice' | `cb:${CombatAsk}`;

/** What a decision counts: chits chosen (4.0(6)1), chits placed (5.1(7)1), units still to choose (7.0(1)). */
type ParamsOf<K> = K extends 'reinfChoice'
  ? { count: number; from: string[] }
  : K extends 'setupSupport' | 'reorganization'
    ? { count: number }
    : unknown;

/** A prompt's message id and parameters, kept beside its English words (`texts/`). */
export type Said = Omit<Message, 'en'>;

/**
 * A decision waiting on the stack. Views show the stack, so a frame keeps who decides (`role` =
 * `side`) and the rule and prompt it was asked with: the English words and their message.
 */
export type Asked<K extends AskKind = AskKind> = K extends unknown
  ? { kind: K; role: Side; side: Side; rule: string; prompt: string; message: Said } & ParamsOf<K>
  : never;

/**
 * The automatic steps of the sequence of play (flow kernel procedures): the start of a phase, the
 * end of one (5.1-5.3), the combat machine (9.0-16.0). Each runs as soon as it is on top, so none
 * is ever on the stack while a player decides.
 */
export type Procedure = { kind: 'startPhase' } | { kind: 'nextPhase' } | { kind: 'combat' };

export type Frame = Asked | Procedure;

/** A Prokhorovka decision kind (a flow kernel handler) offering the actions `A`. */
export type Decides<K extends AskKind, A extends Action> = DecisionKind<Env, PGState, Asked<K>, A>;

/** Who decides, the prompt and the rule of a decision: as it was asked (`ask`). */
export const AS_ASKED = {
  role: (_E: Env, _g: PGState, f: Asked) => f.role,
  prompt: (_E: Env, _g: PGState, { message: m, prompt }: Asked): Message =>
    m.params ? { id: m.id, params: { ...m.params }, en: prompt } : { id: m.id, en: prompt },
  ruleOf: (_E: Env, _g: PGState, f: Asked) => f.rule,
};

/**
 * Asks `side` a decision: its frame goes on top of the stack (the flow kernel's `call`); what was
 * under way resumes when it is answered. Returns 'wait' for the step that asked.
 */
export function ask(
  g: PGState,
  kind: AskKind,
  side: Side,
  rule: string,
  { en, ...message }: Message,
  params: { count?: number; from?: string[] } = {},
): 'wait' {
  call(g.stack, { kind, role: side, side, rule, prompt: en, message, ...params } as Frame);
  return 'wait';
}

export interface PGState {
  o: Opts;
  turn: number;
  lastTurn: number;
  /** Phasing player. */
  side: Side;
  /** The phase under way (a `Phase`), or 'setup' before turn 1. */
  phase: string;
  units: UnitState[];
  equip: ChitState[];
  support: ChitState[];
  /** Bumped whenever a unit changes hex (cache key for ZOC and LOC fields). */
  ver: number;
  germanReinfDone: boolean;
  /** Movement bookkeeping (8.0, 3.3): see movement.ts. */
  mv: MoveState;
  /** The attack phase under way (9.0-16.0): see combat/. Absent or idle outside attack phases. */
  combat?: CombatState | null;
  /** Pending decisions, the last on top (flow kernel frames). */
  stack: Frame[];
  result: Outcome | null;
}

/** Everything derived from the data once per rules instance. */
export interface Env {
  d: ProkhorovkaData;
  b: Board;
  unitById: Map<string, UnitData>;
  equipById: Map<string, EquipChit>;
  supportById: Map<string, SupportChit>;
  tracer: Tracer;
  /** Per side: hexes in that side's enemy's ZOC, cached by state version (3.1). */
  zoc: Record<Side, CachedField<Uint8Array>>;
  /** Per side: hexes a LOC reaches from that side's sources (3.2). */
  loc: Record<Side, CachedField<Uint8Array>>;
  /** The state the cached fields were computed for. */
  current: { g: PGState | null };
}

export function makeEnv(d: ProkhorovkaData): Env {
  const b = buildBoard(d.map, d.tables);
  const E: Env = {
    d,
    b,
    unitById: new Map([...d.units, ...detachmentUnits(d)].map((u) => [u.id, u])),
    equipById: new Map(d.equipment.map((c) => [c.id, c])),
    supportById: new Map(d.support.map((c) => [c.id, c])),
    tracer: new Tracer(b.grid),
    zoc: {} as Env['zoc'],
    loc: {} as Env['loc'],
    current: { g: null },
  };
  for (const s of ['DE', 'SU'] as Side[]) {
    E.zoc[s] = new CachedField<Uint8Array>((prev) => enemyZocField(E, E.current.g!, s, prev));
    E.loc[s] = new CachedField<Uint8Array>((prev) => locField(E, E.current.g!, s, prev));
  }
  return E;
}

/**
 * 签一览 detachment, A-26: a face-up detachment is an infantry (non-mechanized) combat unit of
 * fire 1, equipment value 1, MA 3 and one step (its reduced side is never used: a step loss
 * removes it, 13.0(2)2). Its values are the chit's printed ones.
 */
function detachmentUnits(d: ProkhorovkaData): UnitData[] {
  return d.equipment
    .filter((c) => c.cls === 'detachment')
    .map((c) => {
      const v = { fire: c.normal!, equip: c.equip!, ma: c.ma! };
      return {
        id: detachmentUnitId(c.id),
        side: c.side,
        formation: 'detachment',
        name: `Detachment (${c.id})`,
        branch: 'infantry' as const,
        mechanized: false,
        reinforcement: false,
        full: v,
        reduced: v,
        provenance: `${c.provenance}; A-26: non-mechanized, one step`,
      };
    });
}

// ---- occupancy ------------------------------------------------------------------------------

/** Per hex: 0 empty, 1 German unit, 2 Soviet unit. */
export function occupancy(E: Env, g: PGState): Uint8Array {
  const occ = new Uint8Array(E.b.grid.nodeCount);
  for (const u of g.units) if (u.hex >= 0) occ[u.hex] = u.side === 'DE' ? 1 : 2;
  return occ;
}
const code = (s: Side) => (s === 'DE' ? 1 : 2);

/**
 * Hexes in the ZOC of `side`'s enemy (3.1): the six neighbours of every enemy combat unit, but
 * never `side`'s own communication sources (2.2.1(5): ZOC does not extend into the other side's
 * sources). No terrain blocks ZOC (3.1(1): no impassable terrain).
 */
function enemyZocField(E: Env, g: PGState, side: Side, prev?: Uint8Array): Uint8Array {
  const out = prev ?? new Uint8Array(E.b.grid.nodeCount);
  out.fill(0);
  const enemy = g.units.filter((u) => u.side !== side && u.hex >= 0).map((u) => u.hex);
  markNeighbours(E.b.grid, enemy, out);
  for (const s of E.b.sources[side]) out[s] = 0;
  return out;
}

export function inEnemyZoc(E: Env, g: PGState, side: Side): Uint8Array {
  E.current.g = g;
  return E.zoc[side].get(g.ver, g);
}

/**
 * Hexes reached by a LOC of `side` (3.2): traced from its sources through hexes without enemy
 * units and outside enemy sources (2.2.1(5), A-09); an enemy-ZOC hex only if a friendly unit is
 * in it (3.2(1)); no length limit (3.2(2)).
 */
function locField(E: Env, g: PGState, side: Side, prev?: Uint8Array, roadOnly = false): Uint8Array {
  const occ = occupancy(E, g);
  const zoc = inEnemyZoc(E, g, side);
  const enemySource = code(other(side));
  const own = code(side);
  const enters = (h: number) =>
    occ[h] !== code(other(side)) && E.b.source[h] !== enemySource && (!zoc[h] || occ[h] === own);
  const starts = E.b.sources[side].filter(enters);
  const grid = E.b.grid;
  const f = E.tracer.flood(
    starts,
    roadOnly ? { enters, crosses: (u, v) => (grid.hexsideBetween(u, v) & ROAD) !== 0 } : { enters },
  );
  const out = prev ?? new Uint8Array(grid.nodeCount);
  out.set(f.reached);
  return out;
}

export function locReach(E: Env, g: PGState, side: Side): Uint8Array {
  E.current.g = g;
  return E.loc[side].get(g.ver, g);
}

/** LOC along roads only (18.0(1)2). */
export function roadLocReach(E: Env, g: PGState, side: Side): Uint8Array {
  return locField(E, g, side, undefined, true);
}

// ---- units and chits ------------------------------------------------------------------------

export function unitState(g: PGState, id: string): UnitState {
  const u = g.units.find((x) => x.id === id);
  if (!u) throw new Error(`no unit ${id}`);
  return u;
}

/** The unit's current values (2.11(1): the back is the reduced side). */
export function values(E: Env, u: UnitState) {
  const d = E.unitById.get(u.id)!;
  return u.reduced ? d.reduced : d.full;
}

export const chitsOf = (g: PGState, unitId: string) => g.equip.filter((c) => c.loc === unitId);

/** Free equipment capacity of a unit on the map (3.4(2)). */
export function capacity(E: Env, g: PGState, u: UnitState): number {
  return values(E, u).equip - chitsOf(g, u.id).length;
}

/** Equipment chits by the unit they are stacked with (one pass). */
export function chitsByUnit(g: PGState): Map<string, ChitState[]> {
  const out = new Map<string, ChitState[]>();
  for (const c of g.equip) {
    const l = out.get(c.loc);
    if (l) l.push(c);
    else out.set(c.loc, [c]);
  }
  return out;
}
