/** `npm run bench`: every benchmark module's table, medians only. Pass names to run a subset. */
import { printTable, type BenchRow } from './lib.ts';
import { gameIds, run as runGame } from './games.ts';

const suites: Record<string, () => Promise<{ title: string; rows: BenchRow[] }[]>> = {
  board: async () => (await import('./board.ts')).run(),
  // one suite per catalog game (`npm run bench prokhorovka`)
  ...Object.fromEntries(gameIds.map((id) => [id, () => runGame(id)])),
  web: async () => (await import('./web.ts')).run(),
  ai: async () => (await import('./ai.ts')).run(),
};

const wanted = process.argv.slice(2);
for (const [name, load] of Object.entries(suites)) {
  if (wanted.length && !wanted.includes(name)) continue;
  try {
    for (const t of await load()) printTable(t.title, t.rows);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ERR_MODULE_NOT_FOUND') continue;
    throw e;
  }
}
