/**
 * A small typed client for the play-by-web server (packages/server/README.md): HTTP calls to
 * create games and read the lobby, and one WebSocket for live views and actions. The server is
 * the authority: this only carries its views and the chosen actions (with their view's version).
 * After the first whole view of a game, the server sends patches (what changed since the version
 * held: new log lines and an RFC 6902 patch of the rest, applied with fast-json-patch); a patch
 * that does not follow the view held makes the client subscribe again for a whole one.
 */
import jsonpatch from 'fast-json-patch';
import type { Action, View } from '@sandtable/engine';

// The protocol's shapes, shared with the server (type-only: nothing of the server is bundled).
import type {
  CatalogReply,
  ClientMessage,
  CreateGameRequest,
  CreatedGame,
  GameSummary,
  LobbyEntry,
  LobbyReply,
  PatchMessage,
  PublicSeat,
  SeatSpec,
  ServerError,
  ViewMessage,
} from '@sandtable/protocol';
export type { CreateGameRequest, CreatedGame, GameSummary, LobbyEntry, PublicSeat, SeatSpec, ServerError, ViewMessage };

/** What sending an action came to: accepted (the new view) or refused (with the fresh view when the server attached one). */
export type ActResult =
  | { ok: true; view: ViewMessage }
  | { ok: false; status: number; error: ServerError; view: ViewMessage | null };

export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly error: ServerError,
  ) {
    super(error.message);
  }
}

type Fetch = (input: string, init?: RequestInit) => Promise<Response>;

export interface WebSocketLike {
  readyState: number;
  send(data: string): void;
  close(): void;
  onopen: ((ev: unknown) => void) | null;
  onclose: ((ev: unknown) => void) | null;
  onerror: ((ev: unknown) => void) | null;
  onmessage: ((ev: { data: unknown }) => void) | null;
}

export interface ClientOptions {
  /** The server's origin, e.g. http://127.0.0.1:8080 (default: the page's). */
  base?: string;
  fetch?: Fetch;
  webSocket?: (url: string) => WebSocketLike;
  /** Reconnect delays in ms (the last repeats). */
  backoff?: number[];
}

export class OnlineClient {
  readonly base: string;
  private readonly fetch: Fetch;
  private readonly openSocket: (url: string) => WebSocketLike;
  private readonly backoff: number[];

  constructor(o: ClientOptions = {}) {
    this.base = (o.base ?? (typeof location !== 'undefined' ? location.origin : '')).replace(/\/$/, '');
    this.fetch = o.fetch ?? ((i, init) => globalThis.fetch(i, init));
    this.openSocket = o.webSocket ?? ((url) => new WebSocket(url) as unknown as WebSocketLike);
    this.backoff = o.backoff ?? [250, 500, 1000, 2000, 5000];
  }

  private async call<T>(method: string, path: string, body?: unknown, token?: string): Promise<T> {
    const headers: Record<string, string> = {};
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (token) headers.authorization = `Bearer ${token}`;
    const res = await this.fetch(`${this.base}${path}`, {
      method,
      headers,
      ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
    });
    const json = (await res.json().catch(() => ({}))) as { error?: ServerError };
    if (!res.ok) throw new HttpError(res.status, json.error ?? { code: 'unavailable', message: `HTTP ${res.status}` });
    return json as T;
  }

  catalog(): Promise<CatalogReply> {
    return this.call('GET', '/api/catalog');
  }

  createGame(req: CreateGameRequest): Promise<CreatedGame> {
    return this.call('POST', '/api/games', req);
  }

  lobby(tokens: string[]): Promise<LobbyReply> {
    return this.call('POST', '/api/lobby', { tokens });
  }

  view(gameId: string, token: string): Promise<ViewMessage> {
    return this.call('GET', `/api/games/${encodeURIComponent(gameId)}`, undefined, token);
  }

  /** Takes back this seat's last action (online undo, within its own turn): the view as it was, or the refusal. */
  async undo(gameId: string, token: string, version: number): Promise<ActResult> {
    try {
      const view = await this.call<ViewMessage>(
        'POST',
        `/api/games/${encodeURIComponent(gameId)}/undo`,
        { version },
        token,
      );
      return { ok: true, view };
    } catch (e) {
      if (e instanceof HttpError) return { ok: false, status: e.status, error: e.error, view: null };
      throw e;
    }
  }

  /** Opens the live connection (it reconnects by itself until closed). */
  connect(): Connection {
    const ws = `${this.base.replace(/^http/, 'ws')}/api/ws`;
    return new Connection(() => this.openSocket(ws), this.backoff);
  }
}

type Listener = (m: ViewMessage) => void;
type StatusListener = (s: ConnectionStatus) => void;
export type ConnectionStatus = 'connecting' | 'open' | 'closed';

/** One WebSocket for any number of games: subscriptions are renewed after a reconnect. */
export class Connection {
  private ws: WebSocketLike | null = null;
  private status: ConnectionStatus = 'connecting';
  private closed = false;
  private attempt = 0;
  private nextId = 1;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private readonly subs = new Map<string, { listener: Listener; onError?: ((e: ServerError) => void) | undefined }>();
  private readonly pending = new Map<number, { done: (r: ActResult) => void; token: string }>();
  private readonly statusListeners = new Set<StatusListener>();
  private readonly queue: string[] = [];

  constructor(
    private readonly open: () => WebSocketLike,
    private readonly backoff: number[],
  ) {
    this.dial();
  }

  get state(): ConnectionStatus {
    return this.status;
  }

  onStatus(l: StatusListener): () => void {
    this.statusListeners.add(l);
    l(this.status);
    return () => this.statusListeners.delete(l);
  }

  private setStatus(s: ConnectionStatus): void {
    if (s === this.status) return;
    this.status = s;
    for (const l of this.statusListeners) l(s);
  }

  private dial(): void {
    if (this.closed) return;
    this.setStatus('connecting');
    const ws = this.open();
    this.ws = ws;
    ws.onopen = () => {
      this.attempt = 0;
      this.setStatus('open');
      // the resubscription's views are the truth, even of an earlier version (an undo while away)
      this.latest.clear();
      for (const token of this.subs.keys()) ws.send(JSON.stringify({ type: 'subscribe', token }));
      for (const m of this.queue.splice(0)) ws.send(m);
    };
    ws.onmessage = (ev) => this.receive(String(ev.data));
    ws.onerror = () => undefined;
    ws.onclose = () => {
      if (this.ws !== ws) return;
      this.ws = null;
      // actions in flight have an unknown fate: the resubscription's view tells the truth
      for (const [id, { done }] of this.pending) {
        this.pending.delete(id);
        done({
          ok: false,
          status: 0,
          error: { code: 'disconnected', message: 'the connection dropped; the view will be refreshed' },
          view: null,
        });
      }
      if (this.closed) return this.setStatus('closed');
      this.setStatus('connecting');
      const delay = this.backoff[Math.min(this.attempt++, this.backoff.length - 1)] ?? 1000;
      this.timer = setTimeout(() => this.dial(), delay);
    };
  }

  private send(m: ClientMessage): void {
    const text = JSON.stringify(m);
    if (this.ws && this.ws.readyState === 1) this.ws.send(text);
    else this.queue.push(text);
  }

  private receive(text: string): void {
    let m: {
      type?: string;
      id?: number | null;
      gameId?: string;
      status?: number;
      error?: ServerError;
      view?: ViewMessage;
    } & Partial<Omit<ViewMessage, 'view'>>;
    try {
      m = JSON.parse(text);
    } catch {
      return;
    }
    if (m.type === 'view') return this.deliver(m as unknown as ViewMessage);
    if (m.type === 'patch') return this.patch(m as unknown as PatchMessage);
    if (m.type === 'ack' && typeof m.id === 'number') {
      const p = this.pending.get(m.id);
      this.pending.delete(m.id);
      if (m.view) this.deliver(m.view);
      // Without a view, this socket follows the game as the acting role: its patch came first.
      const key = p ? this.tokenGame.get(p.token) : undefined;
      const view = m.view ?? (key ? this.latest.get(key) : undefined);
      if (view) p?.done({ ok: true, view });
      else
        p?.done({
          ok: false,
          status: 0,
          error: { code: 'disconnected', message: 'accepted; the view will be refreshed' },
          view: null,
        });
      return;
    }
    if (m.type === 'refused') {
      if (m.view) this.deliver(m.view);
      const done = typeof m.id === 'number' ? this.pending.get(m.id)?.done : undefined;
      if (done) {
        this.pending.delete(m.id as number);
        done({
          ok: false,
          status: m.status ?? 0,
          error: m.error ?? { code: 'unavailable', message: 'refused' },
          view: m.view ?? null,
        });
      } else if (m.error) {
        // a refused subscription (bad token): tell every subscriber still waiting for a first view
        for (const s of this.subs.values()) s.onError?.(m.error);
      }
    }
  }

  private readonly latest = new Map<string, ViewMessage>();
  /** token -> "gameId role", learnt from its first view (subscriptions are answered in order). */
  private readonly tokenGame = new Map<string, string>();

  /** Applies a patch to the view held for its game and role, or asks for a whole view again. */
  private patch(p: PatchMessage): void {
    const key = `${p.gameId} ${p.role}`;
    const held = this.latest.get(key);
    if (held && held.version > p.version) return; // an older push overtaken by an ack
    const next = held ? applyPatch(held, p) : null;
    if (next) return this.deliver(next);
    for (const [token, k] of this.tokenGame) if (k === key) this.send({ type: 'subscribe', token });
  }

  private deliver(v: ViewMessage): void {
    const key = `${v.gameId} ${v.role}`;
    const prev = this.latest.get(key);
    if (prev && prev.version > v.version && !v.rewound) return; // an older push overtaken by an ack
    this.latest.set(key, v);
    let matched = false;
    for (const [token, s] of this.subs) {
      if (this.tokenGame.get(token) === key) {
        s.listener(v);
        matched = true;
      }
    }
    if (matched) return;
    for (const [token, s] of this.subs) {
      if (!this.tokenGame.has(token)) {
        this.tokenGame.set(token, key);
        s.listener(v);
        return;
      }
    }
  }

  /** Views for the token's game and role: now and after every change. */
  subscribe(token: string, listener: Listener, onError?: (e: ServerError) => void): () => void {
    this.subs.set(token, { listener, onError });
    if (this.ws && this.ws.readyState === 1) this.ws.send(JSON.stringify({ type: 'subscribe', token }));
    return () => {
      this.subs.delete(token);
      const g = this.tokenGame.get(token);
      this.tokenGame.delete(token);
      if (g && ![...this.tokenGame.values()].some((k) => k.split(' ')[0] === g.split(' ')[0]))
        this.send({ type: 'unsubscribe', gameId: g.split(' ')[0]! });
    };
  }

  /** Sends an action chosen from the view at `version`. */
  act(token: string, version: number, action: Action): Promise<ActResult> {
    const id = this.nextId++;
    return new Promise((resolve) => {
      this.pending.set(id, { done: resolve, token });
      this.send({ type: 'action', id, token, version, action });
    });
  }

  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.ws?.close();
    this.setStatus('closed');
  }
}

/** The view after patch `p`, from `held` (the view at `p.from`); null when `held` is another version. */
export function applyPatch(held: ViewMessage, p: PatchMessage): ViewMessage | null {
  if (held.version !== p.from || held.gameId !== p.gameId || held.role !== p.role) return null;
  const { log, ...body } = held.view;
  let next: Omit<View<unknown>, 'log'>;
  try {
    next = jsonpatch.applyPatch(jsonpatch.deepClone(body), p.patch as jsonpatch.Operation[], true, true).newDocument;
  } catch {
    return null;
  }
  return {
    type: 'view',
    gameId: p.gameId,
    role: p.role,
    version: p.version,
    summary: p.summary,
    view: { ...next, log: p.log.length ? log.concat(p.log) : log },
  };
}

/** The games this browser holds a token for (its identity), in localStorage. */
export interface StoredToken {
  token: string;
  gameId: string;
  role: string;
  game: string;
  createdAt: number;
}

const KEY = 'sandtable.online.tokens';

export function storedTokens(storage: Pick<Storage, 'getItem'> = localStorage): StoredToken[] {
  try {
    const v = JSON.parse(storage.getItem(KEY) ?? '[]') as unknown;
    return Array.isArray(v) ? (v as StoredToken[]).filter((t) => t && typeof t.token === 'string') : [];
  } catch {
    return [];
  }
}

export function rememberToken(t: StoredToken, storage: Pick<Storage, 'getItem' | 'setItem'> = localStorage): void {
  const all = storedTokens(storage).filter((x) => x.token !== t.token);
  all.unshift(t);
  storage.setItem(KEY, JSON.stringify(all.slice(0, 200)));
}

export function forgetToken(token: string, storage: Pick<Storage, 'getItem' | 'setItem'> = localStorage): void {
  storage.setItem(KEY, JSON.stringify(storedTokens(storage).filter((x) => x.token !== token)));
}

/** The invite link for a token: the page's address with the hash route `#/play/<token>`. */
export function playLink(token: string, href: string = typeof location !== 'undefined' ? location.href : ''): string {
  return `${href.replace(/#.*$/, '')}#/play/${encodeURIComponent(token)}`;
}

/** The token in a `#/play/<token>` route, else null. */
export function tokenOfHash(hash: string): string | null {
  const m = /^#\/play\/([^/?#]+)$/.exec(hash);
  return m ? decodeURIComponent(m[1]!) : null;
}
