/** Every catalog game with its UI adapter (generic fallback: no map, action list only) and rules text. */
import { catalog } from '@sandtable/catalog';
import rulesTexts from 'virtual:rules-text';
import type { GameEntry } from '../ui/App.tsx';
import { genericAdapter, type GameAdapter } from './adapter.ts';
import { prokhorovkaAdapter } from './prokhorovka.ts';
import { softUnderbellyAdapter } from './soft-underbelly.ts';
import { thirdReichAdapter } from './third-reich.ts';

const adapters: Record<string, GameAdapter> = {
  'soft-underbelly': softUnderbellyAdapter,
  'third-reich': thirdReichAdapter,
  prokhorovka: prokhorovkaAdapter,
};

export function gameEntries(): GameEntry[] {
  return Object.values(catalog).map(({ game }) => ({
    game,
    adapter: adapters[game.rules.id] ?? genericAdapter(game),
    rulesText: rulesTexts[game.rules.id] ?? '',
  }));
}
