/**
 * The HTTP API (Fastify) and WebSocket endpoint over one GameService. Every route that touches
 * a game takes a seat or spectator token as "Authorization: Bearer <token>".
 *
 *   GET  /api/health                      {ok, store}
 *   GET  /api/catalog                     games, roles, scenarios, rule options, AI kinds
 *   POST /api/games                       create: {game, scenario?, options?, seats:{role:{kind,ai?,name?,webhook?,email?}}, deadline?}
 *   POST /api/lobby                       {tokens:[...]} -> the games those tokens hold
 *   GET  /api/games/:id                   the token's role's view message
 *   POST /api/games/:id/actions           {version, action, role?, key?} -> the new view message
 *   POST /api/games/:id/undo              {version} -> takes back the seat's own last action (409 undo-refused
 *                                         after a roll, a reveal or a hand-over); the view message
 *   PUT  /api/games/:id/webhook           {url | null}
 *   PUT  /api/games/:id/email             {email | null} (servers with SMTP_URL); seen by no other seat
 *   POST /api/games/:id/token             revokes this seat token, answers {role, token} with a new one
 *   GET  /api/games/:id/record            the full record, once the game is over
 *   GET  /api/games/:id/replay-check      (seat tokens) replays the log under the current rules, reports divergence
 *   GET  /api/games/:id/views/:version    the token's role's view after `version` actions (view-history.ts)
 *   GET  /api/ws                          WebSocket (see ws.ts)
 *
 * Limits (limits.ts) answer 429 with Retry-After; security headers and webhook checks are in
 * security.ts; replies are compressed (@fastify/compress) when the client accepts it.
 */
import { existsSync } from 'node:fs';
import type { IncomingMessage } from 'node:http';
import { resolve } from 'node:path';
import { constants as zlib } from 'node:zlib';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { ApiError } from './errors.ts';
import { checkDepth, clientIp, isLoopback, keyedLimiter, limitsFromEnv, type Limits } from './limits.ts';
import type { CatalogModule } from './replay.ts';
import { registerSecurityHeaders } from './security.ts';
import { hashToken } from './tokens.ts';
import { Notifier } from './notify.ts';
import { clusterFor } from './cluster.ts';
import { Mailer, type MailerOptions } from './email.ts';
import { GameService, type CreateGameInput } from './service.ts';
import { createWsHub } from './ws.ts';
import { registerViewHistory } from './view-history.ts';
import type { Repository } from './db/types.ts';
import { AI_KINDS, systemClock, type AiRunner, type Clock, type GameCatalog, type Principal } from './types.ts';

export const MAX_BODY_BYTES = 64 * 1024;

export interface ServerOptions {
  repo: Repository;
  catalog: GameCatalog;
  clock?: Clock;
  ai?: AiRunner;
  /** Directory served at / (the web client's build), with index.html for unknown paths. */
  staticDir?: string | undefined;
  seed?: () => string;
  /** Deadline check period, ms (0 = never; tests call service.tick()). */
  tickMs?: number;
  webhook?: { tries?: number; timeoutMs?: number; backoffMs?: number };
  /** Limits over the defaults (limits.ts); main.ts reads them from SANDTABLE_* variables. */
  limits?: Partial<Limits>;
  /** Where the catalog comes from, so replay-checks run in a worker thread (replay.ts). */
  catalogModules?: CatalogModule[];
  /** Games kept in memory. */
  cacheSize?: number;
  log?: (msg: string) => void;
  /** PostgreSQL with several instances: how often to look for AI seats whose instance died, ms. */
  aiScanMs?: number;
  /** PostgreSQL: the first delay before the commit bus reconnects after losing its connection, ms (default 100). */
  busRetryMs?: number;
  /** Email notifications (SMTP_URL): see email.ts. */
  email?: Omit<MailerOptions, 'publicUrl' | 'log'> & { publicUrl?: string };
}

export interface SandtableServer {
  app: FastifyInstance;
  service: GameService;
  notifier: Notifier;
  mailer: Mailer | null;
  limits: Limits;
  /** Open WebSockets. */
  readonly sockets: number;
  /** Listens on host:port (port 0 = any free port); resolves to the base URL. */
  listen(port: number, host?: string): Promise<string>;
  close(): Promise<void>;
}

function bearer(req: FastifyRequest): string | undefined {
  const h = req.headers.authorization;
  return h?.startsWith('Bearer ') ? h.slice(7).trim() : undefined;
}

export async function createServer(o: ServerOptions): Promise<SandtableServer> {
  const clock = o.clock ?? systemClock;
  const log = o.log ?? (() => undefined);
  const limits: Limits = { ...limitsFromEnv({}), ...o.limits };
  const notifier = new Notifier({ clock, log, allowPrivate: limits.allowPrivateWebhooks, ...o.webhook });
  let baseUrl = '';
  const mailer = o.email ? new Mailer({ ...o.email, publicUrl: () => o.email?.publicUrl ?? baseUrl, log }) : null;
  const cluster = clusterFor(o.repo, { aiScanMs: o.aiScanMs, busRetryMs: o.busRetryMs, log });
  const service = new GameService({
    repo: o.repo,
    catalog: o.catalog,
    clock,
    ai: o.ai,
    seed: o.seed,
    onTurn: mailer
      ? (e) => {
          notifier.onTurn(e);
          mailer.onTurn(e);
        }
      : notifier.onTurn,
    limits,
    catalogModules: o.catalogModules,
    cacheSize: o.cacheSize,
    log,
    claims: cluster?.claims,
    sealInvite: mailer?.sealInvite,
  });
  await cluster?.start(service);
  const app = Fastify({
    bodyLimit: limits.bodyBytes,
    logger: false,
    // The nearest `trustProxyHops` proxies are trusted to append the client's address.
    trustProxy: limits.trustProxyHops ? (_addr: string, hop: number) => hop < limits.trustProxyHops : false,
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.idleTimeoutMs,
    connectionTimeout: limits.requestTimeoutMs,
    http: {
      headersTimeout: limits.headersTimeoutMs,
      // How often Node looks for requests past their header or request timeout.
      connectionsCheckingInterval: Math.max(50, Math.min(1000, limits.headersTimeoutMs / 2)),
    },
  });

  app.setErrorHandler((err: Error & { statusCode?: number; code?: string }, _req, reply) => {
    if (err instanceof ApiError) {
      if (typeof err.extra.retryAfter === 'number') reply.header('retry-after', String(err.extra.retryAfter));
      return reply.status(err.status).send(err.body());
    }
    const status = err.statusCode ?? 500;
    if (status >= 500) log(`500: ${err.stack ?? err.message}`);
    const code = status === 413 ? 'too-large' : status < 500 ? 'malformed' : 'unavailable';
    const message =
      status === 413
        ? `request body too large: at most ${limits.bodyBytes} bytes`
        : status < 500
          ? err.message
          : 'internal error';
    return reply.status(status).send({ error: { code, message } });
  });

  await registerSecurityHeaders(app);
  await app.register(compress, {
    globalDecompression: false,
    brotliOptions: { params: { [zlib.BROTLI_PARAM_QUALITY]: 4 } },
  });
  await app.register(rateLimit, {
    global: true,
    max: limits.requestsPerIpPerMinute,
    timeWindow: 60_000,
    errorResponseBuilder: (_req, ctx) =>
      new ApiError(
        429,
        'rate-limited',
        `too many requests from one address: at most ${ctx.max} a minute; retry in ${ctx.after}`,
        {
          retryAfter: Math.max(1, Math.ceil(ctx.ttl / 1000)),
        },
      ),
  });
  const limitCreate = keyedLimiter(app, limits.createPerIpPerMinute, 60_000, 'games created from one address');
  const limitAction = keyedLimiter(app, limits.actionsPerTokenPerMinute, 60_000, 'actions by one seat');
  const limitMessages = keyedLimiter(app, limits.messagesPerSocketPerMinute, 60_000, 'messages on one socket');
  // Every JSON body: nesting deeper than the limit is a 400 before anything walks it.
  app.addHook('preValidation', async (req) => {
    if (req.body !== undefined) checkDepth(req.body, limits.jsonDepth);
  });

  const ipOf = (req: IncomingMessage): string =>
    clientIp(req.socket.remoteAddress, req.headers['x-forwarded-for'], limits.trustProxyHops);
  const ws = createWsHub(service, {
    limits,
    log,
    ipOf,
    limitAction: (h) => limitAction(`tok:${h}`),
    limitMessages,
  });
  app.server.on('upgrade', ws.handleUpgrade);

  async function principalFor(req: FastifyRequest<{ Params: { id: string } }>): Promise<Principal> {
    const p = await service.authenticate(bearer(req));
    if (p.gameId !== req.params.id)
      throw new ApiError(403, 'forbidden', `this token belongs to another game, not "${req.params.id}"`);
    return p;
  }

  registerRoutes(app, service, principalFor, o, {
    limits,
    limitCreate: (req) => limitCreate(`ip:${req.ip}`),
    limitAction: (req) => limitAction(`tok:${hashToken(bearer(req) ?? '')}`),
  });
  registerViewHistory(app, o.repo, o.catalog, principalFor);
  if (o.staticDir && existsSync(o.staticDir)) await serveStatic(app, resolve(o.staticDir));
  else
    app.setNotFoundHandler((req, reply) =>
      reply.status(404).send({ error: { code: 'not-found', message: `no route ${req.method} ${req.url}` } }),
    );

  const timer = o.tickMs
    ? setInterval(() => void service.tick().catch((e: Error) => log(`tick: ${e.message}`)), o.tickMs)
    : null;
  timer?.unref();
  const sweeper = limits.sweepEveryMs
    ? setInterval(
        () =>
          void service
            .sweep()
            .then((n) => n && log(`removed ${n} unplayed or abandoned games`))
            .catch((e: Error) => log(`sweep: ${e.message}`)),
        limits.sweepEveryMs,
      )
    : null;
  sweeper?.unref();

  return {
    app,
    service,
    notifier,
    mailer,
    limits,
    get sockets() {
      return ws.sockets;
    },
    async listen(port, host = '127.0.0.1') {
      await app.listen({ port, host });
      const addr = app.server.address();
      const p = typeof addr === 'object' && addr ? addr.port : port;
      await service.resumeAi();
      baseUrl = `http://${host.includes(':') ? `[${host}]` : host}:${p}`;
      return baseUrl;
    },
    async close() {
      if (timer) clearInterval(timer);
      if (sweeper) clearInterval(sweeper);
      await service.close();
      ws.close();
      await app.close();
      await cluster?.close();
      mailer?.close();
      await o.ai?.close();
    },
  };
}

type ById = FastifyRequest<{ Params: { id: string } }>;

function body(req: FastifyRequest): Record<string, unknown> {
  const b = req.body;
  if (typeof b !== 'object' || b === null || Array.isArray(b))
    throw new ApiError(400, 'malformed', 'the request body must be a JSON object');
  return b as Record<string, unknown>;
}

interface Guards {
  limits: Limits;
  limitCreate: (req: FastifyRequest) => Promise<void>;
  limitAction: (req: FastifyRequest) => Promise<void>;
}

function registerRoutes(
  app: FastifyInstance,
  service: GameService,
  principalFor: (req: ById) => Promise<Principal>,
  o: ServerOptions,
  g: Guards,
): void {
  app.get('/api/health', async () => ({ ok: true, store: o.repo.kind }));

  app.get('/api/catalog', async () => ({
    games: Object.entries(o.catalog).map(([id, { game }]) => ({
      id,
      title: game.rules.title,
      roles: game.rules.roles,
      scenarios: game.rules.scenarios,
      options: game.rules.options,
    })),
    ai: AI_KINDS,
  }));

  app.post('/api/games', async (req, reply: FastifyReply) => {
    const b = body(req);
    if (typeof b.game !== 'string') throw new ApiError(400, 'malformed', '"game" must be a game id from /api/catalog');
    if (b.scenario !== undefined && typeof b.scenario !== 'string')
      throw new ApiError(400, 'malformed', '"scenario" must be a string');
    if (b.options !== undefined && (typeof b.options !== 'object' || b.options === null || Array.isArray(b.options))) {
      throw new ApiError(400, 'malformed', '"options" must be an object of rule options');
    }
    const seats = b.seats && typeof b.seats === 'object' ? Object.values(b.seats as object) : [];
    if (!g.limits.allowAiGames && seats.length && seats.every((s) => s?.kind === 'ai') && !isLoopback(req.ip)) {
      throw new ApiError(
        403,
        'forbidden',
        'games with no human seat may be created from the server machine only (operators: SANDTABLE_ALLOW_AI_GAMES=true)',
      );
    }
    await g.limitCreate(req);
    const created = await service.create({ ...b, deadline: deadlineOf(b.deadline) } as CreateGameInput);
    return reply.status(201).send(created);
  });

  app.post('/api/lobby', async (req) => service.lobby(body(req).tokens));

  app.get('/api/games/:id', async (req: ById) => service.viewFor(await principalFor(req)));

  app.post('/api/games/:id/actions', async (req: ById, reply: FastifyReply) => {
    const p = await principalFor(req);
    const b = body(req);
    if (p.seat) await g.limitAction(req);
    const key = req.headers['idempotency-key'] ?? b.key;
    const ack = await service.act(p, { version: b.version, action: b.action, role: b.role, key });
    if (ack.version !== ack.view.version) reply.header('x-first-version', String(ack.version));
    return ack.view;
  });

  // A retry cannot undo twice: the undo names the version it was asked from, and the first one changed it.
  app.post('/api/games/:id/undo', async (req: ById) => {
    const p = await principalFor(req);
    if (p.seat) await g.limitAction(req);
    return (await service.undo(p, { version: body(req).version })).view;
  });

  app.post('/api/games/:id/token', async (req: ById) => service.reissueToken(await principalFor(req), bearer(req)!));

  app.put('/api/games/:id/webhook', async (req: ById) => {
    const p = await principalFor(req);
    const url = body(req).url ?? null;
    await service.setWebhook(p, url);
    return { ok: true, url };
  });

  app.put('/api/games/:id/email', async (req: ById) => {
    const p = await principalFor(req);
    const email = body(req).email ?? null;
    await service.setEmail(p, bearer(req)!, email);
    return { ok: true, email };
  });

  app.get('/api/games/:id/record', async (req: ById) => service.record(await principalFor(req)));

  app.get('/api/games/:id/replay-check', async (req: ById) => {
    const p = await principalFor(req);
    if (!p.seat) throw new ApiError(403, 'forbidden', 'replay-check is for seat tokens, not spectator tokens');
    return service.replayCheck(p.gameId);
  });
}

function deadlineOf(d: unknown): CreateGameInput['deadline'] {
  if (d === undefined || d === null) return undefined;
  const x = d as { ms?: unknown; policy?: unknown };
  if (
    typeof d !== 'object' ||
    !Number.isInteger(x.ms) ||
    (x.ms as number) < 60_000 ||
    (x.ms as number) > 90 * 86_400_000
  ) {
    throw new ApiError(400, 'malformed', '"deadline.ms" must be an integer between 60000 (a minute) and 90 days');
  }
  if (x.policy !== 'remind' && x.policy !== 'ai')
    throw new ApiError(400, 'malformed', '"deadline.policy" must be "remind" or "ai"');
  return { ms: x.ms as number, policy: x.policy };
}

async function serveStatic(app: FastifyInstance, root: string): Promise<void> {
  // the web build's precompressed copies (.br, .gz beside each file) for browsers that accept them
  await app.register(fastifyStatic, { root, prefix: '/', preCompressed: true });
  app.setNotFoundHandler((req, reply) => {
    if (req.method === 'GET' && !req.url.startsWith('/api/')) return reply.sendFile('index.html');
    return reply.status(404).send({ error: { code: 'not-found', message: `no route ${req.method} ${req.url}` } });
  });
}
