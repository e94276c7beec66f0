/** For tests and the benchmark: the engine's toy game Pig (two roles, a hidden secret each). */
import { defineGame } from '@sandtable/engine';
import { pigRules } from '@sandtable/engine/testing/pig';
import type { GameCatalog } from './types.ts';

export const pig = defineGame(pigRules);
export const pigCatalog: GameCatalog = { pig: { game: pig } };
