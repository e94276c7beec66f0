/**
 * sandtable-server: the play-by-web server. Serves the API and WebSocket on loopback by
 * default, and the web client's build when there is one.
 *
 *   node --import tsx packages/server/src/main.ts [--port 8080] [--host 127.0.0.1]
 *        [--db sandtable.db] [--static packages/web/dist] [--ai-threads 1] [--test-games]
 *
 * DATABASE_URL=postgres://... selects PostgreSQL instead of the SQLite file. PORT, HOST,
 * SANDTABLE_DB and SANDTABLE_STATIC are read as defaults. SMTP_URL (with SANDTABLE_SECRET, and
 * optionally PUBLIC_URL and SMTP_FROM) turns on email notifications (see README). On start it prints one JSON line
 * {"listening": url, "store": kind} to stdout. Limits come from SANDTABLE_* variables (limits.ts,
 * and the README's operations section).
 */
import { existsSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createServer } from './app.ts';
import { workerAi } from './ai.ts';
import { openRepository } from './db/index.ts';
import { limitsFromEnv } from './limits.ts';
import type { CatalogModule } from './replay.ts';
import type { GameCatalog } from './types.ts';

const { values: args } = parseArgs({
  options: {
    port: { type: 'string' },
    host: { type: 'string' },
    db: { type: 'string' },
    static: { type: 'string' },
    'ai-threads': { type: 'string' },
    'test-games': { type: 'boolean', default: false },
    quiet: { type: 'boolean', default: false },
    /** Tests: a private PostgreSQL schema (ignored for SQLite). */
    'pg-schema': { type: 'string' },
    /** Several instances on PostgreSQL: how often to look for AI seats left by a dead instance. */
    'ai-scan-ms': { type: 'string' },
  },
});

async function loadCatalog(withTestGames: boolean): Promise<GameCatalog> {
  const out: GameCatalog = {};
  if (withTestGames) Object.assign(out, (await import('./testing.ts')).pigCatalog);
  try {
    Object.assign(out, (await import('@sandtable/catalog')).catalog);
  } catch (e) {
    if (!withTestGames) throw e;
    console.error(`catalog unavailable (${(e as Error).message.split('\n')[0]}); serving the test games only`);
  }
  return out;
}

function emailFromEnv() {
  const { SMTP_URL, SANDTABLE_SECRET, PUBLIC_URL, SMTP_FROM } = process.env;
  if (!SMTP_URL) return {};
  if (!SANDTABLE_SECRET) {
    console.error(
      'SMTP_URL is set but SANDTABLE_SECRET is not: set a secret of 16+ characters (it seals invite links)',
    );
    process.exit(2);
  }
  return { email: { smtpUrl: SMTP_URL, secret: SANDTABLE_SECRET, publicUrl: PUBLIC_URL, from: SMTP_FROM } };
}

/** The same catalog, for the replay-check worker to import. */
function catalogModules(withTestGames: boolean): CatalogModule[] {
  const out: CatalogModule[] = [];
  if (withTestGames) out.push({ url: new URL('./testing.ts', import.meta.url).href, name: 'pigCatalog' });
  out.push({ url: '@sandtable/catalog', name: 'catalog' });
  return out;
}

function defaultStatic(): string | undefined {
  const web = fileURLToPath(new URL('../../web/dist', import.meta.url));
  return existsSync(web) ? web : undefined;
}

const log = args.quiet ? () => undefined : (m: string) => console.error(`[server] ${m}`);
const repo = await openRepository({
  databaseUrl: process.env.DATABASE_URL,
  pgSchema: args['pg-schema'],
  sqliteFile: args.db ?? process.env.SANDTABLE_DB ?? 'sandtable.db',
});
const server = await createServer({
  repo,
  catalog: await loadCatalog(args['test-games']),
  ai: workerAi(Number(args['ai-threads'] ?? 1)),
  staticDir: args.static ?? process.env.SANDTABLE_STATIC ?? defaultStatic(),
  tickMs: 15_000,
  limits: limitsFromEnv(process.env),
  catalogModules: catalogModules(args['test-games']),
  log,
  ...(args['ai-scan-ms'] ? { aiScanMs: Number(args['ai-scan-ms']) } : {}),
  ...emailFromEnv(),
});
const host = args.host ?? process.env.HOST ?? '127.0.0.1';
const explicitPort = args.port ?? process.env.PORT;
let url: string;
try {
  url = await server.listen(Number(explicitPort ?? 8080), host);
} catch (e) {
  // The default port taken (another server running): any free port, as the web client's server does.
  if ((e as NodeJS.ErrnoException).code !== 'EADDRINUSE' || explicitPort !== undefined) throw e;
  url = await server.listen(0, host);
}
console.log(JSON.stringify({ listening: url, store: repo.kind }));
log(`Sandtable is running: open ${url}/ in your browser (Ctrl+C stops it). Store: ${repo.kind}.`);

let stopping = false;
async function stop(): Promise<void> {
  if (stopping) return;
  stopping = true;
  await server.close();
  await repo.close();
  process.exit(0);
}
process.on('SIGINT', () => void stop());
process.on('SIGTERM', () => void stop());
