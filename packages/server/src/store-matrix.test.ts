/** Which stores the reliability suites run against, from the environment (CI requires PostgreSQL). */
import { afterEach, describe, expect, it } from 'vitest';
import { PG_MISSING, storeVariants } from './test-support.ts';

describe('store matrix', () => {
  const saved = { url: process.env.DATABASE_URL, req: process.env.SANDTABLE_REQUIRE_PG };
  const set = (k: string, v: string | undefined) => (v === undefined ? delete process.env[k] : (process.env[k] = v));
  afterEach(() => {
    set('DATABASE_URL', saved.url);
    set('SANDTABLE_REQUIRE_PG', saved.req);
  });

  it('runs SQLite alone on a laptop without DATABASE_URL', () => {
    set('DATABASE_URL', undefined);
    set('SANDTABLE_REQUIRE_PG', undefined);
    expect(storeVariants().map((v) => v.name)).toEqual(['sqlite']);
  });

  it('adds PostgreSQL when DATABASE_URL is set', () => {
    set('DATABASE_URL', 'postgres://127.0.0.1:1/x');
    expect(storeVariants().map((v) => v.name)).toEqual(['sqlite', 'postgres']);
  });

  it('makes every PostgreSQL suite fail with a clear message when it is required but missing', async () => {
    set('DATABASE_URL', undefined);
    set('SANDTABLE_REQUIRE_PG', '1');
    const pg = storeVariants().find((v) => v.name === 'postgres')!;
    await expect(pg.open()).rejects.toThrow(PG_MISSING);
    expect(PG_MISSING).toMatch(/DATABASE_URL is not set/);
  });
});
