/**
 * The web adapter: how the map library (`@sandtable/map`) draws this game. Everything here is
 * presentation, computed from a role's view; legality, odds and words come from the rules modules.
 */
import { type Action, type Role, seedRng, type View } from '@sandtable/engine';
import type { GameAdapter, HexBoard, MapMark, MapModel, OddsTable, Piece, Pt } from '@sandtable/map';
import { BRIDGE, FORD, RIVER, terrainOf } from '../board.ts';
import { attackersOf, crtResult, oddsOf } from '../combat.ts';
import { env } from '../index.ts';
import { SIDE_NAME } from '../texts.ts';
import { type BridgeView, determinize } from '../view.ts';

const { grid, data } = env;
const layout = { size: 40 };
const center = (hex: string): Pt => {
  const p = grid.toPixel(grid.hex(hex), layout);
  return [p.x, p.y];
};
const HEXES = Array.from({ length: grid.nodeCount }, (_, i) => grid.label(i));
/** What actions name: hexes, and units by id (a click on a counter selects the actions naming it). */
const PLACES: ReadonlySet<string> = new Set([...HEXES, ...data.units.map((u) => u.id)]);

const COLOR = {
  north: { fill: '#5b6f8f', ink: '#ffffff' },
  south: { fill: '#c8a25a', ink: '#1b1b1b' },
  terrain: { clear: '#e6e2bd', woods: '#9cbf86', town: '#e0b990' } as Record<string, string>,
  river: '#3d7fc4',
  bridge: '#5a4632',
  ford: '#9fd0f0',
  mine: '#d4141a',
};

const BOARD: HexBoard = {
  grid,
  layout,
  terrainFill: data.tables.terrain.map((t) => COLOR.terrain[t.id] ?? '#cccccc'),
  terrainName: data.tables.terrain.map((t) => t.id),
  hexsides: [
    { bit: RIVER, kind: 'river', color: COLOR.river, width: 0.16 },
    { bit: FORD, kind: 'river', color: COLOR.ford, width: 0.16, dash: [0.12, 0.08] },
    { bit: BRIDGE, kind: 'road', color: COLOR.bridge, width: 0.12 },
  ],
};

const corners = HEXES.flatMap((h) => grid.corners(grid.hex(h), layout));
const BOUNDS = {
  minX: Math.min(...corners.map((c) => c.x)) - 10,
  minY: Math.min(...corners.map((c) => c.y)) - 10,
  maxX: Math.max(...corners.map((c) => c.x)) + 10,
  maxY: Math.max(...corners.map((c) => c.y)) + 10,
};

/** A mark halfway across a ford: the mine, where this role may see it (4.3, 5.5). */
function mineMark(v: BridgeView): MapMark[] {
  const ford = v.mine.ford;
  if (ford === null || ford === 'hidden') return [];
  const [a, b] = env.ford[ford].map(center) as [Pt, Pt];
  const text = v.mine.exploded ? 'mine (gone off)' : 'mine';
  return [{ at: [(a[0] + b[0]) / 2, (a[1] + b[1]) / 2], glyph: '✹', color: COLOR.mine, text, px: 18 }];
}

function pieces(v: BridgeView): Piece[] {
  return data.units.flatMap((u): Piece[] => {
    const hex = v.units[u.id];
    if (!hex) return [];
    const c = COLOR[u.side];
    return [
      {
        id: u.id,
        place: hex,
        side: u.side,
        fill: c.fill,
        ink: c.ink,
        symbol: u.type,
        top: u.id,
        bottom: `${u.strength}-${u.ma}`,
        title: `${u.id} ${u.name} (${SIDE_NAME[u.side]}, ${u.strength}-${u.ma})`,
      },
    ];
  });
}

/** The phase on top of the stack, in words. */
function phase(v: BridgeView): string {
  const f = v.stack.findLast((x) => x.kind === 'movement' || x.kind === 'combat' || x.kind === 'mine');
  if (!f) return '-';
  if (f.kind === 'mine') return 'Set-up: South mines a ford';
  return `${SIDE_NAME[f.side]} ${f.kind}`;
}

/** A move's arrow and the movement points it leaves (5.1). */
function path(view: View<unknown>, a: Action): { points: Pt[]; label?: string } | null {
  const v = view.game as BridgeView;
  const f = v.stack.at(-1);
  if (!('unit' in a) || typeof a.unit !== 'string' || !('to' in a) || typeof a.to !== 'string') return null;
  const from = v.units[a.unit];
  if (!from) return null;
  if (f?.kind !== 'movement') return { points: [center(from), center(a.to)] };
  const left = env.unit[a.unit]!.ma - (f.spent[a.unit] ?? 0) - terrainOf(env, a.to).cost;
  return { points: [center(from), center(a.to)], label: `${left} MP left` };
}

/** 7.3: the chance of each combat result of an attack, from the CRT and the odds the rules compute. */
function odds(view: View<unknown>, a: Action): OddsTable[] | null {
  if (a.type !== 'attack' || !('hex' in a) || typeof a.hex !== 'string') return null;
  const g = determinize(view.game as BridgeView, view.role, seedRng('web')); // the mine plays no part in odds
  const f = g.stack.at(-1);
  if (f?.kind !== 'combat') return null;
  const o = oddsOf(env, g, a.hex, attackersOf(env, g, f, a.hex));
  const count = new Map<string, number>();
  for (const row of data.tables.crt.rows) {
    const r = crtResult(env, row.die, o.column);
    count.set(r, (count.get(r) ?? 0) + 1);
  }
  const rows = [...count].map(([label, n]) => ({ label, p: n / data.tables.crt.rows.length }));
  return [
    { title: `${o.attack} to ${o.defence}: ${o.label}${o.shifts.length ? ` (${o.shifts.join(', ')})` : ''}`, rows },
  ];
}

export const bridgeAdapter: GameAdapter = {
  id: 'example-bridge',
  map(view): MapModel {
    const v = view.game as BridgeView;
    return {
      bounds: BOUNDS,
      pieceSize: 44,
      seaColor: '#7a8a6a',
      areas: [],
      links: [],
      hex: BOARD,
      pieces: pieces(v),
      marks: mineMark(v),
      labels: data.map.terrain.flatMap((t) => (t.name ? [{ at: center(t.hex), text: t.name, bold: true }] : [])),
      placeCenter: (place) => (grid.indexOfLabel(place) >= 0 ? center(place) : null),
    };
  },
  places: () => PLACES,
  placeName(place) {
    const unit = env.unit[place];
    if (unit) return `${unit.id} ${unit.name}`;
    const name = data.map.terrain.find((t) => t.hex === place)?.name;
    return grid.indexOfLabel(place) >= 0 ? `${place}${name ? ` ${name}` : ''} (${terrainOf(env, place).id})` : place;
  },
  roleLabel: (r: Role) => SIDE_NAME[r as 'north'] ?? r,
  roleColor: (r: Role) => COLOR[r as 'north']?.fill ?? '#999999',
  status(view) {
    const v = view.game as BridgeView;
    const mine = v.mine.ford === null ? 'not laid' : v.mine.ford === 'hidden' ? 'hidden' : `${v.mine.ford} ford`;
    return [
      ['Turn', `${v.turn} of ${data.tables.turns.value}`],
      ['Phase', phase(v)],
      ['Mine', v.mine.exploded ? `${mine}, gone off` : mine],
    ];
  },
  path: (view, a) => path(view, a),
  odds: (game, state, role, a) => odds(game.view(state, role), a),
  legend: [
    { glyph: '⬢', color: COLOR.terrain.woods!, text: 'woods: 2 MP, defence shift (7.2)' },
    { glyph: '⬢', color: COLOR.terrain.town!, text: 'town: defence shift (7.2)' },
    { glyph: '━', color: COLOR.river, text: 'the river Aa: crossed only at the bridge and fords (5.4)' },
    { glyph: '┅', color: COLOR.ford, text: 'ford: crossing it ends the move (5.4)' },
    { glyph: '✹', color: COLOR.mine, text: 'the mine, once you may see it (4.3, 5.5)' },
  ],
  rulesKey: 'example-bridge',
};
