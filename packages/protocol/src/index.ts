/**
 * The play-by-web protocol's shapes (packages/server/README.md): what a client sends the server
 * and what it gets back, over HTTP and the WebSocket. Types only; the server checks every
 * incoming value itself, and both the server and the web client import these.
 */
import type { Action, LogEntry, Options, Outcome, View } from '@sandtable/engine';

// ---------- games and seats ----------

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

/** Pushed over WebSocket on subscribe and after every change, and returned by GET /api/games/:id. */
export interface ViewMessage {
  type: 'view';
  gameId: string;
  /** The role this view is for ('observer' for spectators). */
  role: string;
  version: number;
  summary: GameSummary;
  view: View<unknown>;
  /** Sent after an online undo: replaces a view of a later version (which a client would otherwise keep). */
  rewound?: true;
}

/** One JSON Patch (RFC 6902) operation: the subset a view patch uses. */
export interface PatchOperation {
  op: 'add' | 'remove' | 'replace' | 'move' | 'copy' | 'test';
  path: string;
  value?: unknown;
  from?: string;
}

/**
 * Pushed over WebSocket instead of a whole ViewMessage when that is smaller and the socket holds
 * this role's view at version `from`: the view at `version` is the old view with `patch` applied
 * to everything but its log, and `log` appended to its log. A client holding another version
 * subscribes again for a whole view.
 */
export interface PatchMessage {
  type: 'patch';
  gameId: string;
  role: string;
  from: number;
  version: number;
  summary: GameSummary;
  /** New log lines this role sees, in order. */
  log: LogEntry[];
  /** RFC 6902 operations on the view without its log (`/game/...`, `/actions`, `/decision`, ...). */
  patch: PatchOperation[];
}

// ---------- HTTP requests and replies ----------

/** Every refusal's body is `{ error }`, with extra fields beside it (e.g. the fresh `view`). */
export interface ServerError {
  code: string;
  message: string;
  rule?: string;
}

/** GET /api/catalog */
export interface CatalogReply {
  games: { id: string; title: string; roles: readonly string[]; scenarios?: unknown; options?: unknown }[];
  ai: readonly string[];
}

export interface SeatSpec {
  kind: 'human' | 'ai';
  /** Which AI plays an AI seat (CatalogReply.ai). */
  ai?: string;
  name?: string;
  /** Called on this seat's turn (see the server's README). */
  webhook?: string;
  /**
   * Where "your turn", deadline and game-over emails go, with this seat's invite link (servers
   * with SMTP_URL only). Stored, and never shown to another seat.
   */
  email?: string;
}

/** What a deadline does when it passes: remind the player, or let the AI play the turn. */
export type DeadlinePolicy = 'remind' | 'ai';

/** POST /api/games */
export interface CreateGameRequest {
  game: string;
  scenario?: string;
  options?: Options;
  seats: Record<string, SeatSpec>;
  deadline?: { ms: number; policy: DeadlinePolicy };
}

/** POST /api/games's reply (201). */
export interface CreatedGame {
  gameId: string;
  version: number;
  /** Human seats carry their secret token (the invite); AI seats carry none. */
  seats: { role: string; kind: 'human' | 'ai'; token: string | null }[];
  spectatorToken: string;
}

/** POST /api/lobby: the games these tokens are seats or spectators of. */
export interface LobbyRequest {
  tokens: string[];
}

export interface LobbyEntry extends GameSummary {
  role: string;
  token: string;
  yourTurn: boolean;
}

export interface LobbyReply {
  games: LobbyEntry[];
  /** Tokens that name no game. */
  unknown: string[];
}

/** POST /api/games/:id/actions (the reply is the new ViewMessage). */
export interface ActionRequest {
  /** The version of the view the action was chosen from (a stale one is refused). */
  version: number;
  action: Action;
  /** Optional: the role acted as; it must be the token's. */
  role?: string;
  /**
   * Optional idempotency key (1-64 URL-safe characters, also the HTTP header Idempotency-Key):
   * a retry with the same key returns the first acknowledgement instead of acting again.
   */
  key?: string;
}

// ---------- WebSocket (/api/ws) ----------

export type ClientMessage =
  | { type: 'subscribe'; token: string }
  | { type: 'unsubscribe'; gameId: string }
  | ({ type: 'action'; id?: number; token: string; key?: string } & ActionRequest)
  | { type: 'ping' };

export type ServerMessage =
  | ViewMessage
  | PatchMessage
  /** `view` is left out when this socket follows the game as the acting role (its push came first). */
  | { type: 'ack'; id: number | null; gameId: string; version: number; view?: ViewMessage }
  | { type: 'refused'; id: number | null; status: number; error: ServerError; view?: ViewMessage }
  | { type: 'pong' };
