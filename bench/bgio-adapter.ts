/**
 * Wraps a Sandtable game position as a boardgame.io game, so boardgame.io's own MCTS bot can be
 * timed on exactly the same position (bench only; boardgame.io is a dev dependency of
 * the root, beside the bench). Each engine action is one boardgame.io move; the turn passes to whichever role
 * the engine's decision stack names next.
 */
import { MCTSBot } from 'boardgame.io/ai';
import { CreateGameReducer, InitializeGame } from 'boardgame.io/internal';
import { randomIndex, seedRng, type Action, type EngineState, type Game } from '@sandtable/engine';

interface Wrapped {
  s: EngineState<unknown>;
}

export function bgioGame(game: Game<unknown, Action, unknown>, start: EngineState<unknown>) {
  const roles = game.rules.roles;
  const seat = (G: Wrapped) => Math.max(0, roles.indexOf(game.roleToAct(G.s) ?? roles[0]!));
  return {
    name: game.rules.id,
    setup: (): Wrapped => ({ s: structuredClone(start) }),
    turn: {
      minMoves: 1,
      maxMoves: 1,
      order: { first: ({ G }: { G: Wrapped }) => seat(G), next: ({ G }: { G: Wrapped }) => seat(G) },
    },
    moves: {
      act: ({ G, playerID }: { G: Wrapped; playerID: string }, action: Action) => {
        game.applyInPlace(G.s, roles[Number(playerID)]!, action, true);
      },
    },
    endIf: ({ G }: { G: Wrapped }) => {
      const o = game.outcome(G.s);
      if (!o) return undefined;
      return o.winner ? { winner: String(roles.indexOf(o.winner)) } : { draw: true };
    },
    ai: {
      enumerate: (G: Wrapped, _ctx: unknown, playerID: string) =>
        game.legalActions(G.s, roles[Number(playerID)]!).map((a) => ({ move: 'act', args: [a] })),
    },
  };
}

/** Runs boardgame.io's MCTS bot for `iterations` on the position; returns the elapsed ms. */
export async function timeBgioMcts(
  game: Game<unknown, Action, unknown>,
  start: EngineState<unknown>,
  iterations: number,
  playoutDepth: number,
): Promise<number> {
  const g = bgioGame(game, start);
  const state = InitializeGame({ game: g as never, numPlayers: game.rules.roles.length });
  const bot = new MCTSBot({
    game: g as never,
    enumerate: g.ai.enumerate as never,
    seed: 'bench',
    iterations,
    playoutDepth,
  });
  const player = String(Math.max(0, game.rules.roles.indexOf(game.decision(start)!.role)));
  const t0 = performance.now();
  await bot.play(state, player);
  return performance.now() - t0;
}

/**
 * Random play through boardgame.io: `steps` moves (fewer if the game ends) from the position, each
 * the enumerated moves of the player to move, one picked at random, dispatched through the game
 * reducer (what its bots' playouts do). Returns the number of moves made.
 */
export function bgioRandomPlay(
  game: Game<unknown, Action, unknown>,
  start: EngineState<unknown>,
  seed: string,
  steps: number,
): number {
  const g = bgioGame(game, start);
  const reducer = CreateGameReducer({ game: g as never });
  let state = InitializeGame({ game: g as never, numPlayers: game.rules.roles.length });
  const chooser = seedRng(seed);
  let n = 0;
  for (; n < steps && state.ctx.gameover === undefined; n++) {
    const playerID = state.ctx.currentPlayer;
    const moves = g.ai.enumerate(state.G as Wrapped, state.ctx, playerID);
    const m = moves[randomIndex(chooser, moves.length)]!;
    state = reducer(state, { type: 'MAKE_MOVE', payload: { type: m.move, args: m.args, playerID } } as never);
  }
  return n;
}
