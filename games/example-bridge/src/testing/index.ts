/**
 * Test helpers. Tests start from positions (the public way in, POSITION.md) and act through the
 * engine's contract, so they never depend on how the state is laid out inside.
 */
import type { EngineState, Options, Role } from '@sandtable/engine';
import { game } from '../index.ts';
import type { Position } from '../position.ts';
import { gameTurn } from '../sequence.ts';
import type { Action, BridgeState } from '../state.ts';

export { game };
export type State = EngineState<BridgeState>;

/** The set-up hexes (4.1). */
export const SETUP = { N1: '0101', N2: '0301', N3: '0501', S1: '0303', S2: '0404' } as const;

const PHASES = ['north movement', 'north combat', 'south movement', 'south combat'] as const;
export type Phase = (typeof PHASES)[number];

/** A position at the start of `phase` of `turn` (default 1), units moved as given, the east ford mined. */
export function at(phase: Phase, units: Record<string, string | null> = {}, more: Partial<Position> = {}): Position {
  const turn = more.turn ?? 1;
  return {
    turn,
    units: { ...SETUP, ...units },
    mine: { ford: 'east', exploded: false },
    stack: gameTurn(turn).slice(PHASES.indexOf(phase)).reverse(),
    ...more,
  };
}

/** A game started from `position`, with options and scripted dice. */
export function start(position: Position, o: { options?: Options; dice?: number[] } = {}): State {
  return game.setup('test', undefined, o.options ?? {}, o.dice ?? [], position);
}

/** Applies actions in turn (each must be legal). */
export function play(s: State, ...steps: [Role, Action][]): State {
  for (const [role, action] of steps) s = game.apply(s, role, action);
  return s;
}

/** The hexes `unit` may step into now. */
export function movesOf(s: State, role: Role, unit: string): string[] {
  return game
    .legalActions(s, role)
    .flatMap((a) => (a.type === 'move' && a.unit === unit ? [a.to] : []))
    .sort();
}

/** The error an illegal action is refused with (its message names the rule in brackets). */
export function refusal(s: State, role: Role, action: Action): string {
  try {
    game.apply(s, role, action);
  } catch (e) {
    return (e as Error).message;
  }
  throw new Error(`${JSON.stringify(action)} was not refused`);
}

export const where = (s: State) => s.game.units;
export const decision = (s: State) => game.decision(s);
