/**
 * The common board graph: what Dijkstra, flood tracing and ZOC marking run over, whether the
 * board is an area map (numbered areas; land and sea areas) or a hex grid (up to multi-map boards of 60,000 hexes).
 *
 * Why typed arrays and not an object per hex (honeycomb-grid and the like): an operational board has up
 * to 60,000 hexes and 360,000 hexsides, and the AI asks for movement ranges and supply traces
 * thousands of times per turn. Flat typed arrays (CSR adjacency, Uint8/16 terrain and hexside
 * bitflags) take a few megabytes instead of tens, allocate nothing per query, stay cache-friendly,
 * and let the same search code run over areas and hexes alike.
 *
 * Boards are static data built once per game module. They are never stored in the game state
 * (which must stay plain JSON); the state holds only indices or labels.
 */

/**
 * Adjacency in compressed sparse row form. The edges leaving node `i` occupy the "slots"
 * `firstEdge[i] .. firstEdge[i + 1] - 1`; slot `s` leads to node `edgeTo[s]` and carries the
 * label `edgeKind[s]`.
 *
 * - Area graphs: `edgeKind` is the game's link kind (land, strait, sea, ...); slots are compact.
 * - Hex grids: node `i` owns the six slots `6i .. 6i + 5`, slot `6i + d` is direction `d`,
 *   `edgeKind` is the direction, and `edgeTo` is -1 where the neighbour is off the map.
 *
 * Algorithms must skip slots whose `edgeTo` is negative.
 */
export interface BoardGraph {
  readonly nodeCount: number;
  /** Length `nodeCount + 1`. */
  readonly firstEdge: Int32Array;
  /** Target node of each slot, or -1 for none (off-map). */
  readonly edgeTo: Int32Array;
  /** Label of each slot: link kind (areas) or direction 0-5 (hexes). */
  readonly edgeKind: Uint8Array;
}

/**
 * Cost of one step from `from` to `to` over the edge labelled `edge` (link kind or hex
 * direction) in CSR `slot` (for hex grids the slot indexes the hexside array directly).
 * Return Infinity for "may not move there"; negative or NaN costs are refused.
 */
export type StepCost = (from: number, to: number, edge: number, slot: number) => number;
/** Whether a step over an edge is allowed (same arguments as StepCost). */
export type EdgeTest = (from: number, to: number, edge: number, slot: number) => boolean;
/** A per-node predicate (passable, stops movement, is a supply source, ...). */
export type NodeTest = (node: number) => boolean;

/** A kind mask accepting every edge label below 32. */
export const ALL_KINDS = 0xffffffff;

/** True when edge label `kind` is in `mask` (bit `kind` set). Labels 32+ never match a mask. */
export function kindInMask(kind: number, mask: number): boolean {
  return kind < 32 && ((mask >>> kind) & 1) === 1;
}

/** The mask with the bits of the given small integers set (e.g. kinds or flags). */
export function maskOf(bits: readonly number[]): number {
  let m = 0;
  for (const b of bits) {
    if (!Number.isInteger(b) || b < 0 || b > 31) throw new RangeError(`bit number ${b} is outside 0-31`);
    m |= 1 << b;
  }
  return m >>> 0;
}

/**
 * Names to single-bit masks, for games defining hexside features or node flags:
 * `bitFlags(['river', 'majorRiver', 'road'])` is `{ river: 1, majorRiver: 2, road: 4 }`.
 */
export function bitFlags<const N extends string>(names: readonly N[]): Record<N, number> {
  if (names.length > 32) throw new RangeError(`at most 32 flags, got ${names.length}`);
  const out = {} as Record<N, number>;
  names.forEach((n, i) => {
    if (n in out) throw new RangeError(`flag "${n}" is named twice`);
    out[n] = (1 << i) >>> 0;
  });
  return out;
}

/** Checks a node index, naming the caller on failure. */
export function checkNode(graph: BoardGraph, node: number, what = 'node'): void {
  if (!Number.isInteger(node) || node < 0 || node >= graph.nodeCount) {
    throw new RangeError(`${what} ${node} is not a node index (0-${graph.nodeCount - 1})`);
  }
}

/** The neighbours of `node` over edges whose label is in `kinds` (default: all). */
export function neighboursOf(graph: BoardGraph, node: number, kinds = ALL_KINDS): number[] {
  checkNode(graph, node);
  const out: number[] = [];
  for (let s = graph.firstEdge[node]!, end = graph.firstEdge[node + 1]!; s < end; s++) {
    const to = graph.edgeTo[s]!;
    if (to >= 0 && kindInMask(graph.edgeKind[s]!, kinds)) out.push(to);
  }
  return out;
}

/** One directed edge for `csrFromEdges`. */
export interface DirectedEdge {
  from: number;
  to: number;
  kind: number;
}

/** Builds CSR arrays from a list of directed edges (kept in input order within each node). */
export function csrFromEdges(nodeCount: number, edges: readonly DirectedEdge[]): BoardGraph {
  const firstEdge = new Int32Array(nodeCount + 1);
  for (const e of edges) firstEdge[e.from + 1]!++;
  for (let i = 0; i < nodeCount; i++) firstEdge[i + 1]! += firstEdge[i]!;
  const fill = firstEdge.slice(0, nodeCount);
  const edgeTo = new Int32Array(edges.length);
  const edgeKind = new Uint8Array(edges.length);
  for (const e of edges) {
    const s = fill[e.from]!++;
    edgeTo[s] = e.to;
    edgeKind[s] = e.kind;
  }
  return { nodeCount, firstEdge, edgeTo, edgeKind };
}
