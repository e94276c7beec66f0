/**
 * The AI's impulse in words, after it has played it: "attacks Sicily with 4 cubes and the
 * tank, odds of taking it 62%". Games phrase it (`hooks.summarize`); otherwise the steps'
 * descriptions are joined.
 */
import { determinizeState, seedRng, type Action, type View } from '@sandtable/engine';
import type { AiEntry } from './registry.ts';
import type { SearchStats } from './hooks.ts';
import type { Choice } from './players.ts';

export function summarizePlan(
  entry: AiEntry,
  start: View<unknown>,
  actions: readonly Action[],
  stats: SearchStats,
): string {
  const { game, hooks } = entry;
  const state = determinizeState(
    game,
    start,
    seedRng(`summary:${start.seq}`),
    `summary:${start.seq}`,
    hooks.determinize ?? game.rules.determinize,
  );
  if (hooks.summarize) {
    // A summary only reports: a game's narrator that fails falls back to the steps joined, and
    // never ends the game it describes.
    try {
      return hooks.summarize(state.game, start.role, actions, stats);
    } catch {
      // fall through to the plain description
    }
  }
  const steps: string[] = [];
  for (const a of actions) {
    steps.push(game.rules.describe?.(state.game, a) ?? a.type);
    try {
      game.applyInPlace(state, start.role, a, true);
    } catch {
      break; // the sampled dice diverged from the real ones; the rest is described as listed
    }
  }
  return `${start.role}: ${steps.join('; ')} (odds of winning ${Math.round(stats.winChance * 100)}%)`;
}

/**
 * Collects an AI's consecutive steps and says what it did once play passes to another role.
 * Feed it every decision (`step`), whoever takes it.
 */
export class ImpulseNarrator {
  private start: View<unknown> | null = null;
  private actions: Action[] = [];
  private stats: SearchStats | null = null;

  constructor(
    private readonly entry: AiEntry,
    private readonly aiRoles: ReadonlySet<string>,
  ) {}

  /** Records a decision taken from `view`; returns a summary when an AI's streak just ended. */
  step(view: View<unknown>, choice: Choice | null): string | null {
    const said = this.start && this.start.role !== view.role ? this.flush() : null;
    if (this.aiRoles.has(view.role) && choice) {
      if (!this.start) this.start = view;
      this.actions.push(choice.action);
      if (choice.stats) this.stats = choice.stats;
    }
    return said;
  }

  /** The summary of the streak in progress (call at the end of the game). */
  flush(): string | null {
    const start = this.start;
    const stats = this.stats;
    this.start = null;
    this.stats = null;
    const actions = this.actions;
    this.actions = [];
    if (!start || !stats || actions.length === 0) return null;
    return summarizePlan(this.entry, start, actions, stats);
  }
}
