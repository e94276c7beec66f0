/**
 * The authority. Every action is checked by the engine for the token's seat, applied to the
 * cached state, appended to the log (acknowledged only after the commit), then pushed to each
 * subscriber as that subscriber's role's view. Versions give optimistic concurrency: an action
 * must name the version it was chosen at, and a stale one is refused with the fresh view.
 */
import {
  OBSERVER,
  RuleError,
  canonicalJson,
  type Action,
  type EngineState,
  type GameRecord,
  type View,
} from '@sandtable/engine';
import { ApiError, badRequest, fromRuleError } from './errors.ts';
import type { PatchMessage } from '@sandtable/protocol';
import { engineFor, liveParts, loadLive, outcomeOf, recordOf, type Live } from './live.ts';
import { checkOptionBounds, DEFAULT_LIMITS, type Limits } from './limits.ts';
import { ReplayChecker, type CatalogModule, type Divergence } from './replay.ts';
import { checkWebhookTarget } from './security.ts';
import type { GameRow, Repository, SeatRow, TurnUpdate } from './db/types.ts';
import { hashToken, isTokenShape, newId, newToken } from './tokens.ts';
import {
  AI_KINDS,
  type AiRunner,
  type Clock,
  type GameCatalog,
  type GameSummary,
  type Principal,
  type PublicSeat,
  type ViewMessage,
} from './types.ts';
import { randomBytes } from 'node:crypto';
import { checkEmail } from './email-address.ts';
import type { AiClaims } from './lease.ts';
import type { CreateGameRequest, CreatedGame, LobbyReply, SeatSpec } from '@sandtable/protocol';

export type { CreatedGame, SeatSpec, Divergence };
export type CreateGameInput = CreateGameRequest;

export interface ActionInput {
  version: unknown;
  action: unknown;
  /** Optional: a client may name the role it acts as; it must be the token's. */
  role?: unknown;
  /** Optional idempotency key: a retry with the same key gets the first acknowledgement. */
  key?: unknown;
}

/** An accepted action: the version it made (the first one's, for a retry) and the view now. */
export interface Ack {
  version: number;
  view: ViewMessage;
}

/**
 * Something that wants every change of a game, as its role sees it: a whole view, or a patch
 * from the version it holds (delta.ts). `version` is kept by the service.
 */
export interface Subscriber {
  role: string;
  seat: boolean;
  /** The version of the last view or patch sent (-1 before the first). */
  version?: number;
  /** The SHA-256 of the token it subscribed with (a reissued token ends it). */
  tokenHash?: string;
  send(msg: ViewMessage | PatchMessage): void;
  /** Called when its token is revoked. */
  revoked?(): void;
}

export interface TurnEvent {
  event: 'your-turn' | 'deadline' | 'game-over';
  live: Live;
  role: string;
}

export interface ServiceOptions {
  repo: Repository;
  catalog: GameCatalog;
  clock: Clock;
  ai?: AiRunner | undefined;
  /** Seed source for new games (default: 128 random bits); tests fix it. */
  seed?: () => string;
  /** Games kept in memory (least recently used beyond this are dropped). */
  cacheSize?: number;
  limits?: Partial<Limits>;
  /** Where the catalog comes from, so replay-checks can run in a worker thread (replay.ts). */
  catalogModules?: CatalogModule[];
  onTurn?: (e: TurnEvent) => void;
  log?: (msg: string) => void;
  /**
   * Several instances on one store (PostgreSQL): which instance plays each game's AI seats, and
   * every read first checks the store's version (see cluster.ts).
   */
  claims?: AiClaims;
  /** Email notifications are on: seals a seat's token for its invite link (see email.ts). */
  sealInvite?: (token: string) => string;
}

const MAX_CONSECUTIVE_AI_FAILURES = 3;
/** Idempotency keys remembered per game. */
const ACK_KEYS = 256;
const KEY_SHAPE = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * Actions between snapshots: a snapshot (the whole state, log included) is written at a
 * hand-over once a fifth of the game so far has passed since the last one, and at the end. Its
 * cost grows with the game but it is taken geometrically less often (a few times each time the
 * game doubles), so the cost per action stays flat, and a cold start replays at most a fifth of
 * the log after it.
 */
export function snapshotGap(seq: number): number {
  return Math.floor(seq / 5);
}

export class GameService {
  private readonly live = new Map<string, Live>();
  private readonly loading = new Map<string, Promise<Live | null>>();
  private readonly subscribers = new Map<string, Set<Subscriber>>();
  private readonly principals = new Map<string, Principal>();
  private readonly limits: Limits;
  private readonly replays: ReplayChecker;
  private closed = false;

  constructor(private readonly o: ServiceOptions) {
    this.limits = { ...DEFAULT_LIMITS, ...o.limits };
    this.replays = new ReplayChecker(o.catalogModules);
  }

  // ---------- creation and lookup ----------

  async create(input: CreateGameInput): Promise<CreatedGame> {
    const engine = engineFor(this.o.catalog, input.game);
    const roles = engine.rules.roles;
    const seats = this.checkSeats(roles, input.seats);
    for (const s of Object.values(seats))
      if (s.webhook) await checkWebhookTarget(s.webhook, this.limits.allowPrivateWebhooks);
    checkOptionBounds(engine.rules.options, input.options, this.limits.maxNumericOption);
    const seed = this.o.seed?.() ?? randomBytes(16).toString('hex');
    let state: EngineState<unknown>;
    let record: GameRecord;
    try {
      record = engine.newRecord(seed, input.scenario, input.options ?? {});
      state = engine.replay(record);
    } catch (e) {
      if (e instanceof RuleError) throw fromRuleError(e);
      throw e;
    }
    const now = this.o.clock.now();
    const id = newId();
    const spectatorToken = newToken();
    const turn = engine.decision(state)?.role ?? null;
    const row: GameRow = {
      id,
      game: input.game,
      scenario: record.scenario,
      options: JSON.stringify(record.options),
      seed,
      dice: null,
      createdAt: now,
      updatedAt: now,
      version: 0,
      status: 'active',
      turnRole: turn,
      turnSince: now,
      outcome: null,
      spectatorHash: hashToken(spectatorToken),
      deadlineMs: input.deadline?.ms ?? null,
      deadlinePolicy: input.deadline?.policy ?? null,
      deadlineDone: 0,
    };
    const tokens = new Map(roles.map((r) => [r, seats[r]!.kind === 'human' ? newToken() : null]));
    const seatRows: SeatRow[] = roles.map((r) => ({
      gameId: id,
      role: r,
      kind: seats[r]!.kind,
      ai: seats[r]!.kind === 'ai' ? (seats[r]!.ai ?? 'random') : null,
      name: seats[r]!.name ?? null,
      tokenHash: hashToken(tokens.get(r) ?? newToken()),
      webhook: seats[r]!.webhook ?? null,
      ...this.emailColumns(seats[r]!.email, tokens.get(r) ?? null),
    }));
    await this.o.repo.createGame(row, seatRows, { gameId: id, seq: 0, state: JSON.stringify(state) });
    const live: Live = {
      row,
      seats: seatRows,
      engine,
      state,
      lock: Promise.resolve(),
      autopilot: null,
      aiBusy: false,
      aiFailures: 0,
      lastUsed: now,
      snapshotSeq: 0,
      ...liveParts(engine, id, state),
    };
    this.remember(live);
    if (turn) this.o.onTurn?.({ event: 'your-turn', live, role: turn });
    this.driveAi(live);
    return {
      gameId: id,
      version: 0,
      seats: roles.map((r) => ({ role: r, kind: seats[r]!.kind, token: tokens.get(r) ?? null })),
      spectatorToken,
    };
  }

  private checkSeats(roles: readonly string[], seats: Record<string, SeatSpec>): Record<string, SeatSpec> {
    if (!seats || typeof seats !== 'object')
      throw badRequest(`"seats" must map each role (${roles.join(', ')}) to {kind: "human" | "ai"}`);
    const given = Object.keys(seats).sort().join(',');
    if (given !== [...roles].sort().join(','))
      throw badRequest(`"seats" must name exactly the roles ${roles.join(', ')}; got ${given || 'none'}`);
    for (const [role, s] of Object.entries(seats)) {
      if (typeof s !== 'object' || s === null)
        throw badRequest(`seat ${role}: must be an object {kind: "human" | "ai", ai?, name?, webhook?}`);
      if (s.kind !== 'human' && s.kind !== 'ai') throw badRequest(`seat ${role}: kind must be "human" or "ai"`);
      if (s.ai !== undefined && !(AI_KINDS as readonly string[]).includes(s.ai))
        throw badRequest(`seat ${role}: ai must be one of ${AI_KINDS.join(', ')}`);
      if (s.name !== undefined && (typeof s.name !== 'string' || s.name.length > 80))
        throw badRequest(`seat ${role}: name must be a string of at most 80 characters`);
      if (s.webhook !== undefined) checkWebhook(s.webhook);
      if (s.email !== undefined) {
        if (s.kind !== 'human') throw badRequest(`seat ${role}: only a human seat may give an email address`);
        this.emailOn();
        checkEmail(s.email);
      }
    }
    return seats;
  }

  /** The seat or spectator a token stands for; 401 for an unknown or malformed token. */
  async authenticate(token: unknown): Promise<Principal> {
    if (!isTokenShape(token))
      throw new ApiError(
        401,
        'unauthorized',
        'missing or malformed token: send "Authorization: Bearer <seat or spectator token>"',
      );
    const h = hashToken(token);
    const known = this.principals.get(h);
    if (known) return known;
    const seat = await this.o.repo.seatByToken(h);
    let p: Principal | null = seat ? { gameId: seat.gameId, role: seat.role, seat: true } : null;
    if (!p) {
      const g = await this.o.repo.gameBySpectator(h);
      if (g) p = { gameId: g.id, role: OBSERVER, seat: false };
    }
    if (!p) throw new ApiError(401, 'unauthorized', 'unknown token: it belongs to no seat and no game');
    if (this.principals.size > 50_000) this.principals.clear();
    this.principals.set(h, p);
    return p;
  }

  /**
   * Adds a game to the cache, which keeps the most recently used first-out order of a Map (a hit
   * moves the game to the end). Over the limit, the least recently used games that no one
   * follows, no AI is moving and no write is waiting on are dropped; never the one being added.
   * When every other game is pinned the cache stays over its limit until they are released.
   */
  private remember(live: Live): void {
    this.live.set(live.row.id, live);
    const max = this.o.cacheSize ?? 2000;
    let excess = this.live.size - max;
    if (excess <= 0) return;
    for (const [id, l] of this.live) {
      if (excess <= 0) break;
      if (l === live || this.subscribers.get(id)?.size || l.aiBusy || this.writing.has(id)) continue;
      this.live.delete(id);
      excess--;
    }
  }

  /** Games with a read-modify-write under way (their entry must stay while it runs). */
  private readonly writing = new Map<string, number>();

  /** Games in memory (tests). */
  get cached(): number {
    return this.live.size;
  }

  /** The game in memory, loading it (once, even under concurrent requests) on a miss. */
  async get(id: string): Promise<Live> {
    const cached = this.live.get(id);
    if (cached) {
      cached.lastUsed = this.o.clock.now();
      this.live.delete(id);
      this.live.set(id, cached);
      return cached;
    }
    let p = this.loading.get(id);
    if (!p) {
      p = loadLive(this.o.repo, this.o.catalog, id, this.o.clock.now()).finally(() => this.loading.delete(id));
      this.loading.set(id, p);
    }
    const live = await p;
    if (!live) throw new ApiError(404, 'not-found', `no game "${id}"`);
    const held = this.live.get(id);
    if (held) return held;
    this.remember(live);
    return live;
  }

  /** Runs `fn` after every earlier operation on the game has finished. */
  private async locked<T>(id: string, fn: (live: Live) => Promise<T>): Promise<T> {
    const live = await this.get(id);
    this.writing.set(id, (this.writing.get(id) ?? 0) + 1);
    const run = live.lock.then(() => fn(this.live.get(id) ?? live));
    live.lock = run.catch(() => undefined);
    const release = () => {
      const n = (this.writing.get(id) ?? 1) - 1;
      if (n) this.writing.set(id, n);
      else this.writing.delete(id);
    };
    run.then(release, release);
    return run;
  }

  // ---------- views ----------

  summary(live: Live): GameSummary {
    const r = live.row;
    const subs = this.subscribers.get(r.id);
    const seats: PublicSeat[] = live.seats.map((s) => ({
      role: s.role,
      kind: s.kind,
      ai: s.ai,
      name: s.name,
      connected: s.kind === 'ai' || [...(subs ?? [])].some((x) => x.seat && x.role === s.role),
    }));
    return {
      gameId: r.id,
      game: r.game,
      scenario: r.scenario,
      version: r.version,
      status: r.status,
      turnRole: r.turnRole,
      deadlineAt:
        r.deadlineMs !== null && r.turnSince !== null && r.status === 'active' ? r.turnSince + r.deadlineMs : null,
      outcome: outcomeOf(r),
      createdAt: r.createdAt,
      updatedAt: r.updatedAt,
      seats,
    };
  }

  message(live: Live, role: string): ViewMessage {
    return live.views.whole(live.state, role, this.summary(live));
  }

  async viewFor(p: Principal): Promise<ViewMessage> {
    return this.message(await this.fresh(p.gameId), p.role);
  }

  /** The game, brought up to the store's version first when other instances may have written it. */
  private async fresh(id: string): Promise<Live> {
    if (!this.o.claims) return this.get(id);
    return this.locked(id, async (live) => {
      await this.refreshLocked(live);
      return this.live.get(id) ?? this.get(id);
    });
  }

  /**
   * Another instance committed `version` of a game (PostgreSQL NOTIFY): a cached copy catches up
   * and pushes to its subscribers here. Without a version (after a missed stretch), re-reads the store.
   */
  async catchUp(id: string, version?: number, rewound = false): Promise<void> {
    const live = this.live.get(id);
    const behind = (l: Live) => version === undefined || l.row.version < version;
    if (!live || !(rewound || behind(live))) return;
    await this.locked(id, async (l) => {
      // An undo on another instance: the cached copy may hold actions the store no longer has.
      if (rewound) await this.refreshLocked(l, true);
      else if (behind(l)) await this.refreshLocked(l);
    });
  }

  /** Another instance changed a seat (its notification addresses, its token): the cached seats are re-read. */
  async seatsChanged(id: string): Promise<void> {
    for (const [hash, p] of this.principals) if (p.gameId === id) this.principals.delete(hash);
    if (!this.live.has(id)) return;
    await this.locked(id, async (live) => {
      live.seats = await this.o.repo.getSeats(id);
    });
    // A token reissued on another instance ends the subscriptions made with the old one here too.
    const hashes = new Set((this.live.get(id)?.seats ?? []).map((s) => s.tokenHash));
    for (const sub of [...(this.subscribers.get(id) ?? [])])
      if (sub.seat && sub.tokenHash && !hashes.has(sub.tokenHash)) sub.revoked?.();
    if (!hashes.size) this.live.delete(id); // removed (sweep)
  }

  /** Every cached game re-read from the store (the commit bus was down for a while). */
  async resync(): Promise<void> {
    // Forced: a missed undo leaves the store at a version the cached copy may also have.
    await Promise.all([...this.live.keys()].map((id) => this.catchUp(id, undefined, true)));
  }

  /**
   * Invalidation by version: when the store holds a newer version than the cached copy (another
   * instance committed), the copy is reloaded from the store (latest snapshot and the actions
   * after it), then pushed to this instance's subscribers, and the AI is driven. The cached
   * object itself stays (its queue and AI flags go on); only what follows from the store changes.
   * `rewound`: an online undo removed actions (here or on another instance): reloaded whatever
   * the versions, and each role's next update is a whole view (its log may have shrunk).
   */
  private async refreshLocked(live: Live, rewound = false): Promise<void> {
    const row = await this.o.repo.getGame(live.row.id);
    if (!row || (!rewound && row.version <= live.row.version)) return;
    if (rewound) this.replays.forget(row.id);
    let loaded: Live | null;
    try {
      loaded = await loadLive(this.o.repo, this.o.catalog, row.id, this.o.clock.now());
    } catch (e) {
      this.o.log?.(`catching up ${row.id}: ${(e as Error).message}`);
      loaded = null;
    }
    if (!loaded) {
      this.live.delete(row.id);
      return;
    }
    // The views sent stay (the log only grows, so patches from them still apply) unless rewound,
    // and so do the idempotency keys (a late retry of an undone action must not apply it again).
    const {
      lock: _lock,
      aiBusy: _busy,
      aiFailures: _failures,
      autopilot: _autopilot,
      views,
      acks: _acks,
      ...fromStore
    } = loaded;
    Object.assign(live, fromStore, rewound ? { views } : {});
    if (live.autopilot !== live.row.turnRole) live.autopilot = null;
    this.broadcast(live, undefined, rewound);
    this.driveAi(live);
  }

  /** Registers a subscriber and sends it the current view at once. Returns the unsubscribe. */
  async subscribe(p: Principal, sub: Subscriber): Promise<() => void> {
    const live = await this.fresh(p.gameId);
    let set = this.subscribers.get(p.gameId);
    if (!set) this.subscribers.set(p.gameId, (set = new Set()));
    set.add(sub);
    sub.send(this.message(live, p.role));
    sub.version = live.state.seq;
    if (sub.seat) this.broadcast(live, sub);
    this.driveAi(live);
    return () => {
      set.delete(sub);
      if (!set.size) this.subscribers.delete(p.gameId);
      if (sub.seat && this.live.has(p.gameId)) this.broadcast(live);
    };
  }

  /**
   * Sends each subscriber what changed since the version it holds: a patch when it holds the
   * role's previous view and the patch is smaller, else the whole view.
   */
  private broadcast(live: Live, except?: Subscriber, rewound = false): void {
    const subs = this.subscribers.get(live.row.id);
    if (!subs?.size) return;
    const summary = this.summary(live);
    const byRole = new Map<string, { update: ReturnType<Live['views']['update']>; whole?: ViewMessage }>();
    for (const sub of subs) {
      if (sub === except) continue;
      let u = byRole.get(sub.role);
      if (!u) byRole.set(sub.role, (u = { update: live.views.update(live.state, sub.role, summary) }));
      const patch = u.update.patch && sub.version === u.update.from ? u.update.patch : null;
      try {
        const whole = () => (u.whole ??= rewound ? { ...u.update.full(), rewound: true } : u.update.full());
        sub.send(patch ?? whole());
        sub.version = u.update.version;
      } catch (e) {
        this.o.log?.(`subscriber send failed: ${(e as Error).message}`);
      }
    }
  }

  // ---------- actions ----------

  /** Checks and applies one action for the token's seat; resolves after the durable commit. */
  async submit(p: Principal, input: ActionInput): Promise<ViewMessage> {
    return (await this.act(p, input)).view;
  }

  /**
   * As submit, with an idempotency key: a retry with a key already accepted (or under way) gets
   * the first acknowledgement's version and the view as it is now, and changes nothing.
   */
  async act(p: Principal, input: ActionInput): Promise<Ack> {
    if (input.key === undefined || input.key === null) return this.check(p, input);
    if (typeof input.key !== 'string' || !KEY_SHAPE.test(input.key))
      throw badRequest('idempotency key must be 1-64 characters of A-Z, a-z, 0-9, "_" and "-"');
    const live = await this.get(p.gameId);
    const k = `${p.role}:${input.key}`;
    const first = live.acks.get(k);
    if (first) {
      const version = await first;
      return { version, view: this.message(this.live.get(p.gameId) ?? live, p.role) };
    }
    const run = this.check(p, input);
    const v = run.then((a) => a.version);
    live.acks.set(k, v);
    v.catch(() => live.acks.delete(k));
    if (live.acks.size > ACK_KEYS) live.acks.delete(live.acks.keys().next().value!);
    return run;
  }

  private async check(p: Principal, input: ActionInput): Promise<Ack> {
    if (!p.seat) throw new ApiError(403, 'forbidden', 'a spectator token cannot act: use a seat token');
    if (input.role !== undefined && input.role !== p.role) {
      throw new ApiError(
        403,
        'forbidden',
        `this token is for seat "${p.role}"; it cannot act as "${String(input.role)}"`,
      );
    }
    if (!Number.isInteger(input.version) || (input.version as number) < 0) {
      throw badRequest('"version" must be the non-negative integer version of the view the action was chosen from');
    }
    if (typeof input.action !== 'object' || input.action === null || Array.isArray(input.action)) {
      throw badRequest('"action" must be an object with a "type" string, one of the view\'s legal actions');
    }
    return this.locked(p.gameId, (live) =>
      this.applyLocked(live, p.role, input.version as number, input.action as Action),
    );
  }

  private async applyLocked(live: Live, role: string, version: number, action: Action): Promise<Ack> {
    // Several instances: a version this copy does not hold may be newer, or older after an undo elsewhere.
    if (this.o.claims && version !== live.row.version) await this.refreshLocked(live, version < live.row.version);
    const fresh = () => ({ view: this.message(live, role) });
    if (live.row.status === 'finished')
      throw new ApiError(409, 'game-over', `the game is over: ${outcomeOf(live.row)?.reason ?? ''}`.trim(), fresh());
    if (version !== live.state.seq) {
      throw new ApiError(
        409,
        'stale',
        `stale action: it was chosen at version ${version}, the game is at version ${live.state.seq}; the fresh view is attached`,
        fresh(),
      );
    }
    let next: EngineState<unknown>;
    try {
      next = live.engine.apply(live.state, role, action);
    } catch (e) {
      if (e instanceof RuleError) throw fromRuleError(e, fresh());
      throw e;
    }
    await this.persist(live, role, action, next);
    return { version: next.seq, view: this.message(live, role) };
  }

  // ---------- undo ----------

  /**
   * Online undo (issue 16 item 6): takes back the seat's own last action while nothing since its
   * turn began was irreversible: no roll, no reveal, no hand-over (the engine's undo barrier, as
   * local play's undo). One action at a time; the version names the view the undo was asked from.
   */
  async undo(p: Principal, input: { version: unknown }): Promise<Ack> {
    if (!p.seat) throw new ApiError(403, 'forbidden', 'a spectator token cannot undo: use a seat token');
    if (!Number.isInteger(input.version) || (input.version as number) < 0)
      throw badRequest('"version" must be the non-negative integer version of the view the undo was asked from');
    return this.locked(p.gameId, (live) => this.undoLocked(live, p.role, input.version as number));
  }

  private async undoLocked(live: Live, role: string, version: number): Promise<Ack> {
    if (this.o.claims && version !== live.row.version) await this.refreshLocked(live, version < live.row.version);
    const fresh = () => ({ view: this.message(live, role) });
    if (live.row.status === 'finished')
      throw new ApiError(409, 'game-over', `the game is over: ${outcomeOf(live.row)?.reason ?? ''}`.trim(), fresh());
    const s = live.state;
    if (version !== s.seq)
      throw new ApiError(
        409,
        'stale',
        `stale undo: it was asked at version ${version}, the game is at version ${s.seq}; the fresh view is attached`,
        fresh(),
      );
    const refused = (why: string) => new ApiError(409, 'undo-refused', why, fresh(), 'undo');
    if (s.seq === 0) throw refused('nothing to undo: no action has been taken');
    const last = s.actors[s.seq - 1];
    if (last !== role) throw refused(`cannot undo: the last action was ${last}'s, not ${role}'s`);
    if (s.barrier.seq >= s.seq) throw refused(`cannot undo: ${s.barrier.reason}`);
    const r = live.row;
    // No hand-over lies between (a barrier), so the turn, its start and its deadline stay as they are.
    const turn: TurnUpdate = {
      status: r.status,
      turnRole: r.turnRole,
      turnSince: r.turnSince,
      outcome: r.outcome,
      deadlineDone: r.deadlineDone,
    };
    const ok = await this.o.repo.undoActions({
      gameId: r.id,
      from: s.seq,
      to: s.seq - 1,
      at: this.o.clock.now(),
      turn,
    });
    if (!ok) {
      await this.refreshLocked(live, true);
      const reloaded = this.live.get(r.id) ?? (await this.get(r.id));
      throw new ApiError(
        409,
        'stale',
        `stale undo: the game moved on to version ${reloaded.state.seq}; the fresh view is attached`,
        { view: this.message(reloaded, role) },
      );
    }
    await this.refreshLocked(live, true);
    const now = this.live.get(r.id) ?? (await this.get(r.id));
    return { version: now.state.seq, view: { ...this.message(now, role), rewound: true } };
  }

  private async persist(live: Live, role: string, action: Action, next: Live['state']): Promise<void> {
    const now = this.o.clock.now();
    const prevTurn = live.row.turnRole;
    const turnRole = live.engine.decision(next)?.role ?? null;
    const outcome = live.engine.outcome(next);
    const handover = turnRole !== prevTurn || outcome !== null;
    const turn: TurnUpdate = {
      status: outcome ? 'finished' : 'active',
      turnRole: outcome ? null : turnRole,
      turnSince: handover ? now : live.row.turnSince,
      outcome: outcome ? JSON.stringify(outcome) : null,
      deadlineDone: handover ? 0 : live.row.deadlineDone,
    };
    const seq = next.seq;
    const hasher = live.hasher.fork();
    const snapshot = outcome !== null || (handover && seq - live.snapshotSeq >= snapshotGap(seq));
    const ok = await this.o.repo.appendAction({
      action: {
        gameId: live.row.id,
        seq,
        role,
        action: canonicalJson(action),
        at: now,
        stateHash: hasher.next(next),
      },
      turn,
      ...(snapshot ? { snapshot: { gameId: live.row.id, seq, state: JSON.stringify(next) } } : {}),
    });
    if (!ok) {
      // Another writer (another server process) got there first: catch up from the store, and push.
      await this.refreshLocked(live);
      const reloaded = this.live.get(live.row.id) ?? (await this.get(live.row.id));
      throw new ApiError(
        409,
        'stale',
        `stale action: the game moved on to version ${reloaded.state.seq}; the fresh view is attached`,
        { view: this.message(reloaded, role) },
      );
    }
    live.state = next;
    live.hasher = hasher;
    if (snapshot) live.snapshotSeq = seq;
    live.row = { ...live.row, version: seq, updatedAt: now, ...turn };
    if (turnRole !== live.autopilot) live.autopilot = null;
    this.afterCommit(live, prevTurn);
  }

  private afterCommit(live: Live, prevTurn: string | null): void {
    this.broadcast(live);
    const r = live.row;
    if (r.status === 'finished') {
      for (const s of live.seats) this.o.onTurn?.({ event: 'game-over', live, role: s.role });
    } else if (r.turnRole && r.turnRole !== prevTurn) {
      this.o.onTurn?.({ event: 'your-turn', live, role: r.turnRole });
    }
    this.driveAi(live);
  }

  // ---------- AI seats ----------

  /** Starts the AI for the seat whose turn it is, if that seat is an AI (or on autopilot). */
  driveAi(live: Live): void {
    const ai = this.o.ai;
    if (!ai || this.closed || live.aiBusy) return;
    const claims = this.o.claims;
    if (!this.aiToMove(live)) {
      if (claims) void claims.release(live.row.id).catch((e: Error) => this.o.log?.(`AI claim release: ${e.message}`));
      return;
    }
    live.aiBusy = true;
    const r = live.row;
    // Several instances: only the one holding the game's claim plays its AI seats (lease.ts).
    const claimed = claims ? claims.claim(r.id) : Promise.resolve(true);
    let role = '';
    let version = -1;
    let tried = false;
    claimed
      .then((mine) => {
        const kind = mine ? this.aiToMove(live) : null;
        if (!kind) return;
        tried = true;
        role = live.row.turnRole!;
        // The AI decides from the position, not the log: it gets the view without it (a cost that does not grow).
        const view = live.engine.view({ ...live.state, log: [] }, role) as View<unknown>;
        version = view.seq;
        return ai.choose(view, kind, `${r.id}:${r.seed.slice(0, 8)}`);
      })
      .then((action) => (action ? this.submitAs(live.row.id, role, version, action) : undefined))
      .then(() => {
        live.aiFailures = 0;
      })
      .catch((e: unknown) => {
        tried = true;
        if (!(e instanceof ApiError && e.code === 'stale')) live.aiFailures++;
        if (!this.closed) this.o.log?.(`AI for ${r.id}/${role} failed: ${(e as Error).message}`);
      })
      .finally(() => {
        live.aiBusy = false;
        // Not claimed: the instance holding the claim plays, and this one hears of its commits.
        const current = tried ? this.live.get(live.row.id) : undefined;
        if (current) this.driveAi(current);
      });
  }

  /** The AI kind to play the seat whose turn it is, if it is an AI seat (or on autopilot) and may still move. */
  private aiToMove(live: Live): string | null {
    const r = live.row;
    if (r.status !== 'active' || !r.turnRole || live.aiFailures >= MAX_CONSECUTIVE_AI_FAILURES) return null;
    if (this.pausedUnwatched(live)) return null;
    const seat = live.seats.find((s) => s.role === r.turnRole);
    return seat?.kind === 'ai' ? (seat.ai ?? 'random') : live.autopilot === r.turnRole ? 'random' : null;
  }

  /** An AI-only game that no one follows waits (limits.aiPlaysUnwatched); a subscribe resumes it. */
  private pausedUnwatched(live: Live): boolean {
    if (this.limits.aiPlaysUnwatched || live.seats.some((s) => s.kind === 'human')) return false;
    return !this.subscribers.get(live.row.id)?.size;
  }

  private submitAs(id: string, role: string, version: number, action: Action): Promise<ViewMessage> {
    if (this.closed) return Promise.reject(new ApiError(503, 'unavailable', 'server closing'));
    return this.submit({ gameId: id, role, seat: true }, { version, action });
  }

  /**
   * After a start, and (several instances) every few seconds: every game waiting on an AI seat
   * resumes, of those this instance holds or can claim (a dead instance's claims are free).
   */
  async resumeAi(): Promise<number> {
    let ids = await this.o.repo.gamesAwaitingAi();
    if (this.o.claims) ids = await this.o.claims.claimMany(ids);
    for (const id of ids) if (!this.live.get(id)?.aiBusy) this.driveAi(await this.fresh(id));
    return ids.length;
  }

  // ---------- deadlines ----------

  /** Handles every overdue turn: a reminder, or the server plays the absent seat until the turn passes. */
  async tick(): Promise<number> {
    const due = await this.o.repo.overdue(this.o.clock.now());
    for (const row of due) {
      await this.locked(row.id, async (live) => {
        if (live.row.version !== row.version || live.row.deadlineDone) return;
        // Every instance ticks; the one whose update marks the deadline handles it.
        if (!(await this.o.repo.markDeadlineDone(row.id, row.version))) return;
        live.row = { ...live.row, deadlineDone: 1 };
        const role = live.row.turnRole!;
        this.o.onTurn?.({ event: 'deadline', live, role });
        if (live.row.deadlinePolicy === 'ai') {
          live.autopilot = role;
          queueMicrotask(() => this.driveAi(live));
        }
      });
    }
    return due.length;
  }

  // ---------- records ----------

  async setWebhook(p: Principal, url: unknown): Promise<void> {
    if (!p.seat) throw new ApiError(403, 'forbidden', 'a spectator token has no seat to notify');
    if (url !== null) {
      checkWebhook(url);
      await checkWebhookTarget(url as string, this.limits.allowPrivateWebhooks);
    }
    await this.locked(p.gameId, async (live) => {
      await this.o.repo.setWebhook(p.gameId, p.role, url as string | null);
      live.seats = live.seats.map((s) => (s.role === p.role ? { ...s, webhook: url as string | null } : s));
    });
  }

  /**
   * The seat's email address for "your turn", deadline and game-over messages (null: none). The
   * token is the one the request came with: it is sealed and stored for the invite link.
   */
  async setEmail(p: Principal, token: string, email: unknown): Promise<void> {
    if (!p.seat) throw new ApiError(403, 'forbidden', 'a spectator token has no seat to notify');
    const cols = this.emailColumns(email === null ? undefined : email, token);
    await this.locked(p.gameId, async (live) => {
      await this.o.repo.setEmail(p.gameId, p.role, cols.email, cols.invite);
      live.seats = live.seats.map((s) => (s.role === p.role ? { ...s, ...cols } : s));
    });
  }

  /** The stored email columns: the checked address and the sealed token (refused when email is off). */
  private emailColumns(email: unknown, token: string | null): { email: string | null; invite: string | null } {
    if (email === undefined) return { email: null, invite: null };
    const seal = this.emailOn();
    return { email: checkEmail(email), invite: token ? seal(token) : null };
  }

  private emailOn(): (token: string) => string {
    if (!this.o.sealInvite)
      throw badRequest('email notifications are off on this server (it has no SMTP_URL): use a webhook');
    return this.o.sealInvite;
  }

  /** The full record (seed included, so it reveals every hidden thing): only once the game is over. */
  async record(p: Principal): Promise<GameRecord> {
    const live = await this.get(p.gameId);
    if (live.row.status !== 'finished') {
      throw new ApiError(
        409,
        'not-finished',
        'the record is exported when the game is over: its seed and log reveal hidden information and future dice',
      );
    }
    return recordOf(live.row, await this.o.repo.actions(p.gameId));
  }

  /**
   * Replays the stored log from scratch under the rules as they are now and reports the first
   * divergence (replay.ts: cached per version, one at a time, off the event loop).
   */
  async replayCheck(gameId: string): Promise<Divergence> {
    const row = await this.o.repo.getGame(gameId);
    if (!row) throw new ApiError(404, 'not-found', `no game "${gameId}"`);
    const engine = engineFor(this.o.catalog, row.game);
    return this.replays.check(engine, row, () => this.o.repo.actions(gameId));
  }

  /**
   * Revokes a seat's token and issues a new one (a leaked invite link): the old token stops
   * working at once, and sockets that followed the game with it are unsubscribed.
   */
  async reissueToken(p: Principal, oldToken: string): Promise<{ role: string; token: string }> {
    if (!p.seat) throw new ApiError(403, 'forbidden', 'only a seat token can be reissued, not a spectator token');
    const token = newToken();
    const oldHash = hashToken(oldToken);
    await this.locked(p.gameId, async (live) => {
      await this.o.repo.setSeatToken(p.gameId, p.role, hashToken(token));
      // the invite link in this seat's emails carries the new token, never the revoked one
      const email = live.seats.find((s) => s.role === p.role)?.email ?? null;
      const invite = email && this.o.sealInvite ? this.o.sealInvite(token) : null;
      if (email) await this.o.repo.setEmail(p.gameId, p.role, email, invite);
      live.seats = live.seats.map((s) =>
        s.role === p.role ? { ...s, tokenHash: hashToken(token), ...(email ? { invite } : {}) } : s,
      );
    });
    this.principals.delete(oldHash);
    for (const sub of [...(this.subscribers.get(p.gameId) ?? [])]) if (sub.tokenHash === oldHash) sub.revoked?.();
    return { role: p.role, token };
  }

  /**
   * Removes games never played (no action) older than limits.removeUnplayedAfterMs, and
   * unfinished games with no action for limits.removeAbandonedAfterMs. Finished games are kept.
   * Games someone follows right now are spared. Returns how many were removed.
   */
  async sweep(): Promise<number> {
    const now = this.o.clock.now();
    const { removeUnplayedAfterMs: unplayed, removeAbandonedAfterMs: abandoned } = this.limits;
    const never = Number.MIN_SAFE_INTEGER;
    const ids = await this.o.repo.prunable(unplayed ? now - unplayed : never, abandoned ? now - abandoned : never, 500);
    let n = 0;
    for (const id of ids) {
      if (this.subscribers.get(id)?.size || this.writing.has(id)) continue;
      await this.o.repo.deleteGame(id);
      this.live.delete(id);
      n++;
    }
    if (n) for (const [h, p] of this.principals) if (ids.includes(p.gameId)) this.principals.delete(h);
    return n;
  }

  /** Games for the tokens a browser holds (unknown tokens are listed apart). */
  async lobby(tokens: unknown): Promise<LobbyReply> {
    if (!Array.isArray(tokens) || tokens.length > 200)
      throw badRequest('"tokens" must be an array of at most 200 seat or spectator tokens');
    const games = [];
    const unknown: string[] = [];
    for (const t of tokens) {
      let p: Principal;
      try {
        p = await this.authenticate(t);
      } catch {
        unknown.push(String(t).slice(0, 128));
        continue;
      }
      const live = await this.get(p.gameId);
      games.push({
        ...this.summary(live),
        role: p.role,
        token: t as string,
        yourTurn: p.seat && live.row.turnRole === p.role,
      });
    }
    games.sort((a, b) => Number(b.yourTurn) - Number(a.yourTurn) || b.updatedAt - a.updatedAt);
    return { games, unknown };
  }

  /** Stops driving AI seats and waits for every in-flight write to finish. */
  async close(): Promise<void> {
    this.closed = true;
    await Promise.all([...this.live.values()].map((l) => l.lock));
    await this.replays.close();
  }
}

function checkWebhook(url: unknown): void {
  let u: URL;
  try {
    u = new URL(String(url));
  } catch {
    throw badRequest(`webhook must be an absolute http(s) URL, got ${JSON.stringify(url)}`);
  }
  if (typeof url !== 'string' || url.length > 2000 || (u.protocol !== 'http:' && u.protocol !== 'https:')) {
    throw badRequest('webhook must be an absolute http(s) URL of at most 2000 characters');
  }
}
