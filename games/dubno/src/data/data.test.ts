import { describe, expect, it } from 'vitest';
import mapJson from './map.json' with { type: 'json' };
import tablesJson from './tables.json' with { type: 'json' };
import unitsJson from './units.json' with { type: 'json' };
import { loadData, validate } from './index.ts';

const FILES = { map: mapJson, units: unitsJson, tables: tablesJson };
const clone = <T>(x: T): T => JSON.parse(JSON.stringify(x));

/** Every object with a provenance, anywhere in a file. */
function provenances(x: unknown, out: string[] = []): string[] {
  if (Array.isArray(x)) for (const y of x) provenances(y, out);
  else if (x && typeof x === 'object') {
    const o = x as Record<string, unknown>;
    if (typeof o.provenance === 'string') out.push(o.provenance);
    for (const v of Object.values(o)) provenances(v, out);
  }
  return out;
}

describe('data files', () => {
  it('load, cross-check, and summarize for `sandtable validate`', () => {
    const d = loadData();
    expect(d.units.filter((u) => u.side === 'german').length).toBeGreaterThan(30);
    expect(validate()).toHaveLength(3);
  });

  it('every datum says where it comes from: "rulebook x.y" or "reconstructed: why"', () => {
    const all = [...provenances(mapJson), ...provenances(unitsJson), ...provenances(tablesJson)];
    expect(all.length).toBeGreaterThan(100);
    for (const p of all) expect(p).toMatch(/^(rulebook \d|reconstructed: .+|derived: .+)/);
    for (const u of unitsJson.units) expect(u.provenance).toBeTruthy();
    for (const t of ['assaultCrt', 'mobileCrt', 'bombardmentCrt'] as const)
      for (const c of tablesJson[t].columns) expect(c.provenance).toMatch(/^reconstructed/);
  });

  it('the map holds the real ground: the Styr (major) and Ikva, roads through Lutsk, Dubno, Rovno and Brody', () => {
    const names = mapJson.rivers.map((r) => `${r.name}:${r.kind}`);
    expect(names).toContain('Styr:major');
    expect(names).toContain('Ikva:minor');
    const place = (n: string) => mapJson.places.find((p) => p.name === n)!.hex;
    for (const town of ['Lutsk', 'Dubno', 'Rovno', 'Brody'])
      expect(
        mapJson.roads.some((r) => r.hexes.includes(place(town))),
        town,
      ).toBe(true);
    expect(mapJson.terrain.some((t) => t.terrain === 'marsh')).toBe(true);
    expect(mapJson.terrain.some((t) => t.terrain === 'woods')).toBe(true);
  });

  it('the orders of battle: 11th, 13th, 14th, 16th Panzer with infantry; the 8th, 9th, 15th, 19th, 22nd Mech. Corps', () => {
    const formations = new Set(unitsJson.units.map((u) => u.formation));
    for (const f of [
      '11Pz',
      '13Pz',
      '14Pz',
      '16Pz',
      '44ID',
      '298ID',
      '8MC',
      '9MC',
      '15MC',
      '19MC',
      '22MC',
      '135RD',
      '1ATB',
    ])
      expect(formations.has(f), f).toBe(true);
  });

  it('a broken file is refused with the file, the path and the problem', () => {
    const bad = clone(FILES);
    (bad.tables as { stacking: { german: number } }).stacking.german = 0;
    expect(() => loadData(bad)).toThrow(/tables\.json.*stacking\.german/s);
    const hex = clone(FILES);
    (hex.units as { units: { setup?: string }[] }).units[0]!.setup = '9999';
    expect(() => loadData(hex)).toThrow(/sets up off the map at 9999/);
    const pool = clone(FILES);
    (pool.tables as { untried: { tank: { values: unknown[] } } }).untried.tank.values.pop();
    expect(() => loadData(pool)).toThrow(/untried pool tank needs 15 values/);
  });
});
