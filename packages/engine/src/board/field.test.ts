import { describe, expect, it } from 'vitest';
import { CachedField } from './field.ts';
import { markNeighbours } from './flood.ts';
import { HexGrid } from './hex.ts';

describe('CachedField', () => {
  const g = new HexGrid({ cols: 8, rows: 8, orientation: 'flat', offset: 'odd' });

  it('recomputes a ZOC field only when the version changes, reusing its array', () => {
    const state = { version: 1, enemy: [g.hex('0404')] };
    const zoc = new CachedField<Uint8Array>((prev) =>
      markNeighbours(g, state.enemy, prev ? prev.fill(0) : new Uint8Array(g.nodeCount)),
    );
    const first = zoc.get(state.version);
    expect(first[g.hex('0405')]).toBe(1);
    expect(zoc.get(state.version)).toBe(first);
    expect(zoc.computations).toBe(1);

    state.enemy = [g.hex('0707')];
    expect(zoc.get(state.version)[g.hex('0405')]).toBe(1); // stale until the version moves
    state.version++;
    const second = zoc.get(state.version);
    expect(second).toBe(first); // same storage, refilled
    expect(second[g.hex('0405')]).toBe(0);
    expect(second[g.hex('0708')]).toBe(1);
    expect(zoc.computations).toBe(2);
  });

  it('recomputes on invalidate and when the owner object differs', () => {
    let n = 0;
    const field = new CachedField(() => ++n);
    const a = {};
    const b = {};
    expect(field.get(3, a)).toBe(1);
    expect(field.get(3, a)).toBe(1);
    expect(field.get(3, b)).toBe(2); // a clone with the same version number
    field.invalidate();
    expect(field.get(3, b)).toBe(3);
    expect(field.get(4, b)).toBe(4);
    expect(field.computations).toBe(4);
  });
});
