/**
 * The schemas of the data files (map.json, units.json, tables.json); the rules' types are inferred
 * from them. Every datum or group carries a `provenance`: `rulebook <rule>` (the surviving text says
 * so) or `reconstructed: <why>` (the table is lost and the value is ours), see DESIGN.md.
 */
import { provenance } from '@sandtable/engine';
import { z } from 'zod';

const comment = z.string().optional();
/** A hex label "CCRR". */
export const hexLabel = z.string().regex(/^\d{4}$/, 'a hex is a 4-digit label "CCRR"');
export const side = z.enum(['german', 'soviet']);
export const SIDES = side.options;
const hexes = z.array(hexLabel);
const nat = z.number().int().min(0);
const pos = z.number().int().min(1);
const byClass = z.strictObject({ foot: nat, mech: nat });

export const mapFile = z.strictObject({
  $comment: comment,
  grid: z.strictObject({
    cols: pos,
    rows: pos,
    orientation: z.enum(['flat', 'pointy']),
    offset: z.enum(['odd', 'even']),
    kmAcross: z.number(),
    provenance,
  }),
  projection: z.strictObject({
    kind: z.literal('equirectangular'),
    hex0101: z.tuple([z.number(), z.number()]),
    kmPerDegLon: z.number(),
    kmPerDegLat: z.number(),
    provenance,
  }),
  places: z.array(z.strictObject({ hex: hexLabel, name: z.string(), kind: z.enum(['city', 'town']), provenance })),
  terrain: z.array(z.strictObject({ hex: hexLabel, terrain: z.string(), provenance })),
  rivers: z.array(
    z.strictObject({ name: z.string(), kind: z.enum(['minor', 'major']), hexsides: z.array(z.string()), provenance }),
  ),
  bridges: z.strictObject({ hexsides: z.array(z.string()), provenance }),
  roads: z.array(z.strictObject({ name: z.string(), hexes, provenance })),
  railways: z.array(z.strictObject({ name: z.string(), hexes, provenance })),
  entry: z.strictObject({ west: hexes, rovno: hexes, ostrog: hexes, brody: hexes, provenance }),
  exits: z.strictObject({ german: hexes, provenance }),
});
export const entryArea = z.enum(['west', 'rovno', 'ostrog', 'brody']);

export const unitsFile = z.strictObject({
  $comment: comment,
  units: z.array(
    z.strictObject({
      id: z.string().min(1),
      side,
      name: z.string(),
      formation: z.string(),
      type: z.string(),
      attack: nat.optional(),
      defense: nat.optional(),
      ma: nat,
      atAttack: z.boolean().optional(),
      atDefense: z.boolean().optional(),
      bombard: nat.optional(),
      range: pos.optional(),
      fpf: nat.optional(),
      radius: nat.optional(),
      commands: z.array(z.string()).optional(),
      untried: z.string().optional(),
      setup: hexLabel.optional(),
      arrives: z.strictObject({ turn: pos, entry: entryArea }).optional(),
      provenance,
    }),
  ),
});

const bySide = <T extends z.ZodType>(t: T) => z.strictObject({ german: t, soviet: t });
const column = <R extends z.ZodType>(r: R) =>
  z.strictObject({
    label: z.string(),
    min: z.number().int(),
    max: z.number().int(),
    results: z.array(r).length(6),
    provenance,
  });
export const adjacentResult = z.enum(['A1', 'A2', 'AE', 'AX', 'BR', 'D1', 'D2', 'DE', 'EX']);
export const fireResult = z.enum(['NE', 'DS', 'DS+', 'DE']);
const hiddenValues = z.strictObject({
  attack: nat,
  defense: nat,
  atAttack: z.boolean().optional(),
  atDefense: z.boolean().optional(),
});

export const tablesFile = z.strictObject({
  $comment: comment,
  scenario: z.strictObject({ turns: pos, firstPlayer: side, year: pos, month: pos, firstDay: pos, provenance }),
  stacking: z.strictObject({ german: pos, soviet: pos, provenance }),
  terrain: z.array(
    z.strictObject({
      id: z.string(),
      cost: byClass,
      shift: nat,
      hold: z.boolean(),
      noMobile: z.boolean(),
      engineerBonus: z.boolean(),
      provenance,
    }),
  ),
  hexsides: z.array(
    z.strictObject({
      id: z.enum(['minor', 'major']),
      cost: byClass,
      shift: nat,
      retreatRoll: z.boolean(),
      noAdvance: z.boolean(),
      provenance,
    }),
  ),
  movement: z.strictObject({ roadTwelfths: pos, railTwelfths: pos, bridgeExtra: nat, provenance }),
  unitTypes: z.array(
    z.strictObject({
      id: z.string(),
      class: z.enum(['foot', 'mech']),
      armour: z.boolean(),
      infantry: z.boolean(),
      recon: z.boolean(),
      engineer: z.boolean(),
      artillery: z.boolean(),
      zoc: z.boolean(),
      mobileOk: z.boolean(),
      aa: z.enum(['none', 'own', 'two']),
      vp: nat,
      provenance,
    }),
  ),
  untried: z.record(z.string(), z.strictObject({ values: z.array(hiddenValues).min(1), provenance })),
  shifts: z.strictObject({
    combinedArms: z.number().int(),
    engineer: z.number().int(),
    atAttack: z.number().int(),
    atDefense: z.number().int(),
    suppressedDefender: z.number().int(),
    suppressedAttacker: z.number().int(),
    provenance,
  }),
  assaultCrt: z.strictObject({ columns: z.array(column(adjacentResult)).min(1) }),
  mobileCrt: z.strictObject({ columns: z.array(column(adjacentResult)).min(1) }),
  bombardmentCrt: z.strictObject({ columns: z.array(column(fireResult)).min(1) }),
  rolls: z.strictObject({
    replacementLost: z.array(pos),
    recoveryStays: z.array(pos),
    riverRetreatLost: z.array(pos),
    provenance,
  }),
  fireLimits: z.strictObject({
    german: z.strictObject({ support: pos, bombard: pos }),
    soviet: z.strictObject({ support: pos, bombard: pos }),
    provenance,
  }),
  air: z.strictObject({
    markers: bySide(z.array(z.strictObject({ kind: z.enum(['GA', 'MB']), n: nat }))),
    strength: z.strictObject({ GA: nat, MB: nat }),
    draws: bySide(nat),
    perHex: bySide(pos),
    fpf: bySide(z.boolean()),
    provenance,
  }),
  replacements: z.strictObject({ german: nat, soviet: nat, accumulate: z.boolean(), provenance }),
  randomEvents: z.array(
    z.strictObject({
      roll: z.number().int().min(1).max(6),
      id: z.enum(['none', 'sovietConfusion', 'luftwaffeSurge', 'sovietFuel', 'germanSupply']),
      text: z.string(),
      provenance,
    }),
  ),
  weather: z.strictObject({
    default: z.string(),
    table: z.array(z.strictObject({ roll: z.number().int().min(1).max(6), weather: z.string() })),
    effects: z.record(z.string(), z.strictObject({ mechHalved: z.boolean(), noAir: z.boolean() })),
    provenance,
  }),
  victory: z.strictObject({
    objectives: z.array(z.strictObject({ name: z.string(), vp: bySide(nat) })),
    exitVp: nat,
    exitFromTurn: pos,
    startVp: bySide(nat),
    levels: z.array(z.strictObject({ min: nat, max: nat, level: z.string() })),
    provenance,
  }),
});

export type Side = z.infer<typeof side>;
export type EntryArea = z.infer<typeof entryArea>;
export type MapFile = z.infer<typeof mapFile>;
export type UnitData = z.infer<typeof unitsFile>['units'][number];
export type TablesFile = z.infer<typeof tablesFile>;
export type AdjacentResult = z.infer<typeof adjacentResult>;
export type FireResult = z.infer<typeof fireResult>;
export type UnitType = TablesFile['unitTypes'][number];
export type HiddenValues = z.infer<typeof hiddenValues>;
export type CrtName = 'assault' | 'mobile';

/** The three data files, parsed. */
export interface DubnoData {
  map: MapFile;
  units: UnitData[];
  tables: TablesFile;
}
