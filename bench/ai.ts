/**
 * AI search speed per game: ISMCTS iterations per second on a mid-game position, next to
 * boardgame.io's MCTS bot on the same position (same playout depth) and a plain random-playout
 * loop (clone + random steps to the same depth: the ceiling for any playout-based search).
 */
import { randomPlayout, type Action, type Game } from '@sandtable/engine';
import '@sandtable/catalog';
import { aiFor, aiGames, Searcher, viewForAi, type AiEntry } from '@sandtable/ai';
import { registerTestGames } from '@sandtable/ai/testing';
import { aim, measure, type BenchRow } from './lib.ts';
import { benchPosition } from './position.ts';
import { timeBgioMcts } from './bgio-adapter.ts';

async function benchGame(id: string, entry: AiEntry): Promise<BenchRow[]> {
  const game = entry.game as Game<unknown, Action, unknown>;
  const start = benchPosition(game);
  const d = game.decision(start)!;
  const view = viewForAi(entry, start, d.role);
  const depth = entry.hooks.rolloutDepth ?? 30;
  const batch = 1000;
  let seed = 0;
  const ours = measure(
    `${id}: ISMCTS (ours)`,
    'iteration',
    () => {
      new Searcher(entry.game, entry.hooks, view, { seed: seed++ }).run(batch);
      return batch;
    },
    7,
    2,
    `rollout depth ${depth}`,
  );
  let k = 0;
  const ceiling = measure(
    `${id}: clone + random playout loop (ceiling)`,
    'playout',
    () => {
      for (let i = 0; i < batch; i++) randomPlayout(game, start, `c${k++}`, { maxSteps: depth });
      return batch;
    },
    7,
    1,
    `depth ${depth}`,
  );
  const rows = [ours, ceiling];
  try {
    const n = 100;
    const times: number[] = [];
    for (let i = 0; i < 3; i++) times.push(await timeBgioMcts(game, start, n, depth));
    times.sort((a, b) => a - b);
    const ms = times[1]! / n;
    rows.push({
      name: `${id}: boardgame.io MCTSBot 0.50`,
      unit: 'iteration',
      samples: 3,
      medianMs: ms,
      perSecond: 1000 / ms,
      note: `playoutDepth ${depth}`,
    });
    const ratio = ours.perSecond / (1000 / ms);
    rows.push(
      aim(
        {
          name: `${id}: search, ours / boardgame.io MCTS`,
          unit: 'ratio',
          samples: 3,
          medianMs: Number.NaN,
          perSecond: Number.NaN,
          note: `${ratio.toFixed(1)}x iterations a second`,
        },
        '>= 100x',
        ratio >= 100,
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
  const share = (100 * ours.perSecond) / ceiling.perSecond;
  ours.note = `${ours.note}; ${share.toFixed(0)}% of the random-playout ceiling`;
  if (id === 'third-reich') aim(ours, '>= 50% of the ceiling', share >= 50);
  return rows;
}

export async function run(): Promise<{ title: string; rows: BenchRow[] }[]> {
  const rows: BenchRow[] = [];
  registerTestGames(); // Pig too: the smallest game, the search's own overhead
  for (const id of ['pig', ...aiGames().filter((g) => g !== 'pig')])
    rows.push(...(await benchGame(id, await aiFor(id))));
  return [{ title: 'AI search speed (medians)', rows }];
}
