import type { Action } from '@sandtable/engine';
import { describe, expect, it } from 'vitest';
import { explainAttempt, matching, nextPlaces, placesOf, substitutePlace } from '@sandtable/map';
import { Session } from './session.ts';
import { skirmish } from '@sandtable/map/testing';

const known = new Set(['A', 'B', 'C', 'D', 'E', 'F']);
const games = { skirmish };

describe('Session', () => {
  it('applies legal actions, refuses illegal ones with the rule, keeps state per action', () => {
    const s = Session.create(skirmish, { seed: '1', seats: { red: 'human', blue: 'human' } });
    expect(s.apply('red', { type: 'move', from: 'A', to: 'B' } as Action)).toEqual({ ok: true });
    const bad = s.apply('red', { type: 'move', from: 'A', to: 'D' } as Action);
    expect(bad).toMatchObject({ ok: false });
    expect(!bad.ok && bad.message).toMatch(/not one of the actions open now/);
    expect(s.length).toBe(1);
    expect(s.states).toHaveLength(2);
  });

  it('undo works until the engine forbids it, and says why', () => {
    const s = Session.create(skirmish, { seed: '1', seats: { red: 'human', blue: 'human' } });
    expect(s.canUndo('red')).toMatchObject({ ok: false, message: expect.stringMatching(/nothing to undo/) });
    s.apply('red', { type: 'move', from: 'A', to: 'B' } as Action);
    expect(s.undo('red')).toEqual({ ok: true });
    expect(s.length).toBe(0);
    s.apply('red', { type: 'pass' } as Action);
    expect(s.canUndo('red')).toMatchObject({ ok: false, message: 'cannot undo: play passed from red to blue' });
    expect(s.canUndo('blue')).toMatchObject({ ok: false, message: expect.stringMatching(/last action was red's/) });
  });

  it('takes back an earlier action of the same turn, not one behind a hand-over (item 5: drag a chit back)', () => {
    const s = Session.create(skirmish, { seed: '1', seats: { red: 'human', blue: 'human' } });
    s.apply('red', { type: 'move', from: 'A', to: 'B' } as Action);
    expect(s.retractable('red', 'B')).toBe(0);
    expect(s.retract('red', 0)).toEqual({ ok: true });
    expect(s.length).toBe(0);
    expect(s.states).toHaveLength(1);
    s.apply('red', { type: 'move', from: 'A', to: 'B' } as Action);
    s.apply('red', { type: 'pass' } as Action);
    expect(s.retractable('red', 'B')).toBeNull();
    expect(s.retract('red', 0)).toMatchObject({
      ok: false,
      message: expect.stringMatching(/play passed from red to blue/),
    });
    expect(s.retract('blue', 0)).toMatchObject({ ok: false, message: expect.stringMatching(/another side has acted/) });
  });

  it('plays within a decision but never takes its closing action nor rolls (item 5: the rest at random)', () => {
    const s = Session.create(skirmish, { seed: '1', seats: { red: 'human', blue: 'human' } });
    const n = s.playWithin('red', (legal) => s.randomOf(legal));
    expect(n).toBe(1); // one move a turn (§3); then only an attack (dice) or the pass (hand-over) is left
    expect(s.record.actions.map((e) => e.action.type)).toEqual(['move']);
    expect(s.decisionRole()).toBe('red');
    expect(s.state.barrier.seq).toBe(0);
  });

  it('warns before an action that rolls dice, without changing anything', () => {
    const s = Session.create(skirmish, { seed: '1', seats: { red: 'human', blue: 'human' } });
    s.apply('red', { type: 'move', from: 'A', to: 'B' } as Action);
    s.apply('red', { type: 'pass' } as Action);
    s.apply('blue', { type: 'move', from: 'F', to: 'C' } as Action);
    expect(s.irreversible('blue', { type: 'attack', from: 'C', to: 'B' } as Action)).toBe('dice were rolled');
    expect(s.irreversible('blue', { type: 'pass' } as Action)).toMatch(/play passed/);
    expect(s.length).toBe(3);
  });

  it('saves a record that loads back to the same state hash, and rejects broken files', () => {
    const s = Session.create(skirmish, { seed: '9', seats: { red: 'ai', blue: 'ai' } });
    for (let i = 0; i < 200; i++) {
      const c = s.aiChoice();
      if (!c) break;
      expect(s.apply(c.role, c.action).ok).toBe(true);
    }
    expect(skirmish.outcome(s.state as never)).not.toBeNull();
    const t = Session.load(games, s.save());
    expect(skirmish.hash(t.state as never)).toBe(skirmish.hash(s.state as never));
    expect(t.states).toHaveLength(s.states.length);
    expect(() => Session.load(games, '{"format":"x"}')).toThrow(/malformed record/);
    expect(() => Session.load(games, 'nope')).toThrow(/not a JSON file/);
    const rec = JSON.parse(s.save());
    rec.actions[0].action = { type: 'move', from: 'A', to: 'F' };
    expect(() => Session.load(games, JSON.stringify(rec))).toThrow(/cannot be replayed/);
  });

  it('the computer gets the public state only when the game hides nothing', () => {
    const s = Session.create(skirmish, { seed: '1', seats: { red: 'ai', blue: 'ai' } });
    expect((s.aiView('red').game as { state?: unknown }).state).toEqual(s.state.game);
  });

  it('the perspective follows the human on turn; games without secrets skip the privacy screen', () => {
    const s = Session.create(skirmish, { seed: '1', seats: { red: 'human', blue: 'ai' } });
    expect(s.perspective(null)).toBe('red');
    s.apply('red', { type: 'pass' } as Action);
    expect(s.perspective('red')).toBe('red');
    expect(s.hiddenInformation).toBe(false);
  });
});

describe('generic action helpers', () => {
  const s = Session.create(skirmish, { seed: '1', seats: { red: 'human', blue: 'human' } });
  const acts = skirmish.legalActions(s.state as never, 'red');

  it('finds the places an action names and filters by a selection', () => {
    expect(placesOf({ type: 'move', from: 'A', to: 'B' } as never, known)).toEqual(['A', 'B']);
    expect(placesOf({ type: 'x', list: [{ at: 'C' }, 'Z'] } as never, known)).toEqual(['C']);
    expect(matching(acts, ['A'], known).map((a) => placesOf(a, known))).toEqual([
      ['A', 'B'],
      ['A', 'D'],
    ]);
    expect([...nextPlaces(matching(acts, ['A'], known), ['A'], known)].sort()).toEqual(['B', 'D']);
    expect(substitutePlace({ type: 'move', from: 'A', to: 'B' } as never, 'B', 'E')).toEqual({
      type: 'move',
      from: 'A',
      to: 'E',
    });
  });

  it("explains an illegal click with the engine's own refusal", () => {
    const why = explainAttempt(skirmish, s.state, 'red', acts, ['A'], 'E', known, (p) => p);
    expect(why).toMatch(/E is not adjacent to A \[§3\]/);
    const none = explainAttempt(skirmish, s.state, 'red', acts, [], 'F', known, (p) => p);
    expect(none).toMatch(/No legal action involves F now/);
  });
});
