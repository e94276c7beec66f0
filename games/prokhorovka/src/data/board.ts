/**
 * The map data laid onto the engine's HexGrid: terrain ids per hex (index into the TEC),
 * hexside bitflags (river, major river, road, railway; kept symmetric by HexGrid) and per-hex
 * typed arrays for the start line, sources, entrenchments, VP hexes and places.
 */
import { HexGrid } from '@sandtable/engine';
import type { MapData, Side, TablesData } from './types.ts';

/** Hexside bits (2.2.1(6)(7), 8.2(1)3-5). */
export const RIVER = 1;
export const MAJOR = 2;
export const ROAD = 4;
export const RAIL = 8;
export const ANY_RIVER = RIVER | MAJOR;

/** Side codes in per-hex arrays: 0 none, 1 German, 2 Soviet. */
export const SIDE_CODE: Record<Side, number> = { DE: 1, SU: 2 };

export interface Board {
  grid: HexGrid;
  /** Terrain id per hex = index into `tables.terrain`. */
  terrainIds: string[];
  /** 1 = south of the start line (German side at the start, 2.2.1(3), A-51). */
  germanSide: Uint8Array;
  /** Communication source owner per hex (2.2.1(5)). */
  source: Uint8Array;
  /** Entrenchment owner per hex (17.2). */
  entrench: Uint8Array;
  vp: Uint8Array;
  /** Place name per hex index (towns and cities), or undefined. */
  placeName: (string | undefined)[];
  /** Map edge of each hex (bits N=1, S=2, E=4, W=8). */
  edge: Uint8Array;
  sources: Record<Side, number[]>;
  vpHexes: number[];
}

/** Parses "AAAA/BBBB" into two hex indices (throws on a bad label). */
export function hexsidePair(grid: HexGrid, pair: string): [number, number] {
  const [a, b] = pair.split('/');
  return [grid.hex(a ?? ''), grid.hex(b ?? '')];
}

/**
 * Builds the board. Throws RangeError naming the first bad label or non-adjacent pair; the
 * data loader runs it inside its cross-checks so problems are reported with the file.
 */
export function buildBoard(map: MapData, tables: TablesData): Board {
  const g = map.grid;
  const grid = new HexGrid({ cols: g.cols, rows: g.rows, orientation: g.orientation, offset: g.offset });
  const ids = tables.terrain.map((t) => t.id);
  const tid = (id: string) => {
    const k = ids.indexOf(id);
    if (k < 0) throw new RangeError(`terrain "${id}" is not in the TEC`);
    return k;
  };
  grid.terrain.fill(tid('clear'));
  for (const h of map.hills) grid.terrain[grid.hex(h.hex)] = tid('hill');
  const placeName: (string | undefined)[] = new Array(grid.nodeCount).fill(undefined);
  for (const p of map.places) {
    const i = grid.hex(p.hex);
    grid.terrain[i] = tid(p.kind);
    placeName[i] = p.name;
  }
  for (const r of map.rivers) {
    for (const pair of r.hexsides) {
      const [a, b] = hexsidePair(grid, pair);
      grid.setHexsideBetween(a, b, r.kind === 'major' ? MAJOR : RIVER);
    }
  }
  const line = (hexes: string[], bit: number) => {
    for (let k = 0; k + 1 < hexes.length; k++)
      grid.setHexsideBetween(grid.hex(hexes[k]!), grid.hex(hexes[k + 1]!), bit);
  };
  for (const r of map.roads) line(r.hexes, ROAD);
  for (const r of map.railways) line(r.hexes, RAIL);

  const n = grid.nodeCount;
  const germanSide = new Uint8Array(n);
  for (const h of map.startLine.germanSide) germanSide[grid.hex(h)] = 1;
  const source = new Uint8Array(n);
  const sources: Record<Side, number[]> = { DE: [], SU: [] };
  for (const s of map.sources) {
    const i = grid.hex(s.hex);
    source[i] = SIDE_CODE[s.side];
    sources[s.side].push(i);
  }
  const entrench = new Uint8Array(n);
  for (const e of map.entrenchments) for (const h of e.hexes) entrench[grid.hex(h)] = SIDE_CODE[e.side];
  const vp = new Uint8Array(n);
  const vpHexes: number[] = [];
  for (const v of map.vpHexes) {
    const i = grid.hex(v.hex);
    vp[i] = 1;
    vpHexes.push(i);
  }
  const edge = new Uint8Array(n);
  for (let i = 0; i < n; i++) {
    const c = grid.colOf(i),
      r = grid.rowOf(i);
    if (r === 0) edge[i]! |= 1;
    if (r === g.rows - 1) edge[i]! |= 2;
    if (c === g.cols - 1) edge[i]! |= 4;
    if (c === 0) edge[i]! |= 8;
  }
  return { grid, terrainIds: ids, germanSide, source, entrench, vp, placeName, edge, sources, vpHexes };
}

export const EDGE_BITS: Record<'N' | 'S' | 'E' | 'W', number> = { N: 1, S: 2, E: 4, W: 8 };
