/**
 * Tracing over any BoardGraph: supply and lines of communication (flood from sources), "can
 * this unit trace to any source" (early exit), and marking the neighbours of a set of nodes
 * (zones of control).
 *
 * Start nodes (flood sources, or the unit tracing) are taken as given; every other node must
 * pass `enters` when entered, every step must pass `crosses`, and a node passing `stopsIn` is
 * reached but not traced through. Length is counted in hops (BFS, `maxHops`) or, when `cost` is
 * given, in cost (Dijkstra, `maxCost`).
 */
import { checkNode, type BoardGraph, type EdgeTest, type NodeTest, type StepCost } from './graph.ts';
import { PathFinder } from './path.ts';

export interface TraceOptions {
  /** Whether a node may be entered (not applied to the start nodes). */
  enters?: NodeTest;
  /** Whether a step may be taken. */
  crosses?: EdgeTest;
  /** Nodes the trace may enter but not leave (not applied to the start nodes). */
  stopsIn?: NodeTest;
  /** Longest trace in hops (hop mode only). */
  maxHops?: number;
  /** Step cost: switches to cost mode (Dijkstra). */
  cost?: StepCost;
  /** Longest trace in cost (cost mode only; default unbounded). */
  maxCost?: number;
}

/** Reached nodes of a flood: `reached[i]` is 1 and `distance[i]` the hops or cost; else 0 and Infinity. */
export interface FloodField {
  readonly reached: Uint8Array;
  readonly distance: Float64Array;
  count: number;
}

export function newFloodField(nodeCount: number): FloodField {
  return { reached: new Uint8Array(nodeCount), distance: new Float64Array(nodeCount).fill(Infinity), count: 0 };
}

/** Floods and traces over one BoardGraph with reusable scratch arrays. Not re-entrant. */
export class Tracer {
  readonly graph: BoardGraph;
  private readonly queue: Int32Array;
  private readonly hops: Int32Array;
  private readonly stamp: Uint32Array;
  private gen = 0;
  private finder: PathFinder | null = null;

  constructor(graph: BoardGraph) {
    this.graph = graph;
    this.queue = new Int32Array(graph.nodeCount);
    this.hops = new Int32Array(graph.nodeCount);
    this.stamp = new Uint32Array(graph.nodeCount);
  }

  /** Every node traceable from `sources`. Fills `into` (cleared first) or a new field. */
  flood(sources: number | ArrayLike<number>, opts: TraceOptions = {}, into?: FloodField): FloodField {
    const field = into ?? newFloodField(this.graph.nodeCount);
    if (field.reached.length !== this.graph.nodeCount || field.distance.length !== this.graph.nodeCount) {
      throw new RangeError(`flood field is for ${field.reached.length} nodes, the graph has ${this.graph.nodeCount}`);
    }
    if (into) {
      field.reached.fill(0);
      field.distance.fill(Infinity);
    }
    field.count = 0;
    if (checkMode(opts)) this.floodByCost(toArray(sources), opts, field);
    else this.floodByHops(toArray(sources), opts, field);
    return field;
  }

  /**
   * The first source node a trace from `from` reaches (nearest in hops, or in cost in cost
   * mode), or -1. Stops as soon as one is found. A start node that is itself a source counts.
   */
  nearestSource(from: number | ArrayLike<number>, isSource: NodeTest | Uint8Array, opts: TraceOptions = {}): number {
    const test = typeof isSource === 'function' ? isSource : (i: number) => isSource[i] !== 0;
    if (checkMode(opts)) return this.nearestByCost(toArray(from), test, opts);
    return this.nearestByHops(toArray(from), test, opts);
  }

  /** Whether a trace from `from` reaches any source. */
  canReach(from: number | ArrayLike<number>, isSource: NodeTest | Uint8Array, opts: TraceOptions = {}): boolean {
    return this.nearestSource(from, isSource, opts) >= 0;
  }

  private floodByHops(sources: ArrayLike<number>, opts: TraceOptions, field: FloodField): void {
    const { reached, distance } = field;
    const { firstEdge, edgeTo, edgeKind } = this.graph;
    const { enters, crosses, stopsIn } = opts;
    const maxHops = opts.maxHops ?? Infinity;
    const queue = this.queue;
    let head = 0;
    let tail = 0;
    for (let k = 0; k < sources.length; k++) {
      const s = sources[k]!;
      checkNode(this.graph, s, 'source');
      if (reached[s]) continue;
      reached[s] = 1;
      distance[s] = 0;
      queue[tail++] = s;
    }
    while (head < tail) {
      const u = queue[head++]!;
      const d = distance[u]!;
      if (d >= maxHops || (d > 0 && stopsIn && stopsIn(u))) continue;
      for (let s = firstEdge[u]!, end = firstEdge[u + 1]!; s < end; s++) {
        const v = edgeTo[s]!;
        if (v < 0 || reached[v]) continue;
        if (crosses && !crosses(u, v, edgeKind[s]!, s)) continue;
        if (enters && !enters(v)) continue;
        reached[v] = 1;
        distance[v] = d + 1;
        queue[tail++] = v;
      }
    }
    field.count = tail;
  }

  private floodByCost(sources: ArrayLike<number>, opts: TraceOptions, field: FloodField): void {
    const reach = this.pathFinder().reach(sources, costReach(opts));
    const nodes = reach.nodes();
    const costs = reach.costs();
    for (let k = 0; k < nodes.length; k++) {
      field.reached[nodes[k]!] = 1;
      field.distance[nodes[k]!] = costs[k]!;
    }
    field.count = nodes.length;
  }

  private nearestByHops(starts: ArrayLike<number>, isSource: NodeTest, opts: TraceOptions): number {
    const { firstEdge, edgeTo, edgeKind } = this.graph;
    const { enters, crosses, stopsIn } = opts;
    const maxHops = opts.maxHops ?? Infinity;
    const { queue, hops, stamp } = this;
    const gen = this.nextGeneration();
    let head = 0;
    let tail = 0;
    for (let k = 0; k < starts.length; k++) {
      const s = starts[k]!;
      checkNode(this.graph, s, 'start node');
      if (isSource(s)) return s;
      if (stamp[s] === gen) continue;
      stamp[s] = gen;
      hops[s] = 0;
      queue[tail++] = s;
    }
    while (head < tail) {
      const u = queue[head++]!;
      const d = hops[u]!;
      if (d >= maxHops || (d > 0 && stopsIn && stopsIn(u))) continue;
      for (let s = firstEdge[u]!, end = firstEdge[u + 1]!; s < end; s++) {
        const v = edgeTo[s]!;
        if (v < 0 || stamp[v] === gen) continue;
        if (crosses && !crosses(u, v, edgeKind[s]!, s)) continue;
        if (enters && !enters(v)) continue;
        if (isSource(v)) return v;
        stamp[v] = gen;
        hops[v] = d + 1;
        queue[tail++] = v;
      }
    }
    return -1;
  }

  private nearestByCost(starts: ArrayLike<number>, isSource: NodeTest, opts: TraceOptions): number {
    return this.pathFinder().reach(starts, { ...costReach(opts), isGoal: isSource }).goal;
  }

  private pathFinder(): PathFinder {
    this.finder ??= new PathFinder(this.graph);
    return this.finder;
  }

  private nextGeneration(): number {
    if (this.gen >= 0xfffffff0) {
      this.stamp.fill(0);
      this.gen = 0;
    }
    return ++this.gen;
  }
}

/**
 * Marks (sets to `value`) the neighbours of `nodes` in `into`, over steps passing `crosses`:
 * the usual zone of control is the hexes adjacent to enemy units, except across some hexsides.
 * With `includeSelf` the nodes themselves are marked too. Returns `into`.
 */
export function markNeighbours(
  graph: BoardGraph,
  nodes: ArrayLike<number>,
  into: Uint8Array,
  opts: { crosses?: EdgeTest; includeSelf?: boolean; value?: number } = {},
): Uint8Array {
  const value = opts.value ?? 1;
  for (let k = 0; k < nodes.length; k++) {
    const u = nodes[k]!;
    checkNode(graph, u);
    if (opts.includeSelf) into[u] = value;
    for (let s = graph.firstEdge[u]!, end = graph.firstEdge[u + 1]!; s < end; s++) {
      const v = graph.edgeTo[s]!;
      if (v >= 0 && (!opts.crosses || opts.crosses(u, v, graph.edgeKind[s]!, s))) into[v] = value;
    }
  }
  return into;
}

/** Whether the options ask for cost mode; mixing the two modes' limits is refused. */
function checkMode(opts: TraceOptions): boolean {
  if (opts.cost && opts.maxHops !== undefined)
    throw new RangeError('trace options: maxHops is for hop tracing; with a cost give maxCost');
  if (!opts.cost && opts.maxCost !== undefined) throw new RangeError('trace options: maxCost needs a cost function');
  return opts.cost !== undefined;
}

/** The trace predicates folded into one step cost for the PathFinder. */
function costReach(opts: TraceOptions): { budget: number; cost: StepCost; stopsIn?: NodeTest } {
  const { enters, crosses, cost } = opts;
  const step: StepCost = (u, v, e, s) =>
    (crosses && !crosses(u, v, e, s)) || (enters && !enters(v)) ? Infinity : cost!(u, v, e, s);
  const out: { budget: number; cost: StepCost; stopsIn?: NodeTest } = { budget: opts.maxCost ?? Infinity, cost: step };
  if (opts.stopsIn) out.stopsIn = opts.stopsIn;
  return out;
}

function toArray(x: number | ArrayLike<number>): ArrayLike<number> {
  return typeof x === 'number' ? [x] : x;
}
