/**
 * Rules throughput against boardgame.io: random play from each game's bench position, our engine
 * (legal actions, then the chosen action applied in place) beside the same game through
 * boardgame.io 0.50 (bench/bgio-adapter.ts: each engine action one boardgame.io move, played
 * through its game reducer as its bots do), paired sample by sample. Target: 50x on every game.
 */
import { randomIndex, seedRng, type Action, type EngineState, type Game } from '@sandtable/engine';
import { catalog } from '@sandtable/catalog';
import { aim, paired, type BenchRow } from './lib.ts';
import { bgioRandomPlay } from './bgio-adapter.ts';
import { benchPosition } from './position.ts';

/** Actions a sample plays from the position (fewer if the game ends first). */
const STEPS = 150;
const PAIRS = 7;

function ourRandomPlay(game: Game<unknown, Action, unknown>, start: EngineState<unknown>, seed: string): number {
  const s = game.clone(start);
  const chooser = seedRng(seed);
  let n = 0;
  for (; n < STEPS && !game.outcome(s); n++) {
    const role = game.roleToAct(s)!;
    const legal = game.legalActions(s, role);
    game.applyInPlace(s, role, legal[randomIndex(chooser, legal.length)]!, true);
  }
  return n;
}

export async function run(): Promise<{ title: string; rows: BenchRow[] }[]> {
  const rows: BenchRow[] = [];
  for (const [id, { game }] of Object.entries(catalog)) {
    const g = game as Game<unknown, Action, unknown>;
    const start = benchPosition(g);
    let k = 0;
    const r = await paired(
      () => ourRandomPlay(g, start, `rules-${k++}`),
      () => bgioRandomPlay(g, start, `rules-${k}`, STEPS),
      PAIRS,
    );
    rows.push({
      name: `${id}: random play (ours)`,
      unit: 'action',
      samples: PAIRS,
      medianMs: r.aMs,
      perSecond: 1000 / r.aMs,
      note: `${STEPS} actions from the bench position`,
    });
    rows.push({
      name: `${id}: random play (boardgame.io 0.50)`,
      unit: 'action',
      samples: PAIRS,
      medianMs: r.bMs,
      perSecond: 1000 / r.bMs,
      note: 'the adapter, through its reducer',
    });
    rows.push(
      aim(
        {
          name: `${id}: rules throughput, ours / boardgame.io`,
          unit: 'ratio',
          samples: PAIRS,
          medianMs: Number.NaN,
          perSecond: Number.NaN,
          note: `${r.ratio.toFixed(1)}x (median of paired ratios)`,
        },
        '>= 50x',
        r.ratio >= 50,
      ),
    );
  }
  return [{ title: 'Rules throughput against boardgame.io (medians of paired runs)', rows }];
}
