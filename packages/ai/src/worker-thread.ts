/** Body of the Node worker thread (started by worker.ts through worker-boot.mjs). */
import { parentPort, workerData } from 'node:worker_threads';
import { serveAi, type ToWorker } from './worker-protocol.ts';

const port = parentPort;
if (!port) throw new Error('worker-thread.ts must run in a worker thread');
// the modules that register the games' AI (see AiWorker)
for (const m of (workerData as { preload?: string[] } | null)?.preload ?? []) await import(m);
const handle = serveAi((m) => port.postMessage(m));
port.on('message', (m: ToWorker) => handle(m));
