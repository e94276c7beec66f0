/**
 * Prokhorovka data: the JSON files beside this module (map, units, set-up, chits, tables)
 * validated by the schemas of `types.ts`, cross-checked, and returned as `ProkhorovkaData`. Every datum
 * carries a provenance (see `provenance` in @sandtable/engine). See games/prokhorovka/DATA.md.
 */
import type { z } from 'zod';
import { DataChecks, RuleError, parseData } from '@sandtable/engine';
import mapJson from './map.json' with { type: 'json' };
import unitsJson from './units.json' with { type: 'json' };
import setupJson from './setup.json' with { type: 'json' };
import chitsJson from './chits.json' with { type: 'json' };
import tablesJson from './tables.json' with { type: 'json' };
import { ANY_RIVER, EDGE_BITS, ROAD, buildBoard, hexsidePair, type Board } from './board.ts';
import {
  chitsFileSchema,
  mapFileSchema,
  setupFileSchema,
  tablesFileSchema,
  unitsFileSchema,
  type EquipType,
  type ProkhorovkaData,
  type SupportTypeData,
} from './types.ts';

export * from './types.ts';
export * from './board.ts';

export const DATA_FILES = ['map', 'units', 'setup', 'chits', 'tables'] as const;
export type DataFileName = (typeof DATA_FILES)[number];
export type DataFiles = Partial<Record<DataFileName, unknown>>;

const BUNDLED: Record<DataFileName, unknown> = {
  map: mapJson,
  units: unitsJson,
  setup: setupJson,
  chits: chitsJson,
  tables: tablesJson,
};

/** Fresh, mutable copies of the bundled JSON files (for tests and editing tools). */
export function prokhorovkaFiles(): Record<DataFileName, unknown> {
  return structuredClone(BUNDLED);
}

/** Physical chits from the types: `DE-E01`.. for equipment, `DE-S01`.. for support, in data order. */
function expand<T extends { side: 'DE' | 'SU'; count: number }>(types: T[], letter: string): (T & { id: string })[] {
  const out: (T & { id: string })[] = [];
  const n = { DE: 0, SU: 0 };
  for (const t of types) {
    for (let k = 0; k < t.count; k++)
      out.push({ ...t, id: `${t.side}-${letter}${String(++n[t.side]).padStart(2, '0')}` });
  }
  return out;
}

let bundled: ProkhorovkaData | undefined;

/**
 * Validates and returns the game data. Without arguments the bundled JSON is used (parsed once);
 * any file given replaces the bundled one. Throws one RuleError (code bad-data) listing every
 * problem with its file and path.
 */
export function loadProkhorovkaData(files?: DataFiles): ProkhorovkaData {
  const useBundled = !files || DATA_FILES.every((f) => files[f] === undefined);
  if (useBundled && bundled) return bundled;
  const src: Record<DataFileName, unknown> = { ...BUNDLED };
  for (const f of DATA_FILES) if (files?.[f] !== undefined) src[f] = files[f];
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
  const units = parse('units', unitsFileSchema);
  const setup = parse('setup', setupFileSchema);
  const chits = parse('chits', chitsFileSchema);
  const tables = parse('tables', tablesFileSchema);
  if (!map || !units || !setup || !chits || !tables) {
    throw new RuleError('data', `Prokhorovka data failed schema validation:\n${problems.join('\n')}`, 'bad-data');
  }
  const equipmentTypes = chits.equipment;
  const supportTypes = chits.support;
  const data: ProkhorovkaData = {
    map,
    units: units.units,
    setup: setup.placements,
    equipmentTypes,
    supportTypes,
    equipment: expand(equipmentTypes, 'E'),
    support: expand(supportTypes, 'S'),
    tables,
  };
  crossCheck(data);
  if (useBundled) bundled = data;
  return data;
}

/** Checks the bundled data; returns the problems found (empty when valid). */
export function validateProkhorovkaData(files?: DataFiles): string[] {
  try {
    loadProkhorovkaData(files);
    return [];
  } catch (e) {
    if (e instanceof RuleError) return [e.message];
    throw e;
  }
}

function crossCheck(d: ProkhorovkaData): void {
  const c = new DataChecks('Prokhorovka data');
  let board: Board | undefined;
  try {
    board = buildBoard(d.map, d.tables);
  } catch (e) {
    c.check(false, `map.json: ${(e as Error).message}`);
  }
  if (board) checkMap(c, d, board);
  checkUnits(c, d, board);
  checkChits(c, d);
  checkTables(c, d);
  c.done();
}

function checkMap(c: DataChecks, d: ProkhorovkaData, b: Board): void {
  const g = b.grid;
  const m = d.map;
  // rivers: each pair adjacent (buildBoard threw otherwise); a hexside is river or major, not both
  for (let s = 0; s < g.hexsides.length; s++) {
    const v = g.hexsides[s]!;
    c.check(
      (v & ANY_RIVER) !== ANY_RIVER,
      `map.json: hexside ${g.label((s / 6) | 0)} ${g.directionNames[s % 6]} is both river and major river`,
    );
  }
  c.check(g.asymmetricHexsides().length === 0, 'map.json: hexside flags are not symmetric');
  for (const r of m.rivers)
    for (const p of r.hexsides) {
      const [a, bb] = hexsidePair(g, p);
      c.check(a < bb, `map.json: river ${r.name}: hexside ${p} must list the lower label first`);
    }
  const placeHexes = new Set<string>();
  for (const p of m.places) {
    c.check(!placeHexes.has(p.hex), `map.json: two places in hex ${p.hex}`);
    placeHexes.add(p.hex);
  }
  for (const h of m.hills) c.check(!placeHexes.has(h.hex), `map.json: hill ${h.name} is on town/city hex ${h.hex}`);
  for (const s of m.sources) {
    const i = g.hex(s.hex);
    c.check(
      (b.edge[i]! & EDGE_BITS[s.edge]) !== 0,
      `map.json: source ${s.name} (${s.hex}) is not on the ${s.edge} map edge (2.2.1(5) half-hex marks)`,
    );
    c.check(
      s.side === 'DE' ? b.germanSide[i] === 1 : b.germanSide[i] === 0,
      `map.json: source ${s.name} (${s.hex}) is on the wrong side of the start line`,
    );
    let road = false;
    for (let dd = 0; dd < 6; dd++) if (g.hasHexside(i, dd, ROAD)) road = true;
    c.check(
      road,
      `map.json: source ${s.name} (${s.hex}) is not on a road (reconstruction rule: sources are where roads leave the map)`,
    );
  }
  c.check(
    b.sources.DE.some((i) => (b.edge[i]! & EDGE_BITS.S) !== 0),
    'map.json: the German needs a source on the south edge (7.0(1))',
  );
  c.check(
    b.sources.SU.some((i) => (b.edge[i]! & (EDGE_BITS.N | EDGE_BITS.E)) !== 0),
    'map.json: the Soviet needs a source on the north or east edge (7.0(1) N/E)',
  );
  for (const e of m.entrenchments)
    for (const h of e.hexes) {
      const i = g.hex(h);
      c.check(
        (e.side === 'DE') === (b.germanSide[i] === 1),
        `map.json: ${e.side} entrenchment ${h} (${e.name}) is on the other side of the start line`,
      );
    }
  const ent = new Set<string>();
  for (const e of m.entrenchments)
    for (const h of e.hexes) {
      c.check(!ent.has(h), `map.json: hex ${h} is in two entrenchment lists`);
      ent.add(h);
    }
  c.check(
    m.vpHexes.length >= d.tables.game.germanWinsAt,
    `map.json: only ${m.vpHexes.length} VP hexes, the German needs ${d.tables.game.germanWinsAt} (18.0(2))`,
  );
  for (const v of m.vpHexes)
    c.check(b.germanSide[g.hex(v.hex)] === 0, `map.json: VP hex ${v.name} (${v.hex}) is south of the start line`);
}

function checkUnits(c: DataChecks, d: ProkhorovkaData, b: Board | undefined): void {
  const ids = new Set<string>();
  for (const u of d.units) {
    c.check(!ids.has(u.id), `units.json: duplicate unit ${u.id}`);
    ids.add(u.id);
    const mech = ['panzer', 'panzergrenadier', 'tank', 'mechanized'].includes(u.branch);
    c.check(u.mechanized === mech, `units.json: ${u.id}: mechanized must follow the branch (2.11(3)4)`);
    c.check(
      u.reduced.fire <= u.full.fire && u.reduced.equip <= u.full.equip,
      `units.json: ${u.id}: the reduced side is stronger than the full side`,
    );
    c.check(u.full.ma > 0, `units.json: ${u.id}: MA 0`);
  }
  const placed = new Map<string, string>();
  const hexes = new Set<string>();
  for (const p of d.setup) {
    const u = d.units.find((x) => x.id === p.unit);
    c.check(u, `setup.json: unknown unit ${p.unit}`);
    c.check(!placed.has(p.unit), `setup.json: ${p.unit} placed twice`);
    c.check(!hexes.has(p.hex), `setup.json: two units in ${p.hex} (3.4(1))`);
    placed.set(p.unit, p.hex);
    hexes.add(p.hex);
    if (!u) continue;
    c.check(!u.reinforcement, `setup.json: ${p.unit} has a reinforcement dot and starts in the reserve pool (4.0(2))`);
    if (b) {
      const i = b.grid.indexOfLabel(p.hex);
      c.check(i >= 0, `setup.json: ${p.unit}: no hex ${p.hex}`);
      if (i >= 0) {
        c.check(
          (u.side === 'DE') === (b.germanSide[i] === 1),
          `setup.json: ${p.unit} (${u.side}) starts on the wrong side of the start line (2.2.1(3))`,
        );
        c.check(b.source[i] === 0, `setup.json: ${p.unit} starts on a source hex`);
      }
    }
  }
  for (const u of d.units)
    if (!u.reinforcement) c.check(placed.has(u.id), `setup.json: ${u.id} has no set-up hex (4.0(3))`);
  for (const id of d.tables.germanReinforcement.candidates) {
    const u = d.units.find((x) => x.id === id);
    c.check(
      u && u.side === 'DE' && u.reinforcement,
      `tables.json: German reinforcement ${id} must be a German unit with a reinforcement dot (7.0(1))`,
    );
  }
}

function checkChits(c: DataChecks, d: ProkhorovkaData): void {
  const count = (side: string, back: string) =>
    d.equipmentTypes.filter((t) => t.side === side && t.back === back).reduce((s, t) => s + t.count, 0);
  // 4.0(4): German 16 Tank + 23 Equip, Soviet 23 Tank + 34 Equip; 4.0(6): 18 support each
  c.check(count('DE', 'tank') === 16, `chits.json: German Tank chits ${count('DE', 'tank')}, rulebook 4.0(4) says 16`);
  c.check(
    count('DE', 'equip') === 23,
    `chits.json: German Equip chits ${count('DE', 'equip')}, rulebook 4.0(4) says 23`,
  );
  c.check(count('SU', 'tank') === 23, `chits.json: Soviet Tank chits ${count('SU', 'tank')}, rulebook 4.0(4) says 23`);
  c.check(
    count('SU', 'equip') === 34,
    `chits.json: Soviet Equip chits ${count('SU', 'equip')}, rulebook 4.0(4) says 34`,
  );
  for (const s of ['DE', 'SU']) {
    const n = d.supportTypes.filter((t) => t.side === s).reduce((a, t) => a + t.count, 0);
    c.check(n === 18, `chits.json: ${s} support chits ${n}, rulebook 4.0(6) says 18`);
  }
  const need: Record<string, (keyof EquipType)[]> = {
    tank: ['tankFire', 'armor'],
    spat: ['atFire', 'armor'],
    atgun: ['atFire', 'armor', 'range'],
    spart: ['artillery', 'armor', 'range'],
    aagun: ['aa', 'atFire', 'armor', 'range'],
    position: ['defense'],
    detachment: ['normal', 'equip', 'ma'],
  };
  for (const t of d.equipmentTypes)
    for (const k of need[t.cls]!)
      c.check(t[k] !== undefined, `chits.json: ${t.side} ${t.name} (${t.cls}) needs ${k} (签一览)`);
  const needS: Partial<Record<string, (keyof SupportTypeData)[]>> = {
    fighter: ['aa'],
    bomber: ['bombing'],
    attack: ['groundAttack'],
    rudel: ['groundAttack', 'shots'],
    recon: ['reveals'],
    heavyArtillery: ['artillery'],
    minefield: ['damageBonus'],
  };
  for (const t of d.supportTypes)
    for (const k of needS[t.kind] ?? [])
      c.check(t[k] !== undefined, `chits.json: ${t.side} ${t.name} (${t.kind}) needs ${k} (签一览)`);
  // values the rulebook gives
  const one = (side: string, name: string) => d.equipmentTypes.find((t) => t.side === side && t.name === name);
  c.check(one('DE', 'Tiger')?.tankFire === 6, 'chits.json: Tiger tank fire must be 6 (12.0 example)');
  c.check(one('SU', 'KV-1')?.armor === 2, 'chits.json: KV-1 armor must be 2 (12.0 example)');
  c.check(one('SU', 'T-34')?.armor === 1, 'chits.json: T-34 armor must be 1 (签一览 Ju87 example)');
  c.check(one('SU', 'SU-152')?.atFireOptional === 5, 'chits.json: SU-152 optional AT fire must be 5 (19.3(1))');
  for (const t of d.equipmentTypes) {
    if (t.cls === 'position')
      c.check(
        t.defense === (t.name === 'Bunker' ? 3 : 2),
        `chits.json: ${t.name} defense level (签一览 position: MG nest 2, bunker 3)`,
      );
    if (t.cls === 'detachment')
      c.check(
        t.normal === 1 && t.equip === 1 && t.ma === 3,
        'chits.json: detachment is 1-1-3 face-up (签一览 detachment)',
      );
  }
}

function checkTables(c: DataChecks, d: ProkhorovkaData): void {
  const t = d.tables;
  const ter = (id: string) => t.terrain.find((x) => x.id === id);
  for (const id of ['clear', 'town', 'city', 'hill']) c.check(ter(id), `tables.json: terrain ${id} missing`);
  c.check(ter('town')?.tdl === 2, 'tables.json: town TDL must be 2 (12.0 example)');
  c.check(
    ter('hill')?.normalHit === 1 && ter('hill')?.tankSupport === 'diamond',
    'tables.json: hill: normal hit 1, tank support diamond (17.2 example)',
  );
  c.check(ter('hill')?.groundAttack === 4, 'tables.json: hill ground attack 4 (签一览 Ju87 example, derived)');
  c.check(
    t.hexsides.find((h) => h.id === 'river')?.tdlBonus === 1 &&
      t.hexsides.find((h) => h.id === 'major')?.tdlBonus === 2,
    'tables.json: river TDL +1, major river +2 (12.0(2)1)',
  );
  c.check(t.combat.defenderHit === 2, 'tables.json: the defender hits on 2 (11.3(1)1, 11.4(1)1)');
  c.check(t.game.turns === 9 && t.game.germanWinsAt === 6, 'tables.json: 9 turns, 6 VP (5.0, 18.0)');
  c.check(
    t.turnTrack.length === t.game.turns && t.turnTrack.every((b, k) => b.turn === k + 1),
    'tables.json: the turn track has one box per turn, in order (2.2.2(1))',
  );
  for (const b of t.turnTrack) c.check(b.sovSP <= 18, `tables.json: turn ${b.turn}: Sov SP ${b.sovSP} > 18 chits`);
  c.check(t.turnTrack[0]?.sovSP !== undefined, 'tables.json: turn 1 Sov SP');
  const byFormation = new Map<string, number>();
  for (const b of t.turnTrack)
    for (const r of b.reinforcements) byFormation.set(r.formation, (byFormation.get(r.formation) ?? 0) + r.count);
  for (const [f, n] of byFormation) {
    const have = d.units.filter((u) => u.side === 'SU' && u.formation === f && u.reinforcement).length;
    c.check(
      have === n,
      `tables.json: the turn track brings ${n} ${f} units, units.json has ${have} with a reinforcement dot (7.0(1))`,
    );
  }
  const tk = t.turnTrack.reduce((s, b) => s + b.tank, 0),
    eq = t.turnTrack.reduce((s, b) => s + b.equip, 0);
  c.check(
    tk <= 23 - t.setupDraws.SU.tank && eq <= 34 - t.setupDraws.SU.equip,
    `tables.json: the turn track draws more Soviet chits (${tk} TK, ${eq} EQ) than the cups keep after set-up`,
  );
  c.check(
    t.setupDraws.DE.tank === 12 &&
      t.setupDraws.DE.equip === 19 &&
      t.setupDraws.SU.tank === 12 &&
      t.setupDraws.SU.equip === 21,
    'tables.json: set-up draws 12/19 and 12/21 (4.0(4))',
  );
  const sumT = t.xxivAllotment.reduce((s, a) => s + a.tank, 0),
    sumE = t.xxivAllotment.reduce((s, a) => s + a.equip, 0);
  c.check(
    sumT === t.germanReinforcement.tank && sumE === t.germanReinforcement.equip,
    'tables.json: the 19.2 allotments add up to the 7.0 package (A-02)',
  );
  for (const a of t.xxivAllotment)
    c.check(
      t.germanReinforcement.candidates.includes(a.unit),
      `tables.json: 19.2 allotment for unknown unit ${a.unit}`,
    );
}
