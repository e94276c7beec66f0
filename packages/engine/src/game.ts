import { z } from 'zod';
import type {
  Action,
  Ctx,
  Decision,
  EngineState,
  GameRecord,
  GameRules,
  LogEntry,
  Options,
  Outcome,
  Role,
  View,
} from './contract.ts';
import { OBSERVER } from './contract.ts';
import { roleWord } from './flow.ts';
import { RuleError } from './errors.ts';
import { canonicalJson, jsonEqual, stableHash } from './canonical.ts';
import { rollDie, seedRng } from './rng.ts';
import { cloneState } from './clone.ts';

/** The public contract, derived from a game's rules. */
export interface Game<G, A extends Action = Action, V = unknown> {
  readonly rules: GameRules<G, A, V>;
  /** A new game from the scenario's set-up, or from `position` (the game's position format) when given. */
  setup(seed: string, scenario?: string, options?: Options, dice?: number[], position?: unknown): EngineState<G>;
  legalActions(state: EngineState<G>, role: Role): A[];
  /** Returns the new state; throws RuleError (state untouched) if the action is illegal. */
  apply(state: EngineState<G>, role: Role, action: unknown): EngineState<G>;
  view(state: EngineState<G>, role: Role): View<V>;
  outcome(state: EngineState<G>): Outcome | null;
  decision(state: EngineState<G>): Decision | null;
  /** The role whose decision it is (`decision(state)?.role`) without building the decision's words. */
  roleToAct(state: EngineState<G>): Role | null;
  /** Options with defaults filled in; throws on unknown keys or bad values. */
  resolveOptions(options?: Options): Options;
  newRecord(seed: string, scenario?: string, options?: Options, dice?: number[], position?: unknown): GameRecord;
  /** The whole position now, hidden parts included, in the game's position format (throws if it has none). */
  positionOf(state: EngineState<G>): unknown;
  replay(record: GameRecord, upTo?: number): EngineState<G>;
  /** The record without its last action, or a RuleError saying why undo is refused. */
  undo(record: GameRecord, role: Role): GameRecord;
  hash(state: EngineState<G>): string;
  /** In-place step for search: no legality check, no copy. The caller owns `state`. */
  applyInPlace(state: EngineState<G>, role: Role, action: A, quiet?: boolean): void;
  clone(state: EngineState<G>): EngineState<G>;
}

const recordSchema = z.object({
  format: z.literal('sandtable-record/1'),
  game: z.string().min(1),
  scenario: z.string().min(1),
  options: z.record(
    z.string(),
    z.union([z.string(), z.number(), z.boolean(), z.array(z.string()), z.array(z.number())]),
  ),
  seed: z.string(),
  dice: z.array(z.number().int().min(1)).optional(),
  position: z.unknown().optional(),
  actions: z.array(z.object({ role: z.string().min(1), action: z.object({ type: z.string().min(1) }).passthrough() })),
});

/** Parses and checks a record file's JSON; errors name the offending field. */
export function parseRecord(json: unknown): GameRecord {
  const r = recordSchema.safeParse(json);
  if (!r.success) {
    const issue = r.error.issues[0]!;
    throw new RuleError(
      'record format',
      `malformed record at ${issue.path.join('.') || '(root)'}: ${issue.message}`,
      'bad-record',
    );
  }
  return r.data as GameRecord;
}

/** An action is an object with a non-empty "type" string (checked by hand: replay checks every action). */
function isActionShaped(action: unknown): boolean {
  if (typeof action !== 'object' || action === null || Array.isArray(action)) return false;
  const type = (action as { type?: unknown }).type;
  return typeof type === 'string' && type.length > 0;
}

function makeCtx<G>(state: EngineState<G>, quiet: boolean): Ctx & { rolled: boolean; marked: string | null } {
  const ctx = {
    rolled: false,
    marked: null as string | null,
    seq: state.seq,
    roll(count: number, why: string, sides = 6, to?: Role[]): number[] {
      const dice: number[] = [];
      for (let i = 0; i < count; i++) dice.push(rollDie(state.rng, sides));
      ctx.rolled = true;
      if (!quiet) {
        const entry: LogEntry = { seq: state.seq, text: `${why}: rolled ${dice.join(', ') || 'no dice'}`, dice };
        if (to) entry.to = [...to];
        state.log.push(entry);
      }
      return dice;
    },
    log(text: string, opts?: { to?: Role[]; rule?: string; dice?: number[] }): void {
      if (quiet) return;
      const entry: LogEntry = { seq: state.seq, text };
      if (opts?.to) entry.to = [...opts.to];
      if (opts?.rule) entry.rule = opts.rule;
      if (opts?.dice) entry.dice = [...opts.dice];
      state.log.push(entry);
    },
    irreversible(reason: string): void {
      ctx.marked = reason;
    },
  };
  return ctx;
}

export function defineGame<G, A extends Action, V>(rules: GameRules<G, A, V>): Game<G, A, V> {
  const cloneGame = rules.clone ?? ((g: G) => cloneState(g));
  const roleOf = rules.currentRole ?? ((g: G) => rules.currentDecision(g)?.role ?? null);

  function clone(state: EngineState<G>): EngineState<G> {
    return {
      gameId: state.gameId,
      game: cloneGame(state.game),
      rng: { s: [...state.rng.s], script: [...state.rng.script], draws: state.rng.draws },
      log: state.log.slice(),
      seq: state.seq,
      barrier: { ...state.barrier },
      actors: state.actors.slice(),
    };
  }

  function resolveOptions(options: Options = {}): Options {
    const out: Options = {};
    const known = new Map(rules.options.map((o) => [o.key, o]));
    for (const key of Object.keys(options)) {
      if (!known.has(key)) {
        throw new RuleError(
          'options',
          `unknown option "${key}" for ${rules.id}; known: ${[...known.keys()].join(', ')}`,
          'malformed',
        );
      }
    }
    for (const spec of rules.options) {
      const v = options[spec.key] ?? spec.default;
      if (typeof v !== typeof spec.default || Array.isArray(v) !== Array.isArray(spec.default)) {
        throw new RuleError(
          'options',
          `option "${spec.key}" must be a ${Array.isArray(spec.default) ? 'list' : typeof spec.default}, got ${JSON.stringify(v)}`,
          'malformed',
        );
      }
      if (spec.choices && !spec.choices.some((c) => canonicalJson(c) === canonicalJson(v))) {
        throw new RuleError(
          'options',
          `option "${spec.key}" must be one of ${spec.choices.map((c) => JSON.stringify(c)).join(', ')}`,
          'malformed',
        );
      }
      out[spec.key] = v;
    }
    return out;
  }

  function positions(): NonNullable<GameRules<G, A, V>['position']> {
    if (!rules.position) throw new RuleError('positions', `${rules.id} has no position format`, 'malformed');
    return rules.position;
  }

  function loadPosition(position: unknown, options: Options, ctx: Ctx): G {
    try {
      return positions().load(position, options, ctx);
    } catch (e) {
      if (e instanceof RuleError) throw e;
      throw new RuleError('position format', `bad position: ${(e as Error).message}`, 'bad-record');
    }
  }

  function setup(
    seed: string,
    scenario?: string,
    options?: Options,
    dice: number[] = [],
    position?: unknown,
  ): EngineState<G> {
    const scen = scenario ?? rules.scenarios[0]?.id;
    if (!scen || !rules.scenarios.some((s) => s.id === scen)) {
      throw new RuleError(
        'scenarios',
        `unknown scenario "${scenario}" for ${rules.id}; known: ${rules.scenarios.map((s) => s.id).join(', ')}`,
        'malformed',
      );
    }
    const state: EngineState<G> = {
      gameId: rules.id,
      game: undefined as unknown as G,
      rng: seedRng(seed, dice),
      log: [],
      seq: 0,
      barrier: { seq: 0, reason: 'the start of the game' },
      actors: [],
    };
    const ctx = makeCtx(state, false);
    if (position === undefined) {
      state.game = rules.setup(ctx, scen, resolveOptions(options));
    } else {
      state.game = loadPosition(position, resolveOptions(options), ctx);
      state.barrier.reason = 'the start of the game (from a position)';
      ctx.log('The game starts from a position.');
    }
    return state;
  }

  function legalActions(state: EngineState<G>, role: Role): A[] {
    if (rules.outcome(state.game)) return [];
    return rules.legalActions(state.game, role);
  }

  function check(state: EngineState<G>, role: Role, action: unknown): A {
    if (!isActionShaped(action)) {
      throw new RuleError(
        'action format',
        `malformed action ${JSON.stringify(action)}: an action is an object with a "type" string`,
        'malformed',
      );
    }
    const done = rules.outcome(state.game);
    if (done) throw new RuleError(done.rule, `the game is over: ${done.reason}`, 'game-over');
    if (!rules.roles.includes(role)) {
      throw new RuleError('roles', `unknown role "${role}"; roles are ${rules.roles.join(', ')}`, 'malformed');
    }
    const legal = rules.legalActions(state.game, role);
    const found = legal.find((a) => jsonEqual(a, action));
    if (found) return found;
    const decision = rules.currentDecision(state.game); // its words only for the refusal
    const wanted = canonicalJson(action);
    // The game's own reason first: it names the rule that forbids this action, even out of turn.
    const notYours = decision !== null && decision.role !== role && legal.length === 0;
    const why = rules.explain?.(state.game, role, action as A);
    if (why)
      throw new RuleError(why.rule, `illegal action ${wanted}: ${why.message}`, notYours ? 'not-your-turn' : 'illegal');
    if (notYours) {
      throw new RuleError(
        decision.rule,
        `it is not ${roleWord(role)}'s decision: ${roleWord(decision.role)} must ${decision.prompt}`,
        'not-your-turn',
      );
    }
    throw new RuleError(
      decision?.rule ?? 'sequence of play',
      `illegal action ${wanted}: not one of the actions open now; the decision now is "${decision?.prompt ?? 'none'}"`,
    );
  }

  function step(state: EngineState<G>, role: Role, action: A, quiet: boolean): void {
    const before = roleOf(state.game);
    state.seq += 1;
    const ctx = makeCtx(state, quiet);
    rules.perform(ctx, state.game, role, action);
    state.actors.push(role);
    const after = roleOf(state.game);
    // Irreversible points: a roll, a reveal (marked by the game), a hand-over to another role.
    let reason: string | null = null;
    if (ctx.rolled) reason = 'dice were rolled';
    else if (ctx.marked) reason = ctx.marked;
    else if (after === null || (before !== null && after !== before))
      reason = `play passed from ${before ?? '-'} to ${after ?? 'the end of the game'}`;
    if (reason) state.barrier = { seq: state.seq, reason };
  }

  function apply(state: EngineState<G>, role: Role, action: unknown): EngineState<G> {
    const legal = check(state, role, action);
    const next = clone(state);
    step(next, role, legal, false);
    return next;
  }

  function view(state: EngineState<G>, role: Role): View<V> {
    const visible = (e: LogEntry) => !e.to || e.to.includes(role);
    return {
      gameId: state.gameId,
      role,
      seq: state.seq,
      game: rules.view(state.game, role),
      decision: rules.currentDecision(state.game),
      actions: role === OBSERVER ? [] : legalActions(state, role),
      log: state.log.filter(visible),
      outcome: rules.outcome(state.game),
    };
  }

  function newRecord(
    seed: string,
    scenario?: string,
    options?: Options,
    dice?: number[],
    position?: unknown,
  ): GameRecord {
    const scen = scenario ?? rules.scenarios[0]!.id;
    const rec: GameRecord = {
      format: 'sandtable-record/1',
      game: rules.id,
      scenario: scen,
      options: resolveOptions(options),
      seed,
      actions: [],
    };
    if (dice?.length) rec.dice = [...dice];
    if (position !== undefined) {
      setup(seed, rec.scenario, rec.options, dice ?? [], position); // refused here, before any record holds it
      rec.position = structuredClone(position);
    }
    return rec;
  }

  function replay(record: GameRecord, upTo = record.actions.length): EngineState<G> {
    if (record.game !== rules.id)
      throw new RuleError('record format', `record is for "${record.game}", not "${rules.id}"`, 'bad-record');
    const state = setup(record.seed, record.scenario, record.options, record.dice ?? [], record.position);
    for (let i = 0; i < upTo; i++) {
      const entry = record.actions[i]!;
      try {
        const legal = check(state, entry.role, entry.action);
        step(state, entry.role, legal, false);
      } catch (e) {
        if (e instanceof RuleError) {
          throw new RuleError(
            e.rule,
            `record action #${i + 1} (${entry.role}) cannot be replayed: ${e.message}`,
            'bad-record',
          );
        }
        throw e;
      }
    }
    return state;
  }

  function undo(record: GameRecord, role: Role): GameRecord {
    if (record.actions.length === 0)
      throw new RuleError('undo', 'nothing to undo: no action has been taken', 'undo-refused');
    const last = record.actions[record.actions.length - 1]!;
    if (last.role !== role) {
      throw new RuleError('undo', `cannot undo: the last action was ${last.role}'s, not ${role}'s`, 'undo-refused');
    }
    const state = replay(record);
    if (state.barrier.seq >= state.seq) {
      throw new RuleError('undo', `cannot undo: ${state.barrier.reason}`, 'undo-refused');
    }
    return { ...record, actions: record.actions.slice(0, -1) };
  }

  return {
    rules,
    setup,
    legalActions,
    apply,
    view,
    outcome: (s) => rules.outcome(s.game),
    decision: (s) => rules.currentDecision(s.game),
    roleToAct: (s) => roleOf(s.game),
    resolveOptions,
    newRecord,
    replay,
    undo,
    hash: (s) => stableHash(s),
    applyInPlace: (s, role, action, quiet = true) => step(s, role, action, quiet),
    positionOf: (s) => positions().save(s.game),
    clone,
  };
}
