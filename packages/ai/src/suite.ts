/**
 * Position suites (issue #20): positions judged by the rules of good play, not by win rates
 * against weak baselines. A case is a position file in the game's own position format, the
 * side to play, the principle (with its rule) and the right play as a predicate on the
 * positions before and after the side's play. The predicate checks the rule's outcome (the
 * capital still held, the cards spent, every stack in the battle), never one hard-coded move.
 *
 * `runCase` starts the game from the position, lets the AI play the side until the case's
 * horizon (by default the end of the side's impulse, as the game's suite defines it), the other
 * side answering at easy strength, and checks the predicate; `runSuite` does it `runs` times a
 * case (different seeds, so different dice and search) and counts the right plays.
 */
import type { Action, EngineState, Role } from '@sandtable/engine';
import type { PositionSuite, SuiteCase } from './suite-types.ts';
import { viewForAi, type AiEntry } from './registry.ts';
import { makePlayer, type AiPlayer, type BudgetOverride } from './players.ts';
import type { AiKind } from './strength.ts';
import { now } from './search.ts';

export type { PositionSuite, SuiteCase } from './suite-types.ts';

export interface CaseRun {
  right: boolean;
  /** The side's actions, for the report. */
  played: Action[];
  ms: number;
}

export interface CaseResult {
  name: string;
  side: Role;
  principle: string;
  runs: CaseRun[];
  rightRuns: number;
}

export interface SuiteRunOptions {
  ai?: AiKind;
  /** The opponent's player (default easy). */
  opponent?: AiKind;
  runs?: number;
  budget?: BudgetOverride;
  seed?: string;
}

/** The game state a position file sets up (parsed JSON given). */
export function positionState<G>(entry: AiEntry<G>, c: SuiteCase<G>, position: unknown, seed: string): EngineState<G> {
  return entry.game.setup(seed, undefined, c.options ?? {}, undefined, position);
}

/** One run of a case: the AI plays the side to the horizon; the predicate judges. */
export function runCase<G, A extends Action>(
  entry: AiEntry<G, A>,
  suite: PositionSuite<G, A>,
  c: SuiteCase<G, A>,
  position: unknown,
  run: number,
  o: SuiteRunOptions = {},
): CaseRun {
  const seed = `${o.seed ?? 'suite'}:${c.name}:${run}`;
  const state = positionState(entry, c, position, seed);
  const start = structuredClone(state.game);
  const ai = makePlayer(entry, o.ai ?? 'normal', `suite-ai:${seed}`, o.budget ?? {});
  const opp: AiPlayer = makePlayer(entry, o.opponent ?? 'easy', `suite-opp:${seed}`);
  const played: A[] = [];
  const until = c.until ?? ((s: G, n: G, next: Role | null) => suite.horizon(s, n, next, c.side));
  const t0 = now();
  for (let steps = 0; steps < (c.maxSteps ?? 400); steps++) {
    const d = entry.game.outcome(state) ? null : entry.game.decision(state);
    if (until(start, state.game, d?.role ?? null) || !d) break;
    const view = viewForAi(entry, state, d.role);
    const mine = d.role === c.side;
    const action = (mine ? ai : opp).choose(view).action as A;
    if (mine) played.push(action);
    entry.game.applyInPlace(state, d.role, action, true);
  }
  return { right: c.right(start, state.game, played), played, ms: now() - t0 };
}

/** Every case `runs` times (default 5); `position(c)` reads a case's file. */
export function runSuite<G, A extends Action>(
  entry: AiEntry<G, A>,
  suite: PositionSuite<G, A>,
  position: (c: SuiteCase<G, A>) => unknown,
  o: SuiteRunOptions = {},
  onCase?: (r: CaseResult) => void,
): CaseResult[] {
  return suite.cases.map((c) => {
    const p = position(c);
    const runs = Array.from({ length: o.runs ?? 5 }, (_, k) => runCase(entry, suite, c, p, k, o));
    const r = {
      name: c.name,
      side: c.side,
      principle: c.principle,
      runs,
      rightRuns: runs.filter((x) => x.right).length,
    };
    onCase?.(r);
    return r;
  });
}

/** A case passes when at least 4 of 5 runs (80%) are right; a suite when 90% of its cases pass. */
export function casePasses(r: CaseResult): boolean {
  return r.rightRuns >= Math.ceil(0.8 * r.runs.length);
}

/** The suite's table: one row a case, then the pass rate. */
export function suiteTable(game: string, results: CaseResult[]): string[] {
  const lines = [`| ${game} | side | right runs | passes | principle |`, '|---|---|---|---|---|'];
  for (const r of results)
    lines.push(
      `| ${r.name} | ${r.side} | ${r.rightRuns}/${r.runs.length} | ${casePasses(r) ? 'yes' : 'NO'} | ${r.principle} |`,
    );
  const passed = results.filter(casePasses).length;
  lines.push(
    `| **pass rate** | | | **${passed}/${results.length} (${Math.round((100 * passed) / Math.max(1, results.length))}%)** | target: 90% of positions with >= 4 of 5 runs right |`,
  );
  return lines;
}
