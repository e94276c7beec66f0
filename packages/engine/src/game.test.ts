import { describe, expect, it } from 'vitest';
import { defineGame, parseRecord } from './game.ts';
import { RuleError } from './errors.ts';
import { randomPlayout } from './playout.ts';
import { pigRules } from './testing/pig.ts';
import { canonicalJson } from './canonical.ts';

const pig = defineGame(pigRules);

describe('engine contract', () => {
  it('setup is deterministic for a seed and differs across seeds', () => {
    expect(pig.hash(pig.setup('7'))).toBe(pig.hash(pig.setup('7')));
    const secrets = new Set(Array.from({ length: 20 }, (_, i) => canonicalJson(pig.setup(String(i)).game.secrets)));
    expect(secrets.size).toBeGreaterThan(5);
  });

  it('scripted dice are served first and logged', () => {
    const s0 = pig.setup('x', 'standard', {}, [3, 4, 5, 1]);
    expect(s0.game.secrets).toEqual({ a: 3, b: 4 });
    const s1 = pig.apply(s0, 'a', { type: 'roll' });
    expect(s1.game.turnTotal).toBe(5);
    expect(s1.log.at(-1)).toMatchObject({ text: 'a rolls: rolled 5', dice: [5] });
    const s2 = pig.apply(s1, 'a', { type: 'roll' });
    expect(s2.game.active).toBe('b');
    expect(s2.game.turnTotal).toBe(0);
  });

  it('apply never mutates its input state', () => {
    const s0 = pig.setup('x', 'standard', {}, [3, 4, 5]);
    const before = canonicalJson(s0);
    pig.apply(s0, 'a', { type: 'roll' });
    expect(canonicalJson(s0)).toBe(before);
  });

  it('illegal and malformed actions are refused with the rule, state untouched', () => {
    const s0 = pig.setup('x');
    const before = pig.hash(s0);
    expect(() => pig.apply(s0, 'b', { type: 'roll' })).toThrow(/not B's decision/);
    expect(() => pig.apply(s0, 'a', { type: 'hold' })).toThrow(/hold only after rolling.*\[pig 2\]/);
    expect(() => pig.apply(s0, 'a', { kind: 'roll' })).toThrow(/malformed action/);
    expect(() => pig.apply(s0, 'a', 'roll')).toThrow(RuleError);
    expect(() => pig.apply(s0, 'zed', { type: 'roll' })).toThrow(/unknown role/);
    expect(() => pig.apply(s0, 'a', { type: 'note', text: 'hi' })).toThrow(/not one of the actions open now/);
    expect(pig.hash(s0)).toBe(before);
  });

  it("out of turn, the game's own reason comes first, naming its rule, with the not-your-turn code", () => {
    const s0 = pig.setup('x');
    // b may not hold: the rule that forbids it (pig 2) is named, not the rule of a's decision (pig 1)
    const refusal = (() => {
      try {
        pig.apply(s0, 'b', { type: 'hold' });
      } catch (e) {
        return e as RuleError;
      }
    })();
    expect(refusal?.rule).toBe('pig 2');
    expect(refusal?.code).toBe('not-your-turn');
  });

  it('options are validated and defaults filled', () => {
    expect(pig.resolveOptions()).toEqual({ target: 30 });
    expect(() => pig.resolveOptions({ targt: 5 })).toThrow(/unknown option "targt"/);
    expect(() => pig.resolveOptions({ target: 'x' })).toThrow(/must be a number/);
    expect(() => pig.setup('1', 'nope')).toThrow(/unknown scenario "nope"/);
  });

  it('replay of a record reproduces the state byte for byte', () => {
    const rec = pig.newRecord('42', 'short');
    const played = randomPlayout(pig, pig.replay(rec), 'c1', { record: true });
    expect(pig.outcome(played.state)).not.toBeNull();
    const full = { ...rec, actions: played.actions };
    const a = pig.replay(full);
    const b = pig.replay(JSON.parse(JSON.stringify(full)));
    expect(canonicalJson(a)).toBe(canonicalJson(b));
    expect(pig.hash(a)).toBe(pig.hash(played.state));
  });

  it('a game over refuses further actions', () => {
    const rec = pig.newRecord('42', 'short');
    const played = randomPlayout(pig, pig.replay(rec), 'c1', { record: true });
    const s = pig.replay({ ...rec, actions: played.actions });
    expect(() => pig.apply(s, 'a', { type: 'roll' })).toThrow(/game is over/);
  });

  it('undo stops at the last irreversible point and says why', () => {
    // Pig: every roll is irreversible; holding hands over to the other role.
    const rec = pig.newRecord('1', 'standard', {}, [2, 2, 4]);
    expect(() => pig.undo(rec, 'a')).toThrow(/nothing to undo/);
    const r1 = { ...rec, actions: [{ role: 'a', action: { type: 'roll' } }] };
    expect(() => pig.undo(r1, 'a')).toThrow(/cannot undo: dice were rolled/);
    const r2 = { ...r1, actions: [...r1.actions, { role: 'a', action: { type: 'hold' } }] };
    expect(() => pig.undo(r2, 'b')).toThrow(/last action was a's/);
    expect(() => pig.undo(r2, 'a')).toThrow(/play passed from a to b/);
  });

  it('undo removes a reversible last action', () => {
    // A game where the same role acts twice without dice: the toy's "hold" hands over, so
    // build a minimal rules object whose action is reversible.
    const counter = defineGame<{ n: number }, { type: 'inc' } | { type: 'end' }, { n: number }>({
      id: 'counter',
      title: 'c',
      roles: ['p'],
      scenarios: [{ id: 's', title: 's', description: '' }],
      options: [],
      setup: () => ({ n: 0 }),
      currentDecision: (g) => (g.n >= 3 ? null : { kind: 'k', role: 'p', rule: 'c1', prompt: 'inc' }),
      legalActions: (g) => (g.n >= 3 ? [] : [{ type: 'inc' }]),
      perform: (_c, g) => {
        g.n++;
      },
      view: (g) => g,
      outcome: (g) => (g.n >= 3 ? { winner: 'p', reason: 'done', rule: 'c2' } : null),
    });
    const rec = {
      ...counter.newRecord('s'),
      actions: [
        { role: 'p', action: { type: 'inc' } },
        { role: 'p', action: { type: 'inc' } },
      ],
    };
    const back = counter.undo(rec, 'p');
    expect(back.actions).toHaveLength(1);
    expect(counter.replay(back).game.n).toBe(1);
  });

  it('views and log lines are redacted per role', () => {
    const s = pig.setup('x', 'standard', {}, [3, 4]);
    const va = pig.view(s, 'a');
    const vb = pig.view(s, 'b');
    const vo = pig.view(s, 'observer');
    expect(va.game.secret).toBe(3);
    expect(vb.game.secret).toBe(4);
    expect(vo.game.secret).toBeNull();
    expect(JSON.stringify(va)).not.toContain("b's secret");
    expect(JSON.stringify(vb)).not.toContain("a's secret");
    expect(JSON.stringify(vo.log.map((l) => l.text))).not.toContain('secret');
    // private rolls: the dice of b's secret never reach a's log
    expect(vb.log.some((l) => l.text === "b's secret: rolled 4")).toBe(true);
    expect(va.log.some((l) => l.text.startsWith("b's secret"))).toBe(false);
    expect(vo.actions).toEqual([]);
    expect(va.actions).toEqual([{ type: 'roll' }]);
  });

  it('malformed records are refused naming the field', () => {
    expect(() =>
      parseRecord({
        format: 'sandtable-record/1',
        game: 'pig',
        scenario: 's',
        options: {},
        seed: '1',
        actions: [{ role: 'a' }],
      }),
    ).toThrow(/actions\.0\.action/);
    expect(() => parseRecord({ game: 'pig' })).toThrow(/malformed record at format/);
    const rec = pig.newRecord('1');
    expect(() => pig.replay({ ...rec, actions: [{ role: 'a', action: { type: 'hold' } }] })).toThrow(
      /record action #1 \(a\) cannot be replayed/,
    );
    expect(() => pig.replay({ ...rec, game: 'other' })).toThrow(/not "pig"/);
  });
});
