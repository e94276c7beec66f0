/**
 * The AI's per-game hooks, by game id (the shared catalog stays free of AI code). Every game
 * in the catalog has an entry here; `pig` is the engine's toy game, for tests.
 */
import type { Action, Game } from '@sandtable/engine';
import type { AiHooks } from './hooks.ts';
import { pig, pigHooks } from './games/pig.ts';

export interface AiEntry<G = any, A extends Action = any, V = any> {
  game: Game<G, A, V>;
  hooks: AiHooks<G, A, V>;
}

export const aiRegistry: Record<string, AiEntry> = {
  pig: { game: pig, hooks: pigHooks },
};

export function aiFor(gameId: string): AiEntry {
  const entry = aiRegistry[gameId];
  if (!entry) throw new Error(`no AI for game "${gameId}"; AI games: ${Object.keys(aiRegistry).join(', ')}`);
  return entry;
}
