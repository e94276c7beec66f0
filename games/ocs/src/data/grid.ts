/**
 * GC-I-A The OCS hex grid: flat-topped hexes in vertical columns, each hex printed "CC.RR" with
 * the column counted left to right and the row counted bottom to top. The engine's HexGrid counts
 * its rows in index order; here index row 0 is the bottom row, so the engine's own labels
 * ("CC.RR" with separator ".") are the printed numbers, and the y axis points up (drawing flips it).
 */
import { HexGrid } from '@sandtable/engine';
import type { MapFile } from './schema.ts';

export function ocsGrid(grid: MapFile['grid']): HexGrid {
  return new HexGrid({
    cols: grid.cols,
    rows: grid.rows,
    orientation: 'flat',
    offset: grid.offset,
    separator: '.',
    colDigits: Math.max(2, String(grid.cols).length),
    rowDigits: Math.max(2, String(grid.rows).length),
    hexsideBits: 32,
    terrainBits: 8,
  });
}

/** Hexside "CC.RR/CC.RR" as two hex indexes, or null when a label is not on the grid. */
export function hexsidePair(grid: HexGrid, side: string): [number, number] | null {
  const [a, b] = side.split('/');
  if (a === undefined || b === undefined) return null;
  const i = grid.indexOfLabel(a);
  const j = grid.indexOfLabel(b);
  return i < 0 || j < 0 ? null : [i, j];
}
