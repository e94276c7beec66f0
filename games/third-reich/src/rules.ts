/**
 * Rise and Fall of the Third Reich: the GameRules contract, assembled from the rule sections:
 * set-up (setup.ts, 4.0), the turn (turn.ts, 5.0), impulses and cards (impulse.ts, 6.0, 6.1),
 * groups (groups.ts, 7.0), movement (movement.ts, 8.0), attacks (attack.ts, 9.0),
 * counterattacks (counterattack.ts, 10.0), damage and retreats (damage.ts, 11.0), mobilization
 * (mobilization.ts, 12.0), recovery (recovery.ts, 13.0), victory (victory.ts, 14.0), events
 * (events.ts, 6.1.2, 15.x, 16.x), nations at war (nations.ts, 3.1), control (control.ts, 3.4)
 * and sea capacity (capacity.ts, 3.6). The sequence of play runs on the engine's flow kernel
 * (sequence.ts); every rule cites its number.
 */
import { cloneState, type GameRules } from '@sandtable/engine';
import type { ThirdReichData } from './data/index.ts';
import { compileBoard, type Board } from './board.ts';
import { normalise, type TRAction } from './actions.ts';
import { opName } from './cards.ts';
import { describeAction, explainAction } from './describe.ts';
import { OPTIONS } from './options.ts';
import { positionCodec } from './position/index.ts';
import { flow } from './sequence.ts';
import { initialState } from './setup.ts';
import type { TRState, TRView } from './state.ts';
import { summaryText } from './summary.ts';
import { startTurn } from './turn.ts';
import { determinize, view } from './view.ts';

export type { TRAction } from './actions.ts';
export type { TRView } from './state.ts';

export function createThirdReichRules(data: ThirdReichData): GameRules<TRState, TRAction, TRView> & { board: Board } {
  const b = compileBoard(data);
  return {
    id: 'third-reich',
    determinize: (v, role, rng) => determinize(b, v, role, rng),
    position: positionCodec(b), // POSITIONS.md
    title: 'Rise and Fall of the Third Reich (Game Journal No. 70)',
    roles: ['axis', 'allies'],
    scenarios: [
      {
        id: 'campaign',
        title: 'Europe 1939-45',
        description: 'The full game: 12 turns from Winter 1939 to Summer 1945 (4.0, 5.0).',
      },
    ],
    options: OPTIONS,
    board: b,
    setup(ctx, _scenario, options) {
      const g = initialState(b, ctx, options); // 4.0
      startTurn(b, ctx, g); // 5.0
      flow.proceed(b, ctx, g);
      return g;
    },
    currentDecision: (g) => flow.currentDecision(b, g),
    legalActions: (g, role) => flow.legalActions(b, g, role),
    // The engine checks legality before `perform` (apply); search steps trust their legal lists (applyInPlace).
    perform: (ctx, g, role, a) => flow.perform(b, ctx, g, normalise(g, role, a)),
    view: (g, role) => view(b, g, role),
    outcome: (g) => g.outcome,
    clone: (g) => cloneState(g),
    describe: (g, a) => describeAction(b, g, a),
    explain: (g, role, a) => explainAction(b, g, role, a),
    summary(g, role) {
      const lines = summaryText(b, view(b, g, role), role);
      if (g.op) lines.push(`Card in play: ${opName(b, g.op.card)}, ${g.op.svLeft} SV left.`);
      if (g.bank.axis || g.bank.allies)
        lines.push(`Banked Ambush SV: Axis ${g.bank.axis}, Allies ${g.bank.allies} (10.2).`);
      if (g.act)
        lines.push(
          `Group action: ${g.act.side} ${g.act.type ?? 'forming'} with ${g.act.units.map((u) => b.counters[b.unitKind[u]!]!.id).join(' ') || 'no units yet'} in ${data.areas[g.act.area]!.name}.`,
        );
      if (g.combat) lines.push(`Combat: ${g.combat.points} damage points, allocated by ${g.combat.alloc}.`);
      const d = flow.currentDecision(b, g);
      if (d) lines.push(`Decision: ${d.role}: ${d.prompt} (${d.rule}).`);
      return lines.join('\n');
    },
  };
}
