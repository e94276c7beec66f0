/**
 * The game's one uniform entry (`@sandtable/third-reich/entry`, listed in games/index.ts): the rules,
 * the data check, and the AI and web adapter loaded on demand (Node never loads the web code).
 */
import type { AiEntry } from '@sandtable/ai';
import type { GamePackage } from '@sandtable/engine';
import type { GameAdapter } from '@sandtable/map';
import { thirdReich } from './index.ts';
import { validate } from './validate.ts';

export const entry = {
  game: thirdReich,
  validate,
  ai: async () => (await import('./ai/index.ts')).ai,
  web: async () => (await import('./web/index.ts')).web,
  texts: {
    zh: async () => {
      const { ZH, NAMES_ZH } = await import('./texts/zh.ts');
      return { messages: ZH, names: NAMES_ZH };
    },
  },
} satisfies GamePackage<AiEntry, GameAdapter>;
