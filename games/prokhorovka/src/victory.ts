/** Victory (18.0): German VP from the hexes a German LOC reaches at the end of the game. */
import type { Outcome } from '@sandtable/engine';
import { locReach, roadLocReach, type Env, type PGState } from './state.ts';

/** 18.0: German VP at the end of the game. */
export function germanVP(E: Env, g: PGState): { vp: number; hexes: number[]; bonus: boolean } {
  const loc = locReach(E, g, 'DE');
  const occupied = (h: number) => g.units.some((u) => u.hex === h && u.side === 'DE');
  // A-09 (off): an empty end hex in enemy ZOC does not block: a LOC reaching a neighbour reaches it (never an enemy unit's hex or source)
  const reaches = (h: number) =>
    loc[h] === 1 ||
    (!g.o.locEndHexZocBlocks &&
      E.b.source[h] !== 2 &&
      !g.units.some((u) => u.hex === h) &&
      E.b.grid.neighbours(h).some((x) => loc[x] === 1));
  const hexes = E.b.vpHexes.filter((h) => reaches(h) && (g.o.vpNeedsNoOccupation || occupied(h))); // 18.0(1)1, A-47, A-09
  let bonus = false;
  if (g.o.vpRoadCutBonus) {
    const road = roadLocReach(E, g, 'DE');
    const grid = E.b.grid;
    for (const u of g.units) {
      if (u.side !== 'DE' || u.hex < 0 || !road[u.hex]) continue;
      for (const s of E.b.sources.SU)
        if (grid.distance(u.hex, s) === 1 && grid.hexsideBetween(u.hex, s) & 4) bonus = true; // 18.0(1)2, A-55
    }
  }
  return { vp: hexes.length + (bonus ? 1 : 0), hexes, bonus };
}

export function victory(E: Env, g: PGState): Outcome {
  const { vp } = germanVP(E, g);
  const need = E.d.tables.game.germanWinsAt;
  return vp >= need
    ? { winner: 'DE', reason: `the German scores ${vp} VP (>= ${need}): German victory`, rule: '18.0(2)' }
    : { winner: 'SU', reason: `the German scores ${vp} VP (< ${need}): Soviet victory`, rule: '18.0(3)' };
}
