/**
 * Rise and Fall of the Third Reich data: the JSON files beside this module (map, areas,
 * nations, counters, cards, tracks) validated by the schemas of `types.ts`, cross-checked, and
 * returned as `ThirdReichData`. Every datum carries a provenance (see `provenance` in @sandtable/engine).
 * The map, counter sheet and card texts are reconstructed (spec section 7); an owner of the box
 * can replace any file.
 */
import { DataChecks, parseData } from '@sandtable/engine';
import mapJson from './map.json' with { type: 'json' };
import areasJson from './areas.json' with { type: 'json' };
import nationsJson from './nations.json' with { type: 'json' };
import countersJson from './counters.json' with { type: 'json' };
import cardsJson from './cards.json' with { type: 'json' };
import tracksJson from './tracks.json' with { type: 'json' };
import {
  NATIONS,
  UNIT_TYPES,
  areasFileSchema,
  cardsFileSchema,
  countersFileSchema,
  mapFileSchema,
  nationsFileSchema,
  tracksFileSchema,
  type ThirdReichData,
} from './types.ts';

export * from './types.ts';

export const DATA_FILES = ['map', 'areas', 'nations', 'counters', 'cards', 'tracks'] as const;
export type DataFileName = (typeof DATA_FILES)[number];
export type DataFiles = Partial<Record<DataFileName, unknown>>;

// ---- loading and cross-checks --------------------------------------------------------------

/** Parses and cross-checks the data files (defaults: the files beside this module). Throws a RuleError listing every problem. */
export function loadThirdReichData(files: DataFiles = {}): ThirdReichData {
  const map = parseData('map.json', mapFileSchema, files.map ?? mapJson);
  const areasFile = parseData('areas.json', areasFileSchema, files.areas ?? areasJson);
  const nationsFile = parseData('nations.json', nationsFileSchema, files.nations ?? nationsJson);
  const countersFile = parseData('counters.json', countersFileSchema, files.counters ?? countersJson);
  const cardsFile = parseData('cards.json', cardsFileSchema, files.cards ?? cardsJson);
  const tracks = parseData('tracks.json', tracksFileSchema, files.tracks ?? tracksJson);

  const checks = new DataChecks('third-reich data');
  const attrs = new Map(areasFile.areas.map((a) => [a.id, a]));
  const areaIds = new Set<string>();
  for (const a of map.areas) {
    checks.check(!areaIds.has(a.id), `map.json: area "${a.id}" is listed twice`);
    areaIds.add(a.id);
    checks.check(attrs.has(a.id), `areas.json: no entry for map area "${a.id}"`);
  }
  for (const a of areasFile.areas) checks.check(areaIds.has(a.id), `areas.json: "${a.id}" is not an area of map.json`);
  const areas = map.areas.flatMap((a) => {
    const at = attrs.get(a.id);
    return at ? [{ ...a, ...at }] : [];
  });
  const typeOf = new Map(areas.map((a) => [a.id, a.type]));

  // Borders: known areas, no self-links, each pair once (so symmetric by construction), land-land for land borders.
  const pairs = new Set<string>();
  const connected = new Set<string>();
  for (const b of map.borders) {
    checks.check(areaIds.has(b.a), `border ${b.a}-${b.b}: unknown area "${b.a}"`);
    checks.check(areaIds.has(b.b), `border ${b.a}-${b.b}: unknown area "${b.b}"`);
    checks.check(b.a !== b.b, `border ${b.a}-${b.b}: an area cannot border itself`);
    const key = b.a < b.b ? `${b.a}|${b.b}` : `${b.b}|${b.a}`;
    checks.check(
      !pairs.has(key),
      `border ${b.a}-${b.b} is listed twice (each pair once, either way round; borders are symmetric)`,
    );
    pairs.add(key);
    if (b.kind === 'land')
      checks.check(
        typeOf.get(b.a) === 'land' && typeOf.get(b.b) === 'land',
        `border ${b.a}-${b.b}: a land border joins two land areas (2.2.1(6))`,
      );
    if (b.kind !== 'point') {
      connected.add(b.a);
      connected.add(b.b);
    }
  }
  for (const a of areas) checks.check(connected.has(a.id), `area ${a.id} has no border that connects (2.2.1(6))`);

  // Nations.
  const nations = nationsFile.nations;
  checks.check(
    nations.length === NATIONS.length && new Set(nations.map((n) => n.id)).size === NATIONS.length,
    `nations.json: every one of the ${NATIONS.length} nations exactly once (3.1.1(3))`,
  );
  const nationSide = new Map(nations.map((n) => [n.id, n.side]));
  checks.check(
    nations
      .filter((n) => n.status === 'belligerent')
      .map((n) => n.id)
      .sort()
      .join() === 'FR,GE,PO,UK',
    'nations.json: GE, UK, FR and PO start belligerent, the rest neutral (3.1.1(3))',
  );

  // Counters and set-up.
  const types = new Map(countersFile.types.map((t) => [t.id, t]));
  for (const t of UNIT_TYPES) checks.check(types.has(t), `counters.json: unit type ${t} is missing`);
  const counters = countersFile.counters;
  const byCounter = new Map(counters.map((c) => [c.id, c]));
  checks.check(byCounter.size === counters.length, 'counters.json: counter ids are unique');
  for (const c of counters) {
    const cls = types.get(c.type)?.class;
    const hasAir = c.type === 'AF' || c.type === 'CV' || c.type === 'CVE';
    checks.check(
      hasAir === (c.air !== undefined),
      `counter ${c.id}: only AF, CV and CVE have air strength (2.1.1(3)④)`,
    );
    checks.check((c.dev ?? 0) <= c.count, `counter ${c.id}: more in the development pool than in the box`);
    checks.check(!c.jet || c.type === 'AF', `counter ${c.id}: only air units are jets (16.8)`);
    checks.check(
      !c.vichy || c.nation === 'FR',
      `counter ${c.id}: only French units carry the Vichy marking (2.1.1(6))`,
    );
    checks.check(
      c.type !== 'SS' || nationSide.get(c.nation) === 'axis',
      `counter ${c.id}: only the Axis has submarines (15.1)`,
    );
    checks.check(cls !== undefined, `counter ${c.id}: unknown type`);
  }
  const devOf = (pred: (c: (typeof counters)[number]) => boolean) =>
    counters.filter(pred).reduce((s, c) => s + (c.dev ?? 0), 0);
  checks.check(
    devOf((c) => c.nation === 'GE' && c.type === 'TF') === 3,
    'development pool: GE TF x3 (rulebook 4.0(4)①)',
  );
  checks.check(
    devOf((c) => c.nation === 'GE' && c.type === 'SS') === 4,
    'development pool: GE SS x4 (rulebook 4.0(4)②)',
  );
  checks.check(
    devOf((c) => c.nation === 'GE' && c.type === 'AF') === 1 && counters.some((c) => c.jet && c.dev === 1),
    'development pool: GE jet AF x1 (rulebook 4.0(4)③)',
  );
  checks.check(
    devOf((c) => c.nation === 'US' && c.type === 'CVE') === 3,
    'development pool: US CVE x3 (rulebook 4.0(4)④)',
  );
  checks.check(
    devOf((c) => c.nation === 'SU' && c.type === 'TF') === 6,
    'development pool: SU TF x6 (rulebook 4.0(4)⑤)',
  );
  checks.check(
    devOf((c) => c.nation === 'SU' && c.type === 'AF') === 3,
    'development pool: SU AF x3 (rulebook 4.0(4)⑥)',
  );
  checks.check(devOf(() => true) === 20, 'development pool: 20 units in all (rulebook 4.0(4))');
  const placed = new Map<string, number>();
  for (const a of areas) {
    for (const s of a.setup) {
      const c = byCounter.get(s.counter);
      checks.check(c, `area ${a.id}: set-up names unknown counter "${s.counter}"`);
      if (!c) continue;
      placed.set(c.id, (placed.get(c.id) ?? 0) + s.n);
      const cls = types.get(c.type)?.class;
      if (a.type === 'sea')
        checks.check(cls === 'naval' || cls === 'sub', `area ${a.id}: only naval units are set up at sea (${c.id})`);
      else {
        checks.check(
          cls === 'land' || cls === 'air',
          `area ${a.id}: naval units cannot be in a land area (8.1.1(1)③) (${c.id})`,
        );
        const polish = c.nation === 'PO' && tracks.special.polishSpecial.includes(a.id);
        checks.check(
          a.flag === c.nation || polish,
          `area ${a.id}: ${c.id} set up outside its own territory (flag ${a.flag})`,
        );
      }
    }
    const land = a.setup
      .filter((s) => types.get(byCounter.get(s.counter)?.type ?? 'LF')?.class === 'land')
      .reduce((n, s) => n + s.n, 0);
    const air = a.setup.filter((s) => byCounter.get(s.counter)?.type === 'AF').reduce((n, s) => n + s.n, 0);
    checks.check(land <= 10, `area ${a.id}: more than 10 land units (8.1.1(2)①)`);
    checks.check(air <= 4, `area ${a.id}: more than 4 air units (8.1.1(2)②)`);
    if (a.type === 'sea') {
      checks.check(a.flag === null, `sea area ${a.id} bears a flag`);
    }
  }
  for (const [cid, n] of placed) {
    const c = byCounter.get(cid)!;
    checks.check(
      n <= c.count - (c.dev ?? 0),
      `counter ${cid}: ${n} set up but only ${c.count - (c.dev ?? 0)} outside the development pool`,
    );
  }

  // Cards: 8 + 8 Axis, 6 + 10 Allies (4.0(3)(4)).
  const cards = cardsFile.cards;
  checks.check(new Set(cards.map((c) => c.id)).size === cards.length, 'cards.json: card ids are unique');
  const n = (s: string, pred: (sv: number) => boolean) => cards.filter((c) => c.side === s && pred(c.sv)).length;
  checks.check(n('axis', (sv) => sv === 2) === 8, 'cards: the Axis has 8 SV 2 cards (4.0(3))');
  checks.check(n('axis', (sv) => sv > 2) === 8, 'cards: the Axis has 8 SV 3/4 cards (4.0(4)⑦)');
  checks.check(n('allies', (sv) => sv === 2) === 6, 'cards: the Allies have 6 SV 2 cards (4.0(3))');
  checks.check(n('allies', (sv) => sv > 2) === 10, 'cards: the Allies have 10 SV 3/4 cards (4.0(4)⑦)');
  for (const c of cards) {
    checks.check(
      c.id.startsWith(c.side === 'axis' ? 'ax' : 'al') && c.id[2] === String(c.sv),
      `card ${c.id}: id must give side and SV`,
    );
    checks.check(
      c.star === (c.effect.kind === 'ambush'),
      `card ${c.id}: ★ marks the counterattack cards (Ambush) (2.3.1(1)②)`,
    );
    if (c.effect.kind === 'wolfpack')
      for (const a of c.effect.areas)
        checks.check(typeOf.get(a) === 'sea', `card ${c.id}: wolfpack area ${a} must be a sea area`);
  }

  // Tracks and special areas.
  const turns = tracks.turnTrack.turns;
  checks.check(
    turns.length === 12 && turns.every((t, i) => t.turn === i + 1),
    'turn track: turns 1 to 12 in order (5.0)',
  );
  checks.check(
    turns.every((t) => t.winter === (t.season === 'winter')),
    'turn track: winter turns are the winter season',
  );
  checks.check(
    tracks.entryTracks
      .map((t) => t.nation)
      .sort()
      .join() === 'SP,SU,TU,US',
    'entry tracks: US, SU, TU and SP (4.0(7))',
  );
  for (const t of tracks.entryTracks) {
    checks.check(
      t.boxes[0] === 'START' && t.boxes.at(-1) === 'ENTRY',
      `entry track ${t.nation}: START first, ENTRY last`,
    );
    checks.check(
      (t.nation === 'US') === (t.usSourceBox !== undefined),
      `entry track ${t.nation}: only the US track has the designated position (15.3(1))`,
    );
    if (t.usSourceBox !== undefined)
      checks.check(t.usSourceBox < t.boxes.length, 'entry track US: designated position out of range');
  }
  const known = (a: string, where: string) => checks.check(areaIds.has(a), `${where}: unknown area "${a}"`);
  for (const a of tracks.boundaryLine.north) known(a, 'boundary line');
  const sp = tracks.special;
  for (const [k, v] of Object.entries(sp)) {
    if (k === 'provenance') continue;
    for (const a of Array.isArray(v) ? v : [v]) known(a, `special.${k}`);
  }
  checks.check(
    typeOf.get(sp.northAtlantic) === 'sea' && typeOf.get(sp.centralAtlantic) === 'sea',
    'special: the Atlantic areas are sea areas',
  );
  checks.check(
    areas.find((a) => a.id === sp.centralAtlantic)?.source === 'red',
    'special: the Central Atlantic has a red source (3.2(1)①)',
  );
  checks.check(areas.find((a) => a.id === sp.usSource)?.source === 'red', 'special: the US source is red (15.3)');
  for (const l of tracks.conditionalLinks) {
    known(l.a, 'conditional link');
    known(l.b, 'conditional link');
    known(l.whileControls, 'conditional link');
  }
  for (const f of tracks.forbidden) known(f.area, 'forbidden area');
  checks.done();

  return {
    projection: map.projection,
    areas,
    borders: map.borders,
    nations,
    unitTypes: countersFile.types,
    counters,
    cards,
    turns,
    entryTracks: tracks.entryTracks,
    boundaryNorth: tracks.boundaryLine.north,
    special: sp,
    conditionalLinks: tracks.conditionalLinks,
    forbidden: tracks.forbidden,
  };
}

let cached: ThirdReichData | null = null;
/** The game's own data files, loaded once. */
export function thirdReichData(): ThirdReichData {
  return (cached ??= loadThirdReichData());
}

/** Validates the data files beside this module; throws a RuleError naming every problem. */
export function validateThirdReichData(files: DataFiles = {}): ThirdReichData {
  return loadThirdReichData(files);
}
