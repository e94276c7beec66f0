/**
 * Rise and Fall of the Third Reich's map: the 70 land and 14 sea areas of Europe from the game's
 * km polygons (map.json), land areas coloured by their controlling nation (paler while the
 * nation is neutral), sea areas blue; borders drawn by kind: land borders as area outlines,
 * sea borders between two land areas (straits, AMB-2) as dashed crossings, point contacts
 * (2.2.1(6), no connection) as barred rings; capitals and the three kinds of sources (3.2(1));
 * units as counters with their printed values, back side up when used, stacked per area.
 * The areas lie over Europe's real coastlines (Natural Earth, `virtual:coastline/third-reich`):
 * a land area's colour and borders stop at the coast, a sea area's at the shore; a land area
 * wholly at sea (the USA box) is drawn as a framed box.
 * Side panels: hands, decks, development pool, discards, banked SV, entry tracks.
 */
import type { Action, Role, View } from '@sandtable/engine';
import {
  createThirdReichRules,
  sourceCount,
  thirdReichData,
  type AreaData,
  type TRState,
  type TRView,
} from '../index.ts';
import coastline from './coast.json?coastline';
import shapes from './shapes.json' with { type: 'json' };
import {
  type AreaShape,
  type LinkLine,
  type MapModel,
  type MapStroke,
  type Pt,
  boundsOf,
  pointInArea,
  pointInRings,
  type GameAdapter,
} from '@sandtable/map';
import { NATION_COLOR, sideName, trControl, trPanels, trPieces, trStatus, trUnderWay, type TRTables } from './view.ts';

const data = thirdReichData();
const board = createThirdReichRules(data).board;
const areas: AreaData[] = data.areas;
const byId = new Map(areas.map((a) => [a.id, a]));
const cards = new Map(data.cards.map((c) => [c.id, c]));
const tables: TRTables = {
  data,
  unitKind: board.unitKind,
  cards,
  // 3.2: the rules' count; it reads only the public map (control and war status), which the view holds whole
  sources: (g) => ({
    axis: sourceCount(board, g as unknown as TRState, 'axis'),
    allies: sourceCount(board, g as unknown as TRState, 'allies'),
  }),
};

/**
 * Land areas drawn along real borders and coasts (display only; tools/build-shapes.mjs): the 1939
 * nations of nations-1939.json divided among their areas. Rules, hit tests of the off-map box and
 * the strait and point-contact marks keep map.json's grid polygons.
 */
const SHAPES: Record<string, number[][][]> = shapes.areas;
/** Where an area's counters, name and symbols go: on its land, away from its edges (the tool's choice). */
const CENTERS: Record<string, number[]> = shapes.centers;
const centerOf = (a: AreaData): Pt => (CENTERS[a.id] ?? a.center) as Pt;

const SEA = { axis: '#7f97b4', allies: '#6f9fcf', none: '#86acd0' };
const UNCONTROLLED = '#e9e2cc';
const CAPITALS = new Set([
  data.special.berlin,
  data.special.paris,
  data.special.london,
  data.special.moscow,
  data.special.warsaw,
  'rome',
]);
const SOURCE_ICON = {
  red: { glyph: '●', color: '#e0241b' },
  black: { glyph: '●', color: '#111111' },
  half: { glyph: '◐', color: '#111111' },
} as const;

/** Mixes a #rrggbb colour with white (neutral nations are drawn paler). */
function pale(hex: string, f: number): string {
  const n = parseInt(hex.slice(1), 16);
  const c = (v: number) => Math.round(v + (255 - v) * f);
  return `rgb(${c(n >> 16)},${c((n >> 8) & 255)},${c(n & 255)})`;
}

function areaFill(a: AreaData, nation: string | null, belligerent: boolean, side: string | null): string {
  if (a.type === 'sea') return side === 'axis' ? SEA.axis : side === 'allies' ? SEA.allies : SEA.none;
  if (!nation) return UNCONTROLLED;
  const col = NATION_COLOR[nation]?.area ?? UNCONTROLLED;
  return belligerent ? col : pale(col, 0.55);
}

function areaShape(a: AreaData, v: TRView, control: (string | null)[]): AreaShape {
  const i = board.areaIndex.get(a.id)!;
  const n = v.ctrl[i] ?? -1;
  const nation = control[i] ?? null;
  const icons: NonNullable<AreaShape['icons']> = [];
  if (CAPITALS.has(a.id)) icons.push({ glyph: '✪', color: '#ffd84a' });
  if (a.source) icons.push(SOURCE_ICON[a.source]);
  const [first, ...rest] = (SHAPES[a.id] ?? a.polygons) as Pt[][];
  const s: AreaShape = {
    id: a.id,
    label: a.type === 'sea' ? '' : (a.flag ?? ''),
    name: a.name,
    polygon: first!,
    center: centerOf(a),
    fill: areaFill(a, nation, n >= 0 && !!v.natBel[n], n >= 0 ? (v.natSide[n] ?? null) : null),
    icons,
  };
  if (rest.length) s.rings = rest;
  if (a.type === 'sea') s.on = 'water';
  else if (OFF_MAP.has(a.id)) s.frame = true;
  else s.on = 'land';
  return s;
}

// ---- borders: straits and point contacts drawn where the polygons meet ----------------------

type Seg = [Pt, Pt];
const EPS = 0.5;
const edges = (a: AreaData): Seg[] =>
  (a.polygons as Pt[][]).flatMap((r) => r.map((p, k) => [p, r[(k + 1) % r.length]!] as Seg));
const same = (x: number, y: number) => Math.abs(x - y) < EPS;

/** Shared stretches of two areas' outlines (the map is drawn on a grid: edges are axis-parallel). */
function sharedSegments(a: AreaData, b: AreaData): Seg[] {
  const out: Seg[] = [];
  for (const [p, q] of edges(a))
    for (const [r, s] of edges(b)) {
      if (same(p[1], q[1]) && same(r[1], s[1]) && same(p[1], r[1])) {
        const lo = Math.max(Math.min(p[0], q[0]), Math.min(r[0], s[0])),
          hi = Math.min(Math.max(p[0], q[0]), Math.max(r[0], s[0]));
        if (hi - lo > EPS)
          out.push([
            [lo, p[1]],
            [hi, p[1]],
          ]);
      } else if (same(p[0], q[0]) && same(r[0], s[0]) && same(p[0], r[0])) {
        const lo = Math.max(Math.min(p[1], q[1]), Math.min(r[1], s[1])),
          hi = Math.min(Math.max(p[1], q[1]), Math.max(r[1], s[1]));
        if (hi - lo > EPS)
          out.push([
            [p[0], lo],
            [p[0], hi],
          ]);
      }
    }
  return out;
}

function sharedPoint(a: AreaData, b: AreaData): Pt | null {
  const pts = (x: AreaData) => (x.polygons as Pt[][]).flat();
  for (const p of pts(a)) for (const q of pts(b)) if (same(p[0], q[0]) && same(p[1], q[1])) return p;
  return null;
}

/** Sea crossings between two land areas (AMB-2) and point contacts (2.2.1(6)), from map.json's borders. */
export const BORDER_LINKS: LinkLine[] = data.borders.flatMap((br): LinkLine[] => {
  const a = byId.get(br.a)!,
    b = byId.get(br.b)!;
  if (br.kind === 'point') {
    const p = sharedPoint(a, b) ?? ([(a.center[0] + b.center[0]) / 2, (a.center[1] + b.center[1]) / 2] as Pt);
    return [{ a: p, b: p, kind: 'point' }];
  }
  if (br.kind !== 'sea' || a.type === 'sea' || b.type === 'sea') return [];
  const segs = sharedSegments(a, b);
  if (!segs.length) return [{ a: a.center as Pt, b: b.center as Pt, kind: 'sea' }];
  return segs.map(([p, q]) => ({ a: p, b: q, kind: 'sea' as const }));
});

// ---- the coastline: which areas lie on it, where the seas meet -------------------------------

export const LAND: Pt[][] = coastline;
const landBoxes = LAND.map((r) => boundsOf(r));
export const onLand = (p: Pt): boolean => pointInRings(p[0], p[1], LAND, landBoxes);

/** Land areas with no land in them (the USA box in the Atlantic): drawn whole, as framed boxes. */
export const OFF_MAP: ReadonlySet<string> = new Set(
  areas.filter((a) => a.type === 'land' && !hasLand(a)).map((a) => a.id),
);

/** Whether any point of a 20 km lattice over the area (its centre first) lies on land. */
function hasLand(a: AreaData): boolean {
  if (onLand(a.center as Pt)) return true;
  const shape = { polygon: a.polygons[0] as Pt[], rings: a.polygons.slice(1) as Pt[][] };
  const b = boundsOf((a.polygons as Pt[][]).flat());
  for (let y = b.minY + 10; y < b.maxY; y += 20)
    for (let x = b.minX + 10; x < b.maxX; x += 20) {
      if (pointInArea(x, y, shape) && onLand([x, y])) return true;
    }
  return false;
}

/**
 * How far an area's colour (and its clicks) reach into what the data's rectangles give to no area
 * of its kind: a sea's into the sea part of a coastal land area, a land area's into the shore
 * under a sea area's rectangle (km; the grid is 0.5 degree, 36-55 km).
 */
export const REACH = 160;

/** Borders between two sea areas, as thin lines on the water (outlines of seas are not drawn: they run along land rectangles). */
export const SEA_BORDERS: MapStroke[] = data.borders
  .filter((br) => byId.get(br.a)?.type === 'sea' && byId.get(br.b)?.type === 'sea')
  .flatMap((br) => sharedSegments(byId.get(br.a)!, byId.get(br.b)!))
  .map(([p, q]) => ({ points: [p, q], color: 'rgba(235,245,255,0.7)', width: 1.2, dash: [6, 4] }));

export const BOUNDS = boundsOf(
  areas.flatMap((a) => (a.polygons as Pt[][]).flat()),
  60,
);

export function placeCenter(place: string): Pt | null {
  const a = byId.get(place);
  return a ? centerOf(a) : null;
}

/** Everything an action may name that the screen shows: areas and unit counters (map), cards (side panels). */
const TOKENS: ReadonlySet<string> = new Set([
  ...areas.map((a) => a.id),
  ...cards.keys(),
  ...board.unitKind.map((_, u) => `u${u}`),
]);

/** A unit an action names by number, as its counter on the map (`unitPiece` ids). */
function unitTokens(a: Action): string[] {
  const u = (a as unknown as { unit?: unknown }).unit;
  return typeof u === 'number' ? [`u${u}`] : [];
}

function unitLabel(u: number): string {
  const c = data.counters[board.unitKind[u]!];
  return c ? `${c.nation} ${c.jet ? 'jet' : c.type} ${c.attack}-${c.durability}-${c.movement}` : `unit ${u}`;
}

/** Arrow of a move under way: the group's path so far, then the area the action names. */
function moveArrow(view: View<unknown>, a: Action): { points: Pt[]; label?: string } | null {
  const v = view.game as TRView;
  const f = a as unknown as Record<string, unknown>;
  const to =
    a.type === 'retreat' && typeof f.to === 'string'
      ? f.to
      : (a.type === 'to' || a.type === 'target') && typeof f.area === 'string'
        ? f.area
        : null;
  if (!to || !v.act) return null;
  const from =
    a.type === 'target'
      ? [v.act.area]
      : a.type === 'retreat'
        ? [v.act.target >= 0 ? v.act.target : v.act.area]
        : v.act.path.length
          ? v.act.path
          : [v.act.area];
  const pts = [...from.map((i) => (areas[i] ? centerOf(areas[i]) : undefined)), placeCenter(to)].filter(
    (p): p is Pt => !!p,
  );
  if (pts.length < 2) return null;
  return {
    points: pts,
    label: a.type === 'target' ? 'air attack target' : a.type === 'retreat' ? 'retreat' : `step ${pts.length - 1}`,
  };
}

export const thirdReichAdapter: GameAdapter = {
  id: 'third-reich',
  map(view: View<unknown>): MapModel {
    const v = view.game as TRView;
    const control = trControl(v);
    return {
      bounds: BOUNDS,
      pieceSize: 86,
      // zoomed out to Europe, counters would be specks: each area's units as one badge, names lettered
      badgeBelow: 30,
      seaColor: '#5f86ad',
      areas: areas.map((a) => areaShape(a, v, control)),
      links: BORDER_LINKS,
      strokes: SEA_BORDERS,
      land: LAND,
      reach: REACH,
      pieces: trPieces(tables, v),
      placeCenter,
    };
  },
  places: () => TOKENS,
  tokens: unitTokens,
  placeName: (p) =>
    byId.get(p)?.name ??
    (cards.get(p)
      ? `${cards.get(p)!.name} (SV ${cards.get(p)!.sv})`
      : /^u\d+$/.test(p)
        ? unitLabel(Number(p.slice(1)))
        : p),
  roleLabel: (r: Role) => sideName(r),
  roleColor: (r: Role) => (r === 'allies' ? '#7fb0ff' : r === 'axis' ? '#d0d0c8' : '#999'),
  status: (view) => trStatus(tables, view.game as TRView, view.role, view.decision),
  path: (view, a) => moveArrow(view, a),
  info: (view) => trUnderWay(tables, view.game as TRView),
  panels: (view) => trPanels(tables, view.game as TRView, view.role),
  /** Asked before: a card played or discarded (5.0), and the end of a step of the sequence of play. */
  weighty: (a) => {
    if (a.type === 'play' || a.type === 'event' || a.type === 'devCard') return 'plays a card';
    if (a.type === 'diplo') return 'plays a diplomacy card';
    if (a.type === 'discard') return 'discards a card';
    return /^end[A-Z]/.test(a.type) ? 'ends this step' : null;
  },
  legend: [
    {
      glyph: '■',
      color: NATION_COLOR.GE!.area,
      text: 'land area: colour of the controlling nation (paler: neutral), 3.4',
    },
    {
      glyph: '■',
      color: SEA.allies,
      text: 'sea area (darker grey-blue: Axis control); dashed white: a border between seas',
    },
    { glyph: '▢', color: '#ffffff', text: 'framed box: an area off the map (USA)' },
    { glyph: '✪', color: '#ffd84a', text: 'capital' },
    { glyph: '●', color: SOURCE_ICON.red.color, text: 'red source (counts for both sides, 3.2(1)①)' },
    { glyph: '●', color: SOURCE_ICON.black.color, text: 'black source (Axis only, 3.2(1)②)' },
    { glyph: '◐', color: SOURCE_ICON.half.color, text: 'half source (Axis, ½, 3.2(1)③)' },
    { glyph: '┅', color: '#14326e', text: 'strait: a sea border between land areas (AMB-2)' },
    { glyph: '⊘', color: '#8a1c1c', text: 'point contact: not adjacent (2.2.1(6))' },
    { glyph: '▬', color: '#c8202a', text: 'red band: unit used, back side up (2.1.1(2))' },
    { glyph: 'GE', color: '#222', text: "label: the area's flag (nation of its territory), when zoomed in" },
    {
      glyph: '3|4',
      color: '#222',
      text: "zoomed out: an area's units as one badge, their number and the strongest attack factor",
    },
  ],
  rulesKey: 'third-reich',
};
