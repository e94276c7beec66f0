/**
 * What the map draws, independent of any game: area polygons or a hex grid, pieces in stacks,
 * and the guidance overlays (legal places, selection, a path with its cost). A per-game adapter
 * (a game's `src/web/` folder) builds it from the game's data and `view(state, role)`.
 */
import type { HexGrid, HexLayout } from '@sandtable/engine';

export type Pt = [number, number];

export interface Bounds {
  minX: number;
  minY: number;
  maxX: number;
  maxY: number;
}

export interface AreaShape {
  id: string;
  /** Short label drawn on the map (e.g. the area number). */
  label: string;
  /** Full name (tooltips, lists). */
  name: string;
  polygon: Pt[];
  /** Further rings of the same area (islands, holes), filled and hit-tested with the even-odd rule. */
  rings?: Pt[][];
  center: Pt;
  fill: string;
  /** Symbols drawn under the label: text glyphs such as ★ ✈ ▲. */
  icons?: { glyph: string; color: string }[];
  /** Hatched (mountains) or greyed (impassable). */
  pattern?: 'mountain' | 'impassable';
  /** Hidden from hit tests (impassable areas). */
  inert?: boolean;
  /**
   * Drawn and hit only on the model's land (`land`: a land area's colour stops at the coast) or
   * only on water (`water`: a sea area's). Unset: the whole polygon, over land and sea alike.
   */
  on?: 'land' | 'water';
  /** Drawn as a box with a frame (an off-map area, such as a holding box). */
  frame?: boolean;
}

export interface LinkLine {
  a: Pt;
  b: Pt;
  /** sea: dashed crossing line; land: not drawn; point: a contact that does not connect, marked at `a`. */
  kind: 'sea' | 'land' | 'point';
}

export interface HexsideStyle {
  /** Bit in the grid's hexside words. */
  bit: number;
  /** river/border: drawn along the hexside; road/rail: centre to centre across it (rail dashed like ties). */
  kind: 'river' | 'road' | 'rail' | 'border';
  color: string;
  /** Width as a fraction of the hex size. */
  width: number;
  /** Dash pattern as fractions of the hex size (e.g. a start line). */
  dash?: number[];
}

export interface HexBoard {
  grid: HexGrid;
  layout: HexLayout;
  /** Fill colour by terrain id. */
  terrainFill: string[];
  terrainName?: string[];
  hexsides: HexsideStyle[];
}

/** A chit under a counter (hex-and-chit games): drawn as a small square along the counter's foot. */
export interface ChitMark {
  /** Short text on the chit (a type abbreviation, or the back: "T"/"E"). */
  label: string;
  fill: string;
  ink: string;
  /** Full description (stack list). */
  title: string;
  /** Drawn as a back (the face is hidden or not shown). */
  faceDown?: boolean;
  /** The chit's id when this role may know it (its own chits): actions name it, and it can be taken back. */
  id?: string;
}

/** A symbol at a world point drawn at a fixed screen size (VP stars, sources, bridges...). */
export interface MapMark {
  at: Pt;
  glyph: string;
  color: string;
  /** Small caption under the glyph. */
  text?: string;
  /** Glyph size in CSS pixels at scale 1 (grows and shrinks a little with the zoom). */
  px?: number;
}

/** Lettering at a world point (town names): shown once hexes are big enough to read. */
export interface MapLabel {
  at: Pt;
  text: string;
  /** Bold (cities) or regular (towns). */
  bold?: boolean;
}

/** A polyline in world units drawn with a screen-pixel width (entrenchment rings, bridges). */
export interface MapStroke {
  points: Pt[];
  color: string;
  /** Width in CSS pixels at scale 1, scaled with the zoom. */
  width: number;
  dash?: number[];
  closed?: boolean;
}

/** NATO-ish unit symbols (APP-6 frame contents) plus plain kinds for non-units. */
export type UnitSymbol =
  | 'infantry'
  | 'armor'
  | 'mech'
  | 'airborne'
  | 'air'
  | 'naval'
  | 'submarine'
  | 'partisan'
  | 'elite'
  | 'artillery'
  | 'hq'
  | 'cube'
  | 'line'
  | 'marker';

export interface Piece {
  id: string;
  /** Place (area id or hex label) the piece is in. */
  place: string;
  /** Override of the stack anchor (world coordinates), e.g. an aircraft's air base. */
  at?: Pt;
  side: string;
  fill: string;
  ink: string;
  symbol: UnitSymbol;
  /** Top text (designation) and bottom text (values), as printed on a counter. */
  top?: string;
  bottom?: string;
  /** Face-down / used (drawn with a red band and dimmed). */
  used?: boolean;
  /** Steps remaining / full, drawn as pips when full > 1. */
  steps?: [number, number];
  /** Number of identical pieces this one stands for (cubes), drawn as a badge. */
  count?: number;
  /** Full description for the stack list. */
  title: string;
  /** Chits under the counter, in order (hex-and-chit games). */
  chits?: ChitMark[];
  /** Colour of a band across the top (e.g. the reduced side). */
  band?: string;
  /** A letter in the top-left corner on a yellow tab (e.g. "R" for a designated reserve). */
  corner?: string;
  /** The piece's main value (e.g. its attack factor): a stack drawn as one badge shows its strongest. */
  value?: number;
}

export interface PathOverlay {
  points: Pt[];
  /** e.g. "2 MP left", drawn at the arrow head. */
  label?: string;
  color?: string;
}

export type HighlightKind = 'legal' | 'selected' | 'target' | 'danger' | 'last';

export interface MapModel {
  bounds: Bounds;
  /** World units per km or per hex radius: the size of one counter in world units. */
  pieceSize: number;
  /**
   * Below this counter size in CSS pixels, all the stacks of a place are drawn as one badge (the
   * count of pieces and the strongest `value`), legible where counters would be specks. Unset: never.
   */
  badgeBelow?: number;
  /** Area names are lettered from this counter size in CSS pixels on (default 24: once counters read). */
  namesFrom?: number;
  seaColor: string;
  areas: AreaShape[];
  links: LinkLine[];
  hex?: HexBoard;
  pieces: Piece[];
  /** Anchor of a place (area centre or hex centre). */
  placeCenter(place: string): Pt | null;
  /** Optional backdrop (coastlines) as polygons in world units, filled even-odd (holes: inland seas). */
  land?: Pt[][];
  /**
   * Water that lies in no `on: 'water'` area (the sea part of a coastal land area's polygon) and
   * land in no `on: 'land'` area (the shore under a sea area's) belong to the nearest area of
   * their kind within this distance (world units): drawn in its colour, and a click there picks it.
   */
  reach?: number;
  /** Symbols, lettering and strokes over the map (hex maps: VP hexes, sources, towns, entrenchments, bridges). */
  marks?: MapMark[];
  labels?: MapLabel[];
  strokes?: MapStroke[];
  /** Off-map boxes (e.g. "At sea"), drawn as labelled rectangles that are places too. */
  boxes?: { id: string; label: string; rect: [number, number, number, number] }[];
}

export interface Overlays {
  highlights: Map<string, HighlightKind>;
  path?: PathOverlay | null;
  hoverPlace?: string | null;
  showHexNumbers?: boolean;
}

export function boundsOf(points: Iterable<Pt>, pad = 0): Bounds {
  let minX = Infinity,
    minY = Infinity,
    maxX = -Infinity,
    maxY = -Infinity;
  for (const [x, y] of points) {
    if (x < minX) minX = x;
    if (y < minY) minY = y;
    if (x > maxX) maxX = x;
    if (y > maxY) maxY = y;
  }
  return { minX: minX - pad, minY: minY - pad, maxX: maxX + pad, maxY: maxY + pad };
}

/** Every ring of an area: its polygon, then its further rings. */
export function ringsOf(a: { polygon: Pt[]; rings?: Pt[][] }): Pt[][] {
  return a.rings?.length ? [a.polygon, ...a.rings] : [a.polygon];
}

/** Even-odd point test over all of an area's rings. */
export function pointInArea(x: number, y: number, a: { polygon: Pt[]; rings?: Pt[][] }): boolean {
  let inside = false;
  for (const r of ringsOf(a)) if (pointInPolygon(x, y, r)) inside = !inside;
  return inside;
}

export function pointInPolygon(x: number, y: number, poly: readonly Pt[]): boolean {
  let inside = false;
  for (let i = 0, j = poly.length - 1; i < poly.length; j = i++) {
    const [xi, yi] = poly[i]!;
    const [xj, yj] = poly[j]!;
    if (yi > y !== yj > y && x < ((xj - xi) * (y - yi)) / (yj - yi) + xi) inside = !inside;
  }
  return inside;
}

/** Even-odd point test over many rings, skipping those whose box (`boxes[i]` of `rings[i]`) misses the point (land and its lakes). */
export function pointInRings(x: number, y: number, rings: readonly Pt[][], boxes: readonly Bounds[]): boolean {
  let inside = false;
  for (let i = 0; i < rings.length; i++) {
    const b = boxes[i]!;
    if (x >= b.minX && x <= b.maxX && y >= b.minY && y <= b.maxY && pointInPolygon(x, y, rings[i]!)) inside = !inside;
  }
  return inside;
}
