/**
 * AI search speed per game: ISMCTS iterations per second on a mid-game position, next to
 * boardgame.io's MCTS bot on the same position (same playout depth) and a plain random-playout
 * loop (clone + random steps to the same depth: the ceiling for any playout-based search).
 */
import { randomPlayout, type Action, type Game } from '@sandtable/engine';
import '@sandtable/catalog';
import { aiFor, aiGames, Searcher, viewForAi, type AiEntry } from '@sandtable/ai';
import { registerTestGames } from '@sandtable/ai/testing';
import { aim, paired, type BenchRow } from './lib.ts';
import { benchPosition } from './position.ts';
import { timeBgioMcts } from './bgio-adapter.ts';

/** Paired samples per comparison: the medians quoted are over these. */
const PAIRS = 5;

async function benchGame(id: string, entry: AiEntry): Promise<BenchRow[]> {
  const game = entry.game as Game<unknown, Action, unknown>;
  const start = benchPosition(game);
  const d = game.decision(start)!;
  const view = viewForAi(entry, start, d.role);
  const depth = entry.hooks.rolloutDepth ?? 30;
  const batch = 500;
  let seed = 0;
  const search = () => {
    new Searcher(entry.game, entry.hooks, view, { seed: seed++ }).run(batch);
    return batch;
  };
  let k = 0;
  const playouts = () => {
    for (let i = 0; i < batch; i++) randomPlayout(game, start, `c${k++}`, { maxSteps: depth });
    return batch;
  };
  const vsCeiling = await paired(search, playouts, PAIRS);
  const row = (name: string, unit: string, ms: number, note: string): BenchRow => ({
    name,
    unit,
    samples: PAIRS,
    medianMs: ms,
    perSecond: 1000 / ms,
    note,
  });
  const ours = row(`${id}: ISMCTS (ours)`, 'iteration', vsCeiling.aMs, `rollout depth ${depth}`);
  const ceiling = row(`${id}: clone + random playout loop (ceiling)`, 'playout', vsCeiling.bMs, `depth ${depth}`);
  const share = 100 * vsCeiling.ratio; // searches a second over playouts a second, pair by pair
  ours.note = `${ours.note}; ${share.toFixed(0)}% of the random-playout ceiling`;
  if (id === 'third-reich') aim(ours, '>= 50% of the ceiling', share >= 50);
  const rows = [ours, ceiling];
  try {
    const n = 40;
    const bgio = async () => {
      await timeBgioMcts(game, start, n, depth);
      return n;
    };
    const vsBgio = await paired(search, bgio, PAIRS);
    rows.push(row(`${id}: boardgame.io MCTSBot 0.50`, 'iteration', vsBgio.bMs, `playoutDepth ${depth}`));
    rows.push(
      aim(
        {
          name: `${id}: search, ours / boardgame.io MCTS`,
          unit: 'ratio',
          samples: PAIRS,
          medianMs: Number.NaN,
          perSecond: Number.NaN,
          note: `${vsBgio.ratio.toFixed(1)}x iterations a second (median of paired ratios)`,
        },
        '>= 100x',
        vsBgio.ratio >= 100,
      ),
    );
  } catch (e) {
    rows.push({
      name: `${id}: boardgame.io MCTSBot (failed)`,
      unit: '-',
      samples: 0,
      medianMs: NaN,
      perSecond: NaN,
      note: (e as Error).message.slice(0, 80),
    });
  }
  return rows;
}

export async function run(): Promise<{ title: string; rows: BenchRow[] }[]> {
  const rows: BenchRow[] = [];
  registerTestGames(); // Pig too: the smallest game, the search's own overhead
  for (const id of ['pig', ...aiGames().filter((g) => g !== 'pig')])
    rows.push(...(await benchGame(id, await aiFor(id))));
  return [{ title: 'AI search speed (medians)', rows }];
}
