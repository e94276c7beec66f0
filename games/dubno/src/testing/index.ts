/**
 * Test helpers. Tests start from positions (the public way in, POSITIONS.md) and act through the
 * engine's contract, so they never depend on how the state is laid out inside.
 */
import type { EngineState, Options, Role } from '@sandtable/engine';
import { env, game } from '../index.ts';
import { other } from '../board.ts';
import type { HiddenValues, Side } from '../data/index.ts';
import { type Position, positionCodec } from '../position.ts';
import { initialState } from '../rules.ts';
import { playerTurn } from '../sequence.ts';
import type { Action, Air, DubnoState, Frame } from '../state.ts';

export { env, game };
export type State = EngineState<DubnoState>;

export type PhaseName = 'reinforce' | 'movement' | 'fpf' | 'combat1' | 'combat2' | 'recovery';
const INDEX: Record<PhaseName, number> = { reinforce: 1, movement: 3, fpf: 5, combat1: 7, combat2: 9, recovery: 11 };

export interface UnitSpec {
  hex: string;
  supp?: boolean;
  revealed?: HiddenValues;
}

export interface Scene {
  /** The phasing side (default German). */
  side?: Side;
  phase: PhaseName;
  /** The units on the map; every other unit is out of play. */
  units: Record<string, string | UnitSpec>;
  turn?: number;
  weather?: string;
  event?: string;
  air?: Partial<Record<Side, Air>>;
  fired?: string[];
  fpfBarred?: string[];
  /** Extra changes to the state before it is saved. */
  edit?: (g: DubnoState) => void;
}

/** A position at the start of `phase` of a player turn, with only the given units on the map. */
export function scene(s: Scene): Position {
  const side = s.side ?? 'german';
  const g = initialState(env);
  g.turn = s.turn ?? 1;
  for (const id of Object.keys(g.units))
    g.units[id] = { ...g.units[id]!, status: 'gone', hex: null, due: null, entry: null };
  for (const [id, spec] of Object.entries(s.units)) {
    const u = typeof spec === 'string' ? { hex: spec } : spec;
    if (!env.unit[id]) throw new Error(`unknown unit ${id}`);
    g.units[id] = { ...g.units[id]!, status: 'map', hex: u.hex, supp: !!u.supp, revealed: u.revealed ?? null };
    if (u.revealed) {
      const pool = g.pools[env.unit[id]!.untried!]!;
      pool.splice(0, 1); // the revealed value left the pool
    }
  }
  g.weather = s.weather ?? 'clear';
  g.event = s.event ?? 'none';
  for (const k of ['german', 'soviet'] as const) if (s.air?.[k]) g.air[k].drawn = s.air[k]!;
  g.fired = s.fired ?? [];
  g.fpfBarred = s.fpfBarred ?? [];
  const rest: Frame[] = [...playerTurn(side).slice(INDEX[s.phase])];
  if (s.phase === 'reinforce') (rest[0] as { rp: number }).rp = env.data.tables.replacements[side];
  g.stack = [{ kind: 'endOfTurn', n: g.turn }, ...rest.reverse()];
  s.edit?.(g);
  void other;
  return positionCodec(env).save(g) as Position;
}

/** A game started from `position`, with options and scripted dice. */
export function start(position: Position, o: { options?: Options; dice?: number[] } = {}): State {
  return game.setup('test', 'dubno', o.options ?? {}, o.dice ?? [], position);
}

/** Applies actions in turn (each must be legal). */
export function play(s: State, ...steps: [Role, Action][]): State {
  for (const [role, action] of steps) s = game.apply(s, role, action);
  return s;
}

/** Applies actions for whoever is to decide. */
export function act(s: State, ...actions: Action[]): State {
  for (const a of actions) s = game.apply(s, game.decision(s)!.role, a);
  return s;
}

/** The legal actions of the deciding role. */
export function legal(s: State): Action[] {
  const d = game.decision(s);
  return d ? game.legalActions(s, d.role) : [];
}

/** The error an illegal action is refused with (its message names the rule in brackets). */
export function refusal(s: State, action: Action, role?: Role): string {
  try {
    game.apply(s, role ?? game.decision(s)!.role, action);
  } catch (e) {
    return (e as Error).message;
  }
  throw new Error(`${JSON.stringify(action)} was not refused`);
}

export const unit = (s: State, id: string) => s.game.units[id]!;
export const hexOf = (s: State, id: string) => s.game.units[id]!.hex;
export const top = (s: State) => s.game.stack.at(-1)!;
export const log = (s: State) => s.log.map((l) => l.text);
