/**
 * Reading Soft Underbelly's view model (the rules' `view(game, role)`) into pieces and status.
 * Kept apart from the drawing so it can follow the rules module's shape in one place.
 */
import type { Piece, Pt } from '../map/model.ts';

export interface PieceMakers {
  counterPiece(id: string, place: string, used: boolean, at?: Pt): Piece;
  cubePiece(side: string, place: string, count: number): Piece;
  linePiece(place: string, count: number): Piece;
  airBase(area: string): Pt | null;
}

type Rec = Record<string, unknown>;
const isRec = (v: unknown): v is Rec => !!v && typeof v === 'object' && !Array.isArray(v);

/** Controller of each area, by area id. */
export function suControl(game: unknown): Record<string, string | null> {
  const g = isRec(game) ? game : {};
  const out: Record<string, string | null> = {};
  const areas = g.areas;
  if (isRec(areas)) for (const [id, a] of Object.entries(areas)) if (isRec(a)) out[id] = (a.control as string | null) ?? null;
  if (isRec(g.control)) for (const [id, c] of Object.entries(g.control)) out[id] = (c as string | null) ?? null;
  return out;
}

export function suPieces(game: unknown, make: PieceMakers): Piece[] {
  const g = isRec(game) ? game : {};
  const out: Piece[] = [];
  const areas = isRec(g.areas) ? g.areas : {};
  for (const [id, a] of Object.entries(areas)) {
    if (!isRec(a)) continue;
    const cubes = isRec(a.cubes) ? a.cubes : {};
    for (const side of ['allies', 'axis']) {
      const n = Number(cubes[side] ?? 0);
      if (n > 0) out.push(make.cubePiece(side, id, n));
    }
    const lines = Number(a.lines ?? 0);
    if (lines > 0) out.push(make.linePiece(id, lines));
  }
  const units = isRec(g.counters) ? g.counters : {};
  for (const [cid, u] of Object.entries(units)) {
    if (!isRec(u) || typeof u.area !== 'string') continue;
    const used = u.faceUp === false || u.used === true;
    const isAir = /air/.test(cid);
    const base = isAir && u.area !== 'sea' ? make.airBase(u.area) : null;
    out.push(make.counterPiece(cid, u.area, used, base ?? undefined));
  }
  return out;
}

export function suStatus(game: unknown): [string, string][] {
  const g = isRec(game) ? game : {};
  const out: [string, string][] = [];
  const put = (label: string, v: unknown) => { if (v !== undefined && v !== null && typeof v !== 'object') out.push([label, String(v)]); };
  put('Turn', g.turn);
  put('Impulse', g.impulse);
  put('Initiative', g.initiative);
  put('Phase', g.phase);
  return out;
}
