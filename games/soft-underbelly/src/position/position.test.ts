import { readFileSync } from 'node:fs';
import { isDeepStrictEqual } from 'node:util';
import { describe, expect, it } from 'vitest';
import { randomIndex, RuleError, seedRng, type EngineState, type Options } from '@sandtable/engine';
import type { SUAction } from '../actions.ts';
import { loadSoftUnderbellyData, softUnderbelly as game } from '../index.ts';
import { BATTLE, POOL, SEA, type Side, type SUState } from '../state.ts';
import type { PositionInput } from './schema.ts';

const codec = game.rules.position!;
type S = EngineState<SUState>;
const data = loadSoftUnderbellyData();
const area = (id: string) => data.areas.findIndex((a) => a.id === id);
const unitOf = (s: S, id: string) => s.game.units.find((u) => u.id === id)!;

/** Option sets for the round trip: the defaults, and options that change what the state holds. */
const OPTION_SETS: Options[] = [
  {},
  { stackOverflowNoRoom: 'stay', airfieldScope: 'turn', partisanPinScope: 'nextImpulse', bothPassRule: 'anyTime' },
  { airfieldScope: 'mission', paratroopExtraDieOncePerBattle: false, loneLineBlocks: false, retreatMaySplit: false },
];

describe('load(save(g)) is g', () => {
  it('on every state of random games played to the end (three option sets, the position through JSON)', () => {
    let states = 0;
    for (let i = 0; i < 9; i++) {
      const options = game.resolveOptions(OPTION_SETS[i % OPTION_SETS.length]);
      const s = game.setup(`pos${i}`, undefined, options);
      const chooser = seedRng(`pos-chooser${i}`);
      for (let step = 0; ; step++) {
        const g = s.game;
        const again = codec.load(JSON.parse(JSON.stringify(codec.save(g))), options);
        if (!isDeepStrictEqual(again, g)) expect(again, `game ${i} step ${step}`).toStrictEqual(g);
        states++;
        if (game.outcome(s)) break;
        const d = game.decision(s)!;
        const legal = game.legalActions(s, d.role);
        game.applyInPlace(s, d.role, legal[randomIndex(chooser, legal.length)]!, true);
      }
      expect(game.outcome(s), `game ${i}`).not.toBeNull();
    }
    expect(states).toBeGreaterThan(5000);
  });

  it('so a game started from a saved position has the same decision, legal actions and views for every role', () => {
    for (let i = 0; i < 3; i++) {
      const s = game.setup(`view${i}`, undefined, OPTION_SETS[i]);
      const chooser = seedRng(`view-chooser${i}`);
      for (let step = 0; step < 600 && !game.outcome(s); step++) {
        if (step % 23 === 0) {
          const again = game.setup('another seed', undefined, OPTION_SETS[i], [], game.positionOf(s));
          expect(again.game).toStrictEqual(s.game);
          expect(game.decision(again)).toEqual(game.decision(s));
          for (const role of ['allies', 'axis', 'observer']) {
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
  it('takes the defaults: the Allied impulse, fleets at sea, other counters in the pool, the Axis in control', () => {
    const g = codec.load({ turn: 3 }, game.resolveOptions({}));
    expect(g.stack).toEqual([{ kind: 'turnEnd' }, { kind: 'impulseEnd' }, { kind: 'impulse', side: 'allies' }]);
    expect(g.phase).toBe('impulse');
    expect([g.impulse, g.normalDone, g.serial]).toEqual([1, 0, 1]);
    for (const u of g.units) expect(u.loc, u.id).toBe(u.type === 'fleet' || u.type === 'uboat' ? SEA : POOL);
    expect(g.ctrl.every((c) => c === 'axis')).toBe(true);
    expect(g.pool).toEqual({ allies: 23, axis: 23 }); // §4 L53: the whole box
    expect(g.transport).toEqual({ allies: 6, axis: 2 }); // §16 L182
    expect(g.ev.allies).toEqual({ hand: 6, track: {}, last: -1 }); // §44 L430
    expect(g.lines).toEqual([POOL, POOL, POOL]);
  });

  it('names areas by id or by name; units give control; the pool and the hand are what is left', () => {
    const g = codec.load(
      {
        turn: 2,
        areas: { Sicily: { cubes: { axis: 3 } }, '18': { cubes: { allies: 4 } }, tunis: { control: 'allies' } },
        units: [{ counter: 'de-tank-1', area: 'Lazio', used: true }],
        lines: ['Sicily'],
        events: { axis: { used: { kesselring: 1, reserves: 2 } } },
      },
      game.resolveOptions({}),
    );
    const [sicily, lazio] = [area('14'), area('10')];
    expect([g.cubes.axis[sicily], g.ctrl[sicily], g.ctrl[lazio], g.ctrl[area('17')]]).toEqual([
      3,
      'axis',
      'axis',
      'allies',
    ]);
    expect(g.units.find((u) => u.id === 'de-tank-1')).toMatchObject({ loc: lazio, up: false });
    expect(g.lines).toEqual([sicily, POOL, POOL]);
    expect(g.pool).toEqual({ allies: 19, axis: 20 });
    expect(g.ev.axis.hand).toBe(3);
  });

  it('an automatic step on top runs when the game starts: turnStart rolls the initiative (§8 L108)', () => {
    const position = {
      turn: 3,
      areas: { '17': { cubes: { allies: 2 } }, '14': { cubes: { axis: 2 } } },
      stack: [{ kind: 'turnStart' }],
    };
    const s = game.replay(game.newRecord('start', undefined, {}, [2, 5], position));
    expect(game.decision(s)).toMatchObject({ kind: 'initiative', role: 'axis' });
    expect(s.game.phase).toBe('initiative');
  });
});

/** The RuleError a position is refused with (through a record, as `sandtable new --position`). */
function refusal(position: unknown, options: Options = {}): RuleError {
  try {
    game.newRecord('check', undefined, options, [], position);
  } catch (e) {
    if (e instanceof RuleError) return e;
    throw e;
  }
  throw new Error('the position was accepted');
}

const at = (units: PositionInput['units'], more: Partial<PositionInput> = {}): PositionInput => ({
  turn: 2,
  areas: { '17': { cubes: { allies: 2 } }, '01': { cubes: { axis: 2 } } },
  units,
  ...more,
});
const cubes = (axis: Record<string, number>, more: Partial<PositionInput> = {}): PositionInput => ({
  turn: 2,
  areas: Object.fromEntries([
    ['17', { cubes: { allies: 2 } }],
    ...Object.entries(axis).map(([a, k]) => [a, { cubes: { axis: k } }]),
  ]),
  ...more,
});
const impulse: PositionInput['stack'] = [
  { kind: 'turnEnd' },
  { kind: 'impulseEnd' },
  { kind: 'impulse', side: 'allies' },
];
/** The initiative decision at the start of a turn: stacking holds (§3 L40 checked at the last impulse's end). */
const initiative: PositionInput['stack'] = [
  { kind: 'turnEnd' },
  { kind: 'impulseStart' },
  { kind: 'reinforcePhase' },
  { kind: 'initiative', side: 'allies' },
];

describe('a position that breaks the rules is refused with the rule', () => {
  const cases: [string, PositionInput, string, RegExp, Options?][] = [
    ['an unknown area', cubes({ Atlantis: 1 }), '§2 L19', /areas\.Atlantis: no area "Atlantis" on the map/],
    [
      'one area given twice',
      cubes({ '14': 1, Sicily: 2 }),
      '§2 L19',
      /areas\.Sicily: the area is given twice \(also as "14"\)/,
    ],
    [
      'a frame naming an unknown area',
      at([], { stack: [...impulse, { kind: 'overflow', side: 'axis', area: '99' }] }),
      '§2 L19',
      /stack\.3\.area: no area "99"/,
    ],
    ['an unknown counter', at([{ counter: 'de-tank-9', area: '14' }]), '§4 L53', /units\.0\.counter: no counter/],
    [
      'one counter in two places',
      at([
        { counter: 'de-tank-1', area: '14' },
        { counter: 'de-tank-1', area: '13' },
      ]),
      '§4 L53',
      /units\.1: de-tank-1 is already placed by units\.0/,
    ],
    ['a turn past the track', at([], { turn: 9 }), '§7 L87', /turn 9 is past the last turn \(8\)/],
    [
      'a unit in an impassable area',
      at([{ counter: 'de-tank-1', area: 'SWITZERLAND' }]),
      '§2 L19',
      /de-tank-1 is in Switzerland \(SWITZERLAND\): no unit enters an impassable area/,
    ],
    ['cubes in an impassable area', cubes({ Balkans: 1, '14': 1 }), '§2 L19', /Balkans \(BALKANS\) holds axis cubes/],
    [
      'a fleet on land',
      at([{ counter: 'us-fleet', area: '17' }]),
      '§15 L172',
      /us-fleet is in Tunis \(17\): a fleet is at sea or gone/,
    ],
    ['a tank at sea', at([{ counter: 'us-tank-1', area: 'sea' }]), '§15 L172', /only fleets and the U-boat/],
    [
      'in battle without a battle',
      at([{ counter: 'us-tank-1', area: 'battle' }]),
      'AMB-11',
      /us-tank-1 is in battle: only Allied counters of the battle's attack/,
    ],
    [
      'more cubes than the box',
      cubes({ '14': 6, '13': 6, '12': 6, '11': 6 }),
      '§4 L53',
      /24 axis cubes are in play, but the box has 23/,
    ],
    ['a pool that does not add up', cubes({ '14': 1 }, { pool: { axis: 5 } }), '§4 L53', /pool\.axis: 5 cubes/],
    [
      'four defensive lines',
      cubes({ '14': 1 }, { lines: ['14', '13', '12', '11'] }),
      '§36 L378',
      /the Axis has 3 defensive lines, not 4/,
    ],
    ['two lines in one area', cubes({ '14': 1 }, { lines: ['14', 'Sicily'] }), '§36 L380', /Sicily \(14\) holds two/],
    [
      'three tanks in one area',
      at(['de-tank-1', 'de-tank-2', 'de-tank-3'].map((counter) => ({ counter, area: '14' }))),
      '§28 L296',
      /Sicily \(14\) holds 3 axis tanks \(at most 2\)/,
    ],
    [
      'seven units in an area between impulses',
      cubes({ '14': 7 }, { stack: initiative }),
      '§3 L38-L40',
      /Sicily \(14\) holds 7 axis units \(at most 6\)/,
    ],
    [
      'units of both sides in one area',
      { turn: 2, areas: { '14': { cubes: { axis: 1, allies: 1 } }, '01': { cubes: { axis: 1 } } } },
      '§2 L32',
      /Sicily \(14\) holds units of both sides/,
    ],
    [
      'control against the units there',
      { turn: 2, areas: { '14': { control: 'allies', cubes: { axis: 1 } }, '17': { cubes: { allies: 1 } } } },
      '§2 L32',
      /Sicily \(14\) holds axis units but is controlled by the allies/,
    ],
    [
      'partisans before the Italian surrender',
      at([{ counter: 'partisan-1', area: '05' }]),
      '§35 L366',
      /partisans come into play after Italy surrenders/,
    ],
    [
      'an Italian unit after the surrender',
      at([{ counter: 'it-tank-1', area: '14' }], { italySurrendered: true }),
      '§42 L418',
      /it-tank-1 is in Sicily \(14\): Italian units leave the game/,
    ],
    [
      'paratroops after Overlord',
      at([{ counter: 'us-para', area: '17' }], { overlord: true }),
      '§43 L424',
      /us-para is in Tunis \(17\): the paratroops leave the game with Overlord/,
    ],
    ['the U-boat gone but at sea', at([], { uboatGone: true }), '§38 L394', /uboat is at sea, but uboatGone is true/],
    [
      'an event used more often than its track has spaces',
      at([], { events: { allies: { used: { extraImpulse: 5 } } } }),
      '§44 L432',
      /events\.allies\.used\.extraImpulse: 5 markers, 4 spaces/,
    ],
    [
      "an event of the other side's track",
      at([], { events: { allies: { used: { kesselring: 1 } } } }),
      '§44 L432',
      /events\.allies\.used\.kesselring: not an event of the allies track/,
    ],
    [
      'event markers that do not make six',
      at([], { events: { axis: { hand: 6, used: { reserves: 1 } } } }),
      '§44 L430',
      /6 markers in hand and 1 on the track make 7/,
    ],
    ['a battle step without a battle', at([], { stack: [...impulse, { kind: 'elite' }] }), '§19 L206', /elite/],
    [
      'a battle without its steps',
      at([], { battle: { target: '14', attacker: 'allies' } }),
      '§19 L206',
      /down to battleClear/,
    ],
    [
      'decisions pending in a game over',
      at([], { outcome: { winner: 'axis', reason: 'test', rule: '§6' }, stack: impulse }),
      '§6',
      /the game is over/,
    ],
    ['no decision in a game not over', at([], { stack: [] }), 'spec 10.3', /a decision is pending/],
    [
      'a position for other options',
      at([], { options: { stackOverflowNoRoom: 'stay' } }),
      'options',
      /options\.stackOverflowNoRoom: the position is for "stay", the game has "eliminate"/,
    ],
    ['an unknown option', at([], { options: { fogOfWar: true } }), 'options', /options\.fogOfWar: no such option/],
  ];
  for (const [what, position, rule, message, options] of cases) {
    it(`${rule}: ${what}`, () => {
      const e = refusal(position, options);
      expect(e.rule.split(', ')).toContain(rule);
      expect(e.message).toMatch(message);
    });
  }

  it('AMB-33 "stay": excess units may stay, so seven units between impulses are accepted', () => {
    const position = cubes({ '14': 7 }, { options: { stackOverflowNoRoom: 'stay' }, stack: initiative });
    expect(() => game.newRecord('stay', undefined, { stackOverflowNoRoom: 'stay' }, [], position)).not.toThrow();
  });

  it('§3 L40: seven units during an impulse are accepted (stacking is checked at its end)', () => {
    const s = game.replay(game.newRecord('in-impulse', undefined, {}, [], cubes({ '14': 7 })));
    expect(game.decision(s)).toMatchObject({ kind: 'impulse', role: 'allies' });
  });

  it('spec 10.3: an automatic step on top is refused when the position is loaded without the game (no dice)', () => {
    expect(() => codec.load({ turn: 2, stack: [{ kind: 'turnStart' }] }, game.resolveOptions({}))).toThrow(
      /the automatic step turnStart on top runs only when a game starts from the position/,
    );
  });

  it('every broken invariant at once, each with its rule', () => {
    const e = refusal(at([{ counter: 'us-fleet', area: '17' }], { turn: 9, lines: ['14', '14'] }));
    expect(e.rule.split(', ').sort()).toEqual(['§15 L172', '§36 L380', '§7 L87']);
  });
});

describe('a malformed position is refused naming the path', () => {
  it.each([
    [{ turn: 'two' }, /turn: /],
    [{ turn: 2, units: [{ counter: 'de-tank-1' }] }, /units\.0\.area: /],
    [{ turn: 2, areas: { '14': { cubes: { axis: -1 } } } }, /areas\.14\.cubes\.axis: /],
    [{ turn: 2, stack: [{ kind: 'loss', side: 'axis' }] }, /stack\.0\.n: /],
    [{ turn: 2, stack: [{ kind: 'surrender' }] }, /stack\.0\.kind: /],
    [{ turn: 2, phase: 'lunch' }, /phase: a phase is one of/],
    [{ turn: 2, battle: { target: '14' } }, /battle\.attacker: /],
    [{ turn: 2, events: { allies: { used: { blitz: 1 } } } }, /events\.allies\.used: Unrecognized key: "blitz"/],
    [{ turn: 2, tunr: 3 }, /\(root\): .*tunr/],
  ])('%j', (position, message) => {
    const e = refusal(position);
    expect(e.code).toBe('bad-record');
    expect(e.message).toMatch(message);
  });
});

describe('the example position positions/landing-in-sicily.json', () => {
  const position: unknown = JSON.parse(
    readFileSync(new URL('../../positions/landing-in-sicily.json', import.meta.url), 'utf8'),
  );
  const play = (s: S, ...steps: [Side, SUAction][]): S => steps.reduce((t, [role, a]) => game.apply(t, role, a), s);
  const start = (dice: number[]) => game.replay(game.newRecord('sicily', undefined, {}, dice, position));

  it('loads through a record, which keeps it: the Axis may intercept the landing (§26 L280)', () => {
    const rec = game.newRecord('sicily', undefined, {}, [], position);
    expect(rec.position).toEqual(position);
    const s = game.replay(rec);
    expect(game.decision(s)).toMatchObject({ kind: 'intercept', role: 'axis', rule: '§26 L280-L288' });
    expect(game.legalActions(s, 'axis')).toEqual([
      { type: 'intercept', id: 'it-air-1' },
      { type: 'intercept', id: 'it-fleet' },
      { type: 'done' },
    ]);
    expect(unitOf(s, 'us-tank-1').loc).toBe(BATTLE);
    expect(s.game.battle!.att.cubes).toEqual([3]);
  });

  it('§26, §25, §19-§23 (EX-06..EX-12): interception, bombardment and two rounds; the Allies take Sicily', () => {
    const dice = [
      /* interception */ 5, /* bombardment */ 5, /* round 1 */ 4, 4, 6, 3, 5, 6, /* round 2 */ 6, 6, 2, 3, 4, 6,
    ];
    let s = play(
      start(dice),
      ['axis', { type: 'intercept', id: 'it-fleet' }],
      ['axis', { type: 'done' }],
      ['allies', { type: 'loss', unit: 'cube', from: 'sea' }], // §26 L288: the 5 hits the landing force
      ['axis', { type: 'loss', unit: 'cube', from: '14' }], // §25 L276: the fleet's 5 hits Sicily, no retreat
      ['allies', { type: 'support', id: 'us-para' }],
      ['allies', { type: 'support', id: 'us-air-1' }],
      ['allies', { type: 'support', id: 'us-tank-1' }],
      ['axis', { type: 'support', id: 'it-air-1' }],
      ['axis', { type: 'support', id: 'de-tank-2' }],
      ['allies', { type: 'extraDie', use: false }],
    );
    expect([s.game.battle!.att.hits, s.game.battle!.def.hits]).toEqual([3, 2]); // 4,4,6 and 3,5,6 on 4-6
    s = play(
      s,
      ['axis', { type: 'pass' }],
      ['allies', { type: 'loss', unit: 'cube', from: 'sea' }],
      ['allies', { type: 'loss', unit: 'cube', from: 'sea' }],
      ['axis', { type: 'loss', unit: 'cube', from: '14' }],
      ['axis', { type: 'loss', unit: 'de-tank-2' }],
      ['axis', { type: 'loss', unit: 'hermann-goering' }],
      ['axis', { type: 'pass' }],
      ['allies', { type: 'pass' }],
      ['allies', { type: 'extraDie', use: true }],
      ['allies', { type: 'loss', unit: 'us-tank-1' }],
      ['axis', { type: 'loss', unit: 'cube', from: '14' }],
      ['axis', { type: 'loss', unit: 'retreat' }],
      ['axis', { type: 'retreat', unit: 'cube', to: '13' }],
      ['axis', { type: 'retreat', unit: 'de-tank-2', to: '13' }],
      ['axis', { type: 'retreat', unit: 'hermann-goering', to: '13' }],
    );
    const sicily = area('14');
    expect(s.game.battle).toBeNull();
    expect(s.game.ctrl[sicily]).toBe('allies'); // §23 L252, §24 L268
    expect(unitOf(s, 'us-para').loc).toBe(sicily); // §34 L360: not removed, the area is Allied
    expect(unitOf(s, 'us-tank-1')).toMatchObject({ loc: sicily, up: false });
    expect(game.decision(s)).toMatchObject({ kind: 'impulse', role: 'allies' });
  });

  it('§26, §25: with no interception and a missed bombardment, Sicily keeps its four cubes for the battle', () => {
    const s = play(start([4]), ['axis', { type: 'done' }]);
    expect(s.game.cubes.axis[area('14')]).toBe(4);
    expect(s.game.battle!.att.cubes).toEqual([3]);
    expect(game.decision(s)).toMatchObject({ kind: 'support', role: 'allies' });
  });
});
