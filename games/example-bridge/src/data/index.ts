/**
 * The game's data: the JSON files beside this module, parsed with the schemas of `schema.ts`
 * (errors name the file and the path inside it) and cross-checked (ids, hexes, hexsides). The
 * rules never hard-code a number that is in these files.
 */
import { DataChecks, HexGrid, parseData } from '@sandtable/engine';
import mapJson from './map.json' with { type: 'json' };
import tablesJson from './tables.json' with { type: 'json' };
import unitsJson from './units.json' with { type: 'json' };
import { type BridgeData, mapFile, tablesFile, unitsFile } from './schema.ts';

export * from './schema.ts';

/** The raw files, replaceable in tests (a broken file must be refused with a clear message). */
export interface DataFiles {
  map: unknown;
  units: unknown;
  tables: unknown;
}

const FILES: DataFiles = { map: mapJson, units: unitsJson, tables: tablesJson };

/** Parses and cross-checks the data files; throws a RuleError listing every problem. */
export function loadData(files: DataFiles = FILES): BridgeData {
  const data: BridgeData = {
    map: parseData('map.json', mapFile, files.map),
    units: parseData('units.json', unitsFile, files.units).units,
    tables: parseData('tables.json', tablesFile, files.tables),
  };
  crossCheck(data);
  return data;
}

function crossCheck({ map, units, tables }: BridgeData): void {
  const checks = new DataChecks('example-bridge');
  const grid = new HexGrid(map.grid);
  const onMap = (label: string) => grid.indexOfLabel(label) >= 0;
  const terrains = new Set(tables.terrain.map((t) => t.id));
  checks.check(terrains.has('clear'), 'tables.json: terrain "clear" is missing (2.2: unmarked hexes are clear)');
  for (const t of map.terrain) {
    checks.check(onMap(t.hex), `map.json: terrain hex ${t.hex} is off the map`);
    checks.check(terrains.has(t.terrain), `map.json: hex ${t.hex} has unknown terrain "${t.terrain}"`);
  }
  const south = (label: string) => grid.rowOf(grid.indexOfLabel(label)) + 1 >= map.southBankFirstRow.value;
  for (const h of map.hexsides) {
    const [a, b] = h.between.split('/');
    const ok = a !== undefined && b !== undefined && onMap(a) && onMap(b);
    checks.check(ok, `map.json: hexside ${h.between} is not "AAAA/BBBB" with both hexes on the map`);
    if (!ok) continue;
    checks.check(grid.distance(grid.hex(a), grid.hex(b)) === 1, `map.json: ${h.between} are not adjacent`);
    checks.check(south(a) !== south(b), `map.json: ${h.between} does not separate the banks (2.3)`);
  }
  const fords = map.hexsides.flatMap((h) => (h.kind === 'ford' ? [h.ford] : []));
  checks.check(fords.length === 2 && new Set(fords).size === 2, 'map.json: there must be one west and one east ford');
  checks.check(map.hexsides.filter((h) => h.kind === 'bridge').length === 1, 'map.json: there must be one bridge');
  const ids = new Set<string>();
  for (const u of units) {
    checks.check(!ids.has(u.id), `units.json: duplicate unit id ${u.id}`);
    ids.add(u.id);
    checks.check(onMap(u.setup), `units.json: ${u.id} sets up off the map at ${u.setup}`);
  }
  checks.check(tables.crt.rows.length === 6, 'tables.json: the CRT needs one row per die face');
  for (const r of tables.crt.rows)
    checks.check(r.results.length === tables.crt.columns.length, `tables.json: CRT row ${r.die} has the wrong width`);
  checks.done();
}

/** One line per data file, for `sandtable validate` (throws on any problem). */
export function validate(): string[] {
  const d = loadData();
  const hexes = d.map.grid.cols * d.map.grid.rows;
  return [
    `map: ${hexes} hexes, ${d.map.terrain.length} marked, ${d.map.hexsides.length} river hexsides`,
    `units: ${d.units.filter((u) => u.side === 'north').length} North, ${d.units.filter((u) => u.side === 'south').length} South`,
    `tables: ${d.tables.turns.value} turns, CRT ${d.tables.crt.columns.map((c) => c.label).join(' ')}`,
  ];
}
