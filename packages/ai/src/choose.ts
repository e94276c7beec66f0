/**
 * `chooseAction(view, options)`: the one call a client needs (from a Web Worker or a Node
 * worker thread). It looks the game up by the view's id, searches within the budget in
 * slices, and stops early (with the best action so far) when `signal` aborts.
 *
 * The budget is per impulse: calls with the same seed for the same role and game, one step
 * after another (`view.seq` + 1), are one impulse and share its budget and search tree (see
 * `budget.ts`); forced steps answer at once. A few such sessions are remembered per thread.
 */
import type { Action, View } from '@sandtable/engine';
import { aiFor } from './registry.ts';
import { makePlayer, type Choice } from './players.ts';
import { runBudgetAsync, Searcher } from './search.ts';
import { STRENGTHS, isStrength, type AiKind } from './strength.ts';
import { ImpulseClock } from './budget.ts';

export interface ChooseOptions {
  ai: AiKind;
  seed: string;
  /** Overrides the strength's time budget (per impulse), ms. */
  timeMs?: number;
  /** Overrides the strength's iteration cap (per impulse). */
  iterations?: number;
  signal?: AbortSignal;
}

interface Session {
  clock: ImpulseClock;
  last: { searcher: Searcher<unknown, Action, unknown>; action: Action } | null;
}

const sessions = new Map<string, Session>();
const MAX_SESSIONS = 16;

/** The session of (seed, game, role, budget), made or refreshed (least recently used dropped). */
function session(
  view: View<unknown>,
  options: ChooseOptions,
  budget: { timeMs: number; iterations?: number },
): Session {
  const key = JSON.stringify([
    options.seed,
    view.gameId,
    view.role,
    options.ai,
    budget.timeMs,
    budget.iterations ?? null,
  ]);
  let s = sessions.get(key);
  if (s) sessions.delete(key);
  else s = { clock: new ImpulseClock(budget), last: null };
  sessions.set(key, s);
  while (sessions.size > MAX_SESSIONS) sessions.delete(sessions.keys().next().value!);
  return s;
}

export async function chooseAction(view: View<unknown>, options: ChooseOptions): Promise<Choice> {
  const entry = await aiFor(view.gameId);
  if (!isStrength(options.ai)) return makePlayer(entry, options.ai, options.seed).choose(view);
  const base = STRENGTHS[options.ai];
  const budget = {
    timeMs: options.timeMs ?? base.timeMs,
    ...((options.iterations ?? base.iterations) === undefined
      ? {}
      : { iterations: options.iterations ?? base.iterations! }),
  };
  const s = session(view, options, budget);
  const continues = s.clock.continues(view);
  const allowance = s.clock.allowance(view);
  let searcher = continues && s.last?.searcher.advance(s.last.action, view) ? s.last.searcher : null;
  if (!allowance) {
    const action = view.actions[0]!;
    s.last = searcher ? { searcher, action } : null;
    return { action };
  }
  searcher ??= new Searcher(entry.game, entry.hooks, view, { seed: `${options.seed}:${view.role}:${view.seq}` });
  const r = await runBudgetAsync(searcher, false, {
    ...allowance,
    ...(options.signal ? { signal: options.signal } : {}),
  });
  s.clock.charge(r.stats);
  s.last = { searcher, action: r.action };
  return { action: r.action, stats: r.stats, plan: r.plan };
}
