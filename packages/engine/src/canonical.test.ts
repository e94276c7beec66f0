import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { canonicalJson, jsonEqual } from './canonical.ts';

/** Shuffles an object's keys (deeply), so two equal values differ only in key order. */
function reorder(v: unknown): unknown {
  if (Array.isArray(v)) return v.map(reorder);
  if (v && typeof v === 'object') {
    const keys = Object.keys(v).reverse();
    return Object.fromEntries(keys.map((k) => [k, reorder((v as Record<string, unknown>)[k])]));
  }
  return v;
}

describe('jsonEqual: equality as JSON without building strings', () => {
  const json = fc.jsonValue({ maxDepth: 3 });

  it('agrees with comparing canonical JSON on any pair of values', () => {
    fc.assert(fc.property(json, json, (a, b) => jsonEqual(a, b) === (canonicalJson(a) === canonicalJson(b))));
  });

  it('ignores key order, deeply', () => {
    fc.assert(fc.property(json, (a) => jsonEqual(a, reorder(a)) && jsonEqual(reorder(a), a)));
  });

  it('treats a key holding undefined as absent, as JSON does', () => {
    expect(jsonEqual({ type: 'move', via: undefined }, { type: 'move' })).toBe(true);
    expect(jsonEqual({ type: 'move' }, { type: 'move', via: undefined })).toBe(true);
    expect(jsonEqual({ type: 'move', via: 'a' }, { type: 'move' })).toBe(false);
    expect(jsonEqual([1, 2], { 0: 1, 1: 2 })).toBe(false);
    expect(jsonEqual({ a: [1, { b: 2, c: 3 }] }, { a: [1, { c: 3, b: 2 }] })).toBe(true);
  });
});
