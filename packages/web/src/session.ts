/**
 * A game being played in the browser: the record (the truth), the state after every action
 * (so undo and the replay scrubber are instant), seats (human or computer), and the perspective
 * the screen shows. No rules here: everything goes through the engine's Game API.
 */
import { readableRefusal } from '@sandtable/map';
import { ruleLabel } from './rules-text.ts';
import {
  OBSERVER,
  RuleError,
  canonicalJson,
  parseRecord,
  randomIndex,
  seedRng,
  type Action,
  type EngineState,
  type Game,
  type GameRecord,
  type Options,
  type Role,
  type RngState,
  type View,
} from '@sandtable/engine';

import type { AiKind } from './computer.ts';

export type Seat = 'human' | 'ai';
export type Result = { ok: true } | { ok: false; rule: string; message: string };

export interface NewGame {
  scenario?: string;
  options?: Options;
  seed?: string;
  seats: Record<Role, Seat>;
  /** Computer strength per computer seat (default random). */
  ai?: Record<Role, AiKind>;
}

/** A refusal in words, its citation as the rule's heading in the open reference (not "§5 L67"). */
function refusal(e: unknown): Result {
  if (e instanceof RuleError)
    return { ok: false, rule: e.rule, message: readableRefusal(e).replace(`[${e.rule}]`, `[${ruleLabel(e.rule)}]`) };
  throw e;
}

export class Session {
  readonly states: EngineState<unknown>[];
  private chooser: RngState;
  /** Roles whose views differ: the game hides something from someone. */
  readonly hiddenInformation: boolean;

  constructor(
    readonly game: Game<any, any, any>,
    public record: GameRecord,
    public seats: Record<Role, Seat>,
    public ai: Record<Role, AiKind> = {},
  ) {
    this.states = [game.replay({ ...record, actions: [] })];
    for (const entry of record.actions) this.states.push(game.apply(this.state, entry.role, entry.action));
    this.chooser = seedRng(`ui-ai:${record.seed}:${record.actions.length}`);
    this.hiddenInformation = this.detectHidden();
  }

  static create(game: Game<any, any, any>, cfg: NewGame): Session {
    const seed = cfg.seed ?? String(Math.floor(Math.random() * 1e9));
    return new Session(game, game.newRecord(seed, cfg.scenario, cfg.options), cfg.seats, cfg.ai ?? {});
  }

  /** Loads a record file's text; throws a RuleError naming what is wrong. */
  static load(
    games: Record<string, Game<any, any, any>>,
    text: string,
    seats?: Record<Role, Seat>,
    ai: Record<Role, AiKind> = {},
  ): Session {
    let json: unknown;
    try {
      json = JSON.parse(text);
    } catch (e) {
      throw new RuleError('record format', `not a JSON file: ${(e as Error).message}`, 'bad-record');
    }
    const rec = parseRecord(json);
    const game = games[rec.game];
    if (!game) throw new RuleError('record format', `record is for unknown game "${rec.game}"`, 'bad-record');
    game.replay(rec); // validates every action with its rule
    const s = seats ?? Object.fromEntries(game.rules.roles.map((r: Role) => [r, 'human' as Seat]));
    return new Session(game, rec, s, ai);
  }

  get state(): EngineState<unknown> {
    return this.states[this.states.length - 1]!;
  }

  get length(): number {
    return this.record.actions.length;
  }

  /**
   * A game hides something when two roles see different things at the start: their redacted
   * game views or their log lines (a private roll is logged to its owner only).
   */
  private detectHidden(): boolean {
    const roles = this.game.rules.roles;
    const s = this.states[0]!;
    const seen = new Set(
      roles.map((r: Role) => {
        const v = this.game.view(s, r);
        return canonicalJson({ game: v.game, log: v.log });
      }),
    );
    return seen.size > 1;
  }

  decisionRole(): Role | null {
    return this.game.decision(this.state)?.role ?? null;
  }

  humans(): Role[] {
    return this.game.rules.roles.filter((r: Role) => this.seats[r] === 'human');
  }

  /** The role whose eyes the screen uses now. */
  perspective(last: Role | null): Role {
    const d = this.decisionRole();
    const humans = this.humans();
    if (d && this.seats[d] === 'human') return d;
    if (last && humans.includes(last)) return last;
    return humans[0] ?? OBSERVER;
  }

  view(role: Role, at = this.length): View<unknown> {
    return this.game.view(this.states[at]!, role);
  }

  /**
   * What the computer player gets: the role's view, plus the state itself when the game hides
   * nothing (the AI package's `viewForAi` convention: `game.state`), so search can rebuild the
   * decision stack. With hidden information the computer sees exactly what the role sees.
   */
  aiView(role: Role): View<unknown> {
    const v = this.view(role);
    if (this.hiddenInformation) return v;
    return { ...v, game: { ...(v.game as object), state: this.state.game } };
  }

  apply(role: Role, action: Action): Result {
    try {
      const next = this.game.apply(this.state, role, action);
      this.states.push(next);
      this.record = { ...this.record, actions: [...this.record.actions, { role, action }] };
      return { ok: true };
    } catch (e) {
      return refusal(e);
    }
  }

  /** Whether `role` may undo now; the reason when not (the engine's own words). */
  canUndo(role: Role): Result {
    const last = this.record.actions.at(-1);
    if (!last) return { ok: false, rule: 'undo', message: 'nothing to undo: no action has been taken' };
    if (last.role !== role)
      return { ok: false, rule: 'undo', message: `cannot undo: the last action was ${last.role}'s, not ${role}'s` };
    const s = this.state;
    if (s.barrier.seq >= s.seq) return { ok: false, rule: 'undo', message: `cannot undo: ${s.barrier.reason}` };
    return { ok: true };
  }

  undo(role: Role): Result {
    const can = this.canUndo(role);
    if (!can.ok) return can;
    try {
      this.record = this.game.undo(this.record, role);
      this.states.pop();
      return { ok: true };
    } catch (e) {
      return refusal(e);
    }
  }

  /**
   * Takes back the action at `index` of the record (not only the last): allowed while undo could
   * reach it (every action from it on is `role`'s, and no roll, reveal or hand-over lies between),
   * and the later actions replay legally without it. "Drag a placed chit back to the tray."
   */
  retract(role: Role, index: number): Result {
    const acts = this.record.actions;
    if (index < 0 || index >= acts.length)
      return { ok: false, rule: 'undo', message: `no action ${index} to take back` };
    if (acts.slice(index).some((e) => e.role !== role))
      return { ok: false, rule: 'undo', message: `cannot take back: another side has acted since` };
    if (this.state.barrier.seq > index)
      return { ok: false, rule: 'undo', message: `cannot take back: ${this.state.barrier.reason}` };
    const states = this.states.slice(0, index + 1);
    try {
      for (const e of acts.slice(index + 1)) states.push(this.game.apply(states.at(-1)!, e.role, e.action));
    } catch (e) {
      return refusal(e);
    }
    this.states.splice(0, this.states.length, ...states);
    this.record = { ...this.record, actions: [...acts.slice(0, index), ...acts.slice(index + 1)] };
    return { ok: true };
  }

  /**
   * The record index of the latest action `role` may still take back (see `retract`) that names
   * `id` (a chit, a unit, a card), or null.
   */
  retractable(role: Role, id: string): number | null {
    const acts = this.record.actions;
    const floor = this.state.barrier.seq;
    for (let i = acts.length - 1; i >= floor; i--) {
      if (acts[i]!.role !== role) return null;
      if (JSON.stringify(acts[i]!.action).includes(JSON.stringify(id))) return i;
    }
    return null;
  }

  /** The decision kind before action `index` of the record (what the action answered). */
  kindAt(index: number): string | null {
    return this.game.decision(this.states[index]!)?.kind ?? null;
  }

  /**
   * Plays `pick` for `role` while the decision stays the same kind for the same role and no undo
   * barrier is crossed; `pick` gets the legal actions and returns one to try, or null to stop.
   * Returns how many actions were applied. An action that would end the decision is never taken:
   * that last step is the player's.
   */
  playWithin(role: Role, pick: (legal: Action[], tried: number) => Action | null, max = 1000): number {
    const kind = this.game.decision(this.state)?.kind;
    let n = 0;
    for (let k = 0; k < max; k++) {
      const legal = this.game.legalActions(this.state, role);
      let done = false;
      for (let tries = 0; tries < 60 && !done; tries++) {
        const a = pick(legal, tries);
        if (!a) return n;
        let next: EngineState<unknown>;
        try {
          next = this.game.apply(this.state, role, a);
        } catch {
          continue;
        }
        const d = this.game.decision(next);
        if (!d || d.kind !== kind || d.role !== role || next.barrier.seq === next.seq) continue;
        this.states.push(next);
        this.record = { ...this.record, actions: [...this.record.actions, { role, action: a }] };
        n++;
        done = true;
      }
      if (!done) return n;
    }
    return n;
  }

  /** A uniformly random legal action for `role` from the page's own generator (not the game's dice). */
  randomOf(legal: Action[]): Action | null {
    return legal.length ? legal[randomIndex(this.chooser, legal.length)]! : null;
  }

  /** Would `action` cross an undo barrier (dice, reveal, hand-over)? Says why, or null. */
  irreversible(role: Role, action: Action): string | null {
    try {
      const next = this.game.apply(this.state, role, action);
      return next.barrier.seq === next.seq ? next.barrier.reason : null;
    } catch {
      return null;
    }
  }

  /** The strength of the computer seat on turn, or null when a human (or nobody) is on turn. */
  computerOnTurn(): { role: Role; kind: AiKind } | null {
    const role = this.decisionRole();
    if (!role || this.seats[role] !== 'ai' || this.game.outcome(this.state)) return null;
    return { role, kind: this.ai[role] ?? 'random' };
  }

  /** A uniformly random legal move for the computer seat on turn (the "random" strength). */
  aiChoice(): { role: Role; action: Action } | null {
    const role = this.decisionRole();
    if (!role || this.seats[role] !== 'ai' || this.game.outcome(this.state)) return null;
    const legal = this.game.legalActions(this.state, role);
    if (!legal.length) return null;
    return { role, action: legal[randomIndex(this.chooser, legal.length)]! };
  }

  save(): string {
    return JSON.stringify(this.record); // compact: a record grows by an action a move
  }
}
