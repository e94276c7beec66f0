/**
 * The web adapter: how the map library (`@sandtable/map`) draws Drive on Dubno. Presentation only,
 * computed from a role's view; legality, odds and words come from the rules modules.
 * - untried units are drawn as their backs ("?"), with only the printed movement allowance (21.1);
 * - units under an enemy stack are not drawn; the stack shows "+n" (19.0);
 * - the FPF Phase shows as a reaction prompt box in the enemy's turn (12.12);
 * - command radius is a collapsed box: opening it marks the hexes the role's HQs reach (7.1);
 * - the odds of a combat show the CRT column with each shift that moved it (11.14).
 */
import type { Action, Role, View } from '@sandtable/engine';
import type { GameAdapter, HexBoard, InfoBoxData, MapMark, MapModel, OddsTable, Piece, Pt } from '@sandtable/map';
import { SIDE_BITS } from '../board.ts';
import { oddsOf } from '../combat.ts';
import type { Side } from '../data/index.ts';
import { fireColumn, fireStrength } from '../fire.ts';
import { env } from '../index.ts';
import type { DubnoState, FrameOf } from '../state.ts';
import { SIDE_NAME } from '../texts.ts';
import { commandRadius, defenseOf, inCommand } from '../units.ts';
import type { DubnoView } from '../view.ts';
import { holders } from '../victory.ts';

const { grid, data } = env;
const layout = { size: 30 };
const center = (hex: string): Pt => {
  const p = grid.toPixel(grid.hex(hex), layout);
  return [p.x, p.y];
};
const HEXES = Array.from({ length: grid.nodeCount }, (_, i) => grid.label(i));
const PLACES: ReadonlySet<string> = new Set([...HEXES, ...data.units.map((u) => u.id)]);

const COLOR = {
  german: { fill: '#7d8a99', ink: '#101010' },
  soviet: { fill: '#b5483a', ink: '#ffffff' },
  terrain: { clear: '#e8e3c0', woods: '#8fb878', marsh: '#a9c9c0', town: '#d8b48c', city: '#c99a6b' } as Record<
    string,
    string
  >,
  minor: '#4b8fd6',
  major: '#1f5fb0',
  road: '#7a4b2a',
  rail: '#333333',
  objective: '#d4141a',
};

const TERRAIN_IDS = data.tables.terrain.map((t) => t.id);

const BOARD: HexBoard = {
  grid,
  layout,
  terrainFill: TERRAIN_IDS.map((t) => COLOR.terrain[t] ?? '#cccccc'),
  terrainName: TERRAIN_IDS,
  hexsides: [
    { bit: SIDE_BITS.minor, kind: 'river', color: COLOR.minor, width: 0.1 },
    { bit: SIDE_BITS.major, kind: 'river', color: COLOR.major, width: 0.18 },
    { bit: SIDE_BITS.rail, kind: 'rail', color: COLOR.rail, width: 0.06 },
    { bit: SIDE_BITS.road, kind: 'road', color: COLOR.road, width: 0.08 },
  ],
};

const corners = HEXES.flatMap((h) => grid.corners(grid.hex(h), layout));
const BOUNDS = {
  minX: Math.min(...corners.map((c) => c.x)) - 10,
  minY: Math.min(...corners.map((c) => c.y)) - 10,
  maxX: Math.max(...corners.map((c) => c.x)) + 10,
  maxY: Math.max(...corners.map((c) => c.y)) + 10,
};

const SYMBOL: Record<string, Piece['symbol']> = {
  armour: 'armor',
  tank: 'armor',
  mechInfantry: 'mech',
  motorRifle: 'mech',
  motorcycle: 'mech',
  infantry: 'infantry',
  rifle: 'infantry',
  engineer: 'infantry',
  antiTank: 'artillery',
  flak: 'artillery',
  artillery: 'artillery',
  hq: 'hq',
  supply: 'marker',
};

function values(v: DubnoView, u: string): string {
  const d = env.unit[u]!;
  const s = v.units[u]!;
  if (d.untried && !s.revealed) return `?-?-${d.ma}`; // 21.1: the back of the counter
  if (d.type === 'artillery') return `${d.bombard}-${d.range}-${d.fpf}/${d.defense}-${d.ma}`;
  const g = v as DubnoState;
  const at = (b: boolean | undefined, n: number | null) => (b ? `[${n}]` : `${n}`);
  const vals = s.revealed ?? {
    attack: d.attack ?? 0,
    defense: d.defense ?? 0,
    atAttack: d.atAttack,
    atDefense: d.atDefense,
  };
  void g;
  return `${at(vals.atAttack, vals.attack)}-${at(vals.atDefense, vals.defense)}-${d.ma}`;
}

function pieces(v: DubnoView): Piece[] {
  return data.units.flatMap((u): Piece[] => {
    const s = v.units[u.id]!;
    if (s.status !== 'map' || !s.hex) return [];
    const c = COLOR[u.side];
    const back = !!u.untried && !s.revealed;
    return [
      {
        id: u.id,
        place: s.hex,
        side: u.side,
        fill: c.fill,
        ink: c.ink,
        symbol: back ? 'marker' : (SYMBOL[u.type] ?? 'infantry'),
        top: back ? '?' : u.formation,
        bottom: values(v, u.id),
        used: s.supp,
        title: `${u.name} (${SIDE_NAME[u.side]}, ${back ? 'untried' : values(v, u.id)}${s.supp ? ', suppressed' : ''})`,
      },
    ];
  });
}

function marks(v: DubnoView): MapMark[] {
  const out: MapMark[] = env.objective.map((o) => ({ at: center(o.hex), glyph: '★', color: COLOR.objective, px: 14 }));
  for (const [hex, n] of Object.entries(v.hidden)) {
    const [x, y] = center(hex);
    out.push({ at: [x + 12, y - 12], glyph: `+${n}`, color: '#000000', text: 'under the stack (19.0)', px: 12 });
  }
  return out;
}

/** The phase on top of the stack, in words. */
function phase(v: DubnoView): string {
  const f = v.stack.findLast((x) => ['reinforce', 'movement', 'fpf', 'combat'].includes(x.kind)) as
    | FrameOf<'reinforce' | 'movement' | 'fpf' | 'combat'>
    | undefined;
  if (!f) return '-';
  if (f.kind === 'combat') return `${SIDE_NAME[f.side]} ${f.wave === 1 ? 'First' : 'Second'} Wave combat`;
  if (f.kind === 'fpf') return `${SIDE_NAME[f.side]} final protective fire (in the enemy's turn)`;
  return `${SIDE_NAME[f.side]} ${f.kind === 'reinforce' ? 'reinforcement' : 'movement'}`;
}

/** 11.14, 12.15 The distribution of results of a combat or a fire, with the column and its shifts. */
function odds(view: View<unknown>, a: Action): OddsTable[] | null {
  const g = view.game as DubnoView;
  const top = g.stack.at(-1);
  const dist = (results: readonly string[]) => {
    const count = new Map<string, number>();
    for (const r of results) count.set(r, (count.get(r) ?? 0) + 1);
    return [...count].map(([label, n]) => ({ label, p: n / results.length }));
  };
  if (a.type === 'resolve' && top?.kind === 'declare' && 'crt' in a) {
    const crt = a.crt as 'assault' | 'mobile';
    const o = oddsOf(env, g, top, crt);
    const table = crt === 'mobile' ? data.tables.mobileCrt : data.tables.assaultCrt;
    const shifts = o.shifts.map((s) => `${s.why} ${s.n > 0 ? '+' : ''}${s.n}`).join(', ');
    return [
      {
        title: `${crt === 'mobile' ? 'Mobile' : 'Assault'} CRT: ${o.attack} - ${o.defense} = ${o.diff >= 0 ? '+' : ''}${o.diff}, column ${o.label}${shifts ? ` (${shifts})` : ''}`,
        rows: dist(table.columns[o.column]!.results),
      },
    ];
  }
  if (a.type === 'fire' && top?.kind === 'fire') {
    const strength = fireStrength(env, g, top);
    return data.units
      .filter((u) => g.units[u.id]!.hex === top.target)
      .map((u) => {
        const diff = strength - (defenseOf(env, g, u.id) ?? 0);
        const c = fireColumn(env, diff, top.target);
        return {
          title: `${u.name}: ${strength} against ${defenseOf(env, g, u.id) ?? '?'}, column ${c.label}${c.shift ? ` (terrain ${c.shift})` : ''}`,
          rows: dist(data.tables.bombardmentCrt.columns[c.column]!.results),
        };
      });
  }
  return null;
}

/** 7.1 The hexes within the radius of `side`'s HQs (shown on request). */
function commandHexes(v: DubnoView, side: Side): string[] {
  const out = new Set<string>();
  for (const u of data.units) {
    const s = v.units[u.id]!;
    if (u.side !== side || u.type !== 'hq' || s.status !== 'map' || !s.hex || s.supp) continue;
    for (const i of grid.hexesWithin(grid.hex(s.hex), commandRadius(env, v, u.id))) out.add(grid.label(i));
  }
  return [...out];
}

function panels(view: View<unknown>): InfoBoxData[] {
  const v = view.game as DubnoView;
  const side = (view.role === 'soviet' ? 'soviet' : 'german') as Side;
  const ooc = data.units.filter(
    (u) => u.side === side && v.units[u.id]!.status === 'map' && v.units[u.id]!.hex && !inCommand(env, v, u.id),
  );
  return [
    {
      title: `Command radius (${SIDE_NAME[side]})`,
      lines: [`Out of command: ${ooc.map((u) => u.name).join(', ') || 'none'}`],
      odds: [],
      focus: commandHexes(v, side),
      collapsed: true,
      testId: 'dubno-command',
    },
    {
      title: 'Air strikes',
      lines: (['german', 'soviet'] as const).map(
        (s) =>
          `${SIDE_NAME[s]}: ${v.air[s].drawn.GA} GA, ${v.air[s].drawn.MB} MB drawn; ${v.air[s].cup.GA + v.air[s].cup.MB} in the pool`,
      ),
      odds: [],
      collapsed: true,
    },
  ];
}

function info(view: View<unknown>): InfoBoxData | null {
  const v = view.game as DubnoView;
  const f = v.stack.at(-1);
  if (f?.kind === 'fpf')
    return {
      title: `Final protective fire: ${SIDE_NAME[f.side]} reaction`,
      lines: [
        `${SIDE_NAME[f.side === 'german' ? 'soviet' : 'german']} has moved; the ${SIDE_NAME[f.side]} player may now fire FPF at enemy stacks next to his units (12.12).`,
      ],
      odds: [],
      focus: f.hexes,
      testId: 'dubno-fpf',
    };
  if (f?.kind === 'declare' || f?.kind === 'fire') {
    const targets = f.kind === 'declare' ? f.targets : [f.target];
    return {
      title:
        f.kind === 'declare' ? 'Combat being declared' : `${f.mode === 'fpf' ? 'FPF' : 'Bombardment'} being declared`,
      lines: [`Target: ${targets.join(', ')}`],
      odds: [],
      focus: targets,
    };
  }
  return null;
}

export const dubnoAdapter: GameAdapter = {
  id: 'dubno',
  map(view): MapModel {
    const v = view.game as DubnoView;
    return {
      bounds: BOUNDS,
      pieceSize: 34,
      seaColor: '#7a8a6a',
      areas: [],
      links: [],
      hex: BOARD,
      pieces: pieces(v),
      marks: marks(v),
      labels: data.map.places.map((p) => ({ at: center(p.hex), text: p.name, bold: p.kind === 'city' })),
      placeCenter: (place) => (grid.indexOfLabel(place) >= 0 ? center(place) : null),
    };
  },
  places: () => PLACES,
  placeName(place) {
    const unit = env.unit[place];
    if (unit) return unit.name;
    if (grid.indexOfLabel(place) < 0) return place;
    const name = env.place[place];
    return `${place}${name ? ` ${name}` : ''} (${env.terrain[grid.hex(place)]!.id})`;
  },
  roleLabel: (r: Role) => SIDE_NAME[r as Side] ?? r,
  roleColor: (r: Role) => COLOR[r as Side]?.fill ?? '#999999',
  status(view) {
    const v = view.game as DubnoView;
    const held = holders(env, v).filter((h) => h.side);
    return [
      [
        'Turn',
        `${v.turn} of ${data.tables.scenario.turns} (${data.tables.scenario.firstDay + Math.max(v.turn, 1) - 1} June 1941)`,
      ],
      ['Phase', phase(v)],
      ['Weather', v.weather],
      ['VP', `German ${v.vp.german}, Soviet ${v.vp.soviet}`],
      ['Objectives', held.map((h) => `${h.name}: ${SIDE_NAME[h.side!]}`).join(', ') || '-'],
    ];
  },
  path(view, a) {
    const v = view.game as DubnoView;
    if (!('unit' in a) || typeof a.unit !== 'string' || !('to' in a) || typeof a.to !== 'string') return null;
    const from = v.units[a.unit]?.hex;
    return from ? { points: [center(from), center(a.to)] } : null;
  },
  odds: (game, state, role, a) => odds(game.view(state, role), a),
  info,
  panels,
  legend: [
    { glyph: '⬢', color: COLOR.terrain.woods!, text: 'woods (TEC)' },
    { glyph: '⬢', color: COLOR.terrain.marsh!, text: 'marsh (TEC)' },
    {
      glyph: '━',
      color: COLOR.major,
      text: 'major river (Styr): retreat roll, no advance without a bridge (13.4, 13.6)',
    },
    { glyph: '━', color: COLOR.minor, text: 'minor river (Ikva, Horyn...)' },
    { glyph: '━', color: COLOR.road, text: 'road: 1/3 MP (8.7)' },
    { glyph: '┅', color: COLOR.rail, text: 'railway: 1 MP (8.8)' },
    { glyph: '★', color: COLOR.objective, text: 'objective (23.3)' },
    { glyph: '?', color: COLOR.soviet.fill, text: 'untried unit: values unknown to both players (21.0)' },
  ],
  rulesKey: 'dubno',
};
