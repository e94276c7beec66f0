/**
 * The game's one uniform entry (`@sandtable/ocs/entry`, listed in games/index.ts): the rules, the
 * data check, and the AI and web adapter loaded on demand (Node never loads the web code).
 */
import type { AiEntry } from '@sandtable/ai';
import type { GamePackage } from '@sandtable/engine';
import type { GameAdapter } from '@sandtable/map';
import { game, validate } from './index.ts';

export const entry = {
  game,
  validate,
  ai: async () => (await import('./ai/index.ts')).ai,
  web: async () => (await import('./web/index.ts')).web,
} satisfies GamePackage<AiEntry, GameAdapter>;
