/**
 * Soft Underbelly's map: the 25 reconstructed areas (km-projected polygons from the game's data),
 * white-arrow links, the "at sea" box, area symbols, and the pieces of `view(state, role)`:
 * cubes (blue Allies, black Axis) with a count, special counters (tank, aircraft at its air
 * base, elite, paratroops, partisans, fleets, U-boat) face-up or used, defensive lines.
 */
import type { Action, EngineState, Game, Role, View } from '@sandtable/engine';
import { loadSoftUnderbellyData, type AreaData, type CounterData, type LinkData, type SUView } from '../index.ts';
import type { AreaShape, MapModel, Piece, Pt, UnitSymbol, GameAdapter } from '@sandtable/map';
import coastline from './coast.json?coastline';
import { suBattle, suControl, suGroupPath, suPieces, suStatus } from './view.ts';

const data = loadSoftUnderbellyData();
const areas: AreaData[] = data.areas;
const links: LinkData[] = data.links;
const counters = new Map<string, CounterData>(data.counters.map((c) => [c.id, c]));
const byId = new Map(areas.map((a) => [a.id, a]));

export const SEA_BOX = { id: 'sea', label: 'At sea', rect: [-160, 225, 260, 150] as [number, number, number, number] };
const SEA_CENTER: Pt = [SEA_BOX.rect[0] + SEA_BOX.rect[2] / 2, SEA_BOX.rect[1] + SEA_BOX.rect[3] / 2 + 18];

export const SIDE_COLOR: Record<string, string> = { allies: '#2f62c9', axis: '#2a2a2a' };
const NATION: Record<string, { fill: string; ink: string }> = {
  US: { fill: '#56703a', ink: '#ffffff' },
  UK: { fill: '#c2a467', ink: '#1a1a1a' },
  DE: { fill: '#6c7880', ink: '#ffffff' },
  IT: { fill: '#93a06a', ink: '#1a1a1a' },
  allied: { fill: '#a8342c', ink: '#ffffff' },
};
const SYMBOL: Record<string, UnitSymbol> = {
  tank: 'armor',
  aircraft: 'air',
  elite: 'elite',
  paratroops: 'airborne',
  partisan: 'partisan',
  fleet: 'naval',
  uboat: 'submarine',
};

export function counterInfo(id: string): CounterData | undefined {
  return counters.get(id);
}

/** A counter drawn from its data: nationality colours, NATO symbol, name. */
export function counterPiece(id: string, place: string, used: boolean, at?: Pt): Piece {
  const c = counters.get(id);
  const nat = NATION[c?.nationality ?? 'allied'] ?? NATION.allied!;
  const p: Piece = {
    id,
    place,
    side: c?.side ?? 'allies',
    fill: nat.fill,
    ink: nat.ink,
    symbol: SYMBOL[c?.type ?? ''] ?? 'marker',
    top: c
      ? c.nationality === 'allied'
        ? 'Partisans'
        : `${c.nationality} ${c.type === 'uboat' ? 'U-boat' : c.type}`
      : id,
    title: `${c?.name ?? id}${used ? ' (used, face-down)' : ''}`,
    used,
  };
  if (at) p.at = at;
  return p;
}

export function cubePiece(side: string, place: string, count: number): Piece {
  return {
    id: `cubes-${side}-${place}`,
    place,
    side,
    fill: side === 'allies' ? '#2f62c9' : '#1c1c1c',
    ink: '#ffffff',
    symbol: 'cube',
    count,
    title: `${count} ${side === 'allies' ? 'Allied (blue)' : 'Axis (black)'} cube${count === 1 ? '' : 's'}`,
  };
}

export function linePiece(place: string, count: number): Piece {
  return {
    id: `lines-${place}`,
    place,
    side: 'axis',
    fill: '#8b5a2b',
    ink: '#f3e1c0',
    symbol: 'line',
    top: 'Def. line',
    bottom: count > 1 ? `×${count}` : '',
    title: `${count} Axis defensive line${count === 1 ? '' : 's'}`,
  };
}

function areaFill(a: AreaData, control: string | null | undefined): string {
  if (a.kind === 'impassable') return '#b9b4a6';
  if (control === 'allies') return a.region === 'africa' ? '#bccbe6' : '#b7c8ea';
  if (control === 'axis') return a.region === 'africa' ? '#d2c7ad' : '#d6cfbd';
  return a.region === 'africa' ? '#e8dcb8' : '#ece4c9';
}

function areaShape(a: AreaData, control: string | null | undefined): AreaShape {
  const icons: AreaShape['icons'] = [];
  if (a.orangeStar) icons.push({ glyph: '★', color: '#ff8a1c' });
  if (a.alliedStar) icons.push({ glyph: '★', color: '#5b8cff' });
  if (a.axisSymbol) icons.push({ glyph: '✠', color: '#111' });
  if (a.airfield) icons.push({ glyph: '✈', color: '#f5f5f5' });
  if (a.partisanTriangle) icons.push({ glyph: '▲', color: '#9fd3ff' });
  const s: AreaShape = {
    id: a.id,
    label: a.kind === 'impassable' ? '' : a.id,
    name: a.name,
    polygon: a.polygon as Pt[],
    center: a.center as Pt,
    fill: areaFill(a, control),
    icons,
  };
  if (a.kind === 'impassable') {
    s.pattern = 'impassable';
    s.inert = true;
  } else if (a.mountain) s.pattern = 'mountain';
  return s;
}

/** Arrow of a moving group: where it has been, then the area the action sends it to. */
function groupArrow(v: View<unknown>, a: Action, history: readonly Action[]): { points: Pt[]; label?: string } | null {
  const f = a as unknown as Record<string, unknown>;
  const to = typeof f.to === 'string' ? f.to : typeof f.target === 'string' ? f.target : null;
  const path = suGroupPath(v.decision, history);
  const from = typeof f.from === 'string' ? [f.from] : path;
  if (
    !to ||
    !from.length ||
    !['step', 'ship', 'fly', 'commit', 'retreat', 'occupy', 'evade', 'partisanMove', 'overflow'].includes(a.type)
  )
    return null;
  const pts = [...from, to].map(placeCenter).filter((p): p is Pt => !!p);
  if (pts.length < 2) return null;
  const side = v.decision?.role === 'axis' ? 'axis' : 'allies';
  const transport = (v.game as SUView).navalTransport?.[side];
  const label =
    a.type === 'ship'
      ? `naval transport (${transport ?? '?'} left)`
      : a.type === 'step' && path.length
        ? `step ${path.length} of the move`
        : '';
  return label ? { points: pts, label } : { points: pts };
}

/** Odds of the combat round an action starts: the battle in the view the action leads to. */
function battleOdds(game: Game<any, any, any>, state: EngineState<unknown>, role: Role, _a: Action) {
  const b = suBattle(game.view(state, role).game as SUView);
  return b ? b.odds : null;
}

/** Everything an action may name that the map can show: areas, the sea box, counters. */
const TOKENS: ReadonlySet<string> = new Set([
  ...areas.filter((a) => a.kind !== 'impassable').map((a) => a.id),
  SEA_BOX.id,
  ...counters.keys(),
]);

export const BOUNDS = { minX: -900, minY: -790, maxX: 640, maxY: 1200 };

export function placeCenter(place: string): Pt | null {
  if (place === SEA_BOX.id) return SEA_CENTER;
  const a = byId.get(place);
  return a ? (a.center as Pt) : null;
}

export const softUnderbellyAdapter: GameAdapter = {
  id: 'soft-underbelly',
  map(view: View<unknown>): MapModel {
    const v = view.game as SUView;
    const control = suControl(v);
    return {
      bounds: BOUNDS,
      pieceSize: 54,
      seaColor: '#7fa6c6',
      areas: areas.map((a) => areaShape(a, control[a.id])),
      links: links
        .filter((l) => l.kind === 'arrow')
        .map((l) => ({ a: byId.get(l.a)!.center as Pt, b: byId.get(l.b)!.center as Pt, kind: 'sea' as const })),
      pieces: suPieces(v, {
        counterPiece,
        cubePiece,
        linePiece,
        airBase: (id) => (byId.get(id)?.airBase as Pt | undefined) ?? null,
      }),
      placeCenter,
      boxes: [SEA_BOX],
      land: coastline,
    };
  },
  places: () => TOKENS,
  placeName: (p) =>
    p === SEA_BOX.id ? 'At sea' : byId.has(p) ? `${p} ${byId.get(p)!.name}` : (counters.get(p)?.name ?? p),
  roleLabel: (r: Role) => (r === 'allies' ? 'Allies' : r === 'axis' ? 'Axis' : 'Observer'),
  roleColor: (r: Role) => (r === 'allies' ? '#6b9bff' : r === 'axis' ? '#c9c9c9' : '#999'),
  status: (v) => suStatus(v.game as SUView),
  path: (v, a, history) => groupArrow(v, a, history),
  odds: battleOdds,
  info: (v) => suBattle(v.game as SUView),
  /** Asked before: playing an event card, ending the movement or the impulse. */
  weighty: (a) =>
    a.type === 'event'
      ? 'plays an event card'
      : a.type === 'endImpulse'
        ? 'ends your impulse'
        : a.type === 'endMovement'
          ? 'ends the movement'
          : null,
  legend: [
    { glyph: '★', color: '#ff8a1c', text: 'victory area (orange star, §6)' },
    { glyph: '★', color: '#5b8cff', text: 'Allied set-up area (§5)' },
    { glyph: '✠', color: '#111', text: 'Axis symbol: Munich (§6)' },
    { glyph: '✈', color: '#f5f5f5', text: 'airfield (§14)' },
    { glyph: '▲', color: '#9fd3ff', text: 'partisan area (§35)' },
    { glyph: '^', color: '#7a5a30', text: 'mountains (hatched, §2)' },
    { glyph: '■', color: '#2f62c9', text: 'Allied cubes (blue), with count' },
    { glyph: '■', color: '#1c1c1c', text: 'Axis cubes (black), with count' },
    { glyph: '▬', color: '#c8202a', text: 'red band: counter used (face-down)' },
    { glyph: '┅', color: '#14326e', text: 'white arrow: sea crossing (§12)' },
  ],
  rulesKey: 'soft-underbelly',
};
