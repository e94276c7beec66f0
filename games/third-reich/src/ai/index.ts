/** The game's AI (`@sandtable/third-reich/ai`, loaded on demand through the entry): the rules with their search hooks. */
import type { AiEntry } from '@sandtable/ai';
import { thirdReich, type TRAction, type TRState, type TRView } from '../index.ts';
import { thirdReichHooks } from './hooks.ts';

export const ai: AiEntry<TRState, TRAction, TRView> = {
  game: thirdReich,
  hooks: thirdReichHooks(thirdReich),
  suite: () => import('./suite.ts').then((m) => m.suite),
};
