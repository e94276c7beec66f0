import { defineGame } from '@sandtable/engine';
import { thirdReichData } from './data/index.ts';
import { createThirdReichRules } from './rules.ts';

export * from './data/index.ts';
export { createThirdReichRules, type TRAction, type TRView } from './rules.ts';
export type { TRState, Pending, Operation } from './state.ts';
export { OPTIONS } from './options.ts';

/** The game, on its own data files. */
export const thirdReich = defineGame(createThirdReichRules(thirdReichData()));
// for the AI's hooks (src/ai/): the compiled board and control reads
export { compileBoard, type Board } from './board.ts';
export { axisVictoryAreas, ctrlSide, friendlyUnit, mayAttackIn, sourceCount, unitsIn, updateControl } from './world.ts';
