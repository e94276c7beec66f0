/**
 * The state hash stored with each action, kept at a cost per action that does not grow with the
 * game. The log (which grows with every action) enters through a running digest: each new line
 * is folded into the previous digest, so an action hashes only its own lines plus the state
 * without the log. `actors` (one role per action, already fixed by the replayed actions) enters
 * by its length. Rows written before this hash carry the engine's whole-state hash;
 * replay-check accepts either (see `matchesStored`).
 */
import { canonicalJson, type EngineState } from '@sandtable/engine';
import { createHash } from 'node:crypto';

export const LOG_DIGEST_START = '';

/** Folds log lines `state.log[from..]` into `digest`. */
export function foldLog(digest: string, log: readonly unknown[], from: number): string {
  let d = digest;
  for (let i = from; i < log.length; i++) {
    d = createHash('sha256').update(d).update(canonicalJson(log[i])).digest('hex');
  }
  return d;
}

/** A running state hash: call `next` with each new state in order. */
export class StateHasher {
  private digest = LOG_DIGEST_START;
  private lines = 0;

  /** Starts from a state loaded whole (a snapshot): folds its log once. */
  constructor(state?: EngineState<unknown>) {
    if (state) this.advance(state);
  }

  private advance(state: EngineState<unknown>): void {
    if (state.log.length < this.lines) {
      this.digest = LOG_DIGEST_START;
      this.lines = 0;
    }
    this.digest = foldLog(this.digest, state.log, this.lines);
    this.lines = state.log.length;
  }

  /** The hash of `state`, which must extend the states given before (its log a continuation). */
  next(state: EngineState<unknown>): string {
    this.advance(state);
    return hashWithDigest(state, this.digest);
  }

  /** A copy to try a state on without committing to it. */
  fork(): StateHasher {
    const h = new StateHasher();
    h.digest = this.digest;
    h.lines = this.lines;
    return h;
  }
}

function hashWithDigest(state: EngineState<unknown>, logDigest: string): string {
  const { log: _log, actors, ...rest } = state;
  return createHash('sha256')
    .update(canonicalJson({ ...rest, actors: actors.length, log: logDigest }))
    .digest('hex');
}

/** The hash of a whole state, from scratch (O(log)): for one-off checks. */
export function stateHash(state: EngineState<unknown>): string {
  return new StateHasher().next(state);
}
