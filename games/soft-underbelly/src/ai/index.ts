/** The game's AI (`@sandtable/soft-underbelly/ai`, loaded on demand through the entry): the rules with their search hooks. */
import type { AiEntry } from '@sandtable/ai';
import { softUnderbelly, type SUAction, type SUState } from '../index.ts';
import { softUnderbellyHooks } from './hooks.ts';

export const ai: AiEntry<SUState, SUAction, unknown> = {
  game: softUnderbelly,
  hooks: softUnderbellyHooks(softUnderbelly),
  suite: () => import('./suite.ts').then((m) => m.suite),
};
