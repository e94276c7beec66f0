/**
 * `chooseAction(view, options)`: the one call a client needs (from a Web Worker or a Node
 * worker thread). It looks the game up by the view's id, searches within the budget in
 * slices, and stops early (with the best action so far) when `signal` aborts.
 */
import type { View } from '@sandtable/engine';
import { aiFor } from './registry.ts';
import { makePlayer, type Choice } from './players.ts';
import { searchAsync } from './search.ts';
import { STRENGTHS, isStrength, type AiKind } from './strength.ts';

export interface ChooseOptions {
  ai: AiKind;
  seed: string;
  /** Overrides the strength's time budget, ms. */
  timeMs?: number;
  /** Overrides the strength's iteration cap. */
  iterations?: number;
  signal?: AbortSignal;
}

export async function chooseAction(view: View<unknown>, options: ChooseOptions): Promise<Choice> {
  const entry = aiFor(view.gameId);
  if (!isStrength(options.ai)) return makePlayer(entry, options.ai, options.seed).choose(view);
  const base = STRENGTHS[options.ai];
  const r = await searchAsync(entry.game, entry.hooks, view, {
    seed: `${options.seed}:${view.role}:${view.seq}`,
    timeMs: options.timeMs ?? base.timeMs,
    iterations: options.iterations ?? base.iterations,
    ...(options.signal ? { signal: options.signal } : {}),
  });
  return { action: r.action, stats: r.stats, plan: r.plan };
}
