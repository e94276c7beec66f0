/**
 * Operational Combat Series v4.3: the series rules on the decision-flow kernel, with the
 * reconstructed Husky (Sicily 1943) scenario as data. `game` is the engine contract; the data
 * format is described in DATA.md and checked by `validate`.
 */
import { defineGame } from '@sandtable/engine';
import { makeEnv } from './env.ts';
import { createRules } from './rules.ts';

export { loadData, validate } from './data/index.ts';
export { type Env, makeEnv } from './env.ts';
export { GAME_ID } from './rules.ts';
export type { Action, Frame, OcsState } from './state.ts';

/** The compiled data every rule reads (one per process). */
export const env = makeEnv();
export const game = defineGame(createRules(env));
