/**
 * Growth: the cost of a replayed action at 1k, 10k and 100k replayed actions per game, and the
 * heap a loaded (replayed) game holds with 10 and 100 games loaded at once (a server's load). A
 * record is one game, played to its end (about a thousand actions); 10k and 100k replay ten and a
 * hundred of them. The suite fails (`npm run bench` exits 1) if either grows faster than linearly:
 * a replayed action costing more at 100k than at 1k, or a loaded game holding more heap at 100
 * than at 10, by more than the noise allowance.
 */
import { randomPlayout, type GameRecord, type Game } from '@sandtable/engine';
import { catalog } from '@sandtable/catalog';
import { aim, median, type BenchRow } from './lib.ts';

const SIZES = [1_000, 10_000, 100_000] as const;
/** Per-action cost or per-game heap may be this much higher at the larger size before it counts as growth. */
const ALLOWANCE = 1.5;
/** Rounds over the sizes (1k three times a round): each figure is a median over the rounds. */
const ROUNDS = 3;

function records(game: Game<any, any, any>, total: number): GameRecord[] {
  const out: GameRecord[] = [];
  for (let n = 0, i = 0; n < total; i++) {
    const rec = game.newRecord(`growth-${i}`);
    const p = randomPlayout(game, game.replay(rec), `growth-c${i}`, { record: true });
    out.push({ ...rec, actions: p.actions });
    n += p.actions.length;
  }
  return out;
}

/** Replays records from the start until `actions` actions are replayed (the last one cut short). */
function replayActions(game: Game<any, any, any>, recs: GameRecord[], actions: number): number {
  let n = 0;
  for (const r of recs) {
    if (n >= actions) break;
    const upTo = Math.min(r.actions.length, actions - n);
    game.replay(r, upTo);
    n += upTo;
  }
  return n;
}

function heapPerGame(game: Game<any, any, any>, recs: GameRecord[], count: number): number {
  const gc = (globalThis as { gc?: () => void }).gc;
  if (!gc) return Number.NaN;
  gc();
  const before = process.memoryUsage().heapUsed;
  const held = [];
  for (let i = 0; i < count; i++) held.push(game.replay(recs[i % recs.length]!));
  gc();
  const after = process.memoryUsage().heapUsed;
  if (held.length !== count) throw new Error('unreachable');
  return (after - before) / count;
}

export async function run(): Promise<{ title: string; rows: BenchRow[] }[]> {
  const rows: BenchRow[] = [];
  let failed = false;
  for (const [id, { game }] of Object.entries(catalog)) {
    const recs = records(game, SIZES[SIZES.length - 1]!);
    replayActions(game, recs, 10_000); // warm the JIT
    // round-robin over the sizes, so a change in the machine's speed reaches each of them alike
    const samples = SIZES.map(() => [] as number[]);
    for (let round = 0; round < ROUNDS; round++)
      SIZES.forEach((size, k) => {
        for (let rep = 0; rep < (size < 10_000 ? 3 : 1); rep++) {
          const t0 = performance.now();
          const n = replayActions(game, recs, size);
          samples[k]!.push((performance.now() - t0) / n);
        }
      });
    const perAction = SIZES.map((size, k) => ({ size, ms: median(samples[k]!), runs: samples[k]!.length }));
    for (const p of perAction)
      rows.push({
        name: `${id}: replay at ${p.size.toLocaleString('en')} actions`,
        unit: 'action',
        samples: p.runs,
        medianMs: p.ms,
        perSecond: 1000 / p.ms,
        note: `${(p.ms * 1000).toFixed(1)} µs an action`,
      });
    const growth = perAction[perAction.length - 1]!.ms / perAction[0]!.ms;
    const cost = aim(
      {
        name: `${id}: replayed-action cost, 100k / 1k`,
        unit: 'ratio',
        samples: 1,
        medianMs: Number.NaN,
        perSecond: Number.NaN,
        note: `${growth.toFixed(2)}x`,
      },
      `<= ${ALLOWANCE} (linear)`,
      growth <= ALLOWANCE,
    );
    rows.push(cost);
    const heaps = [10, 100].map((n) => ({ n, bytes: median([0, 1, 2].map(() => heapPerGame(game, recs, n))) }));
    for (const h of heaps)
      rows.push({
        name: `${id}: heap per loaded game, ${h.n} loaded`,
        unit: 'game',
        samples: 3,
        medianMs: Number.NaN,
        perSecond: Number.NaN,
        note: Number.isNaN(h.bytes) ? 'run node with --expose-gc' : `${(h.bytes / 1024).toFixed(0)} KiB`,
      });
    const heapGrowth = heaps[1]!.bytes / heaps[0]!.bytes;
    const heap = aim(
      {
        name: `${id}: heap per loaded game, 100 / 10`,
        unit: 'ratio',
        samples: 3,
        medianMs: Number.NaN,
        perSecond: Number.NaN,
        note: `${heapGrowth.toFixed(2)}x`,
      },
      `<= ${ALLOWANCE} (linear)`,
      heapGrowth <= ALLOWANCE,
    );
    rows.push(heap);
    if (!cost.met || !heap.met) failed = true;
  }
  if (failed) process.exitCode = 1;
  return [{ title: 'Growth: replay cost and heap per game (fails if either grows faster than linearly)', rows }];
}
