/**
 * Soft Underbelly data: the JSON files beside this module (map, counters, tables, events,
 * set-up) validated by the schemas of `types.ts`, cross-checked, and returned as `SoftUnderbellyData`.
 * Every datum carries a provenance (see `provenance` in @sandtable/engine). An owner of the
 * box can replace any file with the real map or counter sheet; see games/soft-underbelly/DATA.md.
 */
import type { z } from 'zod';
import {
  AreaGraph,
  DataChecks,
  RuleError,
  Tracer,
  newFloodField,
  parseData,
  type FloodField,
  type NodeTest,
} from '@sandtable/engine';
import mapJson from './map.json' with { type: 'json' };
import countersJson from './counters.json' with { type: 'json' };
import tablesJson from './tables.json' with { type: 'json' };
import eventsJson from './events.json' with { type: 'json' };
import setupJson from './setup.json' with { type: 'json' };
import {
  distToRing,
  pointInRing,
  rangeToRing,
  ringGap,
  selfIntersections,
  sharedBorderLength,
  signedArea,
  type Ring,
} from './geometry.ts';
import {
  countersFileSchema,
  eventsFileSchema,
  mapFileSchema,
  setupFileSchema,
  tablesFileSchema,
  type AreaData,
  type CounterType,
  type EventData,
  type LinkKind,
  type SetupPlacement,
  type Side,
  type SoftUnderbellyData,
} from './types.ts';

export * from './types.ts';
export { rangeToRing } from './geometry.ts';

export const DATA_FILES = ['map', 'counters', 'tables', 'events', 'setup'] as const;
export type DataFileName = (typeof DATA_FILES)[number];
export type DataFiles = Partial<Record<DataFileName, unknown>>;

/** The reserved id of the single sea box (§2 L19); never an area of map.json. */
export const SEA = 'sea';
/** Stacking limits (§3 L38, §28 L296, §36 L380). */
export const STACK_LIMIT = 6;
export const TANK_LIMIT = 2;
export const LINE_LIMIT = 1;

type MapFile = z.infer<typeof mapFileSchema>;
type CountersFile = z.infer<typeof countersFileSchema>;
type TablesFile = z.infer<typeof tablesFileSchema>;
type EventsFile = z.infer<typeof eventsFileSchema>;
type SetupFile = z.infer<typeof setupFileSchema>;

const BUNDLED: Record<DataFileName, unknown> = {
  map: mapJson,
  counters: countersJson,
  tables: tablesJson,
  events: eventsJson,
  setup: setupJson,
};

/** Fresh, mutable copies of the bundled JSON files (for tests and for editing tools). */
export function softUnderbellyFiles(): Record<DataFileName, unknown> {
  return structuredClone(BUNDLED);
}

// ---- loading -------------------------------------------------------------------------------

let bundledData: SoftUnderbellyData | undefined;

/**
 * Validates and returns the game data. Without arguments the bundled JSON is used (parsed once
 * and frozen); any file given replaces the bundled one. Throws one RuleError (code bad-data)
 * listing every problem with its file and path.
 */
export function loadSoftUnderbellyData(files?: DataFiles): SoftUnderbellyData {
  const useBundled = !files || DATA_FILES.every((f) => files[f] === undefined);
  if (useBundled && bundledData) return bundledData;
  const src = { ...BUNDLED, ...stripUndefined(files ?? {}) };

  const problems: string[] = [];
  const parse = <T>(file: DataFileName, schema: z.ZodType<T>): T | undefined => {
    try {
      return parseData(`${file}.json`, schema, src[file]);
    } catch (e) {
      if (e instanceof RuleError) {
        problems.push(e.message);
        return undefined;
      }
      throw e;
    }
  };
  const map = parse('map', mapFileSchema);
  const counters = parse('counters', countersFileSchema);
  const tables = parse('tables', tablesFileSchema);
  const events = parse('events', eventsFileSchema);
  const setup = parse('setup', setupFileSchema);
  if (!map || !counters || !tables || !events || !setup) {
    throw new RuleError('data', `Soft Underbelly data failed schema validation:\n${problems.join('\n')}`, 'bad-data');
  }

  const data = assemble(map, counters, tables, events, setup);
  const checks = new DataChecks('Soft Underbelly data');
  crossCheck(data, checks);
  checks.done();
  if (useBundled) {
    bundledData = deepFreeze(data);
    return bundledData;
  }
  return data;
}

function stripUndefined(files: DataFiles): DataFiles {
  const out: DataFiles = {};
  for (const f of DATA_FILES) if (files[f] !== undefined) out[f] = files[f];
  return out;
}

function deepFreeze<T>(o: T): T {
  if (o && typeof o === 'object' && !Object.isFrozen(o)) {
    Object.freeze(o);
    for (const v of Object.values(o as object)) deepFreeze(v);
  }
  return o;
}

function assemble(map: MapFile, c: CountersFile, t: TablesFile, e: EventsFile, s: SetupFile): SoftUnderbellyData {
  const costs = (side: Side): Partial<Record<CounterType, number>> => {
    const out: Partial<Record<CounterType, number>> = {};
    for (const [type, v] of Object.entries(t.conversionCost[side])) if (v) out[type as CounterType] = v.cost;
    return out;
  };
  const costProvenance = (['allies', 'axis'] as const)
    .flatMap((sd) =>
      Object.entries(t.conversionCost[sd]).map(([type, v]) => `${sd} ${type} ${v?.cost}: ${v?.provenance}`),
    )
    .join('; ');
  const areas: AreaData[] = map.areas.map((a) => ({
    ...a,
    center: [a.center[0], a.center[1]],
    airBase: [a.airBase[0], a.airBase[1]],
    polygon: a.polygon.map((p) => [p[0], p[1]] as [number, number]),
  }));
  const data: SoftUnderbellyData = {
    areas,
    links: map.links.map((l) => ({ ...l })),
    counters: c.counters.map((x) => ({ ...x })),
    cubes: { allies: { ...c.cubes.allies }, axis: { ...c.cubes.axis } },
    defensiveLines: { ...c.defensiveLines },
    rulers: { ...t.rulers },
    conversionCost: {
      allies: costs('allies'),
      axis: costs('axis'),
      provenance: `derived: per entry: ${costProvenance}`,
    },
    reinforcements: {
      allies: [...t.reinforcements.allies.perTurn],
      axis: [...t.reinforcements.axis.perTurn],
      provenance: `derived: allies: ${t.reinforcements.allies.provenance}; axis: ${t.reinforcements.axis.provenance}`,
    },
    navalTransport: { ...t.navalTransport },
    events: e.events.map((x) => ({ ...x })),
    setup: s.setup.map((p) => ({ ...p, counters: [...p.counters] })),
    turns: t.turns.value,
    overlordTurn: t.overlordTurn.value,
    eventMarkers: { ...t.eventMarkers },
    boxCubes: { ...c.boxCubes },
  };
  if (s.axisDefaultDeployment)
    data.axisDefaultDeployment = s.axisDefaultDeployment.map((p) => ({ ...p, counters: [...p.counters] }));
  return data;
}

// ---- cross-checks --------------------------------------------------------------------------

const SIDE_TYPES: Record<Side, readonly CounterType[]> = {
  allies: ['tank', 'aircraft', 'paratroops', 'partisan', 'fleet'],
  axis: ['tank', 'aircraft', 'elite', 'fleet', 'uboat'],
};
const SIDE_NATIONS: Record<Side, readonly string[]> = { allies: ['US', 'UK', 'allied'], axis: ['IT', 'DE'] };
const SIDE_EVENTS: Record<Side, readonly EventData['id'][]> = {
  allies: ['reinforcements', 'extraImpulse', 'stopBattle', 'logisticEffort', 'operations', 'reserves', 'blockade'],
  axis: [
    'reinforcements',
    'extraImpulse',
    'stopBattle',
    'logisticEffort',
    'kesselring',
    'reserves',
    'newDefensiveLine',
  ],
};
/** Land areas sharing less border than this (km) only meet at a point. */
const MIN_SHARED_BORDER_KM = 5;
/** Vertex tolerance (km) when comparing borders of neighbouring polygons. */
const BORDER_TOL_KM = 1;

function crossCheck(d: SoftUnderbellyData, checks: DataChecks): void {
  checkMap(d, checks);
  checkCounters(d, checks);
  checkTables(d, checks);
  checkEvents(d, checks);
  checkSetup(d, checks);
  checkWorkedExample(d, checks);
}

function areaLabel(a: AreaData): string {
  return `${a.id} ${a.name}`;
}

function checkMap(d: SoftUnderbellyData, checks: DataChecks): void {
  const byId = new Map<string, AreaData>();
  d.areas.forEach((a, i) => {
    const at = `map.json: areas[${i}] (${areaLabel(a)})`;
    checks.check(!byId.has(a.id), `${at}: duplicate area id "${a.id}"`);
    checks.check(a.id.toLowerCase() !== SEA, `${at}: id "${SEA}" is reserved for the sea box`);
    byId.set(a.id, a);
    checks.check(
      a.kind !== 'land' || /^\d{2}$/.test(a.id),
      `${at}: land areas carry their printed two-digit number as id`,
    );
    if (a.kind === 'impassable') {
      const symbols = (
        [
          'seaAdjacent',
          'orangeStar',
          'alliedStar',
          'axisSymbol',
          'airfield',
          'mountain',
          'partisanTriangle',
          'island',
          'italian',
        ] as const
      ).filter((f) => a[f]);
      checks.check(
        symbols.length === 0,
        `${at}: an impassable area cannot carry ${symbols.join(', ')} (no unit can enter or control it, §2 L19)`,
      );
    }
    checkPolygon(a, at, checks);
  });

  // links: known ids, no self links, unique and symmetric
  const pairKind = new Map<string, LinkKind>();
  d.links.forEach((l, i) => {
    const at = `map.json: links[${i}] (${l.a}-${l.b})`;
    const a = byId.get(l.a);
    const b = byId.get(l.b);
    checks.check(a, `${at}: unknown area id "${l.a}"`);
    checks.check(b, `${at}: unknown area id "${l.b}"`);
    checks.check(l.a !== l.b, `${at}: an area cannot link to itself`);
    if (!a || !b || l.a === l.b) return;
    const key = l.a < l.b ? `${l.a}|${l.b}` : `${l.b}|${l.a}`;
    const prev = pairKind.get(key);
    if (prev === undefined) pairKind.set(key, l.kind);
    else if (prev === l.kind)
      checks.check(false, `${at}: link listed twice (links are listed once and join both ways)`);
    else checks.check(false, `${at}: asymmetric link: ${l.a}-${l.b} is "${prev}" one way and "${l.kind}" the other`);
    if (l.kind === 'arrow')
      checks.check(a.kind === 'land' && b.kind === 'land', `${at}: a white arrow joins two land areas`);
    if (l.kind === 'land') {
      const shared = Math.max(
        sharedBorderLength(a.polygon, b.polygon, BORDER_TOL_KM),
        sharedBorderLength(b.polygon, a.polygon, BORDER_TOL_KM),
      );
      checks.check(
        shared >= MIN_SHARED_BORDER_KM,
        `${at}: land link but the polygons of ${areaLabel(a)} and ${areaLabel(b)} share no border (${shared.toFixed(1)} km)`,
      );
    }
  });

  // areas that touch on the map must be linked, and polygons must not overlap
  for (let i = 0; i < d.areas.length; i++) {
    for (let j = i + 1; j < d.areas.length; j++) {
      const a = d.areas[i]!;
      const b = d.areas[j]!;
      if (ringGap(a.polygon, b.polygon) > BORDER_TOL_KM) continue;
      const key = a.id < b.id ? `${a.id}|${b.id}` : `${b.id}|${a.id}`;
      const shared = Math.max(
        sharedBorderLength(a.polygon, b.polygon, BORDER_TOL_KM),
        sharedBorderLength(b.polygon, a.polygon, BORDER_TOL_KM),
      );
      if (shared >= MIN_SHARED_BORDER_KM) {
        checks.check(
          pairKind.get(key) === 'land',
          `map.json: ${areaLabel(a)} and ${areaLabel(b)} share a ${shared.toFixed(0)} km border but have no land link`,
        );
      }
      const inside =
        a.polygon.find((p) => pointInRing(p, b.polygon) && distToRing(p, b.polygon) > BORDER_TOL_KM) ??
        b.polygon.find((p) => pointInRing(p, a.polygon) && distToRing(p, a.polygon) > BORDER_TOL_KM);
      checks.check(
        !inside,
        `map.json: polygons of ${areaLabel(a)} and ${areaLabel(b)} overlap near [${inside?.join(', ')}]`,
      );
    }
  }

  // symbols
  const stars = d.areas.filter((a) => a.alliedStar);
  checks.check(
    stars.length === 3,
    `map.json: exactly 3 Allied-star areas expected (§5 L65), found ${stars.length} (${stars.map((a) => a.id).join(', ')})`,
  );
  for (const a of stars) checks.check(a.kind === 'land', `map.json: Allied star on impassable area ${a.id}`);
  const axisSym = d.areas.filter((a) => a.axisSymbol);
  checks.check(
    axisSym.length === 1 && axisSym[0]?.id === '01',
    `map.json: the Axis symbol must be on area 01 Munich alone (§2 L27), found on ${axisSym.map((a) => a.id).join(', ') || 'none'}`,
  );
  const munich = byId.get('01');
  checks.check(
    munich?.kind === 'land' && munich.region === 'europe',
    'map.json: area 01 (Munich) must be a European land area (§2 L27)',
  );
  checks.check(
    d.areas.some((a) => a.orangeStar && !a.seaAdjacent && a.region === 'europe' && a.kind === 'land'),
    'map.json: at least one European orange-star area must be landlocked, or the Axis has no supply source in Europe (§40 L408)',
  );
  checks.check(
    d.areas.some((a) => a.orangeStar),
    'map.json: no orange-star area (§2 L23)',
  );
  for (const a of d.areas) {
    const n = /^\d{2}$/.test(a.id) ? Number(a.id) : NaN;
    const expected = n >= 3 && n <= 14 && a.name !== 'Sardinia';
    checks.check(
      a.italian === expected,
      `map.json: ${areaLabel(a)}: italian must be ${expected} (areas 03-14 except Sardinia trigger surrender, §42 L418, AMB-20)`,
    );
  }
  for (const name of ['Sardinia', 'Corsica']) {
    const isl = d.areas.find((a) => a.name === name);
    checks.check(
      isl?.island === true && isl.region === 'europe',
      `map.json: ${name} must be a European area flagged island (§40 L410, §46 L456)`,
    );
  }

  // connectivity over land/arrow links, never through impassable areas (checked once the ids are unique)
  if (byId.size < d.areas.length) return;
  const graph = areaGraph(d);
  const land = graph.kindMask('land', 'arrow');
  const tracer = new Tracer(graph.withKinds(land));
  const reachFrom = (start: string) => {
    const i = graph.indexOf(start);
    return i < 0 ? new Uint8Array(d.areas.length) : tracer.flood(i).reached;
  };
  const fromMunich = reachFrom('01');
  const fromTunis = reachFrom('17');
  d.areas.forEach((a, i) => {
    if (a.kind !== 'land') return;
    if (a.region === 'europe' && !a.island) {
      checks.check(
        fromMunich[i] === 1,
        `map.json: ${areaLabel(a)} cannot be reached from Munich over land or arrow links (no Axis supply line could reach it, §39 L402)`,
      );
    } else if (a.region === 'africa') {
      checks.check(fromTunis[i] === 1, `map.json: ${areaLabel(a)} (Africa) cannot be reached from Tunis over land`);
    } else {
      checks.check(
        graph.neighbours(i, land).length > 0 || d.areas.filter((x) => x.island).length === 1,
        `map.json: island ${areaLabel(a)} has no link`,
      );
    }
  });
}

function checkPolygon(a: AreaData, at: string, checks: DataChecks): void {
  const ring: Ring = a.polygon;
  const first = ring[0]!;
  const last = ring[ring.length - 1]!;
  checks.check(
    !(first[0] === last[0] && first[1] === last[1]),
    `${at}: polygon repeats its first vertex at the end (rings are closed implicitly)`,
  );
  for (let i = 0; i < ring.length; i++) {
    const p = ring[i]!;
    const q = ring[(i + 1) % ring.length]!;
    if (i < ring.length - 1 || !(p[0] === q[0] && p[1] === q[1])) {
      checks.check(!(p[0] === q[0] && p[1] === q[1]), `${at}: polygon vertex ${i} is repeated`);
    }
  }
  checks.check(
    Math.abs(signedArea(ring)) >= 100,
    `${at}: polygon is degenerate (area ${Math.abs(signedArea(ring)).toFixed(0)} km²)`,
  );
  const crossings = selfIntersections(ring);
  checks.check(
    crossings.length === 0,
    `${at}: polygon edges ${crossings.map(([i, j]) => `${i}/${j}`).join(', ')} cross`,
  );
  checks.check(pointInRing(a.center, ring), `${at}: center [${a.center.join(', ')}] lies outside the polygon`);
  checks.check(
    pointInRing(a.airBase, ring) && distToRing(a.airBase, ring) > 0,
    `${at}: airBase [${a.airBase.join(', ')}] must lie inside the polygon, off its border (§32 L346)`,
  );
}

function checkCounters(d: SoftUnderbellyData, checks: DataChecks): void {
  const seen = new Set<string>();
  d.counters.forEach((c, i) => {
    const at = `counters.json: counters[${i}] (${c.id})`;
    checks.check(!seen.has(c.id), `${at}: duplicate counter id`);
    seen.add(c.id);
    checks.check(
      SIDE_TYPES[c.side].includes(c.type),
      `${at}: the ${c.side} have no ${c.type} counters (§33, §34, §35, §38)`,
    );
    checks.check(
      SIDE_NATIONS[c.side].includes(c.nationality),
      `${at}: nationality ${c.nationality} is not on the ${c.side} side`,
    );
  });
  const fleets = (s: Side) =>
    d.counters
      .filter((c) => c.side === s && c.type === 'fleet')
      .map((c) => c.nationality)
      .sort()
      .join(',');
  checks.check(
    fleets('allies') === 'UK,US',
    `counters.json: the Allies need exactly a US and a British fleet (§5 L65), found [${fleets('allies')}]`,
  );
  checks.check(
    fleets('axis') === 'IT',
    `counters.json: the Axis needs exactly one Italian fleet (§5 L69), found [${fleets('axis')}]`,
  );
  checks.check(
    d.counters.some((c) => c.type === 'uboat'),
    'counters.json: no U-boat (§5 L69)',
  );
  checks.check(
    d.defensiveLines.count === 3,
    `counters.json: the Axis has 3 defensive lines (§36 L378), found ${d.defensiveLines.count}`,
  );
  const box = d.boxCubes?.count;
  if (box !== undefined) {
    const total = d.cubes.allies.count + d.cubes.axis.count;
    checks.check(
      total <= box,
      `counters.json: ${total} cubes (allies ${d.cubes.allies.count} + axis ${d.cubes.axis.count}) exceed the ${box} in the box`,
    );
  }
}

function checkTables(d: SoftUnderbellyData, checks: DataChecks): void {
  checks.check(
    d.rulers.short < d.rulers.long,
    `tables.json: rulers: short (${d.rulers.short}) must be shorter than long (${d.rulers.long}) (§31 L338)`,
  );
  checks.check(
    d.overlordTurn >= 1 && d.overlordTurn <= d.turns,
    `tables.json: overlordTurn ${d.overlordTurn} outside turns 1-${d.turns}`,
  );
  for (const s of ['allies', 'axis'] as const) {
    const r = d.reinforcements[s];
    checks.check(
      r.length === d.turns,
      `tables.json: reinforcements.${s}.perTurn has ${r.length} entries, expected one per turn (${d.turns})`,
    );
    checks.check(
      r[0] === 0,
      `tables.json: reinforcements.${s}.perTurn[0] must be 0 (reinforcements start in turn 2, §9 L114)`,
    );
    for (const [type, v] of Object.entries(d.conversionCost[s])) {
      checks.check(
        SIDE_TYPES[s].includes(type as CounterType) && type !== 'fleet' && type !== 'uboat',
        `tables.json: conversionCost.${s}.${type}: the ${s} cannot convert cubes into ${type} (§10 L120)`,
      );
      checks.check(
        Number.isInteger(v) && (v ?? 0) >= 1,
        `tables.json: conversionCost.${s}.${type} must be a positive integer`,
      );
    }
    for (const type of SIDE_TYPES[s].filter((x) => x !== 'fleet' && x !== 'uboat')) {
      checks.check(
        d.conversionCost[s][type] !== undefined,
        `tables.json: conversionCost.${s}.${type} is missing (§10 L120)`,
      );
    }
  }
  checks.check(
    d.navalTransport.alliesAfterOverlord <= d.navalTransport.allies,
    'tables.json: navalTransport.alliesAfterOverlord exceeds the normal Allied value (§43 L424)',
  );
}

function checkEvents(d: SoftUnderbellyData, checks: DataChecks): void {
  const seen = new Set<string>();
  d.events.forEach((e, i) => {
    const at = `events.json: events[${i}] (${e.side} ${e.id})`;
    checks.check(!seen.has(`${e.side}:${e.id}`), `${at}: duplicate event`);
    seen.add(`${e.side}:${e.id}`);
    checks.check(SIDE_EVENTS[e.side].includes(e.id), `${at}: not an event of the ${e.side} track (§45, §46)`);
  });
  for (const s of ['allies', 'axis'] as const) {
    const n = d.events.filter((e) => e.side === s).length;
    checks.check(n === 7, `events.json: the ${s} track has ${n} events, expected 7 (§44 L432)`);
  }
}

interface AreaLoad {
  side: Set<Side>;
  units: number;
  tanks: number;
  lines: number;
}

function checkSetup(d: SoftUnderbellyData, checks: DataChecks): void {
  const areas = new Map(d.areas.map((a) => [a.id, a]));
  const counters = new Map(d.counters.map((c) => [c.id, c]));
  const used = new Map<string, string>();
  const load = new Map<string, AreaLoad>();
  const cubes: Record<Side, number> = { allies: 0, axis: 0 };
  let lines = 0;

  const visit = (list: readonly SetupPlacement[], file: string) => {
    list.forEach((p, i) => {
      const at = `setup.json: ${file}[${i}] (${p.side} in ${p.area})`;
      const area = areas.get(p.area);
      const atSea = p.area === SEA;
      checks.check(atSea || area, `${at}: unknown area id "${p.area}"`);
      checks.check(!area || area.kind === 'land', `${at}: no unit may stand in impassable area ${p.area} (§2 L19)`);
      checks.check(p.lines === 0 || p.side === 'axis', `${at}: only the Axis has defensive lines (§36 L378)`);
      checks.check(!atSea || (p.cubes === 0 && p.lines === 0), `${at}: cubes and lines cannot be at sea (§15 L172)`);
      cubes[p.side] += p.cubes;
      lines += p.lines;
      let tanks = 0;
      let units = p.cubes;
      for (const id of p.counters) {
        const c = counters.get(id);
        checks.check(c, `${at}: unknown counter id "${id}"`);
        const prev = used.get(id);
        checks.check(prev === undefined, `${at}: counter "${id}" is already placed in ${prev}`);
        used.set(id, at);
        if (!c) continue;
        checks.check(c.side === p.side, `${at}: counter "${id}" belongs to the ${c.side}`);
        const naval = c.type === 'fleet' || c.type === 'uboat';
        checks.check(
          naval === atSea,
          naval ? `${at}: ${id} (${c.type}) must be at sea (§15 L172)` : `${at}: ${id} (${c.type}) cannot be at sea`,
        );
        if (c.type === 'tank') tanks++;
        if (!naval && c.type !== 'partisan') units++;
      }
      if (atSea || !area) return;
      const l = load.get(p.area) ?? { side: new Set<Side>(), units: 0, tanks: 0, lines: 0 };
      l.side.add(p.side);
      l.units += units;
      l.tanks += tanks;
      l.lines += p.lines;
      load.set(p.area, l);
      if (file === 'setup' && p.side === 'allies')
        checks.check(area.alliedStar, `${at}: Allied units set up only in Allied-star areas (§5 L65)`);
      if (file === 'axisDefaultDeployment')
        checks.check(area.region !== 'africa', `${at}: the Axis free deployment is outside Africa (§5 L67)`);
    });
  };
  visit(d.setup, 'setup');
  if (d.axisDefaultDeployment) visit(d.axisDefaultDeployment, 'axisDefaultDeployment');

  for (const [id, l] of load) {
    checks.check(l.side.size === 1, `setup.json: area ${id} holds units of both sides (§2 L32)`);
    checks.check(
      l.units <= STACK_LIMIT,
      `setup.json: area ${id} is over-stacked: ${l.units} units, at most ${STACK_LIMIT} (§3 L38)`,
    );
    checks.check(
      l.tanks <= TANK_LIMIT,
      `setup.json: area ${id} holds ${l.tanks} tanks, at most ${TANK_LIMIT} (§28 L296)`,
    );
    checks.check(
      l.lines <= LINE_LIMIT,
      `setup.json: area ${id} holds ${l.lines} defensive lines, at most ${LINE_LIMIT} (§36 L380)`,
    );
  }
  for (const s of ['allies', 'axis'] as const) {
    checks.check(
      cubes[s] <= d.cubes[s].count,
      `setup.json: ${cubes[s]} ${s} cubes placed but the box has ${d.cubes[s].count}`,
    );
  }
  checks.check(
    lines <= d.defensiveLines.count,
    `setup.json: ${lines} defensive lines placed, the Axis has ${d.defensiveLines.count}`,
  );
  for (const a of d.areas.filter((x) => x.alliedStar)) {
    const here = d.setup.filter((p) => p.side === 'allies' && p.area === a.id);
    const tanks = here.flatMap((p) => p.counters).filter((id) => counters.get(id)?.type === 'tank').length;
    const air = here.flatMap((p) => p.counters).filter((id) => counters.get(id)?.type === 'aircraft').length;
    const cb = here.reduce((n, p) => n + p.cubes, 0);
    checks.check(
      cb === 4 && tanks === 1 && air === 1,
      `setup.json: Allied-star area ${a.id} must start with 4 cubes, 1 tank, 1 aircraft (§5 L65), has ${cb}/${tanks}/${air}`,
    );
  }
  if (d.axisDefaultDeployment) {
    // AMB-27: the default deployment places every Axis unit the fixed set-up leaves over.
    const missing = d.counters.filter((c) => c.side === 'axis' && !used.has(c.id)).map((c) => c.id);
    checks.check(
      missing.length === 0,
      `setup.json: axisDefaultDeployment leaves Axis counters unplaced: ${missing.join(', ')} (AMB-27)`,
    );
    checks.check(
      cubes.axis >= d.cubes.axis.count,
      `setup.json: axisDefaultDeployment places ${cubes.axis} of ${d.cubes.axis.count} Axis cubes (AMB-27)`,
    );
    checks.check(
      lines >= d.defensiveLines.count,
      `setup.json: axisDefaultDeployment places ${lines} of ${d.defensiveLines.count} defensive lines (AMB-27)`,
    );
  }
}

/** The constraints §47's example puts on the map (spec 9.1). */
function checkWorkedExample(d: SoftUnderbellyData, checks: DataChecks): void {
  const byId = new Map(d.areas.map((a) => [a.id, a]));
  const sicily = byId.get('14');
  const tunis = byId.get('17');
  const sardinia = d.areas.find((a) => a.name === 'Sardinia');
  if (!sicily || !tunis) {
    checks.check(sicily, 'worked example: area 14 (Sicily, §47 L478) is missing');
    checks.check(tunis, 'worked example: area 17 (Tunis, §5 L67) is missing');
    return;
  }
  checks.check(
    sicily.kind === 'land' && !sicily.mountain,
    'worked example: Sicily (14) must be a land area without mountains (tanks support there, §47 L484-L494)',
  );
  checks.check(
    sicily.seaAdjacent,
    'worked example: Sicily (14) must be sea-adjacent (the Allies land there, §47 L482)',
  );
  checks.check(
    !sicily.island,
    'worked example: Sicily (14) is not an "island" for Axis reinforcements (§47 L478, AMB-31)',
  );
  checks.check(sicily.italian, 'worked example: Sicily (14) is an Italian area (§42 L418)');
  const mainlandLink = d.links.some((l) => {
    const other = l.a === '14' ? l.b : l.b === '14' ? l.a : undefined;
    const o = other === undefined ? undefined : byId.get(other);
    return o !== undefined && o.kind === 'land' && o.region === 'europe' && !o.island;
  });
  checks.check(
    mainlandLink,
    'worked example: Sicily (14) needs a land or arrow link to the mainland (the Axis retreats out of it, §47 L504, §22 L248)',
  );
  checks.check(
    tunis.seaAdjacent && tunis.region === 'africa',
    'worked example: Tunis (17) must be a sea-adjacent African area (Allied reinforcements there, §47 L476)',
  );
  const short = d.rulers.short;
  const fromTunis = rangeToRing(tunis.airBase, sicily.polygon);
  checks.check(
    fromTunis <= short,
    `worked example: the short ruler (${short} km) must reach Sicily from Tunis's airBase (${fromTunis.toFixed(0)} km, §47 L484)`,
  );
  if (sardinia) {
    const fromSardinia = rangeToRing(sardinia.airBase, sicily.polygon);
    checks.check(
      fromSardinia <= short,
      `worked example: the short ruler (${short} km) must reach Sicily from Sardinia's airBase (${fromSardinia.toFixed(0)} km, §47 L494)`,
    );
  }
}

// ---- SUMap: a fast, index-based view of the map ------------------------------------------

export type Ruler = 'short' | 'long';
/** An area by id ("14") or by SUMap index (13). */
export type AreaRef = string | number;
export type AreaFlag =
  | 'seaAdjacent'
  | 'orangeStar'
  | 'alliedStar'
  | 'axisSymbol'
  | 'airfield'
  | 'mountain'
  | 'partisanTriangle'
  | 'island'
  | 'italian';

/** Link kinds of `SUMap.graph`: the map's links, and the sea between sea-adjacent areas (AMB-21). */
export const GRAPH_KINDS = ['land', 'arrow', 'sea'] as const;

/**
 * The engine's area graph of the passable areas (§2 L19: never Switzerland or the Balkans): land
 * borders and white arrows as listed once in the data (a pair listed twice keeps one link), and a
 * 'sea' link between every two sea-adjacent areas, for supply across the sea (AMB-21 option).
 */
export function areaGraph(data: Pick<SoftUnderbellyData, 'areas' | 'links'>): AreaGraph {
  const land = new Set(data.areas.filter((a) => a.kind === 'land').map((a) => a.id));
  const seen = new Set<string>();
  const links: { a: string; b: string; kind: string }[] = [];
  const add = (a: string, b: string, kind: string) => {
    const key = a < b ? `${a}|${b}|${kind}` : `${b}|${a}|${kind}`;
    if (a === b || !land.has(a) || !land.has(b) || seen.has(key)) return;
    seen.add(key);
    links.push({ a, b, kind });
  };
  for (const l of data.links) add(l.a, l.b, l.kind);
  const coast = data.areas.filter((a) => a.kind === 'land' && a.seaAdjacent);
  for (const [i, x] of coast.entries()) for (const y of coast.slice(i + 1)) add(x.id, y.id, 'sea');
  return new AreaGraph({
    name: 'Soft Underbelly map',
    kinds: GRAPH_KINDS,
    nodes: data.areas.map((a) => ({ id: a.id })),
    links,
  });
}

/**
 * Area ids <-> indices, adjacency over land and arrow links between passable areas, flag
 * arrays and a precomputed ruler-reach matrix (airBase to the nearest point of the target).
 * Build once per data object with `suMap(data)`.
 */
export class SUMap {
  readonly size: number;
  readonly ids: readonly string[];
  readonly areas: readonly AreaData[];
  /** The engine's area graph (see `areaGraph`). */
  readonly graph: AreaGraph;
  /** Tracers over land borders and white arrows, and over those and the sea; their flood field. */
  private readonly overLand: Tracer;
  private readonly overLandAndSea: Tracer;
  private readonly field: FloodField;
  /** Neighbours over land and arrow links; impassable areas have none and are never neighbours. */
  readonly adj: readonly (readonly number[])[];
  readonly passable: readonly boolean[];
  readonly africa: readonly boolean[];
  readonly seaAdjacent: readonly boolean[];
  readonly orangeStar: readonly boolean[];
  readonly alliedStar: readonly boolean[];
  readonly axisSymbol: readonly boolean[];
  readonly airfield: readonly boolean[];
  readonly mountain: readonly boolean[];
  readonly partisanTriangle: readonly boolean[];
  readonly island: readonly boolean[];
  readonly italian: readonly boolean[];
  readonly rulers: { readonly short: number; readonly long: number };
  private readonly byId: ReadonlyMap<string, number>;
  private readonly kinds: ReadonlyMap<number, LinkKind>;
  private readonly rangeKmM: Float64Array;
  private readonly reachShort: Uint8Array;
  private readonly reachLong: Uint8Array;

  constructor(data: SoftUnderbellyData) {
    const areas = data.areas;
    const n = areas.length;
    this.size = n;
    this.areas = areas;
    this.ids = areas.map((a) => a.id);
    this.byId = new Map(areas.map((a, i) => [a.id, i]));
    this.rulers = { short: data.rulers.short, long: data.rulers.long };
    const flag = (f: AreaFlag) => areas.map((a) => a[f]);
    this.passable = areas.map((a) => a.kind === 'land');
    this.africa = areas.map((a) => a.region === 'africa');
    this.seaAdjacent = flag('seaAdjacent');
    this.orangeStar = flag('orangeStar');
    this.alliedStar = flag('alliedStar');
    this.axisSymbol = flag('axisSymbol');
    this.airfield = flag('airfield');
    this.mountain = flag('mountain');
    this.partisanTriangle = flag('partisanTriangle');
    this.island = flag('island');
    this.italian = flag('italian');
    this.graph = areaGraph(data);
    const land = this.graph.kindMask('land', 'arrow');
    this.overLand = new Tracer(this.graph.withKinds(land));
    this.overLandAndSea = new Tracer(this.graph);
    this.field = newFloodField(n);
    this.adj = areas.map((_, i) => this.graph.neighbours(i, land).sort((x, y) => x - y));
    const kinds = new Map<number, LinkKind>();
    for (const l of data.links) {
      const a = this.byId.get(l.a);
      const b = this.byId.get(l.b);
      if (a === undefined || b === undefined || !this.passable[a] || !this.passable[b]) continue;
      kinds.set(a * n + b, l.kind);
      kinds.set(b * n + a, l.kind);
    }
    this.kinds = kinds;
    this.rangeKmM = new Float64Array(n * n);
    this.reachShort = new Uint8Array(n * n);
    this.reachLong = new Uint8Array(n * n);
    for (let f = 0; f < n; f++) {
      for (let t = 0; t < n; t++) {
        const km = f === t ? 0 : rangeToRing(areas[f]!.airBase, areas[t]!.polygon);
        this.rangeKmM[f * n + t] = km;
        this.reachShort[f * n + t] = km <= data.rulers.short ? 1 : 0;
        this.reachLong[f * n + t] = km <= data.rulers.long ? 1 : 0;
      }
    }
  }

  /** Index of an area id, or -1. */
  indexOf(id: string): number {
    return this.byId.get(id) ?? -1;
  }

  /** Index of an area id or index; throws a RangeError naming an unknown area. */
  index(ref: AreaRef): number {
    if (typeof ref === 'number') {
      if (!Number.isInteger(ref) || ref < 0 || ref >= this.size)
        throw new RangeError(`Soft Underbelly map: no area index ${ref}`);
      return ref;
    }
    const i = this.byId.get(ref);
    if (i === undefined) throw new RangeError(`Soft Underbelly map: no area "${ref}"`);
    return i;
  }

  id(i: number): string {
    return this.ids[this.index(i)]!;
  }

  area(ref: AreaRef): AreaData {
    return this.areas[this.index(ref)]!;
  }

  neighbours(ref: AreaRef): readonly number[] {
    return this.adj[this.index(ref)]!;
  }

  /** Whether two passable areas are joined by a land border or a white arrow. */
  linked(a: AreaRef, b: AreaRef): boolean {
    return this.kinds.has(this.index(a) * this.size + this.index(b));
  }

  linkKind(a: AreaRef, b: AreaRef): LinkKind | undefined {
    return this.kinds.get(this.index(a) * this.size + this.index(b));
  }

  /**
   * The areas (1) a trace from `from` reaches, entering only areas passing `enters`: over land
   * borders and white arrows, also across the sea between sea-adjacent areas with `bySea`, in at
   * most `maxHops` steps (supply §39 L402 and AMB-21, retreat §22 L242). A fresh array each call.
   */
  flood(from: number | readonly number[], enters: NodeTest, opts: { bySea?: boolean; maxHops?: number } = {}) {
    const tracer = opts.bySea ? this.overLandAndSea : this.overLand;
    const trace = opts.maxHops === undefined ? { enters } : { enters, maxHops: opts.maxHops };
    return tracer.flood(from, trace, this.field).reached.slice();
  }

  /** Ruler distance (km) from `from`'s airBase to the nearest point of `to` (0 for the same area). */
  rangeKm(from: AreaRef, to: AreaRef): number {
    return this.rangeKmM[this.index(from) * this.size + this.index(to)]!;
  }

  /** Whether an aircraft based in `from` reaches `to` with the given ruler (§31 L336). */
  reach(ruler: Ruler, from: AreaRef, to: AreaRef): boolean {
    const m = ruler === 'short' ? this.reachShort : this.reachLong;
    return m[this.index(from) * this.size + this.index(to)] === 1;
  }

  /** Indices of the passable areas within the ruler's reach of `from` (including itself). */
  inReach(ruler: Ruler, from: AreaRef): number[] {
    const f = this.index(from);
    const out: number[] = [];
    for (let t = 0; t < this.size; t++) if (this.passable[t] && this.reach(ruler, f, t)) out.push(t);
    return out;
  }

  /** Indices of the areas carrying a flag. */
  withFlag(flag: AreaFlag): number[] {
    const out: number[] = [];
    this.areas.forEach((a, i) => {
      if (a[flag]) out.push(i);
    });
    return out;
  }
}

const maps = new WeakMap<SoftUnderbellyData, SUMap>();

/** The SUMap of a data object (built once and cached); defaults to the bundled data. */
export function suMap(data: SoftUnderbellyData = loadSoftUnderbellyData()): SUMap {
  let m = maps.get(data);
  if (!m) {
    m = new SUMap(data);
    maps.set(data, m);
  }
  return m;
}

// ---- validate (CLI) ------------------------------------------------------------------------

/**
 * Loads and checks the bundled data; returns a human-readable summary, one check per line.
 * Throws the loader's RuleError listing every problem if the data is invalid.
 */
export function validateSoftUnderbellyData(): string[] {
  const d = loadSoftUnderbellyData();
  const m = suMap(d);
  const land = d.areas.filter((a) => a.kind === 'land');
  const ids = (f: (a: AreaData) => boolean) =>
    d.areas
      .filter(f)
      .map((a) => a.id)
      .join(' ');
  const count = (s: Side, t: CounterType) => d.counters.filter((c) => c.side === s && c.type === t).length;
  const counterLine = (s: Side) => SIDE_TYPES[s].map((t) => `${count(s, t)} ${t}`).join(', ');
  const sicily = m.indexOf('14');
  const tunis = m.indexOf('17');
  const sardinia = d.areas.findIndex((a) => a.name === 'Sardinia');
  const provs = [
    ...d.areas.map((a) => a.provenance),
    ...d.links.map((l) => l.provenance),
    ...d.counters.map((c) => c.provenance),
    ...d.events.map((e) => e.provenance),
    ...d.setup.map((p) => p.provenance),
  ];
  const kind = (p: string) =>
    provs.filter((x) => x.startsWith(p) || x.includes(`; ${p}`) || x.includes(`), ${p}`)).length;
  const arrows = d.links
    .filter((l) => l.kind === 'arrow')
    .map((l) => `${l.a}-${l.b}`)
    .join(' ');
  return [
    `map: ${d.areas.length} areas (${land.length} land, ${d.areas.length - land.length} impassable), ${d.links.length} links (arrows ${arrows}); links symmetric and unique, borders match polygons, no overlaps`,
    `map: every European mainland area reachable from Munich (01), every African area from Tunis (17)`,
    `map: orange stars ${ids((a) => a.orangeStar)}; Allied stars ${ids((a) => a.alliedStar)}; Axis symbol ${ids((a) => a.axisSymbol)}; Axis supply sources (landlocked European stars) ${ids((a) => a.orangeStar && !a.seaAdjacent && a.region === 'europe')}`,
    `map: sea-adjacent ${ids((a) => a.seaAdjacent)}; mountains ${ids((a) => a.mountain)}; airfields ${ids((a) => a.airfield)}; partisan triangles ${ids((a) => a.partisanTriangle)}; islands ${ids((a) => a.island)}; Italian ${ids((a) => a.italian)}`,
    `rulers: short ${d.rulers.short} km, long ${d.rulers.long} km; Tunis->Sicily ${m.rangeKm(tunis, sicily).toFixed(0)} km, Sardinia->Sicily ${sardinia >= 0 ? m.rangeKm(sardinia, sicily).toFixed(0) : '?'} km (worked example: both within the short ruler)`,
    `counters: allies ${counterLine('allies')}; axis ${counterLine('axis')}; cubes ${d.cubes.allies.count} + ${d.cubes.axis.count} of ${d.boxCubes?.count ?? '?'}; ${d.defensiveLines.count} defensive lines`,
    `tables: ${d.turns} turns, Overlord turn ${d.overlordTurn}; reinforcements allies [${d.reinforcements.allies.join(',')}] axis [${d.reinforcements.axis.join(',')}]; naval transport ${d.navalTransport.allies}/${d.navalTransport.alliesAfterOverlord}/${d.navalTransport.axis}`,
    `events: ${d.events.filter((e) => e.side === 'allies').length} Allied, ${d.events.filter((e) => e.side === 'axis').length} Axis`,
    `setup: fixed set-up and Axis default deployment legal (stacking ${STACK_LIMIT}, tanks ${TANK_LIMIT}, lines ${LINE_LIMIT}; every counter placed once)`,
    `provenance of ${provs.length} area, link, counter, event and set-up records: ${kind('rulebook ')} cite the rulebook, ${kind('derived: ')} a derivation, ${kind('ext: ')} an outside source, ${kind('reconstructed: ')} a reconstruction`,
  ];
}
