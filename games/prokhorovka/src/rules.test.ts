import { describe, expect, it } from 'vitest';
import { randomPlayout, type EngineState } from '@sandtable/engine';
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
  it('every ambiguity A-01..A-57 is a named option with a default; 19.1-19.6 are options', () => {
    expect(new Set(AMBIGUITY_IDS).size).toBe(57);
    for (const k of ['extendedGame', 'xxivPanzerCorps', 'beastKiller', 'extraCounters', 'tdBreakdowns', 'hideChitBacks']) expect(OPTION_SPECS.some((o) => o.key === k)).toBe(true);
  });
});

describe('4.0 set-up', () => {
  it('4.0(2)-(4): dotted units in the reserve pool; 12/19 and 12/21 chits drawn; the Soviet draws 4 support and places first', () => {
    const s = prokhorovka.setup('x');
    const st = g(s);
    expect(st.units.filter((u) => u.hex === -1).map((u) => u.id).sort()).toEqual(E.d.units.filter((u) => u.reinforcement).map((u) => u.id).sort());
    const drawn = (side: string, back: string) => st.equip.filter((c) => c.side === side && c.loc === 'drawn' && E.equipById.get(c.id)!.back === back).length;
    expect([drawn('DE', 'tank'), drawn('DE', 'equip'), drawn('SU', 'tank'), drawn('SU', 'equip')]).toEqual([12, 19, 12, 21]);
    expect(st.support.filter((c) => c.side === 'SU' && c.loc === 'pool').length).toBe(4);
    expect(prokhorovka.decision(s)!.role).toBe('SU');
  });

  it('4.0(5): chits go face-down under own units up to the equipment value; the rest to the reorganization pool', () => {
    let s = prokhorovka.setup('x');
    const inf = '71G'; // equipment value 2
    const chits = g(s).equip.filter((c) => c.side === 'SU' && c.loc === 'drawn').slice(0, 3);
    s = act(s, 'SU', { type: 'place', chit: chits[0]!.id, unit: inf });
    s = act(s, 'SU', { type: 'place', chit: chits[1]!.id, unit: inf });
    expect(() => act(s, 'SU', { type: 'place', chit: chits[2]!.id, unit: inf })).toThrow(/4.0\(5\)/);
    s = act(s, 'SU', { type: 'donePlacing' });
    expect(g(s).equip.filter((c) => c.side === 'SU' && c.loc === 'reorg').length).toBe(31);
  });

  it('4.0(6)1, A-01: the German chooses 8 support chits and keeps them through turn 1 (no turn-1 German support receipt)', () => {
    const s = started();
    const pool = g(s).support.filter((c) => c.side === 'DE' && c.loc === 'pool').map((c) => c.id);
    expect(pool).toEqual(E.d.support.filter((c) => c.side === 'DE').slice(0, 8).map((c) => c.id));
    expect(g(s).turn).toBe(1);
    expect(g(s).phase).toBe('designation');
  });
});

describe('5.0 sequence of play', () => {
  it('5.1(3), D-07: mechanized stacks may always be designated; infantry only outside enemy ZOC', () => {
    const s = started();
    const ids = prokhorovka.legalActions(s, 'DE').filter((a) => a.type === 'designate').map((a) => (a as { unit: string }).unit);
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

  it('7.0: Soviet reinforcements of turn 2 arrive from the reserve pool with their TK/EQ chits', () => {
    let s = started();
    for (let k = 0; k < 100 && !(g(s).turn === 2 && g(s).side === 'SU'); k++) {
      const d = prokhorovka.decision(s)!;
      s = act(s, d.role, { type: 'endPhase' });
    }
    expect(g(s).units.filter((u) => u.hex === -3).map((u) => u.id)).toEqual(['92G']);
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

describe('random games to the end with invariants', () => {
  it('one unit per hex, chit conservation, no hidden chit identity in the opponent view', () => {
    for (let k = 0; k < 40; k++) {
      const s0 = prokhorovka.setup(`seed${k}`);
      const { state } = randomPlayout(prokhorovka, s0, `c${k}`, { maxSteps: 5000 });
      const st = g(state);
      expect(prokhorovka.outcome(state)).not.toBeNull();
      const hexes = st.units.filter((u) => u.hex >= 0).map((u) => u.hex);
      expect(new Set(hexes).size).toBe(hexes.length);
      expect(st.equip.length).toBe(96);
      for (const u of st.units) expect(st.equip.filter((c) => c.loc === u.id).length).toBeLessThanOrEqual(E.unitById.get(u.id)!.full.equip);
      for (const side of ['DE', 'SU'] as const) {
        const view = JSON.stringify(prokhorovka.view(state, side === 'DE' ? 'SU' : 'DE'));
        for (const c of st.equip) if (c.side === side && !c.faceUp) expect(view.includes(`"${c.id}"`)).toBe(false);
        for (const c of st.support) if (c.side === side) expect(view.includes(`"${c.id}"`)).toBe(false);
      }
    }
  });
});
