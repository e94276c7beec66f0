/** Soft Underbelly: random playouts per second and replayed actions per second. */
import { randomPlayout } from '@sandtable/engine';
import { softUnderbelly } from '@sandtable/soft-underbelly';
import { measure, type BenchRow } from './lib.ts';

export async function run(): Promise<{ title: string; rows: BenchRow[] }[]> {
  const game = softUnderbelly;
  let n = 0;
  const playouts = measure('random playout to the end (in place, no log)', 'playout', () => {
    const s = game.setup(`bench-${n}`);
    randomPlayout(game, s, `c${n++}`, { inPlace: true });
  }, 30, 3);

  // A fixed set of recorded games to replay.
  const records = Array.from({ length: 5 }, (_, i) => {
    const rec = game.newRecord(`replay-${i}`);
    const p = randomPlayout(game, game.replay(rec), `r${i}`, { record: true });
    return { ...rec, actions: p.actions };
  });
  const actionsTotal = records.reduce((s, r) => s + r.actions.length, 0);
  const replays = measure('replay recorded games (legality-checked)', 'action', () => {
    for (const r of records) game.replay(r);
    return actionsTotal;
  }, 10, 1, `${(actionsTotal / records.length).toFixed(0)} actions/game on average`);
  return [{ title: 'Soft Underbelly (medians)', rows: [playouts, replays] }];
}
