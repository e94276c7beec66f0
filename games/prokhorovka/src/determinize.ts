/**
 * Search from a view (AI): the public part of the state that a view carries (`PublicState`) and
 * `determinize`, which rebuilds a full state consistent with a role's view. Hidden chits (the
 * opponent's face-down equipment and support, 3.5(5), 3.6(3)) appear in a view only as slots: a
 * location (a unit, a cup, a pool) and, where the rules let the opponent see it, the back (Tank
 * or Equip; never under 19.6), each with a token instead of the chit's id. Determinizing deals
 * the opponent's unseen chits into those slots at random, respecting the backs, and puts the
 * dealt ids wherever the tokens appear (the decision stack, the attack phase under way).
 */
import { randomIndex, type RngState } from '@sandtable/engine';
import type { ChitBack } from './data/types.ts';
import { copyMoveState } from './movement.ts';
import type { PGView } from './rules.ts';
import { ARRIVING, AS_CHIT, ELIMINATED, RESERVE, type ChitState, type Env, type PGState, type Side } from './state.ts';

/** A chit as `role` knows it: its id when visible (own, or face-up), else a token. */
export type ChitSlot =
  | { id: string; loc: string; faceUp: boolean }
  | { token: string; side: Side; loc: string; back: ChitBack | null };

export interface PublicState {
  o: PGState['o'];
  lastTurn: number;
  ver: number;
  germanReinfDone: boolean;
  /** The decision stack (tokens for hidden chit ids). */
  stack: PGState['stack'];
  equip: ChitSlot[];
  support: ChitSlot[];
  /** The attack phase under way (tokens for hidden chit ids), or null. */
  combat: unknown;
}

/** Cups are separate per back, so a chit in a cup shows it (3.5(1), 4.0(4)); on the map the back shows unless 19.6. */
function visibleBack(E: Env, g: PGState, c: ChitState): ChitBack | null {
  const back = E.equipById.get(c.id)!.back;
  if (c.loc === 'cup') return back;
  if (g.o.hideChitBacks) return null; // 19.6
  return E.unitById.has(c.loc) ? back : null;
}

/**
 * The public part of `g` for `role`. Hidden slots are listed in a fixed order (side, location,
 * back) so that neither their order nor their tokens tell which chit lies where.
 */
export function publicState(E: Env, g: PGState, role: string): PublicState {
  const seen = (c: ChitState) => c.side === role || c.faceUp;
  const hide = (c: ChitState, back: ChitBack | null) => ({
    c,
    side: c.side,
    loc: c.loc,
    back,
    key: `${c.side}|${c.loc}|${back}`,
  });
  const hiddenEquip = g.equip.filter((c) => !seen(c)).map((c) => hide(c, visibleBack(E, g, c)));
  const hiddenSupport = g.support.filter((c) => !seen(c)).map((c) => hide(c, null));
  // Chits alike in side, location and back are told apart only by where the public state names
  // them (the decision stack, the attack phase): order them by first mention, never by id.
  const mention = firstMentions([g.stack, (g as { combat?: unknown }).combat ?? null]);
  const rank = (h: { c: ChitState }) => mention.get(h.c.id) ?? Number.MAX_SAFE_INTEGER;
  const order = (a: { key: string; c: ChitState }, b: { key: string; c: ChitState }) =>
    a.key < b.key ? -1 : a.key > b.key ? 1 : rank(a) - rank(b);
  hiddenEquip.sort(order);
  hiddenSupport.sort(order);
  const token = new Map<string, string>();
  hiddenEquip.forEach((h, k) => token.set(h.c.id, `?E${k}`));
  hiddenSupport.forEach((h, k) => token.set(h.c.id, `?S${k}`));
  const redact = <T>(x: T): T => (token.size === 0 ? structuredCopy(x) : mapStrings(x, (v) => token.get(v) ?? v));
  const slots = (cs: ChitState[], hidden: typeof hiddenEquip): ChitSlot[] => [
    ...cs.filter(seen).map((c) => ({ id: c.id, loc: c.loc, faceUp: c.faceUp })),
    ...hidden.map((h) => ({ token: token.get(h.c.id)!, side: h.side, loc: h.loc, back: h.back })),
  ];
  return {
    o: { ...g.o, redChits: [...g.o.redChits] },
    lastTurn: g.lastTurn,
    ver: g.ver,
    germanReinfDone: g.germanReinfDone,
    stack: redact(g.stack),
    equip: slots(g.equip, hiddenEquip),
    support: slots(g.support, hiddenSupport),
    combat: redact((g as { combat?: unknown }).combat ?? null),
  };
}

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

/** Each string's index of first appearance in `x`, walking objects by sorted key (as canonical JSON does). */
function firstMentions(x: unknown, out = new Map<string, number>()): Map<string, number> {
  if (typeof x === 'string') {
    if (!out.has(x)) out.set(x, out.size);
  } else if (Array.isArray(x)) for (const y of x) firstMentions(y, out);
  else if (x && typeof x === 'object')
    for (const k of Object.keys(x).sort()) firstMentions((x as Record<string, unknown>)[k], out);
  return out;
}

/** A deep copy of plain JSON data with every string passed through `f`. */
function mapStrings<T>(x: T, f: (s: string) => string): T {
  if (typeof x === 'string') return f(x) as T;
  if (Array.isArray(x)) return x.map((y) => mapStrings(y, f)) as T;
  if (x && typeof x === 'object') {
    const out: Record<string, unknown> = {};
    for (const [k, v] of Object.entries(x)) out[k] = mapStrings(v, f);
    return out as T;
  }
  return x;
}
const structuredCopy = <T>(x: T): T => mapStrings(x, (s) => s);

function shuffle<T>(a: T[], rng: RngState): void {
  for (let i = a.length - 1; i > 0; i--) {
    const j = randomIndex(rng, i + 1);
    [a[i], a[j]] = [a[j]!, a[i]!];
  }
}
