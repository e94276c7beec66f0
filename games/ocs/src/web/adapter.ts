/**
 * The Husky map drawn from the game's data (no image files): OCS hexes numbered xx.yy as printed
 * (GC-I-A: columns left to right, rows bottom to top), terrain by its dominant class, rivers on
 * hexsides, roads and the railroad centre to centre, towns, ports, air bases and victory hexes.
 * Units are counters as the role's view gives them (4.9 fog of war: one counter on top of an
 * enemy stack); each shows its values on its face and its markers: a letter for the mode (M
 * Move, S Strat, R Reserve, X Exploit; none in Combat Mode), a red band when DG, "OOS" and the
 * internal stocks (12.8, 12.10), "F" when fueled for the phase (12.5c). Dumps are counted in SP.
 */
import type { Action, Role, View } from '@sandtable/engine';
import { HexGrid } from '@sandtable/engine';
import type { GameAdapter, HexBoard, MapLabel, MapMark, MapModel, Piece, Pt, UnitSymbol } from '@sandtable/map';
import { loadData } from '../data/index.ts';
import { categoriesOf, makeEnv, terrainsOf } from '../env.ts';
import type { Action as OcsAction, FrameOf, OcsState } from '../state.ts';
import type { OcsView } from '../view.ts';

const data = loadData();
const env = makeEnv(data);
const ROWS = data.map.grid.rows;
const COLS = data.map.grid.cols;

/**
 * The drawing's grid: the rules count rows bottom to top (GC-I-A), the renderer draws index row 0
 * at the top, so the drawing flips the rows (and the column offset with them) and labels each
 * hex with its printed number.
 */
class OcsDrawGrid extends HexGrid {
  override label(i: number): string {
    return env.grid.label(toRules(i));
  }
  override indexOfLabel(label: string): number {
    const i = env.grid.indexOfLabel(label);
    return i < 0 ? -1 : toDraw(i);
  }
}
const grid = new OcsDrawGrid({
  cols: COLS,
  rows: ROWS,
  orientation: 'flat',
  offset: data.map.grid.offset === 'odd' ? 'even' : 'odd',
  hexsideBits: 32,
  terrainBits: 8,
});
/** Rules index -> drawing index and back (the row flipped). */
export const toDraw = (i: number): number => grid.index(env.grid.colOf(i), ROWS - 1 - env.grid.rowOf(i));
export const toRules = (j: number): number => env.grid.index(grid.colOf(j), ROWS - 1 - grid.rowOf(j));

/** Fill classes in drawing order: a hex shows its most telling terrain. */
const FILL: { id: string; color: string; name: string }[] = [
  { id: 'open', color: '#e6e3b8', name: 'open' },
  { id: 'rough', color: '#cdbf8e', name: 'close (rough)' },
  { id: 'hills', color: '#b9a06d', name: 'very close (hills)' },
  { id: 'mountain', color: '#8f7556', name: 'extremely close (mountain)' },
  { id: 'city', color: '#d99c78', name: 'city' },
  { id: 'sea', color: '#8fb7d6', name: 'sea' },
];
const fillIndex = (i: number): number => {
  const ids = terrainsOf(env, i).map((t) => t.id);
  let best = 0;
  for (let k = 0; k < FILL.length; k++) if (ids.includes(FILL[k]!.id)) best = k;
  if (env.water[i]) best = FILL.length - 1;
  return best;
};
for (let i = 0; i < env.grid.nodeCount; i++) grid.terrain[toDraw(i)] = fillIndex(i);
for (let i = 0; i < env.grid.nodeCount; i++)
  for (const n of env.grid.neighbours(i)) {
    const w = env.grid.hexsideBetween(i, n);
    if (w) grid.setHexsideBetween(toDraw(i), toDraw(n), w);
  }

const layout = { size: 20 };
const PIECE = 24;
const center = (rulesHex: number): Pt => {
  const p = grid.toPixel(toDraw(rulesHex), layout);
  return [p.x, p.y];
};
const side = (k: string) => 1 << env.sideKinds.findIndex((s) => s.id === k);
const route = (k: string) => 1 << (8 + env.routeKinds.findIndex((s) => s.id === k));
const COLORS = { river: '#3b83c9', road: '#8b3a1c', rail: '#1e1e1e', vp: '#ffd21f', port: '#1f4f8a', air: '#444' };

export const HEX_BOARD: HexBoard = {
  grid,
  layout,
  terrainFill: FILL.map((f) => f.color),
  terrainName: FILL.map((f) => f.name),
  hexsides: [
    { bit: route('minorRoad'), kind: 'road', color: COLORS.road, width: 0.05 },
    { bit: route('road'), kind: 'road', color: COLORS.road, width: 0.09 },
    { bit: route('railroad'), kind: 'rail', color: COLORS.rail, width: 0.04 },
    { bit: side('minorRiver'), kind: 'river', color: COLORS.river, width: 0.1 },
    { bit: side('majorRiver'), kind: 'river', color: COLORS.river, width: 0.2 },
  ],
};

const BOUNDS = (() => {
  let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
  for (let i = 0; i < env.grid.nodeCount; i++) {
    const [x, y] = center(i);
    [minX, minY, maxX, maxY] = [Math.min(minX, x), Math.min(minY, y), Math.max(maxX, x), Math.max(maxY, y)];
  }
  return { minX: minX - 30, minY: minY - 30, maxX: maxX + 30, maxY: maxY + 30 };
})();

const LABELS: MapLabel[] = data.map.places.map((p) => ({
  at: center(env.hexOf(p.hex)),
  text: p.name,
  bold: p.kind === 'city',
}));
const MARKS: MapMark[] = [
  ...data.map.ports.map((p) => ({
    at: center(env.hexOf(p.hex)),
    glyph: '⚓',
    color: COLORS.port,
    text: `${p.capacityT}T`,
  })),
  ...data.map.airBases.map((a) => ({
    at: center(env.hexOf(a.hex)),
    glyph: '✈',
    color: COLORS.air,
    text: `L${a.level}`,
  })),
  ...data.scenario.victory.hexes.map((v) => ({
    at: center(env.hexOf(v.hex)),
    glyph: '★',
    color: COLORS.vp,
    text: `${v.vp}`,
  })),
];

const SIDE_COLOR: Record<string, { fill: string; ink: string }> = {
  allied: { fill: '#c9d7a5', ink: '#1d2a10' },
  axis: { fill: '#9aa3a8', ink: '#111' },
};
const SYMBOL: Record<string, UnitSymbol> = {
  infantry: 'infantry',
  paratroop: 'airborne',
  tank: 'armor',
  artillery: 'artillery',
  engineer: 'infantry',
  hq: 'hq',
};
const MODE_LETTER: Record<string, string> = { strat: 'S', reserve: 'R', exploit: 'X' };

/** One unit's counter with its markers (5.0 modes, 5.10 DG, 12.5c fuel, 12.8 OOS, 12.10 stocks). */
function pieceOf(v: OcsView, id: string): Piece | null {
  const u = v.units[id]!;
  const c = env.counters.get(id)!;
  if (u.hex < 0) return null;
  const colors = SIDE_COLOR[c.side] ?? { fill: '#ddd', ink: '#000' };
  const marks: string[] = [];
  const mode = u.marker && u.marker !== 'dg' ? u.marker : u.face;
  if (u.marker === 'dg') marks.push('DG');
  if (u.oos) marks.push('OOS');
  if (u.stocks) marks.push(`stocks ${u.stocks}`);
  if (u.fuelPhase === v.phaseSeq) marks.push('fueled');
  let values = '';
  let symbol: UnitSymbol = 'marker';
  if (c.kind === 'ground') {
    const face = u.face === 'move' ? c.move : c.combat;
    values = `${face.strength}-${face.ma}`;
    symbol = c.hq ? 'hq' : (SYMBOL[c.type] ?? 'infantry');
  } else if (c.kind === 'transport') {
    values = `${c.ma} MP${u.loadT ? ` ${u.loadT}T` : ''}`;
    symbol = 'line';
  } else if (c.kind === 'aircraft') symbol = 'air';
  else if (c.kind === 'ship' || c.kind === 'landingCraft') symbol = 'naval';
  const corner = u.marker === 'dg' ? undefined : (MODE_LETTER[u.marker ?? ''] ?? (u.face === 'move' ? 'M' : undefined));
  return {
    id,
    place: env.grid.label(u.hex),
    side: c.side,
    fill: colors.fill,
    ink: colors.ink,
    symbol,
    top: `${id}${u.oos ? ' OOS' : ''}${u.fuelPhase === v.phaseSeq ? ' F' : ''}`,
    bottom: values,
    used: u.marker === 'dg',
    band: u.marker === 'dg' ? '#d4141a' : u.oos ? '#f0a020' : undefined,
    corner,
    title: `${c.name} (${id}), ${mode} mode${marks.length ? `, ${marks.join(', ')}` : ''}${values ? `; ${values}` : ''}`,
  };
}

/** Dumps the role sees, as counters of SP and tokens (12.1; enemy dumps are hidden, 4.9a). */
function dumpPieces(v: OcsView): Piece[] {
  const out: Piece[] = [];
  const perSp = data.tables.constants.tokensPerSP?.value ?? 4;
  for (const [s, hexes] of Object.entries(v.dumps))
    for (const [h, t] of Object.entries(hexes)) {
      if (!t) continue;
      const sp = Math.floor(t / perSp);
      const tok = t - sp * perSp;
      out.push({
        id: `dump:${s}:${h}`,
        place: env.grid.label(Number(h)),
        side: s,
        fill: '#f3e9b0',
        ink: '#3a2a00',
        symbol: 'cube',
        top: 'SP',
        bottom: `${sp}${tok ? ` +${tok}T` : ''}`,
        title: `${s} supply dump: ${sp} SP${tok ? ` and ${tok}T` : ''} (12.1)`,
      });
    }
  return out;
}

/** The movement frame on top of the stack, if any. */
const movementFrame = (v: OcsView): FrameOf<'movement'> | null => {
  const f = v.stack.at(-1);
  return f?.kind === 'movement' ? f : null;
};

/** 6.1 a move's arrow with the MP the unit has spent so far this phase. */
function moveArrow(view: View<unknown>, action: Action): { points: Pt[]; label?: string } | null {
  const v = view.game as OcsView;
  const a = action as OcsAction;
  if (a.type !== 'move' && a.type !== 'rail' && a.type !== 'overrun') return null;
  const u = v.units[a.unit];
  if (!u || u.hex < 0) return null;
  const to = a.type === 'overrun' ? a.hex : a.to;
  const spent = movementFrame(v)?.spent[a.unit] ?? 0;
  return { points: [center(u.hex), center(to)], label: a.type === 'rail' ? 'by rail (13.3)' : `${spent} MP spent` };
}

const SIDE_NAME: Record<string, string> = { allied: 'Allies', axis: 'Axis' };

export const ocsAdapter: GameAdapter = {
  id: 'ocs',
  map(view: View<unknown>): MapModel {
    const v = view.game as OcsView;
    const pieces = [
      ...Object.keys(v.units)
        .sort()
        .map((id) => pieceOf(v, id))
        .filter((p): p is Piece => p !== null),
      ...dumpPieces(v),
    ];
    const where = new Map(pieces.map((p) => [p.id, p.place]));
    const hedgehogs: MapMark[] = Object.entries(v.hedgehogs)
      .filter(([, h]) => h.level > 0)
      .map(([h, x]) => ({ at: center(Number(h)), glyph: '⬡', color: '#7a2614', text: `HH${x.level}` }));
    return {
      bounds: BOUNDS,
      pieceSize: PIECE,
      seaColor: '#8fb7d6',
      areas: [],
      links: [],
      hex: HEX_BOARD,
      pieces,
      marks: [...MARKS, ...hedgehogs],
      labels: LABELS,
      placeCenter(place: string): Pt | null {
        const i = env.grid.indexOfLabel(where.get(place) ?? place);
        return i >= 0 ? center(i) : null;
      },
    };
  },
  places(view: View<unknown>): ReadonlySet<string> {
    const v = view.game as OcsView;
    const out = new Set<string>();
    for (let i = 0; i < env.grid.nodeCount; i++) out.add(env.grid.label(i));
    for (const id of Object.keys(v.units)) out.add(id);
    return out;
  },
  tokens(action: Action): string[] {
    const a = action as OcsAction;
    const out: string[] = [];
    if ('unit' in a) out.push(a.unit);
    if ('hex' in a) out.push(env.grid.label(a.hex));
    if ('to' in a) out.push(env.grid.label(a.to));
    return out;
  },
  placeName(p: string): string {
    const i = env.grid.indexOfLabel(p);
    if (i >= 0) {
      const name = data.map.places.find((x) => x.hex === p)?.name;
      const cats = categoriesOf(env, i).join(', ');
      return `${p}${name ? ` ${name}` : ''} (${terrainsOf(env, i)
        .map((t) => t.id)
        .join(', ')}${cats ? `; ${cats}` : ''})`;
    }
    const c = env.counters.get(p);
    return c ? `${c.name} (${p})` : p;
  },
  roleLabel: (r: Role) => SIDE_NAME[r] ?? r,
  roleColor: (r: Role) => (r === 'allied' ? '#6f8f3a' : r === 'axis' ? '#5a646a' : '#999'),
  status(view: View<unknown>): [string, string][] {
    const v = view.game as OcsState;
    const date = data.scenario.turns.dates.find((d) => d.turn === v.turn)?.label ?? '';
    const f = v.stack.at(-1);
    const phase = f && 'phase' in f ? `${f.kind} (${f.phase})` : (f?.kind ?? 'over');
    return [
      ['Turn', `${v.turn} of ${data.scenario.turns.last}${date ? `, ${date}` : ''}`],
      ['Weather', v.weather],
      ['Phasing', v.phasing ? (SIDE_NAME[v.phasing] ?? v.phasing) : '-'],
      ['Segment', phase],
      ['Steps lost', env.sides.map((s) => `${SIDE_NAME[s] ?? s} ${v.stepsLost[s] ?? 0}`).join(', ')],
    ];
  },
  path: (view, a) => moveArrow(view, a),
  legend: [
    ...FILL.map((f) => ({ glyph: '⬢', color: f.color, text: f.name })),
    { glyph: '━', color: COLORS.river, text: 'river hexside (thick: major river)' },
    { glyph: '━', color: COLORS.road, text: 'road (thin: minor road)' },
    { glyph: '┿', color: COLORS.rail, text: 'railroad (13.3)' },
    { glyph: '★', color: COLORS.vp, text: 'victory hex, with its VP' },
    { glyph: '⚓', color: COLORS.port, text: 'port, capacity in tokens (19.0)' },
    { glyph: '✈', color: COLORS.air, text: 'air base, level (14.0)' },
    { glyph: 'M', color: '#ffd84a', text: 'mode: M Move, S Strat, R Reserve, X Exploit; none: Combat (5.0)' },
    { glyph: '▬', color: '#d4141a', text: 'red band: DG (5.10); orange band: Out of Supply (12.8); F: fueled (12.5c)' },
    { glyph: '■', color: '#f3e9b0', text: 'supply dump: SP and tokens (12.1)' },
    { glyph: '⬡', color: '#7a2614', text: 'hedgehog and its level (16.0)' },
  ],
  rulesKey: 'ocs',
};
