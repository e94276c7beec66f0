/**
 * The series charts as the rules read them: tables.json with the rule options' variants applied
 * (charts.ts is the only reader of `variants`), and the lookups of 9.7-9.9 (odds, columns,
 * surprise, results), 10.0 (barrage and facility) and 9.14 (capture). Pure functions of the
 * tables and their inputs; the dice come from the caller.
 */
import type { TablesFile, TerrainCategory } from './data/index.ts';
import type { Opts } from './options.ts';

/** The charts in force: tables.json with every option's variant applied. */
export function resolveCharts(tables: TablesFile, opts: Opts): TablesFile {
  const t = structuredClone(tables);
  const chosen = (option: string, value: string) => String((opts as Record<string, unknown>)[option]) === value;
  for (const v of t.combat.variants) if (chosen(v.option, v.value)) t.combat.results[v.cell[0]]![v.cell[1]] = v.result;
  for (const v of t.barrage.variants)
    if (chosen(v.option, v.value))
      t.barrage.results[v.cell[0]]![v.cell[1]] = v.result as TablesFile['barrage']['results'][number][number];
  for (const v of t.barrage.costVariants) if (chosen(v.option, v.value)) t.barrage.columns[v.column]!.costT = v.costT;
  for (const v of t.facility.variants)
    if (chosen(v.option, v.value)) t.facility.results[v.cell[0]]![v.cell[1]] = v.result;
  const roll2 = { two: 0, three: 1, four: 2 } as const;
  for (const v of t.flak.variants)
    if (chosen(v.option, v.value)) {
      const col = (Object.keys(roll2) as (keyof typeof roll2)[])[v.cell[1]]!;
      t.flak.missionLoss[col][v.cell[0]] = v.result;
    }
  return t;
}

/** 4.1 Rounding: below one half down, one half and above up. */
export const roundOcs = (x: number): number => Math.floor(x + 0.5);

export type Odds = { a: number; d: number } | 'attackerZero' | 'defenderZero' | 'bothZero';

/** 9.7 Odds: divide both totals by the smaller and round each (4.1); 9.14a zero strengths. */
export function oddsOf(attack: number, defence: number): Odds {
  if (attack === 0 && defence === 0) return 'bothZero';
  if (defence === 0) return 'defenderZero';
  if (attack === 0) return 'attackerZero';
  return attack >= defence ? { a: roundOcs(attack / defence), d: 1 } : { a: 1, d: roundOcs(defence / attack) };
}

export const oddsLabel = (o: Odds): string => (typeof o === 'string' ? o : `${o.a}:${o.d}`);

/** 9.7a the highest column not above the odds; 9.7b/9.1g off the table: the last column; 9.14a zeros. */
export function baseColumn(t: TablesFile, category: TerrainCategory, odds: Odds): number {
  const row = t.combat.columns[category];
  const value = (s: string) => {
    const [a, d] = s.split(':').map(Number) as [number, number];
    return a / d;
  };
  if (odds === 'defenderZero') return row.length - 1;
  if (odds === 'attackerZero') return 0;
  const v = odds === 'bothZero' ? 1 : odds.a / odds.d;
  let k = 0;
  for (let i = 0; i < row.length; i++) if (value(row[i]!) <= v + 1e-9) k = i;
  return k;
}

/** 9.8 Surprise: who gets it on the modified roll, for an overrun or regular combat. */
export function surpriseOf(t: TablesFile, modified: number, overrun: boolean): 'attacker' | 'defender' | null {
  const s = overrun ? t.surprise.overrun : t.surprise.regular;
  if (modified >= s.attackerAtLeast) return 'attacker';
  if (modified <= s.defenderAtMost) return 'defender';
  return null;
}

/** 9.8, 9.1g shift a column, clamped at both ends of the table. */
export function shiftColumn(t: TablesFile, column: number, shift: number): number {
  return Math.max(0, Math.min(t.combat.columns.open.length - 1, column + shift));
}

/** 9.10 A combat result, parsed: losses, options, exploit number, defender DG. */
export interface CombatResult {
  printed: string;
  attacker: { loss: number; options: number; exploit: number | null };
  defender: { loss: number; options: number; dg: boolean };
}

export function parseResult(printed: string): CombatResult {
  const m = /^A(?:L(\d))?(?:o(\d))?(?: ?e(\d))?(?: D(?:L(\d))?(?:o(\d))?( DG)?)?$/.exec(printed);
  if (!m) throw new Error(`not a Combat Table result: ${printed}`);
  const n = (s: string | undefined) => (s === undefined ? 0 : Number(s));
  return {
    printed,
    attacker: { loss: n(m[1]), options: n(m[2]), exploit: m[3] === undefined ? null : Number(m[3]) },
    defender: { loss: n(m[4]), options: n(m[5]), dg: m[6] !== undefined },
  };
}

/** 9.9 The result for a modified roll on a column (rows "≤ lowest" to "≥ highest"). */
export function combatResult(t: TablesFile, modifiedRoll: number, column: number): CombatResult {
  const { lowest, highest } = t.combat.rolls;
  const row = Math.max(lowest, Math.min(highest, modifiedRoll)) - lowest;
  return parseResult(t.combat.results[row]![column]!);
}

/** 10.0, 4.2 the Barrage Table column for a total strength (fractions totalled, then rounded); -1 below 1. */
export function barrageColumn(t: TablesFile, strength: number): number {
  const total = roundOcs(strength);
  if (total < 1) return -1; // 10.0: at least one point before shifts
  let k = 0;
  for (let i = 0; i < t.barrage.columns.length; i++) if (total >= t.barrage.columns[i]!.min) k = i;
  return k;
}

/** 10.0a density shift: RE of combat units in the hex, each division counted at most at the cap. */
export function densityShift(t: TablesFile, re: number): number {
  for (const band of t.barrage.shifts.density) if (band.maxRE === null || re <= band.maxRE + 1e-9) return band.shift;
  return 0;
}

export type BarrageEffect = { dg: boolean; steps: number; roundingDie: boolean };

/**
 * 10.0a the effect of a Barrage Table result: "-" none; "DG"; "1/2" DG and a rounding die (a step
 * on 4-6); "[1/2]" read as "DG" when a bracket condition holds, else as "1/2"; "1"-"3" steps (and
 * DG, option barrageStepDg). Naval fire against ground units is one level lower (18.3b).
 */
export function barrageEffect(
  t: TablesFile,
  printed: string,
  bracketed: boolean,
  naval: boolean,
  stepDg: boolean,
): BarrageEffect {
  let r = printed;
  if (naval) r = t.barrage.navalReduction.map[r] ?? r;
  if (r === '[1/2]') r = bracketed ? 'DG' : '1/2';
  if (r === '-') return { dg: false, steps: 0, roundingDie: false };
  if (r === 'DG') return { dg: true, steps: 0, roundingDie: false };
  if (r === '1/2') return { dg: true, steps: 0, roundingDie: true };
  return { dg: stepDg, steps: Number(r), roundingDie: false };
}

/** 10.0c a Facility Table cell: levels or hits, trainbusting marker, per-aircraft check number. */
export function facilityResult(cell: string): { hits: number; trainbusting: boolean; aircraftCheck: number | null } {
  const m = /^(-|(\d)?(\*)?(?:\((\d)\))?)$/.exec(cell);
  if (!m) throw new Error(`not a Facility Table result: ${cell}`);
  return {
    hits: m[2] ? Number(m[2]) : 0,
    trainbusting: m[3] === '*',
    aircraftCheck: m[4] ? Number(m[4]) : null,
  };
}

/** 10.0c the Facility Table column for a strength. */
export function facilityColumn(t: TablesFile, strength: number): number {
  const total = roundOcs(strength);
  if (total < 1) return -1;
  let k = 0;
  for (let i = 0; i < t.facility.columns.length; i++) if (total >= t.facility.columns[i]!.min) k = i;
  return k;
}

/** 9.14b-c Capture Table: percent captured for a die, per column. */
export function capturePercent(t: TablesFile, column: 'dump' | 'trucks' | 'wagons', die: number): number {
  return t.capture[column][die - 1]!;
}

/**
 * 9.14b-c captured part of an amount: TPs round to the nearest point, SP to the nearest token
 * (tokens are the unit here, so both round with 4.1).
 */
export const captured = (amount: number, percent: number): number => roundOcs((amount * percent) / 100);
