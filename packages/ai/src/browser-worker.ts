/**
 * Web Worker entry for the browser bundle:
 *   const w = new Worker(new URL('@sandtable/ai/browser-worker', import.meta.url), { type: 'module' });
 *   const ai = new AiClient((m) => w.postMessage(m)); w.onmessage = (e) => ai.receive(e.data);
 *   const choice = await ai.choose(view, { ai: 'normal', seed: 'game-1', signal });
 * (or call `chooseAction(view, options)` directly inside a worker of your own).
 */
import { serveAi, type ToWorker } from './worker-protocol.ts';

interface WorkerScope {
  postMessage(m: unknown): void;
  onmessage: ((e: { data: ToWorker }) => void) | null;
}

const scope = globalThis as unknown as WorkerScope;
const handle = serveAi((m) => scope.postMessage(m));
scope.onmessage = (e) => handle(e.data);
