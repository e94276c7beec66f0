/** What the server is given (catalog, clock, store, AI) and what it sends clients. */
import type { Action, Game, View } from '@sandtable/engine';

/** Games the server may host, by id: the shared catalog (plus pig in tests). */
export type GameCatalog = Record<string, { game: Game<any, any, any> }>;

/** Injected time source (tests move it by hand); the engine never sees it. */
export interface Clock {
  now(): number;
}
export const systemClock: Clock = { now: () => Date.now() };

export interface AiRunner {
  /** Picks an action for `view.role` from what that role sees (`ai` = random, greedy, easy, ...). */
  choose(view: View<unknown>, ai: string, seed: string): Promise<Action>;
  close(): Promise<void>;
}

export const AI_KINDS = ['random', 'greedy', 'easy', 'normal', 'hard'] as const;

// The wire types live in @sandtable/protocol (the web client imports them too).
export type { GameSummary, PublicSeat, ViewMessage } from '@sandtable/protocol';

/** Who a token stands for. */
export interface Principal {
  gameId: string;
  role: string;
  /** false for a spectator token. */
  seat: boolean;
}
