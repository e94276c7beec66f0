/**
 * Rule options: each ambiguity of the rulebook, with the reading we recommend as the default
 * (RULES.md 9.0). A record stores every option's value, so a replay never depends on a default.
 */
import type { OptionSpec, Options } from '@sandtable/engine';

export const OPTIONS: readonly OptionSpec[] = [
  {
    key: 'riverShiftAtBridge',
    label: 'Attacks over the bridge are shifted',
    default: true,
    doc: '9.1: rule 7.2 shifts an attack "across the river" and does not say whether the bridge counts. Default (true): it does, as in the example of play 10.0; false: an attack over the bridge is not shifted.',
  },
];

export interface Opts {
  riverShiftAtBridge: boolean;
}

/** The typed options of a record (the engine has already filled in defaults and checked types). */
export function toOpts(options: Options): Opts {
  return { riverShiftAtBridge: options.riverShiftAtBridge !== false };
}
