/**
 * A tiny two-role dice game used to test the engine itself (not a product game):
 * Pig with a secret. Each role holds a secret number only it may see; on your decision you
 * either roll a d6 (1 loses the turn total; otherwise it adds) or hold (bank the total and pass).
 * First to `target` wins.
 */
import type { Decision, GameRules } from '../contract.ts';
import { RuleError } from '../errors.ts';
import { rollDie } from '../rng.ts';

export interface PigState {
  scores: Record<'a' | 'b', number>;
  turnTotal: number;
  active: 'a' | 'b';
  secrets: Record<'a' | 'b', number>;
  target: number;
  winner: 'a' | 'b' | null;
}
export type PigAction = { type: 'roll' } | { type: 'hold' } | { type: 'note'; text: string };

export const pigRules: GameRules<PigState, PigAction, Omit<PigState, 'secrets'> & { secret: number | null }> = {
  id: 'pig',
  title: 'Pig (engine test game)',
  roles: ['a', 'b'],
  scenarios: [
    { id: 'standard', title: 'Standard', description: 'to 30 points' },
    { id: 'short', title: 'Short', description: 'to 10' },
  ],
  options: [{ key: 'target', label: 'Target score', doc: 'points needed to win', default: 30 }],
  setup(ctx, scenario, options) {
    // Each secret is a private draw: only its owner sees the roll.
    const [sa] = ctx.roll(1, "a's secret", 6, ['a']);
    const [sb] = ctx.roll(1, "b's secret", 6, ['b']);
    ctx.log(`a's secret is ${sa}`, { to: ['a'] });
    ctx.log(`b's secret is ${sb}`, { to: ['b'] });
    const target = scenario === 'short' ? 10 : (options.target as number);
    return { scores: { a: 0, b: 0 }, turnTotal: 0, active: 'a', secrets: { a: sa!, b: sb! }, target, winner: null };
  },
  currentDecision(g): Decision | null {
    if (g.winner) return null;
    return { kind: 'turn', role: g.active, rule: 'pig 1', prompt: 'roll or hold' };
  },
  legalActions(g, role) {
    if (g.winner || role !== g.active) return [];
    return g.turnTotal > 0 ? [{ type: 'roll' }, { type: 'hold' }] : [{ type: 'roll' }];
  },
  perform(ctx, g, role, action) {
    if (action.type === 'roll') {
      const [d] = ctx.roll(1, `${role} rolls`);
      if (d === 1) {
        g.turnTotal = 0;
        g.active = g.active === 'a' ? 'b' : 'a';
      } else {
        g.turnTotal += d!;
        if (g.scores[role as 'a' | 'b'] + g.turnTotal >= g.target) g.winner = role as 'a' | 'b';
      }
    } else if (action.type === 'hold') {
      g.scores[role as 'a' | 'b'] += g.turnTotal;
      g.turnTotal = 0;
      g.active = g.active === 'a' ? 'b' : 'a';
    } else {
      throw new RuleError('pig 1', 'notes are not actions');
    }
  },
  explain(g, _role, action) {
    if (action.type === 'hold' && g.turnTotal === 0)
      return { rule: 'pig 2', message: 'you may hold only after rolling at least once' };
    return null;
  },
  view(g, role) {
    const { secrets, ...rest } = g;
    return { ...rest, secret: role === 'a' || role === 'b' ? secrets[role] : null };
  },
  determinize(v, role, rng) {
    // The opponent's secret is unseen: draw it as the set-up did (a d6).
    const { secret, ...rest } = v;
    const draw = () => rollDie(rng, 6);
    const secrets =
      role === 'a' ? { a: secret!, b: draw() } : role === 'b' ? { a: draw(), b: secret! } : { a: draw(), b: draw() };
    return { ...rest, scores: { ...rest.scores }, secrets };
  },
  outcome(g) {
    return g.winner ? { winner: g.winner, reason: `${g.winner} reached ${g.target}`, rule: 'pig 3' } : null;
  },
};
