/**
 * OCS data: the schemas of every data file and the types inferred from them, the one description
 * of the data (games/ocs/DATA.md explains each field for an owner entering a box). Nothing here is
 * scenario-specific: the series charts (`tables.json`), a game's map (`map.json`), its counters
 * (`counters.json`) and a scenario (`scenario.json`) are each one file, and a second OCS title or
 * scenario is new files alone. `index.ts` parses them with these schemas and cross-checks them.
 *
 * Every datum carries a provenance (engine `provenance`): `rulebook x.y`, `ext: <source>` for a
 * chart found outside the rulebook (spec Part 1 C.0, Part 2 §11 name the sources), `derived: ...`
 * or `reconstructed: why`.
 */
import { provenance } from '@sandtable/engine';
import { z } from 'zod';

const comment = z.string().optional();
const nat = z.number().int().min(0);
const pos = z.number().int().min(1);
const num = z.number().min(0);
const id = z.string().regex(/^[A-Za-z0-9][A-Za-z0-9_.\-/]*$/, 'an id is letters, digits and _ . - /');

/** A hex as printed, "CC.RR" (column left to right, row bottom to top, GC-I-A), optionally "B12.07" on map B. */
export const hexLabel = z
  .string()
  .regex(/^([A-Z])?\d{2,3}\.\d{2,3}$/, 'a hex is printed "CC.RR" (GC-I-A), e.g. "29.17" or "B10.10"');
/** A hexside between two adjacent hexes, "CC.RR/CC.RR". */
export const hexsideLabel = z
  .string()
  .regex(/^([A-Z])?\d{2,3}\.\d{2,3}\/([A-Z])?\d{2,3}\.\d{2,3}$/, 'a hexside is "CC.RR/CC.RR"');

// ---- common vocabularies (the rulebook's own words) ----------------------------------------------

/** 3.1a Movement types, by the colour of the MA. */
export const moveType = z.enum(['leg', 'truck', 'track']);
export type MoveType = z.infer<typeof moveType>;
export const MOVE_TYPES = moveType.options;

/** 3.2a Combat class, by the colour behind the type symbol. */
export const combatClass = z.enum(['armor', 'mech', 'other']);
export type CombatClass = z.infer<typeof combatClass>;

/** 9.4e Anti-tank effect levels. */
export const atLevel = z.enum(['none', 'light', 'heavy']);
export type AtLevel = z.infer<typeof atLevel>;

/** 9.3 Combat Table rows. */
export const terrainCategory = z.enum(['open', 'close', 'veryClose', 'extremelyClose']);
export type TerrainCategory = z.infer<typeof terrainCategory>;
export const CATEGORIES = terrainCategory.options;

/** Legend: unit size symbols. */
export const unitSize = z.enum(['I', 'II', 'KG', 'III', 'X', 'XX', 'XXX', 'XXXX']);
export type UnitSize = z.infer<typeof unitSize>;

/** 5.2 The six modes. */
export const mode = z.enum(['combat', 'move', 'reserve', 'strat', 'dg', 'exploit']);
export type Mode = z.infer<typeof mode>;

/** 14.1 Aircraft types (a combo lists two). */
export const aircraftType = z.enum(['F', 'T', 'S', 'Tpt']);
export type AircraftType = z.infer<typeof aircraftType>;

/**
 * A TEC movement cost: MP (a number), "all" (the whole MA, 6.2, 8.1b) or "prohibited" (6.2c).
 * Hexside costs are added to the hex entered (6.2b).
 */
export const mpCost = z.union([num, z.literal('all'), z.literal('prohibited')]);
export type MpCost = z.infer<typeof mpCost>;
export const mpByType = z.strictObject({ leg: mpCost, truck: mpCost, track: mpCost });
export type MpByType = z.infer<typeof mpByType>;

/**
 * A TEC combat effect as printed: "x2", "x1", "x1/2", "x1/3", "x1.5"; in brackets ("[x2]") it
 * applies to attackers only and reads x1 on defence (9.4d). Parsed to { factor, attackOnly }.
 */
export const combatEffect = z
  .string()
  .regex(
    /^\[?x(\d+(\.\d+)?|\d+\/\d+)\]?$/,
    'a TEC combat effect is printed "x2", "x1/2" or, attackers only, "[x2]" (9.4d)',
  )
  .transform((s) => {
    const attackOnly = s.startsWith('[');
    const body = s.replace(/[[\]x]/g, '');
    const [n, d] = body.split('/');
    return { printed: s, factor: d === undefined ? Number(n) : Number(n) / Number(d), attackOnly };
  });
export type CombatEffect = z.output<typeof combatEffect>;
export const combatByClass = z.strictObject({ armor: combatEffect, mech: combatEffect, other: combatEffect });

// ---- tables.json: the series charts --------------------------------------------------------------

/** One published reading of a chart cell where sources disagree; `option` names the rule option choosing it. */
const cellVariant = z.strictObject({
  option: id,
  /** The option value that selects this reading. */
  value: z.string(),
  /** Where the cell is: [row, column] in the grid it belongs to. */
  cell: z.tuple([nat, nat]),
  result: z.string(),
  provenance,
});

/** A combat result code as printed, e.g. "AL1o1 Do1", "Ao1 e4 DL1o2", "Ae3 DL2o2 DG" (9.10). */
export const crtResultCode = z
  .string()
  .regex(
    /^A(L\d)?(o\d)?( ?e\d)?( D(L\d)?(o\d)?( DG)?)?$/,
    'a Combat Table result is "A[Ln][on][ en] [D[Ln][on][ DG]]" (9.10)',
  );

export const tablesFile = z.strictObject({
  $comment: comment,
  /** 9.7 Combat Table: odds columns per terrain row (same column index across rows), and the result grid. */
  combat: z.strictObject({
    columns: z.strictObject({
      open: z.array(z.string().regex(/^\d+:\d+$/)).min(2),
      close: z.array(z.string().regex(/^\d+:\d+$/)).min(2),
      veryClose: z.array(z.string().regex(/^\d+:\d+$/)).min(2),
      extremelyClose: z.array(z.string().regex(/^\d+:\d+$/)).min(2),
      provenance,
    }),
    /** Lowest and highest modified roll rows (≤ first, ≥ last). */
    rolls: z.strictObject({ lowest: z.number().int(), highest: z.number().int(), provenance }),
    /** One row per modified roll from lowest to highest; one result per column. */
    results: z.array(z.array(crtResultCode)).min(2),
    resultsProvenance: provenance,
    variants: z.array(cellVariant),
  }),
  /** 9.8 Surprise Table: thresholds on the modified 2d6 per attack type; the shift is 1d6 columns. */
  surprise: z.strictObject({
    regular: z.strictObject({ attackerAtLeast: z.number().int(), defenderAtMost: z.number().int() }),
    overrun: z.strictObject({ attackerAtLeast: z.number().int(), defenderAtMost: z.number().int() }),
    hedgehogModifier: z.number().int(),
    provenance,
  }),
  /** 10.0a Barrage Table: strength columns with their artillery supply cost (tokens), 2d6 results, shifts. */
  barrage: z.strictObject({
    columns: z.array(z.strictObject({ label: z.string(), min: num, costT: nat })),
    columnsProvenance: provenance,
    /** Rows for 2d6 = 2..12; "-" no effect, "DG", "1/2", "[1/2]", "1", "2", "3". */
    results: z.array(z.array(z.enum(['-', 'DG', '1/2', '[1/2]', '1', '2', '3']))).length(11),
    resultsProvenance: provenance,
    /** 10.0a "1/2": a rounding die of at least this costs a step (else DG only). */
    roundingDieLossAtLeast: pos,
    bracketConditions: z.strictObject({
      noSpotter: z.boolean(),
      hedgehogLevelAtLeast: pos,
      airOrNaval: z.boolean(),
      provenance,
    }),
    shifts: z.strictObject({
      noSpotter: z.number().int(),
      hedgehog: z.number().int(),
      terrain: z.record(terrainCategory, z.number().int()),
      strat: z.number().int(),
      airShortRange: z.number().int(),
      airShortRangeHexes: pos,
      /** Density by RE of combat units (a division counts at most `divisionCapRE`, 10.0a): the first band whose `maxRE` is ≥ the density. */
      density: z.array(z.strictObject({ maxRE: z.number().positive().nullable(), shift: z.number().int() })).min(1),
      divisionCapRE: num,
      provenance,
    }),
    /** 18.3b Naval barrage vs ground units: each printed result and what a ship's fire does instead. */
    navalReduction: z.strictObject({ map: z.record(z.string(), z.string()), provenance }),
    variants: z.array(cellVariant),
    /** Another published artillery cost for a column, chosen by a rule option. */
    costVariants: z.array(z.strictObject({ option: id, value: z.string(), column: nat, costT: nat, provenance })),
  }),
  /** 10.0c Barrage vs. Facility Table: one die, strength columns, cells like "-", "(6)", "1*(5)". */
  facility: z.strictObject({
    columns: z.array(z.strictObject({ label: z.string(), min: num, costT: nat })),
    columnsProvenance: provenance,
    /** Rows for 1d6 = 1..6. */
    results: z
      .array(
        z.array(z.string().regex(/^(-|[12]?\*?(\(\d\))?)$/, 'a facility cell is "-", "1", "2*", "(5)", "1*(4)" ...')),
      )
      .length(6),
    resultsProvenance: provenance,
    variants: z.array(cellVariant),
  }),
  /** 9.14b-c Capture Table: 1d6 → percent captured per column; displacement distance per TP column. */
  capture: z.strictObject({
    dump: z.array(nat).length(6),
    trucks: z.array(nat).length(6),
    wagons: z.array(nat).length(6),
    truckMinMA: pos,
    displaceHexes: z.strictObject({ trucks: pos, wagons: pos }),
    provenance,
  }),
  /** 12.11a Dump Blowing Table: 1d6 → percent of the nominated SP destroyed. */
  dumpBlowing: z.strictObject({ percent: z.array(nat).length(6), provenance }),
  /** 12.8b Attrition Table: 2d6 (+ modifier for big stacks) by the highest AR of the OOS units. */
  attrition: z.strictObject({
    /** AR column labels from lowest to highest; the first covers ARs at or below it, the last at or above. */
    ar: z.array(z.number().int()).min(2),
    bigStackSteps: pos,
    bigStackModifier: z.number().int(),
    /** Rows for modified 2d6 = 2..13+; "all" or a number of steps. */
    results: z.array(z.array(z.union([nat, z.literal('all')]))).length(12),
    provenance,
    variants: z.array(cellVariant),
  }),
  /** 14.3e Air Combat Table on 2d6 + attacker rating − defender rating; loss die at least `lossDieAtLeast`. */
  airCombat: z.strictObject({
    attackerAbortsAtMost: z.number().int(),
    bothAbort: z.number().int(),
    defenderAbortsAtLeast: z.number().int(),
    lossDieAtLeast: pos,
    provenance,
  }),
  /** 14.4 Flak: 2d6 + modifiers at least `lossAtLeast` costs a mission aircraft a step. */
  flak: z.strictObject({
    lossAtLeast: pos,
    modifiers: z.strictObject({
      threeOrMoreAircraft: z.number().int(),
      hq: z.number().int(),
      airBasePerLevel: z.number().int(),
      pzWithFighter: z.number().int(),
      pzWithoutFighter: z.number().int(),
      trainbustingInPz: z.number().int(),
    }),
    provenance,
    /** 14.4f Mission Loss Table: 1d6 by mission size (2, 3, 4 aircraft): "#1".."#4", "weakest", "strongest". */
    missionLoss: z.strictObject({
      two: z.array(z.string()).length(6),
      three: z.array(z.string()).length(6),
      four: z.array(z.string()).length(6),
      provenance,
    }),
    variants: z.array(cellVariant),
  }),
  /** 14.10d Air Transport Success Table: 2d6, the drop fails at or below the value. */
  airTransportSuccess: z.strictObject({
    glider: z.strictObject({ friendlyOpen: nat, friendlyClose: nat, enemyOpen: nat, enemyClose: nat }),
    parachute: z.strictObject({ friendlyOpen: nat, friendlyClose: nat, enemyOpen: nat, enemyClose: nat }),
    provenance,
  }),
  /** 9.14f Air Base Capture Table: 2d6 per aircraft, a step lost at or below. */
  airBaseCapture: z.strictObject({ activeLossAtMost: nat, inactiveLossAtMost: nat, provenance }),
  /** 18.5f Amphibious Landing Table: per ALT terrain class, 2d6 results. */
  alt: z.strictObject({
    rows: z.array(
      z.strictObject({
        terrain: id,
        successAtLeast: pos,
        mixedFrom: nat,
        failureAtMost: nat,
      }),
    ),
    modifiers: z.record(z.string(), z.number().int()),
    provenance,
  }),
  /** Numbers the rule text states (12.4, 12.5, 12.6c, 13.2f, 14.2a, 15.x, 16.0 ...): all rulebook. */
  constants: z.record(z.string(), z.strictObject({ value: z.number(), provenance })),
});
export type TablesFile = z.output<typeof tablesFile>;

// ---- map.json: a game's map and its Terrain Effects Chart ----------------------------------------

const terrainDef = z.strictObject({
  id,
  name: z.string().min(1),
  /** 9.3 the Combat Table row. */
  category: terrainCategory,
  mp: mpByType,
  /** 9.4 Strength effect per combat class (attackers of the stack / defenders). */
  combat: combatByClass,
  /** TEC asterisk (9.3a): combat may be impossible without a road connection. */
  asterisk: z.boolean().optional(),
  /** 18.5f A the ALT row this terrain uses (`tables.alt.rows[].terrain`). */
  alt: id.optional(),
  /** Never drawn in a hex by itself (water). */
  water: z.boolean().optional(),
  provenance,
});
export type TerrainDef = z.output<typeof terrainDef>;

const hexsideDef = z.strictObject({
  id,
  name: z.string().min(1),
  /** 6.2b added to the hex entered, or "prohibited" (6.2c). */
  mp: mpByType,
  /** 9.4b a hexside effect the defender may choose for a stack attacking across it. */
  combat: combatByClass.optional(),
  /** 13.8b river class for bridging: a major river is bridged down to the minor river cost. */
  river: z.enum(['major', 'minor']).optional(),
  provenance,
});

const routeDef = z.strictObject({
  id,
  name: z.string().min(1),
  /** 6.2a cost per hex entered along the route, per movement type. */
  mp: mpByType,
  /** 13.3 a railroad (counts as a road for movement, 6.2). */
  rail: z.enum(['single', 'multi']).optional(),
  provenance,
});

export const mapFile = z.strictObject({
  $comment: comment,
  /** GC-I-A: flat-topped hexes in vertical columns; labels CC.RR from the bottom left. */
  grid: z.strictObject({
    cols: pos,
    rows: pos,
    /** Which columns sit half a hex higher: "odd" or "even" (spec §7: from the map art). */
    offset: z.enum(['odd', 'even']),
    milesAcross: z.number().positive(),
    provenance,
  }),
  projection: z
    .strictObject({ lon0: z.number(), lat0: z.number(), kmPerDegLon: z.number(), kmPerDegLat: z.number(), provenance })
    .optional(),
  /** The Terrain Effects Chart. */
  tec: z.strictObject({
    terrain: z.array(terrainDef).min(1),
    hexsides: z.array(hexsideDef),
    routes: z.array(routeDef),
    provenance,
  }),
  /** Terrain of every hex not listed. */
  defaultTerrain: id,
  /** Hexes with other terrain: every terrain present (6.2d costliest for movement, 9.3b defender's choice). */
  hexes: z.array(z.strictObject({ hex: hexLabel, terrain: z.array(id).min(1), provenance })),
  /** Hexes not in play (less than half printed, GC-I-B). */
  offMap: z.array(hexLabel).optional(),
  hexsides: z.array(
    z.strictObject({ kind: id, name: z.string().optional(), sides: z.array(hexsideLabel).min(1), provenance }),
  ),
  /** Roads and railroads: chains of adjacent hexes (all routes in a hex connect, 6.2a). */
  routes: z.array(z.strictObject({ kind: id, name: z.string().min(1), hexes: z.array(hexLabel).min(2), provenance })),
  places: z.array(
    z.strictObject({
      hex: hexLabel,
      name: z.string().min(1),
      kind: z.enum(['city', 'town', 'village']),
      provenance,
    }),
  ),
  /** 19.0 Printed ports: capacity in tokens (1 SP = 4 T). */
  ports: z.array(
    z.strictObject({
      hex: hexLabel,
      name: z.string().min(1),
      capacityT: nat,
      damageTrack: z.array(nat).optional(),
      provenance,
    }),
  ),
  /** 15.0 Printed (or scenario-independent) air bases and their level (an air strip is level 0). */
  airBases: z.array(
    z.strictObject({ hex: hexLabel, name: z.string().min(1), level: z.number().int().min(0).max(3), provenance }),
  ),
  /** 16.0 Printed hedgehogs. */
  hedgehogs: z.array(z.strictObject({ hex: hexLabel, level: z.number().int().min(1).max(4), provenance })),
  /** Intrinsic flak printed on the map (14.4, Part 2 §11.A). */
  flak: z.array(z.strictObject({ hex: hexLabel, value: pos, provenance })),
  /** Named regions (for set-up "within" areas and victory), as hex lists. */
  regions: z.array(z.strictObject({ id, name: z.string().min(1), hexes: z.array(hexLabel).min(1), provenance })),
});
export type MapFile = z.output<typeof mapFile>;

// ---- counters.json: a game's counter sheets -----------------------------------------------------

const face = z.strictObject({
  /** Combat strength; null when unprinted (HQ 13.1c, artillery 13.4b use the series values). */
  strength: num.nullable(),
  /** 3.2b printed in parentheses: defend only. */
  paren: z.boolean().optional(),
  ma: num,
  mt: moveType,
  /** 13.4 barrage strength on this face (artillery). */
  barrage: num.optional(),
  /** 13.1 HQ throw range on this face, MP of `throwType`. */
  throw: num.optional(),
});

const groundCounter = z.strictObject({
  kind: z.literal('ground'),
  id,
  name: z.string().min(1),
  side: id,
  nation: id,
  /** 3.1c Multi-unit formation (parent), if any. */
  formation: id.optional(),
  size: unitSize,
  /** Legend type symbol (infantry, tank, hq, artillery, engineer, paratroop, ...). */
  type: id,
  cls: combatClass,
  /** 9.4e AT level; absent: heavy for armor (and tank/AT/AA symbols), light for mech, else none. */
  at: atLevel.optional(),
  ar: z.number().int().min(0).max(5),
  /** 3.1d/13.5c yellow dot: cannot be rebuilt. */
  noRebuild: z.boolean().optional(),
  /** 3.2d multi-step: printed RE (= steps). Absent: one step, RE by size (4.6). */
  steps: pos.optional(),
  /** 4.6 RE when the game overrides the size rule. */
  re: num.optional(),
  combat: face,
  move: face,
  /** 13.1 HQ; 13.1d a division HQ serves only its own division and same-nation independents. */
  hq: z.strictObject({ throwType: moveType, division: z.boolean().optional() }).optional(),
  /** 13.4 artillery barrage range in hexes. */
  barrageRange: pos.optional(),
  /** Special abilities (13.8 engineer, 13.3g rail repair, 14.10a para, 18.3g coastal artillery, 13.5 replacement). */
  abilities: z
    .array(z.enum(['engineer', 'railRepair', 'para', 'coastalArtillery', 'replacement', 'breakdown']))
    .optional(),
  provenance,
});

const transportCounter = z.strictObject({
  kind: z.literal('transport'),
  id,
  name: z.string().min(1),
  side: id,
  nation: id,
  /** 13.2 point value = SP carried. */
  points: pos,
  ma: num,
  mt: moveType,
  /** 3.3b organic trucks of a formation. */
  organic: id.optional(),
  /** 12.7 the extender on the back of a 5-point counter: range in MP of `mt`. */
  extender: num.optional(),
  provenance,
});

const aircraftCounter = z.strictObject({
  kind: z.literal('aircraft'),
  id,
  name: z.string().min(1),
  side: id,
  nation: id,
  model: z.string().min(1),
  types: z.array(aircraftType).min(1).max(2),
  range: pos,
  /** 14.3 air combat rating full/reduced; paren: cannot initiate. */
  airCombat: z.strictObject({ full: nat, reduced: nat, paren: z.boolean() }),
  /** Barrage full/reduced; torpedo: parenthesized, ships only (18.3e). */
  barrage: z.strictObject({ full: nat, reduced: nat, torpedo: z.boolean().optional() }),
  /** 14.9 transport capacity in tokens, full/reduced. */
  capacityT: z.strictObject({ full: num, reduced: num }).optional(),
  provenance,
});

const shipCounter = z.strictObject({
  kind: z.literal('ship'),
  id,
  name: z.string().min(1),
  side: id,
  nation: id,
  barrage: z.strictObject({ full: nat, damaged: nat }),
  range: pos,
  flak: nat,
  protection: pos,
  /** 18.1f a single named ship turns slow when damaged. */
  slowWhenDamaged: z.boolean(),
  /** 18.2 carrier capacity (aircraft). */
  carrier: pos.optional(),
  provenance,
});

const landingCraftCounter = z.strictObject({
  kind: z.literal('landingCraft'),
  id,
  name: z.string().min(1),
  side: id,
  nation: id,
  craft: z.enum(['LC', 'DUKW', 'LST']),
  points: pos,
  provenance,
});

export const counter = z.discriminatedUnion('kind', [
  groundCounter,
  transportCounter,
  aircraftCounter,
  shipCounter,
  landingCraftCounter,
]);
export type Counter = z.output<typeof counter>;
export type GroundCounter = z.output<typeof groundCounter>;
export type TransportCounter = z.output<typeof transportCounter>;
export type AircraftCounter = z.output<typeof aircraftCounter>;
export type ShipCounter = z.output<typeof shipCounter>;
export type LandingCraftCounter = z.output<typeof landingCraftCounter>;
export type Face = z.output<typeof face>;

export const countersFile = z.strictObject({
  $comment: comment,
  sides: z.array(z.strictObject({ id, name: z.string().min(1), nations: z.array(id).min(1), provenance })).length(2),
  counters: z.array(counter).min(1),
});
export type CountersFile = z.output<typeof countersFile>;

// ---- scenario.json: set-up, arrivals, game charts, victory --------------------------------------

/** Where a unit sets up or arrives: a hex, within X hexes of one (GC-IV-A), a region, or an off-map box. */
const place = z.union([
  z.strictObject({ hex: hexLabel }),
  z.strictObject({ within: z.strictObject({ hex: hexLabel, hexes: nat }) }),
  z.strictObject({ region: id }),
  z.strictObject({ box: id }),
]);
export type Place = z.output<typeof place>;

const placement = z.strictObject({
  unit: id,
  at: place,
  /** GC-IV-B any mode; default combat. */
  mode: mode.optional(),
  stepsLost: nat.optional(),
  /** Aircraft: start at this air base hex (GC-IV-E always active). */
  provenance,
});

const rollTable = z.strictObject({
  dice: z.enum(['1d6', '2d6']),
  /** One result per die total, lowest total first. */
  results: z.array(z.string()),
  provenance,
});

export const scenarioFile = z.strictObject({
  $comment: comment,
  id,
  title: z.string().min(1),
  description: z.string().min(1),
  /** Game turns: first, last, and each turn's dates. */
  turns: z.strictObject({
    first: pos,
    last: pos,
    dates: z.array(z.strictObject({ turn: pos, label: z.string() })),
    provenance,
  }),
  /** Turns whose first player the scenario fixes (2.3 otherwise rolls). */
  firstPlayer: z.array(z.strictObject({ turn: pos, side: id, provenance })),
  /** Off-map boxes (GC-I-F): one side each. */
  boxes: z.array(
    z.strictObject({
      id,
      name: z.string().min(1),
      side: id,
      /** How far the box is from the map, for air ranges and sea moves: hexes from an anchor hex. */
      anchor: hexLabel,
      hexes: nat,
      provenance,
    }),
  ),
  setup: z.array(placement),
  /** SP on the map at the start (tokens), by hex or box. */
  dumps: z.array(z.strictObject({ side: id, at: place, tokens: pos, provenance })),
  /** Scenario air bases and hedgehogs beyond the map's. */
  airBases: z.array(z.strictObject({ side: id, hex: hexLabel, level: z.number().int().min(0).max(3), provenance })),
  hedgehogs: z.array(z.strictObject({ side: id, hex: hexLabel, level: z.number().int().min(1).max(4), provenance })),
  /** Who controls each map region at the start (13.3h rail control; port and air base owners). */
  control: z.array(z.strictObject({ side: id, region: id, provenance })),
  /** 13.6 Arrival chart. */
  reinforcements: z.array(z.strictObject({ turn: pos, unit: id, at: place, mode: mode.optional(), provenance })),
  /** 12.6a Supply sources of each side (hexes, ports, boxes). */
  supplySources: z.array(z.strictObject({ side: id, at: place, name: z.string().min(1), provenance })),
  /** 2.3 Supply Table per side: results like "3SP@box:africa", "2SP@port" (parsed by the rules). */
  supplyTables: z.record(id, rollTable),
  /** 13.5 Variable Replacement Table per side: results like "1Pax", "1Eq+1Pax", "-". */
  replacementTables: z.record(id, rollTable),
  /** 17.0 Weather table: results are ids of `weather`. */
  weatherTable: rollTable,
  weather: z.array(
    z.strictObject({ id, name: z.string().min(1), flying: z.boolean(), mpFactor: z.number().positive(), provenance }),
  ),
  /** 5.4a Reserve markers per side. */
  reserveMarkers: z.record(id, z.strictObject({ value: nat, provenance })),
  /** 13.3b Rail Cap and 19.0f Sea Cap per side per turn. */
  railCap: z.record(id, z.strictObject({ value: nat, provenance })),
  seaCap: z.record(id, z.strictObject({ value: nat, provenance })),
  /** 14.7d nations that may Hip Shoot; 15.2 sides that may build air strips. */
  hipShoot: z.strictObject({ nations: z.array(id), provenance }),
  airStrips: z.strictObject({ sides: z.array(id), provenance }),
  /** Naval fire and landing craft available per turn, by side (18.x). */
  naval: z.array(z.strictObject({ side: id, unit: id, fromTurn: pos, toTurn: pos, provenance })),
  victory: z.strictObject({
    /** Victory points for holding hexes at the end, by side. */
    hexes: z.array(z.strictObject({ hex: hexLabel, side: id, vp: nat, provenance })),
    /** Sudden death: a side wins at once when it holds all of these at the end of a turn. */
    suddenDeath: z.array(z.strictObject({ side: id, hexes: z.array(hexLabel).min(1), provenance })),
    /** VP per enemy step eliminated, by side. */
    stepVp: z.record(id, z.strictObject({ value: num, provenance })),
    /** Level: the side with more VP than the other by at least `margin` wins; else a draw. */
    margin: z.strictObject({ value: nat, provenance }),
    provenance,
  }),
});
export type ScenarioFile = z.output<typeof scenarioFile>;
