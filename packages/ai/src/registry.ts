/**
 * The AI's per-game entries, by game id. The AI names no game: the app layer registers every
 * game that has AI hooks (importing `@sandtable/catalog` does it for every listed game; tests
 * register their toy games), and the search finds a game's entry by the view's game id. An
 * entry may be registered as a loader, so a game's AI code is loaded the first time it is asked
 * for (a page that never searches never loads it).
 */
import type { Action, EngineState, Game, Role, View } from '@sandtable/engine';
import type { AiHooks } from './hooks.ts';
import type { PositionSuite } from './suite-types.ts';

export interface AiEntry<G = any, A extends Action = any, V = any> {
  game: Game<G, A, V>;
  hooks: AiHooks<G, A, V>;
  /**
   * Games without hidden information whose view model cannot be turned back into a state (its
   * decision stack, options and per-impulse flags are not in it): the AI's view carries the
   * public state as `view.game.state`. Nothing is hidden in such a game (spec 10.4).
   */
  publicState?: boolean;
  /** The game's position suite (issue #20), loaded on demand (`npm run ai:suite`). */
  suite?: () => Promise<PositionSuite<G, A>>;
}

export type AiLoader = () => Promise<AiEntry>;

const loaders = new Map<string, AiLoader>();
const loaded = new Map<string, Promise<AiEntry>>();

/** Registers (or replaces) the AI of game `id`: its entry, or a loader of it. */
export function registerAi(id: string, entry: AiEntry | AiLoader): void {
  loaders.set(id, typeof entry === 'function' ? entry : () => Promise.resolve(entry));
  loaded.delete(id);
}

export function hasAi(id: string): boolean {
  return loaders.has(id);
}

/** Ids of the games with a registered AI, in registration order. */
export function aiGames(): string[] {
  return [...loaders.keys()];
}

/** The AI entry of game `id` (loaded once). */
export function aiFor(gameId: string): Promise<AiEntry> {
  const load = loaders.get(gameId);
  if (!load) return Promise.reject(new Error(`no AI for game "${gameId}"; AI games: ${aiGames().join(', ')}`));
  let entry = loaded.get(gameId);
  if (!entry) loaded.set(gameId, (entry = load()));
  return entry;
}

/**
 * What the AI is handed for `role`: `game.view(state, role)`; for a `publicState` game, that view
 * plus the (public) state the view model was drawn from. Never anything hidden from `role`.
 */
export function viewForAi(entry: AiEntry, state: EngineState<unknown>, role: Role): View<unknown> {
  const view = entry.game.view(state, role);
  if (!entry.publicState) return view;
  return { ...view, game: { ...(view.game as object), state: state.game } };
}
