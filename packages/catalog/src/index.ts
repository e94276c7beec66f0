/**
 * Every listed game by id (the list itself is games/index.ts): the catalog the CLI, web client,
 * server and AI share. Importing it registers each game's AI (loaded on demand) with
 * @sandtable/ai, so a search finds a game's hooks by the view's game id in any thread that
 * imports the catalog. The catalog names no game.
 */
import { registerAi, type AiEntry } from '@sandtable/ai';
import type { Game, GamePackage } from '@sandtable/engine';
import { games } from '@sandtable/games';
import type { GameAdapter } from '@sandtable/map';

/** A listed game: its rules, its data check, and its AI and web adapter on demand. */
export type CatalogEntry = GamePackage<AiEntry, GameAdapter>;

export const catalog: Record<string, CatalogEntry> = Object.fromEntries(games.map((e) => [e.game.rules.id, e]));

for (const [id, entry] of Object.entries(catalog)) if (entry.ai) registerAi(id, entry.ai);

export function findEntry(id: string): CatalogEntry {
  const entry = catalog[id];
  if (!entry) throw new Error(`unknown game "${id}"; games: ${Object.keys(catalog).join(', ')}`);
  return entry;
}

export function findGame(id: string): Game<any, any, any> {
  return findEntry(id).game;
}

/** The game's web adapter, or null when it has none (the web client then lists actions only). */
export async function webAdapter(id: string): Promise<GameAdapter | null> {
  const load = findEntry(id).web;
  return load ? load() : null;
}
