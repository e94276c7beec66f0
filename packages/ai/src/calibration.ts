/**
 * Calibration of the AI's win estimates (#20 item 3): in AI-vs-AI games, the evaluation of the
 * position at the start of each turn (the estimate the search's win chances are built from),
 * bucketed and compared with the results. A bucket is off by the gap between its mean estimate
 * and the share of games the side actually won (a draw counts half); the Brier score is the
 * mean squared error of the estimates.
 */
import type { Role } from '@sandtable/engine';
import { viewForAi, type AiEntry } from './registry.ts';
import { makePlayer, type BudgetOverride } from './players.ts';
import type { AiKind } from './strength.ts';

export interface TurnEstimate {
  turn: number;
  /** The first role's estimated chance to win at the start of the turn. */
  estimate: number;
}

export interface CalibrationGame {
  seed: string;
  /** The first role's result: 1 won, 0.5 draw, 0 lost; null when cut short. */
  result: number | null;
  estimates: TurnEstimate[];
}

/** Plays one AI-vs-AI game from the set-up, recording the first role's estimate at each turn start. */
export function calibrationGame(
  entry: AiEntry,
  ai: AiKind,
  seed: string,
  budget: BudgetOverride = {},
  maxSteps = 100_000,
): CalibrationGame {
  const { game, hooks } = entry;
  const roles = game.rules.roles as Role[];
  const first = roles[0]!;
  const players = new Map(roles.map((r) => [r, makePlayer(entry, ai, `calibrate:${seed}:${r}`, budget)]));
  const state = game.setup(`calibrate:${seed}`);
  const estimates: TurnEstimate[] = [];
  let lastTurn: number | undefined;
  for (let steps = 0; steps < maxSteps && !game.outcome(state); steps++) {
    // A turn starts at its first decision past the set-up (a set-up may already read turn 1).
    const { turn, phase } = state.game as { turn?: number; phase?: string };
    if (typeof turn === 'number' && turn >= 1 && turn !== lastTurn && phase !== 'setup') {
      lastTurn = turn;
      estimates.push({ turn, estimate: hooks.evaluate(state.game, first) });
    }
    const d = game.decision(state);
    if (!d) break;
    const action = players.get(d.role)!.choose(viewForAi(entry, state, d.role)).action;
    game.applyInPlace(state, d.role, action, true);
  }
  const o = game.outcome(state);
  return { seed, result: o ? (o.winner === first ? 1 : o.winner === null ? 0.5 : 0) : null, estimates };
}

export interface Bucket {
  from: number;
  to: number;
  n: number;
  meanEstimate: number;
  observed: number;
}

/** Ten buckets of estimates (0-10%, ..., 90-100%) against the results, and the Brier score. */
export function calibrate(games: readonly CalibrationGame[]): { buckets: Bucket[]; brier: number; n: number } {
  const buckets: Bucket[] = Array.from({ length: 10 }, (_, i) => ({
    from: i / 10,
    to: (i + 1) / 10,
    n: 0,
    meanEstimate: 0,
    observed: 0,
  }));
  let se = 0;
  let n = 0;
  for (const g of games) {
    if (g.result === null) continue;
    for (const e of g.estimates) {
      const b = buckets[Math.min(9, Math.floor(e.estimate * 10))]!;
      b.n++;
      b.meanEstimate += e.estimate;
      b.observed += g.result;
      se += (e.estimate - g.result) ** 2;
      n++;
    }
  }
  for (const b of buckets)
    if (b.n) {
      b.meanEstimate /= b.n;
      b.observed /= b.n;
    }
  return { buckets, brier: n ? se / n : Number.NaN, n };
}

/** The calibration table (markdown) for the first role's estimates. */
export function calibrationTable(role: string, games: readonly CalibrationGame[]): string[] {
  const { buckets, brier, n } = calibrate(games);
  const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
  const lines = [`| ${role}'s estimate | estimates | mean estimate | ${role} won | off by |`, '|---|---|---|---|---|'];
  for (const b of buckets) {
    if (!b.n) continue;
    const off = Math.abs(b.meanEstimate - b.observed);
    lines.push(
      `| ${pct(b.from)}-${pct(b.to)} | ${b.n} | ${pct(b.meanEstimate)} | ${pct(b.observed)} | ${(100 * off).toFixed(1)} points${off > 0.15 ? ' (over 15)' : ''} |`,
    );
  }
  lines.push(
    `Brier score ${brier.toFixed(3)} over ${n} turn-start estimates in ${games.filter((g) => g.result !== null).length} games.`,
  );
  return lines;
}
