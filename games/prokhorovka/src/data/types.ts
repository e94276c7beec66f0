/**
 * Kursk South: Prokhorovka 1943 data as the rules consume it. The JSON files beside this module
 * are the replaceable source (an owner of the GJ63 box may enter the printed map and counter
 * sheets there); `index.ts` validates them with schemas and cross-checks and returns this shape.
 */
export type Side = 'DE' | 'SU';
export const SIDES: readonly Side[] = ['DE', 'SU'];

export type Branch = 'panzer' | 'panzergrenadier' | 'tank' | 'mechanized' | 'infantry' | 'paratroop';
export interface Values {
  /** Normal firepower (2.11(2)1): dice in the normal combat step. */
  fire: number;
  /** Equipment value (2.11(2)2): most equipment chits in the stack. */
  equip: number;
  /** Movement allowance (2.11(2)3). */
  ma: number;
}

export interface UnitData {
  id: string;
  side: Side;
  /** Parent formation (2.11(3)1): German army (4PzA, Kempf, XXIV), Soviet corps/army (6GA, 1TA, R, XXXVG, 5GA, 5GTA...). */
  formation: string;
  name: string;
  branch: Branch;
  /** Mechanized branch (2.11(3)4): panzer, panzergrenadier, tank, mechanized. */
  mechanized: boolean;
  /** Reinforcement dot (2.11(3)3): starts in the reserve pool. */
  reinforcement: boolean;
  full: Values;
  reduced: Values;
  provenance: string;
}

export interface Placement {
  unit: string;
  hex: string;
  provenance: string;
}

export type ChitBack = 'tank' | 'equip';
export type EquipClass = 'tank' | 'spat' | 'atgun' | 'spart' | 'aagun' | 'position' | 'detachment';

/** One type of equipment chit with its count (ids are generated: `DE-E07`). */
export interface EquipType {
  side: Side;
  back: ChitBack;
  name: string;
  cls: EquipClass;
  count: number;
  tankFire?: number;
  atFire?: number;
  /** Armor; for AT and AA guns the bracketed armor (签一览 AT gun). */
  armor?: number;
  artillery?: number;
  aa?: number;
  range?: number;
  /** Position defense level (签一览 position). */
  defense?: number;
  /** Detachment face-up values (签一览 detachment). */
  normal?: number;
  equip?: number;
  ma?: number;
  /** Re-roll once per roll when firing or fired on (Wittmann). */
  reroll?: boolean;
  /** SU152's AT fire under optional 19.3. */
  atFireOptional?: number;
  provenance: string;
}

export type SupportKind =
  | 'fighter'
  | 'bomber'
  | 'attack'
  | 'rudel'
  | 'recon'
  | 'heavyArtillery'
  | 'minefield'
  | 'smoke'
  | 'engineers'
  | 'melee'
  | 'commander'
  | 'sniper'
  | 'molotov'
  | 'closeCombat';
export type SupportType = 'weapon' | 'tactical' | 'event';

export interface SupportTypeData {
  side: Side;
  name: string;
  kind: SupportKind;
  /** 3.6(5): weapon, tactical support (a Sniper can cancel it), event. */
  type: SupportType;
  count: number;
  aa?: number;
  bombing?: number;
  groundAttack?: number;
  shots?: number;
  artillery?: number;
  reveals?: number;
  damageBonus?: number;
  reroll?: boolean;
  /** Red name: usable immediately when its condition is met (签一览(2), A-40). */
  red?: boolean;
  provenance: string;
}

/** One physical chit, as generated from the types. */
export interface EquipChit extends EquipType {
  id: string;
}
export interface SupportChit extends SupportTypeData {
  id: string;
}

export type Cell = number | 'auto' | 'diamond';
export interface TerrainData {
  id: string;
  name: string;
  mpMech: number;
  mpNonMech: number;
  tdl: number;
  artilleryHit: number;
  normalHit: number;
  tankSupport: Cell;
  bombingHit: number;
  groundAttack: Cell;
  provenance: string;
}
export interface HexsideTerrain {
  id: 'river' | 'major';
  name: string;
  mpMech: number;
  mpNonMech: number;
  tdlBonus: number;
  provenance: string;
}

export interface TurnReinforcement {
  formation: string;
  count: number;
  /** Entry sources (2.2.2(1), A-56): N, E, N/E, W or any. */
  entry: 'N' | 'E' | 'N/E' | 'W' | 'any';
}
export interface TurnBox {
  turn: number;
  date: string;
  sovSP: number;
  reinforcements: TurnReinforcement[];
  tank: number;
  equip: number;
  provenance: string;
}

export interface MapData {
  grid: {
    cols: number;
    rows: number;
    orientation: 'flat' | 'pointy';
    offset: 'odd' | 'even';
    kmAcross: number;
    provenance: string;
  };
  places: { hex: string; name: string; kind: 'city' | 'town'; provenance: string }[];
  hills: { hex: string; name: string; provenance: string }[];
  rivers: { name: string; kind: 'river' | 'major'; hexsides: string[]; provenance: string }[];
  roads: { name: string; hexes: string[]; provenance: string }[];
  railways: { name: string; hexes: string[]; provenance: string }[];
  startLine: { germanSide: string[]; provenance: string };
  sources: { hex: string; side: Side; edge: 'N' | 'S' | 'E' | 'W'; name: string; provenance: string }[];
  entrenchments: { side: Side; name: string; hexes: string[]; provenance: string }[];
  vpHexes: { hex: string; name: string; provenance: string }[];
}

export interface TablesData {
  terrain: TerrainData[];
  hexsides: HexsideTerrain[];
  combat: {
    defenderHit: number;
    acrossRiverNormalHit: number;
    entrenchmentTdl: number;
    molotovHit: number;
    breakdownRoll: number;
    xxivJoinHit: number;
    xxivFromTurn: number;
    damageFlipAt: number;
    maxSupportPerBattle: number;
    reorgPlaceMax: number;
    provenance: string;
  };
  game: { turns: number; optionalTurn: number; germanWinsAt: number; provenance: string };
  setupDraws: { DE: { tank: number; equip: number }; SU: { tank: number; equip: number }; provenance: string };
  support: { germanPerTurn: number; germanChooseAtSetup: number; sovietDrawAtSetup: number; provenance: string };
  germanReinforcement: { units: number; tank: number; equip: number; candidates: string[]; provenance: string };
  xxivAllotment: { unit: string; tank: number; equip: number }[];
  xxivAllotmentProvenance: string;
  turnTrack: TurnBox[];
}

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
