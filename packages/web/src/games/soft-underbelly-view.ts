/**
 * Reading Soft Underbelly's view model (the rules' `view(game, role)`: the state with hidden
 * things redacted) into pieces and status. Areas are indices into the data's area list.
 * Kept apart from the drawing so it follows the rules module's shape in one place.
 */
import type { Piece, Pt } from '../map/model.ts';

export interface PieceMakers {
  areaId(index: number): string | null;
  counterPiece(id: string, place: string, used: boolean, at?: Pt): Piece;
  cubePiece(side: string, place: string, count: number): Piece;
  linePiece(place: string, count: number): Piece;
  airBase(area: string): Pt | null;
}

const SEA = -2;
const BATTLE = -4;

type Rec = Record<string, unknown>;
const isRec = (v: unknown): v is Rec => !!v && typeof v === 'object' && !Array.isArray(v);
const nums = (v: unknown): number[] => (Array.isArray(v) ? v.map(Number) : []);

/** Controller of each area, by area id. */
export function suControl(game: unknown, areaId: (i: number) => string | null): Record<string, string | null> {
  const g = isRec(game) ? game : {};
  const out: Record<string, string | null> = {};
  if (Array.isArray(g.ctrl)) g.ctrl.forEach((c, i) => { const id = areaId(i); if (id) out[id] = (c as string | null) ?? null; });
  return out;
}

export function suPieces(game: unknown, make: PieceMakers): Piece[] {
  const g = isRec(game) ? game : {};
  const out: Piece[] = [];
  const cubes = isRec(g.cubes) ? g.cubes : {};
  for (const side of ['allies', 'axis']) {
    nums(cubes[side]).forEach((n, i) => {
      const id = make.areaId(i);
      if (id && n > 0) out.push(make.cubePiece(side, id, n));
    });
  }
  const lines = new Map<string, number>();
  for (const l of nums(g.lines)) {
    const id = make.areaId(l);
    if (id) lines.set(id, (lines.get(id) ?? 0) + 1);
  }
  for (const [id, n] of lines) out.push(make.linePiece(id, n));
  const battle = isRec(g.battle) ? g.battle : null;
  const battleArea = battle ? make.areaId(Number(battle.target)) : null;
  for (const u of Array.isArray(g.units) ? g.units : []) {
    if (!isRec(u) || typeof u.id !== 'string') continue;
    const loc = Number(u.loc);
    const place = loc === SEA ? 'sea' : loc === BATTLE ? battleArea : make.areaId(loc);
    if (!place) continue;
    const base = u.type === 'aircraft' && place !== 'sea' ? make.airBase(place) : null;
    out.push(make.counterPiece(u.id, place, u.up === false, base ?? undefined));
  }
  return out;
}

const PHASES: Record<string, string> = {};

export function suStatus(game: unknown): [string, string][] {
  const g = isRec(game) ? game : {};
  const out: [string, string][] = [];
  const put = (label: string, v: unknown) => { if (v !== undefined && v !== null && typeof v !== 'object') out.push([label, String(v)]); };
  put('Turn', g.turn);
  put('Phase', typeof g.phase === 'string' ? PHASES[g.phase] ?? g.phase : g.phase);
  put('Impulse', g.impulse);
  put('Initiative', g.initiative);
  const pool = isRec(g.pool) ? g.pool : null;
  if (pool) put('Cube pools', `Allies ${pool.allies ?? '?'} · Axis ${pool.axis ?? '?'}`);
  if (g.italy === true) put('Italy', 'surrendered');
  if (g.overlord === true) put('Overlord', 'launched');
  return out;
}
