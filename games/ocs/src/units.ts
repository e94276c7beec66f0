/**
 * Questions about units: what a counter is (3.0-3.5), its size (4.6), steps (9.11), mode (5.x),
 * strength, action rating and movement allowance in that mode, attack capability (4.4) and zone
 * of control (4.5); and where units are.
 */
import { resolveCharts } from './charts.ts';
import type { AtLevel, Counter, GroundCounter, MoveType, TablesFile } from './data/index.ts';
import type { Env } from './env.ts';
import type { Opts } from './options.ts';
import type { OcsState, UnitState } from './state.ts';

const chartCache = new WeakMap<Env, Map<string, TablesFile>>();
/** The charts in force for these options (tables.json with the options' variants), cached per env. */
export function charts(env: Env, opts: Opts): TablesFile {
  let m = chartCache.get(env);
  if (!m) chartCache.set(env, (m = new Map()));
  const key = JSON.stringify(opts);
  let t = m.get(key);
  if (!t) m.set(key, (t = resolveCharts(env.data.tables, opts)));
  return t;
}

/** A rule constant of tables.json (the rulebook's numbers). */
export const K = (env: Env, name: string): number => {
  const c = env.data.tables.constants[name];
  if (!c) throw new Error(`tables.json has no constant ${name}`);
  return c.value;
};

export function counterOf(env: Env, id: string): Counter {
  const c = env.counters.get(id);
  if (!c) throw new Error(`no counter ${id}`);
  return c;
}

export function groundOf(env: Env, id: string): GroundCounter | null {
  const c = env.counters.get(id);
  return c?.kind === 'ground' ? c : null;
}

/** 3.2 combat units are the ground units with a combat strength (printed or unprinted). */
export const isCombatUnit = (env: Env, id: string): boolean => groundOf(env, id) !== null;

/** 5.2 the mode: the marker's, else the face's. */
export const modeOf = (u: UnitState): string => u.marker ?? u.face;

export const onMap = (u: UnitState): boolean => u.hex >= 0;

/** 3.2d/9.11 steps printed: the RE dot of a multi-step unit, else one (4.6). */
export const printedSteps = (c: GroundCounter): number => c.steps ?? 1;
export const stepsLeft = (c: GroundCounter, u: UnitState): number => printedSteps(c) - (u.lost ?? 0);

/** 4.6 RE size. */
export function reOf(env: Env, c: GroundCounter, u: UnitState): number {
  if (c.steps) return stepsLeft(c, u); // multi-step: -1 RE per step lost
  if (c.re !== undefined) return c.re;
  if (c.hq) return K(env, 'hqRE');
  if (c.abilities?.includes('replacement')) return K(env, 'replacementRE');
  if (c.size === 'II') return K(env, 'battalionRE');
  if (c.size === 'I') return K(env, 'companyRE');
  return 1;
}

/** 9.4e AT level: printed, else heavy for armor and tank/AT/AA symbols, light for other mech, else none. */
export function atOf(c: GroundCounter): AtLevel {
  if (c.at) return c.at;
  if (c.cls === 'armor' || ['antiTank', 'antiAircraft'].includes(c.type)) return 'heavy';
  if (c.cls === 'mech') return c.type === 'tank' ? 'heavy' : 'light';
  return 'none';
}
export const AT_RANK: Record<AtLevel, number> = { none: 0, light: 1, heavy: 2 };

/** The face in use (a Strat unit is Move-face up, 5.8). */
export const faceOf = (c: GroundCounter, u: UnitState) => c[u.face];

/** 3.2b, 13.1c, 13.4b the printed or series strength of the face up; `paren` = defend only. */
export function faceStrength(env: Env, c: GroundCounter, u: UnitState): { strength: number; paren: boolean } {
  const f = faceOf(c, u);
  if (f.strength !== null) return { strength: f.strength, paren: f.paren === true };
  if (c.hq) return { strength: K(env, u.face === 'combat' ? 'hqStrengthCombat' : 'hqStrengthMove'), paren: true };
  return { strength: K(env, 'artilleryStrength'), paren: true }; // 13.4b artillery (1)
}

/** 4.4 attack-capable: a printed strength not in parentheses, not in Strat or Reserve. */
export function attackCapable(env: Env, c: GroundCounter, u: UnitState): boolean {
  const f = faceStrength(env, c, u);
  if (faceOf(c, u).strength === null || f.paren) return false;
  return u.marker !== 'strat' && u.marker !== 'reserve';
}

/** 4.5, 5.9c ZOC: attack-capable, in Combat Mode (or Exploit keeping it), not marked OOS. */
export function hasZoc(env: Env, c: GroundCounter, u: UnitState): boolean {
  if (!onMap(u) || u.oos || !attackCapable(env, c, u)) return false;
  const m = modeOf(u);
  return m === 'combat' || (m === 'exploit' && u.hadZoc === true);
}

/** 9.6a, 5.10b B the action rating in its mode: DG -1, Strat 0. */
export function arOf(c: GroundCounter, u: UnitState): number {
  if (u.marker === 'strat') return 0;
  if (c.hq) return 0; // 13.1c HQ AR 0
  return c.ar - (u.marker === 'dg' ? 1 : 0);
}

/** 3.1a the movement type of the face up. */
export const mtOf = (c: GroundCounter, u: UnitState): MoveType => faceOf(c, u).mt;

/**
 * 6.1b, 6.1h the MA for this phase: Reserve 1/4 in its own Movement Phase (5.7), Strat x2 (5.8),
 * DG x1/2 (5.10b), Exploit x1/2 (5.9), a reserve released in the Reaction Phase x1/2 (5.7b B).
 * Never rounded.
 */
export function maOf(
  env: Env,
  c: GroundCounter,
  u: UnitState,
  phase: 'movement' | 'reaction' | 'exploitation',
  released: boolean,
): number {
  const ma = faceOf(c, u).ma;
  switch (u.marker) {
    case 'reserve':
      return phase === 'movement' ? ma * K(env, 'reserveMA') : 0;
    case 'strat':
      return ma * K(env, 'stratMA');
    case 'dg':
      return ma * K(env, 'halfMA');
    case 'exploit':
      return ma * K(env, 'halfMA');
    default:
      return released && phase === 'reaction' ? ma * K(env, 'halfMA') : ma;
  }
}

/** Units of a side on the map. */
export function unitsOf(g: OcsState, env: Env, side: string): string[] {
  const out: string[] = [];
  for (const id in g.units) if (g.units[id]!.hex >= 0 && env.counters.get(id)!.side === side) out.push(id);
  return out;
}

const byHexCache = new WeakMap<OcsState, { version: number; byHex: Map<number, string[]> }>();

/** Units in a hex (indexed once per state and version: every change of a unit's hex bumps the version). */
export function unitsAt(g: OcsState, hex: number): string[] {
  let c = byHexCache.get(g);
  if (!c || c.version !== g.version) {
    const byHex = new Map<number, string[]>();
    for (const id in g.units) {
      const h = g.units[id]!.hex;
      const list = byHex.get(h);
      if (list) list.push(id);
      else byHex.set(h, [id]);
    }
    byHexCache.set(g, (c = { version: g.version, byHex }));
  }
  return [...(c.byHex.get(hex) ?? [])];
}

export const sideOf = (env: Env, id: string): string => counterOf(env, id).side;
export const enemyOf = (env: Env, side: string): string => (env.sides[0] === side ? env.sides[1] : env.sides[0]);
