/**
 * Search from a view (AI): `determinize` rebuilds a full state consistent with a role's view,
 * from the public part of the state that the view carries (`PublicState`, view.ts). Hidden chits (the
 * opponent's face-down equipment and support, 3.5(5), 3.6(3)) appear in a view only as slots: a
 * location (a unit, a cup, a pool) and, where the rules let the opponent see it, the back (Tank
 * or Equip; never under 19.6), each with a token instead of the chit's id. Determinizing deals
 * the opponent's unseen chits into those slots at random, respecting the backs, and puts the
 * dealt ids wherever the tokens appear (the decision stack, the attack phase under way).
 */
import { randomIndex, type RngState } from '@sandtable/engine';
import type { ChitBack } from './data/types.ts';
import {
  ARRIVING,
  AS_CHIT,
  ELIMINATED,
  RESERVE,
  copyMoveState,
  type ChitState,
  type Env,
  type PGState,
  type Side,
} from './state.ts';
import { mapStrings, type ChitSlot, type PGView } from './view.ts';

/** A full state consistent with `role`'s view: the opponent's unseen chits dealt at random into their slots. */
export function determinize(E: Env, v: PGView, _role: string, rng: RngState): PGState {
  const p = v.pub;
  const grid = E.b.grid;
  const dealt = new Map<string, string>();
  const equip = deal(
    p.equip,
    E.d.equipment.map((c) => ({ id: c.id, side: c.side, back: c.back })),
    rng,
    dealt,
  );
  const support = deal(
    p.support,
    E.d.support.map((c) => ({ id: c.id, side: c.side, back: null })),
    rng,
    dealt,
  );
  const untoken = <T>(x: T): T => mapStrings(x, (v) => dealt.get(v) ?? v);
  const where: Record<string, number> = { reserve: RESERVE, arriving: ARRIVING, eliminated: ELIMINATED, chit: AS_CHIT };
  const g: PGState = {
    o: structuredClone(p.o),
    turn: v.turn,
    lastTurn: p.lastTurn,
    side: v.side,
    phase: v.phase,
    units: v.units.map((u) => ({
      id: u.id,
      side: u.side,
      hex: u.hex !== null ? grid.hex(u.hex) : where[u.where]!,
      reduced: u.reduced,
      designated: u.designated,
    })),
    equip,
    support,
    ver: p.ver,
    germanReinfDone: p.germanReinfDone,
    mv: copyMoveState(v.mv),
    stack: untoken(p.stack),
    result: v.result ? { ...v.result } : null,
  };
  if (p.combat != null) (g as { combat?: unknown }).combat = untoken(p.combat);
  return g;
}

/**
 * Deals the chits of `all` not named by a visible slot into the hidden slots: slots whose back is
 * known take a chit of that back first, then the rest take what remains. Records token -> id.
 */
function deal(
  slots: ChitSlot[],
  all: { id: string; side: Side; back: ChitBack | null }[],
  rng: RngState,
  dealt: Map<string, string>,
): ChitState[] {
  const byId = new Map<string, ChitState>();
  for (const s of slots)
    if ('id' in s)
      byId.set(s.id, { id: s.id, side: all.find((c) => c.id === s.id)!.side, loc: s.loc, faceUp: s.faceUp });
  for (const side of ['DE', 'SU'] as Side[]) {
    const pool = all.filter((c) => c.side === side && !byId.has(c.id));
    shuffle(pool, rng);
    const hidden = slots.filter((s): s is Extract<ChitSlot, { token: string }> => 'token' in s && s.side === side);
    const place = (s: (typeof hidden)[number], k: number) => {
      const c = pool.splice(k, 1)[0]!;
      byId.set(c.id, { id: c.id, side, loc: s.loc, faceUp: false });
      dealt.set(s.token, c.id);
    };
    for (const s of hidden.filter((x) => x.back !== null))
      place(
        s,
        Math.max(
          0,
          pool.findIndex((c) => c.back === s.back),
        ),
      );
    for (const s of hidden.filter((x) => x.back === null)) place(s, 0);
  }
  return all.map((c) => byId.get(c.id)!);
}

function shuffle<T>(a: T[], rng: RngState): void {
  for (let i = a.length - 1; i > 0; i--) {
    const j = randomIndex(rng, i + 1);
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
}
