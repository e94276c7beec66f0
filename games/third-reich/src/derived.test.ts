/**
 * Spec section 9 derived cases played through the flow (decisions and legal actions), not
 * through the pure helpers: TC-36..41 (movement), TC-48 (Poland), TC-77..83 (mobilization,
 * fortresses, recovery, withdrawal). Dice are scripted where a combat decides.
 */
import { describe, expect, it } from 'vitest';
import { POOL, REMOVED } from './board.ts';
import { ctrlSide, placements, sourceCount } from './world.ts';
import { retreatDests } from './damage.ts';
import { stratDests } from './movement.ts';
import type { Act } from './state.ts';
import {
  A,
  N,
  act,
  areasOffered,
  b,
  decision,
  group,
  legal,
  moveTo,
  playSv,
  rules,
  scene,
  types,
  unitsOf,
  type S,
} from './testing/scene.ts';

const belligerent = (s: S, nation: string, side: 'axis' | 'allies') => {
  s.game.natBel[N(nation)] = true;
  s.game.natSide[N(nation)] = side;
};
const counterOf = (u: number) => b.counters[b.unitKind[u]!]!;
/** The current player passes; the other, with nothing to do, passes automatically (5.0(3)): the turn ends. Control stays as it is (3.4(5)). */
function passTurn(s: S): S {
  s = act(s, { type: 'pass' });
  while (decision(s).kind === 'reassign') s = act(s, { type: 'endReassign' });
  return s;
}
const mobilizeAreas = (s: S, counter: string) =>
  legal(s)
    .filter((a) => a.type === 'mobilize' && a.counter === counter)
    .map((a) => (a as { area: string }).area);

describe('TC-36..41: movement through play', () => {
  it('TC-36, 8.1.2(1)②: land units sea-move only into Allied-controlled sea areas, never Axis-controlled or uncontrolled ones', () => {
    let s = scene(
      [
        ['UK-LF', 'london', 2],
        ['UK-NF', 'north_atlantic', 2],
        ['GE-NF', 'north_sea', 1],
      ],
      { allies: ['al2-supply'], active: 'allies' },
    );
    s.game.ctrl[A('north_sea')] = N('GE');
    s.game.ctrl[A('english_channel')] = -1;
    s = playSv(s, 'al2-supply');
    s = group(s, 'london', [['UK-LF', 1]]);
    s = act(s, { type: 'declare', action: 'move' });
    const to = areasOffered(s, 'to');
    expect(to).toContain('north_atlantic');
    expect(to).toContain('northern_england');
    expect(to).not.toContain('north_sea'); // Axis-controlled
    expect(to).not.toContain('english_channel'); // uncontrolled
    expect(rules.explain!(s.game, 'allies', { type: 'to', area: 'north_sea' })).toMatchObject({ rule: '8.1.2(1)②' });
  });

  it('TC-37, AMB-16: a seaborne landing into an enemy-held area costs 2 (literal) and flips the units; with the switch it costs 3 and is refused', () => {
    const place: [string, string, number][] = [
      ['UK-LF', 'london', 2],
      ['UK-NF', 'english_channel', 2],
      ['GE-LF', 'paris', 1],
    ];
    const setUp = (options = {}) => {
      let s = scene(place, { allies: ['al2-supply'], active: 'allies', options });
      s.game.ctrl[A('paris')] = N('GE');
      s.game.ctrl[A('english_channel')] = N('UK');
      s = playSv(s, 'al2-supply');
      s = group(s, 'london', [['UK-LF', 1]]);
      s = act(s, { type: 'declare', action: 'move' });
      return act(s, { type: 'to', area: 'english_channel' });
    };
    let s = setUp();
    expect(areasOffered(s, 'to')).toContain('paris');
    s = act(s, { type: 'to', area: 'paris' });
    expect(types(s)).toEqual(['stop']); // 8.1(5): no friendly control unit there
    s = act(s, { type: 'stop' });
    const landed = unitsOf(s, 'UK-LF', 'paris');
    expect(landed).toHaveLength(1);
    expect(s.game.used[landed[0]!]).toBe(1); // 8.1.2(1)④
    expect(s.log.some((l) => l.text.includes('(2 MP, sea move)'))).toBe(true);
    const strict = setUp({ seaMoveLandCost: true });
    expect(areasOffered(strict, 'to')).not.toContain('paris');
  });

  it('TC-38, 8.2: an AF air-moves through Axis-controlled areas and flips; not into Allied land, not to end at sea; a CV never air-moves', () => {
    let s = scene(
      [
        ['GE-AF', 'berlin', 1],
        ['GE-LF', 'berlin', 1],
        ['GE-AF', 'munich', 4],
        ['GE-LF', 'munich', 1],
      ],
      { axis: ['ax2-blitz-1'] },
    );
    s = playSv(s, 'ax2-blitz-1');
    s = group(s, 'berlin', [['GE-AF', 1]]);
    s = act(s, { type: 'declare', action: 'airMove' });
    expect(areasOffered(s, 'to')).toContain('hamburg');
    expect(areasOffered(s, 'to')).not.toContain('baltic_sea'); // 8.2(5): an air move may not end at sea
    expect(areasOffered(s, 'to')).not.toContain('munich'); // 8.1.1(2)②: 4 air units there already
    s = act(s, { type: 'to', area: 'hamburg' });
    s = act(s, { type: 'to', area: 'ruhr' });
    s = act(s, { type: 'stop' });
    const af = unitsOf(s, 'GE-AF', 'ruhr')[0]!;
    expect(s.game.used[af]).toBe(1); // 8.2(6)
    expect(unitsOf(s, 'GE-LF', 'berlin')).toHaveLength(1); // 8.1(4): Berlin keeps its control unit
    expect(s.log.some((l) => l.text.includes('(2 MP)'))).toBe(true);

    let t = scene(
      [
        ['GE-AF', 'berlin', 1],
        ['GE-LF', 'berlin', 1],
      ],
      { axis: ['ax2-blitz-1'] },
    );
    t.game.ctrl[A('hamburg')] = N('UK');
    t = playSv(t, 'ax2-blitz-1');
    t = group(t, 'berlin', [['GE-AF', 1]]);
    t = act(t, { type: 'declare', action: 'airMove' });
    expect(areasOffered(t, 'to')).not.toContain('hamburg'); // 8.2(2)

    let c = scene(
      [
        ['UK-CV', 'north_atlantic', 1],
        ['UK-NF', 'north_atlantic', 1],
      ],
      { allies: ['al2-supply'], active: 'allies' },
    );
    c = playSv(c, 'al2-supply');
    c = group(c, 'north_atlantic', [['UK-CV', 1]]);
    expect(legal(c)).not.toContainEqual({ type: 'declare', action: 'airMove' }); // 8.2(1)
    expect(legal(c)).toContainEqual({ type: 'declare', action: 'move' });
  });

  it('TC-39, 15.6: an Italian unit may not go north of the Axis-allies boundary; German units and an Allied-leaning neutral now Axis may', () => {
    const setUp = () => {
      const s = scene(
        [
          ['IT-LF', 'northern_italy', 2],
          ['GE-LF', 'northern_italy', 2],
          ['GE-LF', 'austria', 1],
          ['YU-LF', 'yugoslavia', 2],
        ],
        { axis: ['ax2-blitz-1', 'ax2-blitz-2'] },
      );
      belligerent(s, 'IT', 'axis');
      belligerent(s, 'YU', 'axis'); // started as an Allied-leaning neutral (3.1.1)
      return playSv(s, 'ax2-blitz-1');
    };
    let s = setUp();
    s = group(s, 'northern_italy', [['IT-LF', 1]]);
    s = act(s, { type: 'declare', action: 'move' });
    expect(areasOffered(s, 'to')).toContain('rome');
    expect(areasOffered(s, 'to')).not.toContain('austria');
    expect(areasOffered(s, 'to')).not.toContain('switzerland');
    s = setUp();
    s = group(s, 'northern_italy', [['GE-LF', 1]]);
    s = act(s, { type: 'declare', action: 'move' });
    expect(areasOffered(s, 'to')).toContain('austria');
    s = setUp();
    s = group(s, 'yugoslavia', [['YU-LF', 1]]);
    s = act(s, { type: 'declare', action: 'move' });
    expect(areasOffered(s, 'to')).toContain('austria');
  });

  it('15.6(2), 3.1.2⑤ (issue 18): Vichy French units stay south of the boundary in moves, retreats, mobilization and Strategic Movement', () => {
    const NORTH = ['western_france', 'paris', 'lorraine', 'switzerland'];
    const setUp = () => {
      const s = scene(
        [
          ['FR-LF', 'southern_france', 2],
          ['GE-LF', 'southern_france', 1],
          ['GE-LF', 'paris', 1],
          ['GE-LF', 'western_france', 1],
          ['GE-LF', 'lorraine', 1],
        ],
        { axis: ['ax2-blitz-1'] },
      );
      belligerent(s, 'FR', 'axis'); // Vichy France: France began as an Allied belligerent, not a neutral
      for (const a of ['southern_france', 'paris', 'western_france', 'lorraine']) s.game.ctrl[A(a)] = N('GE');
      return s;
    };
    expect(b.nationSide0[N('FR')]).toBe('allies');
    expect(b.nationStart[N('FR')]).toBe('belligerent');
    // Moves (15.6(1)): the Germans may go north, the Vichy French may not.
    let s = playSv(setUp(), 'ax2-blitz-1');
    s = group(s, 'southern_france', [['FR-LF', 1]]);
    s = act(s, { type: 'declare', action: 'move' });
    for (const a of NORTH) expect(areasOffered(s, 'to')).not.toContain(a);
    s = playSv(setUp(), 'ax2-blitz-1');
    s = group(s, 'southern_france', [['GE-LF', 1]]);
    s = act(s, { type: 'declare', action: 'move' });
    expect(areasOffered(s, 'to')).toContain('paris');
    // Retreats (15.6 [REC]).
    const g = setUp().game;
    const fr = unitsOf({ game: g } as S, 'FR-LF', 'southern_france')[0]!;
    const ge = unitsOf({ game: g } as S, 'GE-LF', 'southern_france')[0]!;
    const names = (list: number[]) => list.map((a) => b.areaIds[a]);
    for (const a of NORTH) expect(names(retreatDests(b, g, fr, -1))).not.toContain(a);
    expect(names(retreatDests(b, g, ge, -1))).toContain('paris');
    // Mobilization (15.6 [REC]): French units are placed only south of the line.
    const placed = names(placements(b, g, b.counterIndex.get('FR-LF')!, 'axis'));
    for (const a of NORTH) expect(placed).not.toContain(a);
    expect(names(placements(b, g, b.counterIndex.get('GE-LF')!, 'axis'))).toContain('paris');
    // Strategic Movement (15.6).
    const group1 = (u: number): Act => ({
      side: 'axis',
      mode: 'event',
      units: [u],
      area: A('southern_france'),
      type: null,
      path: [A('southern_france')],
      target: -1,
      damaged: [],
      blitz: null,
    });
    for (const a of NORTH) expect(names(stratDests(b, g, group1(fr)))).not.toContain(a);
    expect(names(stratDests(b, g, group1(ge)))).toContain('paris');
  });

  it('TC-40, 15.7: no Allied ship in the Baltic, no Allied air attack across it (units in it may be attacked), nobody in the Black Sea', () => {
    let s = scene(
      [
        ['UK-NF', 'north_sea', 2],
        ['UK-AF', 'denmark', 1],
        ['UK-LF', 'denmark', 1],
        ['GE-NF', 'baltic_sea', 1],
        ['GE-LF', 'east_prussia', 1],
        ['GE-LF', 'hamburg', 1],
      ],
      { allies: ['al2-supply', 'al2-ambush'], active: 'allies' },
    );
    belligerent(s, 'DE', 'allies');
    s.game.ctrl[A('north_sea')] = N('UK');
    s.game.ctrl[A('baltic_sea')] = N('GE');
    s = playSv(s, 'al2-supply');
    s = group(s, 'north_sea', [['UK-NF', 1]]);
    s = act(s, { type: 'declare', action: 'move' });
    expect(areasOffered(s, 'to')).not.toContain('baltic_sea'); // 15.7.2
    expect(areasOffered(s, 'to')).toContain('english_channel');
    expect(rules.explain!(s.game, 'allies', { type: 'to', area: 'baltic_sea' })).toMatchObject({ rule: '15.7' });
    s = act(s, { type: 'to', area: 'english_channel' });
    s = act(s, { type: 'stop' });
    s = group(s, 'denmark', [['UK-AF', 1]]);
    s = act(s, { type: 'declare', action: 'airAttack' });
    const targets = areasOffered(s, 'target');
    expect(targets).toContain('hamburg');
    expect(targets).toContain('baltic_sea'); // the units in the Baltic, from the adjacent area
    expect(targets).not.toContain('east_prussia'); // 2 areas away only across the Baltic

    let t = scene(
      [
        ['SU-LF', 'odessa', 2],
        ['SU-NF', 'black_sea', 1],
        ['RU-LF', 'romania', 2],
      ],
      { allies: ['al2-supply'], active: 'allies' },
    );
    belligerent(t, 'SU', 'allies');
    belligerent(t, 'RU', 'axis');
    t.game.ctrl[A('black_sea')] = N('SU');
    t = playSv(t, 'al2-supply');
    t = group(t, 'odessa', [['SU-LF', 1]]);
    t = act(t, { type: 'declare', action: 'move' });
    expect(areasOffered(t, 'to')).not.toContain('black_sea'); // 15.7.4
    expect(rules.explain!(t.game, 'allies', { type: 'to', area: 'black_sea' })).toMatchObject({ rule: '15.7' });
  });

  it('TC-41, 15.7.1: with Egypt Allied, an Allied ship goes Central Atlantic - Eastern Mediterranean for 1 MP; the Axis may not; the Atlantic source needs the North Atlantic', () => {
    let s = scene(
      [
        ['UK-NF', 'central_atlantic', 2],
        ['UK-LF', 'egypt', 1],
      ],
      { allies: ['al2-supply'], active: 'allies' },
    );
    s.game.ctrl[A('central_atlantic')] = N('UK');
    s.game.ctrl[A('eastern_mediterranean')] = N('UK');
    s = playSv(s, 'al2-supply');
    s = group(s, 'central_atlantic', [['UK-NF', 1]]);
    s = moveTo(s, 'eastern_mediterranean');
    expect(unitsOf(s, 'UK-NF', 'eastern_mediterranean')).toHaveLength(1);
    expect(s.log.some((l) => l.text.includes('Central Atlantic - Eastern Mediterranean (1 MP)'))).toBe(true);

    let t = scene(
      [
        ['GE-NF', 'central_atlantic', 2],
        ['GE-LF', 'egypt', 1],
      ],
      { axis: ['ax2-blitz-1'] },
    );
    t.game.ctrl[A('central_atlantic')] = N('GE');
    t.game.ctrl[A('egypt')] = N('GE');
    t = playSv(t, 'ax2-blitz-1');
    t = group(t, 'central_atlantic', [['GE-NF', 1]]);
    t = act(t, { type: 'declare', action: 'move' });
    expect(areasOffered(t, 'to')).not.toContain('eastern_mediterranean'); // the link is the Allies' only

    const g = scene([]).game;
    g.ctrl[A('central_atlantic')] = N('UK');
    g.ctrl[A('north_atlantic')] = N('UK');
    const withNa = sourceCount(b, g, 'allies');
    g.ctrl[A('north_atlantic')] = N('GE');
    expect(sourceCount(b, g, 'allies')).toBe(withNa - 1);
  });
});

describe('TC-48: Poland surrenders through play (15.4)', () => {
  it('Warsaw Axis-controlled at the end of an Axis impulse: the Polish units in Brest and Galicia go to the pool; both areas Soviet (neutral)', () => {
    let s = scene(
      [
        ['GE-TF', 'warsaw', 4],
        ['PO-LF', 'warsaw', 1, 1],
        ['PO-LF', 'brest', 1],
        ['PO-LF', 'galicia', 1],
        ['PO-LF', 'cracow', 1],
      ],
      { axis: ['ax2-blitz-1'], dice: [1, 1, 1, 1] },
    );
    s = playSv(s, 'ax2-blitz-1');
    s = group(s, 'warsaw', [['GE-TF', 4]]);
    s = act(s, { type: 'declare', action: 'attack' }); // 4 points on a used D=2 unit: the pool (11.4)
    expect(unitsOf(s, 'PO-LF', 'warsaw')).toHaveLength(0);
    expect(s.game.polandSurrendered).toBe(false); // control changes at the end of the impulse (3.4(4))
    s = act(act(s, { type: 'endSv' }), { type: 'endCard' });
    expect(ctrlSide(b, s.game, A('warsaw'))).toBe('axis');
    expect(s.game.polandSurrendered).toBe(true);
    expect(unitsOf(s, 'PO-LF', 'brest')).toHaveLength(0);
    expect(unitsOf(s, 'PO-LF', 'galicia')).toHaveLength(0);
    expect(unitsOf(s, 'PO-LF', 'cracow')).toHaveLength(1); // AMB-37: the others stay
    for (const a of ['brest', 'galicia']) {
      expect(s.game.ctrl[A(a)]).toBe(N('SU'));
      expect(ctrlSide(b, s.game, A(a))).toBe('neutral');
    }
  });
});

describe('TC-77..83: mobilization, fortresses, recovery and withdrawal through play', () => {
  it('TC-77, 12.0, 6.1.1: an SV 4 card mobilizes TF (2) + LF (1) + SS (1), used, where a German source gives a LOC; the SS next to a German source', () => {
    let s = scene(
      [
        ['GE-LF', 'berlin', 1],
        ['GE-LF', 'ruhr', 1],
        ['UK-LF', 'hamburg', 1],
      ],
      { axis: ['ax4-supply'] },
    );
    s = playSv(s, 'ax4-supply');
    const tf = mobilizeAreas(s, 'GE-TF');
    expect(tf).toEqual(expect.arrayContaining(['berlin', 'ruhr', 'munich', 'bohemia']));
    expect(tf).not.toContain('hamburg'); // 12.0(3)③: an Allied control unit there
    expect(tf).not.toContain('paris'); // not Axis-controlled
    expect(mobilizeAreas(s, 'GE-SS')).toEqual(['baltic_sea']); // next to Berlin, the only German-flag source by the sea
    s = act(s, { type: 'mobilize', counter: 'GE-TF', area: 'berlin' });
    s = act(s, { type: 'mobilize', counter: 'GE-LF', area: 'munich' });
    expect(s.game.op!.svLeft).toBe(1);
    s = act(s, { type: 'mobilize', counter: 'GE-SS', area: 'baltic_sea' });
    expect(decision(s).kind).toBe('card'); // 4 SV spent: the SV part is over
    for (const [c, a] of [
      ['GE-TF', 'berlin'],
      ['GE-LF', 'munich'],
      ['GE-SS', 'baltic_sea'],
    ] as const) {
      const u = unitsOf(s, c, a);
      expect(u).toHaveLength(1);
      expect(s.game.used[u[0]!]).toBe(1); // 12.0(1)
    }
    let t = scene([['UK-LF', 'london', 1]], { allies: ['al4-supply'], active: 'allies' });
    t = playSv(t, 'al4-supply');
    expect(
      legal(t).some((a) => a.type === 'mobilize' && b.counters[b.counterIndex.get(a.counter)!]!.type === 'SS'),
    ).toBe(false); // 15.1
  });

  it('TC-78, 12.0(4): Bulgaria, an Axis belligerent without a source, places its units only in Axis-controlled Bulgaria, with no LOC', () => {
    let s = scene([['GE-LF', 'berlin', 1]], { axis: ['ax2-supply'] });
    belligerent(s, 'BU', 'axis');
    s = playSv(s, 'ax2-supply');
    expect(mobilizeAreas(s, 'BU-LF')).toEqual(['bulgaria']);
    let t = scene([['GE-LF', 'berlin', 1]], { axis: ['ax2-supply'] });
    belligerent(t, 'BU', 'axis');
    t.game.ctrl[A('bulgaria')] = N('UK');
    t = playSv(t, 'ax2-supply');
    expect(mobilizeAreas(t, 'BU-LF')).toEqual([]);
  });

  it('TC-79, 15.8: an eliminated fortress leaves the game and is never mobilized again', () => {
    let s = scene(
      [
        ['GE-LF', 'lorraine', 6],
        ['FR-FT', 'lorraine', 1, 1],
      ],
      { axis: ['ax2-blitz-1'], dice: [1, 1, 1, 1, 1, 1] },
    );
    const ft = unitsOf(s, 'FR-FT', 'lorraine')[0]!;
    s = playSv(s, 'ax2-blitz-1');
    s = group(s, 'lorraine', [['GE-LF', 6]]);
    s = act(s, { type: 'declare', action: 'attack' }); // 6 points = 2 x D 3 on a used unit: eliminated (11.4)
    expect(s.game.loc[ft]).toBe(REMOVED);
    let t = scene([['FR-LF', 'paris', 1]], { allies: ['al4-supply'], active: 'allies' });
    t.game.loc[unitsOf(t, 'FR-LF', 'paris')[0]!] = POOL;
    t.game.loc[ft] = REMOVED;
    t = playSv(t, 'al4-supply');
    expect(mobilizeAreas(t, 'FR-FT')).toEqual([]);
    expect(mobilizeAreas(t, 'FR-LF').length).toBeGreaterThan(0);
  });

  it('TC-80, 13.0: 7 German areas, 9 used units, one without a LOC, one a submarine: 8 eligible, the owner recovers 7', () => {
    const inGermany = ['ruhr', 'hamburg', 'berlin', 'munich', 'austria', 'bohemia', 'east_prussia'];
    let s = scene([
      ...inGermany.map((a): [string, string, number, number] => ['GE-LF', a, 1, 1]),
      ['GE-LF', 'greece', 1, 1],
      ['GE-SS', 'north_atlantic', 1, 1],
    ]);
    s = passTurn(s);
    expect(decision(s)).toMatchObject({ kind: 'recover', role: 'axis' });
    expect(s.game.stack.at(-1)).toMatchObject({ left: 7 });
    const offered = legal(s)
      .filter((a) => a.type === 'recover')
      .map((a) => (a as { unit: number }).unit);
    expect(offered).toHaveLength(8);
    expect(offered.some((u) => s.game.loc[u] === A('greece'))).toBe(false); // 13.0(3): no LOC
    expect(offered.some((u) => counterOf(u).type === 'SS')).toBe(true); // 15.1(5): no LOC needed
    for (let i = 0; i < 7; i++) s = act(s, legal(s).find((a) => a.type === 'recover')!);
    const stillUsed = s.game.used.flatMap((x, u) =>
      x && b.unitNation[u] === N('GE') && s.game.loc[u]! >= 0 ? [u] : [],
    );
    expect(stillUsed).toHaveLength(2);
    expect(stillUsed.some((u) => s.game.loc[u] === A('greece'))).toBe(true);
  });

  it('TC-81, 15.2(2): on a winter turn the Soviet units inside the USSR all recover, and the count (1 area) serves one outside', () => {
    const inside = ['leningrad', 'smolensk', 'kursk', 'gorky', 'archangel', 'kiev'];
    // The other Soviet-flag areas held by British units, so that they stay Allied but not Soviet (3.4(6)): the USSR controls Moscow only.
    const held = b.areaIds.filter((id, a) => b.flag[a] === N('SU') && id !== 'moscow' && !inside.includes(id));
    let s = scene(
      [
        ...inside.map((a): [string, string, number, number] => ['SU-LF', a, 1, 1]),
        ['SU-LF', 'baltic_states', 1, 1],
        ['UK-LF', 'baltic_states', 1],
        ['SU-LF', 'finland', 1, 1],
        ...held.map((a): [string, string, number] => ['UK-LF', a, 1]),
      ],
      { turn: 3 },
    );
    belligerent(s, 'SU', 'allies');
    for (let a = 0; a < b.areaIds.length; a++) if (b.flag[a] === N('SU')) s.game.ctrl[a] = N('UK');
    s.game.ctrl[A('moscow')] = N('SU');
    s = passTurn(s);
    expect(decision(s)).toMatchObject({ kind: 'recover', role: 'allies' });
    expect(s.game.stack.at(-1)).toMatchObject({ left: 1 });
    for (const a of inside) expect(s.game.used[unitsOf(s, 'SU-LF', a)[0]!]).toBe(0);
    s = act(s, legal(s).find((a) => a.type === 'recover')!);
    const outside = [...unitsOf(s, 'SU-LF', 'baltic_states'), ...unitsOf(s, 'SU-LF', 'finland')];
    expect(outside.filter((u) => s.game.used[u] === 0)).toHaveLength(1);
  });

  it('TC-82, 15.5(2): Yugoslavia controlling no area recovers its units with a LOC to an Allied-controlled area', () => {
    let s = scene([
      ['YU-LF', 'greece', 2, 1],
      ['GE-LF', 'yugoslavia', 1],
    ]);
    belligerent(s, 'YU', 'allies');
    s.game.ctrl[A('yugoslavia')] = N('GE');
    s.game.ctrl[A('greece')] = N('UK');
    s = passTurn(s);
    const yu = unitsOf(s, 'YU-LF', 'greece');
    expect(yu).toHaveLength(2);
    expect(yu.every((u) => s.game.used[u] === 0)).toBe(true);
  });

  it('TC-83, 5.0(4)③, AMB-35: a lone German unit in a German-flag area stays; one of two may go; Italians may, Romanians may not', () => {
    let s = scene([
      ['GE-LF', 'munich', 1],
      ['GE-LF', 'austria', 2],
      ['IT-LF', 'austria', 1],
      ['RU-LF', 'austria', 1],
    ]);
    belligerent(s, 'IT', 'axis');
    belligerent(s, 'RU', 'axis');
    s = passTurn(s);
    expect(decision(s)).toMatchObject({ kind: 'withdraw', role: 'axis' });
    const offered = legal(s)
      .filter((a) => a.type === 'withdraw')
      .map((a) => (a as { unit: number }).unit);
    const where = offered.map((u) => `${counterOf(u).id}@${b.areaIds[s.game.loc[u]!]}`).sort();
    expect(where).toEqual(['GE-LF@austria', 'IT-LF@austria']);
    s = act(s, { type: 'withdraw', unit: offered.find((u) => counterOf(u).id === 'GE-LF')! });
    expect(unitsOf(s, 'GE-LF', 'austria')).toHaveLength(1);
    expect(s.game.loc.filter((l, u) => l === POOL && counterOf(u).id === 'GE-LF').length).toBeGreaterThan(0);
    // With the Italian and Romanian units still there, Austria keeps friends: the other German unit may go too (AMB-35).
    const next = legal(s)
      .filter((a) => a.type === 'withdraw')
      .map((a) => counterOf((a as { unit: number }).unit).id)
      .sort();
    expect(next).toEqual(['GE-LF', 'IT-LF']);
  });
});
