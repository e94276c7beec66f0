/**
 * What a game package gives the rest of the house, in one uniform shape: each game's
 * `src/index.ts` exports `entry` (listed once, in games/index.ts). The engine knows neither the
 * AI's nor the web client's types, hence the parameters: the catalog narrows them.
 */
import type { Game } from './game.ts';

export interface GamePackage<AI = unknown, WEB = unknown> {
  /** The rules, on the game's own data. */
  game: Game<any, any, any>;
  /** Loads and cross-checks the game's data files; one line per data file, throws on a failure. */
  validate(): string[];
  /** The game's AI hooks, loaded on demand (so a program that never searches never loads them). */
  ai?: () => Promise<AI>;
  /** The game's web adapter, loaded on demand (browser code: Node never loads it). */
  web?: () => Promise<WEB>;
  /**
   * The game's words in languages other than English (the game renders English itself), loaded
   * on demand by language code ("zh"): its message table (the same ids and placeholders as its
   * English table) and a glossary of names (English name -> name in that language).
   */
  texts?: Partial<Record<string, () => Promise<GameWords>>>;
}

/** A game's words in one language. */
export interface GameWords {
  messages: Readonly<Record<string, string>>;
  names?: Readonly<Record<string, string>>;
}
