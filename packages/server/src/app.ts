/**
 * The HTTP API (Fastify) and WebSocket endpoint over one GameService. Every route that touches
 * a game takes a seat or spectator token as "Authorization: Bearer <token>".
 *
 *   GET  /api/health                      {ok, store}
 *   GET  /api/catalog                     games, roles, scenarios, rule options, AI kinds
 *   POST /api/games                       create: {game, scenario?, options?, seats:{role:{kind,ai?,name?,webhook?,email?}}, deadline?}
 *   POST /api/lobby                       {tokens:[...]} -> the games those tokens hold
 *   GET  /api/games/:id                   the token's role's view message
 *   POST /api/games/:id/actions           {version, action, role?} -> the new view message
 *   PUT  /api/games/:id/webhook           {url | null}
 *   PUT  /api/games/:id/email             {email | null} (servers with SMTP_URL); seen by no other seat
 *   GET  /api/games/:id/record            the full record, once the game is over
 *   GET  /api/games/:id/replay-check      replays the log under the current rules, reports divergence
 *   GET  /api/ws                          WebSocket (see ws.ts)
 */
import { existsSync } from 'node:fs';
import { resolve } from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply, type FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import { ApiError } from './errors.ts';
import { Notifier } from './notify.ts';
import { clusterFor } from './cluster.ts';
import { Mailer, type MailerOptions } from './email.ts';
import { GameService, type CreateGameInput } from './service.ts';
import { createWsHub } from './ws.ts';
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
  const notifier = new Notifier({ clock, log, ...o.webhook });
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
    log,
    claims: cluster?.claims,
    sealInvite: mailer?.sealInvite,
  });
  await cluster?.start(service);
  const app = Fastify({ bodyLimit: MAX_BODY_BYTES, logger: false });
  const ws = createWsHub(service, log);
  app.server.on('upgrade', ws.handleUpgrade);

  app.setErrorHandler((err: Error & { statusCode?: number; code?: string }, _req, reply) => {
    if (err instanceof ApiError) return reply.status(err.status).send(err.body());
    const status = err.statusCode ?? 500;
    if (status >= 500) log(`500: ${err.stack ?? err.message}`);
    const code = status === 413 ? 'too-large' : status < 500 ? 'malformed' : 'unavailable';
    const message =
      status === 413
        ? `request body too large: at most ${MAX_BODY_BYTES} bytes`
        : status < 500
          ? err.message
          : 'internal error';
    return reply.status(status).send({ error: { code, message } });
  });

  async function principalFor(req: FastifyRequest<{ Params: { id: string } }>): Promise<Principal> {
    const p = await service.authenticate(bearer(req));
    if (p.gameId !== req.params.id)
      throw new ApiError(403, 'forbidden', `this token belongs to another game, not "${req.params.id}"`);
    return p;
  }

  registerRoutes(app, service, principalFor, o);
  if (o.staticDir && existsSync(o.staticDir)) await serveStatic(app, resolve(o.staticDir));
  else
    app.setNotFoundHandler((req, reply) =>
      reply.status(404).send({ error: { code: 'not-found', message: `no route ${req.method} ${req.url}` } }),
    );

  const timer = o.tickMs
    ? setInterval(() => void service.tick().catch((e: Error) => log(`tick: ${e.message}`)), o.tickMs)
    : null;
  timer?.unref();

  return {
    app,
    service,
    notifier,
    mailer,
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

function registerRoutes(
  app: FastifyInstance,
  service: GameService,
  principalFor: (req: ById) => Promise<Principal>,
  o: ServerOptions,
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
    const created = await service.create({ ...b, deadline: deadlineOf(b.deadline) } as CreateGameInput);
    return reply.status(201).send(created);
  });

  app.post('/api/lobby', async (req) => service.lobby(body(req).tokens));

  app.get('/api/games/:id', async (req: ById) => service.viewFor(await principalFor(req)));

  app.post('/api/games/:id/actions', async (req: ById) => {
    const p = await principalFor(req);
    const b = body(req);
    return service.submit(p, { version: b.version, action: b.action, role: b.role });
  });

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

  app.get('/api/games/:id/replay-check', async (req: ById) => service.replayCheck((await principalFor(req)).gameId));
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
  await app.register(fastifyStatic, { root, prefix: '/' });
  app.setNotFoundHandler((req, reply) => {
    if (req.method === 'GET' && !req.url.startsWith('/api/')) return reply.sendFile('index.html');
    return reply.status(404).send({ error: { code: 'not-found', message: `no route ${req.method} ${req.url}` } });
  });
}
