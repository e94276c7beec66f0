/**
 * Area maps (numbered land areas; land and sea areas): nodes with ids and flags, links with
 * game-defined kinds (land, arrow, strait, sea, ...). A kind that does not connect (say, point
 * contacts between areas that only touch at a corner) can be recorded and left out of searches with
 * `withKinds` or a kind mask.
 */
import { DataChecks } from '../data.ts';
import { ALL_KINDS, checkNode, csrFromEdges, kindInMask, maskOf, type BoardGraph, type DirectedEdge } from './graph.ts';

export type AreaId = string | number;

/**
 * One area. Flags are set by listing them in `flags` or by a `true` property of the same
 * name (`{ id: 12, coastal: true }`); other properties are ignored.
 */
export interface AreaNodeSpec {
  id: AreaId;
  flags?: readonly string[];
  [property: string]: unknown;
}

export interface AreaLinkSpec {
  a: AreaId;
  b: AreaId;
  /** A name from `kinds`, or its index. */
  kind: string | number;
}

export interface AreaGraphSpec {
  /** Names the map in error messages (e.g. "<game id> map.json"). */
  name?: string;
  /** Link kind names; kind `k` is stored as its index (at most 32 kinds). Without it, kinds are integers 0-31. */
  kinds?: readonly string[];
  /** Flag names; flag `f` is bit `flags.indexOf(f)` of the node's flag word (at most 32). */
  flags?: readonly string[];
  nodes: readonly AreaNodeSpec[];
  links: readonly AreaLinkSpec[];
  /**
   * `once` (default): each link is listed once and joins both ways.
   * `both-ways`: the data lists each direction; a link without its reverse of the same kind is an error.
   */
  listing?: 'once' | 'both-ways';
}

/** An area map: ids, flag bitsets and symmetric CSR adjacency. */
export class AreaGraph implements BoardGraph {
  readonly name: string;
  readonly nodeCount: number;
  readonly firstEdge: Int32Array;
  readonly edgeTo: Int32Array;
  readonly edgeKind: Uint8Array;
  /** Flag word per node (bit f = flag f). */
  readonly flags: Uint32Array;
  readonly kindNames: readonly string[];
  readonly flagNames: readonly string[];
  private readonly ids: readonly AreaId[];
  private readonly byId: ReadonlyMap<string, number>;

  /** Builds and checks the map; every problem found is reported in one RuleError (bad-data). */
  constructor(spec: AreaGraphSpec) {
    this.name = spec.name ?? 'area graph';
    this.kindNames = spec.kinds ?? [];
    this.flagNames = spec.flags ?? [];
    const checks = new DataChecks(this.name);
    checks.check(this.kindNames.length <= 32, `at most 32 link kinds, got ${this.kindNames.length}`);
    checks.check(this.flagNames.length <= 32, `at most 32 flags, got ${this.flagNames.length}`);
    this.ids = spec.nodes.map((n) => n.id);
    this.byId = indexIds(spec.nodes, checks);
    this.nodeCount = spec.nodes.length;
    this.flags = this.readFlags(spec.nodes, checks);
    const edges = this.readLinks(spec, checks);
    checks.done();
    const csr = csrFromEdges(this.nodeCount, edges);
    this.firstEdge = csr.firstEdge;
    this.edgeTo = csr.edgeTo;
    this.edgeKind = csr.edgeKind;
  }

  /** Index of an area id, or -1. Ids 7 and "7" are the same area. */
  indexOf(id: AreaId): number {
    return this.byId.get(String(id)) ?? -1;
  }

  /** Index of an area id; throws naming the id if the map has no such area. */
  node(id: AreaId): number {
    const i = this.indexOf(id);
    if (i < 0) throw new RangeError(`${this.name}: no area "${id}"`);
    return i;
  }

  /** The id of area index `i`. */
  idOf(i: number): AreaId {
    checkNode(this, i, 'area');
    return this.ids[i]!;
  }

  /** The integer of a link kind name (or checks an integer kind). */
  kind(kind: string | number): number {
    const k = resolveName(kind, this.kindNames, 32);
    if (k < 0) throw new RangeError(`${this.name}: unknown link kind "${kind}"`);
    return k;
  }

  /** Mask of the given kinds, for `neighbours`, `adjacent` and `withKinds`. */
  kindMask(...kinds: (string | number)[]): number {
    return maskOf(kinds.map((k) => this.kind(k)));
  }

  /** The bit number of a flag name (or checks a bit number). */
  flag(flag: string | number): number {
    const f = resolveName(flag, this.flagNames, 32);
    if (f < 0) throw new RangeError(`${this.name}: unknown flag "${flag}"`);
    return f;
  }

  flagMask(...flags: (string | number)[]): number {
    return maskOf(flags.map((f) => this.flag(f)));
  }

  hasFlag(i: number, flag: string | number): boolean {
    return ((this.flags[i]! >>> this.flag(flag)) & 1) === 1;
  }

  /** Areas having every flag of `mask`. */
  nodesWithFlags(mask: number): number[] {
    const out: number[] = [];
    for (let i = 0; i < this.nodeCount; i++) if ((this.flags[i]! & mask) >>> 0 === mask >>> 0) out.push(i);
    return out;
  }

  /** Neighbours over links whose kind is in `kinds` (a mask; default all), in data order. */
  neighbours(i: number, kinds = ALL_KINDS): number[] {
    checkNode(this, i, 'area');
    const out: number[] = [];
    for (let s = this.firstEdge[i]!; s < this.firstEdge[i + 1]!; s++) {
      const to = this.edgeTo[s]!;
      if (kindInMask(this.edgeKind[s]!, kinds) && !out.includes(to)) out.push(to);
    }
    return out;
  }

  /** Whether a and b are linked by a link of a kind in `kinds`. */
  adjacent(a: number, b: number, kinds = ALL_KINDS): boolean {
    return this.linkKinds(a, b).some((k) => kindInMask(k, kinds));
  }

  /** Every kind of link between a and b (a pair may have several, e.g. land and sea). */
  linkKinds(a: number, b: number): number[] {
    checkNode(this, a, 'area');
    checkNode(this, b, 'area');
    const out: number[] = [];
    for (let s = this.firstEdge[a]!; s < this.firstEdge[a + 1]!; s++)
      if (this.edgeTo[s] === b) out.push(this.edgeKind[s]!);
    return out;
  }

  /** The sub-graph keeping only links whose kind is in `kinds` (e.g. land and strait, not point contact). */
  withKinds(kinds: number): BoardGraph {
    const edges: DirectedEdge[] = [];
    for (let i = 0; i < this.nodeCount; i++) {
      for (let s = this.firstEdge[i]!; s < this.firstEdge[i + 1]!; s++) {
        if (kindInMask(this.edgeKind[s]!, kinds)) edges.push({ from: i, to: this.edgeTo[s]!, kind: this.edgeKind[s]! });
      }
    }
    return csrFromEdges(this.nodeCount, edges);
  }

  private readFlags(nodes: readonly AreaNodeSpec[], checks: DataChecks): Uint32Array {
    const flags = new Uint32Array(nodes.length);
    nodes.forEach((n, i) => {
      for (const f of n.flags ?? []) {
        const bit = this.flagNames.indexOf(f);
        checks.check(bit >= 0, `area ${n.id}: unknown flag "${f}" (flags: ${this.flagNames.join(', ') || 'none'})`);
        if (bit >= 0) flags[i]! |= 1 << bit;
      }
      this.flagNames.forEach((f, bit) => {
        if (n[f] === true) flags[i]! |= 1 << bit;
      });
    });
    return flags;
  }

  private readLinks(spec: AreaGraphSpec, checks: DataChecks): DirectedEdge[] {
    const seen = new Map<string, AreaLinkSpec>();
    const edges: DirectedEdge[] = [];
    for (const link of spec.links) {
      const a = this.byId.get(String(link.a)) ?? -1;
      const b = this.byId.get(String(link.b)) ?? -1;
      const kind = resolveName(link.kind, this.kindNames, 32);
      checks.check(a >= 0, `link ${link.a}-${link.b}: unknown area "${link.a}"`);
      checks.check(b >= 0, `link ${link.a}-${link.b}: unknown area "${link.b}"`);
      checks.check(
        kind >= 0,
        `link ${link.a}-${link.b}: unknown kind "${link.kind}" (kinds: ${this.kindNames.join(', ') || '0-31'})`,
      );
      checks.check(a !== b || a < 0, `link ${link.a}-${link.b}: an area cannot link to itself`);
      if (a < 0 || b < 0 || kind < 0 || a === b) continue;
      const key = `${a}>${b}>${kind}`;
      const dup = seen.get(key);
      checks.check(!dup, `link ${link.a}-${link.b} (${this.kindLabel(kind)}) is listed twice`);
      if (dup) continue;
      seen.set(key, link);
      edges.push({ from: a, to: b, kind });
    }
    return spec.listing === 'both-ways' ? this.checkBothWays(edges, seen, checks) : this.mirror(edges, seen, checks);
  }

  /** `once` listing: add each reverse; a link also listed in reverse is a duplicate. */
  private mirror(edges: DirectedEdge[], seen: Map<string, AreaLinkSpec>, checks: DataChecks): DirectedEdge[] {
    const out: DirectedEdge[] = [];
    for (const e of edges) {
      const reverse = seen.get(`${e.to}>${e.from}>${e.kind}`);
      if (reverse && e.from > e.to) continue; // reported once, from the lower index
      checks.check(
        !reverse,
        `link ${this.ids[e.from]}-${this.ids[e.to]} (${this.kindLabel(e.kind)}) is listed both ways; with listing "once" give each link once`,
      );
      out.push(e, { from: e.to, to: e.from, kind: e.kind });
    }
    return out;
  }

  /** `both-ways` listing: every a->b needs b->a of the same kind. */
  private checkBothWays(edges: DirectedEdge[], seen: Map<string, AreaLinkSpec>, checks: DataChecks): DirectedEdge[] {
    for (const e of edges) {
      const back = seen.has(`${e.to}>${e.from}>${e.kind}`);
      checks.check(
        back,
        `asymmetric link: ${this.ids[e.from]} -> ${this.ids[e.to]} (${this.kindLabel(e.kind)}) has no ${this.ids[e.to]} -> ${this.ids[e.from]} (${this.kindLabel(e.kind)})`,
      );
    }
    return edges;
  }

  private kindLabel(kind: number): string {
    return this.kindNames[kind] ?? `kind ${kind}`;
  }
}

function indexIds(nodes: readonly AreaNodeSpec[], checks: DataChecks): Map<string, number> {
  const byId = new Map<string, number>();
  nodes.forEach((n, i) => {
    const key = String(n.id);
    checks.check(!byId.has(key), `area id "${n.id}" is used twice`);
    if (!byId.has(key)) byId.set(key, i);
  });
  return byId;
}

/** Index of a name in `names`, or the integer itself when valid; -1 when unknown. */
function resolveName(x: string | number, names: readonly string[], max: number): number {
  if (typeof x === 'number') {
    const limit = names.length || max;
    return Number.isInteger(x) && x >= 0 && x < limit ? x : -1;
  }
  return names.indexOf(x);
}
