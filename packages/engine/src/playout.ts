import type { Action, EngineState, Role } from './contract.ts';
import type { Game } from './game.ts';
import { randomIndex, seedRng, type RngState } from './rng.ts';

export interface PlayoutResult<G> {
  state: EngineState<G>;
  actions: { role: Role; action: Action }[];
  steps: number;
}

/**
 * Plays uniformly random legal actions until the game ends (or `maxSteps`).
 * The chooser's randomness is separate from the game's dice, so the game stays replayable
 * from the record of chosen actions.
 */
export function randomPlayout<G, A extends Action>(
  game: Game<G, A>,
  state: EngineState<G>,
  chooserSeed: string,
  opts: { maxSteps?: number; record?: boolean; inPlace?: boolean } = {},
): PlayoutResult<G> {
  const chooser: RngState = seedRng(`chooser:${chooserSeed}`);
  const s = opts.inPlace ? state : game.clone(state);
  const actions: { role: Role; action: Action }[] = [];
  const max = opts.maxSteps ?? 100_000;
  let steps = 0;
  while (steps < max && !game.outcome(s)) {
    const role = game.roleToAct(s);
    if (role === null) break;
    const legal = game.legalActions(s, role);
    if (legal.length === 0) {
      const d = game.decision(s)!;
      throw new Error(`no legal action for ${role} at decision "${d.prompt}" (${d.kind})`);
    }
    const a = legal[randomIndex(chooser, legal.length)]!;
    game.applyInPlace(s, role, a, !opts.record);
    if (opts.record) actions.push({ role, action: a });
    steps++;
  }
  return { state: s, actions, steps };
}
