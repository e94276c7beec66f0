export { createServer, MAX_BODY_BYTES, type ServerOptions, type SandtableServer } from './app.ts';
export { GameService, type CreateGameInput, type CreatedGame, type SeatSpec, type Divergence } from './service.ts';
export { workerAi } from './ai.ts';
export {
  openRepository,
  SqliteRepository,
  PostgresRepository,
  MIGRATIONS,
  type Repository,
  type StoreConfig,
} from './db/index.ts';
export * from './types.ts';
export { ApiError } from './errors.ts';
