import { describe, expect, it } from 'vitest';
import { combatEffect, HUSKY_FILES, loadData, ocsGrid, validate } from './index.ts';

/** A deep copy of the Husky files with one change. */
function broken(change: (f: Record<string, any>) => void): typeof HUSKY_FILES {
  const f = structuredClone(HUSKY_FILES) as Record<string, any>;
  change(f);
  return f as typeof HUSKY_FILES;
}

describe('data files (DATA.md)', () => {
  it('the Husky files load and cross-check, one line per file', () => {
    expect(validate()).toHaveLength(4);
  });

  it('GC-I-A: hexes are printed CC.RR, the row counted from the bottom', () => {
    const d = loadData();
    const grid = ocsGrid(d.map.grid);
    expect(grid.label(0)).toBe('01.01');
    expect(grid.label(grid.index(0, 1))).toBe('01.02'); // one row up
    const messina = d.map.places.find((p) => p.name === 'Messina')!.hex;
    const gela = d.map.places.find((p) => p.name === 'Gela')!.hex;
    expect(Number(messina.split('.')[1])).toBeGreaterThan(Number(gela.split('.')[1])); // Messina is north of Gela
  });

  it('a datum without provenance is refused, naming the file and path', () => {
    const f = broken((x) => delete x.map.ports[0].provenance);
    expect(() => loadData(f)).toThrow(/map\.json: ports\.0\.provenance/);
  });

  it('a provenance must say where the datum comes from', () => {
    const f = broken((x) => (x.tables.surprise.provenance = 'somewhere'));
    expect(() => loadData(f)).toThrow(/provenance must start with "rulebook "/);
  });

  it('a hex label that is not CC.RR is refused (GC-I-A)', () => {
    const f = broken((x) => (x.map.places[0].hex = '1422'));
    expect(() => loadData(f)).toThrow(/a hex is printed "CC\.RR"/);
  });

  it('a hexside between hexes that are not adjacent is refused', () => {
    const f = broken((x) => x.map.hexsides[0].sides.push('01.01/05.05'));
    expect(() => loadData(f)).toThrow(/hexside 01\.01\/05\.05 .* not between two adjacent hexes/);
  });

  it('a road must be a chain of adjacent hexes (6.2a)', () => {
    const f = broken((x) => x.map.routes[0].hexes.push('01.01'));
    expect(() => loadData(f)).toThrow(/jumps from .* to 01\.01 \(6\.2a/);
  });

  it('a Combat Table row of the wrong length is refused (9.7)', () => {
    const f = broken((x) => x.tables.combat.results[3].pop());
    expect(() => loadData(f)).toThrow(/combat\.results\[3\] has 12 cells, not 13/);
  });

  it('a Combat Table result must read like the booklet (9.10)', () => {
    const f = broken((x) => (x.tables.combat.results[0][0] = 'AL2 D?'));
    expect(() => loadData(f)).toThrow(/a Combat Table result is/);
  });

  it('a counter placed twice is refused', () => {
    const f = broken((x) => x.scenario.reinforcements.push({ ...x.scenario.reinforcements[0] }));
    expect(() => loadData(f)).toThrow(/is placed twice/);
  });

  it('an aircraft set up in a box of the other side is refused (GC-I-F)', () => {
    const f = broken((x) => {
      const p = x.scenario.setup.find((s: any) => s.unit === 'DE-KG54');
      p.at = { box: 'malta' };
    });
    expect(() => loadData(f)).toThrow(/box malta belongs to the other side/);
  });

  it('a supply table needs one result per dice total', () => {
    const f = broken((x) => x.scenario.supplyTables.axis.results.pop());
    expect(() => loadData(f)).toThrow(/a 1d6 table needs 6 results, has 5/);
  });

  it('9.4d: TEC effects parse, brackets are attackers only', () => {
    expect(combatEffect.parse('[x2]')).toEqual({ printed: '[x2]', factor: 2, attackOnly: true });
    expect(combatEffect.parse('x1/2')).toEqual({ printed: 'x1/2', factor: 0.5, attackOnly: false });
    expect(() => combatEffect.parse('2x')).toThrow();
  });

  it('the map is Sicily, the Strait and the toe of Calabria at 5 miles a hex', () => {
    const d = loadData();
    expect(d.map.grid.milesAcross).toBe(5);
    const land = d.map.hexes.length;
    expect(land).toBeGreaterThan(450);
    expect(d.map.grid.cols * d.map.grid.rows).toBeGreaterThan(1000);
    const calabria = d.map.regions.find((r) => r.id === 'calabria')!.hexes.length;
    expect(calabria).toBeGreaterThan(20);
    for (const n of ['Etna', 'Madonie']) expect(JSON.stringify(d.map.hexes[0]!.provenance)).toContain(n);
  });

  it('both orders of battle are there, with the named formations', () => {
    const { counters } = loadData().counters;
    const names = counters.map((c) => c.name).join('|');
    for (const n of [
      'Seventh Army',
      'Eighth Army',
      '505th Parachute',
      'Livorno',
      'Hermann Göring',
      '15th PzGren',
      '29th PzGren',
      'Fallschirmjäger Regiment 3',
      'Coastal Division',
    ])
      expect(names).toContain(n);
    expect(counters.some((c) => c.kind === 'aircraft' && c.side === 'allied')).toBe(true);
    expect(counters.some((c) => c.kind === 'ship')).toBe(true);
  });
});
