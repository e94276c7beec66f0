/**
 * OCS data: the series charts (`tables.json`) and one title's map, counters and scenario (the
 * Husky files under `husky/`), parsed with the schemas of `schema.ts` (an error names the file and
 * the path inside it) and cross-checked (hexes on the map, adjacency, ids, one placement per
 * counter, tables of the right shape). The rules never hard-code a number that is in these files.
 */
import { DataChecks, type HexGrid, parseData } from '@sandtable/engine';
import { ocsGrid, hexsidePair } from './grid.ts';
import countersJson from './husky/counters.json' with { type: 'json' };
import mapJson from './husky/map.json' with { type: 'json' };
import scenarioJson from './husky/scenario.json' with { type: 'json' };
import {
  type CountersFile,
  countersFile,
  type MapFile,
  mapFile,
  type Place,
  type ScenarioFile,
  scenarioFile,
  type TablesFile,
  tablesFile,
} from './schema.ts';
import tablesJson from './tables.json' with { type: 'json' };

export * from './grid.ts';
export * from './schema.ts';

/** The raw files, replaceable (a second title is four new files; tests break copies). */
export interface DataFiles {
  tables: unknown;
  map: unknown;
  counters: unknown;
  scenario: unknown;
}

export interface OcsData {
  tables: TablesFile;
  map: MapFile;
  counters: CountersFile;
  scenario: ScenarioFile;
}

export const HUSKY_FILES: DataFiles = {
  tables: tablesJson,
  map: mapJson,
  counters: countersJson,
  scenario: scenarioJson,
};

/** Parses and cross-checks the data files; throws a RuleError listing every problem. */
export function loadData(files: DataFiles = HUSKY_FILES): OcsData {
  const data: OcsData = {
    tables: parseData('tables.json', tablesFile, files.tables),
    map: parseData('map.json', mapFile, files.map),
    counters: parseData('counters.json', countersFile, files.counters),
    scenario: parseData('scenario.json', scenarioFile, files.scenario),
  };
  const checks = new DataChecks('ocs');
  checkTables(checks, data.tables);
  const grid = ocsGrid(data.map.grid);
  checkMap(checks, data.map, grid);
  checkCounters(checks, data.counters);
  checkScenario(checks, data, grid);
  checks.done();
  return data;
}

/** One line per data file, for `sandtable validate`. */
export function validate(files: DataFiles = HUSKY_FILES): string[] {
  const d = loadData(files);
  const g = d.counters.counters;
  return [
    `tables.json: Combat Table ${d.tables.combat.results.length}x${d.tables.combat.columns.open.length}, Barrage Table 11x${d.tables.barrage.columns.length}, ${Object.keys(d.tables.constants).length} rule constants`,
    `map.json: ${d.map.grid.cols}x${d.map.grid.rows} hexes, ${d.map.tec.terrain.length} terrain types, ${d.map.routes.length} roads and railroads, ${d.map.ports.length} ports, ${d.map.airBases.length} air bases`,
    `counters.json: ${g.filter((c) => c.kind === 'ground').length} ground units, ${g.filter((c) => c.kind === 'aircraft').length} aircraft, ${g.filter((c) => c.kind === 'ship').length} ships`,
    `scenario.json: ${d.scenario.title}, turns ${d.scenario.turns.first}-${d.scenario.turns.last}, ${d.scenario.setup.length} set up, ${d.scenario.reinforcements.length} arrivals`,
  ];
}

// ---- cross-checks ------------------------------------------------------------------------------

function checkTables(c: DataChecks, t: TablesFile): void {
  const cols = t.combat.columns;
  const n = cols.open.length;
  for (const row of ['close', 'veryClose', 'extremelyClose'] as const)
    c.check(
      cols[row].length === n,
      `tables.json: combat.columns.${row} has ${cols[row].length} columns, open has ${n} (9.7)`,
    );
  const rows = t.combat.rolls.highest - t.combat.rolls.lowest + 1;
  c.check(
    t.combat.results.length === rows,
    `tables.json: combat.results has ${t.combat.results.length} rows, rolls ${t.combat.rolls.lowest}-${t.combat.rolls.highest} need ${rows}`,
  );
  for (const [i, r] of t.combat.results.entries())
    c.check(r.length === n, `tables.json: combat.results[${i}] has ${r.length} cells, not ${n}`);
  const nb = t.barrage.columns.length;
  for (const [i, r] of t.barrage.results.entries())
    c.check(r.length === nb, `tables.json: barrage.results[${i}] has ${r.length} cells, not ${nb}`);
  const nf = t.facility.columns.length;
  for (const [i, r] of t.facility.results.entries())
    c.check(r.length === nf, `tables.json: facility.results[${i}] has ${r.length} cells, not ${nf}`);
  for (const cols2 of [t.barrage.columns, t.facility.columns])
    for (const [i, col] of cols2.entries())
      c.check(
        i === 0 || col.min > cols2[i - 1]!.min,
        `tables.json: column ${col.label} does not start above the previous one`,
      );
  const inGrid = (grid: string[][] | (number | string)[][], [r, k]: [number, number]) =>
    r < grid.length && k < grid[r]!.length;
  for (const v of t.combat.variants)
    c.check(inGrid(t.combat.results, v.cell), `tables.json: combat variant cell ${v.cell} is off the table`);
  for (const v of t.barrage.variants)
    c.check(inGrid(t.barrage.results, v.cell), `tables.json: barrage variant cell ${v.cell} is off the table`);
  for (const v of t.facility.variants)
    c.check(inGrid(t.facility.results, v.cell), `tables.json: facility variant cell ${v.cell} is off the table`);
  for (const [i, r] of t.attrition.results.entries())
    c.check(
      r.length === t.attrition.ar.length,
      `tables.json: attrition.results[${i}] needs ${t.attrition.ar.length} cells`,
    );
  const last = t.barrage.shifts.density.at(-1);
  c.check(last?.maxRE === null, 'tables.json: the last barrage density band must be open-ended (maxRE null)');
}

function checkMap(c: DataChecks, m: MapFile, grid: HexGrid): void {
  const onMap = (h: string) => grid.indexOfLabel(h) >= 0;
  const terrain = new Set(m.tec.terrain.map((t) => t.id));
  const sides = new Set(m.tec.hexsides.map((t) => t.id));
  const routes = new Set(m.tec.routes.map((t) => t.id));
  c.check(terrain.has(m.defaultTerrain), `map.json: defaultTerrain "${m.defaultTerrain}" is not in tec.terrain`);
  const seen = new Set<string>();
  for (const h of m.hexes) {
    c.check(onMap(h.hex), `map.json: hexes: ${h.hex} is off the ${m.grid.cols}x${m.grid.rows} grid`);
    c.check(!seen.has(h.hex), `map.json: hexes: ${h.hex} is listed twice`);
    seen.add(h.hex);
    for (const t of h.terrain) c.check(terrain.has(t), `map.json: hex ${h.hex} has unknown terrain "${t}"`);
  }
  for (const h of m.hexsides) {
    c.check(sides.has(h.kind), `map.json: unknown hexside kind "${h.kind}"`);
    for (const s of h.sides) {
      const p = hexsidePair(grid, s);
      c.check(
        p !== null && grid.distance(p[0], p[1]) === 1,
        `map.json: hexside ${s} (${h.kind}) is not between two adjacent hexes on the map`,
      );
    }
  }
  for (const r of m.routes) {
    c.check(routes.has(r.kind), `map.json: route "${r.name}" has unknown kind "${r.kind}"`);
    r.hexes.forEach((h, i) => {
      c.check(onMap(h), `map.json: route "${r.name}" hex ${h} is off the map`);
      const prev = r.hexes[i - 1];
      if (prev && onMap(prev) && onMap(h))
        c.check(
          grid.distance(grid.hex(prev), grid.hex(h)) === 1,
          `map.json: route "${r.name}" jumps from ${prev} to ${h} (6.2a: a chain of adjacent hexes)`,
        );
    });
  }
  for (const [what, list] of [
    ['places', m.places],
    ['ports', m.ports],
    ['airBases', m.airBases],
    ['hedgehogs', m.hedgehogs],
    ['flak', m.flak],
  ] as const)
    for (const x of list) c.check(onMap(x.hex), `map.json: ${what}: ${x.hex} is off the map`);
  for (const r of m.regions)
    for (const h of r.hexes) c.check(onMap(h), `map.json: region ${r.id}: ${h} is off the map`);
  const water = new Set(m.tec.terrain.filter((t) => t.water).map((t) => t.id));
  for (const p of m.ports) {
    const t = m.hexes.find((h) => h.hex === p.hex)?.terrain ?? [m.defaultTerrain];
    c.check(
      t.some((x) => !water.has(x)),
      `map.json: port ${p.name} (${p.hex}) is in an all-sea hex`,
    );
  }
}

function checkCounters(c: DataChecks, f: CountersFile): void {
  const ids = new Set<string>();
  const sides = new Map(f.sides.map((s) => [s.id, new Set(s.nations)]));
  const formations = new Set(f.counters.flatMap((u) => (u.kind === 'ground' && u.formation ? [u.formation] : [])));
  for (const u of f.counters) {
    c.check(!ids.has(u.id), `counters.json: duplicate counter id ${u.id}`);
    ids.add(u.id);
    const nations = sides.get(u.side);
    c.check(nations !== undefined, `counters.json: ${u.id} has unknown side "${u.side}"`);
    c.check(
      nations?.has(u.nation) ?? true,
      `counters.json: ${u.id}: nation "${u.nation}" is not one of side ${u.side}'s nations`,
    );
    if (u.kind === 'ground') {
      if (u.hq)
        c.check(
          u.combat.throw !== undefined && u.move.throw !== undefined,
          `counters.json: HQ ${u.id} needs a throw range on both faces (13.1)`,
        );
      if (u.type === 'artillery')
        c.check(
          u.barrageRange !== undefined && u.combat.barrage !== undefined,
          `counters.json: artillery ${u.id} needs a barrage strength and range (13.4)`,
        );
      c.check(
        u.combat.strength === null || u.move.strength === null || u.combat.strength >= u.move.strength,
        `counters.json: ${u.id}: the combat face has the higher strength (5.5)`,
      );
    }
    if (u.kind === 'transport' && u.organic)
      c.check(formations.has(u.organic), `counters.json: organic trucks ${u.id} of unknown formation ${u.organic}`);
    if (u.kind === 'transport' && u.extender !== undefined)
      c.check(u.points === 5, `counters.json: ${u.id}: extenders are the back of 5-point counters (12.7)`);
  }
}

function checkScenario(c: DataChecks, d: OcsData, grid: HexGrid): void {
  const s = d.scenario;
  const counters = new Map(d.counters.counters.map((u) => [u.id, u]));
  const sides = new Set(d.counters.sides.map((x) => x.id));
  const regions = new Set(d.map.regions.map((r) => r.id));
  const boxes = new Map(s.boxes.map((b) => [b.id, b.side]));
  const checkPlace = (where: string, p: Place, side?: string) => {
    if ('hex' in p) c.check(grid.indexOfLabel(p.hex) >= 0, `scenario.json: ${where}: ${p.hex} is off the map`);
    else if ('within' in p)
      c.check(grid.indexOfLabel(p.within.hex) >= 0, `scenario.json: ${where}: ${p.within.hex} is off the map`);
    else if ('region' in p) c.check(regions.has(p.region), `scenario.json: ${where}: unknown region ${p.region}`);
    else {
      c.check(boxes.has(p.box), `scenario.json: ${where}: unknown box ${p.box}`);
      if (side)
        c.check(boxes.get(p.box) === side, `scenario.json: ${where}: box ${p.box} belongs to the other side (GC-I-F)`);
    }
  };
  c.check(s.turns.last >= s.turns.first, 'scenario.json: turns.last is before turns.first');
  const placed = new Set<string>();
  for (const p of [...s.setup, ...s.reinforcements]) {
    const u = counters.get(p.unit);
    c.check(u !== undefined, `scenario.json: unknown counter ${p.unit}`);
    c.check(!placed.has(p.unit), `scenario.json: counter ${p.unit} is placed twice`);
    placed.add(p.unit);
    checkPlace(p.unit, p.at, u?.side);
  }
  for (const r of s.reinforcements)
    c.check(
      r.turn >= s.turns.first && r.turn <= s.turns.last,
      `scenario.json: ${r.unit} arrives on turn ${r.turn}, outside the game`,
    );
  for (const x of s.dumps) checkPlace(`dump of ${x.side}`, x.at, x.side);
  for (const x of s.supplySources) checkPlace(`supply source ${x.name}`, x.at, x.side);
  for (const x of [...s.airBases, ...s.hedgehogs])
    c.check(grid.indexOfLabel(x.hex) >= 0, `scenario.json: facility at ${x.hex} is off the map`);
  for (const x of s.control)
    c.check(regions.has(x.region) && sides.has(x.side), `scenario.json: control of ${x.region} by ${x.side}`);
  for (const k of [
    ...Object.keys(s.supplyTables),
    ...Object.keys(s.replacementTables),
    ...Object.keys(s.reserveMarkers),
  ])
    c.check(sides.has(k), `scenario.json: table for unknown side ${k}`);
  for (const t of [...Object.values(s.supplyTables), ...Object.values(s.replacementTables), s.weatherTable]) {
    const n = t.dice === '1d6' ? 6 : 11;
    c.check(t.results.length === n, `scenario.json: a ${t.dice} table needs ${n} results, has ${t.results.length}`);
  }
  const weather = new Set(s.weather.map((w) => w.id));
  for (const w of s.weatherTable.results)
    c.check(weather.has(w), `scenario.json: weather table result "${w}" is not a weather`);
  for (const n of s.naval)
    c.check(
      counters.get(n.unit)?.kind === 'ship' || counters.get(n.unit)?.kind === 'landingCraft',
      `scenario.json: naval ${n.unit} is not a ship or landing craft`,
    );
  for (const v of s.victory.hexes)
    c.check(grid.indexOfLabel(v.hex) >= 0, `scenario.json: victory hex ${v.hex} is off the map`);
}
