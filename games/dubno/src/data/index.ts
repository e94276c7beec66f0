/**
 * The game's data: the JSON files beside this module, parsed with the schemas of `schema.ts` (errors
 * name the file and the path inside it) and cross-checked. The rules never hard-code a number that
 * is in these files, so an owner of the printed game can replace any table by editing data.
 */
import { DataChecks, HexGrid, parseData } from '@sandtable/engine';
import mapJson from './map.json' with { type: 'json' };
import tablesJson from './tables.json' with { type: 'json' };
import unitsJson from './units.json' with { type: 'json' };
import { type DubnoData, mapFile, tablesFile, unitsFile } from './schema.ts';

export * from './schema.ts';

/** The raw files, replaceable in tests (a broken file must be refused with a clear message). */
export interface DataFiles {
  map: unknown;
  units: unknown;
  tables: unknown;
}

const FILES: DataFiles = { map: mapJson, units: unitsJson, tables: tablesJson };

/** Parses and cross-checks the data files; throws a RuleError listing every problem. */
export function loadData(files: DataFiles = FILES): DubnoData {
  const data: DubnoData = {
    map: parseData('map.json', mapFile, files.map),
    units: parseData('units.json', unitsFile, files.units).units,
    tables: parseData('tables.json', tablesFile, files.tables),
  };
  crossCheck(data);
  return data;
}

function crossCheck({ map, units, tables }: DubnoData): void {
  const c = new DataChecks('dubno');
  const grid = new HexGrid(map.grid);
  const onMap = (h: string) => grid.indexOfLabel(h) >= 0;
  const terrains = new Set(tables.terrain.map((t) => t.id));
  for (const k of ['clear', 'town', 'city']) c.check(terrains.has(k), `tables.json: terrain "${k}" is missing`);
  for (const t of map.terrain) {
    c.check(onMap(t.hex), `map.json: terrain hex ${t.hex} is off the map`);
    c.check(terrains.has(t.terrain), `map.json: hex ${t.hex} has unknown terrain "${t.terrain}"`);
  }
  for (const p of map.places) c.check(onMap(p.hex), `map.json: ${p.name} at ${p.hex} is off the map`);
  const sides = [...map.rivers.flatMap((r) => r.hexsides), ...map.bridges.hexsides];
  for (const s of sides) {
    const [a, b] = s.split('/');
    const ok = a !== undefined && b !== undefined && onMap(a) && onMap(b);
    c.check(ok && grid.distance(grid.hex(a!), grid.hex(b!)) === 1, `map.json: hexside ${s} is not two adjacent hexes`);
  }
  for (const line of [...map.roads, ...map.railways])
    for (let k = 0; k + 1 < line.hexes.length; k++) {
      const [a, b] = [line.hexes[k]!, line.hexes[k + 1]!];
      c.check(
        onMap(a) && onMap(b) && grid.distance(grid.hex(a), grid.hex(b)) === 1,
        `map.json: ${line.name} jumps ${a}-${b}`,
      );
    }
  const names = new Set(map.places.map((p) => p.name));
  for (const o of tables.victory.objectives) c.check(names.has(o.name), `tables.json: objective ${o.name} is no place`);
  const types = new Set(tables.unitTypes.map((t) => t.id));
  const ids = new Set<string>();
  const formations = new Set(units.map((u) => u.formation));
  const pools = new Map<string, number>();
  for (const u of units) {
    c.check(!ids.has(u.id), `units.json: duplicate unit id ${u.id}`);
    ids.add(u.id);
    c.check(types.has(u.type), `units.json: ${u.id} has unknown type ${u.type}`);
    c.check(
      (u.setup === undefined) !== (u.arrives === undefined),
      `units.json: ${u.id} needs a setup hex or an arrival`,
    );
    if (u.setup) c.check(onMap(u.setup), `units.json: ${u.id} sets up off the map at ${u.setup}`);
    if (u.untried) {
      c.check(u.untried in tables.untried, `units.json: ${u.id} draws from unknown untried pool ${u.untried}`);
      pools.set(u.untried, (pools.get(u.untried) ?? 0) + 1);
    } else c.check(u.attack !== undefined && u.defense !== undefined, `units.json: ${u.id} needs attack and defence`);
    if (u.type === 'artillery')
      c.check(!!u.bombard && !!u.range && u.fpf !== undefined, `units.json: ${u.id} needs bombard, range, FPF (2.5)`);
    if (u.type === 'hq')
      c.check(u.radius !== undefined && !!u.commands, `units.json: HQ ${u.id} needs a radius and commands (7.1, 7.2)`);
    for (const f of u.commands ?? []) c.check(formations.has(f), `units.json: ${u.id} commands unknown formation ${f}`);
  }
  for (const [pool, n] of pools)
    c.check(
      tables.untried[pool]!.values.length === n,
      `tables.json: untried pool ${pool} needs ${n} values, one a counter (21.0)`,
    );
  for (const crt of [tables.assaultCrt, tables.mobileCrt, tables.bombardmentCrt])
    for (let k = 0; k + 1 < crt.columns.length; k++)
      c.check(
        crt.columns[k]!.max + 1 === crt.columns[k + 1]!.min,
        `tables.json: CRT column ${crt.columns[k]!.label} does not meet the next`,
      );
  c.check(
    tables.randomEvents.length === 6 && tables.weather.table.length === 6,
    'tables.json: a d6 table needs 6 rows (5.0, 18.1)',
  );
  c.done();
}

/** One line per data file, for `sandtable validate` (throws on any problem). */
export function validate(): string[] {
  const d = loadData();
  const n = (s: string) => d.units.filter((u) => u.side === s).length;
  return [
    `map: ${d.map.grid.cols}x${d.map.grid.rows} hexes, ${d.map.places.length} places, ${d.map.rivers.length} rivers, ${d.map.roads.length} roads`,
    `units: ${n('german')} German, ${n('soviet')} Soviet (${d.units.filter((u) => u.untried).length} untried)`,
    `tables: ${d.tables.scenario.turns} turns; Assault, Mobile and Bombardment CRTs; ${d.tables.terrain.length} terrains`,
  ];
}
