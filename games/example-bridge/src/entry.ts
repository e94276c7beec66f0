/**
 * The game's one uniform entry (`@sandtable/example-bridge/entry`): the rules, the data check, and
 * the AI and web adapter loaded on demand (Node never loads the web code). A listed game's entry is
 * one line of games/index.ts; the example is deliberately not listed, so the product does not offer it.
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
