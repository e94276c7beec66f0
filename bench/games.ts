/** Every catalog game: random playouts to the end per second, and replayed (legality-checked) actions per second. */
import { randomPlayout, type Game } from '@sandtable/engine';
import { catalog } from '@sandtable/catalog';
import { measure, type BenchRow } from './lib.ts';

export async function run(id: string): Promise<{ title: string; rows: BenchRow[] }[]> {
  const game: Game<any, any, any> = catalog[id]!.game;
  let n = 0;
  const playouts = measure(
    'random playout to the end (in place, no log)',
    'playout',
    () => {
      const s = game.setup(`bench-${n}`);
      randomPlayout(game, s, `c${n++}`, { inPlace: true });
    },
    20,
    3,
  );

  // A fixed set of recorded games to replay.
  const records = Array.from({ length: 5 }, (_, i) => {
    const rec = game.newRecord(`replay-${i}`);
    const p = randomPlayout(game, game.replay(rec), `r${i}`, { record: true });
    return { ...rec, actions: p.actions };
  });
  const actionsTotal = records.reduce((s, r) => s + r.actions.length, 0);
  const replays = measure(
    'replay recorded games (legality-checked)',
    'action',
    () => {
      for (const r of records) game.replay(r);
      return actionsTotal;
    },
    8,
    1,
    `${(actionsTotal / records.length).toFixed(0)} actions/game on average`,
  );
  return [{ title: `${game.rules.title} (medians)`, rows: [playouts, replays] }];
}

export const gameIds = Object.keys(catalog);
