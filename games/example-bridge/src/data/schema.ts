/**
 * The schemas of the data files (map.json, units.json, tables.json). The types the rules use are
 * inferred from them (`z.infer`), so a field is declared once. Every datum carries a `provenance`:
 * `rulebook <rule>` (RULES.md says so) or `reconstructed: <why>` (we had to decide).
 */
import { provenance } from '@sandtable/engine';
import { z } from 'zod';

const comment = z.string().optional();
/** A hex label "CCRR" (2.1). */
export const hexLabel = z.string().regex(/^\d{4}$/, 'a hex is a 4-digit label "CCRR"');
export const side = z.enum(['north', 'south']);
export const fordId = z.enum(['west', 'east']);
/** The two fords (2.4). */
export const FORDS = fordId.options;
const count = z.number().int().min(1);

export const mapFile = z.strictObject({
  $comment: comment,
  grid: z.strictObject({
    cols: count,
    rows: count,
    orientation: z.enum(['flat', 'pointy']),
    offset: z.enum(['odd', 'even']),
    provenance,
  }),
  southBankFirstRow: z.strictObject({ value: count, provenance }),
  terrain: z.array(
    z.strictObject({ hex: hexLabel, terrain: z.string().min(1), name: z.string().optional(), provenance }),
  ),
  hexsides: z.array(
    z.discriminatedUnion('kind', [
      z.strictObject({ between: z.string(), kind: z.literal('river'), provenance }),
      z.strictObject({ between: z.string(), kind: z.literal('bridge'), provenance }),
      z.strictObject({ between: z.string(), kind: z.literal('ford'), ford: fordId, provenance }),
    ]),
  ),
});

export const unitsFile = z.strictObject({
  $comment: comment,
  units: z.array(
    z.strictObject({
      id: z.string().regex(/^[NS]\d$/, 'a unit id is N or S and a digit'),
      side,
      name: z.string().min(1),
      type: z.enum(['infantry', 'armor']),
      strength: count,
      ma: count,
      setup: hexLabel,
      provenance,
    }),
  ),
});

const crtResult = z.enum(['AE', 'AR', 'EX', 'DR', 'DE']);

export const tablesFile = z.strictObject({
  $comment: comment,
  turns: z.strictObject({ value: count, provenance }),
  stacking: z.strictObject({ value: count, provenance }),
  terrain: z.array(z.strictObject({ id: z.string().min(1), cost: count, shift: z.number().int().min(0), provenance })),
  riverShift: z.strictObject({ value: z.number().int().min(0), provenance }),
  crt: z.strictObject({
    columns: z.array(z.strictObject({ label: z.string(), ratio: z.number().min(0), provenance })).min(1),
    rows: z.array(z.strictObject({ die: z.number().int().min(1).max(6), results: z.array(crtResult), provenance })),
  }),
});

export type Side = z.infer<typeof side>;
export type FordId = z.infer<typeof fordId>;
export type MapFile = z.infer<typeof mapFile>;
export type UnitData = z.infer<typeof unitsFile>['units'][number];
export type TablesFile = z.infer<typeof tablesFile>;
export type CrtResult = z.infer<typeof crtResult>;

/** The three data files, parsed. */
export interface BridgeData {
  map: MapFile;
  units: UnitData[];
  tables: TablesFile;
}
