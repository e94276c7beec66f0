/** Every implemented game, by id: the one list the CLI, web client, server and AI share. */
import type { Game } from '@sandtable/engine';
import { softUnderbelly, validateSoftUnderbellyData } from '@sandtable/soft-underbelly';

export interface CatalogEntry {
  game: Game<any, any, any>;
  /** Loads and cross-checks the game's data files; returns a line per check, throws on failure. */
  validate: () => string[];
}

export const catalog: Record<string, CatalogEntry> = {
  'soft-underbelly': { game: softUnderbelly, validate: validateSoftUnderbellyData },
};

export function findGame(id: string): Game<any, any, any> {
  const entry = catalog[id];
  if (!entry) throw new Error(`unknown game "${id}"; games: ${Object.keys(catalog).join(', ')}`);
  return entry.game;
}
