/**
 * The AI league's games and tables: `playGame` plays the AI against a baseline from each side's
 * own view; `leagueTable` prints win rates with 95% Wilson intervals and the AI's mean time per
 * impulse (a side's streak of consecutive steps: the wargamer's decision, which the budget is
 * set per) and per step. Targets (issue #4), at normal strength with 1 s a decision: >= 95%
 * against random and >= 70% against greedy, on each side. The command that runs a league (in
 * worker threads) is the CLI's `npm run ai:league` (packages/cli/src/league.ts).
 */
import type { Game, Role } from '@sandtable/engine';
import { viewForAi, type AiEntry } from './registry.ts';
import { makePlayer, timed, type BudgetOverride } from './players.ts';
import type { AiKind } from './strength.ts';
import { now } from './search.ts';

export interface GameSpec {
  gameId: string;
  ai: AiKind;
  opponent: AiKind;
  aiSide: Role;
  seed: string;
  timeMs?: number;
  /** Budgets in place of the strengths' own (e.g. iteration equivalents, so that load does not count). */
  aiBudget?: BudgetOverride;
  opponentBudget?: BudgetOverride;
  maxSteps?: number;
}

export interface GameResult {
  spec: GameSpec;
  winner: Role | null;
  /** How the game ended, in the rules' words (the outcome's reason and rule), or why it was cut short. */
  ending: string;
  aiWon: boolean;
  steps: number;
  /** The AI's steps that had a real choice (more than one legal action), and their time. */
  aiDecisions: number;
  aiMs: number;
  /** The AI's impulses (streaks of its consecutive steps) with at least one real choice. */
  aiImpulses: number;
}

/** Plays one game to the end; each side decides from its own view. */
export function playGame(entry: AiEntry, spec: GameSpec): GameResult {
  const { game } = entry;
  const ai = timed(
    makePlayer(
      entry,
      spec.ai,
      `league-ai:${spec.seed}`,
      spec.aiBudget ?? (spec.timeMs === undefined ? {} : { timeMs: spec.timeMs }),
    ),
  );
  const opp = makePlayer(entry, spec.opponent, `league-opp:${spec.seed}`, spec.opponentBudget ?? {});
  const state = game.setup(`league:${spec.seed}`);
  const max = spec.maxSteps ?? 100_000;
  let steps = 0;
  let aiDecisions = 0;
  let aiMs = 0;
  let aiImpulses = 0;
  let streak = null as { role: Role; counted: boolean } | null;
  while (!game.outcome(state) && steps < max) {
    const d = game.decision(state);
    if (!d) break;
    const view = viewForAi(entry, state, d.role);
    const mine = d.role === spec.aiSide;
    const t0 = now();
    const choice = (mine ? ai : opp).choose(view);
    if (streak?.role !== d.role) streak = { role: d.role, counted: false };
    if (mine && view.actions.length > 1) {
      aiDecisions++;
      aiMs += now() - t0;
      if (!streak.counted) aiImpulses++;
      streak.counted = true;
    }
    game.applyInPlace(state, d.role, choice.action, true);
    steps++;
  }
  const outcome = game.outcome(state);
  const winner = outcome?.winner ?? null;
  const ending = outcome ? `${outcome.reason} (${outcome.rule})` : `cut short after ${steps} steps`;
  return { spec, winner, ending, aiWon: winner === spec.aiSide, steps, aiDecisions, aiMs, aiImpulses };
}

/** 95% Wilson score interval of a proportion. */
export function wilson(wins: number, n: number, z = 1.96): [number, number] {
  if (n === 0) return [0, 1];
  const p = wins / n;
  const den = 1 + (z * z) / n;
  const mid = (p + (z * z) / (2 * n)) / den;
  const half = (z * Math.sqrt((p * (1 - p)) / n + (z * z) / (4 * n * n))) / den;
  return [Math.max(0, mid - half), Math.min(1, mid + half)];
}

/**
 * A strength's search budget as iterations an impulse (`normal` = `normalIterations`, the game's
 * iterations in about one second of an unloaded core; hard 4x; easy its own 300), with the time
 * cap far away: leagues on a loaded machine then play as they would on a free one. Baselines
 * (random, greedy) have no budget.
 */
export function iterationBudget(kind: AiKind, normalIterations: number): BudgetOverride {
  const n = kind === 'easy' ? 300 : kind === 'normal' ? normalIterations : kind === 'hard' ? 4 * normalIterations : 0;
  return n ? { iterations: n, timeMs: 600_000 } : {};
}

/** Game i of every pairing and side comes before game i + 1 of any (a cut-short run stays balanced). */
export function leagueSpecs(
  game: Game<any, any, any>,
  ai: AiKind,
  opponents: AiKind[],
  games: number,
  seed: string,
  timeMs?: number,
  sides?: readonly Role[],
): GameSpec[] {
  const gameId = game.rules.id;
  const all = game.rules.roles;
  for (const r of sides ?? [])
    if (!all.includes(r)) throw new Error(`unknown side "${r}"; roles are ${all.join(', ')}`);
  const roles = sides?.length ? all.filter((r) => sides.includes(r)) : all;
  const specs: GameSpec[] = [];
  for (let i = 0; i < games; i++) {
    for (const opponent of opponents) {
      for (const aiSide of roles) {
        const spec: GameSpec = { gameId, ai, opponent, aiSide, seed: `${seed}:${opponent}:${aiSide}:${i}` };
        if (timeMs !== undefined) spec.timeMs = timeMs;
        specs.push(spec);
      }
    }
  }
  return specs;
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

/** One table row per (opponent, AI side). */
export function leagueTable(results: GameResult[]): string[] {
  const groups = new Map<string, GameResult[]>();
  for (const r of results) {
    const k = `${r.spec.opponent}\t${r.spec.aiSide}`;
    groups.set(k, [...(groups.get(k) ?? []), r]);
  }
  const lines = [
    '| AI | vs | AI side | games | AI wins | win rate | 95% interval | mean ms/impulse | mean ms/step | impulses/game | steps/game | target |',
    '|---|---|---|---|---|---|---|---|---|---|---|---|',
  ];
  for (const [k, rs] of groups) {
    const [opp, side] = k.split('\t') as [string, string];
    const wins = rs.filter((r) => r.aiWon).length;
    const [lo, hi] = wilson(wins, rs.length);
    const decisions = rs.reduce((s, r) => s + r.aiDecisions, 0);
    const ms = rs.reduce((s, r) => s + r.aiMs, 0);
    const impulses = rs.reduce((s, r) => s + r.aiImpulses, 0);
    // #4: against the baselines; #18.8: the ladder, hard over normal and normal over easy.
    const ai = rs[0]!.spec.ai;
    const target =
      opp === 'random'
        ? 0.95
        : opp === 'greedy'
          ? 0.7
          : ai === 'hard' && opp === 'normal'
            ? 0.6
            : ai === 'normal' && opp === 'easy'
              ? 0.65
              : null;
    const verdict =
      target === null
        ? '-'
        : `${pct(target)}: ${wins / rs.length >= target ? (lo >= target ? 'met' : 'met (interval overlaps)') : 'NOT met'}`;
    lines.push(
      `| ${rs[0]!.spec.ai} | ${opp} | ${side} | ${rs.length} | ${wins} | ${pct(wins / rs.length)} | ${pct(lo)}-${pct(hi)} | ${(ms / Math.max(impulses, 1)).toFixed(0)} | ${(ms / Math.max(decisions, 1)).toFixed(0)} | ${(impulses / rs.length).toFixed(0)} | ${(decisions / rs.length).toFixed(0)} | ${verdict} |`,
    );
  }
  return lines;
}
