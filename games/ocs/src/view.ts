/**
 * 4.9 Fog of war: what a side may see of the other. In every enemy hex only the hedgehog and the
 * top unit: the topmost Combat-mode attack-capable unit when the stack has a ZOC, else the topmost
 * combat unit (4.9a; 4.8b C), with whether it is Strat, DG or OOS, but never its step losses or
 * internal stocks; the rest of the stack, enemy dumps and transport inside stacks, units off the
 * map (future reinforcements, boxes, the dead) are hidden. The stack order is the owner's; here
 * the top unit is the first by id among those 4.8b allows on top. Combat and barrage reveal
 * totals in the log (4.9b-c). The observer sees what both sides see.
 */
import type { RngState } from '@sandtable/engine';
import type { Env } from './env.ts';
import type { OcsState, UnitState } from './state.ts';
import { groundOf, hasZoc } from './units.ts';

export interface OcsView extends Omit<OcsState, 'units' | 'dumps'> {
  units: Record<string, UnitState>;
  dumps: Record<string, Record<string, number>>;
  /** Hexes holding enemy units the viewer cannot see all of (4.9a: a stack is never inspected). */
  enemyStacks: number[];
}

/** 4.9a the unit an enemy sees on top of each hex of `side`. */
export function topUnits(env: Env, g: OcsState, side: string): Map<number, string> {
  const byHex = new Map<number, string[]>();
  for (const id of Object.keys(g.units).sort()) {
    const u = g.units[id]!;
    if (u.hex < 0 || env.counters.get(id)!.side !== side || !groundOf(env, id)) continue;
    byHex.set(u.hex, [...(byHex.get(u.hex) ?? []), id]);
  }
  const out = new Map<number, string>();
  for (const [hex, ids] of byHex) {
    const zoc = ids.find((id) => hasZoc(env, groundOf(env, id)!, g.units[id]!)); // 4.8b C
    out.set(hex, zoc ?? ids[0]!);
  }
  return out;
}

/** What `role` may see: its own side whole, the enemy as 4.9a allows. */
export function viewOf(env: Env, g: OcsState, role: string): OcsView {
  const v = structuredClone(g) as unknown as OcsView;
  const hidden = env.sides.includes(role) ? env.sides.filter((s) => s !== role) : [...env.sides];
  const stacks = new Set<number>();
  for (const side of hidden) {
    const tops = topUnits(env, g, side);
    const visible = new Set(tops.values());
    for (const id of Object.keys(v.units)) {
      if (env.counters.get(id)!.side !== side) continue;
      const u = g.units[id]!;
      if (u.hex >= 0) stacks.add(u.hex);
      if (!visible.has(id)) {
        delete v.units[id];
        continue;
      }
      const seen = v.units[id]!;
      delete seen.lost; // 4.9a step losses are not shown
      delete seen.stocks; // nor internal stocks
      delete seen.fuelPhase;
      delete seen.loadT;
    }
    v.dumps[side] = {}; // dumps are inside stacks
  }
  v.enemyStacks = [...stacks].sort((a, b) => a - b);
  return v;
}

/**
 * 4.9 A state consistent with a side's view, for search: the enemy units it cannot see are put off
 * the map in a box of their own ('unseen'), so they neither block nor fight, and enemy dumps are
 * empty. A hex the view marks as an enemy stack with no visible unit (only units that never show
 * on top there) keeps one unseen non-ground unit, so the view of the result is the view given.
 */
export function determinizeView(env: Env, view: OcsView, _role: string, _rng: RngState): OcsState {
  const { enemyStacks, ...rest } = structuredClone(view);
  const g = rest as unknown as OcsState;
  const unseen = [...env.counters.keys()].filter((id) => !(id in g.units)).sort();
  const shown = new Set(Object.values(g.units).map((u) => u.hex));
  const spare = unseen.filter((id) => !groundOf(env, id));
  for (const id of unseen) g.units[id] = { hex: -1, box: 'unseen', face: 'combat' } as UnitState;
  for (const hex of enemyStacks) {
    if (shown.has(hex)) continue;
    const id = spare.shift();
    if (id) g.units[id]!.hex = hex;
  }
  return g;
}
