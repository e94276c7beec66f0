/**
 * Views and hidden information. The one secret is the mined ford (4.3): South sees it, North and
 * the observer see only that a ford is mined, until the mine goes off (5.5). `determinize` is the
 * inverse for search: from what a role sees, a full state with the secret drawn at random.
 */
import { randomIndex, type Role, type RngState } from '@sandtable/engine';
import { FORDS, type FordId } from './data/index.ts';
import type { BridgeState } from './state.ts';

export interface BridgeView extends Omit<BridgeState, 'mine'> {
  /** The mined ford, or "hidden" when this role may not know it (null before South chooses). */
  mine: { ford: FordId | 'hidden' | null; exploded: boolean };
}

/** What `role` sees: everything but the mined ford, unless it is South's or has gone off. */
export function viewOf(g: BridgeState, role: Role): BridgeView {
  const v = structuredClone(g);
  const secret = v.mine.ford !== null && !v.mine.exploded && role !== 'south';
  return { ...v, mine: { ford: secret ? 'hidden' : v.mine.ford, exploded: v.mine.exploded } };
}

/** A full state consistent with `view`: a hidden mine is placed at one of the fords, drawn from `rng`. */
export function determinize(view: BridgeView, _role: Role, rng: RngState): BridgeState {
  const g = structuredClone(view);
  const ford = g.mine.ford === 'hidden' ? FORDS[randomIndex(rng, FORDS.length)]! : g.mine.ford;
  return { ...g, mine: { ford, exploded: g.mine.exploded } };
}
