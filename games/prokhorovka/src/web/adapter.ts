/**
 * Kursk South: Prokhorovka 1943's map, drawn from the game's data (no image files): 27x20 flat
 * hexes with terrain fills (clear, town, city, hill; 2.2.1), rivers and major rivers on hexsides
 * (Psel, Northern Donets, Lipovyi Donets, Pena, Vorskla, Razumnaya), roads and the railway centre
 * to centre, bridges where they cross a river (8.2(1)5), town and city names, the 8 VP hexes (18.0),
 * the communication sources on the map edges (2.2.1(5)), the start line (2.2.1(3)) and the
 * entrenchments (17.2). Units are counters with their chits under them as the role's view gives
 * them (the enemy's face-down chits as backs, 3.5(5), 19.6); side panels in prokhorovka-view.ts.
 */
import type { Action, Role, View } from '@sandtable/engine';
import { buildBoard, loadProkhorovkaData, makeEnv, movePath, RIVER, MAJOR, ROAD, RAIL, type PGView } from '../index.ts';
import type { HexBoard, MapLabel, MapMark, MapModel, MapStroke, Pt, GameAdapter } from '@sandtable/map';
import {
  SIDE_COLOR,
  determinized,
  pkBattleOdds,
  pkPanels,
  pkPieces,
  pkStatus,
  pkUnderWay,
  sideName,
  unitName,
  unitValues,
  type PKTables,
} from './view.ts';

const data = loadProkhorovkaData();
const E = makeEnv(data);
const tables: PKTables = { E };
/** The drawing's own board (the rules' grid is never written to): the start line gets a hexside bit of its own. */
const board = buildBoard(data.map, data.tables);
const grid = board.grid;
const START = 16;
for (let i = 0; i < grid.nodeCount; i++) {
  if (!board.germanSide[i]) continue;
  for (let d = 0; d < 6; d++) {
    const n = grid.neighbour(i, d);
    if (n >= 0 && !board.germanSide[n]) grid.setHexsideBetween(i, n, START); // 2.2.1(3): the start line
  }
}

const layout = { size: 30 };
const SY = (layout.size * Math.sqrt(3)) / 2;
const PIECE = 38;
const center = (i: number): Pt => {
  const p = grid.toPixel(i, layout);
  return [p.x, p.y];
};

/** TEC terrain colours (2.2.1), in the TEC's order. */
const TERRAIN_COLOR: Record<string, string> = { clear: '#e3e2b6', town: '#ecc9a0', city: '#d99c78', hill: '#c3a57a' };
export const COLORS = {
  river: '#3b83c9',
  major: '#1f5fae',
  road: '#8b3a1c',
  rail: '#1e1e1e',
  start: '#d4141a',
  vp: '#ffd21f',
  entrench: { SU: 'rgba(122,38,20,0.8)', DE: 'rgba(47,53,47,0.85)' },
  source: { DE: SIDE_COLOR.DE.fill, SU: SIDE_COLOR.SU.fill },
};

export const HEX_BOARD: HexBoard = {
  grid,
  layout,
  terrainFill: data.tables.terrain.map((t) => TERRAIN_COLOR[t.id] ?? '#cccccc'),
  terrainName: data.tables.terrain.map((t) => t.name),
  hexsides: [
    { bit: ROAD, kind: 'road', color: COLORS.road, width: 0.075 },
    { bit: RAIL, kind: 'rail', color: COLORS.rail, width: 0.04 },
    { bit: RIVER, kind: 'river', color: COLORS.river, width: 0.1 },
    { bit: MAJOR, kind: 'river', color: COLORS.major, width: 0.2 },
    { bit: START, kind: 'border', color: COLORS.start, width: 0.09, dash: [0.3, 0.18] },
  ],
};

const lerp = (a: Pt, b: Pt, f: number): Pt => [a[0] + (b[0] - a[0]) * f, a[1] + (b[1] - a[1]) * f];

/** 8.2(1)5: a road or the railway crossing a river hexside is a bridge, drawn as a deck across the river. */
export const BRIDGES: [number, number][] = [];
for (let i = 0; i < grid.nodeCount; i++) {
  for (let d = 0; d < 6; d++) {
    const n = grid.neighbour(i, d);
    const bits = grid.hexsides[6 * i + d]!;
    if (n > i && bits & (ROAD | RAIL) && bits & (RIVER | MAJOR)) BRIDGES.push([i, n]);
  }
}

function insetHex(i: number, f: number): Pt[] {
  const [x, y] = center(i);
  return Array.from(
    { length: 6 },
    (_, k) =>
      [
        x + f * layout.size * Math.cos((Math.PI / 3) * k),
        y + ((f * SY * 2) / Math.sqrt(3)) * Math.sin((Math.PI / 3) * k),
      ] as Pt,
  );
}

const STROKES: MapStroke[] = [
  ...data.map.entrenchments.flatMap((e) =>
    e.hexes.map(
      (h): MapStroke => ({
        points: insetHex(grid.hex(h), 0.8),
        color: COLORS.entrench[e.side],
        width: 1.8,
        dash: [4, 3],
        closed: true,
      }),
    ),
  ),
  ...BRIDGES.flatMap(([a, b]): MapStroke[] => {
    const p = lerp(center(a), center(b), 0.36),
      q = lerp(center(a), center(b), 0.64);
    return [
      { points: [p, q], color: '#1b1b1b', width: 9 },
      { points: [p, q], color: '#efe7cf', width: 5 },
    ];
  }),
];

const EDGE_OFFSET: Record<string, Pt> = { N: [0, -0.62], S: [0, 0.62], E: [0.62, 0], W: [-0.62, 0] };
const MARKS: MapMark[] = [
  ...data.map.vpHexes.map((v): MapMark => {
    const [x, y] = center(grid.hex(v.hex));
    return { at: [x + 23, y - 9], glyph: '★', color: COLORS.vp, px: 14 };
  }),
  ...data.map.sources.map((s): MapMark => {
    const [x, y] = center(grid.hex(s.hex));
    const o = EDGE_OFFSET[s.edge]!;
    return {
      at: [x + o[0] * layout.size, y + o[1] * 2 * SY],
      glyph: '◆',
      color: COLORS.source[s.side],
      text: `${s.side === 'DE' ? 'German' : 'Soviet'} source`,
      px: 16,
    };
  }),
];
const LABELS: MapLabel[] = data.map.places.map((p) => {
  const [x, y] = center(grid.hex(p.hex));
  return { at: [x, y - SY * 0.87], text: p.name, bold: p.kind === 'city' };
});
const HILL_MARKS: MapMark[] = data.map.hills.map((h) => {
  const [x, y] = center(grid.hex(h.hex));
  return { at: [x - 23, y - 9], glyph: '⌒', color: '#6b4a22', px: 13 };
});

const centres = Array.from({ length: grid.nodeCount }, (_, i) => center(i));
export const BOUNDS = {
  minX: Math.min(...centres.map((c) => c[0])) - 45,
  minY: Math.min(...centres.map((c) => c[1])) - 45,
  maxX: Math.max(...centres.map((c) => c[0])) + 45,
  maxY: Math.max(...centres.map((c) => c[1])) + 45,
};

const HEX_LABELS: readonly string[] = Array.from({ length: grid.nodeCount }, (_, i) => grid.label(i));
const CHIT_ID = /^(DE|SU)-[ES]\d+$/;

/** The unit each chit visible in the view lies under (so a click on the counter selects actions naming its chits). */
const holders = new WeakMap<object, Map<string, string>>();
function chitHolders(view: View<unknown>): Map<string, string> {
  const v = view.game as PGView;
  let m = holders.get(v);
  if (!m) {
    m = new Map();
    for (const u of v.units) if (u.where === 'map') for (const c of u.chits) if ('id' in c) m.set(c.id, u.id);
    holders.set(v, m);
  }
  return m;
}

/** Every id an action may name that the screen shows: hexes, units (counters and panel cards), the chits this role may see. */
function placesOf(view: View<unknown>): Set<string> {
  const v = view.game as PGView;
  const out = new Set<string>(HEX_LABELS);
  for (const u of v.units) {
    out.add(u.id);
    for (const c of u.chits) if ('id' in c) out.add(c.id);
  }
  for (const id of [...v.mine.reorg, ...v.mine.support, ...v.mine.arriving]) out.add(id);
  for (const b of v.combat?.battles ?? [])
    for (const id of [...b.alloc.DE.ids, ...b.alloc.SU.ids, ...b.declared]) out.add(id);
  for (const a of view.actions)
    for (const x of Object.values(a)) if (typeof x === 'string' && CHIT_ID.test(x)) out.add(x); // own chits still in the cup (4.0(6)1)
  return out;
}

function unitHex(v: PGView, id: string): string | null {
  return v.units.find((u) => u.id === id)?.hex ?? null;
}

/** The arrow of a move: the rules' own cheapest path (8.2, `movePath`) on a determinized view; a retreat from the battle hex. */
function moveArrow(view: View<unknown>, a: Action): { points: Pt[]; label?: string } | null {
  const v = view.game as PGView;
  const f = a as unknown as Record<string, unknown>;
  if (a.type === 'moveTo' && typeof f.hex === 'string' && v.mv.picked) {
    const g = determinized(view);
    const u = g?.units.find((x) => x.id === v.mv.picked!.unit);
    const to = grid.indexOfLabel(f.hex);
    if (!g || !u || to < 0) return null;
    const path = movePath(E, g, u, v.mv.picked.mode, to);
    if (path.length < 2) return null;
    return {
      points: path.map(center),
      label: `${v.mv.picked.mode} move, ${path.length - 1} hex${path.length > 2 ? 'es' : ''}`,
    };
  }
  if (a.type === 'retreatTo' && typeof f.hex === 'string') {
    const b = v.combat?.battles.find((x) => !x.done && x.step !== 'prep');
    const fromUnit = b ? [b.target, ...b.attackers].find((id) => unitHex(v, id)) : undefined;
    const from = fromUnit ? grid.indexOfLabel(unitHex(v, fromUnit)!) : -1;
    const to = grid.indexOfLabel(f.hex);
    return from >= 0 && to >= 0 ? { points: [center(from), center(to)], label: 'retreat (14.0)' } : null;
  }
  return null;
}

/** A chit an action names (declare, return, lose, pair, bomb...) as the counter it lies under, so clicking that counter selects the action. */
export function chitTokens(a: Action, view?: View<unknown>): string[] {
  if (!view) return [];
  const holder = chitHolders(view);
  const out: string[] = [];
  for (const [k, x] of Object.entries(a)) {
    if (k === 'type' || typeof x !== 'string') continue;
    const u = holder.get(x);
    if (u && !out.includes(u)) out.push(u);
  }
  return out;
}

export const prokhorovkaAdapter: GameAdapter = {
  id: 'prokhorovka',
  map(view: View<unknown>): MapModel {
    const v = view.game as PGView;
    const where = new Map(v.units.filter((u) => u.hex).map((u) => [u.id, u.hex!]));
    return {
      bounds: BOUNDS,
      pieceSize: PIECE,
      seaColor: '#6f7f6a',
      areas: [],
      links: [],
      hex: HEX_BOARD,
      pieces: pkPieces(tables, v),
      marks: [...HILL_MARKS, ...MARKS],
      labels: LABELS,
      strokes: STROKES,
      placeCenter(place: string): Pt | null {
        const i = grid.indexOfLabel(where.get(place) ?? place);
        return i >= 0 ? center(i) : null;
      },
    };
  },
  places: placesOf,
  tokens: chitTokens,
  placeName(p: string): string {
    const i = grid.indexOfLabel(p);
    if (i >= 0) {
      const name = board.placeName[i];
      const t = data.tables.terrain[grid.terrain[i]!]?.name ?? '';
      return `${p}${name ? ` ${name}` : ''} (${t}${board.vp[i] ? ', VP' : ''})`;
    }
    if (E.unitById.has(p)) return `${p} ${unitValues(tables, p, false)} (${unitName(tables, p)})`;
    const c = E.equipById.get(p) ?? E.supportById.get(p);
    return c ? `${c.name} (${p})` : p;
  },
  roleLabel: (r: Role) => sideName(r),
  roleColor: (r: Role) => (r === 'DE' ? '#b9c2b2' : r === 'SU' ? '#e2836a' : '#999'),
  status: (view) => pkStatus(tables, view),
  path: (view, a) => moveArrow(view, a),
  info: (view) => pkUnderWay(tables, view),
  /** Before a roll is confirmed: the battle's odds from the rules' `battleOdds`, on the deciding role's own view (nothing hidden). */
  odds(game, state, role) {
    const t = pkBattleOdds(tables, game.view(state, role));
    return t.length ? t : null;
  },
  panels: (view) => pkPanels(tables, view),
  /** Asked before: ending a phase (the phases of 5.0 cannot be re-entered) and closing the set-up's placement (4.0(5)). */
  weighty: (a) =>
    a.type === 'endPhase' ? 'ends the phase' : a.type === 'donePlacing' ? 'sends the chits left to the pool' : null,
  /** 4.0(5): placing chits is grouped by the unit they go under. */
  groupOf: (a) =>
    a.type === 'place' || a.type === 'reorgPlace' ? String((a as { unit?: unknown }).unit ?? '') || null : null,
  legend: [
    { glyph: '⬢', color: TERRAIN_COLOR.clear!, text: 'clear' },
    { glyph: '⬢', color: TERRAIN_COLOR.hill!, text: 'hill (⌒)' },
    { glyph: '⬢', color: TERRAIN_COLOR.town!, text: 'town' },
    { glyph: '⬢', color: TERRAIN_COLOR.city!, text: 'city (3.3)' },
    { glyph: '━', color: COLORS.major, text: 'major river hexside (Psel, Donets below Belgorod)' },
    { glyph: '━', color: COLORS.river, text: 'river hexside (8.2(1)3)' },
    { glyph: '━', color: COLORS.road, text: 'road (8.2(1)4)' },
    { glyph: '┿', color: COLORS.rail, text: 'railway; ▭ bridge where a road or the railway crosses a river (8.2(1)5)' },
    { glyph: '┅', color: COLORS.start, text: 'start line (2.2.1(3))' },
    { glyph: '⬡', color: COLORS.entrench.SU, text: "entrenchment, dashed ring in its side's colour (17.2)" },
    { glyph: '★', color: COLORS.vp, text: 'VP hex (18.0)' },
    { glyph: '◆', color: COLORS.source.SU, text: 'Soviet communication source; grey: German (2.2.1(5))' },
    { glyph: '■', color: SIDE_COLOR.DE.fill, text: 'German counter (darker: SS); values fire-equipment-MA' },
    { glyph: '■', color: SIDE_COLOR.SU.fill, text: 'Soviet counter' },
    { glyph: '▬', color: '#f1e3a6', text: 'band: reduced side; R: designated reserve (5.1(3))' },
    {
      glyph: 'T',
      color: '#ffd84a',
      text: "chits under a unit: T / E a face-down Tank / Equip chit (the enemy's show only their back)",
    },
  ],
  rulesKey: 'prokhorovka',
};
