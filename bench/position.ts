/** The bench positions: a game after some seeded random play, where the deciding role has a real choice. */
import { randomIndex, seedRng, type Action, type EngineState, type Game } from '@sandtable/engine';

/** Random steps before the measured position: past the set-up into play (Third Reich: into turn 2-3, past the hand choices). */
export const WARM: Record<string, number> = { pig: 3, 'soft-underbelly': 60, 'third-reich': 400 };

export function benchPosition(
  game: Game<unknown, Action, unknown>,
  warm = WARM[game.rules.id] ?? 20,
): EngineState<unknown> {
  const s = game.setup('bench-ai');
  const chooser = seedRng('bench-ai-position');
  for (let steps = 0; !game.outcome(s); steps++) {
    const d = game.decision(s)!;
    const legal = game.legalActions(s, d.role);
    if (steps >= warm && legal.length > 1) return s;
    game.applyInPlace(s, d.role, legal[randomIndex(chooser, legal.length)]!, true);
  }
  throw new Error(`${game.rules.id}: no position with a choice after ${warm} steps`);
}
