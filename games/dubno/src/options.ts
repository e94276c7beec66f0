/**
 * Rule options: each ambiguity of the spec (§8) that has a recommended reading, with that reading
 * as the default (RULES.md 26.0). A record stores every option's value, so a replay never depends
 * on a default.
 */
import type { OptionSpec, Options } from '@sandtable/engine';

export const OPTIONS: readonly OptionSpec[] = [
  {
    key: 'suppressedMayMove',
    label: 'Suppressed units may move',
    default: true,
    doc: 'A3 (8.1): "if in battlefield state" may bar suppressed units from moving. Default (true): they move, at half MA as OOC units (15.3, 7.8); false: they may not move.',
  },
  {
    key: 'suppressedUnitShift',
    label: 'Suppressed units shift adjacent combat two columns',
    default: true,
    doc: 'A6 (11.14): the two "(2)" rows of the shift summary lost their unit type. Default (true): +2 if any defender is suppressed, -2 if any attacker is; false: no such shifts.',
  },
  {
    key: 'holdOption',
    label: 'Defenders may hold instead of retreating',
    default: true,
    doc: 'A12 (13.1): the consequence of "hold" is lost. Default (true): a defender in hold terrain or attacked only across rivers may stay and be suppressed instead of retreating; false: D results always retreat.',
  },
  {
    key: 'allowMixedRoadMovement',
    label: 'Road rate per hex (mixed road and cross-country moves)',
    default: false,
    doc: 'A24 (8.7): the literal rule lets only a unit that starts on a road and moves only along it use the road rate. Default (false): literal; true: every hex entered along a road costs the road rate.',
  },
  {
    key: 'germanFreeAdvance',
    label: 'German free advance after combat (22.1)',
    default: 'mech',
    choices: ['mech', 'all', 'none'],
    doc: 'A34 (22.1): which German units need not follow the retreat path after the first hex. Default (mech): mechanized units; all: every German unit; none: nobody.',
  },
];

export interface Opts {
  suppressedMayMove: boolean;
  suppressedUnitShift: boolean;
  holdOption: boolean;
  allowMixedRoadMovement: boolean;
  germanFreeAdvance: 'mech' | 'all' | 'none';
}

/** The typed options of a record (the engine has already filled in defaults and checked types). */
export function toOpts(o: Options): Opts {
  return {
    suppressedMayMove: o.suppressedMayMove !== false,
    suppressedUnitShift: o.suppressedUnitShift !== false,
    holdOption: o.holdOption !== false,
    allowMixedRoadMovement: o.allowMixedRoadMovement === true,
    germanFreeAdvance: (o.germanFreeAdvance as Opts['germanFreeAdvance']) ?? 'mech',
  };
}
