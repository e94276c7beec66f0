/**
 * The server's limits, each with a default for a small public server (one machine, a few hundred
 * players). Every one can be set from the environment as SANDTABLE_<NAME> (the name in
 * UPPER_SNAKE_CASE, e.g. SANDTABLE_CREATE_PER_IP_PER_MINUTE=30); the README's operations section
 * lists them. Also here: the JSON depth check and the bounds on numeric rule options.
 */
import type { OptionSpec, Options } from '@sandtable/engine';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type {} from '@fastify/rate-limit';
import { ApiError, badRequest } from './errors.ts';

export interface Limits {
  /** Games one IP address may create per minute. */
  createPerIpPerMinute: number;
  /** Actions one seat token may send per minute (HTTP and WebSocket together). */
  actionsPerTokenPerMinute: number;
  /** Any HTTP request, per IP per minute. */
  requestsPerIpPerMinute: number;
  /** Open WebSockets from one IP, and in all. */
  socketsPerIp: number;
  socketsTotal: number;
  /** Games one WebSocket may follow. */
  subscriptionsPerSocket: number;
  /** WebSocket messages one socket may send per minute. */
  messagesPerSocketPerMinute: number;
  /** Largest JSON body (HTTP) or message (WebSocket), in bytes. */
  bodyBytes: number;
  /** Deepest nesting of arrays and objects in a JSON body or message. */
  jsonDepth: number;
  /** Whole request (headers and body), ms. */
  requestTimeoutMs: number;
  /** Until the request's headers are complete, ms. */
  headersTimeoutMs: number;
  /** An idle keep-alive HTTP connection is closed after this, ms. */
  idleTimeoutMs: number;
  /** A ping every so often; a socket that has not answered the previous one is closed, ms. */
  wsHeartbeatMs: number;
  /** Games with no human seat may be created from anywhere (else only from the local machine). */
  allowAiGames: boolean;
  /** AI-only games keep playing while no one watches them (else they pause until someone subscribes). */
  aiPlaysUnwatched: boolean;
  /** Games with no action at all are removed this long after they were created, ms (0 = never). */
  removeUnplayedAfterMs: number;
  /** Unfinished games with no action for this long are removed, ms (0 = never). Finished games are kept. */
  removeAbandonedAfterMs: number;
  /** How often the removal runs, ms (0 = never). */
  sweepEveryMs: number;
  /** Largest number a numeric rule option may take when its game sets no bound. */
  maxNumericOption: number;
  /** Webhooks may point at loopback, private and link-local addresses (tests, a home network). */
  allowPrivateWebhooks: boolean;
  /**
   * Proxies in front of the server that append to X-Forwarded-For (0 = none: the socket's
   * address is the client's). Behind one load balancer, 1.
   */
  trustProxyHops: number;
}

const MINUTE = 60_000;
const DAY = 86_400_000;

export const DEFAULT_LIMITS: Readonly<Limits> = {
  createPerIpPerMinute: 10,
  actionsPerTokenPerMinute: 120,
  requestsPerIpPerMinute: 600,
  socketsPerIp: 20,
  socketsTotal: 2000,
  subscriptionsPerSocket: 50,
  messagesPerSocketPerMinute: 600,
  bodyBytes: 64 * 1024,
  jsonDepth: 32,
  requestTimeoutMs: 30_000,
  headersTimeoutMs: 10_000,
  idleTimeoutMs: 5_000,
  wsHeartbeatMs: 30_000,
  allowAiGames: false,
  aiPlaysUnwatched: false,
  removeUnplayedAfterMs: 1 * DAY,
  removeAbandonedAfterMs: 30 * DAY,
  sweepEveryMs: 10 * MINUTE,
  maxNumericOption: 1000,
  allowPrivateWebhooks: false,
  trustProxyHops: 0,
};

export function envName(key: string): string {
  return `SANDTABLE_${key.replace(/[A-Z]/g, (c) => `_${c}`).toUpperCase()}`;
}

/** Limits from SANDTABLE_* environment variables over the defaults; a bad value is an error naming it. */
export function limitsFromEnv(env: NodeJS.ProcessEnv, base: Partial<Limits> = {}): Limits {
  const out: Limits = { ...DEFAULT_LIMITS, ...base };
  for (const key of Object.keys(DEFAULT_LIMITS) as (keyof Limits)[]) {
    const raw = env[envName(key)];
    if (raw === undefined || raw === '') continue;
    if (typeof DEFAULT_LIMITS[key] === 'boolean') {
      if (!/^(1|0|true|false)$/.test(raw)) throw new Error(`${envName(key)} must be true or false, got "${raw}"`);
      (out as unknown as Record<string, unknown>)[key] = raw === '1' || raw === 'true';
    } else {
      const n = Number(raw);
      if (!Number.isFinite(n) || n < 0) throw new Error(`${envName(key)} must be a non-negative number, got "${raw}"`);
      (out as unknown as Record<string, unknown>)[key] = n;
    }
  }
  return out;
}

/** Throws a 400 if `value` nests arrays and objects deeper than `max` (checked without recursion). */
export function checkDepth(value: unknown, max: number, what = 'the JSON body'): void {
  const stack: [unknown, number][] = [[value, 1]];
  while (stack.length) {
    const [v, d] = stack.pop()!;
    if (typeof v !== 'object' || v === null) continue;
    if (d > max) throw badRequest(`${what} nests deeper than ${max} levels`);
    for (const x of Array.isArray(v) ? v : Object.values(v))
      if (typeof x === 'object' && x !== null) stack.push([x, d + 1]);
  }
}

/**
 * Numeric rule options stay within bounds: the game's own (`min`/`max` on its option, when it
 * declares them), else 0..max(maxNumericOption, 10 × the default). Numbers must be finite.
 */
export function checkOptionBounds(
  specs: readonly OptionSpec[],
  options: Options | undefined,
  maxNumeric: number,
): void {
  if (!options) return;
  for (const spec of specs) {
    const v = options[spec.key];
    if (v === undefined) continue;
    const bounded = spec as OptionSpec & { min?: number; max?: number };
    const lo = bounded.min ?? Math.min(0, typeof spec.default === 'number' ? spec.default : 0);
    const hi = bounded.max ?? Math.max(maxNumeric, typeof spec.default === 'number' ? Math.abs(spec.default) * 10 : 0);
    const nums = typeof v === 'number' ? [v] : Array.isArray(v) ? v.filter((x) => typeof x === 'number') : [];
    if (Array.isArray(v) && v.length > 1000) throw badRequest(`option "${spec.key}": at most 1000 values`);
    for (const n of nums as number[]) {
      if (!Number.isFinite(n) || n < lo || n > hi)
        throw badRequest(`option "${spec.key}" must be a number from ${lo} to ${hi}, got ${n}`);
    }
  }
}

/** Loopback: the local machine. */
export function isLoopback(ip: string | undefined): boolean {
  if (!ip) return false;
  const a = ip.startsWith('::ffff:') ? ip.slice(7) : ip;
  return a === '::1' || a.startsWith('127.');
}

/**
 * A counter of `max` per `windowMs` per key on @fastify/rate-limit's store (the plugin must be
 * registered on `app`): resolves, or throws a 429 with `retryAfter` (seconds) saying what was
 * limited. Used for game creation per IP and actions per token, over HTTP and WebSocket alike.
 */
export function keyedLimiter(
  app: FastifyInstance,
  max: number,
  windowMs: number,
  what: string,
): (key: string) => Promise<void> {
  const check = app.createRateLimit({ max, timeWindow: windowMs, keyGenerator: (req) => req.ip });
  return async (key) => {
    const r = await check({ ip: key, headers: {}, routeOptions: { config: {} } } as unknown as FastifyRequest);
    if (!r.isAllowed && r.isExceeded) {
      const retryAfter = Math.max(1, r.ttlInSeconds);
      throw new ApiError(
        429,
        'rate-limited',
        `${what}: at most ${max} per ${windowMs / 1000} s; retry in ${retryAfter} s`,
        {
          retryAfter,
        },
      );
    }
  };
}

/** The client's address: the socket's, or the one `hops` proxies back in X-Forwarded-For. */
export function clientIp(
  socketAddress: string | undefined,
  forwarded: string | string[] | undefined,
  hops: number,
): string {
  const list = (Array.isArray(forwarded) ? forwarded.join(',') : (forwarded ?? ''))
    .split(',')
    .map((x) => x.trim())
    .filter(Boolean);
  if (hops <= 0 || !list.length) return socketAddress ?? 'unknown';
  return list[Math.max(0, list.length - hops)]!;
}
