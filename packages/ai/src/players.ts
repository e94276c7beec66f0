/**
 * Players the CLI, the league and the web client can seat: uniform random, greedy (the best
 * evaluation one impulse on) and the ISMCTS searcher at a strength. All decide from a role's view only.
 */
import {
  determinizeState,
  randomIndex,
  seedRng,
  type Action,
  type EngineState,
  type RngState,
  type View,
} from '@sandtable/engine';
import type { AiEntry } from './registry.ts';
import type { SearchStats } from './hooks.ts';
import { now, runBudget, Searcher, type SearchOptions } from './search.ts';
import { STRENGTHS, isStrength, type AiKind } from './strength.ts';
import { ImpulseClock } from './budget.ts';

export interface Choice<A extends Action = Action> {
  action: A;
  /** Present for searched choices. */
  stats?: SearchStats;
  /** The searcher's intended continuation of its own steps. */
  plan?: A[];
}

export interface AiPlayer {
  readonly name: string;
  choose(view: View<unknown>): Choice;
}

export interface BudgetOverride {
  timeMs?: number;
  iterations?: number;
}

/** Seeds differ per decision but are fixed by (player seed, action index). */
function decisionSeed(seed: string, view: View<unknown>): string {
  return `${seed}:${view.role}:${view.seq}`;
}

export function randomPlayer(seed: string): AiPlayer {
  const rng = seedRng(`random-ai:${seed}`);
  return { name: 'random', choose: (view) => ({ action: view.actions[randomIndex(rng, view.actions.length)]! }) };
}

/**
 * One-ply greedy, where a ply is the role's whole impulse (#18.8): each legal action is applied to
 * `samples` determinizations (fresh dice each), the rest of the role's streak of steps is played
 * by the game's priors (the best-weighted step each time; uniform without priors), and the
 * position the impulse leaves is scored by the game's evaluation. The best average wins (ties
 * broken at random). Scoring the position one small step later instead made "pass" look as
 * good as playing a card whose effect comes three steps on, so the baseline declined to play.
 */
export function greedyPlayer(entry: AiEntry, seed: string, samples = 2, streakCap = 40): AiPlayer {
  const { game, hooks } = entry;
  const score = (s: EngineState<unknown>, role: string): number => {
    const o = game.outcome(s);
    return o ? (o.winner === role ? 1 : o.winner === null ? 0.5 : 0) : hooks.evaluate(s.game, role);
  };
  return {
    name: 'greedy',
    choose(view) {
      if (view.actions.length === 1) return { action: view.actions[0]! };
      const sampler = seedRng(`greedy:${decisionSeed(seed, view)}`);
      let best = view.actions[0]!;
      let bestScore = -Infinity;
      view.actions.forEach((action, i) => {
        let sum = 0;
        for (let k = 0; k < samples; k++) {
          const s = determinizeState(
            game,
            view,
            sampler,
            `greedy-dice:${seed}:${view.seq}:${i}:${k}`,
            hooks.determinize ?? game.rules.determinize,
          );
          game.applyInPlace(s, view.role, action, true);
          finishStreak(entry, s, view.role, streakCap, sampler);
          sum += score(s, view.role);
        }
        // Ties broken at random (seeded): a fixed first-listed choice can cycle forever
        // through steps that leave the evaluation unchanged (select, cancel, select...).
        const total = sum + randomIndex(sampler, 1000) * 1e-9;
        if (total > bestScore) {
          bestScore = total;
          best = action;
        }
      });
      return { action: best };
    },
  };
}

/**
 * Plays `role`'s remaining consecutive steps by the game's priors (best weight, ties at random), at
 * most `cap`, and never into the next turn (a pass that ends the turn must not earn the next one).
 */
function finishStreak(entry: AiEntry, s: EngineState<unknown>, role: string, cap: number, rng: RngState): void {
  const { game, hooks } = entry;
  const turn = (s.game as { turn?: unknown }).turn;
  for (let n = 0; n < cap && !game.outcome(s); n++) {
    if ((s.game as { turn?: unknown }).turn !== turn) return;
    const d = game.decision(s);
    if (!d || d.role !== role) return;
    const legal = game.legalActions(s, role);
    if (legal.length === 0) return;
    let pick = randomIndex(rng, legal.length);
    const w = hooks.priors?.(s.game, role, legal);
    if (w) for (let j = 0; j < legal.length; j++) if (w[j]! > w[pick]!) pick = j;
    game.applyInPlace(s, role, legal[pick]!, true);
  }
}

/**
 * The searcher as a player, with a budget per impulse (`ImpulseClock`): most of it on the first
 * step of a streak, the rest on the following steps, which reuse the subtree of the step just
 * played (`reuse`, on by default); forced steps are played without searching.
 */
export function searchPlayer(
  entry: AiEntry,
  seed: string,
  budget: Omit<SearchOptions, 'seed'>,
  name = 'ismcts',
  reuse = true,
): AiPlayer & { clock: ImpulseClock } {
  const clock = new ImpulseClock(budget);
  let last: { searcher: Searcher<unknown, Action, unknown>; action: Action } | null = null;
  return {
    name,
    clock,
    choose(view) {
      const continues = clock.continues(view);
      const allowance = clock.allowance(view);
      let searcher = continues && last && reuse && last.searcher.advance(last.action, view) ? last.searcher : null;
      if (!allowance) {
        // Forced: nothing to search; the tree (if it follows) is kept for the next step.
        const action = view.actions[0]!;
        last = searcher ? { searcher, action } : null;
        return searcher ? { action, stats: { ...searcher.result().stats, iterations: 0, elapsedMs: 0 } } : { action };
      }
      searcher ??= new Searcher(entry.game, entry.hooks, view, { ...budget, seed: decisionSeed(seed, view) });
      const r = runBudget(searcher, false, {
        ...allowance,
        ...(budget.stopEarly === undefined ? {} : { stopEarly: budget.stopEarly }),
      });
      clock.charge(r.stats);
      last = { searcher, action: r.action };
      return { action: r.action, stats: r.stats, plan: r.plan };
    },
  };
}

/** The player for a CLI/league name: random, greedy, or easy/normal/hard (optionally re-budgeted). */
export function makePlayer(entry: AiEntry, kind: AiKind, seed: string, override: BudgetOverride = {}): AiPlayer {
  if (kind === 'random') return randomPlayer(seed);
  if (kind === 'greedy') return greedyPlayer(entry, seed);
  if (!isStrength(kind)) throw new Error(`unknown AI "${kind}"`);
  const base = STRENGTHS[kind];
  const budget = { timeMs: override.timeMs ?? base.timeMs, iterations: override.iterations ?? base.iterations };
  return searchPlayer(entry, seed, budget, kind);
}

/** Times a player's decisions (for the league's mean time per decision). */
export function timed(player: AiPlayer): AiPlayer & { decisions: number; totalMs: number } {
  const t = {
    name: player.name,
    decisions: 0,
    totalMs: 0,
    choose(view: View<unknown>): Choice {
      const t0 = now();
      const c = player.choose(view);
      t.totalMs += now() - t0;
      t.decisions++;
      return c;
    },
  };
  return t;
}
