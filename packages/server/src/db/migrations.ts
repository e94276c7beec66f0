/**
 * Versioned schema migrations, shared by SQLite and PostgreSQL. The SQL is kept portable
 * (TEXT, INTEGER, BIGINT, plain indexes, JSON stored as TEXT), so both databases run the
 * very same statements. A migration is applied at most once, recorded in schema_migrations.
 * Never edit a released migration: add the next version.
 */
export interface Migration {
  version: number;
  name: string;
  statements: string[];
}

export const MIGRATIONS: readonly Migration[] = [
  {
    version: 1,
    name: 'games, seats, append-only action log, hand-over snapshots',
    statements: [
      `CREATE TABLE games (
        id TEXT PRIMARY KEY,
        game TEXT NOT NULL,
        scenario TEXT NOT NULL,
        options TEXT NOT NULL,
        seed TEXT NOT NULL,
        dice TEXT,
        created_at BIGINT NOT NULL,
        updated_at BIGINT NOT NULL,
        version INTEGER NOT NULL,
        status TEXT NOT NULL,
        turn_role TEXT,
        turn_since BIGINT,
        outcome TEXT,
        spectator_hash TEXT NOT NULL UNIQUE,
        deadline_ms BIGINT,
        deadline_policy TEXT,
        deadline_done INTEGER NOT NULL DEFAULT 0
      )`,
      `CREATE TABLE seats (
        game_id TEXT NOT NULL REFERENCES games(id),
        role TEXT NOT NULL,
        kind TEXT NOT NULL,
        ai TEXT,
        name TEXT,
        token_hash TEXT NOT NULL UNIQUE,
        webhook TEXT,
        PRIMARY KEY (game_id, role)
      )`,
      `CREATE TABLE actions (
        game_id TEXT NOT NULL REFERENCES games(id),
        seq INTEGER NOT NULL,
        role TEXT NOT NULL,
        action TEXT NOT NULL,
        at BIGINT NOT NULL,
        state_hash TEXT NOT NULL,
        PRIMARY KEY (game_id, seq)
      )`,
      `CREATE TABLE snapshots (
        game_id TEXT NOT NULL REFERENCES games(id),
        seq INTEGER NOT NULL,
        state TEXT NOT NULL,
        PRIMARY KEY (game_id, seq)
      )`,
      `CREATE INDEX games_turn ON games (status, turn_role)`,
    ],
  },
  {
    version: 2,
    name: 'a seat may give an email address (and its sealed invite token) for notifications',
    statements: ['ALTER TABLE seats ADD COLUMN email TEXT', 'ALTER TABLE seats ADD COLUMN invite TEXT'],
  },
];

export const SCHEMA_TABLE = `CREATE TABLE IF NOT EXISTS schema_migrations (
  version INTEGER PRIMARY KEY,
  name TEXT NOT NULL,
  applied_at BIGINT NOT NULL
)`;
