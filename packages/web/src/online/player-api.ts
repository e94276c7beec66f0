/**
 * A seat's own requests beyond playing (issue 16, item 6), over the client's base address and the
 * seat's token: its view at an earlier version (the replay scrubber), its webhook, and the record
 * once the game is over. Kept apart from client.ts (the live connection).
 */
import type { View } from '@sandtable/engine';
import { HttpError, type OnlineClient, type ServerError } from './client.ts';

async function call<T>(client: OnlineClient, token: string, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${client.base}${path}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const json = (await res.json().catch(() => ({}))) as { error?: ServerError };
  if (!res.ok) throw new HttpError(res.status, json.error ?? { code: 'unavailable', message: `HTTP ${res.status}` });
  return json as T;
}

const game = (id: string) => `/api/games/${encodeURIComponent(id)}`;

/** This seat's view after `version` actions. */
export function viewAt(client: OnlineClient, token: string, gameId: string, version: number): Promise<View<unknown>> {
  return call<{ view: View<unknown> }>(client, token, 'GET', `${game(gameId)}/views/${version}`).then((r) => r.view);
}

/** Sets (or, with null, removes) the address the server POSTs to when it is this seat's turn. */
export function setWebhook(client: OnlineClient, token: string, gameId: string, url: string | null): Promise<unknown> {
  return call(client, token, 'PUT', `${game(gameId)}/webhook`, { url });
}

/** The full record (only once the game is over). */
export function fetchRecord(client: OnlineClient, token: string, gameId: string): Promise<unknown> {
  return call(client, token, 'GET', `${game(gameId)}/record`);
}
