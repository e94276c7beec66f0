/**
 * Several server instances on one PostgreSQL database. Each instance:
 *  - hears every other instance's commits on the commit bus (LISTEN/NOTIFY, db/bus.ts), brings
 *    its cached copy of that game up to the committed version and pushes to its own subscribers;
 *  - checks the store's version before serving a view, so no client sees an older version than
 *    one another instance acknowledged;
 *  - plays a game's AI seats only while it holds that game's claim (lease.ts), and scans every
 *    `aiScanMs` for games waiting on an AI seat that no live instance holds (their instance died).
 * With SQLite (one process) none of this runs.
 */
import { PgBus } from './db/bus.ts';
import { PostgresRepository } from './db/postgres.ts';
import type { Repository } from './db/types.ts';
import { PgAdvisoryClaims, type AiClaims } from './lease.ts';
import type { GameService } from './service.ts';

export const DEFAULT_AI_SCAN_MS = 5000;

export interface Cluster {
  claims: AiClaims;
  /** Starts listening and scanning for the service. */
  start(service: GameService): Promise<void>;
  close(): Promise<void>;
}

export function clusterFor(
  repo: Repository,
  o: { aiScanMs?: number | undefined; busRetryMs?: number | undefined; log: (msg: string) => void },
): Cluster | null {
  if (!(repo instanceof PostgresRepository)) return null;
  const claims = new PgAdvisoryClaims(repo.connection(), repo.channel, o.log);
  let bus: PgBus | null = null;
  let timer: NodeJS.Timeout | null = null;
  const failed = (what: string) => (e: Error) => o.log(`${what}: ${e.message}`);
  return {
    claims,
    async start(service) {
      bus = new PgBus(
        repo.connection(),
        repo.channel,
        {
          event: (e) =>
            void (
              'version' in e ? service.catchUp(e.gameId, e.version, e.rewound === true) : service.seatsChanged(e.gameId)
            ).catch(failed(`commit bus ${e.gameId}`)),
          resync: () => void service.resync().catch(failed('resync')),
          log: o.log,
        },
        o.busRetryMs,
      );
      await bus.start();
      timer = setInterval(() => void service.resumeAi().catch(failed('AI scan')), o.aiScanMs ?? DEFAULT_AI_SCAN_MS);
      timer.unref();
    },
    async close() {
      if (timer) clearInterval(timer);
      await bus?.close();
      await claims.close();
    },
  };
}
