/**
 * Heuristics for the engine's toy game (Pig with a secret): a pending turn total is worth
 * less than banked points, and "hold at 20 (or when it wins)" is the rollout policy.
 */
import { defineGame, randomIndex, type Role } from '@sandtable/engine';
import { pigRules, type PigAction, type PigState } from '@sandtable/engine/testing/pig';
import { winChanceFromMargin, type AiHooks } from '../hooks.ts';

export const pig = defineGame(pigRules);
type PigView = ReturnType<typeof pigRules.view>;

const HOLD_AT = 20;

function other(role: Role): 'a' | 'b' {
  return role === 'a' ? 'b' : 'a';
}

/** Points still needed by each side, the active side's turn total counted at 60%. */
function needs(g: PigState, role: 'a' | 'b'): number {
  const pending = g.active === role ? g.turnTotal * 0.6 : 0;
  return Math.max(0, g.target - g.scores[role] - pending);
}

function wantsToHold(g: PigState): boolean {
  return g.turnTotal >= HOLD_AT || g.scores[g.active] + g.turnTotal >= g.target;
}

export const pigHooks: AiHooks<PigState, PigAction, PigView> = {
  evaluate(g, role) {
    if (g.winner) return g.winner === role ? 1 : 0;
    const me = role as 'a' | 'b';
    const tempo = g.active === me ? 4 : 0;
    return winChanceFromMargin(needs(g, other(me)) - needs(g, me) + tempo, g.target / 4);
  },
  priors(g, _role, actions) {
    const hold = wantsToHold(g);
    return actions.map((a) => (a.type === 'hold' ? (hold ? 1 : 0.2) : hold ? 0.2 : 1));
  },
  rollout(g, _role, actions, rng) {
    const want = wantsToHold(g) ? 'hold' : 'roll';
    const i = actions.findIndex((a) => a.type === want);
    return i >= 0 ? i : randomIndex(rng, actions.length);
  },
  rolloutDepth: 40,
  summarize(g, role, actions, stats) {
    const rolls = actions.filter((a) => a.type === 'roll').length;
    const held = actions.some((a) => a.type === 'hold');
    return `${role} ${rolls ? `rolls ${rolls} time${rolls > 1 ? 's' : ''}` : 'does not roll'}${held ? ' and holds' : ''} (from ${g.scores[role as 'a' | 'b']} points; odds of winning ${Math.round(stats.winChance * 100)}%)`;
  },
};
