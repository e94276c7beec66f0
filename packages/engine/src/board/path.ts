/**
 * Movement: bounded Dijkstra over any BoardGraph with a per-unit step cost, a movement point
 * budget and a stop rule (e.g. entering an enemy ZOC ends movement: the node may be entered but
 * not left). A PathFinder owns its scratch typed arrays and reuses them between searches; a
 * generation stamp marks which entries belong to the current search, so nothing is cleared.
 */
import FlatQueue from 'flatqueue';
import { checkNode, type BoardGraph, type NodeTest, type StepCost } from './graph.ts';

export interface ReachOptions {
  /** Movement points available; nodes costing more are not reached. Infinity = unbounded. */
  budget: number;
  /** Cost of each step; Infinity forbids it. */
  cost: StepCost;
  /**
   * Nodes where movement ends: they can be entered but not left (enemy ZOC, say). Never
   * applied to the start nodes; a game that makes leaving a ZOC cost extra says so in `cost`.
   */
  stopsIn?: NodeTest;
  /** Stop the search as soon as a node passing this test is settled (point-to-point queries). */
  isGoal?: NodeTest;
}

/**
 * The result of one search. It reads the finder's scratch arrays, so it is valid only until the
 * finder's next search (using it afterwards throws); copy what must be kept with `nodes()` and `costs()`.
 */
export class Reach {
  constructor(
    private readonly finder: PathFinder,
    private readonly generation: number,
    /** Number of nodes reached (start nodes included). */
    readonly count: number,
    /** The goal found when `isGoal` was given, else -1. */
    readonly goal: number,
  ) {}

  /** Whether `node` was reached within the budget. */
  has(node: number): boolean {
    this.checkFresh();
    return this.finder.stamp[node] === this.generation + 1;
  }

  /** Least movement cost to `node`, or Infinity if not reached. */
  costTo(node: number): number {
    return this.has(node) ? this.finder.cost[node]! : Infinity;
  }

  /** The node before `node` on its cheapest path; -1 for a start node or a node not reached. */
  previous(node: number): number {
    return this.has(node) ? this.finder.prev[node]! : -1;
  }

  /** The cheapest path from a start node to `node`, both included; [] if not reached. */
  pathTo(node: number): number[] {
    if (!this.has(node)) return [];
    const path: number[] = [];
    for (let n = node; n >= 0; n = this.finder.prev[n]!) path.push(n);
    return path.reverse();
  }

  /** The reached nodes in order of increasing cost (a copy). */
  nodes(): Int32Array {
    this.checkFresh();
    return this.finder.order.slice(0, this.count);
  }

  /** The costs of `nodes()`, in the same order (a copy). */
  costs(): Float64Array {
    const nodes = this.nodes();
    const out = new Float64Array(nodes.length);
    for (let k = 0; k < nodes.length; k++) out[k] = this.finder.cost[nodes[k]!]!;
    return out;
  }

  private checkFresh(): void {
    if (this.finder.generation !== this.generation)
      throw new Error('stale Reach: its PathFinder has run another search since');
  }
}

/** Bounded Dijkstra with reusable scratch arrays, for one BoardGraph. Not re-entrant. */
export class PathFinder {
  readonly graph: BoardGraph;
  /** Scratch, valid where `stamp` is the current generation (+1 once settled). */
  readonly cost: Float64Array;
  readonly prev: Int32Array;
  readonly stamp: Uint32Array;
  /** Settled nodes in order. */
  readonly order: Int32Array;
  private queue: FlatQueue<number>;
  /** Most entries the queue can ever hold: one per start node plus one per improving step. */
  private readonly maxQueue: number;
  private gen = 0;

  constructor(graph: BoardGraph) {
    this.graph = graph;
    const n = graph.nodeCount;
    this.cost = new Float64Array(n);
    this.prev = new Int32Array(n);
    this.stamp = new Uint32Array(n);
    this.order = new Int32Array(n);
    this.maxQueue = graph.edgeTo.length + n;
    this.queue = new FlatQueue<number>(Math.min(this.maxQueue, Math.max(1024, n >> 3)), Float64Array, Uint32Array);
  }

  /** The current search's generation (even); settled nodes are stamped generation + 1. */
  get generation(): number {
    return this.gen;
  }

  /** Every node reachable from `start` (one node or several) within the budget. */
  reach(start: number | ArrayLike<number>, opts: ReachOptions): Reach {
    this.nextGeneration();
    this.seed(start);
    const { count, goal } = this.run(opts);
    return new Reach(this, this.gen, count, goal);
  }

  /** Bytes held by the scratch arrays and the queue. */
  memoryBytes(): number {
    const q = this.queue.capacity * (8 + 4);
    return this.cost.byteLength + this.prev.byteLength + this.stamp.byteLength + this.order.byteLength + q;
  }

  private nextGeneration(): void {
    if (this.gen >= 0xfffffff0) {
      this.stamp.fill(0);
      this.gen = 0;
    }
    this.gen += 2;
  }

  private seed(start: number | ArrayLike<number>): void {
    const starts = typeof start === 'number' ? [start] : start;
    for (let k = 0; k < starts.length; k++) {
      const s = starts[k]!;
      checkNode(this.graph, s, 'start node');
      if (this.stamp[s] === this.gen) continue;
      this.stamp[s] = this.gen;
      this.cost[s] = 0;
      this.prev[s] = -1;
      this.push(s, 0);
    }
  }

  private run(opts: ReachOptions): { count: number; goal: number } {
    const { firstEdge, edgeTo, edgeKind } = this.graph;
    const { cost, prev, stamp, order } = this;
    const { budget, stopsIn, isGoal } = opts;
    const stepCost = opts.cost;
    const open = this.gen;
    const settled = open + 1;
    let count = 0;
    let goal = -1;
    while (this.queue.length > 0) {
      const u = this.queue.pop()!;
      if (stamp[u] === settled) continue;
      stamp[u] = settled;
      order[count++] = u;
      if (isGoal?.(u)) {
        goal = u;
        break;
      }
      if (prev[u]! >= 0 && stopsIn && stopsIn(u)) continue;
      const cu = cost[u]!;
      for (let s = firstEdge[u]!, end = firstEdge[u + 1]!; s < end; s++) {
        const v = edgeTo[s]!;
        if (v < 0 || stamp[v] === settled) continue;
        const c = stepCost(u, v, edgeKind[s]!, s);
        if (!(c >= 0)) throw new RangeError(`step cost ${c} from node ${u} to ${v} is not >= 0`);
        const nc = cu + c;
        if (nc > budget || c === Infinity) continue;
        if (stamp[v] !== open || nc < cost[v]!) {
          stamp[v] = open;
          cost[v] = nc;
          prev[v] = u;
          this.push(v, nc);
        }
      }
    }
    this.queue.clear();
    return { count, goal };
  }

  /** Pushes onto the typed-array queue, doubling its capacity when full (up to `maxQueue`). */
  private push(node: number, priority: number): void {
    const q = this.queue;
    if (q.length === q.capacity) {
      const bigger = new FlatQueue<number>(Math.min(this.maxQueue, 2 * q.capacity), Float64Array, Uint32Array);
      (bigger.ids as unknown as Uint32Array).set((q.ids as unknown as Uint32Array).subarray(0, q.length));
      (bigger.values as unknown as Float64Array).set((q.values as unknown as Float64Array).subarray(0, q.length));
      bigger.length = q.length;
      this.queue = bigger;
    }
    this.queue.push(node, priority);
  }
}
