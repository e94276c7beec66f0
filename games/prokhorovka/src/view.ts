/**
 * What a role sees (3.5(5), 3.6(3), 19.6): the opponent's face-down chits show only their back
 * (none under 19.6), never their id; the opponent's pools only as counts; the public rest of the
 * state with tokens for hidden chit ids (`PublicState`, from which `determinize` rebuilds a state).
 */
import type { Outcome } from '@sandtable/engine';
import type { ChitBack } from './data/types.ts';
import { combatView, type CombatView } from './combat/view.ts';
import {
  ARRIVING,
  AS_CHIT,
  RESERVE,
  copyMoveState,
  type ChitState,
  type Env,
  type PGState,
  type Side,
} from './state.ts';

export interface PGView {
  turn: number;
  side: Side;
  phase: string;
  units: {
    id: string;
    side: Side;
    hex: string | null;
    where: string;
    reduced: boolean;
    designated: boolean;
    chits: ({ id: string; faceUp: boolean } | { back: string | null })[];
  }[];
  /** Own chits off the map by location; the opponent's only as counts. */
  pools: Record<
    Side,
    { reorg: number; arriving: number; support: number; cupTank: number; cupEquip: number; supportCup: number }
  >;
  /** Own chits in the reorganization pool (or drawn at set-up), the support pool, and arriving with reinforcements. */
  mine: { reorg: string[]; support: string[]; arriving: string[] };
  /** Movement bookkeeping and city control (public, 8.0, 3.3). */
  mv: PGState['mv'];
  /** The public rest of the state, hidden chits as tokens (for determinize). */
  pub: PublicState;
  /** The attack phase under way (allocated support hidden until revealed, 9.2(2)). */
  combat: CombatView | null;
  result: Outcome | null;
}

/**
 * A stack's chits as `role` sees them (3.5(5), 19.6): visible ones by id, then the face-down
 * enemy ones by back only (none under 19.6), so that their place in the list gives no hint of
 * which chit they are.
 */
function chitsSeenBy(E: Env, g: PGState, chits: ChitState[], role: string): PGView['units'][number]['chits'] {
  const seen = chits.filter((c) => c.side === role || c.faceUp).map((c) => ({ id: c.id, faceUp: c.faceUp }));
  const backs = chits
    .filter((c) => !(c.side === role || c.faceUp))
    .map((c) => (g.o.hideChitBacks ? null : E.equipById.get(c.id)!.back))
    .sort();
  return [...seen, ...backs.map((back) => ({ back }))];
}

export function makeView(E: Env, g: PGState, role: string): PGView {
  const grid = E.b.grid;
  const under = new Map<string, ChitState[]>(); // chits by unit, in one pass over the chits
  for (const c of g.equip) under.get(c.loc)?.push(c) ?? under.set(c.loc, [c]);
  const units = g.units.map((u) => ({
    id: u.id,
    side: u.side,
    hex: u.hex >= 0 ? grid.label(u.hex) : null,
    where:
      u.hex >= 0
        ? 'map'
        : u.hex === RESERVE
          ? 'reserve'
          : u.hex === ARRIVING
            ? 'arriving'
            : u.hex === AS_CHIT
              ? 'chit'
              : 'eliminated',
    reduced: u.reduced,
    designated: u.designated,
    chits: chitsSeenBy(E, g, under.get(u.id) ?? [], role),
  }));
  const pools: PGView['pools'] = {
    DE: { reorg: 0, arriving: 0, support: 0, cupTank: 0, cupEquip: 0, supportCup: 0 },
    SU: { reorg: 0, arriving: 0, support: 0, cupTank: 0, cupEquip: 0, supportCup: 0 },
  };
  for (const c of g.equip) {
    // one pass over the chits (views are built often: AI, server, tests)
    const p = pools[c.side];
    if (c.loc === 'reorg') p.reorg++;
    else if (c.loc === 'arriving') p.arriving++;
    else if (c.loc === 'cup') {
      if (E.equipById.get(c.id)!.back === 'tank') p.cupTank++;
      else p.cupEquip++;
    }
  }
  for (const c of g.support) {
    if (c.loc === 'pool') pools[c.side].support++;
    else if (c.loc === 'cup') pools[c.side].supportCup++;
  }
  const mine = {
    reorg: g.equip.filter((c) => c.side === role && (c.loc === 'reorg' || c.loc === 'drawn')).map((c) => c.id),
    support: g.support.filter((c) => c.side === role && c.loc === 'pool').map((c) => c.id),
    arriving: g.equip.filter((c) => c.side === role && c.loc === 'arriving').map((c) => c.id),
  };
  return {
    turn: g.turn,
    side: g.side,
    phase: g.phase,
    units,
    pools,
    mine,
    mv: copyMoveState(g.mv),
    pub: publicState(E, g, role),
    combat: combatView(g, role),
    result: g.result,
  };
}

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
  hiddenEquip.forEach((h, k) => {
    token.set(h.c.id, `?E${k}`);
  });
  hiddenSupport.forEach((h, k) => {
    token.set(h.c.id, `?S${k}`);
  });
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
export function mapStrings<T>(x: T, f: (s: string) => string): T {
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
