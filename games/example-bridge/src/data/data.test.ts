import { describe, expect, it } from 'vitest';
import { loadData, validate } from './index.ts';
import mapJson from './map.json' with { type: 'json' };
import tablesJson from './tables.json' with { type: 'json' };
import unitsJson from './units.json' with { type: 'json' };

const files = () => structuredClone({ map: mapJson, units: unitsJson, tables: tablesJson });

describe('the data files', () => {
  it('load, cross-check, and summarise one line per file', () => {
    const d = loadData();
    expect(d.units.map((u) => u.id)).toEqual(['N1', 'N2', 'N3', 'S1', 'S2']);
    expect(validate()).toEqual([
      'map: 25 hexes, 4 marked, 9 river hexsides',
      'units: 3 North, 2 South',
      'tables: 6 turns, CRT 1:2 1:1 2:1 3:1',
    ]);
  });

  it('every datum carries a provenance: a missing or unsourced one is refused, naming file and path', () => {
    const f = files();
    delete (f.units.units[1] as { provenance?: string }).provenance;
    expect(() => loadData(f)).toThrow(/units\.json: units\.1\.provenance/);
    const g = files();
    g.tables.turns.provenance = 'the designer said so';
    expect(() => loadData(g)).toThrow(/tables\.json: turns\.provenance: provenance must start with/);
  });

  it('2.3: a river hexside must join adjacent hexes on opposite banks', () => {
    const f = files();
    f.map.hexsides[0]!.between = '0102/0104';
    expect(() => loadData(f)).toThrow(/0102\/0104 are not adjacent/);
    const g = files();
    g.map.hexsides[0]!.between = '0101/0102';
    expect(() => loadData(g)).toThrow(/0101\/0102 does not separate the banks \(2\.3\)/);
  });

  it('2.2, 4.1: terrain and set-up hexes must be on the map and of known terrain', () => {
    const f = files();
    f.map.terrain[0]!.terrain = 'swamp';
    f.units.units[0]!.setup = '0909';
    expect(() => loadData(f)).toThrow(/unknown terrain "swamp"[\s\S]*N1 sets up off the map at 0909/);
  });
});
