import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import { LoopGuard, hash53, hashJson } from './loop-guard.ts';

interface Pos {
  turn: number;
  at: string;
  cycle: boolean;
}
const guard = () =>
  new LoopGuard<Pos, 'a' | 'b'>({
    key: (g) => hash53(`${g.turn}|${g.at}`),
    atCycle: (g) => g.cycle,
    turn: (g) => g.turn,
  });

describe('LoopGuard: a line that comes back to a position already met counts as lost', () => {
  it('a searched state equal to its root, or to a real position met this game, is stalled for the side that started the search', () => {
    const lg = guard();
    const root: Pos = { turn: 1, at: 'x', cycle: true };
    lg.markRoot(root, 'a');
    const back: Pos = { ...root };
    expect(lg.stalled(back), 'a state without a root mark is not judged').toBeNull();
    lg.markRoot(back, 'a');
    expect(lg.stalled(back)).toBe('a');
    const elsewhere: Pos = { turn: 1, at: 'y', cycle: true };
    lg.markRoot(elsewhere, 'b');
    expect(lg.stalled(elsewhere)).toBe('b'); // its own root position: back where it started
    const moved: Pos = { turn: 1, at: 'z', cycle: true };
    lg.markRoot(elsewhere, 'b');
    (lg as unknown as { roots: WeakMap<Pos, unknown> }).roots.set(moved, { key: hash53('1|y'), role: 'b' });
    expect(lg.stalled(moved), 'a new position is progress').toBeNull();
    const realX: Pos = { turn: 1, at: 'x', cycle: true };
    (lg as unknown as { roots: WeakMap<Pos, unknown> }).roots.set(realX, { key: hash53('1|y'), role: 'b' });
    expect(lg.stalled(realX), 'x was met for real this game').toBe('b');
  });

  it('only decisions where a take-back can return are judged, and a new game (lower turn) forgets the real positions', () => {
    const lg = guard();
    lg.markRoot({ turn: 5, at: 'x', cycle: true }, 'a');
    const quiet: Pos = { turn: 5, at: 'x', cycle: false };
    lg.markRoot(quiet, 'a');
    expect(lg.stalled(quiet)).toBeNull();
    lg.markRoot({ turn: 1, at: 'q', cycle: true }, 'a'); // a new game
    const x: Pos = { turn: 5, at: 'x', cycle: true };
    (lg as unknown as { roots: WeakMap<Pos, unknown> }).roots.set(x, { key: hash53('1|q'), role: 'a' });
    expect(lg.stalled(x)).toBeNull();
  });

  it('hash53 is stable and spreads', () => {
    expect(hash53('abc')).toBe(hash53('abc'));
    expect(hash53('abc')).not.toBe(hash53('abd'));
    expect(Number.isSafeInteger(hash53('x'.repeat(1000)))).toBe(true);
  });
});

describe('hashJson: a position key without building its text', () => {
  const json = fc.jsonValue({ maxDepth: 3 });
  it('hashes values that stringify alike alike, and tells apart values that do not (as hash53 of the JSON does)', () => {
    fc.assert(
      fc.property(json, json, (a, b) => (JSON.stringify(a) === JSON.stringify(b)) === (hashJson(a) === hashJson(b))),
    );
  });
  it('reads keys holding undefined as absent, typed arrays as arrays, and big integers exactly', () => {
    expect(hashJson({ a: 1, b: undefined })).toBe(hashJson({ a: 1 }));
    expect(hashJson([1, undefined])).toBe(hashJson([1, null]));
    expect(hashJson(Int16Array.of(3, -1))).toBe(hashJson([3, -1]));
    expect(hashJson(2 ** 40 + 1)).not.toBe(hashJson(2 ** 40));
    expect(hashJson({ a: [1], b: 2 })).not.toBe(hashJson({ a: [1, 2] }));
  });
});
