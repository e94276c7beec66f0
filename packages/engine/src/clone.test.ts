import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { cloneState } from './clone.ts';

describe('cloneState: a deep copy of a plain state', () => {
  it('equals structuredClone on any JSON value, and shares no object with the original', () => {
    fc.assert(
      fc.property(fc.jsonValue({ maxDepth: 4 }), (v) => {
        const c = cloneState(v);
        expect(c).toStrictEqual(structuredClone(v));
        const objects = (x: unknown, out: Set<object>): Set<object> => {
          if (x && typeof x === 'object') {
            out.add(x);
            for (const k in x) objects((x as Record<string, unknown>)[k], out);
          }
          return out;
        };
        const mine = objects(v, new Set());
        for (const o of objects(c, new Set())) expect(mine.has(o)).toBe(false);
      }),
    );
  });

  it('keeps undefined values, copies typed arrays, and leaves other objects to structuredClone', () => {
    const v = { a: undefined, t: Int16Array.of(1, -2), m: new Map([[1, { x: 2 }]]), d: new Date(5) };
    const c = cloneState(v);
    expect(c).toStrictEqual(v);
    expect(c.t).not.toBe(v.t);
    expect(c.m).not.toBe(v.m);
    expect(c.m.get(1)).not.toBe(v.m.get(1));
    c.t[0] = 9;
    expect(v.t[0]).toBe(1);
  });
});
