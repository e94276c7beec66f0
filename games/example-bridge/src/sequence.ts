/**
 * 3.0 The sequence of play, and the flow that runs it: the chart of a game turn, the procedures
 * that start and end a turn, the secret mine (4.3), the victory conditions (8.0), and `flow`, which
 * binds every decision kind and procedure of the game to its frame kind.
 */
import { call, defineFlow, end } from '@sandtable/engine';
import { type Env, onSouthEdge } from './board.ts';
import { advance, combat, loss, resolve, retreat } from './combat.ts';
import { FORDS } from './data/index.ts';
import { movement } from './movement.ts';
import type { Action, BridgeState, DecisionOf, Frame, ProcedureOf } from './state.ts';
import { prompts, unitName } from './texts.ts';
import { liveUnits } from './units.ts';

/** 3.2 One game turn, phase by phase, as the rulebook's chart lists it. */
export const gameTurn = (n: number): Frame[] => [
  { kind: 'movement', side: 'north', spent: {}, stopped: {} }, // 1. North movement phase (5.0)
  { kind: 'combat', side: 'north', attacked: [], hexes: [] }, //  2. North combat phase (6.0)
  { kind: 'movement', side: 'south', spent: {}, stopped: {} }, // 3. South movement phase (5.0)
  { kind: 'combat', side: 'south', attacked: [], hexes: [] }, //  4. South combat phase (6.0)
  { kind: 'endOfTurn', n }, //                                    5. End of turn (8.0)
];

/** 3.1 Before turn 1, South mines a ford (4.3); then turn 1 begins. The stack is read bottom first. */
export const firstFrames = (): Frame[] => [{ kind: 'turn', n: 1 }, { kind: 'mine' }];

/** 3.2 Lays out turn `n`'s phases on the stack, the first phase on top. */
export function startTurn(g: BridgeState, n: number): void {
  g.turn = n;
  for (const frame of gameTurn(n).reverse()) call(g.stack, frame);
}

/** 4.3 South mines one ford in secret: only South's log says which. */
const mine: DecisionOf<'mine', 'mine'> = {
  rule: '4.3',
  role: () => 'south',
  prompt: () => prompts.mine(),
  actions: ['mine'],
  legal: () => FORDS.map((ford) => ({ type: 'mine', ford })),
  perform(_env, ctx, g, _f, a) {
    g.mine.ford = a.ford;
    ctx.log(`South mines the ${a.ford} ford`, { to: ['south'], rule: '4.3' });
    ctx.log('South has mined one of the fords, in secret', { rule: '4.3' });
    end(g.stack);
  },
};

/** 3.2 A game turn begins. */
const turn: ProcedureOf<'turn'> = (_env, ctx, g, f) => {
  ctx.log(`Turn ${f.n}`, { rule: '3.2' });
  startTurn(g, f.n);
};

/** 8.1, 8.2 at the end of a turn; otherwise the turn marker advances (3.2). */
const endOfTurn: ProcedureOf<'endOfTurn'> = (env, _ctx, g, f) => {
  const across = liveUnits(env, g, 'north').find((u) => onSouthEdge(env, g.units[u]!));
  if (across) {
    g.result = {
      winner: 'north',
      reason: `${unitName(env, across)} holds ${g.units[across]} on the south edge`,
      rule: '8.1',
    };
  } else if (f.n >= env.data.tables.turns.value) {
    g.result = {
      winner: 'south',
      reason: `North has not reached the south edge by the end of turn ${f.n}`,
      rule: '8.2',
    };
  } else {
    call(g.stack, { kind: 'turn', n: f.n + 1 });
  }
};

/** 8.2 South wins at once when every North unit is eliminated (checked before every step). */
function suddenDeath(env: Env, g: BridgeState): boolean {
  if (!g.result && liveUnits(env, g, 'north').length === 0)
    g.result = { winner: 'south', reason: 'every North unit has been eliminated', rule: '8.2' };
  return g.result !== null;
}

export const flow = defineFlow<Env, BridgeState, Frame, Action>({
  name: 'example-bridge',
  stack: (g) => g.stack,
  decisions: { mine, movement, combat, retreat, loss, advance },
  procedures: { turn, resolve, endOfTurn },
  settle: (env, _ctx, g) => suddenDeath(env, g),
  over: (g) => g.result !== null,
  onEmpty: 'throw', // a decision with no legal action is a rules bug: say so at once
});
