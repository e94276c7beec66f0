/**
 * The data compiled for fast rules: integer indices for areas, nations and units, adjacency
 * lists without point contacts (2.2.1(6)), and the static unit table (unit i is a counter of
 * kind `unitKind[i]`; the state keeps only where each unit is and whether it is used).
 */
import { AreaGraph, RuleError, Tracer } from '@sandtable/engine';
import type { CounterData, NationId, Side, ThirdReichData, UnitClass } from './data/index.ts';
import { NATIONS } from './data/index.ts';

/** Kinds of the map graph's links: the borders of map.json (2.2.1(6)) and the conditional links of 15.7.1(2). */
export const LINK_KINDS = ['land', 'sea', 'point', 'link'] as const;
/** The kind number of a conditional link (15.7.1(2)) in `Board.graph`. */
export const CONDITIONAL_LINK = LINK_KINDS.indexOf('link');

export const POOL = -1; // mobilization pool (2.2.2③)
export const DEV = -2; // development pool (2.2.2④)
export const REMOVED = -3; // out of the game (15.8)

export interface Board {
  data: ThirdReichData;
  areaIds: string[];
  areaIndex: Map<string, number>;
  isSea: boolean[];
  flag: number[]; // nation index or -1
  source: ('red' | 'black' | 'half' | null)[];
  /**
   * The map as the engine's area graph: land, sea and point borders (2.2.1(6)) in data order, then
   * the side-conditional links of 15.7.1(2) (kind `link`).
   */
  graph: AreaGraph;
  /** Floods and traces over the borders that connect (land, sea) and the conditional links (2.2.1(6), 15.7.1(2)). */
  tracer: Tracer;
  /** Neighbours over land and sea borders (point contacts excluded), 2.2.1(6). */
  adj: number[][];
  /** Neighbours over land borders only (AMB-2). */
  landAdj: number[][];
  /** Side-conditional links (15.7.1(2)). */
  condLinks: { a: number; b: number; side: Side; whileControls: number }[];
  /** Areas each side may never enter (15.7.2-15.7.4): forbidden[side][area]. */
  forbidden: Record<Side, boolean[]>;
  northOfBoundary: boolean[];
  nationIndex: Map<NationId, number>;
  nationSide0: Side[];
  nationStart: ('belligerent' | 'neutral')[];
  withdrawable: boolean[];
  /** Nations with no source area in their territory at the start (12.0(4)). */
  noSourceNation: boolean[];
  counters: CounterData[];
  counterIndex: Map<string, number>;
  classOf: Map<string, UnitClass>;
  unitKind: number[];
  unitNation: number[];
  unitClass: UnitClass[];
  unitCount: number;
  sp: {
    berlin: number;
    paris: number;
    london: number;
    moscow: number;
    warsaw: number;
    egypt: number;
    northAtlantic: number;
    centralAtlantic: number;
    easternMediterranean: number;
    middleEast: number;
    usSource: number;
    polishSpecial: number[];
    double: number[];
  };
  cardIds: string[];
  cardById: Map<string, ThirdReichData['cards'][number]>;
}

export function compileBoard(data: ThirdReichData): Board {
  const areaIds = data.areas.map((a) => a.id);
  const areaIndex = new Map(areaIds.map((id, i) => [id, i]));
  const A = (id: string) => {
    const i = areaIndex.get(id);
    if (i === undefined) throw new Error(`unknown area ${id}`);
    return i;
  };
  const nationIndex = new Map(NATIONS.map((n, i) => [n, i] as [NationId, number]));
  const N = (n: NationId) => nationIndex.get(n)!;
  const graph = new AreaGraph({
    name: 'third-reich map',
    kinds: LINK_KINDS,
    nodes: areaIds.map((id) => ({ id })),
    links: [
      ...data.borders.map((l) => ({ a: l.a, b: l.b, kind: l.kind })),
      ...data.conditionalLinks.map((l) => ({ a: l.a, b: l.b, kind: 'link' })),
    ],
  });
  const adj = areaIds.map((_, i) => graph.neighbours(i, graph.kindMask('land', 'sea'))); // 2.2.1(6)
  const landAdj = areaIds.map((_, i) => graph.neighbours(i, graph.kindMask('land'))); // AMB-2
  const forbidden: Record<Side, boolean[]> = { axis: areaIds.map(() => false), allies: areaIds.map(() => false) };
  for (const f of data.forbidden) for (const s of f.sides) forbidden[s][A(f.area)] = true;
  const north = areaIds.map(() => false);
  for (const a of data.boundaryNorth) north[A(a)] = true;
  const byNation = new Map(data.nations.map((n) => [n.id, n]));
  const classOf = new Map(data.unitTypes.map((t) => [t.id as string, t.class]));
  const unitKind: number[] = [],
    unitNation: number[] = [],
    unitClass: UnitClass[] = [];
  data.counters.forEach((c, k) => {
    for (let i = 0; i < c.count; i++) {
      unitKind.push(k);
      unitNation.push(N(c.nation));
      unitClass.push(classOf.get(c.type)!);
    }
  });
  const sp = data.special;
  const flag = data.areas.map((a) => (a.flag ? N(a.flag) : -1));
  const noSourceNation = NATIONS.map((_, n) => !data.areas.some((a, i) => flag[i] === n && a.source !== null));
  return {
    data,
    areaIds,
    areaIndex,
    graph,
    tracer: new Tracer(graph.withKinds(graph.kindMask('land', 'sea', 'link'))),
    isSea: data.areas.map((a) => a.type === 'sea'),
    flag,
    source: data.areas.map((a) => a.source),
    adj,
    landAdj,
    condLinks: data.conditionalLinks.map((l) => ({
      a: A(l.a),
      b: A(l.b),
      side: l.side,
      whileControls: A(l.whileControls),
    })),
    forbidden,
    northOfBoundary: north,
    nationIndex,
    nationSide0: NATIONS.map((n) => byNation.get(n)!.side),
    nationStart: NATIONS.map((n) => byNation.get(n)!.status),
    withdrawable: NATIONS.map((n) => byNation.get(n)!.withdrawable),
    noSourceNation,
    counters: data.counters,
    counterIndex: new Map(data.counters.map((c, i) => [c.id, i])),
    classOf,
    unitKind,
    unitNation,
    unitClass,
    unitCount: unitKind.length,
    sp: {
      berlin: A(sp.berlin),
      paris: A(sp.paris),
      london: A(sp.london),
      moscow: A(sp.moscow),
      warsaw: A(sp.warsaw),
      egypt: A(sp.egypt),
      northAtlantic: A(sp.northAtlantic),
      centralAtlantic: A(sp.centralAtlantic),
      easternMediterranean: A(sp.easternMediterranean),
      middleEast: A(sp.middleEast),
      usSource: A(sp.usSource),
      polishSpecial: sp.polishSpecial.map(A),
      double: sp.doubleForStrategicVictory.map(A),
    },
    cardIds: data.cards.map((c) => c.id),
    cardById: new Map(data.cards.map((c) => [c.id, c])),
  };
}

export const nationCode = (n: number): NationId => NATIONS[n]!;

/** The area index of an id; an unknown id is a malformed action (2.2.1). */
export function areaAt(b: Board, id: string): number {
  const i = b.areaIndex.get(id);
  if (i === undefined) throw new RuleError('2.2.1', `no area "${id}"`, 'malformed');
  return i;
}

/** An area's name. */
export const areaName = (b: Board, a: number): string => b.data.areas[a]!.name;

/** The counter (printed values) of unit u. */
export const counterOf = (b: Board, u: number): CounterData => b.counters[b.unitKind[u]!]!;

/** Unit u in logs: its counter id and index. */
export const unitLabel = (b: Board, u: number): string => `${counterOf(b, u).id}${u}`;

const AIR_TYPES = new Set(['AF', 'CV', 'CVE']);
/** A unit's air strength (9.2(1)). */
export const airStrength = (b: Board, u: number): number => counterOf(b, u).air ?? 0;
/** 9.2(1): air units and carriers with an air strength may air-attack. */
export const hasAirStrength = (b: Board, u: number): boolean =>
  AIR_TYPES.has(counterOf(b, u).type) && airStrength(b, u) > 0;
/** 16.8: jets. */
export const isJet = (b: Board, u: number): boolean => !!counterOf(b, u).jet;
