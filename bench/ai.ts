/**
 * AI search speed per game: ISMCTS iterations per second on a mid-game position, next to
 * boardgame.io's MCTS bot on the same position (same playout depth) and a plain random-playout
 * loop (clone + random steps to the same depth: the ceiling for any playout-based search).
 */
import { randomIndex, randomPlayout, seedRng, type Action, type EngineState, type Game } from '@sandtable/engine';
import '@sandtable/catalog';
import { aiFor, aiGames, Searcher, viewForAi, type AiEntry } from '@sandtable/ai';
import { registerTestGames } from '@sandtable/ai/testing';
import { measure, type BenchRow } from './lib.ts';
import { timeBgioMcts } from './bgio-adapter.ts';

/** A position after some seeded random play where the deciding role has a real choice. */
function position(game: Game<unknown, Action, unknown>, warm: number): EngineState<unknown> {
  const s = game.setup('bench-ai');
  const chooser = seedRng('bench-ai-position');
  for (let steps = 0; !game.outcome(s); steps++) {
    const d = game.decision(s)!;
    const legal = game.legalActions(s, d.role);
    if (steps >= warm && legal.length > 1) return s;
    game.applyInPlace(s, d.role, legal[randomIndex(chooser, legal.length)]!, true);
  }
  throw new Error(`${game.rules.id}: no position with a choice after ${warm} steps`);
}

/** Random steps before the measured position: past the set-up into play (Third Reich: into turn 2-3, past the hand choices). */
const WARM: Record<string, number> = { pig: 3, 'soft-underbelly': 60, 'third-reich': 400 };

async function benchGame(id: string, entry: AiEntry): Promise<BenchRow[]> {
  const game = entry.game as Game<unknown, Action, unknown>;
  const start = position(game, WARM[id] ?? 20);
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
      note: `playoutDepth ${depth}; ours is ${(ours.perSecond / (1000 / ms)).toFixed(1)}x`,
    });
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
  ours.note = `${ours.note}; ${((100 * ours.perSecond) / ceiling.perSecond).toFixed(0)}% of the random-playout ceiling`;
  return rows;
}

export async function run(): Promise<{ title: string; rows: BenchRow[] }[]> {
  const rows: BenchRow[] = [];
  registerTestGames(); // Pig too: the smallest game, the search's own overhead
  for (const id of ['pig', ...aiGames().filter((g) => g !== 'pig')])
    rows.push(...(await benchGame(id, await aiFor(id))));
  return [{ title: 'AI search speed (medians)', rows }];
}
