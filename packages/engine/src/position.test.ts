import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import type { GameRules } from './contract.ts';
import { RuleError } from './errors.ts';
import { defineGame } from './game.ts';
import { checkPositionOptions, optionsOffDefault, parsePosition, PositionChecks } from './position.ts';

/** A race to 10: each turn the active runner steps 1 or 2; a track square holds one runner (rule R3). */
interface Race {
  at: Record<'a' | 'b', number>;
  active: 'a' | 'b';
}
type Step = { type: 'step'; n: 1 | 2 };
const raceSchema = z.object({
  at: z.object({ a: z.number().int().min(0), b: z.number().int().min(0) }),
  active: z.enum(['a', 'b']),
});

const rules: GameRules<Race, Step, Race> = {
  id: 'race',
  title: 'Race',
  roles: ['a', 'b'],
  scenarios: [{ id: 'start', title: 'Start', description: 'both at 0' }],
  options: [],
  setup: () => ({ at: { a: 0, b: 0 }, active: 'a' }),
  currentDecision: (g) =>
    Math.max(g.at.a, g.at.b) >= 10 ? null : { kind: 'step', role: g.active, rule: 'R1', prompt: 'step 1 or 2' },
  legalActions: (g, role) =>
    role === g.active && Math.max(g.at.a, g.at.b) < 10
      ? ([1, 2] as const)
          .filter((n) => g.at.a + (role === 'a' ? n : 0) !== g.at.b + (role === 'b' ? n : 0) || g.at.a + g.at.b === 0)
          .map((n) => ({ type: 'step', n }))
      : [],
  perform(_ctx, g, role, a) {
    g.at[role as 'a' | 'b'] += a.n;
    g.active = g.active === 'a' ? 'b' : 'a';
  },
  view: (g) => g,
  outcome: (g) =>
    g.at.a >= 10
      ? { winner: 'a', reason: 'a reached 10', rule: 'R2' }
      : g.at.b >= 10
        ? { winner: 'b', reason: 'b reached 10', rule: 'R2' }
        : null,
  position: {
    save: (g) => structuredClone(g),
    load(json) {
      const g = parsePosition(raceSchema, json);
      const checks = new PositionChecks();
      checks.check(g.at.a !== g.at.b || g.at.a === 0, 'R3', `both runners on square ${g.at.a}`);
      checks.check(g.at.a <= 10 && g.at.b <= 10, 'R2', 'a runner is past the finish');
      checks.done();
      return g;
    },
  },
};
const race = defineGame(rules);

describe('positions', () => {
  it('a game starts from a position, which the record keeps, so replay reproduces it', () => {
    const rec = race.newRecord('s', undefined, {}, [], { at: { a: 7, b: 5 }, active: 'b' });
    expect(rec.position).toEqual({ at: { a: 7, b: 5 }, active: 'b' });
    let s = race.replay(rec);
    expect(race.legalActions(s, 'b')).toEqual([{ type: 'step', n: 1 }]); // R3: 5+2 = 7 is taken
    s = race.apply(s, 'b', { type: 'step', n: 1 });
    rec.actions.push({ role: 'b', action: { type: 'step', n: 1 } as Step });
    expect(race.hash(race.replay(rec))).toBe(race.hash(s));
    expect(race.view(s, 'a').log.map((l) => l.text)).toEqual(['The game starts from a position.']);
  });

  it('positionOf gives a position that loads back to the same legal actions and views', () => {
    let s = race.setup('s');
    s = race.apply(s, 'a', { type: 'step', n: 2 });
    const again = race.setup('s', undefined, {}, [], race.positionOf(s));
    expect(race.legalActions(again, 'b')).toEqual(race.legalActions(s, 'b'));
    expect(race.view(again, 'a').game).toEqual(race.view(s, 'a').game);
  });

  it('a malformed position is refused naming the path; a broken invariant naming its rule', () => {
    expect(() => race.newRecord('s', undefined, {}, [], { at: { a: 'x', b: 0 }, active: 'a' })).toThrow(/at\.a: /);
    const broken = () => race.newRecord('s', undefined, {}, [], { at: { a: 4, b: 4 }, active: 'a' });
    expect(broken).toThrow(RuleError);
    expect(broken).toThrow(/both runners on square 4 \[R3\]/);
  });

  it('a game without a position format says so', () => {
    const plain = defineGame({ ...rules, position: undefined });
    expect(() => plain.newRecord('s', undefined, {}, [], {})).toThrow(/race has no position format/);
    expect(() => plain.positionOf(plain.setup('s'))).toThrow(/no position format/);
  });
});

describe('a position keeps the options it was saved under', () => {
  const specs = [
    { key: 'fog', label: 'Fog', doc: 'AMB-1', default: false },
    { key: 'turns', label: 'Turns', doc: 'AMB-2', default: 8 },
  ];
  it('optionsOffDefault records only the options off their defaults', () => {
    expect(optionsOffDefault(specs, { fog: false, turns: 10 })).toEqual({ turns: 10 });
  });
  it('checkPositionOptions refuses a game started with other options, naming the --option to add', () => {
    const checks = new PositionChecks();
    checkPositionOptions({ turns: 10, ghost: 1 }, specs, { fog: false, turns: 8 }, checks);
    expect(() => checks.done()).toThrow(/options\.ghost: no such option[\s\S]*start it with --option turns=10/);
    const same = new PositionChecks();
    checkPositionOptions({ turns: 10 }, specs, { fog: false, turns: 10 }, same);
    expect(() => same.done()).not.toThrow();
  });
});
