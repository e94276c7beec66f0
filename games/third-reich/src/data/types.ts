/**
 * Rise and Fall of the Third Reich data: the schemas of the JSON files beside this module and the
 * types inferred from them, the one description of the data. The JSON files are the replaceable
 * source (an owner of the box may enter the real map, counter sheet and cards there); `index.ts`
 * validates them with these schemas, cross-checks them and returns `ThirdReichData`.
 */
import { z } from 'zod';
import { provenance } from '@sandtable/engine';

const side = z.enum(['axis', 'allies']);
export type Side = z.infer<typeof side>;
export const SIDES: readonly Side[] = side.options;

/** Nation codes as printed on the counters (2.1.1(4)). RU = Romania, DE = Denmark, SW = Sweden, SZ = Switzerland (AMB-1). */
export const NATIONS = [
  'GE',
  'IT',
  'HU',
  'RU',
  'BU',
  'FI',
  'TU',
  'SP',
  'UK',
  'FR',
  'PO',
  'US',
  'SU',
  'SW',
  'NW',
  'SZ',
  'PG',
  'IR',
  'NE',
  'BE',
  'YU',
  'GR',
  'DE',
] as const;
const nation = z.enum(NATIONS);
export type NationId = z.infer<typeof nation>;

/** Unit types (2.1.1(1)). */
export const UNIT_TYPES = ['LF', 'TF', 'GF', 'AB', 'SA', 'FT', 'AF', 'NF', 'CV', 'CVE', 'SS'] as const;
const unitType = z.enum(UNIT_TYPES);
export type UnitType = z.infer<typeof unitType>;
/** land units, air units, surface naval units, submarines (2.1.1(1), 15.1). */
const unitClass = z.enum(['land', 'air', 'naval', 'sub']);
export type UnitClass = z.infer<typeof unitClass>;

const areaType = z.enum(['land', 'sea']);
export type AreaType = z.infer<typeof areaType>;
/** land border, sea border, or a point contact that does not connect (2.2.1(6)). */
const borderKind = z.enum(['land', 'sea', 'point']);
export type BorderKind = z.infer<typeof borderKind>;
/** red circle, black circle, black-and-white ("half") circle (3.2(1)). */
const sourceKind = z.enum(['red', 'black', 'half']);
export type SourceKind = z.infer<typeof sourceKind>;

const point = z.tuple([z.number(), z.number()]);
export type Point = z.infer<typeof point>;
const areaId = z.string().regex(/^[a-z][a-z_]*$/, 'area ids are lower-case words joined by "_"');

// ---- map.json and areas.json ---------------------------------------------------------------

const mapArea = z.strictObject({
  id: areaId,
  name: z.string().min(1),
  type: areaType,
  /** Label position, km (projection in map.json). */
  center: point,
  /** Outline rings in km: outer rings and holes (draw with the even-odd rule). */
  polygons: z.array(z.array(point).min(3, 'a ring needs at least 3 vertices')).min(1),
  provenance,
});

const border = z.strictObject({ a: areaId, b: areaId, kind: borderKind, provenance });
export type BorderData = z.infer<typeof border>;

export const mapFileSchema = z.strictObject({
  provenance,
  projection: z.string().min(1),
  areas: z.array(mapArea).min(1),
  borders: z.array(border),
});

const setupEntry = z.strictObject({ counter: z.string().min(1), n: z.number().int().min(1) });
export type SetupEntry = z.infer<typeof setupEntry>;

const areaAttributes = z.strictObject({
  id: areaId,
  flag: nation.nullable(),
  flagProvenance: provenance,
  source: sourceKind.nullable(),
  sourceProvenance: provenance,
  setup: z.array(setupEntry),
  setupProvenance: provenance,
});

export const areasFileSchema = z.strictObject({ provenance, areas: z.array(areaAttributes) });

/** An area of map.json joined with its attributes from areas.json. */
export type AreaData = z.infer<typeof mapArea> & z.infer<typeof areaAttributes>;

// ---- nations.json --------------------------------------------------------------------------

const nationData = z.strictObject({
  id: nation,
  name: z.string().min(1),
  side,
  status: z.enum(['belligerent', 'neutral']),
  /** May be withdrawn to the pool at the end of the turn (5.0(4)③). */
  withdrawable: z.boolean(),
  provenance,
});
export type NationData = z.infer<typeof nationData>;

export const nationsFileSchema = z.strictObject({ provenance, nations: z.array(nationData) });

// ---- counters.json -------------------------------------------------------------------------

const unitTypeData = z.strictObject({
  id: unitType,
  class: unitClass,
  /** Mobilization cost in SV (12.0(2)). */
  cost: z.number().int().min(1),
  name: z.string().min(1),
  provenance,
});
export type UnitTypeData = z.infer<typeof unitTypeData>;

const counterData = z.strictObject({
  id: z.string().regex(/^[A-Z]{2}-[A-Z0-9]+$/, 'counter ids look like "GE-LF" or "GE-TF5"'),
  nation,
  type: unitType,
  attack: z.number().int().min(0).max(6),
  durability: z.number().int().min(1).max(3),
  movement: z.number().int().min(0).max(6),
  /** Air strength (AF, CV, CVE only; 2.1.1(3)④). */
  air: z.number().int().min(1).max(6).optional(),
  /** Counters of this kind in the box. */
  count: z.number().int().min(1),
  /** How many of them start in the development pool (4.0(4)). */
  dev: z.number().int().min(1).optional(),
  /** Jet (optional 16.8). */
  jet: z.boolean().optional(),
  /** How many carry the Vichy France marking (2.1.1(6)). */
  vichy: z.number().int().min(1).optional(),
  provenance,
});
export type CounterData = z.infer<typeof counterData>;

export const countersFileSchema = z.strictObject({
  provenance,
  types: z.array(unitTypeData),
  counters: z.array(counterData),
});

// ---- cards.json ----------------------------------------------------------------------------

const cardEffect = z.discriminatedUnion('kind', [
  z.strictObject({ kind: z.literal('blitzkrieg'), actions: z.number().int().min(2) }),
  z.strictObject({ kind: z.literal('ambush') }),
  z.strictObject({
    kind: z.literal('development'),
    maxSv: z.number().int().min(3).max(4),
    units: z.number().int().min(0),
  }),
  z.strictObject({ kind: z.literal('diplomacy'), steps: z.number().int().min(1) }),
  z.strictObject({ kind: z.literal('supply'), yugoslavia: z.boolean().optional() }),
  z.strictObject({ kind: z.literal('strategicMovement'), units: z.number().int().min(1) }),
  z.strictObject({ kind: z.literal('wolfpack'), areas: z.array(areaId).min(1) }),
  z.strictObject({ kind: z.literal('seaLion') }),
  z.strictObject({ kind: z.literal('vichyFrance') }),
  z.strictObject({ kind: z.literal('seaTransport') }),
  z.strictObject({ kind: z.literal('strategicBombing'), modifiers: z.array(z.number().int()).min(1) }),
  z.strictObject({ kind: z.literal('lendLease'), sv: z.number().int().min(1), nation }),
  z.strictObject({ kind: z.literal('landing') }),
  z.strictObject({ kind: z.literal('longRangeBombing'), extraRange: z.number().int().min(1) }),
]);
export type CardEffect = z.infer<typeof cardEffect>;
export type CardEffectKind = CardEffect['kind'];

const cardData = z.strictObject({
  id: z.string().regex(/^(ax|al)[234]-[a-z]+(-\d+)?$/, 'card ids look like "ax2-blitz-1"'),
  side,
  /** Strategic value (2.3.1(1)①). */
  sv: z.union([z.literal(2), z.literal(3), z.literal(4)]),
  name: z.string().min(1),
  /** ★ on both sides of the name: usable as a counterattack (2.3.1(1)②, 10.0). */
  star: z.boolean(),
  effect: cardEffect,
  text: z.string().min(1),
  provenance,
});
export type CardData = z.infer<typeof cardData>;

export const cardsFileSchema = z.strictObject({ provenance, cards: z.array(cardData) });

// ---- tracks.json ---------------------------------------------------------------------------

const turnData = z.strictObject({
  turn: z.number().int().min(1),
  season: z.enum(['winter', 'summer']),
  year: z.number().int(),
  /** Winter turn (W) (15.2). */
  winter: z.boolean(),
  provenance,
});
export type TurnData = z.infer<typeof turnData>;

const entryTrackData = z.strictObject({
  nation: z.enum(['US', 'SU', 'TU', 'SP']),
  /** Box labels, START first and ENTRY last. */
  boxes: z.array(z.string().min(1)).min(2),
  /** US only: the "designated position" from which the US source is usable (15.3(1)). */
  usSourceBox: z.number().int().min(1).optional(),
  provenance,
});
export type EntryTrackData = z.infer<typeof entryTrackData>;

const specialAreas = z.strictObject({
  berlin: areaId,
  paris: areaId,
  london: areaId,
  moscow: areaId,
  warsaw: areaId,
  egypt: areaId,
  northAtlantic: areaId,
  centralAtlantic: areaId,
  easternMediterranean: areaId,
  middleEast: areaId,
  /** The area holding the US source (15.3). */
  usSource: areaId,
  /** Brest and Galicia (15.4(2)(3)). */
  polishSpecial: z.array(areaId),
  /** Count 2 each in the Axis strategic-victory check (14.1(1)). */
  doubleForStrategicVictory: z.array(areaId),
  provenance,
});
export type SpecialAreas = z.infer<typeof specialAreas>;

const conditionalLink = z.strictObject({
  a: areaId,
  b: areaId,
  /** The only side for which the link exists. */
  side,
  /** The link exists while this area is controlled by `side` (15.7.1(2)). */
  whileControls: areaId,
  provenance,
});
export type ConditionalLink = z.infer<typeof conditionalLink>;

const forbiddenArea = z.strictObject({ area: areaId, sides: z.array(side).min(1), provenance });
export type ForbiddenArea = z.infer<typeof forbiddenArea>;

export const tracksFileSchema = z.strictObject({
  turnTrack: z.strictObject({ turns: z.array(turnData), provenance }),
  entryTracks: z.array(entryTrackData),
  boundaryLine: z.strictObject({ north: z.array(areaId), provenance }),
  special: specialAreas,
  conditionalLinks: z.array(conditionalLink),
  forbidden: z.array(forbiddenArea),
});

// ---- the loaded data -----------------------------------------------------------------------

/** What `loadThirdReichData` returns: the files above joined and flattened. */
export interface ThirdReichData {
  projection: string;
  areas: AreaData[];
  borders: BorderData[];
  nations: NationData[];
  unitTypes: UnitTypeData[];
  counters: CounterData[];
  cards: CardData[];
  turns: TurnData[];
  entryTracks: EntryTrackData[];
  /** Areas north of the Axis-allies boundary line (15.6). */
  boundaryNorth: string[];
  special: SpecialAreas;
  conditionalLinks: ConditionalLink[];
  forbidden: ForbiddenArea[];
}
