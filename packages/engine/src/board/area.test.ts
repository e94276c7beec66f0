import { describe, expect, it } from 'vitest';
import { RuleError } from '../errors.ts';
import { AreaGraph, type AreaGraphSpec } from './area.ts';
import { neighboursOf } from './graph.ts';
import { Tracer } from './flood.ts';

/** A map of numbered areas: land links, a white-arrow strait, flags. */
const italy: AreaGraphSpec = {
  name: 'test-italy',
  kinds: ['land', 'arrow'],
  flags: ['coastal', 'impassable', 'port'],
  nodes: [
    { id: 1, flags: ['coastal', 'port'] }, // Sicily
    { id: 2, coastal: true }, // Calabria
    { id: 3 },
    { id: 4, flags: ['impassable'] },
    { id: 5, coastal: true, port: false },
    { id: 6, note: 'an unrelated field' },
  ],
  links: [
    { a: 1, b: 2, kind: 'arrow' },
    { a: 2, b: 3, kind: 'land' },
    { a: 3, b: 4, kind: 0 },
    { a: 3, b: 5, kind: 'land' },
    { a: 4, b: 6, kind: 'land' },
    { a: 5, b: 6, kind: 'land' },
  ],
};

/** A fragment of land and sea areas and straits, with point contacts that do not connect. */
const europe: AreaGraphSpec = {
  kinds: ['land', 'sea', 'strait', 'point'],
  flags: ['sea'],
  nodes: [
    { id: 'Denmark' },
    { id: 'Sweden' },
    { id: 'Norway' },
    { id: 'Baltic', flags: ['sea'] },
    { id: 'NorthSea', flags: ['sea'] },
  ],
  links: [
    { a: 'Denmark', b: 'Sweden', kind: 'strait' },
    { a: 'Sweden', b: 'Norway', kind: 'land' },
    { a: 'Denmark', b: 'Norway', kind: 'point' },
    { a: 'Denmark', b: 'Baltic', kind: 'sea' },
    { a: 'Denmark', b: 'NorthSea', kind: 'sea' },
    { a: 'Sweden', b: 'Baltic', kind: 'sea' },
    { a: 'Norway', b: 'NorthSea', kind: 'sea' },
    { a: 'Baltic', b: 'NorthSea', kind: 'sea' },
  ],
};

function errorOf(fn: () => unknown): RuleError {
  try {
    fn();
  } catch (e) {
    if (e instanceof RuleError) return e;
    throw e;
  }
  throw new Error('expected a RuleError');
}

describe('AreaGraph build', () => {
  it('maps ids to indices both ways, numbers and strings alike', () => {
    const g = new AreaGraph(italy);
    expect(g.nodeCount).toBe(6);
    expect(g.indexOf(3)).toBe(2);
    expect(g.indexOf('3')).toBe(2);
    expect(g.idOf(2)).toBe(3);
    expect(g.indexOf(99)).toBe(-1);
    expect(() => g.node(99)).toThrow(/test-italy: no area "99"/);
    expect(() => g.idOf(6)).toThrow(/area 6 is not a node index/);
  });

  it('reads flags from lists and from true properties', () => {
    const g = new AreaGraph(italy);
    expect(g.nodesWithFlags(g.flagMask('coastal'))).toEqual([0, 1, 4]);
    expect(g.nodesWithFlags(g.flagMask('coastal', 'port'))).toEqual([0]);
    expect(g.hasFlag(g.node(4), 'impassable')).toBe(true);
    expect(g.hasFlag(g.node(5), 'port')).toBe(false);
    expect(g.flags[g.node(6)]).toBe(0);
    expect(() => g.flag('mountain')).toThrow(/unknown flag "mountain"/);
  });

  it('links both ways and filters neighbours by kind', () => {
    const g = new AreaGraph(italy);
    const [a1, a2, a3, a4, a5] = [1, 2, 3, 4, 5].map((id) => g.node(id)) as [number, number, number, number, number];
    expect(g.neighbours(a2)).toEqual([a1, a3]);
    expect(g.neighbours(a2, g.kindMask('land'))).toEqual([a3]);
    expect(g.neighbours(a1, g.kindMask('land'))).toEqual([]);
    expect(g.adjacent(a1, a2)).toBe(true);
    expect(g.adjacent(a2, a1, g.kindMask('arrow'))).toBe(true);
    expect(g.adjacent(a1, a2, g.kindMask('land'))).toBe(false);
    expect(g.adjacent(a3, a1)).toBe(false);
    expect(g.linkKinds(a4, a3)).toEqual([g.kind('land')]);
    expect(neighboursOf(g, a3).sort()).toEqual([a2, a4, a5].sort());
    for (let i = 0; i < g.nodeCount; i++) for (const j of g.neighbours(i)) expect(g.neighbours(j)).toContain(i);
  });

  it('keeps point contacts out of searches with withKinds', () => {
    const g = new AreaGraph(europe);
    const [dk, no] = [g.node('Denmark'), g.node('Norway')];
    expect(g.adjacent(dk, no)).toBe(true);
    expect(g.linkKinds(dk, no)).toEqual([g.kind('point')]);
    const connecting = g.withKinds(g.kindMask('land', 'strait'));
    expect(neighboursOf(connecting, dk)).toEqual([g.node('Sweden')]);
    const land = new Tracer(connecting).flood(dk);
    expect(land.distance[no]).toBe(2); // Denmark -> Sweden -> Norway, not across the point contact
    expect(land.reached[g.node('Baltic')]).toBe(0);
  });

  it('allows a pair to have several link kinds', () => {
    const g = new AreaGraph({
      kinds: ['land', 'sea'],
      nodes: [{ id: 'a' }, { id: 'b' }],
      links: [
        { a: 'a', b: 'b', kind: 'land' },
        { a: 'a', b: 'b', kind: 'sea' },
      ],
    });
    expect(g.linkKinds(0, 1)).toEqual([0, 1]);
    expect(g.neighbours(0)).toEqual([1]);
  });

  it('accepts integer kinds without kind names', () => {
    const g = new AreaGraph({ nodes: [{ id: 'x' }, { id: 'y' }], links: [{ a: 'x', b: 'y', kind: 7 }] });
    expect(g.linkKinds(1, 0)).toEqual([7]);
    expect(g.kindMask(7)).toBe(128);
  });

  it('checks both-ways listings for symmetry', () => {
    const ok = new AreaGraph({
      kinds: ['land'],
      listing: 'both-ways',
      nodes: [{ id: 1 }, { id: 2 }],
      links: [
        { a: 1, b: 2, kind: 'land' },
        { a: 2, b: 1, kind: 'land' },
      ],
    });
    expect(ok.neighbours(0)).toEqual([1]);
    expect(ok.edgeTo.length).toBe(2);
  });
});

describe('AreaGraph build errors', () => {
  const base = { kinds: ['land', 'strait'], nodes: [{ id: 11 }, { id: 12 }, { id: 13 }] };

  it('names an asymmetric link and both ids', () => {
    const e = errorOf(
      () =>
        new AreaGraph({
          ...base,
          name: 'map.json',
          listing: 'both-ways',
          links: [
            { a: 11, b: 12, kind: 'land' },
            { a: 12, b: 11, kind: 'land' },
            { a: 12, b: 13, kind: 'land' },
          ],
        }),
    );
    expect(e.code).toBe('bad-data');
    expect(e.message).toMatch(/map\.json/);
    expect(e.message).toMatch(/asymmetric link: 12 -> 13 \(land\) has no 13 -> 12 \(land\)/);
    expect(e.message).not.toMatch(/11 -> 12/);
  });

  it('treats a reverse of another kind as asymmetric', () => {
    const e = errorOf(
      () =>
        new AreaGraph({
          ...base,
          listing: 'both-ways',
          links: [
            { a: 11, b: 12, kind: 'land' },
            { a: 12, b: 11, kind: 'strait' },
          ],
        }),
    );
    expect(e.message).toMatch(/11 -> 12 \(land\) has no 12 -> 11 \(land\)/);
    expect(e.message).toMatch(/12 -> 11 \(strait\) has no 11 -> 12 \(strait\)/);
  });

  it('names unknown ids, unknown kinds, self links and duplicates, all at once', () => {
    const e = errorOf(
      () =>
        new AreaGraph({
          ...base,
          links: [
            { a: 11, b: 99, kind: 'land' },
            { a: 'Rome', b: 12, kind: 'land' },
            { a: 11, b: 12, kind: 'ferry' },
            { a: 13, b: 13, kind: 'land' },
            { a: 11, b: 13, kind: 'land' },
            { a: 11, b: 13, kind: 'land' },
            { a: 12, b: 13, kind: 'strait' },
            { a: 13, b: 12, kind: 'strait' },
          ],
        }),
    );
    expect(e.message).toMatch(/link 11-99: unknown area "99"/);
    expect(e.message).toMatch(/link Rome-12: unknown area "Rome"/);
    expect(e.message).toMatch(/link 11-12: unknown kind "ferry" \(kinds: land, strait\)/);
    expect(e.message).toMatch(/link 13-13: an area cannot link to itself/);
    expect(e.message).toMatch(/link 11-13 \(land\) is listed twice/);
    expect(e.message).toMatch(/link 12-13 \(strait\) is listed both ways/);
  });

  it('names duplicate area ids and unknown flags', () => {
    const e = errorOf(
      () =>
        new AreaGraph({ flags: ['coastal'], nodes: [{ id: 1 }, { id: '1' }, { id: 2, flags: ['costal'] }], links: [] }),
    );
    expect(e.message).toMatch(/area id "1" is used twice/);
    expect(e.message).toMatch(/area 2: unknown flag "costal" \(flags: coastal\)/);
  });

  it('refuses out-of-range integer kinds', () => {
    expect(
      () => new AreaGraph({ kinds: ['land'], nodes: [{ id: 1 }, { id: 2 }], links: [{ a: 1, b: 2, kind: 1 }] }),
    ).toThrow(/unknown kind "1"/);
    expect(() => new AreaGraph({ nodes: [{ id: 1 }, { id: 2 }], links: [{ a: 1, b: 2, kind: 32 }] })).toThrow(
      /unknown kind "32" \(kinds: 0-31\)/,
    );
  });
});
