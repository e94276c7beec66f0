/**
 * Units on the board: who is where, their values (untried ones unknown until revealed, 21.0), zones
 * of control (10.0), stacking (9.0) and command control (7.0).
 */
import { adjacent, distance, type Env } from './board.ts';
import type { Side } from './data/index.ts';
import type { DubnoState } from './state.ts';

export const sideOf = (env: Env, u: string): Side => env.unit[u]!.side;
export const typeOf = (env: Env, u: string) => env.type[env.unit[u]!.type]!;

/** Units of `side` on the map. */
export function onMap(env: Env, g: DubnoState, side?: Side): string[] {
  const out: string[] = [];
  for (const u of env.data.units) if (g.units[u.id]!.status === 'map' && (!side || u.side === side)) out.push(u.id);
  return out;
}

/** Units in a hex. */
export function unitsAt(env: Env, g: DubnoState, hex: string): string[] {
  const out: string[] = [];
  for (const u of env.data.units) if (g.units[u.id]!.hex === hex) out.push(u.id);
  return out;
}

/** Map of hex -> units, for many lookups at once. */
export function occupancy(env: Env, g: DubnoState): Map<string, string[]> {
  const m = new Map<string, string[]>();
  for (const u of env.data.units) {
    const h = g.units[u.id]!.hex;
    if (h) m.set(h, [...(m.get(h) ?? []), u.id]);
  }
  return m;
}

export function enemyIn(env: Env, g: DubnoState, hex: string, side: Side): boolean {
  return unitsAt(env, g, hex).some((u) => sideOf(env, u) !== side);
}

/** 21.1 A unit still untried (values unknown to everybody). */
export const untried = (env: Env, g: DubnoState, u: string): boolean =>
  !!env.unit[u]!.untried && g.units[u]!.revealed === null;

/** Attack strength (2.5); artillery has none printed and attacks with its bombard strength (12.2). Untried: unknown (null). */
export function attackOf(env: Env, g: DubnoState, u: string): number | null {
  const d = env.unit[u]!;
  if (d.type === 'artillery') return d.bombard ?? 0;
  if (d.untried) return g.units[u]!.revealed?.attack ?? null;
  return d.attack ?? 0;
}

export function defenseOf(env: Env, g: DubnoState, u: string): number | null {
  const d = env.unit[u]!;
  if (d.untried) return g.units[u]!.revealed?.defense ?? null;
  return d.defense ?? 0;
}

/** 16.1 Bracketed (AT) attack and defence. */
export function atAttack(env: Env, g: DubnoState, u: string): boolean {
  const d = env.unit[u]!;
  return d.untried ? !!g.units[u]!.revealed?.atAttack : !!d.atAttack;
}
export function atDefense(env: Env, g: DubnoState, u: string): boolean {
  const d = env.unit[u]!;
  return d.untried ? !!g.units[u]!.revealed?.atDefense : !!d.atDefense;
}

/**
 * 10.2, A23: a ground unit with combat strength has a ZOC unless suppressed; HQ and supply units
 * have none. An untried unit is taken to have one (its strength is unknown to both players).
 */
export function hasZoc(env: Env, g: DubnoState, u: string): boolean {
  const s = g.units[u]!;
  if (s.status !== 'map' || s.supp || !typeOf(env, u).zoc) return false;
  const a = attackOf(env, g, u);
  return a === null || a > 0;
}

/** The hexes in the ZOC of `side`'s units (10.1), as a set of labels. */
export function zocOf(env: Env, g: DubnoState, side: Side): Set<string> {
  const out = new Set<string>();
  for (const u of onMap(env, g, side))
    if (hasZoc(env, g, u)) for (const h of adjacent(env, g.units[u]!.hex!)) out.add(h);
  return out;
}

/** 9.2-9.4 Stacking limit per hex. */
export const stackLimit = (env: Env, side: Side): number => env.data.tables.stacking[side];

/** 7.1-7.4, 7.10 Is `u` in command: within the radius of an unsuppressed HQ that may command it. */
export function inCommand(env: Env, g: DubnoState, u: string, ignoreOwnSuppression = false): boolean {
  const s = g.units[u]!;
  if (s.status !== 'map') return false;
  if (s.supp && !ignoreOwnSuppression) return false; // 15.3
  const d = env.unit[u]!;
  if (d.type === 'hq') return true; // 7.10
  return commandingHqs(env, g, u).length > 0;
}

/** The HQs whose radius reaches `u` and that may command it (7.1, 7.2, 7.3); 5.0 event: Soviet radii 2 less. */
export function commandingHqs(env: Env, g: DubnoState, u: string): string[] {
  const d = env.unit[u]!;
  const hex = g.units[u]!.hex;
  if (!hex) return [];
  const out: string[] = [];
  for (const hq of onMap(env, g, d.side)) {
    const h = env.unit[hq]!;
    if (h.type !== 'hq' || g.units[hq]!.supp || !h.commands?.includes(d.formation)) continue;
    if (distance(env, g.units[hq]!.hex!, hex) <= commandRadius(env, g, hq)) out.push(hq);
  }
  return out;
}

export function commandRadius(env: Env, g: DubnoState, hq: string): number {
  const h = env.unit[hq]!;
  const cut = g.event === 'sovietConfusion' && h.side === 'soviet' ? 2 : 0;
  return Math.max(0, (h.radius ?? 0) - cut);
}

/** Display name. */
export const nameOf = (env: Env, u: string): string => env.unit[u]!.name;

/** 22.3 A pontoon bridge of `side` over the hexside between `a` and `b`. */
export function pontoon(env: Env, g: DubnoState, side: Side, a: string, b: string): boolean {
  const key = a < b ? `${a}/${b}` : `${b}/${a}`;
  // 22.3: a bridge lasts only as long as its engineer stays in place.
  return g.pontoons.some(
    (p) => p.between === key && sideOf(env, p.engineer) === side && g.units[p.engineer]?.hex === p.at,
  );
}

/**
 * 23.6 Line of communication: a path from `from` to any of `to` that enters no prohibited terrain,
 * no enemy-occupied hex, and no enemy ZOC hex unless a friendly unit occupies it. (A36: the tracing
 * function only; this scenario's VP do not use it.)
 */
export function hasLoc(env: Env, g: DubnoState, side: Side, from: string, to: readonly string[]): boolean {
  const occ = occupancy(env, g);
  const zoc = zocOf(env, g, side === 'german' ? 'soviet' : 'german');
  const goals = new Set(to);
  const open = (h: string) => {
    const here = occ.get(h) ?? [];
    if (here.some((u) => sideOf(env, u) !== side)) return false;
    return !zoc.has(h) || here.length > 0;
  };
  const seen = new Set([from]);
  const queue = [from];
  while (queue.length) {
    const h = queue.shift()!;
    if (goals.has(h)) return true;
    for (const n of adjacent(env, h)) {
      if (seen.has(n) || !open(n)) continue;
      seen.add(n);
      queue.push(n);
    }
  }
  return false;
}
