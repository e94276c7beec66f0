/**
 * A tiny perfect-information game for search tests: Nim with one heap. Players alternate
 * taking 1 or 2 stones; whoever takes the last stone wins. From n stones the winning move
 * leaves a multiple of 3.
 */
import {
  defineGame,
  type Action,
  type EngineState,
  type Game,
  type GameRules,
  type RngState,
  type View,
} from '@sandtable/engine';
import type { AiHooks } from '../hooks.ts';

export interface NimState {
  stones: number;
  toMove: 'first' | 'second';
  winner: 'first' | 'second' | null;
}
export type NimAction = { type: 'take'; n: 1 | 2 };

export const nimRules: GameRules<NimState, NimAction, NimState> = {
  id: 'nim',
  title: 'Nim (search test)',
  roles: ['first', 'second'],
  scenarios: [{ id: 'heap', title: 'One heap', description: '' }],
  options: [{ key: 'stones', label: 'Stones', doc: 'heap size', default: 7 }],
  setup: (_ctx, _s, options) => ({ stones: options.stones as number, toMove: 'first', winner: null }),
  currentDecision: (g) => (g.winner ? null : { kind: 'take', role: g.toMove, rule: 'nim', prompt: 'take 1 or 2' }),
  legalActions: (g, role) =>
    g.winner || role !== g.toMove
      ? []
      : ([1, 2] as const).filter((n) => n <= g.stones).map((n) => ({ type: 'take' as const, n })),
  perform(_ctx, g, role, a) {
    g.stones -= a.n;
    if (g.stones === 0) g.winner = role as NimState['toMove'];
    g.toMove = g.toMove === 'first' ? 'second' : 'first';
  },
  view: (g) => ({ ...g }),
  determinize: (v) => ({ ...v }),
  outcome: (g) => (g.winner ? { winner: g.winner, reason: 'took the last stone', rule: 'nim' } : null),
};
export const nim = defineGame(nimRules);

/** No knowledge at all: every position is a coin flip until the game ends. */
export const nimHooks: AiHooks<NimState, NimAction, NimState> = { evaluate: () => 0.5, rolloutDepth: 100 };

/**
 * For the proofs that the AI never sees hidden information: `rules` with `determinize` spied on
 * (`inputs`: copies of the views it was given; `made`: the states it built) and every call that
 * takes a state guarded (`foreign`: states the AI touched that determinize did not build).
 */
export function spiedGame<G, A extends Action, V>(rules: GameRules<G, A, V>) {
  const inputs: V[] = [];
  const made = new Set<G>();
  const base = defineGame({
    ...rules,
    determinize(v: V, role: string, rng: RngState) {
      inputs.push(structuredClone(v));
      const g = rules.determinize!(v, role, rng);
      made.add(g);
      return g;
    },
  });
  const foreign: unknown[] = [];
  const guard = (s: EngineState<G>) => {
    if (!made.has(s.game)) foreign.push(s);
  };
  const game: Game<G, A, V> = {
    ...base,
    legalActions: (s, r) => {
      guard(s);
      return base.legalActions(s, r);
    },
    applyInPlace: (s, r, a, q) => {
      guard(s);
      return base.applyInPlace(s, r, a, q);
    },
    outcome: (s) => {
      guard(s);
      return base.outcome(s);
    },
    decision: (s) => {
      guard(s);
      return base.decision(s);
    },
    clone: (s) => {
      guard(s);
      return base.clone(s);
    },
    view: (s, r) => {
      guard(s);
      return base.view(s, r);
    },
  };
  return { game, base, inputs, made, foreign };
}

/** The view with a log that throws when read (the AI must not read the log). */
export function noLog<V>(view: View<V>): View<V> {
  return new Proxy(view, {
    get: (t, k) => {
      if (k === 'log') throw new Error('the AI read the log');
      return Reflect.get(t, k);
    },
  });
}
