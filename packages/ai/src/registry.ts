/**
 * The AI's per-game hooks, by game id (the shared catalog stays free of AI code). Every game
 * in the catalog has an entry here; `pig` is the engine's toy game, for tests.
 */
import type { Action, EngineState, Game, Role, View } from '@sandtable/engine';
import { softUnderbelly } from '@sandtable/soft-underbelly';
import type { AiHooks } from './hooks.ts';
import { pig, pigHooks } from './games/pig.ts';
import { softUnderbellyHooks } from './games/soft-underbelly.ts';
import { thirdReich } from '@sandtable/third-reich';
import { thirdReichHooks } from './games/third-reich.ts';
import { prokhorovka } from '@sandtable/prokhorovka';
import { prokhorovkaHooks } from './games/prokhorovka.ts';

export interface AiEntry<G = any, A extends Action = any, V = any> {
  game: Game<G, A, V>;
  hooks: AiHooks<G, A, V>;
  /**
   * Games without hidden information whose view model cannot be turned back into a state (its
   * decision stack, options and per-impulse flags are not in it): the AI's view carries the
   * public state as `view.game.state`. Nothing is hidden in such a game (spec 10.4).
   */
  publicState?: boolean;
}

export const aiRegistry: Record<string, AiEntry> = {
  pig: { game: pig, hooks: pigHooks },
  'soft-underbelly': { game: softUnderbelly, hooks: softUnderbellyHooks(softUnderbelly) },
  'third-reich': { game: thirdReich, hooks: thirdReichHooks(thirdReich) },
  prokhorovka: { game: prokhorovka, hooks: prokhorovkaHooks(prokhorovka) },
};

/**
 * What the AI is handed for `role`: `game.view(state, role)`; for a `publicState` game, that view
 * plus the (public) state the view model was drawn from. Never anything hidden from `role`.
 */
export function viewForAi(entry: AiEntry, state: EngineState<unknown>, role: Role): View<unknown> {
  const view = entry.game.view(state, role);
  if (!entry.publicState) return view;
  return { ...view, game: { ...(view.game as object), state: state.game } };
}

export function aiFor(gameId: string): AiEntry {
  const entry = aiRegistry[gameId];
  if (!entry) throw new Error(`no AI for game "${gameId}"; AI games: ${Object.keys(aiRegistry).join(', ')}`);
  return entry;
}
