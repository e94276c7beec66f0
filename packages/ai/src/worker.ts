/**
 * Long decisions off the main thread (Node): `searchInWorker(view, options)` runs the search
 * in a worker thread within the time budget; aborting `options.signal` stops it early with the
 * best action so far. `AiWorker` keeps one thread for a whole game. The thread knows no game by
 * itself: `preload` names the modules it imports first, which register the games' AI (an app
 * passes `import.meta.resolve('@sandtable/catalog')`).
 */
import { Worker } from 'node:worker_threads';
import type { View } from '@sandtable/engine';
import type { ChooseOptions } from './choose.ts';
import type { Choice } from './players.ts';
import { AiClient, type FromWorker } from './worker-protocol.ts';

export class AiWorker {
  private readonly worker: Worker;
  private readonly client: AiClient;

  constructor(preload: readonly string[] = []) {
    this.worker = new Worker(new URL('./worker-boot.mjs', import.meta.url), { workerData: { preload } });
    this.client = new AiClient((m) => this.worker.postMessage(m));
    this.worker.on('message', (m: FromWorker) => this.client.receive(m));
    this.worker.on('error', (e) => this.client.failAll(e));
    this.worker.on('exit', (code) => this.client.failAll(new Error(`AI worker exited (${code})`)));
  }

  choose(view: View<unknown>, options: ChooseOptions): Promise<Choice> {
    return this.client.choose(view, options);
  }

  async close(): Promise<void> {
    await this.worker.terminate();
  }
}

/** One decision in a fresh worker thread (start-up costs a few hundred ms; reuse `AiWorker` for a game). */
export async function searchInWorker(
  view: View<unknown>,
  options: ChooseOptions,
  preload: readonly string[] = [],
): Promise<Choice> {
  const w = new AiWorker(preload);
  try {
    return await w.choose(view, options);
  } finally {
    await w.close();
  }
}
