/** Opens the configured store: PostgreSQL when a postgres:// URL is given, else a SQLite file. */
import { PostgresRepository } from './postgres.ts';
import { SqliteRepository, type SqliteOptions } from './sqlite.ts';
import type { Repository } from './types.ts';

export * from './types.ts';
export { SqliteRepository } from './sqlite.ts';
export { PostgresRepository } from './postgres.ts';
export { MIGRATIONS } from './migrations.ts';

export interface StoreConfig {
  /** postgres://... (PostgreSQL) */
  databaseUrl?: string | undefined;
  /** SQLite file path (default ./sandtable.db); ':memory:' for a throwaway store. */
  sqliteFile?: string | undefined;
  sqlite?: SqliteOptions;
  /** PostgreSQL schema to use instead of public (tests). */
  pgSchema?: string | undefined;
}

export async function openRepository(cfg: StoreConfig): Promise<Repository> {
  const repo: Repository = cfg.databaseUrl
    ? new PostgresRepository(cfg.databaseUrl, cfg.pgSchema ? { schema: cfg.pgSchema } : {})
    : new SqliteRepository(cfg.sqliteFile ?? 'sandtable.db', cfg.sqlite);
  await repo.migrate();
  return repo;
}
