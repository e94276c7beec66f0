/** The replay-check thread (replay.ts): imports the catalog modules once, then replays jobs. */
import { parentPort, workerData } from 'node:worker_threads';
import { replayCheck, type CatalogModule, type ReplayJob } from './replay.ts';
import type { GameCatalog } from './types.ts';

const modules = (workerData as { sandtableReplay?: CatalogModule[] } | null)?.sandtableReplay;

async function loadCatalog(list: CatalogModule[]): Promise<GameCatalog> {
  const out: GameCatalog = {};
  for (const m of list) Object.assign(out, (await import(m.url))[m.name] as GameCatalog);
  return out;
}

if (parentPort && modules) {
  const catalog = loadCatalog(modules);
  parentPort.on('message', (m: { id: number; job: ReplayJob }) => {
    catalog
      .then((c) => {
        const entry = c[m.job.row.game];
        if (!entry) throw new Error(`unknown game "${m.job.row.game}"`);
        return replayCheck(entry.game, m.job);
      })
      .then(
        (result) => parentPort!.postMessage({ id: m.id, result }),
        (e: unknown) => parentPort!.postMessage({ id: m.id, error: (e as Error).message }),
      );
  });
}
