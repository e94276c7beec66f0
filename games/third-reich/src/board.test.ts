import { describe, expect, it } from 'vitest';
import { CONDITIONAL_LINK } from './board.ts';
import { A, b, N, scene } from './testing/scene.ts';
import { locField } from './world.ts';

describe('the map as the engine area graph', () => {
  it('2.2.1(6): the adjacency lists are the graph neighbours over land and sea borders, never point contacts', () => {
    const { graph } = b;
    expect(graph.nodeCount).toBe(b.areaIds.length);
    for (const border of b.data.borders) {
      const [x, y] = [A(border.a), A(border.b)];
      expect(graph.linkKinds(x, y)).toEqual([graph.kind(border.kind)]);
      expect(b.adj[x]!.includes(y)).toBe(border.kind !== 'point');
      expect(b.landAdj[x]!.includes(y)).toBe(border.kind === 'land');
    }
    for (const l of b.data.conditionalLinks) expect(graph.linkKinds(A(l.a), A(l.b))).toContain(CONDITIONAL_LINK);
  });

  it('15.7.1(2): a LOC uses a conditional link only for its side, while that side controls its area', () => {
    const s = scene([['UK-NF', 'central_atlantic', 1]]);
    const g = s.game;
    const from = [A('central_atlantic')];
    g.ctrl[A('egypt')] = N('UK');
    g.ctrl[A('eastern_mediterranean')] = -1;
    expect(locField(b, g, from, 'allies')[A('eastern_mediterranean')]).toBe(1); // over a conditional link
    g.ctrl[A('egypt')] = N('IT');
    g.natBel[N('IT')] = true;
    expect(locField(b, g, from, 'allies')[A('eastern_mediterranean')]).toBe(0);
    g.ctrl[A('central_atlantic')] = N('GE');
    expect(locField(b, g, from, 'axis')[A('egypt')]).toBe(0); // the Axis never has the link
  });
});
