/**
 * A derived per-node field (zones of control, supply) cached by version: recomputed only when
 * the version it is asked for differs from the one it was computed at.
 *
 * Versions: keep a counter in the game state that the rules bump whenever what the field
 * depends on changes (a unit moves, a supply source is captured). Game states are cloned for
 * undo, replay and AI search, and two clones can carry the same counter with different
 * positions; pass the state object as `owner` when that can happen, so a field is reused only
 * for the very state it was computed from.
 */
export class CachedField<T> {
  private value: T | undefined = undefined;
  private version: number | undefined = undefined;
  private owner: object | undefined = undefined;
  private valid = false;
  private computed = 0;

  /**
   * `compute` builds the field; it receives the previous value (or undefined) so that it can
   * refill the same typed arrays instead of allocating new ones.
   */
  constructor(private readonly compute: (previous: T | undefined) => T) {}

  /** The field for `version` (and `owner`), recomputed if either changed since the last call. */
  get(version: number, owner?: object): T {
    if (!this.valid || version !== this.version || owner !== this.owner) {
      this.value = this.compute(this.value);
      this.version = version;
      this.owner = owner;
      this.valid = true;
      this.computed++;
    }
    return this.value as T;
  }

  /** Forgets the cached value; the next `get` recomputes. */
  invalidate(): void {
    this.valid = false;
  }

  /** How many times the field has been computed (for tests and profiling). */
  get computations(): number {
    return this.computed;
  }
}
