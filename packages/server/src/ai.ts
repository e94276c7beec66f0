/** AI seats move in worker threads, so a search never blocks the server's event loop. */
import { Worker } from 'node:worker_threads';
import { createRequire } from 'node:module';
import { pathToFileURL } from 'node:url';
import { dirname, join } from 'node:path';
import type { Action, View } from '@sandtable/engine';
import type { AiReply, AiRequest } from './ai-worker.ts';
import type { AiRunner } from './types.ts';

/**
 * The worker's bootstrap: registers tsx's TypeScript loader in the thread, then imports the
 * worker module (Node 20 does not apply a parent's --import hooks to a worker's entry).
 */
function bootstrap(): string {
  const pkg = createRequire(import.meta.url).resolve('tsx/package.json');
  const api = pathToFileURL(join(dirname(pkg), 'dist/esm/api/index.mjs')).href;
  const entry = new URL('./ai-worker.ts', import.meta.url).href;
  return `import(${JSON.stringify(api)}).then((m) => { m.register(); return import(${JSON.stringify(entry)}); })`;
}

interface Pending {
  resolve: (a: Action) => void;
  reject: (e: Error) => void;
}

class WorkerLane {
  private readonly worker: Worker;
  private readonly pending = new Map<number, Pending>();
  private nextId = 1;

  constructor() {
    this.worker = new Worker(bootstrap(), { eval: true, workerData: { sandtableAi: true } });
    this.worker.unref();
    this.worker.on('message', (m: AiReply) => this.settle(m));
    this.worker.on('error', (e) => this.failAll(e));
  }

  get load(): number {
    return this.pending.size;
  }

  choose(view: View<unknown>, ai: string, seed: string): Promise<Action> {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.worker.postMessage({ id, view, ai, seed } satisfies AiRequest);
    });
  }

  private settle(m: AiReply): void {
    const p = this.pending.get(m.id);
    if (!p) return;
    this.pending.delete(m.id);
    if ('action' in m) p.resolve(m.action);
    else p.reject(new Error(`AI: ${m.error}`));
  }

  private failAll(e: Error): void {
    for (const p of this.pending.values()) p.reject(e);
    this.pending.clear();
  }

  async close(): Promise<void> {
    this.failAll(new Error('AI worker closed'));
    await this.worker.terminate();
  }
}

/** A pool of `size` worker threads; each request goes to the least loaded one. */
export function workerAi(size = 1): AiRunner {
  const lanes = Array.from({ length: Math.max(1, size) }, () => new WorkerLane());
  return {
    choose: (view, ai, seed) => lanes.reduce((a, b) => (b.load < a.load ? b : a)).choose(view, ai, seed),
    close: async () => {
      await Promise.all(lanes.map((l) => l.close()));
    },
  };
}
