/**
 * Soft Underbelly data as the rules consume it. The JSON files beside this module are the
 * replaceable source (an owner of the box may enter the real map and counter sheet there);
 * `index.ts` validates them with schemas and cross-checks and returns this shape.
 */
export type Side = 'allies' | 'axis';
export const SIDES: readonly Side[] = ['allies', 'axis'];

export type LinkKind = 'land' | 'arrow';
export type AreaKind = 'land' | 'impassable';
export type Region = 'africa' | 'europe';

export interface AreaData {
  /** Two-digit area number as printed ("01", "14", "17"); impassable areas use names ("SWITZERLAND"). */
  id: string;
  name: string;
  kind: AreaKind;
  region: Region;
  seaAdjacent: boolean;
  orangeStar: boolean;
  alliedStar: boolean;
  axisSymbol: boolean;
  airfield: boolean;
  mountain: boolean;
  partisanTriangle: boolean;
  /** Island for the Axis reinforcement rule (§9 L114, AMB-31): Sardinia and Corsica by default. */
  island: boolean;
  /** Italian area for surrender (§42 L418, AMB-20). */
  italian: boolean;
  /** Map coordinates in km (projected), used for drawing and ruler range. */
  center: [number, number];
  /** Where an aircraft counter sits (§32 L346): inside the area, off the white line and the sea. */
  airBase: [number, number];
  /** Area outline in the same km coordinates (closed ring, no repeated last point). */
  polygon: [number, number][];
  provenance: string;
}

/**
 * A white border ("land") or white arrow ("arrow") between two areas, listed once, joining both
 * ways. Borders with Switzerland or the Balkans are recorded for drawing only: no land unit or
 * supply line crosses them (§2 L19); `SUMap.adj` leaves them out.
 */
export interface LinkData {
  a: string;
  b: string;
  kind: LinkKind;
  provenance: string;
}

export type CounterType = 'tank' | 'aircraft' | 'elite' | 'paratroops' | 'partisan' | 'fleet' | 'uboat';
export type Nationality = 'US' | 'UK' | 'IT' | 'DE' | 'allied';

export interface CounterData {
  id: string;
  side: Side;
  type: CounterType;
  nationality: Nationality;
  /** Display name, e.g. "US Fleet", "Hermann Göring". */
  name: string;
  provenance: string;
}

export interface SetupPlacement {
  side: Side;
  /** Area id, or "sea" for fleets and U-boats. */
  area: string;
  cubes: number;
  counters: string[];
  lines: number;
  faceUp: boolean;
  provenance: string;
}

export type EventId =
  | 'reinforcements'
  | 'extraImpulse'
  | 'stopBattle'
  | 'logisticEffort'
  | 'operations'
  | 'reserves'
  | 'blockade'
  | 'kesselring'
  | 'newDefensiveLine';

export interface EventData {
  id: EventId;
  side: Side;
  name: string;
  /** Track spaces = most uses per game (§44 L432). */
  capacity: number;
  text: string;
  provenance: string;
}

export interface SoftUnderbellyData {
  areas: AreaData[];
  links: LinkData[];
  counters: CounterData[];
  /** Cubes per side in the box (§4 L53). */
  cubes: Record<Side, { count: number; provenance: string }>;
  /** Defensive lines (§36 L378). */
  defensiveLines: { count: number; provenance: string };
  /** Range rulers in map km (§31). */
  rulers: { short: number; long: number; provenance: string };
  /** Conversion cost in cubes, by side and counter type (§10 L128, §33, §34, §35). */
  conversionCost: Record<Side, Partial<Record<CounterType, number>>> & { provenance: string };
  /** Reinforcement cubes per turn (index 0 = turn 1) (§9 L114). */
  reinforcements: Record<Side, number[]> & { provenance: string };
  /** Naval transport points per turn (§16 L182, §43 L424). */
  navalTransport: { allies: number; alliesAfterOverlord: number; axis: number; provenance: string };
  events: EventData[];
  /** Fixed set-up (§5). The Axis free set-up is chosen by the player within the rules. */
  setup: SetupPlacement[];
  /** Number of turns (§7 L87) and the Overlord turn (§43). */
  turns: number;
  overlordTurn: number;
  /**
   * A recommended, legal placement of every Axis unit not fixed by §5 (all outside Africa,
   * AMB-27), offered as a one-click choice and used in tests. Reconstructed, not a rule.
   */
  axisDefaultDeployment?: SetupPlacement[];
  /** Event markers per player (§44 L430: 6). */
  eventMarkers?: { count: number; provenance: string };
  /** Wooden cubes in the box, both colours (ext: 46); `cubes` splits them by side. */
  boxCubes?: { count: number; provenance: string };
}
