/**
 * Replay-check: replays a stored game from scratch under the rules as they are now and reports
 * the first action that is refused or whose state hash differs from the stored one. It costs a
 * whole replay, so: the answer is cached per game and version (a second ask at the same version
 * is free), one replay runs at a time, and it runs in a worker thread when the server knows
 * which modules its catalog comes from (`catalogModules`), else in slices that yield to the
 * event loop between them. The route allows seat tokens only (see app.ts).
 */
import { Worker } from 'node:worker_threads';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { dirname, join } from 'node:path';
import type { Game } from '@sandtable/engine';
import { StateHasher } from './hash.ts';
import { recordOf } from './live.ts';
import type { ActionRow, GameRow } from './db/types.ts';

export interface Divergence {
  gameId: string;
  actions: number;
  ok: boolean;
  /** First action (1-based) whose replay under the current rules differs, if any. */
  firstDivergence: { seq: number; reason: string } | null;
  storedHash: string | null;
  replayedHash: string | null;
}

/** A module whose export `name` is a GameCatalog (the worker imports it). */
export interface CatalogModule {
  url: string;
  name: string;
}

export interface ReplayJob {
  row: GameRow;
  actions: ActionRow[];
}

const SLICE_MS = 8;

/** The replay itself; `pause` is awaited between slices (a worker passes none). */
export async function replayCheck(
  engine: Game<any, any, any>,
  job: ReplayJob,
  pause?: () => Promise<void>,
): Promise<Divergence> {
  const { row, actions } = job;
  const out: Divergence = {
    gameId: row.id,
    actions: actions.length,
    ok: true,
    firstDivergence: null,
    storedHash: actions.at(-1)?.stateHash ?? null,
    replayedHash: null,
  };
  let state = engine.replay(recordOf(row, []));
  const hasher = new StateHasher(state);
  let t0 = performance.now();
  for (const a of actions) {
    if (pause && performance.now() - t0 > SLICE_MS) {
      await pause();
      t0 = performance.now();
    }
    try {
      state = engine.apply(state, a.role, JSON.parse(a.action));
    } catch (e) {
      return {
        ...out,
        ok: false,
        firstDivergence: { seq: a.seq, reason: `refused under the current rules: ${(e as Error).message}` },
      };
    }
    const h = hasher.next(state);
    // Rows written before the running hash carry the engine's whole-state hash.
    if (h !== a.stateHash && engine.hash(state) !== a.stateHash) {
      return {
        ...out,
        ok: false,
        replayedHash: h,
        firstDivergence: {
          seq: a.seq,
          reason: `state after action ${a.seq} differs (stored ${a.stateHash.slice(0, 12)}, replayed ${h.slice(0, 12)})`,
        },
      };
    }
    out.replayedHash = h;
  }
  return out;
}

const yieldToLoop = () => new Promise<void>((r) => setImmediate(r));

function bootstrap(): string {
  const pkg = createRequire(import.meta.url).resolve('tsx/package.json');
  const api = pathToFileURL(join(dirname(pkg), 'dist/esm/api/index.mjs')).href;
  const entry = new URL('./replay-worker.ts', import.meta.url).href;
  return `import(${JSON.stringify(api)}).then((m) => { m.register(); return import(${JSON.stringify(entry)}); })`;
}

/** Runs replay-checks one at a time, cached per game and version. */
export class ReplayChecker {
  private readonly cache = new Map<string, Promise<Divergence>>();
  private queue: Promise<unknown> = Promise.resolve();
  private worker: Worker | null = null;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (d: Divergence) => void; reject: (e: Error) => void }>();

  constructor(
    private readonly modules: CatalogModule[] | undefined,
    private readonly cacheSize = 200,
  ) {}

  check(engine: Game<any, any, any>, row: GameRow, load: () => Promise<ActionRow[]>): Promise<Divergence> {
    const key = `${row.id}@${row.version}`;
    const hit = this.cache.get(key);
    if (hit) return hit;
    const run = this.queue.then(async () => {
      const job = { row, actions: await load() };
      return this.modules?.length ? this.inWorker(job) : replayCheck(engine, job, yieldToLoop);
    });
    this.queue = run.catch(() => undefined);
    this.cache.set(key, run);
    run.catch(() => this.cache.delete(key));
    if (this.cache.size > this.cacheSize) this.cache.delete(this.cache.keys().next().value!);
    return run;
  }

  /** Drops a game's answers: an online undo makes a version stand for another log. */
  forget(gameId: string): void {
    for (const key of [...this.cache.keys()]) if (key.startsWith(`${gameId}@`)) this.cache.delete(key);
  }

  private inWorker(job: ReplayJob): Promise<Divergence> {
    if (!this.worker) {
      const w = new Worker(bootstrap(), { eval: true, workerData: { sandtableReplay: this.modules } });
      w.unref();
      w.on('message', (m: { id: number; result?: Divergence; error?: string }) => {
        const p = this.pending.get(m.id);
        this.pending.delete(m.id);
        if (m.result) p?.resolve(m.result);
        else p?.reject(new Error(`replay-check: ${m.error}`));
      });
      w.on('error', (e) => {
        for (const p of this.pending.values()) p.reject(e);
        this.pending.clear();
        this.worker = null;
      });
      this.worker = w;
    }
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker!.postMessage({ id, job });
    });
  }

  async close(): Promise<void> {
    await this.worker?.terminate();
    this.worker = null;
  }
}
