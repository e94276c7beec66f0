/**
 * Hex grids for hex-and-counter games, up to operational multi-map boards of 60,000 hexes.
 *
 * Storage: a rectangular offset map of `cols x rows` hexes; hex index = row * cols + col
 * (0-based). Per hex a terrain id (Uint8Array or Uint16Array) and six hexside bitflag words
 * (slot `6 * index + direction`), plus the CSR neighbour table shared with area graphs
 * (`BoardGraph`). Typed arrays rather than an object per hex (honeycomb-grid etc.): see graph.ts.
 *
 * Geometry follows Red Blob Games, "Hexagonal Grids" (Amit Patel,
 * https://www.redblobgames.com/grids/hexagons/): axial coordinates (q, r) with s = -q - r,
 * the offset <-> axial conversions ("odd-q", "even-q", "odd-r", "even-r"), axial distance,
 * hex_to_pixel / pixel_to_hex with cube rounding, and line drawing by lerp with an epsilon
 * nudge (https://www.redblobgames.com/grids/hexagons/#line-drawing).
 *
 * Orientation and parity:
 * - `flat`: flat-topped hexes in vertical columns; `odd` shoves the odd 0-based columns half a
 *   hex down (Red Blob's odd-q), `even` the even ones (even-q).
 * - `pointy`: pointy-topped hexes in horizontal rows; `odd` shoves odd 0-based rows half a hex
 *   right (odd-r), `even` the even ones (even-r).
 * With labels starting at column 01, the 0-based odd columns are the even-labelled ones
 * (02, 04, ...): on a flat `odd` map hex 0201 sits half a hex lower than 0101.
 *
 * Directions are numbered clockwise from the top; the opposite of d is (d + 3) % 6:
 * flat N NE SE S SW NW, pointy NE E SE SW W NW.
 */
import { checkNode, type BoardGraph } from './graph.ts';

export type HexOrientation = 'flat' | 'pointy';
export type HexOffset = 'odd' | 'even';

export const FLAT_DIRECTIONS = ['N', 'NE', 'SE', 'S', 'SW', 'NW'] as const;
export const POINTY_DIRECTIONS = ['NE', 'E', 'SE', 'SW', 'W', 'NW'] as const;
/** Axial (dq, dr) of each direction, in the order above (screen y grows downwards). */
const FLAT_DQ = [0, 1, 1, 0, -1, -1];
const FLAT_DR = [-1, -1, 0, 1, 1, 0];
const POINTY_DQ = [1, 1, 0, -1, -1, 0];
const POINTY_DR = [-1, 0, 1, 1, 0, -1];

/** Axial (dq, dr) of direction d for an orientation. */
export function axialDirection(orientation: HexOrientation, d: number): [number, number] {
  return orientation === 'flat' ? [FLAT_DQ[d]!, FLAT_DR[d]!] : [POINTY_DQ[d]!, POINTY_DR[d]!];
}

/** The direction opposite to `d`. */
export function oppositeDirection(d: number): number {
  return (d + 3) % 6;
}

export interface HexGridSpec {
  cols: number;
  rows: number;
  orientation: HexOrientation;
  offset: HexOffset;
  /** Label number of the first column (default 1). */
  firstCol?: number;
  /** Label number of the first row (default 1). */
  firstRow?: number;
  /** Digits of the column part of a label (default: 2, or more if the last column needs it). */
  colDigits?: number;
  /** Digits of the row part of a label (default: 2, or more if the last row needs it). */
  rowDigits?: number;
  /** Put between column and row in labels, e.g. "." for "12.34" (default none: "1234"). */
  separator?: string;
  /** Width of each hexside word (default 16 bits). */
  hexsideBits?: 8 | 16 | 32;
  /** Width of each terrain id (default 8 bits). */
  terrainBits?: 8 | 16;
}

/** Drawing layout: `size` is the centre-to-corner radius; hex index 0 is centred on the origin. */
export interface HexLayout {
  size: number;
  /** Vertical radius when hexes are stretched (default `size`). */
  sizeY?: number;
  originX?: number;
  originY?: number;
}

export interface Point {
  x: number;
  y: number;
}

/** Red Blob's cube_round on axial (q, r): the hex containing a fractional position. */
export function axialRound(fq: number, fr: number): [number, number] {
  const fs = -fq - fr;
  let q = Math.round(fq);
  let r = Math.round(fr);
  const s = Math.round(fs);
  const dq = Math.abs(q - fq);
  const dr = Math.abs(r - fr);
  const ds = Math.abs(s - fs);
  if (dq > dr && dq > ds) q = -r - s;
  else if (dr > ds) r = -q - s;
  return [q | 0, r | 0];
}

/** Axial distance (Red Blob: (|dq| + |dq + dr| + |dr|) / 2). */
export function axialDistance(q1: number, r1: number, q2: number, r2: number): number {
  const dq = q1 - q2;
  const dr = r1 - r2;
  return (Math.abs(dq) + Math.abs(dq + dr) + Math.abs(dr)) / 2;
}

/** A rectangular hex map with labels, neighbours, distances, hexsides, terrain and pixels. */
export class HexGrid implements BoardGraph {
  readonly cols: number;
  readonly rows: number;
  readonly orientation: HexOrientation;
  readonly offset: HexOffset;
  readonly firstCol: number;
  readonly firstRow: number;
  readonly colDigits: number;
  readonly rowDigits: number;
  readonly separator: string;
  readonly nodeCount: number;
  readonly firstEdge: Int32Array;
  /** Neighbour of hex i in direction d at `6 * i + d`, or -1 off the map. */
  readonly edgeTo: Int32Array;
  /** The direction of each slot (`slot % 6`). */
  readonly edgeKind: Uint8Array;
  /** Terrain id per hex; the game defines the ids. */
  readonly terrain: Uint8Array | Uint16Array;
  /**
   * Hexside bitflags at `6 * i + d`; the game defines the bits. Kept symmetric by
   * `setHexside`/`clearHexside`: write through them, not into the array.
   */
  readonly hexsides: Uint8Array | Uint16Array | Uint32Array;
  readonly directionNames: readonly string[];
  private readonly labelPattern: RegExp;

  constructor(spec: HexGridSpec) {
    checkDimensions(spec);
    this.cols = spec.cols;
    this.rows = spec.rows;
    this.orientation = spec.orientation;
    this.offset = spec.offset;
    this.firstCol = spec.firstCol ?? 1;
    this.firstRow = spec.firstRow ?? 1;
    this.colDigits = spec.colDigits ?? Math.max(2, String(this.firstCol + this.cols - 1).length);
    this.rowDigits = spec.rowDigits ?? Math.max(2, String(this.firstRow + this.rows - 1).length);
    this.separator = spec.separator ?? '';
    checkLabels(this);
    this.labelPattern = new RegExp(`^(\\d{${this.colDigits}})${escapeRegExp(this.separator)}(\\d{${this.rowDigits}})$`);
    this.nodeCount = this.cols * this.rows;
    const flat = this.orientation === 'flat';
    this.directionNames = flat ? FLAT_DIRECTIONS : POINTY_DIRECTIONS;
    this.firstEdge = new Int32Array(this.nodeCount + 1);
    for (let i = 0; i <= this.nodeCount; i++) this.firstEdge[i] = 6 * i;
    this.edgeTo = new Int32Array(6 * this.nodeCount);
    this.edgeKind = new Uint8Array(6 * this.nodeCount);
    this.buildNeighbours();
    this.terrain = spec.terrainBits === 16 ? new Uint16Array(this.nodeCount) : new Uint8Array(this.nodeCount);
    const sideBits = spec.hexsideBits ?? 16;
    const n6 = 6 * this.nodeCount;
    this.hexsides = sideBits === 8 ? new Uint8Array(n6) : sideBits === 32 ? new Uint32Array(n6) : new Uint16Array(n6);
  }

  // ---- offset and axial coordinates ----

  /** Hex index of 0-based (col, row), or -1 off the map. */
  index(col: number, row: number): number {
    return col >= 0 && col < this.cols && row >= 0 && row < this.rows ? row * this.cols + col : -1;
  }

  colOf(i: number): number {
    return i % this.cols;
  }

  rowOf(i: number): number {
    return (i / this.cols) | 0;
  }

  /** Axial q of hex i. */
  qOf(i: number): number {
    const col = i % this.cols;
    if (this.orientation === 'flat') return col;
    const row = (i / this.cols) | 0;
    return col - (this.offset === 'odd' ? (row - (row & 1)) >> 1 : (row + (row & 1)) >> 1);
  }

  /** Axial r of hex i. */
  rOf(i: number): number {
    const row = (i / this.cols) | 0;
    if (this.orientation === 'pointy') return row;
    const col = i % this.cols;
    return row - (this.offset === 'odd' ? (col - (col & 1)) >> 1 : (col + (col & 1)) >> 1);
  }

  /** Hex index at axial (q, r), or -1 off the map. */
  indexOfAxial(q: number, r: number): number {
    if (this.orientation === 'flat') {
      const row = r + (this.offset === 'odd' ? (q - (q & 1)) >> 1 : (q + (q & 1)) >> 1);
      return this.index(q, row);
    }
    const col = q + (this.offset === 'odd' ? (r - (r & 1)) >> 1 : (r + (r & 1)) >> 1);
    return this.index(col, r);
  }

  // ---- labels ----

  /** The wargame label of hex i: column then row, zero-padded, e.g. "0812". */
  label(i: number): string {
    checkNode(this, i, 'hex');
    const col = String(this.firstCol + this.colOf(i)).padStart(this.colDigits, '0');
    const row = String(this.firstRow + this.rowOf(i)).padStart(this.rowDigits, '0');
    return col + this.separator + row;
  }

  /** Hex index of a label, or -1 if the label is malformed or off the map. */
  indexOfLabel(label: string): number {
    const m = this.labelPattern.exec(label);
    if (!m) return -1;
    return this.index(Number(m[1]) - this.firstCol, Number(m[2]) - this.firstRow);
  }

  /** Hex index of a label; throws naming the label if it is not a hex of this map. */
  hex(label: string): number {
    const i = this.indexOfLabel(label);
    if (i < 0)
      throw new RangeError(
        `no hex "${label}" on this ${this.cols}x${this.rows} map (labels ${this.label(0)}-${this.label(this.nodeCount - 1)})`,
      );
    return i;
  }

  // ---- neighbours and distance ----

  /** Neighbour of hex i in direction d (0-5), or -1 off the map. */
  neighbour(i: number, d: number): number {
    return this.edgeTo[6 * i + d]!;
  }

  /** On-map neighbours of hex i, in direction order. */
  neighbours(i: number): number[] {
    checkNode(this, i, 'hex');
    const out: number[] = [];
    for (let s = 6 * i; s < 6 * i + 6; s++) if (this.edgeTo[s]! >= 0) out.push(this.edgeTo[s]!);
    return out;
  }

  /** The direction from hex a to adjacent hex b, or -1 if they are not adjacent. */
  directionTo(a: number, b: number): number {
    for (let d = 0; d < 6; d++) if (this.edgeTo[6 * a + d] === b) return d;
    return -1;
  }

  /** Direction index of a name ("N", "SE", ...) for this orientation. */
  direction(name: string): number {
    const d = this.directionNames.indexOf(name.toUpperCase());
    if (d < 0)
      throw new RangeError(
        `no direction "${name}" on ${this.orientation}-top hexes (${this.directionNames.join(' ')})`,
      );
    return d;
  }

  /** Hexes between a and b, counting b but not a (adjacent = 1). */
  distance(a: number, b: number): number {
    return axialDistance(this.qOf(a), this.rOf(a), this.qOf(b), this.rOf(b));
  }

  /** On-map hexes within `radius` of hex i (i included), e.g. for ranges. */
  hexesWithin(i: number, radius: number): number[] {
    const q0 = this.qOf(i);
    const r0 = this.rOf(i);
    const out: number[] = [];
    for (let dq = -radius; dq <= radius; dq++) {
      for (let dr = Math.max(-radius, -dq - radius); dr <= Math.min(radius, -dq + radius); dr++) {
        const h = this.indexOfAxial(q0 + dq, r0 + dr);
        if (h >= 0) out.push(h);
      }
    }
    return out;
  }

  /**
   * The hexes on the straight line from a to b (both included; length distance + 1), for line of
   * sight and range. Off-map hexes (possible along a jagged map edge) are -1. Where the line runs
   * exactly along a hexside, `nudge` 1 or -1 picks one side or the other; games whose rules say
   * "blocked if either side blocks" check both.
   */
  line(a: number, b: number, nudge: 1 | -1 = 1): Int32Array {
    const n = this.distance(a, b);
    const out = new Int32Array(n + 1);
    const eq = 1e-6 * nudge;
    const er = 2e-6 * nudge;
    const qa = this.qOf(a) + eq,
      ra = this.rOf(a) + er;
    const qb = this.qOf(b) + eq,
      rb = this.rOf(b) + er;
    for (let k = 0; k <= n; k++) {
      const t = n === 0 ? 0 : k / n;
      const [q, r] = axialRound(qa + (qb - qa) * t, ra + (rb - ra) * t);
      out[k] = this.indexOfAxial(q, r);
    }
    return out;
  }

  // ---- hexsides ----

  /** The hexside bitflags of hex i in direction d. */
  hexside(i: number, d: number): number {
    return this.hexsides[6 * i + d]!;
  }

  /** Whether any of `bits` is set on hex i's side d. */
  hasHexside(i: number, d: number, bits: number): boolean {
    return (this.hexsides[6 * i + d]! & bits) !== 0;
  }

  /** Sets `bits` on hex i's side d and on the matching side of the neighbour. */
  setHexside(i: number, d: number, bits: number): void {
    this.checkSide(i, d);
    this.hexsides[6 * i + d]! |= bits;
    const n = this.edgeTo[6 * i + d]!;
    if (n >= 0) this.hexsides[6 * n + oppositeDirection(d)]! |= bits;
  }

  /** Clears `bits` on hex i's side d and on the matching side of the neighbour. */
  clearHexside(i: number, d: number, bits: number): void {
    this.checkSide(i, d);
    this.hexsides[6 * i + d]! &= ~bits;
    const n = this.edgeTo[6 * i + d]!;
    if (n >= 0) this.hexsides[6 * n + oppositeDirection(d)]! &= ~bits;
  }

  /** Sets `bits` on the hexside between adjacent hexes a and b (e.g. from "0812-0813 river"). */
  setHexsideBetween(a: number, b: number, bits: number): void {
    this.setHexside(a, this.sideBetween(a, b), bits);
  }

  /** The hexside bitflags between adjacent hexes a and b. */
  hexsideBetween(a: number, b: number): number {
    return this.hexsides[6 * a + this.sideBetween(a, b)]!;
  }

  /** Sides whose flags differ from the neighbour's matching side (empty when consistent). */
  asymmetricHexsides(): { hex: number; direction: number }[] {
    const out: { hex: number; direction: number }[] = [];
    for (let s = 0; s < this.edgeTo.length; s++) {
      const n = this.edgeTo[s]!;
      if (n >= 0 && this.hexsides[s] !== this.hexsides[6 * n + oppositeDirection(s % 6)])
        out.push({ hex: (s / 6) | 0, direction: s % 6 });
    }
    return out;
  }

  // ---- pixels (web client drawing and hit-testing) ----

  /** Centre of hex i in pixels (Red Blob hex_to_pixel). */
  toPixel(i: number, layout: HexLayout): Point {
    const q = this.qOf(i);
    const r = this.rOf(i);
    const sy = layout.sizeY ?? layout.size;
    const flat = this.orientation === 'flat';
    const x = flat ? layout.size * 1.5 * q : layout.size * Math.sqrt(3) * (q + r / 2);
    const y = flat ? sy * Math.sqrt(3) * (r + q / 2) : sy * 1.5 * r;
    return { x: x + (layout.originX ?? 0), y: y + (layout.originY ?? 0) };
  }

  /** The hex under a pixel (Red Blob pixel_to_hex + cube_round), or -1 off the map. */
  fromPixel(px: number, py: number, layout: HexLayout): number {
    const x = (px - (layout.originX ?? 0)) / layout.size;
    const y = (py - (layout.originY ?? 0)) / (layout.sizeY ?? layout.size);
    const flat = this.orientation === 'flat';
    const fq = flat ? (2 / 3) * x : (Math.sqrt(3) / 3) * x - y / 3;
    const fr = flat ? -x / 3 + (Math.sqrt(3) / 3) * y : (2 / 3) * y;
    const [q, r] = axialRound(fq, fr);
    return this.indexOfAxial(q, r);
  }

  /** The six corners of hex i, clockwise from the east corner (flat) or upper-right corner (pointy). */
  corners(i: number, layout: HexLayout): Point[] {
    const c = this.toPixel(i, layout);
    const sy = layout.sizeY ?? layout.size;
    const start = this.orientation === 'flat' ? 0 : -30;
    return Array.from({ length: 6 }, (_, k) => {
      const a = ((start + 60 * k) * Math.PI) / 180;
      return { x: c.x + layout.size * Math.cos(a), y: c.y + sy * Math.sin(a) };
    });
  }

  /** Bytes held by the grid's typed arrays. */
  memoryBytes(): number {
    return (
      this.firstEdge.byteLength +
      this.edgeTo.byteLength +
      this.edgeKind.byteLength +
      this.terrain.byteLength +
      this.hexsides.byteLength
    );
  }

  /** Fills edgeTo from offset deltas per column (flat) or row (pointy) parity. */
  private buildNeighbours(): void {
    const { dc, dr } = offsetDeltas(this.orientation, this.offset);
    const flat = this.orientation === 'flat';
    for (let row = 0; row < this.rows; row++) {
      for (let col = 0; col < this.cols; col++) {
        const base = 6 * (row * this.cols + col);
        const p = 6 * ((flat ? col : row) & 1);
        for (let d = 0; d < 6; d++) {
          const c = col + dc[p + d]!;
          const r = row + dr[p + d]!;
          this.edgeTo[base + d] = c >= 0 && c < this.cols && r >= 0 && r < this.rows ? r * this.cols + c : -1;
          this.edgeKind[base + d] = d;
        }
      }
    }
  }

  private checkSide(i: number, d: number): void {
    checkNode(this, i, 'hex');
    if (!Number.isInteger(d) || d < 0 || d > 5) throw new RangeError(`direction ${d} is not 0-5`);
  }

  private sideBetween(a: number, b: number): number {
    checkNode(this, a, 'hex');
    const d = this.directionTo(a, b);
    if (d < 0) throw new RangeError(`hexes ${this.label(a)} and ${this.label(b)} are not adjacent`);
    return d;
  }
}

/** Red Blob's offset -> axial conversion for one orientation and parity. */
export function offsetToAxial(
  col: number,
  row: number,
  orientation: HexOrientation,
  offset: HexOffset,
): [number, number] {
  if (orientation === 'flat') return [col, row - (offset === 'odd' ? (col - (col & 1)) >> 1 : (col + (col & 1)) >> 1)];
  return [col - (offset === 'odd' ? (row - (row & 1)) >> 1 : (row + (row & 1)) >> 1), row];
}

/** Red Blob's axial -> offset conversion for one orientation and parity. */
export function axialToOffset(q: number, r: number, orientation: HexOrientation, offset: HexOffset): [number, number] {
  if (orientation === 'flat') return [q, r + (offset === 'odd' ? (q - (q & 1)) >> 1 : (q + (q & 1)) >> 1)];
  return [q + (offset === 'odd' ? (r - (r & 1)) >> 1 : (r + (r & 1)) >> 1), r];
}

/**
 * (dcol, drow) of each direction for a hex of even (slots 0-5) and odd (6-11) column (flat) or
 * row (pointy), derived from the axial direction vectors.
 */
function offsetDeltas(orientation: HexOrientation, offset: HexOffset): { dc: number[]; dr: number[] } {
  const flat = orientation === 'flat';
  const [vq, vr] = flat ? [FLAT_DQ, FLAT_DR] : [POINTY_DQ, POINTY_DR];
  const dc: number[] = [];
  const dr: number[] = [];
  for (const parity of [0, 1]) {
    const [col, row] = flat ? [parity, 0] : [0, parity];
    const [q, r] = offsetToAxial(col, row, orientation, offset);
    for (let d = 0; d < 6; d++) {
      const [nc, nr] = axialToOffset(q + vq[d]!, r + vr[d]!, orientation, offset);
      dc.push(nc - col);
      dr.push(nr - row);
    }
  }
  return { dc, dr };
}

function checkDimensions(spec: HexGridSpec): void {
  for (const k of ['cols', 'rows'] as const) {
    if (!Number.isInteger(spec[k]) || spec[k] < 1)
      throw new RangeError(`hex grid ${k} must be a positive integer, got ${spec[k]}`);
  }
  if (spec.cols * spec.rows * 6 > 0x7fffffff) throw new RangeError(`hex grid ${spec.cols}x${spec.rows} is too large`);
}

function checkLabels(g: HexGrid): void {
  if (!Number.isInteger(g.firstCol) || !Number.isInteger(g.firstRow) || g.firstCol < 0 || g.firstRow < 0) {
    throw new RangeError(`first column and row label numbers must be integers >= 0, got ${g.firstCol}, ${g.firstRow}`);
  }
  if (String(g.firstCol + g.cols - 1).length > g.colDigits || String(g.firstRow + g.rows - 1).length > g.rowDigits) {
    throw new RangeError(
      `labels need more digits: last hex is column ${g.firstCol + g.cols - 1}, row ${g.firstRow + g.rows - 1} with ${g.colDigits}+${g.rowDigits} digits`,
    );
  }
  if (/\d/.test(g.separator)) throw new RangeError(`label separator "${g.separator}" may not contain digits`);
}

function escapeRegExp(s: string): string {
  return s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
