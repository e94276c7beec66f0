import { describe, expect, it } from 'vitest';
import { defineGame, type Game } from '../game.ts';
import type { GameRecord } from '../contract.ts';
import { pigRules, type PigAction } from './pig.ts';
import {
  checkGolden,
  checkGoldenStateHashes,
  compareGolden,
  goldenText,
  makeGolden,
  type GoldenFile,
} from './golden.ts';

const pig = defineGame(pigRules);
type PigGame = typeof pig;

/** A short Pig game: roll, roll, hold, repeated, to 25 actions. */
function record(): GameRecord {
  const rec = pig.newRecord('golden-test', 'standard', { target: 200 });
  let state = pig.setup(rec.seed, rec.scenario, rec.options);
  while (rec.actions.length < 25) {
    const role = pig.decision(state)!.role;
    const legal = pig.legalActions(state, role);
    const action = legal.find((a) => a.type === (rec.actions.length % 3 === 2 ? 'hold' : 'roll')) ?? legal[0]!;
    rec.actions.push({ role, action });
    state = pig.apply(state, role, action);
  }
  return rec;
}

const file: GoldenFile = makeGolden(pig as Game<unknown>, 'pig-25', 'scripted', record());
const K = 7;

/** Pig with one call changed at step K only. */
function changedAt(change: Partial<PigGame>): PigGame {
  return { ...pig, ...change };
}

describe('golden records (checker)', () => {
  it('stores one step per action plus the set-up, and replays unchanged', () => {
    expect(file.steps).toHaveLength(26);
    expect(file.stateHashes).toHaveLength(26);
    expect(file.steps[0]!.v).toHaveProperty('observer');
    expect(compareGolden(pig as Game<unknown>, file)).toBeNull();
    checkGoldenStateHashes(pig as Game<unknown>, file);
    // The stored state hashes are the engine's own state hash (its first 12 digits).
    expect(file.stateHashes.at(-1)).toBe(pig.hash(pig.replay(file.record)).slice(0, 12));
    // The text form parses back to the same file.
    expect(JSON.parse(goldenText(file))).toEqual(JSON.parse(JSON.stringify(file)));
  });

  it('names step k and the view of the role whose view changed', () => {
    const game = changedAt({
      view: (s, r) => {
        const v = pig.view(s, r);
        return s.seq === K && r === 'b' ? { ...v, game: { ...v.game, turnTotal: 99 } } : v;
      },
    });
    const m = compareGolden(game as Game<unknown>, file)!;
    expect(m.step).toBe(K);
    expect(m.part).toBe('view for b');
    expect(m.message).toContain(`step ${K} after action #${K}`);
    expect(m.message).toContain('"turnTotal":99');
    expect(() => checkGolden(game as Game<unknown>, file)).toThrow(/pig-25.*step 7.*view for b/);
  });

  it('names step k and the role whose legal actions changed', () => {
    const game = changedAt({
      legalActions: (s, r) => [
        ...pig.legalActions(s, r),
        ...(s.seq === K && r === 'a' ? [{ type: 'note', text: 'x' } as PigAction] : []),
      ],
    });
    const m = compareGolden(game as Game<unknown>, file)!;
    expect([m.step, m.part]).toEqual([K, 'legal actions for a']);
    expect(m.message).toContain('"type":"note"');
  });

  it('names the log of the roles that see a new line, and the outcome', () => {
    const logged = changedAt({
      view: (s, r) => {
        const v = pig.view(s, r);
        return s.seq === K ? { ...v, log: [...v.log, { seq: K, text: 'a new line' }] } : v;
      },
    });
    const m = compareGolden(logged as Game<unknown>, file)!;
    expect([m.step, m.part]).toEqual([K, 'log for a']);
    expect(m.message).toContain('a new line');
    const won = changedAt({
      outcome: (s) => (s.seq >= K ? { winner: 'a', reason: 'test', rule: 'none' } : pig.outcome(s)),
    });
    expect(compareGolden(won as Game<unknown>, file)!.message).toMatch(/step 7 .*differs in .*outcome/);
  });

  it('checks the state hashes apart from the parts', () => {
    // A new engine-state field at step K: no part changes, the state hash does.
    const game = changedAt({
      apply: (s, r, a) => {
        const next = pig.apply(s, r, a);
        return next.seq === K ? Object.assign(next, { shape: 'new' }) : next;
      },
    });
    expect(compareGolden(game as Game<unknown>, file)).toBeNull();
    expect(() => checkGoldenStateHashes(game as Game<unknown>, file)).toThrow(/state hash differs from step 7/);
  });
});
