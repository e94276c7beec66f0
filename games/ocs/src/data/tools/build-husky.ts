/**
 * Reconstruction aid, not used at runtime: writes husky/counters.json and husky/scenario.json, the
 * orders of battle of Operation Husky (10 July - 17 August 1943) at regiment and brigade level, with
 * set-up hexes taken from husky/map.json by place name. The JSON files are the source of truth:
 * an owner can edit them (or enter a boxed game's counters) and never run this again.
 *
 *   node --import tsx games/ocs/src/data/tools/build-husky.ts
 *
 * Sources of the reconstruction: the US Army "Sicily and the Surrender of Italy" (Garland and
 * Smyth, 1965), the British official history (Molony, vol. V), Nicholson's official history of the
 * Canadian Army in Italy, and the Italian Stato Maggiore's order of battle of 6a Armata (July
 * 1943). Strengths, ARs and movement allowances are reconstructed in the OCS pattern (a full
 * infantry regiment or brigade about 5-7 on its combat face, a panzer regiment about 12, AR by
 * training and combat record), so every value is `reconstructed:` with its reason.
 */
import { readFileSync, writeFileSync } from 'node:fs';
import { HexGrid } from '@sandtable/engine';

const dir = new URL('../husky/', import.meta.url);
const map = JSON.parse(readFileSync(new URL('map.json', dir), 'utf8'));
const grid = new HexGrid({
  cols: map.grid.cols,
  rows: map.grid.rows,
  orientation: 'flat',
  offset: map.grid.offset,
  separator: '.',
  colDigits: 2,
  rowDigits: 2,
});
const land = new Set<string>(map.hexes.map((h: { hex: string }) => h.hex));
const placeHex = new Map<string, string>(map.places.map((p: { name: string; hex: string }) => [p.name, p.hex]));
const taken = new Map<string, string>(); // hex -> side

/** The n-th free land hex nearest to a place (its own hex first), kept for one side. */
function near(place: string, side: string, n = 0): string {
  const h = placeHex.get(place);
  if (!h) throw new Error(`no place ${place}`);
  const origin = grid.hex(h);
  const ring = [...Array(grid.nodeCount).keys()]
    .filter((i) => land.has(grid.label(i)))
    .sort((a, b) => grid.distance(origin, a) - grid.distance(origin, b) || a - b)
    .filter((i) => (taken.get(grid.label(i)) ?? side) === side);
  const pick = grid.label(ring[n]!);
  taken.set(pick, side);
  return pick;
}

type MT = 'leg' | 'truck' | 'track';
interface Face {
  strength: number | null;
  paren?: boolean;
  ma: number;
  mt: MT;
  barrage?: number;
  throw?: number;
}
const counters: Record<string, unknown>[] = [];
const setup: Record<string, unknown>[] = [];
const reinforcements: Record<string, unknown>[] = [];
const face = (strength: number | null, ma: number, mt: MT, extra: Partial<Face> = {}): Face => ({
  strength,
  ma,
  mt,
  ...extra,
});

const R_US =
  'reconstructed: Seventh Army order of battle (Garland and Smyth 1965, app. A); values in the OCS pattern for a US infantry regiment';
const R_UK =
  'reconstructed: Eighth Army order of battle (Molony vol. V); values in the OCS pattern for a British or Canadian brigade';
const R_IT =
  'reconstructed: 6a Armata order of battle, 10 July 1943 (Stato Maggiore); Italian field regiments weak in artillery and transport';
const R_COAST =
  'reconstructed: Italian coastal division (divisione costiera), static, old reservists spread along the coast; multi-step (3.2d) with low AR';
const R_DE =
  'reconstructed: German order of battle in Sicily (Garland and Smyth ch. IV; Molony); values in the OCS pattern for panzer and panzergrenadier units';
const R_AIR =
  'reconstructed: one counter about 25-40 aircraft (3.5), ratings in the OCS pattern by type; Northwest African Air Forces and Luftflotte 2 / Regia Aeronautica July 1943';
const R_NAV =
  'reconstructed: Western and Eastern Naval Task Forces, July 1943; values in the OCS pattern (battleships, cruisers, monitors, destroyer groups)';

function ground(
  id: string,
  name: string,
  side: string,
  nation: string,
  size: string,
  type: string,
  cls: string,
  ar: number,
  combat: Face,
  move: Face,
  provenance: string,
  extra: Record<string, unknown> = {},
) {
  counters.push({ kind: 'ground', id, name, side, nation, size, type, cls, ar, combat, move, ...extra, provenance });
  return id;
}
const place = (unit: string, hex: string, provenance: string, mode?: string, stepsLost?: number) =>
  setup.push({ unit, at: { hex }, ...(mode ? { mode } : {}), ...(stepsLost ? { stepsLost } : {}), provenance });
const arrive = (unit: string, turn: number, at: Record<string, unknown>, provenance: string) =>
  reinforcements.push({ turn, unit, at, provenance });

// ---- Allies ------------------------------------------------------------------------------------
const A = 'allied';
const usReg = (id: string, name: string, ar: number, formation: string) =>
  ground(id, name, A, 'US', 'III', 'infantry', 'other', ar, face(6, 4, 'leg'), face(3, 6, 'leg'), R_US, { formation });
const ukBde = (id: string, name: string, ar: number, formation: string, nation = 'UK') =>
  ground(id, name, A, nation, 'X', 'infantry', 'other', ar, face(7, 4, 'leg'), face(3, 6, 'leg'), R_UK, { formation });
const hq = (
  id: string,
  name: string,
  side: string,
  nation: string,
  size: string,
  thr: [number, number],
  prov: string,
) =>
  ground(
    id,
    name,
    side,
    nation,
    size,
    'hq',
    'other',
    0,
    face(null, 4, 'truck', { paren: true, throw: thr[0] }),
    face(null, 12, 'truck', { paren: true, throw: thr[1] }),
    prov,
    { hq: { throwType: 'truck' } },
  );
const arty = (
  id: string,
  name: string,
  side: string,
  nation: string,
  size: string,
  barrage: [number, number],
  range: number,
  prov: string,
  formation?: string,
) =>
  ground(
    id,
    name,
    side,
    nation,
    size,
    'artillery',
    'other',
    2,
    face(null, 3, 'truck', { paren: true, barrage: barrage[0] }),
    face(null, 8, 'truck', { paren: true, barrage: barrage[1] }),
    prov,
    { barrageRange: range, ...(formation ? { formation } : {}) },
  );
const bn = (
  id: string,
  name: string,
  side: string,
  nation: string,
  ar: number,
  str: number,
  prov: string,
  extra: Record<string, unknown> = {},
) => {
  const { type = 'infantry', ...rest } = extra;
  return ground(
    id,
    name,
    side,
    nation,
    'II',
    type as string,
    'other',
    ar,
    face(str, 4, 'leg'),
    face(Math.max(1, Math.floor(str / 2)), 6, 'leg'),
    prov,
    rest,
  );
};

const D_GELA =
  'reconstructed: Dime Force (1st Infantry Division, Force X Rangers) ashore at Gela on the morning of 10 July';
const D_SCOG = 'reconstructed: Cent Force (45th Infantry Division) ashore at Scoglitti on the morning of 10 July';
const D_LIC =
  'reconstructed: Joss Force (3rd Infantry Division, CCA 2nd Armored) ashore around Licata on the morning of 10 July';
const D_PACH =
  'reconstructed: XXX Corps (51st Highland, 1st Canadian, 231st Brigade, Royal Marine Commandos) ashore around the Pachino peninsula on 10 July';
const D_AVOLA =
  'reconstructed: XIII Corps (5th and 50th Divisions, No. 3 Commando) ashore between Cassibile and Avola on 10 July';
const D_AIR =
  'reconstructed: the airborne landings of the night 9/10 July (Husky No. 1 and Ladbroke), scattered but holding Piano Lupo and the Ponte Grande';

for (const [n, ar] of [
  ['16', 4],
  ['26', 4],
] as const)
  place(usReg(`US-1-${n}`, `${n}th Infantry (1st Div)`, ar, 'US-1ID'), near('Gela', A), D_GELA);
place(usReg('US-1-18', '18th Infantry (1st Div)', 4, 'US-1ID'), near('Gela', A), D_GELA);
for (const n of ['1', '4'])
  place(bn(`US-R${n}`, `${n}st Ranger Battalion`.replace('4st', '4th'), A, 'US', 5, 2, R_US), near('Gela', A), D_GELA);
place(arty('US-1-ART', '1st Division Artillery', A, 'US', 'X', [8, 4], 2, R_US, 'US-1ID'), near('Gela', A), D_GELA);
for (const n of ['157', '179', '180'])
  place(usReg(`US-45-${n}`, `${n}th Infantry (45th Div)`, 3, 'US-45ID'), near('Scoglitti', A), D_SCOG);
place(
  arty('US-45-ART', '45th Division Artillery', A, 'US', 'X', [8, 4], 2, R_US, 'US-45ID'),
  near('Scoglitti', A),
  D_SCOG,
);
for (const n of ['7', '15', '30'])
  place(usReg(`US-3-${n}`, `${n}th Infantry (3rd Div)`, 4, 'US-3ID'), near('Licata', A), D_LIC);
place(bn('US-R3', '3rd Ranger Battalion', A, 'US', 5, 2, R_US), near('Licata', A), D_LIC);
place(arty('US-3-ART', '3rd Division Artillery', A, 'US', 'X', [8, 4], 2, R_US, 'US-3ID'), near('Licata', A), D_LIC);
place(
  ground(
    'US-2AD-CCA',
    'CCA, 2nd Armored Division',
    A,
    'US',
    'X',
    'tank',
    'armor',
    4,
    face(9, 6, 'track'),
    face(4, 12, 'track'),
    R_US,
    { formation: 'US-2AD' },
  ),
  near('Licata', A, 1),
  D_LIC,
);
place(
  ground(
    'US-505',
    '505th Parachute Infantry (82nd Abn)',
    A,
    'US',
    'III',
    'paratroop',
    'other',
    4,
    face(5, 4, 'leg'),
    face(2, 6, 'leg'),
    R_US,
    { formation: 'US-82AB', abilities: ['para'] },
  ),
  near('Niscemi', A, 2),
  D_AIR,
);
place(hq('US-7A', 'Seventh Army HQ', A, 'US', 'XXXX', [14, 8], R_US), near('Gela', A, 1), D_GELA);
place(hq('US-IIC', 'II Corps HQ', A, 'US', 'XXX', [12, 7], R_US), near('Scoglitti', A, 1), D_SCOG);
place(
  ground(
    'US-1ESB',
    '1st Engineer Special Brigade',
    A,
    'US',
    'X',
    'engineer',
    'other',
    2,
    face(2, 4, 'leg'),
    face(1, 8, 'truck'),
    R_US,
    { abilities: ['engineer'] },
  ),
  near('Gela', A, 1),
  D_GELA,
);
arrive(
  ground(
    'US-2AD-CCB',
    'CCB, 2nd Armored Division',
    A,
    'US',
    'X',
    'tank',
    'armor',
    4,
    face(9, 6, 'track'),
    face(4, 12, 'track'),
    R_US,
    { formation: 'US-2AD' },
  ),
  1,
  { hex: near('Gela', A, 2) },
  'reconstructed: Kool Force, the floating reserve, landed at Gela 10-11 July',
);
arrive(
  ground(
    'US-2AD-41',
    '41st Armored Infantry (2nd Armd)',
    A,
    'US',
    'III',
    'armoredInfantry',
    'mech',
    3,
    face(6, 6, 'track'),
    face(3, 12, 'track'),
    R_US,
    { formation: 'US-2AD' },
  ),
  1,
  { hex: near('Gela', A, 3) },
  'reconstructed: Kool Force landed at Gela 10-11 July',
);
arrive(
  arty('US-2AD-ART', '2nd Armored Division Artillery', A, 'US', 'X', [8, 4], 2, R_US, 'US-2AD'),
  1,
  { hex: near('Gela', A, 4) },
  'reconstructed: Kool Force landed at Gela 10-11 July',
);
arrive(
  ground(
    'US-504',
    '504th Parachute Infantry (82nd Abn)',
    A,
    'US',
    'III',
    'paratroop',
    'other',
    4,
    face(5, 4, 'leg'),
    face(2, 6, 'leg'),
    R_US,
    { formation: 'US-82AB', abilities: ['para'] },
  ),
  1,
  { hex: near('Gela', A, 5) },
  'reconstructed: Husky No. 2, dropped near Gela on the night 11/12 July (badly hit by friendly fire)',
);
arrive(
  arty('US-IIC-ART', 'II Corps Artillery', A, 'US', 'X', [12, 6], 3, R_US),
  1,
  { hex: near('Scoglitti', A, 2) },
  'reconstructed: corps artillery landed over the beaches in the first days',
);
arrive(
  usReg('US-9-39', '39th Infantry (9th Div)', 3, 'US-9ID'),
  2,
  { hex: near('Licata', A, 2) },
  'reconstructed: 39th RCT landed at Licata on 14-15 July',
);
arrive(
  hq('US-PC', 'Provisional Corps HQ', A, 'US', 'XXX', [12, 7], R_US),
  2,
  { hex: near('Licata', A, 3) },
  "reconstructed: Keyes's Provisional Corps formed on 15 July for the drive on Palermo",
);
for (const n of ['47', '60'])
  arrive(
    usReg(`US-9-${n}`, `${n}th Infantry (9th Div)`, 3, 'US-9ID'),
    7,
    { hex: near('Licata', A, 4) },
    'reconstructed: the rest of the 9th Division arrived from 31 July (landed at Palermo; entered here at Licata)',
  );
arrive(
  arty('US-9-ART', '9th Division Artillery', A, 'US', 'X', [8, 4], 2, R_US, 'US-9ID'),
  7,
  { hex: near('Licata', A, 5) },
  'reconstructed: with the 9th Division, from 31 July',
);

for (const n of ['152', '153', '154'])
  place(ukBde(`UK-51-${n}`, `${n}th Brigade (51st Highland Div)`, 4, 'UK-51ID'), near('Pachino', A), D_PACH);
for (const n of ['1', '2', '3'])
  place(
    ukBde(`CA-1-${n}`, `${n}st Canadian Brigade`.replace('2st', '2nd').replace('3st', '3rd'), 3, 'CA-1ID', 'CA'),
    near('Pachino', A),
    D_PACH,
  );
place(ukBde('UK-231', '231st (Malta) Brigade', 3, 'UK-231'), near('Pachino', A), D_PACH);
place(
  ground(
    'CA-1AB',
    '1st Canadian Armoured Brigade',
    A,
    'CA',
    'X',
    'tank',
    'armor',
    3,
    face(7, 6, 'track'),
    face(3, 12, 'track'),
    R_UK,
  ),
  near('Pachino', A),
  D_PACH,
);
for (const n of ['40', '41'])
  place(
    bn(`UK-RM${n}`, `${n} (Royal Marine) Commando`, A, 'UK', 5, 2, R_UK, { type: 'specialCommando' }),
    near('Pachino', A),
    D_PACH,
  );
place(
  arty('UK-51-ART', '51st Division Artillery', A, 'UK', 'X', [9, 4], 2, R_UK, 'UK-51ID'),
  near('Pachino', A),
  D_PACH,
);
place(
  arty('CA-1-ART', '1st Canadian Division Artillery', A, 'CA', 'X', [9, 4], 2, R_UK, 'CA-1ID'),
  near('Pachino', A),
  D_PACH,
);
place(hq('UK-XXX', 'XXX Corps HQ', A, 'UK', 'XXX', [12, 7], R_UK), near('Pachino', A), D_PACH);
for (const n of ['13', '15', '17'])
  place(ukBde(`UK-5-${n}`, `${n}th Brigade (5th Div)`, 4, 'UK-5ID'), near('Avola', A), D_AVOLA);
for (const n of ['69', '151'])
  place(ukBde(`UK-50-${n}`, `${n}th Brigade (50th Northumbrian Div)`, 4, 'UK-50ID'), near('Avola', A), D_AVOLA);
place(bn('UK-C3', 'No. 3 Commando', A, 'UK', 5, 2, R_UK, { type: 'specialCommando' }), near('Avola', A), D_AVOLA);
place(arty('UK-5-ART', '5th Division Artillery', A, 'UK', 'X', [9, 4], 2, R_UK, 'UK-5ID'), near('Avola', A), D_AVOLA);
place(
  arty('UK-50-ART', '50th Division Artillery', A, 'UK', 'X', [9, 4], 2, R_UK, 'UK-50ID'),
  near('Avola', A),
  D_AVOLA,
);
place(hq('UK-XIII', 'XIII Corps HQ', A, 'UK', 'XXX', [12, 7], R_UK), near('Avola', A), D_AVOLA);
place(hq('UK-8A', 'Eighth Army HQ', A, 'UK', 'XXXX', [14, 8], R_UK), near('Avola', A), D_AVOLA);
place(
  ground(
    'UK-1ALB',
    '1st Airlanding Brigade (1st Abn Div)',
    A,
    'UK',
    'X',
    'gliderInfantry',
    'other',
    4,
    face(4, 4, 'leg'),
    face(2, 6, 'leg'),
    R_UK,
    { formation: 'UK-1AB', abilities: ['para'] },
  ),
  near('Syracuse', A, 1),
  D_AIR,
);
arrive(
  ukBde('UK-50-168', '168th Brigade (50th Div)', 3, 'UK-50ID'),
  1,
  { hex: near('Avola', A, 4) },
  'reconstructed: landed behind the 50th Division from 13 July',
);
arrive(
  ground(
    'UK-4AB',
    '4th Armoured Brigade',
    A,
    'UK',
    'X',
    'tank',
    'armor',
    4,
    face(8, 6, 'track'),
    face(4, 12, 'track'),
    R_UK,
  ),
  1,
  { hex: near('Syracuse', A, 2) },
  'reconstructed: landed at Syracuse 12-13 July',
);
arrive(
  ground(
    'UK-23AB',
    '23rd Armoured Brigade',
    A,
    'UK',
    'X',
    'tank',
    'armor',
    3,
    face(8, 6, 'track'),
    face(4, 12, 'track'),
    R_UK,
  ),
  1,
  { hex: near('Pachino', A, 4) },
  'reconstructed: landed over the Pachino beaches 10-13 July',
);
arrive(
  arty('UK-XIII-ART', 'XIII Corps AGRA', A, 'UK', 'X', [14, 7], 3, R_UK),
  1,
  { hex: near('Avola', A, 5) },
  'reconstructed: corps artillery ashore in the first days',
);
arrive(
  arty('UK-XXX-ART', 'XXX Corps AGRA', A, 'UK', 'X', [14, 7], 3, R_UK),
  1,
  { hex: near('Pachino', A, 5) },
  'reconstructed: corps artillery ashore in the first days',
);
arrive(
  ground(
    'UK-1PB',
    '1st Parachute Brigade (1st Abn Div)',
    A,
    'UK',
    'X',
    'paratroop',
    'other',
    5,
    face(4, 4, 'leg'),
    face(2, 6, 'leg'),
    R_UK,
    { formation: 'UK-1AB', abilities: ['para'] },
  ),
  2,
  { hex: near('Lentini', A, 1) },
  'reconstructed: Operation Fustian, dropped at the Primosole bridge on the night 13/14 July',
);
for (const n of ['11', '36', '38'])
  arrive(
    ukBde(`UK-78-${n}`, `${n}th Brigade (78th Div)`, 4, 'UK-78ID'),
    5,
    { hex: near('Syracuse', A, 3) },
    'reconstructed: the 78th Division landed at Syracuse 25-28 July',
  );
arrive(
  arty('UK-78-ART', '78th Division Artillery', A, 'UK', 'X', [9, 4], 2, R_UK, 'UK-78ID'),
  5,
  { hex: near('Syracuse', A, 4) },
  'reconstructed: with the 78th Division',
);

// Allied transport
const tp = (
  id: string,
  name: string,
  side: string,
  nation: string,
  ma: number,
  prov: string,
  extra: Record<string, unknown> = {},
) =>
  counters.push({
    kind: 'transport',
    id,
    name,
    side,
    nation,
    points: (extra.points as number) ?? 5,
    ma,
    mt: 'truck',
    ...extra,
    provenance: prov,
  });
tp('US-TRK1', 'US truck company group', A, 'US', 16, R_US, { extender: 20 });
place('US-TRK1', near('Gela', A), D_GELA);
tp('UK-TRK1', 'RASC truck group', A, 'UK', 14, R_UK, { extender: 20 });
place('UK-TRK1', near('Avola', A), D_AVOLA);
tp('US-TRK2', 'US truck company group', A, 'US', 16, R_US, { extender: 20 });
arrive('US-TRK2', 1, { hex: near('Licata', A) }, 'reconstructed: truck companies ashore in the first days');
tp('UK-TRK2', 'RASC truck group', A, 'UK', 14, R_UK, { extender: 20 });
arrive('UK-TRK2', 1, { hex: near('Syracuse', A) }, 'reconstructed: truck companies ashore in the first days');

// ---- Axis ---------------------------------------------------------------------------------------
const X = 'axis';
const itReg = (id: string, name: string, ar: number, formation: string) =>
  ground(id, name, X, 'IT', 'III', 'infantry', 'other', ar, face(4, 3, 'leg'), face(2, 5, 'leg'), R_IT, { formation });
const D_IT = 'reconstructed: 6a Armata dispositions on 10 July 1943';
const D_DE =
  'reconstructed: German dispositions on 10 July 1943 (Hermann Göring around Caltagirone and Gruppe Schmalz in the Catania plain; 15th Panzergrenadier in the west)';
place(itReg('IT-LIV-33', '33rd Infantry (Livorno)', 3, 'IT-LIV'), near('Butera', X), D_IT);
place(itReg('IT-LIV-34', '34th Infantry (Livorno)', 3, 'IT-LIV'), near('Mazzarino', X), D_IT);
place(
  arty('IT-LIV-ART', '28th Artillery (Livorno)', X, 'IT', 'III', [6, 3], 2, R_IT, 'IT-LIV'),
  near('Butera', X),
  D_IT,
);
place(itReg('IT-NAP-75', '75th Infantry (Napoli)', 1, 'IT-NAP'), near('Palazzolo Acreide', X), D_IT);
place(itReg('IT-NAP-76', '76th Infantry (Napoli)', 1, 'IT-NAP'), near('Vizzini', X), D_IT);
place(
  arty('IT-NAP-ART', '54th Artillery (Napoli)', X, 'IT', 'III', [5, 2], 2, R_IT, 'IT-NAP'),
  near('Palazzolo Acreide', X),
  D_IT,
);
place(itReg('IT-ASS-29', '29th Infantry (Assietta)', 2, 'IT-ASS'), near('Salemi', X), D_IT);
place(itReg('IT-ASS-30', '30th Infantry (Assietta)', 2, 'IT-ASS'), near('Castelvetrano', X), D_IT);
place(
  arty('IT-ASS-ART', '25th Artillery (Assietta)', X, 'IT', 'III', [5, 2], 2, R_IT, 'IT-ASS'),
  near('Salemi', X),
  D_IT,
);
place(itReg('IT-AOS-5', '5th Infantry (Aosta)', 2, 'IT-AOS'), near('Partinico', X), D_IT);
place(itReg('IT-AOS-6', '6th Infantry (Aosta)', 2, 'IT-AOS'), near('Alcamo', X), D_IT);
place(
  arty('IT-AOS-ART', '22nd Artillery (Aosta)', X, 'IT', 'III', [5, 2], 2, R_IT, 'IT-AOS'),
  near('Corleone', X),
  D_IT,
);
const coastal = (id: string, name: string, steps: number, at: string, lost: number, size = 'XX') => {
  ground(
    id,
    name,
    X,
    'IT',
    size,
    'infantry',
    'other',
    0,
    face(steps * 1.5, 1, 'leg'),
    face(steps * 0.5, 3, 'leg'),
    R_COAST,
    { steps },
  );
  place(
    id,
    near(at, X),
    lost ? 'reconstructed: its beach battalions were overrun by the assault waves on 10 July (one step lost)' : D_IT,
    undefined,
    lost,
  );
};
coastal('IT-206C', '206th Coastal Division', 4, 'Noto', 1);
coastal('IT-18CB', '18th Coastal Brigade', 2, 'Niscemi', 1, 'X');
coastal('IT-207C', '207th Coastal Division', 3, 'Agrigento', 0);
coastal('IT-208C', '208th Coastal Division', 3, 'Marsala', 0);
coastal('IT-202C', '202nd Coastal Division', 2, 'Termini Imerese', 0);
coastal('IT-213C', '213th Coastal Division', 3, 'Catania', 0);
for (const [id, name, at] of [
  ['IT-PMM-AS', 'Piazza Militare Marittima Augusta-Siracusa', 'Augusta'],
  ['IT-PMM-ME', 'Piazza Militare Marittima Messina-Reggio', 'Messina'],
  ['IT-PMM-TP', 'Piazza Militare Marittima Trapani', 'Trapani'],
] as const) {
  ground(
    id,
    name,
    X,
    'IT',
    'X',
    'coastalArtillery',
    'other',
    1,
    face(3, 0, 'leg'),
    face(1, 2, 'leg'),
    'reconstructed: naval fortress garrison with its coast batteries (18.3g coastal artillery)',
    { abilities: ['coastalArtillery'], barrageRange: 2 },
  );
  place(id, near(at, X), D_IT);
}
for (const [g, at] of [
  ['E', 'Niscemi'],
  ['F', 'Palazzolo Acreide'],
  ['H', 'Paternò'],
  ['A', 'Castelvetrano'],
  ['C', 'Lercara Friddi'],
] as const) {
  ground(
    `IT-GM${g}`,
    `Gruppo Mobile ${g}`,
    X,
    'IT',
    'II',
    'tank',
    'armor',
    2,
    face(2, 6, 'track'),
    face(1, 10, 'track'),
    'reconstructed: mobile group of Renault R35 and Fiat 3000 light tanks with motorised infantry; light AT only',
    { at: 'light' },
  );
  place(`IT-GM${g}`, near(at, X), D_IT);
}
place(hq('IT-6A', '6th Army HQ (Guzzoni)', X, 'IT', 'XXXX', [12, 7], R_IT), near('Enna', X), D_IT);
place(hq('IT-XVI', 'XVI Corps HQ', X, 'IT', 'XXX', [10, 6], R_IT), near('Piazza Armerina', X), D_IT);
place(hq('IT-XII', 'XII Corps HQ', X, 'IT', 'XXX', [10, 6], R_IT), near('Corleone', X), D_IT);
place(arty('IT-XVI-ART', 'XVI Corps Artillery', X, 'IT', 'X', [6, 3], 3, R_IT), near('Piazza Armerina', X), D_IT);

const pzg = (id: string, name: string, formation: string, ar = 4) =>
  ground(id, name, X, 'DE', 'III', 'armoredInfantry', 'mech', ar, face(7, 5, 'truck'), face(3, 10, 'truck'), R_DE, {
    formation,
  });
place(
  ground(
    'DE-HG-PZ',
    'Panzer Regiment Hermann Göring',
    X,
    'DE',
    'III',
    'tank',
    'armor',
    4,
    face(12, 6, 'track'),
    face(6, 10, 'track'),
    R_DE,
    { formation: 'DE-HG' },
  ),
  near('Caltagirone', X),
  D_DE,
);
place(
  ground(
    'DE-504-2',
    '2./schwere Panzer-Abteilung 504 (Tigers)',
    X,
    'DE',
    'I',
    'tank',
    'armor',
    4,
    face(4, 5, 'track'),
    face(2, 8, 'track'),
    R_DE,
    { formation: 'DE-HG', re: 0.5 },
  ),
  near('Caltagirone', X),
  D_DE,
);
place(pzg('DE-HG-PG', 'Panzergrenadier Regiment Hermann Göring', 'DE-HG', 3), near('Niscemi', X), D_DE);
place(
  ground(
    'DE-HG-AA',
    'Panzer-Aufklärungs-Abteilung Hermann Göring',
    X,
    'DE',
    'II',
    'armoredRecon',
    'mech',
    4,
    face(3, 8, 'track'),
    face(1, 12, 'track'),
    R_DE,
    { formation: 'DE-HG' },
  ),
  near('Biscari (Acate)', X),
  D_DE,
);
place(
  arty('DE-HG-ART', 'Panzer-Artillerie-Regiment Hermann Göring', X, 'DE', 'III', [10, 5], 3, R_DE, 'DE-HG'),
  near('Caltagirone', X),
  D_DE,
);
place(
  ground(
    'DE-HG-PI',
    'Panzer-Pionier-Bataillon Hermann Göring',
    X,
    'DE',
    'II',
    'engineer',
    'other',
    3,
    face(2, 4, 'leg'),
    face(1, 8, 'truck'),
    R_DE,
    { formation: 'DE-HG', abilities: ['engineer'] },
  ),
  near('Caltagirone', X),
  D_DE,
);
place(
  pzg('DE-KG-SCH', 'Kampfgruppe Schmalz', 'DE-HG'),
  near('Lentini', X),
  'reconstructed: Gruppe Schmalz (HG panzergrenadiers, an artillery battalion) held the Catania plain against XIII Corps',
);
place(pzg('DE-15-104', 'Panzergrenadier Regiment 104 (15th PzGren)', 'DE-15PG'), near('Salemi', X), D_DE);
place(pzg('DE-15-115', 'Panzergrenadier Regiment 115 (15th PzGren)', 'DE-15PG'), near('Canicattì', X), D_DE);
place(pzg('DE-15-129', 'Panzergrenadier Regiment 129 (15th PzGren)', 'DE-15PG'), near('Castelvetrano', X), D_DE);
place(
  ground(
    'DE-15-215',
    'Panzer-Abteilung 215 (15th PzGren)',
    X,
    'DE',
    'II',
    'tank',
    'armor',
    4,
    face(5, 6, 'track'),
    face(2, 10, 'track'),
    R_DE,
    { formation: 'DE-15PG' },
  ),
  near('Caltanissetta', X),
  D_DE,
);
place(
  arty('DE-15-ART', 'Artillerie-Regiment 33 (15th PzGren)', X, 'DE', 'III', [10, 5], 3, R_DE, 'DE-15PG'),
  near('Salemi', X),
  D_DE,
);
const R_FJ = 'reconstructed: 1st Fallschirmjäger Division elements flown and dropped into the Catania plain 12-14 July';
arrive(
  ground(
    'DE-FJ-3',
    'Fallschirmjäger Regiment 3',
    X,
    'DE',
    'III',
    'paratroop',
    'other',
    5,
    face(6, 4, 'leg'),
    face(3, 6, 'leg'),
    R_FJ,
    { formation: 'DE-1FJ', abilities: ['para'] },
  ),
  1,
  { hex: near('Catania', X, 1) },
  'reconstructed: FJR 3 dropped south of Catania on 12 July',
);
arrive(
  ground(
    'DE-FJ-4',
    'Fallschirmjäger Regiment 4',
    X,
    'DE',
    'III',
    'paratroop',
    'other',
    5,
    face(6, 4, 'leg'),
    face(3, 6, 'leg'),
    R_FJ,
    { formation: 'DE-1FJ', abilities: ['para'] },
  ),
  2,
  { hex: near('Catania', X, 2) },
  'reconstructed: FJR 4 flown in 13-14 July',
);
arrive(
  bn('DE-FJ-MG', 'Fallschirm-MG-Bataillon 1', X, 'DE', 5, 2, R_FJ, { formation: 'DE-1FJ', abilities: ['para'] }),
  2,
  { hex: near('Catania', X, 3) },
  'reconstructed: with FJR 4, 13-14 July',
);
arrive(
  bn('DE-FJ-PI', 'Fallschirm-Pionier-Bataillon 1', X, 'DE', 5, 2, R_FJ, {
    formation: 'DE-1FJ',
    abilities: ['para', 'engineer'],
    type: 'engineer',
  }),
  2,
  { hex: near('Catania', X, 4) },
  'reconstructed: flown in 13-14 July',
);
arrive(
  hq('DE-XIV', 'XIV Panzer Corps HQ (Hube)', X, 'DE', 'XXX', [12, 7], R_DE),
  2,
  { hex: near('Messina', X, 1) },
  'reconstructed: Hube took command of the front on 17 July',
);
for (const n of ['904', '923'])
  arrive(
    bn(`DE-FB-${n}`, `Festungs-Bataillon ${n}`, X, 'DE', 2, 2, R_DE),
    2,
    { hex: near('Messina', X, 2) },
    'reconstructed: fortress battalions sent across the Strait in mid July',
  );
const R_29 = 'reconstructed: the 29th Panzergrenadier Division crossed the Strait from 18 July';
arrive(
  pzg('DE-29-15', 'Panzergrenadier Regiment 15 (29th PzGren)', 'DE-29PG'),
  3,
  { hex: near('Messina', X, 3) },
  R_29,
);
arrive(
  pzg('DE-29-71', 'Panzergrenadier Regiment 71 (29th PzGren)', 'DE-29PG'),
  4,
  { hex: near('Messina', X, 4) },
  R_29,
);
arrive(
  ground(
    'DE-29-129',
    'Panzer-Abteilung 129 (29th PzGren)',
    X,
    'DE',
    'II',
    'assaultGun',
    'armor',
    4,
    face(4, 6, 'track'),
    face(2, 10, 'track'),
    R_DE,
    { formation: 'DE-29PG' },
  ),
  4,
  { hex: near('Messina', X, 5) },
  R_29,
);
arrive(
  arty('DE-29-ART', 'Artillerie-Regiment 29 (29th PzGren)', X, 'DE', 'III', [10, 5], 3, R_DE, 'DE-29PG'),
  4,
  { hex: near('Messina', X, 6) },
  R_29,
);

tp('DE-TRK1', 'German truck column', X, 'DE', 12, R_DE, { extender: 20 });
place('DE-TRK1', near('Enna', X), D_DE);
tp('DE-TRK2', 'German truck column', X, 'DE', 12, R_DE, { extender: 20 });
place('DE-TRK2', near('Catania', X), D_DE);
tp('IT-TRK1', 'Italian truck column', X, 'IT', 10, R_IT, { extender: 10 });
place('IT-TRK1', near('Palermo', X), D_IT);
tp('DE-HG-TRK', 'Hermann Göring organic trucks', X, 'DE', 12, R_DE, { organic: 'DE-HG', points: 2 });
place('DE-HG-TRK', near('Caltagirone', X), D_DE);
tp('DE-15-TRK', '15th Panzergrenadier organic trucks', X, 'DE', 12, R_DE, { organic: 'DE-15PG', points: 2 });
place('DE-15-TRK', near('Salemi', X), D_DE);

// ---- air and naval -------------------------------------------------------------------------------
const air = (
  id: string,
  name: string,
  side: string,
  nation: string,
  model: string,
  types: string[],
  range: number,
  ac: [number, number, boolean],
  bar: [number, number, boolean?],
  cap?: [number, number],
) =>
  counters.push({
    kind: 'aircraft',
    id,
    name,
    side,
    nation,
    model,
    types,
    range,
    airCombat: { full: ac[0], reduced: ac[1], paren: ac[2] },
    barrage: { full: bar[0], reduced: bar[1], ...(bar[2] ? { torpedo: true } : {}) },
    ...(cap ? { capacityT: { full: cap[0], reduced: cap[1] } } : {}),
    provenance: R_AIR,
  });
const atBox = (unit: string, box: string, why: string) => setup.push({ unit, at: { box }, provenance: why });
const atBase = (unit: string, base: string, why: string) => {
  const hex = map.airBases.find((b: { name: string }) => b.name === base)?.hex;
  if (!hex) throw new Error(`no air base ${base}`);
  setup.push({ unit, at: { hex }, provenance: why });
};
const MALTA = 'reconstructed: based on Malta, Gozo and Pantelleria in July 1943';
const AFRICA = 'reconstructed: based in Tunisia (Cap Bon and the Tunis plain) in July 1943';
for (const w of ['244', '322', '324']) {
  air(`RAF-${w}W`, `${w} Wing RAF`, A, 'UK', 'Spitfire IX', ['F'], 12, [5, 4, false], [1, 0]);
  atBox(`RAF-${w}W`, 'malta', MALTA);
}
air('US-31FG', '31st Fighter Group', A, 'US', 'Spitfire V', ['F'], 12, [4, 3, false], [1, 0]);
atBox('US-31FG', 'malta', MALTA);
air('US-33FG', '33rd Fighter Group', A, 'US', 'P-40', ['F'], 16, [3, 2, false], [2, 1]);
atBox('US-33FG', 'africa', AFRICA);
air('US-82FG', '82nd Fighter Group', A, 'US', 'P-38', ['F'], 40, [3, 2, false], [2, 1]);
atBox('US-82FG', 'africa', AFRICA);
for (const g of ['27', '86']) {
  air(`US-${g}FBG`, `${g}th Fighter-Bomber Group`, A, 'US', 'A-36', ['F', 'T'], 20, [2, 1, false], [3, 2]);
  atBox(`US-${g}FBG`, 'africa', AFRICA);
}
for (const g of ['12', '321']) {
  air(`US-${g}BG`, `${g}th Bomb Group`, A, 'US', 'B-25', ['T'], 40, [1, 0, true], [6, 3]);
  atBox(`US-${g}BG`, 'africa', AFRICA);
}
for (const g of ['319', '320']) {
  air(`US-${g}BG`, `${g}th Bomb Group`, A, 'US', 'B-26', ['T'], 40, [1, 0, true], [7, 4]);
  atBox(`US-${g}BG`, 'africa', AFRICA);
}
air('RAF-232W', '232 Wing RAF', A, 'UK', 'Baltimore', ['T'], 30, [1, 0, true], [4, 2]);
atBox('RAF-232W', 'malta', MALTA);
air('RAF-205G', '205 Group RAF', A, 'UK', 'Wellington', ['S'], 50, [0, 0, true], [6, 3]);
atBox('RAF-205G', 'africa', AFRICA);
for (const g of ['2', '97']) {
  air(
    `US-${g}BGH`,
    `${g}nd Bomb Group (Heavy)`.replace('97nd', '97th'),
    A,
    'US',
    'B-17',
    ['S'],
    80,
    [2, 1, true],
    [10, 5],
  );
  atBox(`US-${g}BGH`, 'africa', AFRICA);
}
for (const g of ['52A', '52B']) {
  air(
    `US-${g}TCW`,
    `52nd Troop Carrier Wing (${g.at(-1)})`,
    A,
    'US',
    'C-47',
    ['Tpt'],
    40,
    [0, 0, true],
    [0, 0],
    [1, 0.5],
  );
  atBox(`US-${g}TCW`, 'africa', AFRICA);
}
const BASED = 'reconstructed: Luftwaffe and Regia Aeronautica units on Sicilian fields on 10 July 1943';
air('DE-JG53A', 'II./JG 53', X, 'DE', 'Bf 109G', ['F'], 12, [5, 4, false], [1, 0]);
atBase('DE-JG53A', 'Gerbini', BASED);
air('DE-JG53B', 'III./JG 53', X, 'DE', 'Bf 109G', ['F'], 12, [5, 4, false], [1, 0]);
atBase('DE-JG53B', 'Catania', BASED);
air('DE-JG77', 'JG 77', X, 'DE', 'Bf 109G', ['F'], 12, [5, 4, false], [1, 0]);
atBase('DE-JG77', 'Comiso', BASED);
air('DE-SCHG2', 'Schlachtgeschwader 2', X, 'DE', 'Fw 190', ['F', 'T'], 12, [3, 2, false], [3, 2]);
atBase('DE-SCHG2', 'Gerbini', BASED);
air('IT-4ST', '4° Stormo', X, 'IT', 'Mc 202', ['F'], 10, [4, 3, false], [1, 0]);
atBase('IT-4ST', 'Sciacca', BASED);
air('IT-51ST', '51° Stormo', X, 'IT', 'Mc 205', ['F'], 10, [4, 3, false], [1, 0]);
atBase('IT-51ST', 'Reggio Calabria', BASED);
air('IT-121GR', '121° Gruppo Tuffatori', X, 'IT', 'Ju 87', ['T'], 10, [0, 0, true], [4, 2]);
atBase('IT-121GR', 'Palermo Boccadifalco', BASED);
const ITALY = 'reconstructed: Ju 88 and SM 79 units on the fields of Foggia, Naples and Sardinia';
for (const k of ['54', '76', '77']) {
  air(`DE-KG${k}`, `KG ${k}`, X, 'DE', 'Ju 88', ['T'], 30, [1, 0, true], [6, 3]);
  atBox(`DE-KG${k}`, 'italy', ITALY);
}
air('IT-132GR', '132° Gruppo Aerosiluranti', X, 'IT', 'SM 79', ['T'], 30, [0, 0, true], [4, 2, true]);
atBox('IT-132GR', 'italy', ITALY);

const ship = (
  id: string,
  name: string,
  nation: string,
  bar: [number, number],
  range: number,
  flak: number,
  prot: number,
  single: boolean,
) =>
  counters.push({
    kind: 'ship',
    id,
    name,
    side: A,
    nation,
    barrage: { full: bar[0], damaged: bar[1] },
    range,
    flak,
    protection: prot,
    slowWhenDamaged: single,
    provenance: R_NAV,
  });
const naval: Record<string, unknown>[] = [];
const sail = (unit: string, from: number, to: number, why: string) => {
  naval.push({ side: A, unit, fromTurn: from, toTurn: to, provenance: why });
  setup.push({ unit, at: { box: 'fleet' }, provenance: why });
};
ship('USN-BOISE', 'USS Boise', 'US', [10, 5], 3, 2, 2, true);
sail('USN-BOISE', 1, 3, 'reconstructed: fire support off Gela, 10-13 July');
ship('USN-SAVANNAH', 'USS Savannah', 'US', [10, 5], 3, 2, 2, true);
sail('USN-SAVANNAH', 1, 3, 'reconstructed: fire support off Gela and Licata');
ship('USN-PHILA', 'USS Philadelphia', 'US', [10, 5], 3, 2, 2, true);
sail('USN-PHILA', 1, 6, 'reconstructed: fire support off Licata and then along the north coast');
ship('USN-DD1', 'US destroyer group', 'US', [6, 3], 2, 1, 1, false);
sail(
  'USN-DD1',
  1,
  11,
  'reconstructed: destroyers supporting the Seventh Army to the end, including the end runs on the north coast',
);
ship('RN-WARSPITE', 'HMS Warspite', 'UK', [24, 12], 4, 3, 4, true);
sail('RN-WARSPITE', 1, 2, 'reconstructed: Force H; Warspite bombarded Catania on 17 July');
ship('RN-ABERCROMBIE', 'HMS Abercrombie (monitor)', 'UK', [16, 8], 4, 1, 3, true);
sail('RN-ABERCROMBIE', 1, 6, 'reconstructed: monitors off the Eighth Army front');
ship('RN-ROBERTS', 'HMS Roberts (monitor)', 'UK', [16, 8], 4, 1, 3, true);
sail('RN-ROBERTS', 1, 6, 'reconstructed: monitors off the Eighth Army front');
ship('RN-CL1', 'RN cruiser squadron', 'UK', [10, 5], 3, 2, 2, false);
sail('RN-CL1', 1, 11, 'reconstructed: 15th Cruiser Squadron off the east coast');
ship('RN-DD1', 'RN destroyer group', 'UK', [6, 3], 2, 1, 1, false);
sail('RN-DD1', 1, 11, 'reconstructed: destroyers off the east coast');
for (const [id, craft, pts] of [
  ['LC-LST1', 'LST', 4],
  ['LC-LST2', 'LST', 4],
  ['LC-LCT1', 'LC', 4],
  ['LC-LCT2', 'LC', 4],
  ['LC-DUKW1', 'DUKW', 3],
] as const) {
  counters.push({
    kind: 'landingCraft',
    id,
    name: `${craft} group ${id.slice(-1)}`,
    side: A,
    nation: 'US',
    craft,
    points: pts,
    provenance:
      'reconstructed: landing craft remaining for follow-up landings (Bivio Salica, Brolo, Spadafora end runs)',
  });
  sail(id, 1, 11, 'reconstructed: landing craft available for follow-up and end-run landings');
}

// ---- scenario ------------------------------------------------------------------------------------
const turns = [
  '10-13 July',
  '14-17 July',
  '17-20 July',
  '21-24 July',
  '24-27 July',
  '28-31 July',
  '31 July-3 August',
  '4-7 August',
  '7-10 August',
  '11-14 August',
  '14-17 August',
];
const scenario = {
  $comment:
    'Operation Husky, Sicily 10 July - 17 August 1943, at 5 miles a hex and half a week a turn. Written by tools/build-husky.ts; edit freely (the JSON is the source).',
  id: 'husky',
  title: 'Husky: Sicily 1943',
  description:
    'The Allied invasion of Sicily, from the landings of 10 July to the fall of Messina on 17 August 1943: Seventh US and Eighth British Armies against the Italian 6th Army, Hermann Göring, 15th and 29th Panzergrenadier and 1st Fallschirmjäger.',
  turns: {
    first: 1,
    last: turns.length,
    dates: turns.map((label, i) => ({ turn: i + 1, label })),
    provenance: 'reconstructed: half a week a turn (1.0) from 10 July to 17 August 1943 (11 turns)',
  },
  firstPlayer: [{ turn: 1, side: A, provenance: 'reconstructed: the invader moves first on the landing turn' }],
  boxes: [
    {
      id: 'malta',
      name: 'Malta and Pantelleria',
      side: A,
      anchor: placeHex.get('Pachino'),
      hexes: 12,
      provenance: 'reconstructed: Valletta is some 95 km (12 hexes) south of Cape Passero',
    },
    {
      id: 'africa',
      name: 'Tunisia',
      side: A,
      anchor: placeHex.get('Marsala'),
      hexes: 20,
      provenance: 'reconstructed: Cap Bon is some 150 km (19 hexes) south-west of Marsala',
    },
    {
      id: 'fleet',
      name: 'Allied fleet at sea',
      side: A,
      anchor: placeHex.get('Pachino'),
      hexes: 4,
      provenance: 'reconstructed: ships not yet committed, standing off the beaches',
    },
    {
      id: 'italy',
      name: 'Southern Italy and Sardinia',
      side: X,
      anchor: '49.28',
      hexes: 30,
      provenance: 'reconstructed: the Foggia and Naples fields are some 250 km north of Gioia Tauro',
    },
  ],
  setup,
  dumps: [
    ...['Gela', 'Scoglitti', 'Licata', 'Pachino', 'Avola'].map((p) => ({
      side: A,
      at: { hex: near(p, A) },
      tokens: 16,
      provenance: 'reconstructed: stores landed over the beaches on D-day (some 6,000 tons a sector)',
    })),
    ...['Enna', 'Catania', 'Palermo', 'Messina', 'Caltanissetta', 'Agrigento', 'Reggio Calabria'].map((p) => ({
      side: X,
      at: { hex: near(p, X) },
      tokens: p === 'Caltanissetta' || p === 'Agrigento' ? 8 : 16,
      provenance: 'reconstructed: Axis depots on the island in July 1943',
    })),
  ],
  airBases: [],
  hedgehogs: [
    {
      side: X,
      hex: near('Catania', X),
      level: 1,
      provenance: 'reconstructed: the Catania defences (later the Etna line)',
    },
    { side: X, hex: placeHex.get('Messina'), level: 2, provenance: 'reconstructed: the fortified zone of Messina' },
  ],
  control: [
    {
      side: X,
      region: 'sicily',
      provenance: 'rulebook 13.3h: control follows the front line; the whole island is Axis before the landings',
    },
    { side: X, region: 'calabria', provenance: 'rulebook 13.3h: Calabria is Axis throughout' },
  ],
  reinforcements,
  supplySources: [
    {
      side: X,
      at: { region: 'calabriaNorthEdge' },
      name: 'Road and railway from Naples',
      provenance: 'rulebook 12.6a: map-edge railroad hexes where reinforcements enter',
    },
    {
      side: X,
      at: { hex: placeHex.get('Messina') },
      name: 'Messina (Strait ferries)',
      provenance: 'reconstructed: the ferries across the Strait made Messina the Axis railhead (19.0e game rule)',
    },
    ...['Syracuse', 'Augusta', 'Licata', 'Catania', 'Palermo', 'Porto Empedocle', 'Gela'].map((p) => ({
      side: A,
      at: { hex: map.ports.find((q: { name: string }) => q.name === p).hex },
      name: `Port of ${p}`,
      provenance: 'reconstructed: game rule (19.0e): an Allied-held port of capacity at least 1 SP is a supply source',
    })),
    ...['Gela', 'Scoglitti', 'Licata', 'Pachino', 'Avola'].map((p) => ({
      side: A,
      at: { hex: placeHex.get(p) },
      name: `Beach supply at ${p}`,
      provenance:
        'reconstructed: game rule: the invasion beaches are Allied supply sources (stores were landed over them for weeks)',
    })),
  ],
  supplyTables: {
    allied: {
      dice: '2d6',
      results: ['6SP', '7SP', '8SP', '9SP', '10SP', '10SP', '11SP', '12SP', '13SP', '14SP', '16SP'],
      provenance:
        'reconstructed: Allied discharge of some 10,000-15,000 tons a half-week over beaches and ports (1 SP = 1,500 tons), placed at an Allied supply source',
    },
    axis: {
      dice: '1d6',
      results: ['2SP', '2SP', '3SP', '3SP', '4SP', '5SP'],
      provenance:
        'reconstructed: Axis deliveries across the Strait of some 3,000-7,000 tons a half-week under air attack, placed at an Axis supply source',
    },
  },
  replacementTables: {
    allied: {
      dice: '1d6',
      results: ['-', '-', '1Pax', '1Pax', '1Eq', '1Eq+1Pax'],
      provenance: 'reconstructed: replacement depots in North Africa',
    },
    axis: {
      dice: '1d6',
      results: ['-', '-', '-', '1Pax', '1Pax', '1Eq'],
      provenance: 'reconstructed: few replacements reached the island',
    },
  },
  weatherTable: {
    dice: '2d6',
    results: ['storm', 'clear', 'clear', 'clear', 'clear', 'clear', 'clear', 'clear', 'clear', 'clear', 'clear'],
    provenance: 'reconstructed: Sicilian summer, dry and clear; the gale of 9 July is the only storm of the campaign',
  },
  weather: [
    { id: 'clear', name: 'Clear', flying: true, mpFactor: 1, provenance: 'reconstructed: summer weather, no effect' },
    {
      id: 'storm',
      name: 'Storm',
      flying: false,
      mpFactor: 1,
      provenance: 'reconstructed: high winds ground aircraft (17.0a)',
    },
  ],
  reserveMarkers: {
    allied: { value: 6, provenance: 'reconstructed: two armies of three corps' },
    axis: { value: 4, provenance: 'reconstructed: Italian and German reserves' },
  },
  railCap: {
    allied: { value: 0, provenance: 'reconstructed: the Allies ran no trains until the lines were repaired' },
    axis: { value: 4, provenance: 'reconstructed: Sicilian railways under constant air attack' },
  },
  seaCap: {
    allied: { value: 24, provenance: 'reconstructed: coastal shipping between Allied ports' },
    axis: { value: 8, provenance: 'reconstructed: the Strait ferries (Siebel ferries and train ferries)' },
  },
  hipShoot: {
    nations: [],
    provenance: 'rulebook 14.7d: only nations the game rules list may Hip Shoot; none listed here',
  },
  airStrips: {
    sides: [A],
    provenance: 'reconstructed: Allied aviation engineers built landing strips within days of the landings',
  },
  naval,
  victory: {
    hexes: [
      ['Messina', 10],
      ['Palermo', 3],
      ['Catania', 3],
      ['Syracuse', 2],
      ['Enna', 2],
      ['Augusta', 1],
      ['Licata', 1],
      ['Trapani', 1],
      ['Randazzo', 1],
      ['Troina', 1],
    ].map(([p, vp]) => ({
      hex: placeHex.get(p as string)!,
      side: A,
      vp: vp as number,
      provenance: 'reconstructed: the Allied objectives (Messina above all); calibrate by playtest',
    })),
    suddenDeath: [
      {
        side: A,
        hexes: [placeHex.get('Messina')!],
        provenance: 'reconstructed: Messina taken before the last turn ends the campaign',
      },
    ],
    stepVp: {
      allied: { value: 0.5, provenance: 'reconstructed: Axis steps destroyed' },
      axis: { value: 0.5, provenance: 'reconstructed: Allied steps destroyed' },
    },
    margin: {
      value: 5,
      provenance:
        'reconstructed: the Allies win with 5 VP more than the Axis, else the Axis (a historical result is an Axis escape); calibrate by playtest',
    },
    provenance: 'reconstructed: the campaign turned on the race for Messina and the Axis escape across the Strait',
  },
};

const sides = [
  {
    id: A,
    name: 'Allies',
    nations: ['US', 'UK', 'CA'],
    provenance: 'reconstructed: Seventh US Army, Eighth British Army (with 1st Canadian Division)',
  },
  {
    id: X,
    name: 'Axis',
    nations: ['IT', 'DE'],
    provenance: 'reconstructed: Italian 6th Army and German XIV Panzer Corps',
  },
];
const drop = (o: Record<string, unknown>) => JSON.parse(JSON.stringify(o));
writeFileSync(
  new URL('counters.json', dir),
  `${JSON.stringify({ $comment: 'Husky 1943 counters, one per unit. Written by tools/build-husky.ts; edit freely.', sides, counters: counters.map(drop) }, null, 1)}\n`,
);
writeFileSync(new URL('scenario.json', dir), `${JSON.stringify(drop(scenario), null, 1)}\n`);
console.log(`${counters.length} counters, ${setup.length} set up, ${reinforcements.length} arrivals`);
