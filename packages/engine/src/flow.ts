/**
 * The decision flow: a game's sequence of play as a stack of pending frames with call / return
 * semantics (after Rally the Troops' `call`/`goto`/`end`, typed by frame kind).
 *
 * - A **frame** is plain JSON kept in the game state (`{ kind, ...params }`), so it is cloned,
 *   hashed, replayed and determinized with the rest of the state.
 * - A **decision** kind is a frame a player resolves. Its handler gives, in one place: who decides,
 *   the prompt and the rule, the legal actions, what each action does, and why a refused action is
 *   refused (naming the rule that forbids it).
 * - A **procedure** kind is an automatic step of the sequence of play (a phase start, a combat
 *   resolution): it is popped and run as soon as it reaches the top, and may call further frames.
 *
 * `call` pushes a frame above the current one (the caller resumes when it is on top again), `goto`
 * replaces the top frame, `end` pops it (returning to the caller). A procedure that must continue
 * after a decision pushes its continuation first, then the decision: the stack reads bottom-up as
 * "what is left to do".
 *
 * `defineFlow` returns the four `GameRules` members a flow-driven game needs (`currentDecision`,
 * `legalActions`, `perform`, `explain`) plus `proceed`, which runs procedures until a player must
 * decide.
 */
import type { Action, Ctx, Decision, GameRules, Role } from './contract.ts';

/** One pending entry of the stack: a kind and its parameters, plain JSON. */
export interface Frame {
  readonly kind: string;
}

/** Why an action is refused, and the rule that forbids it. */
export interface Refusal {
  rule: string;
  message: string;
}

/**
 * Words for a player: plain English, or a message id with parameters (rendered to English by
 * `en`, and translatable by id).
 */
export type Words = string | Message;
export interface Message {
  id: string;
  params?: Record<string, string | number>;
  /** The English text. */
  en: string;
}

export const wordsText = (w: Words): string => (typeof w === 'string' ? w : w.en);

/** A role as a player reads it in the engine's own words: "allies" -> "Allies" (ids stay in records). */
export const roleWord = (role: string): string => role.charAt(0).toUpperCase() + role.slice(1);

/**
 * A decision kind: everything about one kind of pending player decision. `K` narrows the actions
 * it offers (default: the game's whole action union), so `perform` and `refuse` see only those.
 */
export interface DecisionKind<E, G, F extends Frame, A extends Action, K extends A = A> {
  /** The rule the decision comes from, for the kind as a whole (used when refusing its actions elsewhere). */
  rule: string;
  /** A frame-specific rule citation (default `rule`). */
  ruleOf?(env: E, g: G, frame: F): string;
  /** Who decides. */
  role(env: E, g: G, frame: F): Role;
  /** What the player must decide, in words. */
  prompt(env: E, g: G, frame: F): Words;
  /** The action types this decision can offer: a refused action of one of these types is this kind's to explain. */
  actions: readonly K['type'][];
  /** Every legal action now (never empty while the frame is on top, unless `auto` resolves it). */
  legal(env: E, g: G, frame: F): K[];
  /** What a legal action does. The frame is still on top; the handler pops or replaces it as the rules say. */
  perform(env: E, ctx: Ctx, g: G, frame: F, action: K): void;
  /** Why `action` (one of `actions`' types, not legal now) is refused. */
  refuse?(env: E, g: G, frame: F, action: K): Refusal | null;
  /**
   * Resolves the decision without the player when the rules leave no real choice (a lone pass in a
   * reaction window, say): returns true when it acted. Runs each time the frame reaches the top,
   * before the decision is offered; `legal` computes the legal actions on demand.
   */
  auto?(env: E, ctx: Ctx, g: G, frame: F, legal: () => readonly K[]): boolean;
}

/** An automatic step of the sequence of play; its frame is already popped when it runs. */
export type Procedure<E, G, F extends Frame> = (env: E, ctx: Ctx, g: G, frame: F) => void;

type Of<F extends Frame, K> = Extract<F, { kind: K }>;

export interface FlowSpec<E, G, F extends Frame, A extends Action> {
  /** Where the game keeps its stack (the last element is the top). */
  stack(g: G): F[];
  /** Decision kinds, by frame kind. */
  // any: each kind narrows the actions it offers
  decisions: { [K in F['kind']]?: DecisionKind<E, G, Of<F, K>, A, any> };
  /** Procedures, by frame kind. */
  procedures?: { [K in F['kind']]?: Procedure<E, G, Of<F, K>> };
  /** Checks run before every step (continuous victory checks, say); return true when the game has ended. */
  settle?(env: E, ctx: Ctx, g: G): boolean;
  /**
   * Refusals that depend on more than the action's type (which card, which event), asked before
   * the kernel's own: the decision on top, then the kinds that offer the action's type.
   */
  refuse?(env: E, g: G, role: Role, action: A): Refusal | null;
  /** True when the game is over (no decision is offered). */
  over(g: G): boolean;
  /**
   * A decision with no legal action: 'skip' pops it (defensive), 'throw' reports a rules bug,
   * 'trust' (default) does not look: the legal actions are computed only when a player asks.
   */
  onEmpty?: 'skip' | 'throw' | 'trust';
  /** Name used in errors. */
  name: string;
}

export interface Flow<E, G, F extends Frame, A extends Action> {
  readonly spec: FlowSpec<E, G, F, A>;
  /** The frame on top, if any. */
  top(g: G): F | undefined;
  /** Runs procedures and automatic decisions until a player must decide or the game ends. */
  proceed(env: E, ctx: Ctx, g: G): void;
  currentDecision(env: E, g: G): Decision | null;
  /** The role of the current decision alone (no prompt built). */
  currentRole(env: E, g: G): Role | null;
  legalActions(env: E, g: G, role: Role): A[];
  /** Performs a legal action of the decision on top, then proceeds. */
  perform(env: E, ctx: Ctx, g: G, action: A): void;
  /** Why `action` is not legal for `role` now, naming the rule that forbids it. */
  explain(env: E, g: G, role: Role, action: A): Refusal | null;
  /** The decision kinds that offer an action type (empty if none). */
  ownersOf(type: string): readonly { kind: string; rule: string }[];
}

/** Pushes `frame` above the current top: the caller resumes when `frame` (and what it calls) ends. */
export function call<F extends Frame>(stack: F[], frame: F): F {
  stack.push(frame);
  return frame;
}

/** Replaces the top frame with `frame`. */
export function goto<F extends Frame>(stack: F[], frame: F): F {
  stack[stack.length - 1] = frame;
  return frame;
}

/** Pops the top frame, returning to its caller. */
export function end<F extends Frame>(stack: F[]): F | undefined {
  return stack.pop();
}

/** Pops frames down to and including the topmost frame of `kind` (nothing if there is none). */
export function endThrough<F extends Frame>(stack: F[], kind: F['kind']): void {
  for (let i = stack.length - 1; i >= 0; i--) {
    if (stack[i]!.kind === kind) {
      stack.length = i;
      return;
    }
  }
}

const GUARD = 100_000;

export function defineFlow<E, G, F extends Frame, A extends Action>(spec: FlowSpec<E, G, F, A>): Flow<E, G, F, A> {
  const decisions = spec.decisions as Record<string, DecisionKind<E, G, F, A> | undefined>;
  const procedures = (spec.procedures ?? {}) as Record<string, Procedure<E, G, F> | undefined>;
  /** Every decision kind that offers each action type, in the order the spec lists them. */
  const owners = new Map<string, { kind: string; rule: string }[]>();
  for (const [kind, d] of Object.entries(decisions)) {
    for (const type of d!.actions) owners.set(type, [...(owners.get(type) ?? []), { kind, rule: d!.rule }]);
  }

  const top = (g: G): F | undefined => spec.stack(g).at(-1);

  function decisionOf(f: F): DecisionKind<E, G, F, A> {
    const d = decisions[f.kind];
    if (!d) throw new Error(`${spec.name}: no decision or procedure for frame kind "${f.kind}"`);
    return d;
  }

  function proceed(env: E, ctx: Ctx, g: G): void {
    for (let guard = 0; guard < GUARD; guard++) {
      if (spec.settle?.(env, ctx, g) || spec.over(g)) return;
      const f = top(g);
      if (!f) return;
      const procedure = procedures[f.kind];
      if (procedure) {
        spec.stack(g).pop();
        procedure(env, ctx, g, f);
        continue;
      }
      const d = decisionOf(f);
      if (d.auto?.(env, ctx, g, f, () => d.legal(env, g, f))) continue;
      if ((spec.onEmpty ?? 'trust') === 'trust' || d.legal(env, g, f).length > 0) return;
      if (spec.onEmpty === 'skip') {
        spec.stack(g).pop();
        continue;
      }
      throw new Error(`${spec.name}: decision "${f.kind}" offers no legal action`);
    }
    throw new Error(`${spec.name}: the sequence of play did not settle (loop guard)`);
  }

  /** The frame on top when it is a player's decision (a procedure on top, before `proceed`, is none). */
  function pending(g: G): F | undefined {
    if (spec.over(g)) return undefined;
    const f = top(g);
    return f && !procedures[f.kind] ? f : undefined;
  }

  function currentDecision(env: E, g: G): Decision | null {
    const f = pending(g);
    if (!f) return null;
    const d = decisionOf(f);
    const words = d.prompt(env, g, f);
    const decision: Decision = {
      kind: f.kind,
      role: d.role(env, g, f),
      rule: d.ruleOf?.(env, g, f) ?? d.rule,
      prompt: wordsText(words),
    };
    if (typeof words !== 'string')
      decision.message = words.params ? { id: words.id, params: words.params } : { id: words.id };
    return decision;
  }

  function currentRole(env: E, g: G): Role | null {
    const f = pending(g);
    return f ? decisionOf(f).role(env, g, f) : null;
  }

  function legalActions(env: E, g: G, role: Role): A[] {
    const f = pending(g);
    if (!f) return [];
    const d = decisionOf(f);
    if (d.role(env, g, f) !== role) return [];
    return d.legal(env, g, f);
  }

  function perform(env: E, ctx: Ctx, g: G, action: A): void {
    const f = top(g);
    if (!f) throw new Error(`${spec.name}: no pending decision`);
    decisionOf(f).perform(env, ctx, g, f, action);
    proceed(env, ctx, g);
  }

  function explain(env: E, g: G, role: Role, action: A): Refusal | null {
    const f = pending(g);
    if (!f) return null;
    const d = decisionOf(f);
    const own = spec.refuse?.(env, g, role, action);
    if (own) return own;
    const decider = d.role(env, g, f);
    const now = `${roleWord(decider)} must decide now: ${wordsText(d.prompt(env, g, f))}`;
    if (decider === role && d.actions.includes(action.type)) {
      return d.refuse?.(env, g, f, action) ?? null;
    }
    const kinds = owners.get(action.type);
    if (!kinds) return null;
    if (kinds.some((o) => o.kind === f.kind)) {
      return { rule: d.ruleOf?.(env, g, f) ?? d.rule, message: `it is not ${roleWord(role)}'s decision; ${now}` };
    }
    // the step of play the action belongs to is named by its rule (the refusal's citation), not its kind id
    return {
      rule: [...new Set(kinds.map((o) => o.rule))].join(', '),
      message: `not possible now: it belongs to another step of play; ${now}`,
    };
  }

  return {
    spec,
    top,
    proceed,
    currentDecision,
    currentRole,
    legalActions,
    perform,
    explain,
    ownersOf: (type) => owners.get(type) ?? [],
  };
}

/**
 * The `GameRules` members a flow-driven game takes from its flow, bound to the game's environment
 * (its compiled data): `{ ...flowRules(flow, env), id, title, setup, view, ... }`.
 */
export function flowRules<E, G, F extends Frame, A extends Action>(
  flow: Flow<E, G, F, A>,
  env: E,
): Pick<GameRules<G, A>, 'currentDecision' | 'currentRole' | 'legalActions' | 'perform' | 'explain'> {
  return {
    currentDecision: (g) => flow.currentDecision(env, g),
    currentRole: (g) => flow.currentRole(env, g),
    legalActions: (g, role) => flow.legalActions(env, g, role),
    perform: (ctx, g, _role, action) => flow.perform(env, ctx, g, action),
    explain: (g, role, action) => flow.explain(env, g, role, action),
  };
}
