/** Every catalog game with its UI adapter (generic fallback: no map, action list only) and rules text. */
import { catalog } from '@sandtable/catalog';
import { genericAdapter } from '@sandtable/map';
import rulesTexts from 'virtual:rules-text';
import type { GameEntry } from './game-entry.ts';

/** Loads every game's adapter (each a chunk of its own) and pairs it with the game and its rules text. */
export function gameEntries(): Promise<GameEntry[]> {
  return Promise.all(
    Object.values(catalog).map(async ({ game, web }) => ({
      game,
      adapter: (await web?.()) ?? genericAdapter(game),
      rulesText: rulesTexts[game.rules.id] ?? '',
    })),
  );
}
