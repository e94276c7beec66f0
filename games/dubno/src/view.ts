/**
 * Views and hidden information.
 * - 21.0 Untried values: an untried unit's values do not exist in the state until it is revealed
 *   (they are drawn from its type's pool at that moment, effects.ts), so no view, log or server can
 *   know them: hidden from both players, as the rule asks.
 * - 19.0 Fog of war: a player sees only the top unit of each enemy stack and how many lie under it,
 *   except the stacks in a combat at that instant (combat log lines name them). The observer sees
 *   what both players see: the top unit of every stack.
 * `determinize` is the inverse for search: the units under enemy stacks are dealt out at random
 * among the stacks' hidden places.
 */
import { randomIndex, type Role, type RngState } from '@sandtable/engine';
import type { Env } from './board.ts';
import type { Side } from './data/index.ts';
import type { DubnoState, UnitState } from './state.ts';

export interface DubnoView extends DubnoState {
  /** 19.0 Per hex, how many units under the top counter this role may not see. */
  hidden: Record<string, number>;
}

/** 19.0 The top unit of a stack (the first listed in units.json). */
export function topOf(env: Env, g: DubnoState, hex: string): string | undefined {
  return env.data.units.find((u) => g.units[u.id]!.hex === hex)?.id;
}

/** Whether `role` may see the units of `side` under the top of their stacks. */
const seesUnder = (role: Role, side: Side) => role === side;

export function viewOf(env: Env, g: DubnoState, role: Role): DubnoView {
  const v = structuredClone(g) as DubnoView;
  v.hidden = {};
  const tops = new Map<string, string>();
  for (const u of env.data.units) {
    const s = g.units[u.id]!;
    if (s.status !== 'map' || seesUnder(role, u.side)) continue;
    const top = tops.get(s.hex!) ?? topOf(env, g, s.hex!)!;
    tops.set(s.hex!, top);
    if (top === u.id) continue;
    v.hidden[s.hex!] = (v.hidden[s.hex!] ?? 0) + 1;
    v.units[u.id] = hiddenUnit(s);
  }
  return v;
}

/** A unit under an enemy stack: on the map, somewhere under a top counter. */
function hiddenUnit(s: UnitState): UnitState {
  return { ...s, hex: null, supp: false };
}

/**
 * A full state consistent with `view`: the hidden units are dealt to the hidden places at random,
 * each only under a top counter listed before it (19.0: the top is the first listed, so a unit
 * dealt under a later-listed top would become the top and change the view). The units are dealt
 * in list order: each one's places include every place open to those before it, so a place is
 * always left.
 */
export function determinize(env: Env, view: DubnoView, _role: Role, rng: RngState): DubnoState {
  const { hidden, ...rest } = structuredClone(view);
  const g = rest as DubnoState;
  const order = new Map(env.data.units.map((u, i) => [u.id, i]));
  const topIndex = new Map<string, number>();
  for (const u of env.data.units) {
    const hex = g.units[u.id]!.hex;
    if (g.units[u.id]!.status === 'map' && hex !== null && !topIndex.has(hex)) topIndex.set(hex, order.get(u.id)!);
  }
  const slots = Object.entries(hidden).flatMap(([hex, n]) => Array.from({ length: n }, () => hex));
  const units = env.data.units.filter((u) => g.units[u.id]!.status === 'map' && g.units[u.id]!.hex === null);
  for (const u of units) {
    const mine = order.get(u.id)!;
    const open = slots.flatMap((hex, k) => ((topIndex.get(hex) ?? -1) < mine ? [k] : []));
    const k = open.length ? open[randomIndex(rng, open.length)]! : randomIndex(rng, slots.length);
    g.units[u.id]!.hex = slots.splice(k, 1)[0]!;
  }
  return g;
}
