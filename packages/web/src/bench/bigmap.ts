/**
 * A generated hex-and-counter map for the renderer benchmark: `cols x rows` hexes with terrain
 * from smooth noise, rivers and roads on hexsides, and `counters` counters in stacks.
 */
import { HexGrid, randomIndex, seedRng } from '@sandtable/engine';
import type { MapModel, Piece, UnitSymbol } from '@sandtable/map';

export const TERRAIN = ['#d8d3a0', '#8fb46a', '#4f7d3c', '#b59a6a', '#8c7a66', '#7fb0c9', '#b9b2a6'];
export const TERRAIN_NAMES = ['clear', 'light woods', 'forest', 'rough', 'mountain', 'lake', 'city'];
const RIVER = 1,
  ROAD = 2;
const SYMBOLS: UnitSymbol[] = ['infantry', 'armor', 'mech', 'artillery', 'airborne', 'hq'];

export function bigHexMap(cols = 300, rows = 200, counters = 20_000, seed = 'bench'): MapModel {
  const grid = new HexGrid({ cols, rows, orientation: 'flat', offset: 'odd' });
  const rng = seedRng(seed);
  const layout = { size: 30 };
  for (let i = 0; i < grid.nodeCount; i++) {
    const c = grid.colOf(i),
      r = grid.rowOf(i);
    const n =
      Math.sin(c * 0.11) + Math.cos(r * 0.13) + Math.sin((c + r) * 0.05) * 1.3 + Math.sin(c * 0.37 + r * 0.29) * 0.4;
    const t = n > 1.9 ? 4 : n > 1.3 ? 3 : n > 0.6 ? 2 : n > 0 ? 1 : n < -2.2 ? 5 : 0;
    grid.terrain[i] = randomIndex(rng, 400) === 0 ? 6 : t;
  }
  for (let k = 0; k < 60; k++) {
    let i = randomIndex(rng, grid.nodeCount);
    for (let s = 0; s < 40; s++) {
      const d = randomIndex(rng, 6);
      const n = grid.neighbour(i, d);
      if (n < 0) break;
      grid.setHexside(i, (d + 1) % 6, k % 2 ? RIVER : ROAD);
      if (k % 2 === 0) grid.setHexsideBetween(i, n, ROAD);
      i = n;
    }
  }
  const pieces: Piece[] = [];
  for (let k = 0; k < counters; k++) {
    const i = randomIndex(rng, grid.nodeCount);
    const side = k % 2 ? 'red' : 'blue';
    pieces.push({
      id: `c${k}`,
      place: grid.label(i),
      side,
      fill: side === 'red' ? '#c9a27e' : '#9db4d8',
      ink: '#111',
      symbol: SYMBOLS[k % SYMBOLS.length]!,
      top: `${(k % 90) + 1}-${(k % 7) + 1}`,
      bottom: `${1 + (k % 9)}-${1 + (k % 4)}-${3 + (k % 5)}`,
      title: `unit ${k}`,
      used: k % 11 === 0,
    });
  }
  const last = grid.nodeCount - 1;
  const p0 = grid.toPixel(0, layout),
    p1 = grid.toPixel(last, layout);
  return {
    bounds: { minX: p0.x - 40, minY: p0.y - 60, maxX: p1.x + 40, maxY: p1.y + 60 },
    pieceSize: 34,
    seaColor: '#5d87a8',
    areas: [],
    links: [],
    hex: {
      grid,
      layout,
      terrainFill: TERRAIN,
      terrainName: TERRAIN_NAMES,
      hexsides: [
        { bit: RIVER, kind: 'river', color: '#3d7fc4', width: 0.16 },
        { bit: ROAD, kind: 'road', color: '#8a3b1e', width: 0.09 },
      ],
    },
    pieces,
    placeCenter(place) {
      const i = grid.indexOfLabel(place);
      if (i < 0) return null;
      const p = grid.toPixel(i, layout);
      return [p.x, p.y];
    },
  };
}
