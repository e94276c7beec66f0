/** Kursk South: Prokhorovka 1943 (Game Journal No. 63). See STATUS.md for what is implemented. */
import { defineGame } from '@sandtable/engine';
import { loadProkhorovkaData } from './data/index.ts';
import { createProkhorovkaRules } from './rules.ts';

export * from './data/index.ts';
export { createProkhorovkaRules, germanVP, victory, type PGAction, type PGView } from './rules.ts';
export { OPTION_SPECS, AMBIGUITY_IDS, type Opts } from './options.ts';
export type { PGState } from './state.ts';

/** The game with the bundled data. */
export const prokhorovka = defineGame(createProkhorovkaRules(loadProkhorovkaData()));
