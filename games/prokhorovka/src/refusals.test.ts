/**
 * Every refusal names the rule that forbids the action (issue 18 item 4). Random games are walked;
 * at many decisions, actions met elsewhere in the game (other decision kinds, other roles) are
 * tried. Each must be refused by the rules themselves (never the engine's generic fallback), with
 * a rule cited; an action of a kind that is not on top must cite its own kind's rule (or a
 * specific one), not the rule of the decision on top.
 */
import { describe, expect, it } from 'vitest';
import { canonicalJson, randomIndex, seedRng, type EngineState } from '@sandtable/engine';
import { prokhorovka, type PGAction, type PGState } from './index.ts';
import { flow } from './flow.ts';

const game = prokhorovka;

/** Whether the engine accepts `a` after all. */
function accepted(s: EngineState<PGState>, role: string, a: PGAction): boolean {
  try {
    game.apply(s, role, a);
    return true;
  } catch {
    return false;
  }
}
/** A rule citation: a numbered rule (8.2(1), 11.2(1)3), the chit list (签一览), an ambiguity or a derived case (D-56). */
const CITES = /\d+\.\d|签一览|A-\d\d|D-\d\d/;

describe('refusals name their rule (issue 18 item 4)', () => {
  it('walking random games, every action tried out of place is refused by its own rule', () => {
    const rng = seedRng('refusals');
    let checked = 0;
    const problems = new Map<string, string>();
    for (const seed of ['r1', 'r2']) {
      const s = game.setup(seed);
      const seen = new Map<string, PGAction>();
      for (let step = 0; step < 1200 && !game.outcome(s); step++) {
        const d = game.decision(s)!;
        const legal = game.legalActions(s, d.role);
        for (const a of legal) seen.set(canonicalJson(a), a);
        const now = new Set(legal.map((a) => canonicalJson(a)));
        const pool = [...seen.values()];
        const top = flow.top(s.game)!;
        const topRule = d.rule;
        const topOwns = (type: string) => flow.ownersOf(type).some((o) => o.kind === top.kind);
        for (let k = 0; k < 6; k++) {
          const a = pool[randomIndex(rng, pool.length)]!;
          for (const role of game.rules.roles) {
            if (role === d.role && now.has(canonicalJson(a))) continue;
            const at = `${role} ${canonicalJson(a)} at ${d.kind} (${d.role})`;
            const why = game.rules.explain!(s.game, role, a);
            if (!why && accepted(s, role, a)) continue;
            const bad = !why
              ? 'null'
              : !CITES.test(why.rule)
                ? `format ${why.rule}`
                : !topOwns(a.type) && !flow.ownersOf(a.type).some((o) => o.rule === topRule) && why.rule === topRule
                  ? `top rule ${topRule}`
                  : null;
            if (bad)
              problems.set(
                `${bad} | ${d.kind} ${role === d.role ? 'same' : 'other'} role | ${a.type}`,
                `${at}: ${why?.message}`,
              );
            checked++;
          }
        }
        game.applyInPlace(s, d.role, legal[randomIndex(rng, legal.length)]!, true);
      }
    }
    expect([...problems].map(([k, v]) => `${k}  e.g. ${v}`)).toEqual([]);
    expect(checked).toBeGreaterThan(5000);
  });
});
