/** A league worker: plays each game spec it is sent and answers with the result. */
import { parentPort } from 'node:worker_threads';
import { playGame, type GameSpec } from './league.ts';

const port = parentPort;
if (!port) throw new Error('league-thread.ts must run in a worker thread');
port.on('message', (spec: GameSpec) => port.postMessage(playGame(spec)));
