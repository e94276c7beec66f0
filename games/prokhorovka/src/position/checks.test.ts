/**
 * Every check of POSITIONS.md refuses a broken position with its rule, naming what is wrong: the
 * shape (a malformed field by its path), the names (units, chits, hexes, boxes, messages) and the
 * rules' invariants. Each case breaks the example lesson (positions/hill-252.json) or a small
 * hand-written position in one way.
 */
import { readFileSync } from 'node:fs';
import type { RuleError } from '@sandtable/engine';
import { describe, expect, it } from 'vitest';
import { prokhorovka } from '../index.ts';

const codec = prokhorovka.rules.position!;
const lessonFile = new URL('../../positions/hill-252.json', import.meta.url);
/** The lesson (a German attack on Hill 252.2), a fresh copy to break. */
const lesson = (): Record<string, any> => JSON.parse(readFileSync(lessonFile, 'utf8'));
/** A bare position: the German reserve designation phase of turn 2, LAH and 9GAb on the map. */
const bare = (more: Record<string, unknown> = {}): Record<string, any> => ({
  format: 'prokhorovka-position/2',
  turn: 2,
  phase: 'designation',
  units: [
    { id: 'LAH', at: '1709' },
    { id: '9GAb', at: '1708' },
  ],
  ...more,
});

function refusal(p: unknown, options = {}): RuleError {
  try {
    codec.load(p, options);
  } catch (e) {
    return e as RuleError;
  }
  throw new Error('the position was accepted');
}

/** [what, the rule, how to break the position, what the refusal says]. */
type Case = [string, string, () => unknown, RegExp];

const SOVIET_SOURCE = '0901';
const cb = (kind: string, side = 'DE', message: object = { id: `pk.${kind.replace(':', '.')}` }) => ({
  kind,
  side,
  rule: 'x',
  message,
});

const cases: Case[] = [
  // ---- names -------------------------------------------------------------------------------------
  [
    'an unknown unit',
    '2.1',
    () => bare({ units: [{ id: 'LSSAH', at: '1709' }] }),
    /units\.0\.id: no unit "LSSAH" in the order of battle/,
  ],
  [
    'a unit listed twice (in two places)',
    '2.2.1(1)',
    () =>
      bare({
        units: [
          { id: 'LAH', at: '1709' },
          { id: 'LAH', at: '1710' },
        ],
      }),
    /units\.1: LAH is listed twice \(units\.0\): a unit is in one place/,
  ],
  [
    'a unit of the wrong side',
    '2.1',
    () => bare({ units: [{ id: 'LAH', side: 'SU', at: '1709' }] }),
    /units\.0\.side: LAH is a DE unit, not SU/,
  ],
  [
    'a unit off the map',
    '2.2.1(1)',
    () => bare({ units: [{ id: 'LAH', at: '2799' }] }),
    /units\.0\.at: "2799" is neither a hex of the map nor a box/,
  ],
  [
    'an unknown equipment chit',
    '2.12',
    () => ({ ...lesson(), equip: [{ id: 'DE-E99', at: 'LAH' }] }),
    /equip\.0\.id: no equipment chit "DE-E99"/,
  ],
  [
    'an unknown support chit',
    '2.13',
    () => bare({ support: [{ id: 'DE-E01', at: 'pool' }] }),
    /support\.0\.id: no support chit "DE-E01"/,
  ],
  [
    'a chit listed twice (in two places)',
    '2.12',
    () => ({ ...lesson(), equip: [...lesson().equip!, { id: 'DE-E01', at: 'reorg' }] }),
    /equip\.2: DE-E01 is listed twice \(equip\.0\): a chit is in one place/,
  ],
  [
    'an equipment chit neither under a unit nor in a box',
    '2.12',
    () => bare({ equip: [{ id: 'DE-E01', at: 'pool' }] }),
    /equip\.0\.at: "pool" is neither a unit nor a box for equipment chits/,
  ],
  [
    'a support chit under a unit',
    '2.13',
    () => bare({ support: [{ id: 'DE-S01', at: 'LAH' }] }),
    /support\.0\.at: "LAH" is neither a box for support chits/,
  ],
  ['city control of a hex with no city', '3.3', () => bare({ mv: { cities: { '1708': 'DE' } } }), /no city at "1708"/],
  ['an unknown unit that moved', '2.1', () => bare({ mv: { moved: ['XX'] } }), /mv\.moved\.0: no unit "XX"/],
  ['a path off the map', '2.2.1(1)', () => bare({ mv: { lastPath: ['0000'] } }), /mv\.lastPath\.0: no hex "0000"/],
  [
    'an unknown attacker',
    '2.1',
    () => {
      const p = lesson();
      p.combat.battles[0].attackers = ['XX'];
      return p;
    },
    /combat\.battles\.0\.attackers\.0: no unit "XX"/,
  ],
  [
    'an unknown allocated chit',
    '2.13',
    () => {
      const p = lesson();
      p.combat.battles[0].alloc = { DE: ['DE-S99'], SU: [] };
      return p;
    },
    /combat\.battles\.0\.alloc\.DE\.0: no support chit "DE-S99"/,
  ],
  [
    'a battle being resolved that was not declared',
    '11.0',
    () => {
      const p = lesson();
      p.combat.current = 'LAH';
      return p;
    },
    /combat\.current: no battle for "LAH" is declared/,
  ],
  ['a last turn the options do not give', '19.1', () => bare({ lastTurn: 10 }), /game ends after turn 9/],
  [
    'a message that is not the decision’s',
    'position format',
    () => bare({ stack: [{ kind: 'designation', side: 'DE', message: { id: 'pk.movement' } }] }),
    /stack\.0\.message: "pk\.movement" is not a message of "designation"/,
  ],
  [
    'a message without its parameter',
    'position format',
    () => ({ ...lesson(), stack: [{ kind: 'normalAttack', side: 'DE' }, cb('cb:equip', 'SU')] }),
    /stack\.1\.message: "pk\.cb\.equip": parameter "target" missing/,
  ],
  [
    'a decision whose words name what the position lacks',
    '5.0',
    () => bare({ stack: [{ kind: 'cb:retreat', side: 'DE' }] }),
    /stack\.0: give the rule and message of this "cb:retreat" decision/,
  ],
  // ---- the turn and the map -----------------------------------------------------------------------
  ['turn 0 outside the set-up', '4.0(8)', () => bare({ turn: 0 }), /turn 0 is the set-up/],
  ['a turn past the track', '5.3', () => bare({ turn: 10 }), /turn: 10 is past the last turn \(9\)/],
  [
    'a unit in an enemy communication source',
    '2.2.1(5)',
    () => bare({ units: [{ id: 'LAH', at: SOVIET_SOURCE }] }),
    /LAH at 0901: a SU communication source/,
  ],
  [
    'two units in one hex',
    '3.4(1)',
    () =>
      bare({
        units: [
          { id: 'LAH', at: '1708' },
          { id: '9GAb', at: '1708' },
        ],
      }),
    /LAH and 9GAb are both in hex 1708 \(one combat unit per hex\)/,
  ],
  // ---- units ---------------------------------------------------------------------------------------
  [
    'an ordinary unit "as-chit"',
    '签一览 detachment',
    () => bare({ units: [{ id: 'LAH', at: 'as-chit' }] }),
    /only a detachment may be "as-chit"/,
  ],
  [
    'a detachment in the reserve pool',
    '签一览 detachment',
    () => bare({ units: [{ id: 'det-DE-E35', at: 'reserve' }] }),
    /a detachment is on the map or still a chit/,
  ],
  [
    'a detachment on the map whose chit is not detached',
    '签一览 detachment',
    () => bare({ units: [{ id: 'det-DE-E35', at: '1710' }] }),
    /exactly when its chit DE-E35 is "detached"/,
  ],
  [
    'a reduced detachment',
    'A-26',
    () => bare({ units: [{ id: 'det-DE-E35', at: '1710', reduced: true }], equip: [{ id: 'DE-E35', at: 'detached' }] }),
    /a detachment has one step/,
  ],
  [
    'a reduced unit off the map',
    '2.11(1)',
    () => bare({ units: [{ id: 'GD', at: 'eliminated', reduced: true }] }),
    /only a unit on the map may be reduced/,
  ],
  [
    'a designated unit of the player not phasing',
    '5.1(3), A-05',
    () => bare({ units: [{ id: '9GAb', at: '1708', designated: true }] }),
    /only the phasing player's units are designated/,
  ],
  [
    'a designated unit off the map',
    '5.1(3), A-04',
    () => bare({ units: [{ id: 'GD', at: 'eliminated', designated: true }] }),
    /only a unit on the map or received this turn may be designated/,
  ],
  // ---- chits -------------------------------------------------------------------------------------
  [
    'a chit under a unit of the other side',
    '3.4, 3.5(2)',
    () => bare({ equip: [{ id: 'DE-E01', at: '9GAb' }] }),
    /DE-E01 at "9GAb": a chit stacks only with a unit of its own side/,
  ],
  [
    'a chit under a unit off the map',
    '3.5(2), 7.0(2)',
    () => bare({ equip: [{ id: 'DE-E01', at: 'GD' }] }),
    /GD is eliminated; a chit is stacked with a unit on the map/,
  ],
  [
    'more equipment chits than the equipment value',
    '3.4(2)',
    () =>
      bare({
        units: [{ id: '57ID', at: '0114' }],
        equip: [
          { id: 'DE-E26', at: '57ID' },
          { id: 'DE-E27', at: '57ID' },
        ],
      }),
    /57ID holds 2 equipment chits, more than its equipment value 1/,
  ],
  [
    'an ordinary chit "detached"',
    '签一览 detachment',
    () => bare({ equip: [{ id: 'DE-E01', at: 'detached' }] }),
    /only a detachment chit splits off as a unit/,
  ],
  [
    'a chit "drawn" after the set-up',
    '4.0(4)',
    () => bare({ equip: [{ id: 'DE-E01', at: 'drawn' }] }),
    /chits are "drawn" only during the set-up/,
  ],
  [
    'a received chit of the player not phasing',
    '7.0(2), A-03',
    () => bare({ equip: [{ id: 'SU-E01', at: 'arriving' }] }),
    /received chits wait for the phasing player's movement phase/,
  ],
  [
    'a face-up chit in the reorganization pool',
    '3.5(7), 5.1(7)',
    () => bare({ equip: [{ id: 'DE-E01', at: 'reorg', faceUp: true }] }),
    /lies face-down/,
  ],
  [
    'a face-up support chit in its cup',
    '3.6(6)',
    () => bare({ support: [{ id: 'DE-S01', at: 'cup', faceUp: true }] }),
    /DE-S01 at "cup": a chit in its cup lies face-down/,
  ],
  [
    'an allocated support chit in no battle',
    '9.2(2)',
    () => bare({ support: [{ id: 'DE-S01', at: 'alloc' }] }),
    /an allocated chit is in a battle's allocation/,
  ],
  [
    'a support chit in the air without a mission',
    '16.1',
    () => bare({ support: [{ id: 'DE-S04', at: 'air' }] }),
    /a chit in the air flies the mission or intercepts it/,
  ],
  // ---- movement ----------------------------------------------------------------------------------
  [
    'a stack of the player not phasing that moved',
    '8.1(1)',
    () => bare({ mv: { moved: ['9GAb'] } }),
    /mv\.moved: 9GAb is not the phasing player's \(DE\) stack/,
  ],
  [
    'a stack of the player not phasing that moved strategically',
    '8.3(1)3',
    () => bare({ mv: { strategic: ['9GAb'] } }),
    /mv\.strategic: 9GAb/,
  ],
  [
    'a picked stack while no destination is asked',
    '8.1(1)',
    () => bare({ mv: { picked: { unit: 'LAH', mode: 'normal' } } }),
    /a stack is picked only while its destination is asked/,
  ],
  // ---- the attack phase ----------------------------------------------------------------------------
  [
    'an attack phase under way in the movement phase',
    '9.0',
    () => ({ ...lesson(), phase: 'movement', stack: [{ kind: 'movement', side: 'DE' }] }),
    /a normal attack phase is under way in the movement phase/,
  ],
  [
    'a battle the phasing player defends',
    '9.0',
    () => {
      const p = lesson();
      p.combat.battles = [{ target: 'LAH', attackers: ['9GAb'] }];
      return p;
    },
    /LAH is the phasing player's \(DE\) unit: the phasing player attacks/,
  ],
  [
    'a stack attacked twice',
    '9.1(3)',
    () => {
      const p = lesson();
      p.combat.battles.push({ target: '9GAb', attackers: [] });
      return p;
    },
    /9GAb is attacked twice/,
  ],
  [
    'a stack attacking twice',
    '9.1(1)',
    () => {
      const p = lesson();
      p.units.push({ id: '18TC', at: '1808' });
      p.combat.battles.push({ target: '18TC', attackers: ['LAH'] });
      return p;
    },
    /LAH already attacks in combat\.battles\.0/,
  ],
  [
    'an attacker of the defending side',
    '9.0',
    () => {
      const p = lesson();
      p.units.push({ id: '18TC', at: '1808' });
      p.combat.battles[0].attackers.push('18TC');
      return p;
    },
    /attackers\.1: 18TC is not a unit of the attacker \(DE\)/,
  ],
  [
    'five support chits allocated by one side',
    '9.2(2)3',
    () => {
      const p = lesson();
      const alloc = ['DE-S13', 'DE-S14', 'DE-S15', 'DE-S16', 'DE-S17'];
      p.combat.battles[0].alloc = { DE: alloc, SU: [] };
      p.support = alloc.map((id) => ({ id, at: 'alloc' }));
      return p;
    },
    /5 support chits \(at most 4 per side per battle\)/,
  ],
  [
    "an allocation of the other side's chit",
    '9.2(2)',
    () => {
      const p = lesson();
      p.combat.battles[0].alloc = { DE: ['SU-S01'], SU: [] };
      return p;
    },
    /alloc\.DE: SU-S01 is not a DE chit/,
  ],
  [
    'a tank-battle pair not German against Soviet',
    '11.5(2)',
    () => {
      const p = lesson();
      p.combat.battles[0].pairs = [['SU-E01', 'DE-E01']];
      return p;
    },
    /pairs\.0: a pair is \[German chit, Soviet chit\]/,
  ],
  [
    'a battle resolved while attacks are still declared',
    '11.0',
    () => {
      const p = lesson();
      p.combat.current = '9GAb';
      return p;
    },
    /a battle is being resolved exactly when the stage is "battle"/,
  ],
  [
    'a roll without a hit number per die',
    'A-53',
    () => {
      const p = lesson();
      p.combat.roll = { key: 'normal:LAH', dice: [1, 2], need: [1], firer: 'DE', target: 'SU' };
      return p;
    },
    /one hit number per die rolled/,
  ],
  [
    "an air mission flown with the other side's chit",
    '16.1(1)',
    () => {
      const p = lesson();
      p.combat.air = { raider: 'DE', chit: 'SU-S14', mission: 'ground', step: 'smoke' };
      p.support = [{ id: 'SU-S14', at: 'air', faceUp: true }];
      return p;
    },
    /combat\.air\.chit: SU-S14 is not a DE chit/,
  ],
  // ---- the decision stack ----------------------------------------------------------------------------
  [
    'a set-up decision after the set-up',
    '4.0',
    () => bare({ stack: [{ kind: 'setupPlace', side: 'SU' }] }),
    /a set-up decision in the set-up only/,
  ],
  [
    'the decision of another phase',
    '5.1',
    () => bare({ stack: [{ kind: 'movement', side: 'DE' }] }),
    /the phasing player's \(DE\) decision of the designation phase only/,
  ],
  [
    'reinforcements chosen outside the reinforcement phase, among units not in the reserve',
    '7.0(1)',
    () => bare({ stack: [{ kind: 'reinfChoice', side: 'SU', count: 1, from: ['9GAb', '95G'] }] }),
    /9GAb is not a SU unit in the reserve pool/,
  ],
  [
    'a destination asked outside the movement phase',
    '8.0',
    () => bare({ mv: { picked: { unit: 'LAH', mode: 'normal' } }, stack: [{ kind: 'moveTo', side: 'DE' }] }),
    /a stack moves in the movement phase/,
  ],
  [
    'a combat decision without an attack phase',
    '9.0',
    () => bare({ stack: [cb('cb:pair')] }),
    /a combat decision needs the attack phase under way/,
  ],
  [
    'a re-roll without a roll',
    'A-53',
    () => ({ ...lesson(), stack: [cb('cb:reroll', 'DE', { id: 'pk.cb.reroll', params: { roll: 'x', dice: '1' } })] }),
    /no roll waits for a re-roll/,
  ],
  ['AA fire without an air mission', '16.1', () => ({ ...lesson(), stack: [cb('cb:aa', 'SU')] }), /no air mission/],
  [
    'an allocation while attacks are declared',
    '9.2(2)',
    () => ({ ...lesson(), stack: [cb('cb:allocate', 'SU')] }),
    /support is allocated in stage "allocate"/,
  ],
  [
    'the Soviet ordering the battles',
    '9.2(3), 11.0',
    () => {
      const p = lesson();
      p.combat.stage = 'order';
      p.stack = [cb('cb:order', 'SU')];
      return p;
    },
    /the German orders the battles/,
  ],
  [
    'a step loss with no battle being resolved',
    '11.0',
    () => ({ ...lesson(), stack: [cb('cb:loss', 'DE', { id: 'pk.cb.loss', params: { n: 1 } })] }),
    /no battle is being resolved/,
  ],
  [
    'an automatic step on top, loaded without starting a game',
    '5.0',
    () => ({ ...lesson(), stack: [{ kind: 'normalAttack', side: 'DE' }, { kind: 'combat' }] }),
    /the top is the automatic step "combat" \(it runs when a game starts from the position\)/,
  ],
  ['nothing to decide in a game not over', '5.0', () => bare({ stack: [] }), /no decision is pending/],
  [
    'a decision pending in a game over',
    '18.0',
    () =>
      bare({ result: { winner: 'SU', reason: 'x', rule: '18.0(3)' }, stack: [{ kind: 'designation', side: 'DE' }] }),
    /the game is over \(result\): no decision is pending/,
  ],
];

describe('positions: each check refuses a broken position with its rule (POSITIONS.md)', () => {
  it('the lesson and the bare position are accepted as they are', () => {
    expect(() => codec.load(lesson(), {})).not.toThrow();
    expect(() => codec.load(bare(), {})).not.toThrow();
  });

  it.each(cases)('%s [%s]', (_what, rule, broken, says) => {
    const e = refusal(broken());
    expect(e.code).toBe('bad-record');
    expect(`, ${e.rule}, `).toContain(`, ${rule}, `);
    expect(e.message).toMatch(says);
  });

  it('options: a position saved under other options names the option to add', () => {
    const e = refusal(bare({ options: { extendedGame: true } }));
    expect(e.rule).toBe('options');
    expect(e.message).toMatch(/start it with --option extendedGame=true/);
  });
});

describe('positions: a malformed position is refused naming its path', () => {
  const malformed: [string, () => unknown, RegExp][] = [
    ['a turn that is not a number', () => bare({ turn: 'one' }), /^ {2}turn: /m],
    [
      'a flag that is not a boolean',
      () => bare({ units: [{ id: 'LAH', at: '1709', reduced: 'yes' }] }),
      /units\.0\.reduced: /,
    ],
    ['an unknown phase', () => bare({ phase: 'lunch' }), /phase: /],
    ['an unknown frame kind', () => bare({ stack: [{ kind: 'dance', side: 'DE' }] }), /stack\.0\.kind: /],
    [
      'an unknown battle step',
      () => {
        const p = lesson();
        p.combat.battles[0].step = 'charge';
        return p;
      },
      /combat\.battles\.0\.step: /,
    ],
    ['a field the format does not have', () => bare({ weather: 'rain' }), /weather/],
    ['another format', () => bare({ format: 'prokhorovka-position/1' }), /format: /],
  ];
  it.each(malformed)('%s', (_what, broken, says) => {
    const e = refusal(broken());
    expect(e.rule).toBe('position format');
    expect(e.message).toMatch(/invalid position/);
    expect(e.message).toMatch(says);
  });
});
