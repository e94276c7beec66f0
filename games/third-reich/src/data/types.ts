/**
 * Rise and Fall of the Third Reich data as the rules consume it. The JSON files beside this
 * module are the replaceable source (an owner of the box may enter the real map, counter sheet
 * and cards there); `index.ts` validates them with schemas and cross-checks and returns this shape.
 */
export type Side = 'axis' | 'allies';
export const SIDES: readonly Side[] = ['axis', 'allies'];

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
export type NationId = (typeof NATIONS)[number];

/** Unit types (2.1.1(1)). */
export const UNIT_TYPES = ['LF', 'TF', 'GF', 'AB', 'SA', 'FT', 'AF', 'NF', 'CV', 'CVE', 'SS'] as const;
export type UnitType = (typeof UNIT_TYPES)[number];
/** land units, air units, surface naval units, submarines (2.1.1(1), 15.1). */
export type UnitClass = 'land' | 'air' | 'naval' | 'sub';

export type AreaType = 'land' | 'sea';
/** land border, sea border, or a point contact that does not connect (2.2.1(6)). */
export type BorderKind = 'land' | 'sea' | 'point';
/** red circle, black circle, black-and-white ("half") circle (3.2(1)). */
export type SourceKind = 'red' | 'black' | 'half';

export type Point = [number, number];

export interface SetupEntry {
  counter: string;
  n: number;
}

export interface AreaData {
  id: string;
  name: string;
  type: AreaType;
  /** Label position, km (projection in map.json). */
  center: Point;
  /** Outline rings in km: outer rings and holes (draw with the even-odd rule). */
  polygons: Point[][];
  flag: NationId | null;
  source: SourceKind | null;
  setup: SetupEntry[];
  provenance: string;
  flagProvenance: string;
  sourceProvenance: string;
  setupProvenance: string;
}

export interface BorderData {
  a: string;
  b: string;
  kind: BorderKind;
  provenance: string;
}

export interface NationData {
  id: NationId;
  name: string;
  side: Side;
  status: 'belligerent' | 'neutral';
  /** May be withdrawn to the pool at the end of the turn (5.0(4)③). */
  withdrawable: boolean;
  provenance: string;
}

export interface UnitTypeData {
  id: UnitType;
  class: UnitClass;
  /** Mobilization cost in SV (12.0(2)). */
  cost: number;
  name: string;
  provenance: string;
}

export interface CounterData {
  id: string;
  nation: NationId;
  type: UnitType;
  attack: number;
  durability: number;
  movement: number;
  /** Air strength (AF, CV, CVE only; 2.1.1(3)④). */
  air?: number;
  /** Counters of this kind in the box. */
  count: number;
  /** How many of them start in the development pool (4.0(4)). */
  dev?: number;
  /** Jet (optional 16.8). */
  jet?: boolean;
  /** How many carry the Vichy France marking (2.1.1(6)). */
  vichy?: number;
  provenance: string;
}

export type CardEffect =
  | { kind: 'blitzkrieg'; actions: number }
  | { kind: 'ambush' }
  | { kind: 'development'; maxSv: number; units: number }
  | { kind: 'diplomacy'; steps: number }
  | { kind: 'supply'; yugoslavia?: boolean }
  | { kind: 'strategicMovement'; units: number }
  | { kind: 'wolfpack'; areas: string[] }
  | { kind: 'seaLion' }
  | { kind: 'vichyFrance' }
  | { kind: 'seaTransport' }
  | { kind: 'strategicBombing'; modifiers: number[] }
  | { kind: 'lendLease'; sv: number; nation: NationId }
  | { kind: 'landing' }
  | { kind: 'longRangeBombing'; extraRange: number };
export type CardEffectKind = CardEffect['kind'];

export interface CardData {
  id: string;
  side: Side;
  /** Strategic value (2.3.1(1)①). */
  sv: 2 | 3 | 4;
  name: string;
  /** ★ on both sides of the name: usable as a counterattack (2.3.1(1)②, 10.0). */
  star: boolean;
  effect: CardEffect;
  text: string;
  provenance: string;
}

export interface TurnData {
  turn: number;
  season: 'winter' | 'summer';
  year: number;
  /** Winter turn (W) (15.2). */
  winter: boolean;
  provenance: string;
}

export interface EntryTrackData {
  nation: 'US' | 'SU' | 'TU' | 'SP';
  /** Box labels, START first and ENTRY last. */
  boxes: string[];
  /** US only: the "designated position" from which the US source is usable (15.3(1)). */
  usSourceBox?: number;
  provenance: string;
}

export interface SpecialAreas {
  berlin: string;
  paris: string;
  london: string;
  moscow: string;
  warsaw: string;
  egypt: string;
  northAtlantic: string;
  centralAtlantic: string;
  easternMediterranean: string;
  middleEast: string;
  /** The area holding the US source (15.3). */
  usSource: string;
  /** Brest and Galicia (15.4(2)(3)). */
  polishSpecial: string[];
  /** Count 2 each in the Axis strategic-victory check (14.1(1)). */
  doubleForStrategicVictory: string[];
  provenance: string;
}

export interface ConditionalLink {
  a: string;
  b: string;
  /** The only side for which the link exists. */
  side: Side;
  /** The link exists while this area is controlled by `side` (15.7.1(2)). */
  whileControls: string;
  provenance: string;
}

export interface ForbiddenArea {
  area: string;
  sides: Side[];
  provenance: string;
}

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
