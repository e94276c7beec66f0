/**
 * Soft Underbelly data as the rules consume it, and the schemas of the JSON files beside this
 * module: each type is inferred from its schema (one source). The JSON files are the replaceable
 * source (an owner of the box may enter the real map and counter sheet there); `index.ts`
 * validates them with these schemas, cross-checks them and assembles `SoftUnderbellyData`.
 */
import { z } from 'zod';
import { provenance } from '@sandtable/engine';

// ---- building blocks -----------------------------------------------------------------------

const side = z.enum(['allies', 'axis']);
const counterType = z.enum(['tank', 'aircraft', 'elite', 'paratroops', 'partisan', 'fleet', 'uboat']);
const point = z.tuple([z.number(), z.number()]);
const count = z.number().int().min(0);
const comment = z.string().optional();
/** A number of things in the box, with its provenance. */
const counted = z.strictObject({ count, provenance });

export type Side = z.infer<typeof side>;
export const SIDES: readonly Side[] = side.options;
export type CounterType = z.infer<typeof counterType>;

// ---- map.json ------------------------------------------------------------------------------

const areaSchema = z.strictObject({
  /** Two-digit area number as printed ("01", "14", "17"); impassable areas use names ("SWITZERLAND"). */
  id: z
    .string()
    .regex(/^(\d{2}|[A-Z][A-Z_]*)$/, 'area id must be a two-digit number ("01") or an upper-case name ("SWITZERLAND")'),
  name: z.string().min(1),
  kind: z.enum(['land', 'impassable']),
  region: z.enum(['africa', 'europe']),
  seaAdjacent: z.boolean(),
  orangeStar: z.boolean(),
  alliedStar: z.boolean(),
  axisSymbol: z.boolean(),
  airfield: z.boolean(),
  mountain: z.boolean(),
  partisanTriangle: z.boolean(),
  /** Island for the Axis reinforcement rule (§9 L114, AMB-31): Sardinia and Corsica by default. */
  island: z.boolean(),
  /** Italian area for surrender (§42 L418, AMB-20). */
  italian: z.boolean(),
  /** Map coordinates in km (projected), used for drawing and ruler range. */
  center: point,
  /** Where an aircraft counter sits (§32 L346): inside the area, off the white line and the sea. */
  airBase: point,
  /** Area outline in the same km coordinates (closed ring, no repeated last point). */
  polygon: z.array(point).min(3, 'a polygon needs at least 3 vertices'),
  provenance,
});

/**
 * A white border ("land") or white arrow ("arrow") between two areas, listed once, joining both
 * ways. Borders with Switzerland or the Balkans are recorded for drawing only: no land unit or
 * supply line crosses them (§2 L19); `SUMap.adj` leaves them out.
 */
const linkSchema = z.strictObject({
  a: z.string().min(1),
  b: z.string().min(1),
  kind: z.enum(['land', 'arrow']),
  provenance,
});

export const mapFileSchema = z.strictObject({
  $comment: comment,
  projection: z
    .strictObject({
      kind: z.string(),
      lat0: z.number().optional(),
      lon0: z.number().optional(),
      units: z.string(),
      provenance,
    })
    .optional(),
  areas: z.array(areaSchema).min(1),
  links: z.array(linkSchema),
});

export type AreaData = z.infer<typeof areaSchema>;
export type AreaKind = AreaData['kind'];
export type Region = AreaData['region'];
export type LinkData = z.infer<typeof linkSchema>;
export type LinkKind = LinkData['kind'];

// ---- counters.json -------------------------------------------------------------------------

const counterSchema = z.strictObject({
  id: z.string().min(1),
  side,
  type: counterType,
  nationality: z.enum(['US', 'UK', 'IT', 'DE', 'allied']),
  /** Display name, e.g. "US Fleet", "Hermann Göring". */
  name: z.string().min(1),
  provenance,
});

export const countersFileSchema = z.strictObject({
  $comment: comment,
  boxCubes: counted,
  cubes: z.strictObject({ allies: counted, axis: counted }),
  defensiveLines: counted,
  counters: z.array(counterSchema),
});

export type CounterData = z.infer<typeof counterSchema>;
export type Nationality = CounterData['nationality'];

// ---- tables.json ---------------------------------------------------------------------------

const cost = z.strictObject({ cost: z.number().int().min(1), provenance });
const perTurn = z.strictObject({ perTurn: z.array(count), provenance });

export const tablesFileSchema = z.strictObject({
  $comment: comment,
  turns: z.strictObject({ value: z.number().int().min(1), provenance }),
  overlordTurn: z.strictObject({ value: z.number().int().min(1), provenance }),
  rulers: z.strictObject({ short: z.number().positive(), long: z.number().positive(), provenance }),
  conversionCost: z.strictObject({
    allies: z.partialRecord(counterType, cost),
    axis: z.partialRecord(counterType, cost),
  }),
  reinforcements: z.strictObject({ allies: perTurn, axis: perTurn }),
  navalTransport: z.strictObject({ allies: count, alliesAfterOverlord: count, axis: count, provenance }),
  eventMarkers: counted,
});

// ---- events.json ---------------------------------------------------------------------------

const eventSchema = z.strictObject({
  id: z.enum([
    'reinforcements',
    'extraImpulse',
    'stopBattle',
    'logisticEffort',
    'operations',
    'reserves',
    'blockade',
    'kesselring',
    'newDefensiveLine',
  ]),
  side,
  name: z.string().min(1),
  /** Track spaces = most uses per game (§44 L432). */
  capacity: z.number().int().min(1),
  text: z.string().min(1),
  provenance,
});

export const eventsFileSchema = z.strictObject({ $comment: comment, events: z.array(eventSchema) });

export type EventData = z.infer<typeof eventSchema>;
export type EventId = EventData['id'];
/** Every event id of both tracks (§45, §46). */
export const EVENT_IDS: readonly EventId[] = eventSchema.shape.id.options;

// ---- setup.json ----------------------------------------------------------------------------

const placementSchema = z.strictObject({
  side,
  /** Area id, or "sea" for fleets and U-boats. */
  area: z.string().min(1),
  cubes: count,
  counters: z.array(z.string().min(1)),
  lines: count,
  faceUp: z.boolean(),
  provenance,
});

export const setupFileSchema = z.strictObject({
  $comment: comment,
  setup: z.array(placementSchema),
  axisDefaultDeployment: z.array(placementSchema).optional(),
});

export type SetupPlacement = z.infer<typeof placementSchema>;

// ---- the assembled data (the loader's result) ----------------------------------------------

type Counted = z.infer<typeof counted>;

export interface SoftUnderbellyData {
  areas: AreaData[];
  links: LinkData[];
  counters: CounterData[];
  /** Cubes per side in the box (§4 L53). */
  cubes: Record<Side, Counted>;
  /** Defensive lines (§36 L378). */
  defensiveLines: Counted;
  /** Range rulers in map km (§31). */
  rulers: z.infer<typeof tablesFileSchema>['rulers'];
  /** Conversion cost in cubes, by side and counter type (§10 L128, §33, §34, §35). */
  conversionCost: Record<Side, Partial<Record<CounterType, number>>> & { provenance: string };
  /** Reinforcement cubes per turn (index 0 = turn 1) (§9 L114). */
  reinforcements: Record<Side, number[]> & { provenance: string };
  /** Naval transport points per turn (§16 L182, §43 L424). */
  navalTransport: z.infer<typeof tablesFileSchema>['navalTransport'];
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
  eventMarkers?: Counted;
  /** Wooden cubes in the box, both colours (ext: 46); `cubes` splits them by side. */
  boxCubes?: Counted;
}
