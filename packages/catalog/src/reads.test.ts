/**
 * For every catalog game: the calls that only read a state (legal actions for every role, views,
 * the decision, the outcome, words and refusals) leave it exactly as it was. A read that wrote
 * (say, a lazily created combat record) would make a live game differ from its replay
 * (state = replay(record), byte-identical).
 */
import { describe, expect, it } from 'vitest';
import { randomIndex, seedRng } from '@sandtable/engine';
import { catalog } from './index.ts';

const GAMES = 2;
const STEPS = 600;
/** Plain JSON, not canonical: a read that only reorders keys still wrote to the state. */
const snapshot = (x: unknown) => JSON.stringify(x);

for (const [id, { game }] of Object.entries(catalog)) {
  describe(`${id}: reading a state never changes it`, () => {
    it(`legalActions, view, decision, outcome, describe and explain over ${GAMES} random games`, () => {
      for (let n = 0; n < GAMES; n++) {
        const chooser = seedRng(`reads:${id}:${n}`);
        let s = game.setup(`reads-${n}`);
        for (let step = 0; step < STEPS && !game.outcome(s); step++) {
          const before = snapshot(s);
          const d = game.decision(s)!;
          const legal = game.legalActions(s, d.role);
          for (const role of game.rules.roles) {
            game.legalActions(s, role);
            game.view(s, role);
          }
          for (const a of legal.slice(0, 3)) game.rules.describe?.(s.game, a);
          game.rules.explain?.(s.game, d.role, { type: 'no-such-action' });
          expect(snapshot(s), `${id} game ${n} step ${step} (${d.kind})`).toBe(before);
          s = game.apply(s, d.role, legal[randomIndex(chooser, legal.length)]!);
        }
      }
    });
  });
}
