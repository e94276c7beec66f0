/**
 * `npm run bench`: every benchmark module's table, medians only, then every target beside its
 * figure. Pass names to run a subset (`npm run bench rules ai`); `tests` (the test suite's wall
 * time, minutes) runs only when named. Exits 1 when the growth table finds growth faster than linear.
 */
import { existsSync } from 'node:fs';
import { printTable, targets, type BenchRow } from './lib.ts';
import { gameIds, run as runGame } from './games.ts';

/** A catalog game's suite: its own benchmarks at scale first, when it has them (games/<id>/bench/<id>.bench.ts prints its figures with their targets), then playouts and replays. */
async function gameSuite(id: string): Promise<{ title: string; rows: BenchRow[] }[]> {
  const own = new URL(`../games/${id}/bench/${id}.bench.ts`, import.meta.url);
  if (existsSync(own)) await import(own.href);
  return runGame(id);
}

const suites: Record<string, () => Promise<{ title: string; rows: BenchRow[] }[]>> = {
  board: async () => (await import('./board.ts')).run(),
  // one suite per catalog game (`npm run bench prokhorovka`)
  ...Object.fromEntries(gameIds.map((id) => [id, () => gameSuite(id)])),
  rules: async () => (await import('./rules.ts')).run(),
  web: async () => (await import('./web.ts')).run(),
  ai: async () => (await import('./ai.ts')).run(),
  cli: async () => (await import('./cli.ts')).run(),
  growth: async () => (await import('./growth.ts')).run(),
  tests: async () => (await import('./tests.ts')).run(),
};
const onlyWhenNamed = new Set(['tests']);

const wanted = process.argv.slice(2);
for (const [name, load] of Object.entries(suites)) {
  if (wanted.length ? !wanted.includes(name) : onlyWhenNamed.has(name)) continue;
  try {
    for (const t of await load()) printTable(t.title, t.rows);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ERR_MODULE_NOT_FOUND') continue;
    throw e;
  }
}
if (targets.length) {
  printTable('Targets (issue #19)', targets);
  if (!wanted.length) console.log("\n(the test suite's wall time against its targets: npm run bench tests)");
}
