/**
 * No progress is worth nothing. The rules of most games let a player start something and take
 * it back (pick a stack and cancel, form a group and cancel), which returns to the very same
 * decision; a side that likes the position would do so forever. So every searched state
 * remembers the position it was drawn at (`markRoot`, called from the game's determinize
 * adapter), the real positions met this game are remembered too, and a line of play that comes
 * back to one of them counts as lost for the side that started it (`stalled`).
 */

/** A 53-bit hash of a string (cyrb53): the memories keep numbers, not kilobytes of position text. */
export function hash53(str: string): number {
  let h1 = 0xdeadbeef,
    h2 = 0x41c6ce57;
  for (let i = 0; i < str.length; i++) {
    const ch = str.charCodeAt(i);
    h1 = Math.imul(h1 ^ ch, 2654435761);
    h2 = Math.imul(h2 ^ ch, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

// hashJson's two 32-bit lanes (module state: one hash at a time, no allocation)
let l1 = 0;
let l2 = 0;
const mix = (x: number): void => {
  l1 = Math.imul(l1 ^ x, 2654435761);
  l2 = Math.imul(l2 ^ x, 1597334677);
};
function mixString(s: string): void {
  mix(s.length);
  for (let i = 0; i < s.length; i++) mix(s.charCodeAt(i));
}
function walk(v: unknown): void {
  switch (typeof v) {
    case 'number':
      if (Number.isSafeInteger(v)) {
        mix(1);
        mix(v | 0);
        mix((v / 4294967296) | 0);
      } else {
        mix(2);
        mixString(JSON.stringify(v));
      }
      return;
    case 'string':
      mix(3);
      mixString(v);
      return;
    case 'boolean':
      mix(v ? 4 : 5);
      return;
    case 'object': {
      if (v === null) return mix(6);
      if (Array.isArray(v) || ArrayBuffer.isView(v)) {
        const xs = v as ArrayLike<unknown>;
        mix(7);
        mix(xs.length);
        for (let i = 0; i < xs.length; i++) walk(xs[i] ?? null);
        return;
      }
      mix(8);
      const o = v as Record<string, unknown>;
      for (const k in o) {
        const x = o[k];
        if (x === undefined || typeof x === 'function') continue;
        mixString(k);
        walk(x);
      }
      return mix(9);
    }
    default:
      mix(10); // undefined at the top
  }
}

/**
 * A 53-bit hash of a JSON value without building its text (as `hash53(JSON.stringify(v))` tells
 * values apart, at a fraction of the cost: position keys are hashed at every step of a search).
 * Values that stringify alike hash alike, keys taken in their order as JSON does.
 */
export function hashJson(v: unknown): number {
  l1 = 0xdeadbeef;
  l2 = 0x41c6ce57;
  walk(v);
  let h1 = l1;
  let h2 = l2;
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return 4294967296 * (2097151 & h2) + (h1 >>> 0);
}

export interface LoopGuardSpec<G> {
  /** Hash of everything public the decision depends on (the opponent's secrets by count only). */
  key(g: G): number;
  /** The decision at `g` is one a take-back can return to (where loops are looked for). */
  atCycle(g: G): boolean;
  /** The game turn: a lower one means a new game, and the memory of real positions starts afresh. */
  turn(g: G): number;
}

export class LoopGuard<G extends object, S extends string> {
  private readonly roots = new WeakMap<G, { key: number; role: S }>();
  private readonly stalls = new WeakMap<G, S>();
  /** Real positions of the game being played (the last game only). */
  private readonly seen = new Set<number>();
  private seenTurn = 0;

  constructor(private readonly spec: LoopGuardSpec<G>) {}

  /** The search (or the greedy player) starts from `g`, drawn from a real position where `role` decides. */
  markRoot(g: G, role: S): void {
    const key = this.spec.key(g);
    this.roots.set(g, { key, role });
    const turn = this.spec.turn(g);
    if (turn < this.seenTurn || this.seen.size > 20_000) this.seen.clear();
    this.seenTurn = turn;
    if (this.spec.atCycle(g)) this.seen.add(key);
  }

  /**
   * The side that came back to a position already met, if `g` is one (once back, the line stays
   * lost). Not asked at the root itself: searchers always play an action before they evaluate.
   */
  stalled(g: G): S | null {
    const known = this.stalls.get(g);
    if (known) return known;
    const r = this.roots.get(g);
    if (!r || !this.spec.atCycle(g)) return null;
    const key = this.spec.key(g);
    if (key !== r.key && !this.seen.has(key)) return null;
    this.stalls.set(g, r.role);
    return r.role;
  }
}
