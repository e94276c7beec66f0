/**
 * Single-observer information-set Monte Carlo tree search (Cowling, Powley & Whitehouse 2012).
 *
 * The searcher is handed only a role's `View` - never the full state. Each iteration samples a
 * full state consistent with that view (`determinize`, hidden parts drawn, future dice from the
 * searcher's own seeds), then walks one tree whose edges are actions (shared across
 * determinizations; a child's "availability" counts how often it was legal). After the clone
 * made by the determinization, every step is `applyInPlace` with quiet logging.
 *
 * Multi-step decisions make the tree deep, so nodes widen progressively (a node with n visits
 * may have about sqrt(n) children, tried in prior order) and rollouts are capped in length,
 * after which the game's evaluation scores the position.
 *
 * Deterministic for a given seed and iteration count: the only clock read is the time budget.
 */
import {
  determinizeState,
  randomIndex,
  seedRng,
  type Action,
  type EngineState,
  type Game,
  type RngState,
  type Role,
  type View,
} from '@sandtable/engine';
import type { AiHooks, SearchStats } from './hooks.ts';
import type { Budget } from './budget.ts';

export interface SearchOptions {
  /** Seed of the searcher's own randomness (determinizations, future dice, rollouts). */
  seed: string | number;
  /** Stop after this many iterations. */
  iterations?: number;
  /** Stop after this much wall time, ms. */
  timeMs?: number;
  /** UCB exploration constant (rewards are in [0, 1]). */
  exploration?: number;
  /** Weight of the prior while an action has few visits (progressive bias). */
  priorWeight?: number;
  /** Children allowed at a node with n visits: 1 + floor(wideningK * n^wideningAlpha). */
  wideningK?: number;
  wideningAlpha?: number;
  /** Overrides the hooks' rollout depth. */
  rolloutDepth?: number;
  /** Smart pruning: stop once the most visited root action cannot be overtaken (default true). */
  stopEarly?: boolean;
}

export interface RootChoice<A> {
  action: A;
  visits: number;
  winChance: number;
}

export interface SearchResult<A> {
  action: A;
  stats: SearchStats;
  /** Root actions by visits, best first. */
  choices: RootChoice<A>[];
  /** The principal line of the deciding role's own consecutive steps, starting with `action`. */
  plan: A[];
}

interface Node<A> {
  action: A | null;
  /** The role that chose `action` to reach this node. */
  role: Role | null;
  visits: number;
  /** Times this node's action was legal when its parent was visited. */
  avail: number;
  /** Sum of rewards for `role`. */
  value: number;
  prior: number;
  children: Map<string, Node<A>>;
}

/** A decision's whole budget, for smart pruning (see `Searcher.run`). */
export interface Prune {
  iterations?: number;
  /** A `now()` value. */
  deadline?: number;
}

/** Smart pruning looks every this many iterations, and trusts the speed after this many. */
const PRUNE_EVERY = 8;
const PRUNE_MIN_SAMPLE = 24;

const DEFAULTS = { exploration: 0.7, priorWeight: 1.0, wideningK: 1.5, wideningAlpha: 0.5, rolloutDepth: 30 };

function newNode<A>(action: A | null, role: Role | null, prior: number): Node<A> {
  return { action, role, visits: 0, avail: 0, value: 0, prior, children: new Map() };
}

/** The key of an action in the tree: games build actions with a fixed key order. */
export function actionKey(a: Action): string {
  return JSON.stringify(a);
}

export const now: () => number = () => globalThis.performance.now();

/** An incremental ISMCTS: run iterations in slices (for time budgets and cancellation), then read the result. */
export class Searcher<G, A extends Action, V> {
  root: Node<A> = newNode<A>(null, null, 1);
  /** Iterations and time spent on the current decision. */
  iterations = 0;
  elapsedMs = 0;
  /** Whether smart pruning ended the current decision's search. */
  stoppedEarly = false;
  /** Iterations since the searcher was made (names each iteration's dice seed), and their time. */
  private serial = 0;
  private lifetimeMs = 0;
  private readonly sampler: RngState;
  private readonly chooser: RngState;
  private readonly roleIndex: Map<Role, number>;
  private readonly rolloutDepth: number;
  private readonly o: Required<Omit<SearchOptions, 'iterations' | 'timeMs' | 'rolloutDepth' | 'stopEarly'>>;

  constructor(
    private readonly game: Game<G, A, V>,
    private readonly hooks: AiHooks<G, A, V>,
    private view: View<V>,
    opts: SearchOptions,
  ) {
    if (!view.decision || view.decision.role !== view.role || view.actions.length === 0) {
      throw new Error(`the AI for ${view.role} has no decision to take in this view`);
    }
    this.o = { ...DEFAULTS, ...stripUndefined(opts) } as typeof this.o;
    this.rolloutDepth = opts.rolloutDepth ?? hooks.rolloutDepth ?? DEFAULTS.rolloutDepth;
    this.sampler = seedRng(`ismcts-sample:${opts.seed}`);
    this.chooser = seedRng(`ismcts-choose:${opts.seed}`);
    this.roleIndex = new Map(game.rules.roles.map((r, i) => [r, i]));
  }

  /**
   * Runs up to `n` iterations, or until `deadline` (a `now()` value) passes. Returns how many ran.
   * With `prune` (smart pruning, as in Leela Zero / KataGo), it also stops once the most visited
   * root action cannot be overtaken: its lead in visits exceeds the iterations the budget still
   * allows (`prune.iterations` in all for this decision, `prune.deadline` for time, estimated
   * from this searcher's own speed). With an iteration budget only, the stop is deterministic.
   */
  run(n: number, deadline = Infinity, prune?: Prune): number {
    const t0 = now();
    let done = 0;
    while (done < n) {
      this.iterate();
      done++;
      if (deadline !== Infinity && now() >= deadline) break;
      if (prune && done % PRUNE_EVERY === 0 && this.decided(this.left(prune, t0))) {
        this.stoppedEarly = true;
        break;
      }
    }
    const took = now() - t0;
    this.elapsedMs += took;
    this.lifetimeMs += took;
    return done;
  }

  /** Iterations the budget still allows (time converted at the speed measured so far). */
  private left(prune: Prune, t0: number): number {
    let left = (prune.iterations ?? Number.MAX_SAFE_INTEGER) - this.iterations;
    if (prune.deadline !== undefined && prune.deadline !== Infinity) {
      const t = now();
      const ms = this.lifetimeMs + (t - t0);
      if (this.serial < PRUNE_MIN_SAMPLE || ms <= 0) return Number.MAX_SAFE_INTEGER; // speed unknown yet
      left = Math.min(left, (this.serial / ms) * Math.max(0, prune.deadline - t));
    }
    return Math.max(0, left);
  }

  /** True when no root action can reach the leader's visits in `left` more iterations. */
  decided(left: number): boolean {
    let best = 0;
    let second = 0;
    for (const a of this.view.actions as A[]) {
      const v = this.root.children.get(actionKey(a))?.visits ?? 0;
      if (v > best) {
        second = best;
        best = v;
      } else if (v > second) second = v;
    }
    return best - second > left;
  }

  private determinize(): EngineState<G> {
    const fill = this.hooks.determinize ?? this.game.rules.determinize;
    return determinizeState(this.game, this.view, this.sampler, `ismcts-dice:${this.o.seed}:${this.serial}`, fill);
  }

  private iterate(): void {
    const state = this.determinize();
    const path: Node<A>[] = [this.root];
    let node = this.root;
    for (;;) {
      const role = this.game.roleToAct(state);
      if (role === null || this.game.outcome(state)) break;
      const legal = this.game.legalActions(state, role);
      if (legal.length === 0) break;
      const { child, expanded } = this.select(node, state, role, legal);
      this.game.applyInPlace(state, role, child.action!, true);
      path.push(child);
      node = child;
      if (expanded) break;
    }
    const rewards = this.playout(state);
    for (const n of path) {
      n.visits++;
      if (n.role !== null) n.value += rewards[this.roleIndex.get(n.role)!]!;
    }
    this.iterations++;
    this.serial++;
  }

  /**
   * Tree reuse: when the same role decides again right after playing `action` (the next small
   * step of its impulse), the subtree below `action` becomes the root for `next`. Returns false
   * (nothing changed) when `next` does not directly follow.
   */
  advance(action: A, next: View<V>): boolean {
    const child = this.root.children.get(actionKey(action));
    const follows =
      next.role === this.view.role &&
      next.seq === this.view.seq + 1 &&
      next.decision?.role === next.role &&
      next.actions.length > 0;
    if (!child || !follows) return false;
    this.root = child;
    this.view = next;
    this.iterations = 0;
    this.elapsedMs = 0;
    this.stoppedEarly = false;
    return true;
  }

  /** Picks the child to descend into: a new one while the node may widen, else the best by UCB. */
  private select(node: Node<A>, state: EngineState<G>, role: Role, legal: A[]): { child: Node<A>; expanded: boolean } {
    const present: Node<A>[] = [];
    const absent: number[] = [];
    for (let i = 0; i < legal.length; i++) {
      const c = node.children.get(actionKey(legal[i]!));
      if (c) {
        c.avail++;
        present.push(c);
      } else absent.push(i);
    }
    const limit = 1 + Math.floor(this.o.wideningK * node.visits ** this.o.wideningAlpha);
    if (absent.length > 0 && (present.length < limit || present.length === 0)) {
      return { child: this.expand(node, state, role, legal, absent), expanded: true };
    }
    let best = present[0]!;
    let bestScore = -Infinity;
    for (const c of present) {
      const score = this.ucb(c);
      if (score > bestScore) {
        bestScore = score;
        best = c;
      }
    }
    return { child: best, expanded: false };
  }

  private ucb(c: Node<A>): number {
    if (c.visits === 0) return Infinity;
    const q = c.value / c.visits;
    const explore = this.o.exploration * Math.sqrt(Math.log(Math.max(c.avail, 1)) / c.visits);
    return q + explore + (this.o.priorWeight * c.prior) / (c.visits + 1);
  }

  /** Adds the unexpanded legal action with the highest prior (ties broken at random). */
  private expand(node: Node<A>, state: EngineState<G>, role: Role, legal: A[], absent: number[]): Node<A> {
    const weights = this.hooks.priors?.(state.game, role, legal);
    let pick = absent[randomIndex(this.chooser, absent.length)]!;
    if (weights) {
      let bestW = weights[pick]!;
      for (const i of absent)
        if (weights[i]! > bestW) {
          bestW = weights[i]!;
          pick = i;
        }
    }
    const prior = weights ? weights[pick]! / Math.max(...weights, 1e-9) : 0;
    const child = newNode(legal[pick]!, role, prior);
    child.avail = 1;
    node.children.set(actionKey(legal[pick]!), child);
    return child;
  }

  /** Plays the rollout policy up to the depth cap; returns a reward in [0, 1] per role index. */
  private playout(state: EngineState<G>): number[] {
    for (let depth = 0; depth < this.rolloutDepth; depth++) {
      if (this.game.outcome(state)) break;
      const role = this.game.roleToAct(state);
      if (role === null) break;
      const legal = this.game.legalActions(state, role);
      if (legal.length === 0) break;
      const i = this.hooks.rollout
        ? this.hooks.rollout(state.game, role, legal, this.chooser)
        : randomIndex(this.chooser, legal.length);
      this.game.applyInPlace(state, role, legal[i]!, true);
    }
    return this.rewards(state);
  }

  private rewards(state: EngineState<G>): number[] {
    const roles = this.game.rules.roles;
    const o = this.game.outcome(state);
    if (o) return roles.map((r) => (o.winner === null ? 0.5 : o.winner === r ? 1 : 0));
    if (roles.length === 2) {
      const v = clamp01(this.hooks.evaluate(state.game, roles[0]!));
      return [v, 1 - v];
    }
    return roles.map((r) => clamp01(this.hooks.evaluate(state.game, r)));
  }

  /** Root actions that are legal in the view, by visits (ties: higher win chance). */
  choices(): RootChoice<A>[] {
    const out: RootChoice<A>[] = [];
    for (const a of this.view.actions as A[]) {
      const c = this.root.children.get(actionKey(a));
      out.push({ action: a, visits: c?.visits ?? 0, winChance: c?.visits ? c.value / c.visits : 0 });
    }
    return out.sort((x, y) => y.visits - x.visits || y.winChance - x.winChance);
  }

  result(): SearchResult<A> {
    const choices = this.choices();
    const best = choices[0]!;
    return {
      action: best.action,
      stats: {
        iterations: this.iterations,
        elapsedMs: this.elapsedMs,
        winChance: best.winChance,
        visits: best.visits,
        stoppedEarly: this.stoppedEarly,
      },
      choices,
      plan: this.principalPlan(best.action),
    };
  }

  /** Follows the most visited children while the deciding role keeps acting. */
  private principalPlan(first: A): A[] {
    const plan: A[] = [first];
    let node = this.root.children.get(actionKey(first));
    while (node && node.children.size > 0) {
      let next: Node<A> | null = null;
      for (const c of node.children.values()) if (!next || c.visits > next.visits) next = c;
      if (!next || next.role !== this.view.role || next.visits < 2) break;
      plan.push(next.action!);
      node = next;
    }
    return plan;
  }
}

function clamp01(x: number): number {
  return x < 0 ? 0 : x > 1 ? 1 : Number.isFinite(x) ? x : 0.5;
}

function stripUndefined<T extends object>(o: T): Partial<T> {
  return Object.fromEntries(Object.entries(o).filter(([, v]) => v !== undefined)) as Partial<T>;
}

/**
 * Spends a budget (iterations and/or time; at least one iteration unless the choice is forced),
 * stopping early when the choice is settled (smart pruning) unless `stopEarly` is false.
 */
export function runBudget<G, A extends Action, V>(
  s: Searcher<G, A, V>,
  forced: boolean,
  budget: Budget & { stopEarly?: boolean },
): SearchResult<A> {
  if (budget.iterations === undefined && budget.timeMs === undefined)
    throw new Error('a search needs an iteration or time budget');
  s.stoppedEarly = false;
  if (!forced) {
    const deadline = budget.timeMs === undefined ? Infinity : now() + budget.timeMs;
    const maxIter = budget.iterations ?? Number.MAX_SAFE_INTEGER;
    s.run(maxIter, deadline, budget.stopEarly === false ? undefined : { iterations: maxIter, deadline });
  }
  return s.result();
}

/** Runs a search to its budget. */
export function search<G, A extends Action, V>(
  game: Game<G, A, V>,
  hooks: AiHooks<G, A, V>,
  view: View<V>,
  opts: SearchOptions,
): SearchResult<A> {
  return runBudget(new Searcher(game, hooks, view, opts), view.actions.length === 1, opts);
}

export interface AsyncBudget extends Budget {
  signal?: AbortSignal;
  /** Time between yields to the event loop, ms (default 15). */
  sliceMs?: number;
  stopEarly?: boolean;
}

/**
 * `runBudget` in slices of `sliceMs`, yielding to the event loop between slices so that `signal`
 * can stop it; on abort it resolves with the best action found so far.
 */
export async function runBudgetAsync<G, A extends Action, V>(
  s: Searcher<G, A, V>,
  forced: boolean,
  budget: AsyncBudget,
): Promise<SearchResult<A>> {
  if (budget.iterations === undefined && budget.timeMs === undefined)
    throw new Error('a search needs an iteration or time budget');
  s.stoppedEarly = false;
  const deadline = budget.timeMs === undefined ? Infinity : now() + budget.timeMs;
  const maxIter = budget.iterations ?? Number.MAX_SAFE_INTEGER;
  const prune = budget.stopEarly === false ? undefined : { iterations: maxIter, deadline };
  const slice = budget.sliceMs ?? 15;
  if (!forced) {
    while (s.iterations < maxIter && now() < deadline && !budget.signal?.aborted && !s.stoppedEarly) {
      s.run(maxIter - s.iterations, Math.min(deadline, now() + slice), prune);
      await yieldToEventLoop();
    }
  }
  return s.result();
}

/** The same search as `search`, in slices, cancellable by `signal`. */
export async function searchAsync<G, A extends Action, V>(
  game: Game<G, A, V>,
  hooks: AiHooks<G, A, V>,
  view: View<V>,
  opts: SearchOptions & { signal?: AbortSignal; sliceMs?: number },
): Promise<SearchResult<A>> {
  return runBudgetAsync(new Searcher(game, hooks, view, opts), view.actions.length === 1, opts);
}

/** A macrotask turn (so messages and abort events are delivered), in Node and in browsers. */
export function yieldToEventLoop(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
