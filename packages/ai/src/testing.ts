/**
 * A tiny perfect-information game for search tests: Nim with one heap. Players alternate
 * taking 1 or 2 stones; whoever takes the last stone wins. From n stones the winning move
 * leaves a multiple of 3.
 */
import { defineGame, type GameRules } from '@sandtable/engine';
import type { AiHooks } from './hooks.ts';

export interface NimState { stones: number; toMove: 'first' | 'second'; winner: 'first' | 'second' | null }
export type NimAction = { type: 'take'; n: 1 | 2 };

export const nimRules: GameRules<NimState, NimAction, NimState> = {
  id: 'nim', title: 'Nim (search test)', roles: ['first', 'second'],
  scenarios: [{ id: 'heap', title: 'One heap', description: '' }],
  options: [{ key: 'stones', label: 'Stones', doc: 'heap size', default: 7 }],
  setup: (_ctx, _s, options) => ({ stones: options.stones as number, toMove: 'first', winner: null }),
  currentDecision: (g) => (g.winner ? null : { kind: 'take', role: g.toMove, rule: 'nim', prompt: 'take 1 or 2' }),
  legalActions: (g, role) => (g.winner || role !== g.toMove ? [] : ([1, 2] as const).filter((n) => n <= g.stones).map((n) => ({ type: 'take' as const, n }))),
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
