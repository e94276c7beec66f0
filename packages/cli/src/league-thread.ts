/** A league worker: plays each game spec it is sent and answers with the result. */
import { parentPort } from 'node:worker_threads';
import '@sandtable/catalog';
import { aiFor, playGame, type GameSpec } from '@sandtable/ai';

const port = parentPort;
if (!port) throw new Error('league-thread.ts must run in a worker thread');
port.on('message', async (spec: GameSpec) => port.postMessage(playGame(await aiFor(spec.gameId), spec)));
