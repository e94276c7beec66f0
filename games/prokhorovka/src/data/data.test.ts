import { describe, expect, it } from 'vitest';
import {
  ANY_RIVER,
  MAJOR,
  RAIL,
  ROAD,
  buildBoard,
  loadProkhorovkaData,
  prokhorovkaFiles,
  validateProkhorovkaData,
} from './index.ts';
import { RESERVE, locReach, makeEnv, type PGState } from '../state.ts';

const d = loadProkhorovkaData();
const b = buildBoard(d.map, d.tables);
const g = b.grid;
const hexOf = (name: string) => g.hex(d.map.places.find((p) => p.name === name)!.hex);

describe('data (spec 6-7): schemas, provenance and cross-checks', () => {
  it('the bundled data is valid', () => {
    expect(validateProkhorovkaData()).toEqual([]);
  });

  it('2.2.1 map: 27x20 flat hexes with 4-digit labels, towns and cities from real geography', () => {
    expect(g.nodeCount).toBe(540);
    expect(g.label(0)).toBe('0101');
    expect(g.label(539)).toBe('2720');
    // Oboyan north-west of Prokhorovka, Belgorod south of both, Korocha east
    const [obo, pro, bel, kor] = ['Oboyan', 'Prokhorovka', 'Belgorod', 'Korocha'].map(hexOf) as [
      number,
      number,
      number,
      number,
    ];
    expect(g.rowOf(obo)).toBeLessThan(g.rowOf(pro));
    expect(g.rowOf(bel)).toBeGreaterThan(g.rowOf(pro));
    expect(g.colOf(kor)).toBeGreaterThan(g.colOf(pro));
    expect(d.tables.terrain[g.terrain[bel]!]!.id).toBe('city');
    expect(d.tables.terrain[g.terrain[pro]!]!.id).toBe('town');
  });

  it('2.2.1(6)(7), 8.2(1)5: rivers on hexsides; the Psel (major) lies between Prokhorovka and the north edge; roads cross it by bridges', () => {
    const pro = hexOf('Prokhorovka');
    // the Kursk road north from Prokhorovka crosses the Psel: a major-river hexside with a road (a bridge)
    const road = d.map.roads.find((r) => r.name.startsWith('Prokhorovka-Solntsevo'))!.hexes.map((h) => g.hex(h));
    let bridges = 0;
    for (let k = 0; k + 1 < road.length; k++) {
      const hs = g.hexsideBetween(road[k]!, road[k + 1]!);
      expect(hs & ROAD).toBeTruthy();
      if (hs & MAJOR) bridges++;
    }
    expect(bridges).toBe(1);
    expect(road[0]).toBe(pro);
    // every river is a hexside feature between adjacent hexes, symmetric
    expect(g.asymmetricHexsides()).toEqual([]);
    let rivers = 0;
    for (let s = 0; s < g.hexsides.length; s++) if (g.hexsides[s]! & ANY_RIVER) rivers++;
    expect(rivers).toBeGreaterThan(100);
  });

  it('2.2.1(7): the railway runs Belgorod - Prokhorovka - north edge', () => {
    const rail = d.map.railways[0]!.hexes;
    expect(rail).toContain(g.label(hexOf('Belgorod')));
    expect(rail).toContain(g.label(hexOf('Prokhorovka')));
    expect(g.rowOf(g.hex(rail[rail.length - 1]!))).toBe(0);
    for (let k = 0; k + 1 < rail.length; k++)
      expect(g.hexsideBetween(g.hex(rail[k]!), g.hex(rail[k + 1]!)) & RAIL).toBeTruthy();
  });

  it('2.2.1(3), 2.2.1(5): start line, sources (German south edge, Soviet N/E), entrenchments, VP hexes', () => {
    expect(b.germanSide[hexOf('Belgorod')]).toBe(1);
    expect(b.germanSide[hexOf('Tomarovka')]).toBe(1);
    expect(b.germanSide[hexOf('Prokhorovka')]).toBe(0);
    expect(b.sources.DE.every((i) => g.rowOf(i) === g.rows - 1)).toBe(true);
    expect(b.sources.SU.length).toBeGreaterThanOrEqual(4);
    expect(b.vpHexes.length).toBeGreaterThanOrEqual(6);
    expect(b.entrench.filter((x) => x === 2).length).toBeGreaterThan(20);
  });

  it('4.0(4), 4.0(6): chit counts per side and cup', () => {
    const n = (side: string, back: string) => d.equipment.filter((c) => c.side === side && c.back === back).length;
    expect([n('DE', 'tank'), n('DE', 'equip'), n('SU', 'tank'), n('SU', 'equip')]).toEqual([16, 23, 23, 34]);
    expect(d.support.filter((c) => c.side === 'DE').length).toBe(18);
    expect(d.support.filter((c) => c.side === 'SU').length).toBe(18);
    expect(new Set([...d.equipment, ...d.support].map((c) => c.id)).size).toBe(16 + 23 + 23 + 34 + 36);
  });

  it("12.0, 签一览: the text's own values (Tiger fire 6, KV-1 armor 2, T-34 armor 1, positions 2/3, detachment 1-1-3, SU152 AT 5)", () => {
    const t = (side: string, name: string) => d.equipmentTypes.find((x) => x.side === side && x.name === name)!;
    expect(t('DE', 'Tiger').tankFire).toBe(6);
    expect(t('SU', 'KV-1').armor).toBe(2);
    expect(t('SU', 'T-34').armor).toBe(1);
    expect(t('SU', 'Bunker').defense).toBe(3);
    expect(t('SU', 'MG nest').defense).toBe(2);
    expect([t('DE', 'Detachment').normal, t('DE', 'Detachment').equip, t('DE', 'Detachment').ma]).toEqual([1, 1, 3]);
    expect(t('SU', 'SU-152').atFireOptional).toBe(5);
  });

  it('worked examples fix TEC cells: town TDL 2 (T-01), hill normal 1 / tank support diamond (T-04), Rudel 4 vs T-34 in clear needs 3 and 4 on a hill (T-05)', () => {
    const ter = (id: string) => d.tables.terrain.find((x) => x.id === id)!;
    expect(ter('town').tdl).toBe(2);
    expect(ter('hill').normalHit).toBe(1);
    expect(ter('hill').tankSupport).toBe('diamond');
    const rudel = d.supportTypes.find((s) => s.kind === 'rudel')!;
    expect(ter('clear').groundAttack).toBe('diamond');
    expect(rudel.groundAttack! - Math.max(1, ter('clear').tdl)).toBe(3);
    expect(ter('hill').groundAttack).toBe(4);
    const la5 = d.supportTypes.find((s) => s.name === 'La-5')!;
    expect(la5.aa! >= 3 && la5.aa! <= 4).toBe(true);
  });

  it('4.0(2)(3): every unit without a dot has a set-up hex on its side, one unit a hex; the turn track brings every reinforcement', () => {
    for (const u of d.units) expect(d.setup.some((p) => p.unit === u.id)).toBe(!u.reinforcement);
    const reinf = d.units.filter((u) => u.side === 'SU' && u.reinforcement).length;
    expect(d.tables.turnTrack.reduce((s, t) => s + t.reinforcements.reduce((a, r) => a + r.count, 0), 0)).toBe(reinf);
  });

  it('18.0, 2.2.1(3), 3.2: at set-up the German holds no Soviet VP hex and traces a LOC to no VP hex, nor to any hex behind the Soviet line', () => {
    const E = makeEnv(d);
    const st = {
      ver: 1,
      units: d.units.map((u) => ({ id: u.id, side: u.side, hex: RESERVE, reduced: false, designated: false })),
    } as unknown as PGState;
    for (const p of d.setup) st.units.find((u) => u.id === p.unit)!.hex = g.hex(p.hex);
    const germanHexes = st.units.filter((u) => u.side === 'DE' && u.hex >= 0).map((u) => u.hex);
    for (const v of b.vpHexes) expect(germanHexes.includes(v) && b.germanSide[v] === 0).toBe(false);
    const loc = locReach(E, st, 'DE');
    expect(b.vpHexes.filter((h) => loc[h] === 1).map((h) => g.label(h))).toEqual([]);
    // the German LOC north of the start line reaches at most the no-man's-land strip next to it
    for (let h = 0; h < g.nodeCount; h++) {
      if (loc[h] !== 1 || b.germanSide[h] === 1) continue;
      expect(
        g.neighbours(h).some((n) => b.germanSide[n] === 1),
        g.label(h),
      ).toBe(true);
    }
  });

  it('every datum carries a provenance', () => {
    const files = prokhorovkaFiles() as Record<string, Record<string, unknown>>;
    const bad = structuredClone(files);
    (bad.units!.units as { provenance: string }[])[0]!.provenance = 'made up';
    expect(validateProkhorovkaData({ units: bad.units }).join()).toMatch(/provenance/);
  });

  it('cross-checks catch wrong rulebook values and broken set-ups', () => {
    const files = prokhorovkaFiles() as Record<string, Record<string, unknown>>;
    const chits = structuredClone(files.chits!) as { equipment: { name: string; tankFire?: number }[] };
    chits.equipment.find((e) => e.name === 'Tiger')!.tankFire = 5;
    expect(validateProkhorovkaData({ chits }).join()).toMatch(/Tiger tank fire must be 6/);
    const setup = structuredClone(files.setup!) as { placements: { hex: string }[] };
    setup.placements[1]!.hex = setup.placements[0]!.hex;
    expect(validateProkhorovkaData({ setup }).join()).toMatch(/two units in/);
  });
});
