/**
 * The WebSocket endpoint (/api/ws). One socket may follow several games. Client messages:
 *   {type:"subscribe", token}                        -> a "view" now, then a "patch" or "view" after every change
 *   {type:"unsubscribe", gameId}
 *   {type:"action", id?, token, version, action, key?} -> {type:"ack", id, gameId, version, view?} or {type:"refused", id, status, error, view?}
 *   {type:"ping"}                                    -> {type:"pong"}
 * Each subscriber gets only its own role's view, and after a change only what changed since the
 * version it holds (delta.ts). An ack leaves the view out when this socket follows the game as
 * the acting role: the patch it was pushed came first. A refusal changes nothing.
 *
 * Limits (limits.ts): sockets per IP and in all (429 / 503 with Retry-After on the upgrade),
 * games per socket, messages per socket per minute, the message size and nesting depth, and a
 * heartbeat: a socket that has not answered the previous ping is closed. Messages are
 * compressed (permessage-deflate) when the client offers it.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { ApiError } from './errors.ts';
import { checkDepth, type Limits } from './limits.ts';
import type { GameService, Subscriber } from './service.ts';
import { hashToken, isTokenShape } from './tokens.ts';

type ClientMessage = {
  type?: unknown;
  token?: unknown;
  gameId?: unknown;
  id?: unknown;
  version?: unknown;
  action?: unknown;
  role?: unknown;
  key?: unknown;
};

export interface WsHubOptions {
  limits: Limits;
  log: (m: string) => void;
  /** The client's address for an upgrade request (X-Forwarded-For only when trusted). */
  ipOf: (req: IncomingMessage) => string;
  /** Actions per token: throws a 429 ApiError when over (shared with HTTP). */
  limitAction: (tokenHash: string) => Promise<void>;
  /** Messages per socket: throws a 429 ApiError when over. */
  limitMessages: (socketKey: string) => Promise<void>;
}

export function createWsHub(service: GameService, o: WsHubOptions) {
  const L = o.limits;
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: L.bodyBytes,
    perMessageDeflate: { threshold: 512, serverMaxWindowBits: 13, zlibDeflateOptions: { level: 6, memLevel: 6 } },
  });
  const perIp = new Map<string, number>();
  const alive = new WeakMap<WebSocket, boolean>();
  let nextSocket = 1;

  const heartbeat = L.wsHeartbeatMs
    ? setInterval(() => {
        for (const ws of wss.clients) {
          if (alive.get(ws) === false) {
            ws.terminate();
            continue;
          }
          alive.set(ws, false);
          ws.ping();
        }
      }, L.wsHeartbeatMs)
    : null;
  heartbeat?.unref();

  function reject(socket: Duplex, status: string, retryAfter: number, message: string): void {
    const body = JSON.stringify({
      error: { code: status.startsWith('429') ? 'rate-limited' : 'unavailable', message },
    });
    socket.end(
      `HTTP/1.1 ${status}\r\nRetry-After: ${retryAfter}\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`,
    );
  }

  function handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    if (new URL(req.url ?? '/', 'http://x').pathname !== '/api/ws') {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
      return;
    }
    const ip = o.ipOf(req);
    if (wss.clients.size >= L.socketsTotal) {
      reject(socket, '503 Service Unavailable', 30, `the server holds its limit of ${L.socketsTotal} sockets`);
      return;
    }
    if ((perIp.get(ip) ?? 0) >= L.socketsPerIp) {
      reject(socket, '429 Too Many Requests', 30, `at most ${L.socketsPerIp} sockets from one address`);
      return;
    }
    perIp.set(ip, (perIp.get(ip) ?? 0) + 1);
    let counted = true;
    const release = () => {
      if (!counted) return;
      counted = false;
      const n = (perIp.get(ip) ?? 1) - 1;
      if (n) perIp.set(ip, n);
      else perIp.delete(ip);
    };
    socket.once('close', release);
    wss.handleUpgrade(req, socket, head, (ws) => {
      ws.once('close', release);
      connection(ws);
    });
  }

  function connection(ws: WebSocket): void {
    const socketKey = `ws:${nextSocket++}`;
    alive.set(ws, true);
    ws.on('pong', () => alive.set(ws, true));
    const subs = new Map<string, { off: () => void; role: string }>();
    const send = (m: unknown) => {
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(m));
    };
    const refuse = (id: unknown, e: unknown) => {
      const err = e instanceof ApiError ? e : new ApiError(500, 'unavailable', 'internal error');
      if (!(e instanceof ApiError)) o.log(`ws: ${(e as Error).stack ?? String(e)}`);
      send({ type: 'refused', id: id ?? null, status: err.status, ...err.body() });
    };
    ws.on('message', (data, isBinary) => {
      let m: ClientMessage;
      try {
        if (isBinary) throw new Error('binary');
        m = JSON.parse(String(data)) as ClientMessage;
        if (typeof m !== 'object' || m === null || Array.isArray(m)) throw new Error('not an object');
      } catch {
        refuse(
          null,
          new ApiError(
            400,
            'malformed',
            'a message is one JSON object with a "type" (subscribe, unsubscribe, action, ping)',
          ),
        );
        return;
      }
      const run = async () => {
        checkDepth(m, L.jsonDepth, 'the message');
        await o.limitMessages(socketKey);
        await handle(m);
      };
      run().catch((e: unknown) => refuse(m.id, e));
    });
    ws.on('close', () => {
      for (const s of subs.values()) s.off();
      subs.clear();
    });
    ws.on('error', () => ws.terminate());

    async function handle(m: ClientMessage): Promise<void> {
      switch (m.type) {
        case 'ping':
          send({ type: 'pong' });
          return;
        case 'subscribe': {
          const p = await service.authenticate(m.token);
          if (!subs.has(p.gameId) && subs.size >= L.subscriptionsPerSocket) {
            throw new ApiError(
              400,
              'malformed',
              `at most ${L.subscriptionsPerSocket} games per socket: unsubscribe from one first`,
            );
          }
          subs.get(p.gameId)?.off();
          subs.set(p.gameId, { off: () => undefined, role: p.role });
          const sub: Subscriber = {
            role: p.role,
            seat: p.seat,
            tokenHash: hashToken(m.token as string),
            send,
            revoked: () => {
              subs.get(p.gameId)?.off();
              subs.delete(p.gameId);
              refuse(
                null,
                new ApiError(401, 'unauthorized', `the token for ${p.gameId} was revoked`, { gameId: p.gameId }),
              );
            },
          };
          const off = await service.subscribe(p, sub);
          if (ws.readyState !== ws.OPEN) off();
          else subs.set(p.gameId, { off, role: p.role });
          return;
        }
        case 'unsubscribe':
          if (typeof m.gameId === 'string') {
            subs.get(m.gameId)?.off();
            subs.delete(m.gameId);
          }
          return;
        case 'action': {
          const p = await service.authenticate(m.token);
          if (p.seat && isTokenShape(m.token)) await o.limitAction(hashToken(m.token));
          const ack = await service.act(p, { version: m.version, action: m.action, role: m.role, key: m.key });
          const pushed = subs.get(p.gameId)?.role === p.role;
          send({
            type: 'ack',
            id: m.id ?? null,
            gameId: p.gameId,
            version: ack.version,
            ...(pushed ? {} : { view: ack.view }),
          });
          return;
        }
        default:
          throw new ApiError(
            400,
            'malformed',
            `unknown message type ${JSON.stringify(m.type)}; types: subscribe, unsubscribe, action, ping`,
          );
      }
    }
  }

  return {
    handleUpgrade,
    /** Open sockets (tests and figures). */
    get sockets() {
      return wss.clients.size;
    },
    close: () => {
      if (heartbeat) clearInterval(heartbeat);
      for (const c of wss.clients) c.terminate();
      wss.close();
    },
  };
}
