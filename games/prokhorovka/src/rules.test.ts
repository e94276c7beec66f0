import { describe, expect, it } from 'vitest';
import type { EngineState } from '@sandtable/engine';
import { AMBIGUITY_IDS, OPTION_SPECS, germanVP, loadProkhorovkaData, prokhorovka, type PGState } from './index.ts';
import { makeEnv } from './state.ts';

const E = makeEnv(loadProkhorovkaData());
type S = EngineState<PGState>;
const act = (s: S, role: string, a: object) => prokhorovka.apply(s, role, a);
const g = (s: S) => s.game;

/** Set-up through 4.0(5)(6): both sides place nothing, the German picks the first 8 chits. */
function started(seed = 's1', options = {}): S {
  let s = prokhorovka.setup(seed, undefined, options);
  s = act(s, 'SU', { type: 'donePlacing' });
  s = act(s, 'DE', { type: 'donePlacing' });
  for (let k = 0; k < 8; k++) s = act(s, 'DE', prokhorovka.legalActions(s, 'DE')[0]!);
  return s;
}

describe('options (spec §8)', () => {
  it('every ambiguity A-01..A-58 is a named option with a default; 19.1-19.6 are options', () => {
    expect(new Set(AMBIGUITY_IDS).size).toBe(58);
    for (const k of [
      'extendedGame',
      'xxivPanzerCorps',
      'beastKiller',
      'extraCounters',
      'tdBreakdowns',
      'hideChitBacks',
    ])
      expect(OPTION_SPECS.some((o) => o.key === k)).toBe(true);
  });
});

describe('4.0 set-up', () => {
  it('4.0(2)-(4): dotted units in the reserve pool; 12/19 and 12/21 chits drawn; the Soviet draws 4 support and places first', () => {
    const s = prokhorovka.setup('x');
    const st = g(s);
    expect(
      st.units
        .filter((u) => u.hex === -1)
        .map((u) => u.id)
        .sort(),
    ).toEqual(
      E.d.units
        .filter((u) => u.reinforcement)
        .map((u) => u.id)
        .sort(),
    );
    const drawn = (side: string, back: string) =>
      st.equip.filter((c) => c.side === side && c.loc === 'drawn' && E.equipById.get(c.id)!.back === back).length;
    expect([drawn('DE', 'tank'), drawn('DE', 'equip'), drawn('SU', 'tank'), drawn('SU', 'equip')]).toEqual([
      12, 19, 12, 21,
    ]);
    expect(st.support.filter((c) => c.side === 'SU' && c.loc === 'pool').length).toBe(4);
    expect(prokhorovka.decision(s)!.role).toBe('SU');
  });

  it('4.0(5): chits go face-down under own units up to the equipment value; the rest to the reorganization pool', () => {
    let s = prokhorovka.setup('x');
    const inf = '71G'; // equipment value 2
    const chits = g(s)
      .equip.filter((c) => c.side === 'SU' && c.loc === 'drawn')
      .slice(0, 3);
    s = act(s, 'SU', { type: 'place', chit: chits[0]!.id, unit: inf });
    s = act(s, 'SU', { type: 'place', chit: chits[1]!.id, unit: inf });
    expect(() => act(s, 'SU', { type: 'place', chit: chits[2]!.id, unit: inf })).toThrow(/4.0\(5\)/);
    s = act(s, 'SU', { type: 'donePlacing' });
    expect(g(s).equip.filter((c) => c.side === 'SU' && c.loc === 'reorg').length).toBe(31);
  });

  it('4.0(6)1, A-01: the German chooses 8 support chits and keeps them through turn 1 (no turn-1 German support receipt)', () => {
    const s = started();
    const pool = g(s)
      .support.filter((c) => c.side === 'DE' && c.loc === 'pool')
      .map((c) => c.id);
    expect(pool).toEqual(
      E.d.support
        .filter((c) => c.side === 'DE')
        .slice(0, 8)
        .map((c) => c.id),
    );
    expect(g(s).turn).toBe(1);
    expect(g(s).phase).toBe('designation');
  });
});

describe('5.0 sequence of play', () => {
  it('5.1(3), D-07: mechanized stacks may always be designated; infantry only outside enemy ZOC', () => {
    const s = started();
    const ids = prokhorovka
      .legalActions(s, 'DE')
      .filter((a) => a.type === 'designate')
      .map((a) => (a as { unit: string }).unit);
    expect(ids).toContain('GD'); // mechanized, in Soviet ZOC
    expect(ids).not.toContain('167ID'); // infantry at 0914 next to 52G at 1013: in Soviet ZOC
    expect(ids).toContain('332ID'); // infantry not adjacent to any Soviet unit
  });

  it('6.0, A-53-free: the Soviet support receipt returns the pool and draws the turn-track number', () => {
    let s = started();
    while (g(s).side === 'DE') s = act(s, 'DE', { type: 'endPhase' });
    expect(g(s).support.filter((c) => c.side === 'SU' && c.loc === 'pool').length).toBe(E.d.tables.turnTrack[0]!.sovSP);
  });

  it('5.1(7)1, D-44: at most 2 chits from the reorganization pool, onto units with a LOC and free capacity', () => {
    let s = started();
    while (g(s).phase !== 'reorganization') s = act(s, 'DE', { type: 'endPhase' });
    const place = () => prokhorovka.legalActions(s, 'DE').find((a) => a.type === 'reorgPlace')!;
    s = act(s, 'DE', place());
    s = act(s, 'DE', place());
    expect(prokhorovka.legalActions(s, 'DE').some((a) => a.type === 'reorgPlace')).toBe(false);
  });

  it('7.0(1): on turn 2 the Soviet chooses which XXXVG unit arrives from the reserve pool; its TK/EQ chits arrive with it (A-03)', () => {
    let s = started();
    for (let k = 0; k < 100 && !(g(s).turn === 2 && g(s).side === 'SU'); k++) {
      const d = prokhorovka.decision(s)!;
      s = act(s, d.role, { type: 'endPhase' });
    }
    expect(prokhorovka.decision(s)!.kind).toBe('reinfChoice');
    expect(prokhorovka.legalActions(s, 'SU')).toEqual(
      ['92G', '93G', '94G'].map((unit) => ({ type: 'reinfPick', unit })),
    );
    s = act(s, 'SU', { type: 'reinfPick', unit: '93G' });
    expect(
      g(s)
        .units.filter((u) => u.hex === -3)
        .map((u) => u.id),
    ).toEqual(['93G']);
    expect(g(s).equip.filter((c) => c.side === 'SU' && c.loc === 'arriving').length).toBe(
      E.d.tables.turnTrack[1]!.equip,
    );
    expect(g(s).phase).toBe('designation');
  });

  it('D-47, 7.0(1), A-02: a Soviet stack south of the start line: the German chooses 2 of VIK/17Pz/23Pz once, with 4 Tank + 3 Equip chits', () => {
    let s = started();
    for (let k = 0; k < 200 && !(g(s).side === 'SU' && g(s).turn === 2 && g(s).phase === 'reorganization'); k++) {
      const d = prokhorovka.decision(s)!;
      s = act(
        s,
        d.role,
        prokhorovka.legalActions(s, d.role).find((a) => a.type === 'endPhase') ??
          prokhorovka.legalActions(s, d.role)[0]!,
      );
    }
    const st = structuredClone(g(s));
    st.units.find((u) => u.id === '71G')!.hex = E.b.grid.hex('0516'); // south of the start line
    st.ver++;
    s = act({ ...s, game: st }, 'SU', { type: 'endPhase' });
    expect(prokhorovka.decision(s)!.kind).toBe('reinfChoice');
    expect(prokhorovka.legalActions(s, 'DE').map((a) => (a as { unit: string }).unit)).toEqual(['VIK', '17Pz', '23Pz']);
    s = act(s, 'DE', { type: 'reinfPick', unit: 'VIK' });
    s = act(s, 'DE', { type: 'reinfPick', unit: '23Pz' });
    expect(
      g(s)
        .units.filter((u) => u.side === 'DE' && u.hex === -3)
        .map((u) => u.id)
        .sort(),
    ).toEqual(['23Pz', 'VIK']);
    const arriving = (back: string) =>
      g(s).equip.filter((c) => c.side === 'DE' && c.loc === 'arriving' && E.equipById.get(c.id)!.back === back).length;
    expect([arriving('tank'), arriving('equip')]).toEqual([4, 3]);
    expect(g(s).phase).toBe('designation');
    // turn 3 onwards: nothing more
    for (let k = 0; k < 300 && !(g(s).side === 'DE' && g(s).turn === 3 && g(s).phase === 'designation'); k++) {
      const d = prokhorovka.decision(s)!;
      s = act(
        s,
        d.role,
        prokhorovka.legalActions(s, d.role).find((a) => a.type === 'endPhase') ??
          prokhorovka.legalActions(s, d.role)[0]!,
      );
    }
    expect(g(s).units.find((u) => u.id === '17Pz')!.hex).toBe(-1);
  });
});

describe('views (3.5(5), 19.6)', () => {
  it('a stack lists the chits its viewer may identify first, then the enemy face-down chits by back only, in an order that names none', () => {
    const s = started();
    const st = g(s);
    const ids = st.equip.filter((c) => c.side === 'DE' && c.loc === 'reorg').slice(0, 3);
    for (const c of ids) c.loc = 'GD';
    ids[1]!.faceUp = true; // the middle chit by id is face-up: it must not sit between the two hidden ones
    const gd = prokhorovka.view(s, 'SU').game.units.find((u) => u.id === 'GD')!;
    expect(gd.chits[0]).toEqual({ id: ids[1]!.id, faceUp: true });
    expect(gd.chits.slice(1).every((c) => 'back' in c && !('id' in c))).toBe(true);
    const backs = gd.chits.slice(1).map((c) => ('back' in c ? c.back : ''));
    expect(backs).toEqual([...backs].sort());
    const hidden = prokhorovka
      .view({ ...s, game: { ...st, o: { ...st.o, hideChitBacks: true } } }, 'SU')
      .game.units.find((u) => u.id === 'GD')!;
    expect(hidden.chits.slice(1)).toEqual([{ back: null }, { back: null }]); // 19.6
  });
});

describe('18.0 victory', () => {
  it('18.0(1)1, D-27, A-09: VP hexes with a German LOC count; an empty VP hex in Soviet ZOC does not', () => {
    const s = started();
    const st = structuredClone(g(s));
    // clear the Soviet army from the map: every VP hex is reachable
    for (const u of st.units) if (u.side === 'SU') u.hex = -2;
    st.ver++;
    expect(germanVP(E, st).hexes.length).toBe(E.b.vpHexes.length);
    // a Soviet unit next to Oboyan puts it in Soviet ZOC: its LOC is blocked
    const obo = E.b.grid.hex('1003');
    st.units.find((u) => u.id === '71G')!.hex = E.b.grid.neighbours(obo)[0]!;
    st.ver++;
    expect(germanVP(E, st).hexes).not.toContain(obo);
  });
});
