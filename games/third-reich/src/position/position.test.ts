import { readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { randomIndex, RuleError, seedRng, type Options } from '@sandtable/engine';
import { DEV, POOL } from '../board.ts';
import type { TRAction } from '../actions.ts';
import { A, b, game, rules, unitsOf, type S } from '../testing/scene.ts';
import { savePosition } from './save.ts';
import type { PositionInput } from './schema.ts';

const codec = rules.position!;
const defaults = game.setup('defaults').game.options;

/** Option sets for the round trip: the defaults and every optional rule that adds state (16.1 face-down cards, 16.8 jets). */
const OPTION_SETS: Options[] = [
  {},
  { opt16_8: true, opt16_1_1: true, opt16_1_2: true, spainTurkeyReturn: true, opt16_3: true },
  { strategicMovementCounter: true, opt16_7: true, brestGalicia: 'polish', polandAfterSurrender: 'remove' },
  { opt16_2_1: true, opt16_2_2: true, opt16_4: true, opt16_5: true, opt16_6: true, unflaggedAreas: 'neutral' },
];

describe('load(save(g)) is g', () => {
  it('on every state of random games played to the end (four option sets, the position through JSON)', () => {
    let states = 0;
    for (let i = 0; i < 8; i++) {
      const s = game.setup(`pos${i}`, 'campaign', OPTION_SETS[i % OPTION_SETS.length]);
      const chooser = seedRng(`pos-chooser${i}`);
      for (let step = 0; ; step++) {
        const g = s.game;
        const again = codec.load(JSON.parse(JSON.stringify(codec.save(g))), g.options);
        if (!isDeepStrictEqual(again, g)) expect(again, `game ${i} step ${step}`).toStrictEqual(g);
        states++;
        if (game.outcome(s)) break;
        const d = game.decision(s)!;
        const legal = game.legalActions(s, d.role);
        game.applyInPlace(s, d.role, legal[randomIndex(chooser, legal.length)]!, true);
      }
      expect(game.outcome(s), `game ${i}`).not.toBeNull();
    }
    expect(states).toBeGreaterThan(4000);
  });

  it('so a game started from a saved position has the same decision, legal actions and views for every role', () => {
    for (let i = 0; i < 4; i++) {
      const s = game.setup(`view${i}`, 'campaign', OPTION_SETS[i]);
      const chooser = seedRng(`view-chooser${i}`);
      for (let step = 0; step < 300 && !game.outcome(s); step++) {
        if (step % 25 === 0) {
          const again = game.setup('another seed', 'campaign', s.game.options, [], game.positionOf(s));
          expect(game.decision(again)).toEqual(game.decision(s));
          for (const role of ['axis', 'allies', 'observer']) {
            expect(game.legalActions(again, role)).toEqual(game.legalActions(s, role));
            expect(game.view(again, role).game).toEqual(game.view(s, role).game);
          }
        }
        const d = game.decision(s)!;
        const legal = game.legalActions(s, d.role);
        game.applyInPlace(s, d.role, legal[randomIndex(chooser, legal.length)]!, true);
      }
    }
  });
});

describe('a position written by hand', () => {
  it('takes the defaults: the impulse of the first player, units and cards where the set-up leaves them, control by flags', () => {
    const g = codec.load({ turn: 3 }, defaults);
    expect(g.stack).toEqual([{ kind: 'impulse', side: 'axis' }]);
    expect(g.loc.every((l) => l < 0)).toBe(true);
    expect(g.loc.filter((l) => l === DEV)).toHaveLength(b.counters.reduce((n, c) => n + (c.jet ? 0 : (c.dev ?? 0)), 0)); // 4.0(4), the jet out without 16.8
    expect(g.deck.axis).toHaveLength(8); // 4.0(3)
    expect(g.dev.allies).toHaveLength(10); // 4.0(4)⑦
    expect(g.ctrl[A('warsaw')]).toBe(b.nationIndex.get('PO'));
    expect(g.ctrl[A('north_sea')]).toBe(-1);
  });

  it('places a counter named without a copy on a copy from the mobilization pool first, and saves it by copy', () => {
    const g = codec.load(
      {
        turn: 2,
        units: [
          { counter: 'GE-SS', area: 'north_sea' },
          { counter: 'GE-SS#5', area: 'baltic_sea', used: true },
        ],
      },
      defaults,
    );
    // GE-SS: 8 counters, the first 4 in the development pool (4.0(4)); copy 5 is named, so copy 6 is the first free one.
    expect(savePosition(b, g).units).toEqual([
      { counter: 'GE-SS#5', area: 'baltic_sea', used: true },
      { counter: 'GE-SS#6', area: 'north_sea' },
    ]);
    expect(g.loc[b.unitKind.indexOf(b.counterIndex.get('GE-SS')!)]).toBe(DEV);
  });
});

/** The RuleError a position is refused with. */
function refusal(position: PositionInput | Record<string, unknown>, options: Options = {}): RuleError {
  try {
    game.newRecord('check', undefined, options, [], position);
  } catch (e) {
    if (e instanceof RuleError) return e;
    throw e;
  }
  throw new Error('the position was accepted');
}

const on = (units: PositionInput['units'], more: Partial<PositionInput> = {}): PositionInput => ({
  turn: 2,
  units,
  ...more,
});
const lf = (area: string, n: number) => Array.from({ length: n }, () => ({ counter: 'GE-LF', area }));
const impulse = (side: 'axis' | 'allies') => ({ kind: 'impulse' as const, side });
const play = { card: 'ax2-supply', svLeft: 2, svDone: false, eventDone: false, acted: [] };

describe('a position that breaks the rules is refused with the rule', () => {
  const cases: [string, PositionInput, string, RegExp, Options?][] = [
    ['an unknown area', on([{ counter: 'GE-LF', area: 'atlantis' }]), '2.2.1', /units\.0\.area: no area "atlantis"/],
    ['an unknown counter', on([{ counter: 'GE-XX', area: 'berlin' }]), '2.1.1', /no counter "GE-XX"/],
    [
      'a copy the counter mix has not',
      on([{ counter: 'GE-TF6#2', area: 'berlin' }]),
      '2.1.1',
      /1 GE-TF6 counter\(s\), no copy 2/,
    ],
    [
      'more counters than the mix has',
      on(lf('pool', 17)),
      '2.1.1',
      /units\.16: more GE-LF units than the counter mix has \(16\)/,
    ],
    [
      'one counter in two places',
      on([
        { counter: 'GE-LF#1', area: 'berlin' },
        { counter: 'GE-LF#1', area: 'munich' },
      ]),
      '2.1.1',
      /units\.1: GE-LF#1 is already placed by units\.0/,
    ],
    [
      'an unknown card',
      on([], { cards: { axis: { hand: ['ax9-joker'] } } }),
      '2.3',
      /cards\.axis\.hand\.0: no card "ax9-joker"/,
    ],
    [
      'a card in two places',
      on([], { cards: { axis: { hand: ['ax2-supply'], discard: ['ax2-supply'] } } }),
      '2.3',
      /cards\.axis\.discard\.0: ax2-supply is also in cards\.axis\.hand\.0/,
    ],
    [
      "a card in the other side's pile",
      on([], { cards: { axis: { hand: ['al2-supply'] } } }),
      '2.3',
      /is an allies card/,
    ],
    ['an unknown entry box', on([], { entry: { US: 'LATER' } }), '2.1.2(2)', /entry\.US: no box "LATER"/],
    ['a turn past the track', on([], { turn: 13 }), '2.2.2①', /turn: 13 is past the last turn/],
    [
      'Germany neutral',
      on([], { nations: { GE: { side: 'axis', status: 'neutral' } } }),
      '3.1.2①',
      /GE is always an axis belligerent/,
    ],
    [
      'a status fixed for a nation other than Spain and Turkey',
      on([], { nations: { IT: { side: 'axis', status: 'belligerent', locked: true } } }),
      '3.1.3(2)①',
      /nations\.IT: only Spain and Turkey/,
    ],
    ['a ship on land', on([{ counter: 'UK-NF', area: 'london' }]), '8.1.1', /UK-NF#1: a ship in london/],
    ['an air unit at sea', on([{ counter: 'GE-AF', area: 'north_sea' }]), 'AMB-10', /an air unit at sea in north_sea/],
    [
      'a neutral unit outside its country',
      on([{ counter: 'IT-LF', area: 'berlin' }]),
      '3.1.1(2)②',
      /a unit of neutral IT outside its country, in berlin/,
    ],
    [
      'a unit in an area closed to its side',
      on([{ counter: 'UK-NF', area: 'baltic_sea' }]),
      '15.7',
      /baltic_sea is closed to the allies/,
    ],
    [
      'a jet without 16.8',
      on([{ counter: 'GE-JET', area: 'berlin' }]),
      '16.8',
      /GE-JET#1: jets are in the game only with/,
    ],
    ['11 land units in an area', on(lf('berlin', 11)), '8.1.1(2)①', /berlin: 11 axis land units, at most 10/],
    [
      '5 air units in an area',
      on(Array.from({ length: 5 }, () => ({ counter: 'GE-AF', area: 'berlin' }))),
      '8.1.1(2)②',
      /berlin: 5 axis air units, at most 4/,
    ],
    [
      'an Allied hand on turn 1',
      on([], { turn: 1, cards: { allies: { hand: ['al2-supply'] } } }),
      '4.0(6)',
      /cards\.allies\.hand: 1 cards/,
    ],
    [
      'a hand and cards still to choose that do not make the sources',
      on([], { stack: [{ kind: 'hand', side: 'axis', left: 1 }] }),
      '5.0(1)',
      /the axis hand of 0 card\(s\) and 1 still to choose make 1, not the \d+/,
    ],
    [
      'a face-down card outside the discard pile',
      on([], { cards: { axis: { hand: ['ax2-supply'], faceDown: ['ax2-supply'] } } }),
      '16.1',
      /cards\.axis\.faceDown: ax2-supply is not in the axis discard pile/,
      { opt16_1_2: true },
    ],
    [
      'face-down cards without 16.1',
      on([], { cards: { axis: { discard: ['ax2-supply'], faceDown: ['ax2-supply'] } } }),
      '16.1',
      /only with the optional rules 16\.1\.1 or 16\.1\.2/,
    ],
    [
      'the card in play outside the discard pile',
      on([], { op: play, stack: [{ kind: 'card', side: 'axis' }] }),
      '6.1(5)',
      /op\.card: ax2-supply, played by the axis, goes to their discard pile/,
    ],
    [
      'sea capacity used on land',
      on([], { seaUse: { berlin: 1 } }),
      '3.6(3)',
      /seaUse\.berlin: capacity is used in sea areas only/,
    ],
    ['no decision in a game not over', on([], { stack: [] }), '5.0', /stack: the game is not over/],
    [
      'a decision in a game over',
      on([], { outcome: { winner: 'axis', reason: 'test', rule: '14.1(1)' }, stack: [impulse('axis')] }),
      '14.0',
      /stack: the game is over/,
    ],
    [
      'a card decision without its card',
      on([], { stack: [{ kind: 'card', side: 'axis' }] }),
      '6.1',
      /stack\.0: the card decision needs op/,
    ],
    ['an allocation without its combat', on([], { stack: [{ kind: 'alloc', side: 'axis' }] }), '11.2', /needs combat/],
    [
      'the impulse of the side not active',
      on([], { active: 'allies', stack: [impulse('axis')] }),
      '5.0(3)',
      /the impulse is the active player's \(allies\)/,
    ],
    [
      'two passes and an impulse',
      on([], { passes: 2, stack: [impulse('axis')] }),
      '5.0(3)',
      /after two consecutive passes the turn is over/,
    ],
    [
      'an automatic step on top',
      on([], { stack: [impulse('axis'), { kind: 'auto', step: 'finishTurn' }] }),
      '5.0',
      /stack\.1: the top entry must be a player's decision/,
    ],
    [
      'options other than the game has',
      on([], { options: { opt16_8: true } }),
      'options',
      /options\.opt16_8: the position is for true, the game has false \(start it with --option opt16_8=true\)/,
    ],
  ];
  for (const [what, position, rule, message, options] of cases) {
    it(`${what} [${rule}]`, () => {
      const e = refusal(position, options);
      expect(e.code).toBe('bad-record');
      expect(e.rule).toBe(rule);
      expect(e.message).toMatch(message);
    });
  }

  it('every broken invariant at once, each with its rule', () => {
    const e = refusal(on([...lf('berlin', 11), { counter: 'UK-NF', area: 'london' }], { turn: 13 }));
    expect(e.rule.split(', ').sort()).toEqual(['2.2.2①', '8.1.1', '8.1.1(2)①']);
  });
});

describe('a malformed position is refused naming the path', () => {
  it.each([
    [{ turn: 'one' }, /turn: /],
    [{ turn: 2, units: [{ counter: 'ge-lf', area: 'berlin' }] }, /units\.0\.counter: a counter id/],
    [{ turn: 2, stack: [{ kind: 'auto', step: 'strike' }] }, /stack\.0\.side: an automatic step has a side/],
    [{ turn: 2, combat: { counter: false } }, /combat\.side: /],
    [{ turn: 2, nations: { XX: { side: 'axis', status: 'neutral' } } }, /nations: Unrecognized key: "XX"/],
    [{ turn: 2, tunr: 3 }, /\(root\): .*tunr/],
  ])('%j', (position, message) => {
    const e = refusal(position);
    expect(e.code).toBe('bad-record');
    expect(e.message).toMatch(message);
  });
});

describe('the example position positions/fall-of-warsaw.json', () => {
  const position: unknown = JSON.parse(
    readFileSync(new URL('../../positions/fall-of-warsaw.json', import.meta.url), 'utf8'),
  );
  const PO = b.nationIndex.get('PO')!;

  /** The Axis plays the Blitzkrieg for its SV and attacks in Warsaw with its four units (tanks first), rolling `dice`. */
  function attackWarsaw(dice: number[]): S {
    const rec = game.newRecord('warsaw', undefined, {}, dice, position);
    let s = game.replay(rec);
    const add = (counter: string) =>
      game.legalActions(s, 'axis').find((a) => a.type === 'add' && b.counters[b.unitKind[a.unit]!]!.id === counter)!;
    s = apply(s, { type: 'play', card: 'ax2-blitz-1' }, { type: 'sv' }, { type: 'form', area: 'warsaw' });
    for (const c of ['GE-TF', 'GE-TF', 'GE-LF', 'GE-LF']) s = apply(s, add(c));
    s = apply(s, { type: 'declare', action: 'attack' });
    while (game.decision(s)!.kind === 'window') s = apply(s, { type: 'noCounter' }); // no Ambush card in the Allied hand
    expect(game.decision(s)!.kind).toBe('sv');
    return s;
  }
  const apply = (s: S, ...actions: TRAction[]): S =>
    actions.reduce((t, a) => game.apply(t, game.decision(t)!.role, a), s);
  /** The Axis ends the SV part and the card: the end of its impulse (3.4(4), 15.4). */
  const endCard = (s: S): S => apply(s, { type: 'endSv' }, { type: 'endCard' });
  const polesIn = (s: S, area: string) => unitsOf(s, 'PO-LF', area);

  it('loads through a record, which keeps it', () => {
    const rec = game.newRecord('warsaw', undefined, {}, [], position);
    expect(rec.position).toEqual(position);
    const s = game.replay(rec);
    expect(game.decision(s)).toMatchObject({ kind: 'impulse', role: 'axis' });
    expect(game.legalActions(s, 'axis')).toEqual([{ type: 'play', card: 'ax2-blitz-1' }, { type: 'pass' }]);
  });

  it('9.1, 11.1, 11.3.1, 3.4(4), 15.4: four hits eliminate the worn Polish army, Warsaw falls and Poland surrenders', () => {
    const attacked = attackWarsaw([4, 1, 3, 2]); // attack values 4, 4, 3, 3: every die at or under its unit's value hits
    expect(unitsOf(attacked, 'GE-TF', 'warsaw').map((u) => attacked.game.used[u])).toEqual([1, 1]); // 9.1(5): attackers flip
    expect(polesIn(attacked, 'warsaw')).toEqual([]); // used, durability 2: 4 points (2 x D) send it to the pool (11.3.1)
    const s = endCard(attacked);
    const g = s.game;
    expect(g.ctrl[A('warsaw')]).toBe(b.nationIndex.get('GE')); // 3.4(4) at the end of the impulse
    expect(g.polandSurrendered).toBe(true);
    for (const area of ['brest', 'galicia']) {
      expect(g.ctrl[A(area)]).toBe(b.nationIndex.get('SU')); // 15.4(2)
      expect(polesIn(s, area)).toEqual([]);
    }
    expect(g.loc.filter((l, u) => b.unitNation[u] === PO && l === POOL)).toHaveLength(7);
  });

  it('9.1, 11.1: with every die over its value the attack misses, Warsaw stays Polish and Poland fights on', () => {
    const s = endCard(attackWarsaw([5, 6, 4, 6]));
    expect(polesIn(s, 'warsaw')).toHaveLength(1);
    expect(s.game.ctrl[A('warsaw')]).toBe(PO); // Polish control units are still there (3.4(4))
    expect(s.game.polandSurrendered).toBe(false);
  });
});
