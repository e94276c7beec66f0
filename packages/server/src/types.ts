/** What the server is given (catalog, clock, store, AI) and what it sends clients. */
import type { Action, Game, Outcome, View } from '@sandtable/engine';

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

export interface PublicSeat {
  role: string;
  kind: 'human' | 'ai';
  ai: string | null;
  name: string | null;
  /** Someone is connected on this seat's token right now. */
  connected: boolean;
}

export interface GameSummary {
  gameId: string;
  game: string;
  scenario: string;
  version: number;
  status: 'active' | 'finished';
  turnRole: string | null;
  /** When the current turn's deadline falls (ms since epoch), if the game has deadlines. */
  deadlineAt: number | null;
  outcome: Outcome | null;
  createdAt: number;
  updatedAt: number;
  seats: PublicSeat[];
}

/** Pushed over WebSocket on subscribe and after every change, and returned by GET. */
export interface ViewMessage {
  type: 'view';
  gameId: string;
  /** The role this view is for ('observer' for spectators). */
  role: string;
  version: number;
  summary: GameSummary;
  view: View<unknown>;
}

/** Who a token stands for. */
export interface Principal {
  gameId: string;
  role: string;
  /** false for a spectator token. */
  seat: boolean;
}
