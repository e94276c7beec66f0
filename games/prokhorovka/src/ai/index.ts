/** The game's AI (`@sandtable/prokhorovka/ai`, loaded on demand through the entry): the rules with their search hooks. */
import type { AiEntry } from '@sandtable/ai';
import { prokhorovka, type PGAction, type PGState, type PGView } from '../index.ts';
import { prokhorovkaHooks } from './hooks.ts';

export const ai: AiEntry<PGState, PGAction, PGView> = {
  game: prokhorovka,
  hooks: prokhorovkaHooks(prokhorovka),
  suite: () => import('./suite.ts').then((m) => m.suite),
};
