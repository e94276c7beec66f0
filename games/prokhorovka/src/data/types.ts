/**
 * Kursk South: Prokhorovka 1943 data: the schemas of the JSON files beside this module and the
 * types inferred from them, the one description of the data. The JSON files are the replaceable
 * source (an owner of the GJ63 box may enter the printed map and counter sheets there); `index.ts`
 * validates them with these schemas, cross-checks them and returns `ProkhorovkaData`.
 */
import { z } from 'zod';
import { provenance } from '@sandtable/engine';

const side = z.enum(['DE', 'SU']);
export type Side = z.infer<typeof side>;
export const SIDES: readonly Side[] = side.options;

const label = z.string().regex(/^\d{4}$/, 'a hex is a 4-digit label "CCRR"');
const nat = z.number().int().min(0);
const pos = z.number().int().min(1);
const comment = z.string().optional();

// ---- map.json ------------------------------------------------------------------------------

export const mapFileSchema = z.strictObject({
  $comment: comment,
  grid: z.strictObject({
    cols: pos,
    rows: pos,
    orientation: z.enum(['flat', 'pointy']),
    offset: z.enum(['odd', 'even']),
    kmAcross: z.number().positive(),
    provenance,
  }),
  projection: z
    .strictObject({
      kind: z.string(),
      hex0101: z.tuple([z.number(), z.number()]),
      kmPerDegLon: z.number(),
      kmPerDegLat: z.number(),
      provenance,
    })
    .optional(),
  places: z.array(z.strictObject({ hex: label, name: z.string().min(1), kind: z.enum(['city', 'town']), provenance })),
  hills: z.array(z.strictObject({ hex: label, name: z.string().min(1), provenance })),
  rivers: z.array(
    z.strictObject({
      name: z.string().min(1),
      kind: z.enum(['river', 'major']),
      hexsides: z.array(z.string().regex(/^\d{4}\/\d{4}$/, 'a hexside is "AAAA/BBBB"')),
      provenance,
    }),
  ),
  roads: z.array(z.strictObject({ name: z.string().min(1), hexes: z.array(label).min(2), provenance })),
  railways: z.array(z.strictObject({ name: z.string().min(1), hexes: z.array(label).min(2), provenance })),
  startLine: z.strictObject({ germanSide: z.array(label).min(1), provenance }),
  sources: z.array(
    z.strictObject({ hex: label, side, edge: z.enum(['N', 'S', 'E', 'W']), name: z.string().min(1), provenance }),
  ),
  entrenchments: z.array(z.strictObject({ side, name: z.string().min(1), hexes: z.array(label), provenance })),
  vpHexes: z.array(z.strictObject({ hex: label, name: z.string().min(1), provenance })),
});
/** The map as the rules see it (the file's comment and the tools' projection left out). */
export type MapData = Omit<z.infer<typeof mapFileSchema>, '$comment' | 'projection'>;

// ---- units.json and setup.json -------------------------------------------------------------

const branch = z.enum(['panzer', 'panzergrenadier', 'tank', 'mechanized', 'infantry', 'paratroop']);
export type Branch = z.infer<typeof branch>;

const values = z.strictObject({
  /** Normal firepower (2.11(2)1): dice in the normal combat step. */
  fire: nat,
  /** Equipment value (2.11(2)2): most equipment chits in the stack. */
  equip: nat,
  /** Movement allowance (2.11(2)3). */
  ma: nat,
});
export type Values = z.infer<typeof values>;

const unitData = z.strictObject({
  id: z.string().min(1),
  side,
  /** Parent formation (2.11(3)1): German army (4PzA, Kempf, XXIV), Soviet corps/army (6GA, 1TA, R, XXXVG, 5GA, 5GTA...). */
  formation: z.string().min(1),
  name: z.string().min(1),
  branch,
  /** Mechanized branch (2.11(3)4): panzer, panzergrenadier, tank, mechanized. */
  mechanized: z.boolean(),
  /** Reinforcement dot (2.11(3)3): starts in the reserve pool. */
  reinforcement: z.boolean(),
  full: values,
  reduced: values,
  provenance,
});
export type UnitData = z.infer<typeof unitData>;

export const unitsFileSchema = z.strictObject({ $comment: comment, units: z.array(unitData) });

const placement = z.strictObject({ unit: z.string().min(1), hex: label, provenance });
export type Placement = z.infer<typeof placement>;

export const setupFileSchema = z.strictObject({ $comment: comment, placements: z.array(placement) });

// ---- chits.json ----------------------------------------------------------------------------

const chitBack = z.enum(['tank', 'equip']);
export type ChitBack = z.infer<typeof chitBack>;
const equipClass = z.enum(['tank', 'spat', 'atgun', 'spart', 'aagun', 'position', 'detachment']);
export type EquipClass = z.infer<typeof equipClass>;

/** One type of equipment chit with its count (ids are generated: `DE-E07`). */
const equipType = z.strictObject({
  side,
  back: chitBack,
  name: z.string().min(1),
  cls: equipClass,
  count: pos,
  tankFire: nat.optional(),
  atFire: nat.optional(),
  /** Armor; for AT and AA guns the bracketed armor (签一览 AT gun). */
  armor: nat.optional(),
  artillery: nat.optional(),
  aa: nat.optional(),
  range: nat.optional(),
  /** Position defense level (签一览 position). */
  defense: nat.optional(),
  /** Detachment face-up values (签一览 detachment). */
  normal: nat.optional(),
  equip: nat.optional(),
  ma: nat.optional(),
  /** Re-roll once per roll when firing or fired on (Wittmann). */
  reroll: z.boolean().optional(),
  /** SU152's AT fire under optional 19.3. */
  atFireOptional: nat.optional(),
  provenance,
});
export type EquipType = z.infer<typeof equipType>;

const supportKind = z.enum([
  'fighter',
  'bomber',
  'attack',
  'rudel',
  'recon',
  'heavyArtillery',
  'minefield',
  'smoke',
  'engineers',
  'melee',
  'commander',
  'sniper',
  'molotov',
  'closeCombat',
]);
export type SupportKind = z.infer<typeof supportKind>;
const supportType = z.enum(['weapon', 'tactical', 'event']);
export type SupportType = z.infer<typeof supportType>;

const supportTypeData = z.strictObject({
  side,
  name: z.string().min(1),
  kind: supportKind,
  /** 3.6(5): weapon, tactical support (a Sniper can cancel it), event. */
  type: supportType,
  count: pos,
  aa: nat.optional(),
  bombing: nat.optional(),
  groundAttack: nat.optional(),
  shots: pos.optional(),
  artillery: nat.optional(),
  reveals: pos.optional(),
  damageBonus: nat.optional(),
  reroll: z.boolean().optional(),
  /** Red name: usable immediately when its condition is met (签一览(2), A-40). */
  red: z.boolean().optional(),
  provenance,
});
export type SupportTypeData = z.infer<typeof supportTypeData>;

export const chitsFileSchema = z.strictObject({
  $comment: comment,
  equipment: z.array(equipType),
  support: z.array(supportTypeData),
});

/** One physical chit, as generated from the types. */
export interface EquipChit extends EquipType {
  id: string;
}
export interface SupportChit extends SupportTypeData {
  id: string;
}

// ---- tables.json ---------------------------------------------------------------------------

const cell = z.union([z.number().int().min(0).max(6), z.literal('auto'), z.literal('diamond')]);
export type Cell = z.infer<typeof cell>;

const terrainData = z.strictObject({
  id: z.string().min(1),
  name: z.string().min(1),
  mpMech: pos,
  mpNonMech: pos,
  tdl: nat,
  artilleryHit: nat,
  normalHit: nat,
  tankSupport: cell,
  bombingHit: nat,
  groundAttack: cell,
  provenance,
});
export type TerrainData = z.infer<typeof terrainData>;

const hexsideTerrain = z.strictObject({
  id: z.enum(['river', 'major']),
  name: z.string().min(1),
  mpMech: nat,
  mpNonMech: nat,
  tdlBonus: nat,
  provenance,
});
export type HexsideTerrain = z.infer<typeof hexsideTerrain>;

const turnReinforcement = z.strictObject({
  formation: z.string().min(1),
  count: pos,
  /** Entry sources (2.2.2(1), A-56): N, E, N/E, W or any. */
  entry: z.enum(['N', 'E', 'N/E', 'W', 'any']),
});
export type TurnReinforcement = z.infer<typeof turnReinforcement>;

const turnBox = z.strictObject({
  turn: pos,
  date: z.string(),
  sovSP: nat,
  reinforcements: z.array(turnReinforcement),
  tank: nat,
  equip: nat,
  provenance,
});
export type TurnBox = z.infer<typeof turnBox>;

const sideCount = z.strictObject({ tank: nat, equip: nat });
export const tablesFileSchema = z.strictObject({
  $comment: comment,
  terrain: z.array(terrainData).min(1),
  hexsides: z.array(hexsideTerrain),
  combat: z.strictObject({
    defenderHit: pos,
    acrossRiverNormalHit: pos,
    entrenchmentTdl: nat,
    molotovHit: pos,
    breakdownRoll: pos,
    xxivJoinHit: pos,
    xxivFromTurn: pos,
    damageFlipAt: pos,
    maxSupportPerBattle: pos,
    reorgPlaceMax: pos,
    provenance,
  }),
  game: z.strictObject({ turns: pos, optionalTurn: pos, germanWinsAt: pos, provenance }),
  setupDraws: z.strictObject({ DE: sideCount, SU: sideCount, provenance }),
  support: z.strictObject({ germanPerTurn: nat, germanChooseAtSetup: nat, sovietDrawAtSetup: nat, provenance }),
  germanReinforcement: z.strictObject({
    units: pos,
    tank: nat,
    equip: nat,
    candidates: z.array(z.string()),
    provenance,
  }),
  xxivAllotment: z.array(z.strictObject({ unit: z.string(), tank: nat, equip: nat })),
  xxivAllotmentProvenance: provenance,
  turnTrack: z.array(turnBox),
});
/** The tables as the rules see them (the file's comment left out). */
export type TablesData = Omit<z.infer<typeof tablesFileSchema>, '$comment'>;

// ---- the loaded data -----------------------------------------------------------------------

/** What `loadProkhorovkaData` returns: the files above, with the chits expanded one by one. */
export interface ProkhorovkaData {
  map: MapData;
  units: UnitData[];
  setup: Placement[];
  equipmentTypes: EquipType[];
  supportTypes: SupportTypeData[];
  /** Every physical chit, ids `DE-E01`..., in data order. */
  equipment: EquipChit[];
  support: SupportChit[];
  tables: TablesData;
}
