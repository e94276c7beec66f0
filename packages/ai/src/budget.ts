/**
 * The search budget of a decision in the wargamer's sense: one impulse/turn, i.e. the streak of
 * consecutive steps a role takes (pick an area, pick cubes, commit a tank...), not each step.
 *
 * A wargame asks the AI 1,300-2,500 small questions but only ~80 impulses (measured on an area
 * game of eight turns). The impulse budget is spent mostly on its first real choice (the tree it
 * grows there covers the following steps, which reuse it), then a share of what is left on each
 * later step, never less than a small floor a step. Forced steps (one legal action) cost nothing.
 * Time the search does not need (early stopping, see `Searcher.run`) stays in the impulse for its
 * later steps.
 *
 * Budgets can be in milliseconds, iterations or both (the first exhausted ends a step); with
 * iterations only, every allowance is a whole number of iterations and the play is reproducible.
 */
import type { View } from '@sandtable/engine';

export interface Budget {
  /** Wall time, ms. */
  timeMs?: number;
  /** Search iterations. */
  iterations?: number;
}

export interface BudgetShape {
  /** Share of the impulse budget the first real choice may spend. */
  first: number;
  /** Share of what is left that each later step may spend. */
  later: number;
  /** Least a step with a real choice gets, as a share of the impulse budget (also past the budget). */
  floor: number;
}

/** Most on the first step (60%), half of the rest on each next step, at least 1/40 a step. */
export const IMPULSE_SHAPE: BudgetShape = { first: 0.6, later: 0.5, floor: 0.025 };

/** What one step spent. */
export interface Spent {
  iterations: number;
  elapsedMs: number;
}

/**
 * Splits an impulse budget over the steps of each of a role's impulses. Call `allowance(view)`
 * at every decision of the role (forced ones too: they keep the streak) and `charge` with what
 * the step spent.
 */
export class ImpulseClock {
  private last: { role: string; seq: number } | null = null;
  private spent: Spent = { iterations: 0, elapsedMs: 0 };
  private steps = 0;
  /** Impulses begun (for statistics). */
  impulses = 0;

  constructor(
    readonly budget: Budget,
    readonly shape: BudgetShape = IMPULSE_SHAPE,
  ) {
    if (budget.timeMs === undefined && budget.iterations === undefined)
      throw new Error('an impulse budget needs a time or an iteration count');
  }

  /** True when `view` continues the streak of the previous call (same role, the very next step). */
  continues(view: View<unknown>): boolean {
    return this.last !== null && this.last.role === view.role && view.seq === this.last.seq + 1;
  }

  /**
   * The budget of this step: null when the step is forced (nothing to search), otherwise a share
   * of what the impulse has left, at least the floor. Starts a new impulse when `view` does not
   * continue the previous one.
   */
  allowance(view: View<unknown>): Budget | null {
    if (!this.continues(view)) {
      this.spent = { iterations: 0, elapsedMs: 0 };
      this.steps = 0;
      this.impulses++;
    }
    this.last = { role: view.role, seq: view.seq };
    if (view.actions.length <= 1) return null;
    const share = this.steps === 0 ? this.shape.first : this.shape.later;
    this.steps++;
    const out: Budget = {};
    const { timeMs, iterations } = this.budget;
    if (timeMs !== undefined) out.timeMs = Math.max(timeMs * this.shape.floor, (timeMs - this.spent.elapsedMs) * share);
    if (iterations !== undefined)
      out.iterations = Math.max(
        1,
        Math.round(Math.max(iterations * this.shape.floor, (iterations - this.spent.iterations) * share)),
      );
    return out;
  }

  /** Records what a step spent against the impulse. */
  charge(s: Spent): void {
    this.spent = { iterations: this.spent.iterations + s.iterations, elapsedMs: this.spent.elapsedMs + s.elapsedMs };
  }

  /** What the current impulse has spent so far. */
  get impulseSpent(): Spent {
    return { ...this.spent };
  }
}
