/**
 * GC-IV Set-up: the scenario's placements (a hex, within X hexes of one, a region or a box; any
 * mode, GC-IV-B; aircraft active, GC-IV-E; unfueled, GC-IV-J), dumps and hedgehogs; arrivals wait
 * off the map as 'pending' until their turn (13.6).
 */
import type { Place } from './data/index.ts';
import type { Env } from './env.ts';
import type { Opts } from './options.ts';
import type { OcsState, UnitState } from './state.ts';

/** The hex a place names (the named hex itself for "within", the first hex of a region), or -1 for a box. */
export function hexOfPlace(env: Env, p: Place): number {
  if ('hex' in p) return env.hexOf(p.hex);
  if ('within' in p) return env.hexOf(p.within.hex);
  if ('region' in p) return env.regionHexes.get(p.region)?.[0] ?? -1;
  return -1;
}

export function initialState(env: Env, opts: Opts): OcsState {
  const s = env.data.scenario;
  const units: Record<string, UnitState> = {};
  const control: Record<string, string> = {};
  for (const p of s.setup) {
    const hex = hexOfPlace(env, p.at);
    const c = env.counters.get(p.unit)!;
    const u: UnitState = { hex, face: p.mode === 'move' || p.mode === 'strat' ? 'move' : 'combat' };
    if ('box' in p.at) u.box = p.at.box;
    if (p.mode === 'reserve' || p.mode === 'strat') u.marker = p.mode;
    if (p.stepsLost) u.lost = p.stepsLost;
    if (c.kind === 'aircraft') u.active = true; // GC-IV-E
    if (c.kind === 'transport') u.face = 'move'; // 5.6b
    units[p.unit] = u;
    if (hex >= 0 && c.kind === 'ground') control[hex] = c.side;
  }
  for (const r of s.reinforcements) {
    const c = env.counters.get(r.unit)!;
    units[r.unit] = { hex: -1, box: 'pending', face: c.kind === 'transport' ? 'move' : 'combat' };
  }
  const dumps: Record<string, Record<string, number>> = Object.fromEntries(env.sides.map((x) => [x, {}]));
  for (const d of s.dumps) {
    const hex = hexOfPlace(env, d.at);
    if (hex < 0) continue;
    dumps[d.side]![hex] = (dumps[d.side]![hex] ?? 0) + d.tokens;
  }
  const hedgehogs: OcsState['hedgehogs'] = {};
  for (const h of env.data.map.hedgehogs) hedgehogs[env.hexOf(h.hex)] = { side: '', level: h.level };
  for (const h of s.hedgehogs) hedgehogs[env.hexOf(h.hex)] = { side: h.side, level: h.level };
  return {
    turn: 0,
    weather: env.data.scenario.weather[0]!.id,
    first: null,
    phasing: null,
    phaseSeq: 0,
    units,
    dumps,
    control,
    hedgehogs,
    stepsLost: Object.fromEntries(env.sides.map((x) => [x, 0])),
    version: 1,
    stack: [{ kind: 'gameTurn', turn: s.turns.first }],
    options: opts,
    result: null,
  };
}
