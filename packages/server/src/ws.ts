/**
 * The WebSocket endpoint (/api/ws). One socket may follow several games. Client messages:
 *   {type:"subscribe", token}                        -> a "view" now and after every change
 *   {type:"unsubscribe", gameId}
 *   {type:"action", id?, token, version, action}     -> {type:"ack", id, version, view} or {type:"refused", id, status, error, view?}
 *   {type:"ping"}                                    -> {type:"pong"}
 * Each subscriber gets only its own role's view; a refusal changes nothing.
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer, type WebSocket } from 'ws';
import { ApiError } from './errors.ts';
import type { GameService } from './service.ts';

export const MAX_MESSAGE_BYTES = 64 * 1024;
export const MAX_SUBSCRIPTIONS = 100;

type ClientMessage = {
  type?: unknown;
  token?: unknown;
  gameId?: unknown;
  id?: unknown;
  version?: unknown;
  action?: unknown;
  role?: unknown;
};

export function createWsHub(service: GameService, log: (m: string) => void) {
  const wss = new WebSocketServer({ noServer: true, maxPayload: MAX_MESSAGE_BYTES });

  function handleUpgrade(req: IncomingMessage, socket: Duplex, head: Buffer): void {
    if (new URL(req.url ?? '/', 'http://x').pathname !== '/api/ws') {
      socket.end('HTTP/1.1 404 Not Found\r\nConnection: close\r\n\r\n');
      return;
    }
    wss.handleUpgrade(req, socket, head, (ws) => connection(ws));
  }

  function connection(ws: WebSocket): void {
    const subs = new Map<string, () => void>();
    const send = (m: unknown) => {
      if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(m));
    };
    const refuse = (id: unknown, e: unknown) => {
      const err = e instanceof ApiError ? e : new ApiError(500, 'unavailable', 'internal error');
      if (!(e instanceof ApiError)) log(`ws: ${(e as Error).stack ?? String(e)}`);
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
      handle(m).catch((e: unknown) => refuse(m.id, e));
    });
    ws.on('close', () => {
      for (const off of subs.values()) off();
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
          if (!subs.has(p.gameId) && subs.size >= MAX_SUBSCRIPTIONS) {
            throw new ApiError(
              400,
              'malformed',
              `at most ${MAX_SUBSCRIPTIONS} games per socket: unsubscribe from one first`,
            );
          }
          subs.get(p.gameId)?.();
          subs.set(p.gameId, () => undefined);
          const off = await service.subscribe(p, { role: p.role, seat: p.seat, send });
          if (ws.readyState !== ws.OPEN) off();
          else subs.set(p.gameId, off);
          return;
        }
        case 'unsubscribe':
          if (typeof m.gameId === 'string') {
            subs.get(m.gameId)?.();
            subs.delete(m.gameId);
          }
          return;
        case 'action': {
          const p = await service.authenticate(m.token);
          const msg = await service.submit(p, { version: m.version, action: m.action, role: m.role });
          send({ type: 'ack', id: m.id ?? null, gameId: p.gameId, version: msg.version, view: msg });
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
    close: () => {
      for (const c of wss.clients) c.terminate();
      wss.close();
    },
  };
}
