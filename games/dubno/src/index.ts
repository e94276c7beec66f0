/**
 * East Front Battles III: Drive on Dubno, on the engine's decision-flow kernel. The rules (`game`)
 * and the data check (`validate`); the uniform entry is `./entry.ts`, the AI hooks and the web
 * adapter are `@sandtable/dubno/ai` and `/web`.
 */
import { defineGame } from '@sandtable/engine';
import { makeEnv } from './board.ts';
import { loadData } from './data/index.ts';
import { createRules } from './rules.ts';

export { type Env, makeEnv } from './board.ts';
export { type Odds, oddsOf } from './combat.ts';
export { loadData, validate } from './data/index.ts';
export { GAME_ID } from './rules.ts';
export type { Action, DubnoState, Frame } from './state.ts';
export type { DubnoView } from './view.ts';

/** The compiled data every rule reads (one per process). */
export const env = makeEnv(loadData());
export const game = defineGame(createRules(env));
