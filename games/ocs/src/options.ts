/**
 * Rule options. Two kinds, each with its recommended default:
 * - charts: where the published sources of a chart disagree (spec Part 1 C.1-C.5, Part 2 §11), the
 *   default is the majority reading, the option selects the other (tables.json `variants`);
 * - readings: each ambiguity of the spec's lists (Part 1 §8 A1-A33, Part 2 §8 1-50) that is a real
 *   choice, with the spec's recommended reading as the default. `doc` cites the ambiguity.
 * Ambiguities that settle a notation or a typo (A1 hex numbers, Part 2 §8.14, §8.31, §8.48) need no
 * option: the code follows the spec and cites it.
 */
import type { OptionSpec, Options } from '@sandtable/engine';

export const OPTION_SPECS = [
  // ---- charts: sources disagree --------------------------------------------------------------
  {
    key: 'crtDisputedCells',
    label: 'Combat Table: disputed cells',
    doc: 'Part 1 C.1, A30: four cells (rolls 13-15, columns 3-5) differ between the sources. Default "majority": three files of at least two authors agree; "oddsCalculator": the fourth source.',
    default: 'majority',
    choices: ['majority', 'oddsCalculator'],
  },
  {
    key: 'barrageRow11',
    label: 'Barrage Table: roll 11, columns 5-7 and 8-11',
    doc: 'Part 1 C.3, A30: "1/2" in two independent sources, "[1/2]" in one (which fits the bracketed band). Default "plain" (majority); "bracketed".',
    default: 'plain',
    choices: ['plain', 'bracketed'],
  },
  {
    key: 'barrageCost41to68',
    label: 'Barrage Table: artillery cost of the 41-68 column',
    doc: 'Part 2 §11.B: the official v4.1 charts and two helper apps say 6T, one app 5T. Default "6"; "5".',
    default: '6',
    choices: ['6', '5'],
  },
  {
    key: 'facilityWeakTrainbusting',
    label: 'Facility Table: strength 1, die 6',
    doc: 'Part 1 C.4 vs Part 2 §11.I: one source prints "(6)", the other "(6)*" (a trainbusting marker too). A tie: default "plain" keeps the diagonal band of "*" results; "star".',
    default: 'plain',
    choices: ['plain', 'star'],
  },
  {
    key: 'missionLossRoll2',
    label: 'Mission Loss Table: roll 2',
    doc: 'Part 2 §11.A: the official v4.1 chart reads #1/#1/#2, the two versions of one app #2/#2/#1. Default "official"; "apps".',
    default: 'official',
    choices: ['official', 'apps'],
  },
  {
    key: 'bracketAirNaval',
    label: 'Barrage "[1/2]": air and naval fire count as a bracket condition',
    doc: 'Part 1 C.3: a single source treats air and naval barrage as a bracket condition; the rulebook names only the spotter and the level-3 hedgehog (10.1b). Default false.',
    default: false,
  },
  {
    key: 'barrageStepDg',
    label: 'Barrage "1", "2", "3" also DG the hex',
    doc: 'Part 1 C.3: the sources show no DG for numbered step results; the spec recommends DG as for "1/2" (Part 2 air example), unconfirmed. Default true.',
    default: true,
  },
  {
    key: 'attritionColumn',
    label: 'Attrition Table column',
    doc: 'Part 2 §11.F: one app version reads the column at the highest AR (its own comments agree), the other one column harsher. Default "ar"; "harsher".',
    default: 'ar',
    choices: ['ar', 'harsher'],
  },
  {
    key: 'airDropRows',
    label: 'Air Transport Success Table rows',
    doc: 'Part 2 §11.D: the apps disagree which situation ("friendly"/"enemy") is easier. Default "labels" (by the labels, the enemy hex is harder); "swapped".',
    default: 'labels',
    choices: ['labels', 'swapped'],
  },
  // ---- readings: Part 1 §8 --------------------------------------------------------------------
  {
    key: 'negationFreezes',
    label: 'A2 4.5b: units frozen by a negation',
    doc: 'A2: when a friendly combat unit negates an EZOC, the spec freezes exactly one unit, chosen by the owner ("one"); "all" freezes every friendly combat unit in the hex.',
    default: 'one',
    choices: ['one', 'all'],
  },
  {
    key: 'truckResumesAfterOverrun',
    label: 'A4 4.5a A: a truck unit moves on once the EZOC is gone',
    doc: 'A4: after an overrun removes the ZOC source, re-evaluate the EZOC and let normal movement resume. Default true.',
    default: true,
  },
  {
    key: 'overrunStackingHex',
    label: 'A5 4.8a: where overrun stacking is checked',
    doc: 'A5: check the 10 RE limit in the attacker\'s hex at declaration ("attacker"); "both" also checks the defender hex before the mandatory advance.',
    default: 'attacker',
    choices: ['attacker', 'both'],
  },
  {
    key: 'reserveFullMoveFirst',
    label: 'A7 5.4a/5.7: a unit may move fully, then enter Reserve',
    doc: 'A7: no; entering Reserve in the Movement Phase limits that move to 1/4 MA (default false).',
    default: false,
  },
  {
    key: 'reserveHedgehogCheck',
    label: 'A8 5.7g/16.0f: when Reserve units may not share a hedgehog hex',
    doc: 'A8, Part 2 §8.35: at the end of every movement segment and phase (the stricter union, "both"); "segment" (5.7g) or "phase" (16.0f) alone. The Reserve marker is removed rather than the action refused.',
    default: 'both',
    choices: ['both', 'segment', 'phase'],
  },
  {
    key: 'retreatEzocPerHex',
    label: 'A10 9.12e: the DG retreat step loss per EZOC hex entered',
    doc: 'A10: each EZOC hex entered while already DG costs a step (default true); false: once per retreat.',
    default: true,
  },
  {
    key: 'minimumMoveFresh',
    label: 'A11 6.1c: minimum move only before spending MP',
    doc: 'A11: only a unit that has spent no MP this phase may use the one-hex minimum move (default true).',
    default: true,
  },
  {
    key: 'overrunSameStartStack',
    label: 'A13 8.1: overrunning units began the phase stacked together',
    doc: 'A13: every unit of an overrunning stack started the phase in the same hex; no pick-ups mid-move (default true).',
    default: true,
  },
  {
    key: 'lossRuleOptionLosses',
    label: 'A14 9.11c: AR unit first and one-each apply to option losses too',
    doc: "A14: both apply to all of a side's combat losses from one result (default true); false: to L losses only.",
    default: true,
  },
  {
    key: 'retreatDirection',
    label: 'A16 9.12c: retreat direction',
    doc: 'A16: not enforced ("free", default); "away": the last hex may not be nearer the attacking hexes than the start.',
    default: 'free',
    choices: ['free', 'away'],
  },
  {
    key: 'zeroStrengthModified',
    label: 'A19 9.14a: zero strength after modifiers',
    doc: 'A19: zero totals are the final modified totals (a Strat defender is 0): default true; false: printed zero only.',
    default: true,
  },
  {
    key: 'densityDivisionCap',
    label: 'A21 10.0a: what counts as one division for the 3 RE cap',
    doc: 'A21: a multi-step division or all units of one multi-unit formation ("formation", default); "multiStep": multi-step units only.',
    default: 'formation',
    choices: ['formation', 'multiStep'],
  },
  {
    key: 'airBaseCaptureRange',
    label: 'A23 9.14f: "within 2x" for displaced aircraft',
    doc: 'A23: within twice the aircraft\'s range (default "range2x"); "range": its range.',
    default: 'range2x',
    choices: ['range2x', 'range'],
  },
  {
    key: 'stratEndTrace',
    label: 'A28 5.8b: a Strat move must end in trace supply',
    doc: 'A28: checked at the end of the move as a legality test (default true).',
    default: true,
  },
  {
    key: 'retreatShortestPath',
    label: 'A33 9.12: retreat paths are shortest legal paths',
    doc: 'A33: a zig-zag is allowed only around obstacles: the path must be a shortest legal path to its end hex (default true).',
    default: true,
  },
  {
    key: 'simultaneousTurns',
    label: '2.4 simultaneous logistics turns',
    doc: 'A32, 2.4: both players may declare a turn "simultaneous" (no combat, barrage or attack-like action); played sequentially. Default false (never offered).',
    default: false,
  },
  // ---- readings: Part 2 §8 ---------------------------------------------------------------------
  {
    key: 'leapfrogReload',
    label: '§8.1 12.2a: an SP unloaded this phase may not be reloaded',
    doc: 'Part 2 §8.1: forbid any reload of an SP unloaded in the same phase ("none", default, the English original); "sameMode" allows reloading on the same kind of transport.',
    default: 'none',
    choices: ['none', 'sameMode'],
  },
  {
    key: 'defenderSmallRE',
    label: '§8.4 12.4: the defender "1 RE or less"',
    doc: 'Part 2 §8.4: the total RE of the defending combat units in the hex (default "total"); "largest": the largest unit.',
    default: 'total',
    choices: ['total', 'largest'],
  },
  {
    key: 'eatBatch',
    label: '§8.8 12.6c: rounding when eating off the map',
    doc: 'Part 2 §8.8: round up per batch (all units fed from one dump or one HQ throw, default "batch"); "unit": per unit.',
    default: 'batch',
    choices: ['batch', 'unit'],
  },
  {
    key: 'recoveryPerRE',
    label: '§8.12 12.10e: recovery cost of multi-step units',
    doc: 'Part 2 §8.12: 2T per current RE for Low, doubled for Exhausted (default true); false: 2T per unit.',
    default: true,
  },
  {
    key: 'tpLoadEachHex',
    label: '§8.15 13.2f: TP load and unload each cost 10% MA',
    doc: 'Part 2 §8.15: each load in a hex and each unload in a hex costs 10% of the printed MA (default true).',
    default: true,
  },
  {
    key: 'railControl',
    label: '§8.16 13.3h: rail control',
    doc: 'Part 2 §8.16: control flips when an enemy combat unit enters a detrainable hex ("entry", default); the front-line clause is not computed.',
    default: 'entry',
    choices: ['entry'],
  },
  {
    key: 'flakTrainbustingOutsidePz',
    label: '§8.25 flak: Trainbusting +1 outside a Patrol Zone',
    doc: 'Part 2 §8.25: the +1 applies only inside an enemy PZ (default false).',
    default: false,
  },
  {
    key: 'rangeFractions',
    label: '§8.27 14.9e: fractional ranges are not rounded',
    doc: 'Part 2 §8.27: compare hex distances with range/2 and 2x range as real numbers (default true).',
    default: true,
  },
  {
    key: 'facilityWorkers',
    label: '§8.33 15.4, 16.0b-c, 19.0c: "a 1 RE unit"',
    doc: 'Part 2 §8.33: at least 1 RE of friendly combat units in Combat Mode in the hex, none moving ("sum", default); "single": one unit of at least 1 RE.',
    default: 'sum',
    choices: ['sum', 'single'],
  },
  {
    key: 'shipGroundFireBarsNaval',
    label: '§8.39 18.3a: ground fire also bars naval targets',
    doc: 'Part 2 §8.39: only ground targets are barred after a ship fired at the ground this game turn (default false).',
    default: false,
  },
  {
    key: 'seaCapBothPorts',
    label: '§8.42 19.0f: Sea Cap uses capacity at both ports',
    doc: 'Part 2 §8.42: the shipment consumes the capacity of the loading and of the unloading port (default true).',
    default: true,
  },
  {
    key: 'portHitFraction',
    label: '§7 19.0b: capacity lost per port hit',
    doc: 'Part 2 §7: no source found; the placeholder removes 25% of the printed capacity per hit, rounded to the nearest T (default 0.25).',
    default: 0.25,
  },
] as const satisfies readonly OptionSpec[];

export type OptionKey = (typeof OPTION_SPECS)[number]['key'];
type ValueOf<K extends OptionKey> = Extract<(typeof OPTION_SPECS)[number], { key: K }>['default'] extends boolean
  ? boolean
  : Extract<(typeof OPTION_SPECS)[number], { key: K }>['default'] extends number
    ? number
    : string;
export type Opts = { [K in OptionKey]: ValueOf<K> };

/** Resolved options (the engine's `resolveOptions` has checked keys, types and choices, and filled defaults). */
export function toOpts(options: Options = {}): Opts {
  const out: Record<string, unknown> = {};
  for (const spec of OPTION_SPECS as readonly OptionSpec[]) out[spec.key] = options[spec.key] ?? spec.default;
  return out as Opts;
}
