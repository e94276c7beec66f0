/**
 * Seeded random games to the end, checked after every action, run by fast-check: the games' property
 * tests share this harness. Game `i` is the same game as a plain seeded loop would play (its dice
 * seed and chooser seed come from the spec), run as one of fast-check's examples; when one fails,
 * fast-check shrinks it to a short action sequence:
 *
 * 1. the failing game becomes the list of choices it made (an index into the legal actions at each
 *    step), played up to the failing action;
 * 2. fast-check's array shrinker then drops choices and lowers them towards 0 (the first legal
 *    action), keeping a candidate only if it fails too; a shrunk sequence plays its choices and
 *    stops (its end-of-game checks do not run: only a failure within the sequence counts).
 *
 * The counterexample printed names the game, the dice seed and every action of the short sequence.
 */
import fc from 'fast-check';
import type { Action, EngineState, Role } from '../contract.ts';
import type { Game } from '../game.ts';
import { randomIndex, seedRng, type RngState } from '../rng.ts';

/** One action of a game: its index, the role and the decision kind it answered, the action. */
export interface Step<A> {
  index: number;
  role: Role;
  kind: string;
  action: A;
}

/** A game's watcher: made fresh for each game, so it may keep what the previous check saw. */
export interface GameWatch<G, A> {
  /** The legal actions offered to the role on the decision, before one is chosen. */
  offered?(state: EngineState<G>, role: Role, kind: string, legal: A[]): void;
  /** After set-up (`step` null) and after every action: throw to fail, naming the rule. */
  afterAction?(state: EngineState<G>, step: Step<A> | null): void;
  /** Once the game has an outcome (with its actions when `record` asked for them). */
  atEnd?(state: EngineState<G>, played: { steps: number; actions: { role: Role; action: A }[] }): void;
}

export interface RandomGamesSpec<G, A extends Action> {
  game: Game<G, A>;
  /** Game `i`'s dice seed (its set-up) and chooser seed (which legal action it picks). */
  seeds(i: number): { game: string; chooser: string };
  /** A game that has no outcome after this many actions fails. */
  maxSteps: number;
  /** The set-up from a dice seed (default `game.setup(seed)`). */
  setup?(seed: string): EngineState<G>;
  /** Whether game `i` keeps its log and actions (for a replay check in `atEnd`); default none. */
  record?(i: number): boolean;
  watch(i: number): GameWatch<G, A>;
}

/** What fast-check generates and shrinks: a seeded random game, or a fixed list of choices. */
class Script {
  /** The choices the last run made (indexes into the legal actions), up to where it stopped. */
  played: number[] = [];
  /** What the last run did, for the counterexample. */
  trace: string[] = [];
  constructor(
    readonly i: number,
    /** The seeded chooser, or null: play `fixed` and stop. */
    readonly chooser: string | null,
    readonly fixed: readonly number[] = [],
  ) {}
  [fc.toStringMethod](): string {
    const what = this.chooser === null ? `${this.fixed.length} chosen actions` : `chooser "${this.chooser}"`;
    return `game ${this.i} (${what}):\n  ${this.trace.join('\n  ')}`;
  }
}

const choiceList = fc.array(fc.nat());

/** Example games only (never generated); a failing one shrinks as described at the top. */
class ScriptArbitrary extends fc.Arbitrary<Script> {
  generate(): fc.Value<Script> {
    throw new Error('random games run as examples only (numRuns = the number of games)');
  }
  canShrinkWithoutContext(value: unknown): value is Script {
    return value instanceof Script;
  }
  shrink(value: Script): fc.Stream<fc.Value<Script>> {
    if (value.chooser !== null) return fc.Stream.of(new fc.Value(new Script(value.i, null, value.played), undefined));
    return choiceList
      .shrink([...value.fixed], undefined)
      .map((v) => new fc.Value(new Script(value.i, null, v.value), undefined));
  }
}

/** Plays one script; throws (with what happened) on the first failed check. */
function play<G, A extends Action>(spec: RandomGamesSpec<G, A>, script: Script): number {
  const { game } = spec;
  const seeds = spec.seeds(script.i);
  const record = spec.record?.(script.i) ?? false;
  const chooser: RngState | null = script.chooser === null ? null : seedRng(script.chooser);
  const s = spec.setup ? spec.setup(seeds.game) : game.setup(seeds.game);
  const watch = spec.watch(script.i);
  const actions: { role: Role; action: A }[] = [];
  script.played = [];
  script.trace = [`set-up from dice seed "${seeds.game}"`];
  const at: (where: string, e: unknown) => never = (where, e) => {
    const msg = e instanceof Error ? e.message : String(e);
    script.trace.push(`FAILED ${where}: ${msg}`);
    throw new Error(`game ${script.i} (dice seed "${seeds.game}") ${where}: ${msg}`, { cause: e });
  };
  try {
    watch.afterAction?.(s, null);
  } catch (e) {
    at('after set-up', e);
  }
  let steps = 0;
  while (!game.outcome(s)) {
    if (chooser === null && steps >= script.fixed.length) return steps; // a shrunk sequence ends here
    if (steps >= spec.maxSteps) at(`action #${steps}`, `no outcome after ${spec.maxSteps} actions`);
    const d = game.decision(s);
    if (!d) at(`action #${steps}`, 'no decision and no outcome');
    const legal = game.legalActions(s, d.role);
    if (legal.length === 0) at(`action #${steps}`, `no legal action for ${d.role} at "${d.prompt}" (${d.kind})`);
    try {
      watch.offered?.(s, d.role, d.kind, legal);
    } catch (e) {
      at(`action #${steps}, the actions offered to ${d.role} at ${d.kind}`, e);
    }
    const k = chooser ? randomIndex(chooser, legal.length) : script.fixed[steps]! % legal.length;
    const action = legal[k]!;
    script.played.push(k);
    const where = `action #${steps} (${d.role} at ${d.kind}: ${JSON.stringify(action)})`;
    if (chooser === null) script.trace.push(where);
    try {
      game.applyInPlace(s, d.role, action, !record);
    } catch (e) {
      at(where, e);
    }
    if (record) actions.push({ role: d.role, action });
    try {
      watch.afterAction?.(s, { index: steps, role: d.role, kind: d.kind, action });
    } catch (e) {
      at(where, e);
    }
    steps++;
  }
  try {
    watch.atEnd?.(s, { steps, actions });
  } catch (e) {
    at(`at the end (${steps} actions)`, e);
  }
  return steps;
}

/**
 * Plays the seeded games `from`..`to`-1 (`to - from` games) with fast-check, every check after
 * every action; a failure shrinks to a short action sequence. Returns the number of actions played.
 */
export function checkRandomGames<G, A extends Action>(
  spec: RandomGamesSpec<G, A>,
  from: number,
  to: number,
): { games: number; steps: number } {
  let steps = 0;
  let games = 0;
  const examples = Array.from({ length: to - from }, (_, k) => [new Script(from + k, spec.seeds(from + k).chooser)]);
  fc.assert(
    fc.property(new ScriptArbitrary(), (script) => {
      const n = play(spec, script);
      if (script.chooser !== null) {
        steps += n;
        games++;
      }
    }),
    { examples: examples as [Script][], numRuns: examples.length, endOnFailure: false },
  );
  return { games, steps };
}
