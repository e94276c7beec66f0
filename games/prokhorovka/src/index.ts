/** Kursk South: Prokhorovka 1943 (Game Journal No. 63). See STATUS.md for what is implemented. */
import { defineGame } from '@sandtable/engine';
import { loadProkhorovkaData } from './data/index.ts';
import { createProkhorovkaRules } from './rules.ts';

export * from './data/index.ts';
export { createProkhorovkaRules, type PGAction } from './rules.ts';
export { germanVP, victory } from './victory.ts';
export type { PGView } from './view.ts';
export { OPTION_SPECS, AMBIGUITY_IDS, type Opts } from './options.ts';
export type { PGState } from './state.ts';

/** The game with the bundled data. */
export const prokhorovka = defineGame(createProkhorovkaRules(loadProkhorovkaData()));
// for the web adapter (src/web/): the rules' own helpers for the
// path of a move (8.2), German VP (18.0) and battle odds (10.3, 11.3-11.5), run on a determinized view
export { makeEnv, type Env } from './state.ts';
export { movePath } from './movement.ts';
export { battleOdds, fireOdds, pairOdds, type BattleOdds, type FireOdds } from './combat/odds.ts';
export type { CombatView } from './combat/view.ts';
export type { Battle } from './combat/types.ts';
// for the AI's hooks (src/ai/): what its evaluation and priors read
export { ARRIVING, chitsOf, inEnemyZoc, type Side } from './state.ts';
export { targetsOf } from './combat/phase.ts';
