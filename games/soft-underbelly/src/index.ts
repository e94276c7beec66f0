/** Soft Underbelly 1943-45: every rule of the spec, built on the engine contract. */
import { defineGame } from '@sandtable/engine';
import { loadSoftUnderbellyData, validateSoftUnderbellyData } from './data/index.ts';
import { createSoftUnderbellyRules } from './rules.ts';

export { createSoftUnderbellyRules } from './rules.ts';
export { OPTION_SPECS, toOpts, type Opts } from './options.ts';
export { hitDistribution, roundOdds, type RoundOdds } from './odds.ts';
export type { SUAction } from './actions.ts';
export type { SUState, Unit, Battle } from './state.ts';
export type { SUView } from './view.ts';
export { loadSoftUnderbellyData, validateSoftUnderbellyData };
export * from './data/index.ts';

export const softUnderbelly = defineGame(createSoftUnderbellyRules(loadSoftUnderbellyData()));
