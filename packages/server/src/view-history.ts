/**
 * A seat's own view at an earlier version, for the web client's replay scrubber during play
 * (issue 16, item 6):
 *
 *   GET /api/games/:id/views/:version     {version, view}: the token's role's view after `version` actions
 *
 * The stored actions up to `version` are replayed from the start (the record is the truth); the
 * view is the same redacted view that role was sent then, so it shows nothing the role did not see.
 */
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { ApiError } from './errors.ts';
import { engineFor, recordOf } from './live.ts';
import type { Repository } from './db/types.ts';
import type { GameCatalog, Principal } from './types.ts';

type ById = FastifyRequest<{ Params: { id: string } }>;
type AtVersion = FastifyRequest<{ Params: { id: string; version: string } }>;

export function registerViewHistory(
  app: FastifyInstance,
  repo: Repository,
  catalog: GameCatalog,
  principalFor: (req: ById) => Promise<Principal>,
): void {
  app.get('/api/games/:id/views/:version', async (req: AtVersion) => {
    const p = await principalFor(req);
    const row = await repo.getGame(p.gameId);
    if (!row) throw new ApiError(404, 'not-found', `no game "${p.gameId}"`);
    const actions = await repo.actions(p.gameId);
    const n = Number(req.params.version);
    if (!Number.isInteger(n) || n < 0 || n > actions.length)
      throw new ApiError(400, 'malformed', `"version" must be a whole number from 0 to ${actions.length}`);
    const engine = engineFor(catalog, row.game);
    const state = engine.replay(recordOf(row, actions.slice(0, n)));
    return { version: n, view: engine.view(state, p.role) };
  });
}
