/**
 * The AI league: `npm run ai:league -- --game G --games N [--ai normal] [--time MS] [--vs random,greedy]
 * [--seed S] [--jobs J] [--sides a,b] [--cpu-equivalent]` plays the AI against each baseline, on each side, N games per pairing,
 * and prints win rates with 95% Wilson intervals and the AI's mean time per impulse and per step
 * (@sandtable/ai's league). The game defaults to the first listed game with an AI.
 */
import { parseArgs } from 'node:util';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import '@sandtable/catalog';
import {
  aiFor,
  aiGames,
  isAiKind,
  iterationBudget,
  leagueSpecs,
  leagueTable,
  now,
  playGame,
  type AiEntry,
  type AiKind,
  type GameResult,
  type GameSpec,
} from '@sandtable/ai';

/** Runs specs on `jobs` worker threads (each plays whole games). */
async function runParallel(
  entry: AiEntry,
  specs: GameSpec[],
  jobs: number,
  onResult: (r: GameResult) => void,
): Promise<GameResult[]> {
  if (jobs <= 1)
    return specs.map((s) => {
      const r = playGame(entry, s);
      onResult(r);
      return r;
    });
  const results: GameResult[] = [];
  let next = 0;
  const runWorker = () =>
    new Promise<void>((resolve, reject) => {
      const w = new Worker(new URL('./league-boot.mjs', import.meta.url));
      const feed = () => {
        if (next >= specs.length) {
          void w.terminate().then(() => resolve());
          return;
        }
        w.postMessage(specs[next++]);
      };
      w.on('message', (r: GameResult) => {
        results.push(r);
        onResult(r);
        feed();
      });
      w.on('error', reject);
      feed();
    });
  await Promise.all(Array.from({ length: Math.min(jobs, specs.length) }, runWorker));
  return results;
}

async function main(argv: string[]): Promise<void> {
  const { values } = parseArgs({
    args: argv,
    options: {
      game: { type: 'string', default: aiGames()[0] ?? '' },
      games: { type: 'string', default: '20' },
      ai: { type: 'string', default: 'normal' },
      time: { type: 'string' },
      vs: { type: 'string', default: 'random,greedy' },
      seed: { type: 'string', default: 'league' },
      jobs: { type: 'string', default: '1' },
      quiet: { type: 'boolean' },
      'table-every': { type: 'string', default: '0' },
      sides: { type: 'string' },
      'cpu-equivalent': { type: 'boolean' },
    },
  });
  const kinds = [values.ai, ...values.vs.split(',')];
  for (const k of kinds) if (!isAiKind(k)) throw new Error(`unknown AI "${k}"`);
  const timeMs = values.time === undefined ? undefined : Number(values.time);
  const entry = await aiFor(values.game);
  let specs = leagueSpecs(
    entry.game,
    values.ai as AiKind,
    values.vs.split(',') as AiKind[],
    Number(values.games),
    values.seed,
    timeMs,
    values.sides?.split(','),
  );
  if (values['cpu-equivalent']) {
    // Budgets in iterations (the game's equivalent of normal's one second), so that load does not count.
    const normal = (await entry.suite?.())?.normalIterations;
    if (!normal)
      throw new Error(`${values.game} gives no iteration equivalent of normal (its suite's normalIterations)`);
    specs = specs.map((s) => ({
      ...s,
      aiBudget: iterationBudget(s.ai, normal),
      opponentBudget: iterationBudget(s.opponent, normal),
    }));
    console.log(`budgets in iterations an impulse: easy 300, normal ${normal}, hard ${4 * normal}`);
  }
  console.log(
    `league: ${values.game}, ${values.ai}${timeMs ? ` at ${timeMs} ms an impulse` : ''} vs ${values.vs}, ${values.games} games per pairing and side, ${values.jobs} job(s)`,
  );
  const t0 = now();
  const every = Number(values['table-every']);
  const sofar: GameResult[] = [];
  const results = await runParallel(entry, specs, Number(values.jobs), (r) => {
    sofar.push(r);
    if (!values.quiet)
      console.log(
        `  ${r.spec.ai} (${r.spec.aiSide}) vs ${r.spec.opponent}: ${r.aiWon ? 'AI wins' : r.winner ? `${r.winner} wins` : 'draw'} in ${r.steps} steps, ${r.aiImpulses} AI impulses at ${(r.aiMs / Math.max(r.aiImpulses, 1)).toFixed(0)} ms (${(r.aiMs / Math.max(r.aiDecisions, 1)).toFixed(0)} ms a step), ${((now() - t0) / 1000).toFixed(0)} s so far; ${r.ending}`,
      );
    if (every > 0 && sofar.length % every === 0 && sofar.length < specs.length) {
      console.log(`after ${sofar.length} of ${specs.length} games:`);
      for (const line of leagueTable(sofar)) console.log(line);
    }
  });
  for (const line of leagueTable(results)) console.log(line);
  console.log(`total ${((now() - t0) / 1000).toFixed(0)} s`);
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  main(process.argv.slice(2)).catch((e: unknown) => {
    console.error(`error: ${e instanceof Error ? e.message : String(e)}`);
    process.exitCode = 1;
  });
}
