/**
 * The property test's engine (used by the `random-games.<k>.test.ts` shards, which each play a
 * quarter of the seeded games so that the test workers share them): seeded random games to the end
 * with every invariant checked after every action.
 */
import { expect } from 'vitest';
import type { EngineState } from '@sandtable/engine';
import { checkRandomGames, type RandomGamesSpec } from '@sandtable/engine/testing/random-games';
import { loadProkhorovkaData, prokhorovka, type PGAction, type PGState } from '../index.ts';
import type { PGView } from '../view.ts';
import { ARRIVING, DETACHED, detachmentChitOf, detachmentUnitId, locReach, makeEnv } from '../state.ts';

/** How many seeded games the property test plays in all (`PK_GAMES` runs fewer). */
export const N_GAMES = Number(process.env.PK_GAMES ?? 1000);
export const INVARIANTS =
  'one stack per hex, chit conservation, LOC = a fresh computation, no move through enemy ZOC, no hidden chit in the opponent view or in legal actions';

const E = makeEnv(loadProkhorovkaData());
type S = EngineState<PGState>;
const g = (s: S) => s.game;

const SIDES = ['DE', 'SU'] as const;

/** Neighbour table for the fresh LOC computation (-1 off the map). */
const NB = (() => {
  const grid = E.b.grid;
  const t = new Int32Array(grid.nodeCount * 6).fill(-1);
  for (let h = 0; h < grid.nodeCount; h++)
    grid.neighbours(h).forEach((x, k) => {
      t[h * 6 + k] = x;
    });
  return t;
})();

const SCRATCH = {
  own: new Uint8Array(NB.length / 6),
  enemy: new Uint8Array(NB.length / 6),
  zoc: new Uint8Array(NB.length / 6),
  queue: new Int32Array(NB.length / 6),
};

/** 3.2 computed afresh (no cache, no shared code): BFS from own sources through hexes a LOC may enter. */
function freshLoc(st: PGState, side: 'DE' | 'SU'): Uint8Array {
  const n = E.b.grid.nodeCount;
  const { own, enemy, zoc, queue } = SCRATCH;
  own.fill(0);
  enemy.fill(0);
  zoc.fill(0);
  for (const u of st.units) if (u.hex >= 0) (u.side === side ? own : enemy)[u.hex] = 1;
  for (let h = 0; h < n; h++) if (enemy[h]) for (let k = h * 6; k < h * 6 + 6; k++) if (NB[k]! >= 0) zoc[NB[k]!] = 1; // 3.1
  const mine = side === 'DE' ? 1 : 2;
  const enters = (h: number) =>
    !enemy[h] && (E.b.source[h] === 0 || E.b.source[h] === mine) && (!zoc[h] || own[h] === 1 || E.b.source[h] === mine); // 3.2(1), 2.2.1(5), A-09
  const out = new Uint8Array(n);
  let len = 0;
  for (let h = 0; h < n; h++)
    if (E.b.source[h] === mine && enters(h)) {
      out[h] = 1;
      queue[len++] = h;
    }
  while (len) {
    const h = queue[--len]!;
    for (let k = h * 6; k < h * 6 + 6; k++) {
      const x = NB[k]!;
      if (x >= 0 && !out[x] && enters(x)) {
        out[x] = 1;
        queue[len++] = x;
      }
    }
  }
  return out;
}

/** Fails the test with `msg` (plain checks: an expect() per item would dominate the run time). */
function fail(msg: string): never {
  return expect.fail(`${msg} (${where})`);
}
let where = '';
const sameField = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((x, k) => x === b[k]);
const OFF_UNIT = new Set(['cup', 'reorg', 'drawn', 'pool', 'gone', 'arriving']);
/** The units of a game in state order (the data's, then one per detachment chit, 签一览 detachment). */
const UNIT_IDS = prokhorovka.setup('ids').game.units.map((u) => u.id);
const UNIT_INDEX = new Map(UNIT_IDS.map((id, k) => [id, k]));

/** What the previous check saw: the version, on-map positions and chit locations; the chits each role cannot see. */
interface Seen {
  ver: number;
  hexes: Int32Array;
  locs: string[];
  faces: Uint8Array;
  checkedVer: number;
  hidden: Record<'DE' | 'SU', Set<string>>;
  pending: Record<'DE' | 'SU', boolean>;
}
const N_CHITS = E.d.equipment.length + E.d.support.length;
const newSeen = (): Seen => ({
  ver: -1,
  hexes: new Int32Array(UNIT_IDS.length).fill(-9),
  locs: [],
  faces: new Uint8Array(N_CHITS).fill(2),
  checkedVer: -1,
  hidden: { DE: new Set(), SU: new Set() },
  pending: { DE: false, SU: false },
});
const EQUIP_INDEX = new Map(E.d.equipment.map((c, k) => [c.id, k]));

/**
 * Where the game reads LOC (3.2): the reorganization phase (5.1(7), A-26) and victory (18.0). The
 * cache is compared with a fresh computation there, and at every 8th version elsewhere (a spot
 * check of the cache key at arbitrary positions); "units moved without g.ver++" is checked always.
 */
const locCheckDue = (st: PGState) =>
  st.result !== null || st.stack[st.stack.length - 1]?.kind === 'reorganization' || st.ver % 8 === 0;

/** Every invariant after one action; `prev` carries what the last check saw. */
function checkInvariants(s: S, a: { type: string }, prev: Seen, answered = ''): void {
  const st = g(s);
  // 3.4(1), A-08: one combat unit per hex; 2.2.1(5): never in an enemy source
  const occ = new Int8Array(E.b.grid.nodeCount);
  let moved = false;
  st.units.forEach((u, k) => {
    const h = Math.max(u.hex, -1); // on-map positions only: ZOC and LOC ignore the off-map boxes
    if (prev.hexes[k] !== h) moved = true;
    prev.hexes[k] = h;
    if (h < 0) return;
    const det = detachmentChitOf(u.id);
    if (det && st.equip[EQUIP_INDEX.get(det)!]!.loc !== DETACHED)
      fail(`${u.id} on the map but its chit is not detached`);
    if (occ[h]) fail(`two units in ${E.b.grid.label(h)}`);
    occ[h] = 1;
    if (E.b.source[h] === (u.side === 'DE' ? 2 : 1)) fail(`${u.id} in an enemy source`);
  });
  // the cache key: positions never change without a version bump (CachedField keyed by g.ver)
  if (moved && st.ver === prev.ver) fail(`units moved without g.ver++ after ${a.type}`);
  // chit conservation: every chit once; equipment under a unit only with a unit on the map (3.5(2)), within its equipment value (3.4(2))
  if (st.units.length !== UNIT_IDS.length) fail('units added or lost');
  if (!(st.equip.length === E.d.equipment.length && st.equip.every((c, k) => c.id === E.d.equipment[k]!.id)))
    fail('equipment chits lost, doubled or renamed');
  if (!(st.support.length === E.d.support.length && st.support.every((c, k) => c.id === E.d.support[k]!.id)))
    fail('support chits lost, doubled or renamed');
  const under = new Int8Array(st.units.length);
  const changed = { DE: a.type === 'setup', SU: a.type === 'setup' }; // whose face-down chits moved or turned face-down
  let anyChange = a.type === 'setup';
  st.equip.forEach((c, k) => {
    const face = c.faceUp ? 1 : 0;
    if (prev.locs[k] !== c.loc || prev.faces[k] !== face) {
      anyChange = true;
      if (!c.faceUp) changed[c.side] = true;
    }
    prev.locs[k] = c.loc;
    prev.faces[k] = face;
    if (OFF_UNIT.has(c.loc)) return;
    if (c.loc === DETACHED) {
      // 签一览 detachment: a split-off detachment is face-up and its unit is on the map
      const u = st.units[UNIT_INDEX.get(detachmentUnitId(c.id))!]!;
      if (!c.faceUp || u.hex < 0) fail(`detachment chit ${c.id} detached but its unit is not on the map`);
      return;
    }
    const ui = UNIT_INDEX.get(c.loc);
    const u = ui === undefined ? undefined : st.units[ui];
    if (!u || u.side !== c.side || (u.hex < 0 && u.hex !== ARRIVING)) fail(`chit ${c.id} under ${c.loc}`); // on the map, or entering
    under[ui!]! += 1;
    if (under[ui!]! > E.unitById.get(c.loc)!.full.equip) fail(`${c.loc} carries too many chits`);
  });
  st.support.forEach((c, k) => {
    const face = c.faceUp ? 1 : 0;
    const j = st.equip.length + k;
    if (prev.locs[j] !== c.loc || prev.faces[j] !== face) {
      anyChange = true;
      if (!c.faceUp) changed[c.side] = true;
    }
    prev.locs[j] = c.loc;
    prev.faces[j] = face;
  });
  if (anyChange)
    for (const role of SIDES)
      prev.hidden[role] = new Set(
        [...st.equip, ...st.support].filter((c) => c.side !== role && !c.faceUp).map((c) => c.id),
      );
  // 3.2: the cached LOC equals a fresh computation (where the game reads it, see locCheckDue)
  if (st.ver !== prev.checkedVer && locCheckDue(st)) {
    for (const side of SIDES)
      if (!sameField(locReach(E, st, side), freshLoc(st, side))) fail(`LOC of ${side} after ${a.type}`);
    prev.checkedVer = st.ver;
  }
  // 8.2(2), 8.3(1): a move never passes through an enemy ZOC hex (only its last hex may be one); strategic moves stay on roads outside ZOC
  if (a.type === 'moveTo') checkMove(st);
  // 3.5(5), 3.6(3), 19.6: no face-down chit of a side is named in the other side's view. Checked when a chit of that side
  // has moved while face-down or turned face-down (a face-up chit is public; a reveal names only the revealed chit), at the
  // end of each run of one decision (a player placing, allocating or returning chits one by one is checked once, after
  // the last: every run's code paths are met across the games), and at the end of the game.
  for (const side of SIDES) if (changed[side]) prev.pending[side] = true;
  const d = prokhorovka.decision(s);
  const flush = !d || `${d.role}|${d.kind}` !== answered;
  for (const side of SIDES) {
    if (flush && prev.pending[side]) {
      prev.pending[side] = false;
      const viewer = side === 'DE' ? 'SU' : 'DE';
      const leak = namedHidden(prokhorovka.rules.view(st, viewer), prev.hidden[viewer]);
      if (leak) fail(`${leak} visible to the opponent`);
    }
  }
  prev.ver = st.ver;
}

/**
 * The first chit of `hidden` that the view names, or null: every string and key of the view (its
 * options aside) is looked up whole, and one that may embed a chit id (a prompt, a log line) is searched
 * with the id pattern ("det-SU-E52" is the public id of a split-off detachment's unit, not a chit).
 */
function namedHidden(view: PGView, hidden: Set<string>): string | null {
  const { pub, ...rest } = view;
  const { o: _options, ...pubRest } = pub; // the options name no chits
  let found: string | null = null;
  const walk = (x: unknown): void => {
    if (found) return;
    if (typeof x === 'string') {
      if (hidden.has(x)) found = x;
      else if (x.length > 7 && MAY_NAME.test(x)) for (const m of x.match(CHIT_ID) ?? []) if (hidden.has(m)) found = m;
    } else if (Array.isArray(x)) for (const y of x) walk(y);
    else if (x && typeof x === 'object')
      for (const k in x) {
        walk(k);
        walk((x as Record<string, unknown>)[k]);
      } // keys too
  };
  walk(rest);
  walk(pubRest);
  return found;
}
const MAY_NAME = /(DE|SU)-[ES]\d/;
const CHIT_ID = /(?<![\w-])(DE|SU)-[ES]\d+/g;

function checkMove(st: PGState): void {
  const path = st.mv.lastPath.map((l) => E.b.grid.hex(l));
  const mover = st.units.find((u) => u.hex === path[path.length - 1])!;
  const enemyAt = new Set(st.units.filter((u) => u.side !== mover.side && u.hex >= 0).map((u) => u.hex));
  const inZoc = (h: number) =>
    E.b.source[h] !== (mover.side === 'DE' ? 1 : 2) && E.b.grid.neighbours(h).some((x) => enemyAt.has(x));
  for (const h of path.slice(1, -1)) if (inZoc(h)) fail(`${mover.id} passed the enemy ZOC at ${E.b.grid.label(h)}`);
  for (let k = 0; k + 1 < path.length; k++)
    if (E.b.grid.distance(path[k]!, path[k + 1]!) !== 1) fail('a move skips a hex');
  if (st.mv.strategic.includes(mover.id) && st.mv.moved[st.mv.moved.length - 1] === mover.id) {
    for (const h of path) if (inZoc(h)) fail(`${mover.id} moved strategically into enemy ZOC`);
    for (let k = 0; k + 1 < path.length; k++)
      if ((E.b.grid.hexsideBetween(path[k]!, path[k + 1]!) & 4) === 0)
        fail(`${mover.id} left the road in a strategic move`);
  }
}

/** 3.5(5), 3.6(3): a role's legal actions (which its view carries) name no chit it cannot see (`hidden`: kept by checkInvariants). */
function checkActions(hidden: Set<string>, role: string, kind: string, legal: object[]): void {
  if (hidden.size === 0) return;
  for (const a of legal)
    for (const k in a) {
      const v = (a as Record<string, unknown>)[k];
      if (typeof v === 'string' && hidden.has(v))
        fail(`a legal action of ${role} at ${kind} names the hidden chit ${v}`);
    }
}

/** The property test's games, for the shared harness (fast-check shrinks a failing game to a short action sequence). */
const spec: RandomGamesSpec<PGState, PGAction> = {
  game: prokhorovka,
  seeds: (k) => ({ game: `seed${k}`, chooser: `chooser:c${k}` }),
  maxSteps: 20_000,
  watch: (k) => {
    const prev = newSeen();
    return {
      offered: (_s, role, kind, legal) => checkActions(prev.hidden[role as 'DE' | 'SU'], role, kind, legal),
      afterAction: (s, step) => {
        if (!step) return checkInvariants(s, { type: 'setup' }, prev);
        where = `game ${k}, step ${step.index}: ${step.role} ${JSON.stringify(step.action)}`;
        checkInvariants(s, step.action, prev, `${step.role}|${step.kind}`);
      },
    };
  },
};

/** Plays the seeded games `from`..`to`-1 to the end, checking the invariants after every action; returns the number of actions. */
export function playRandomGames(from: number, to: number): number {
  return checkRandomGames(spec, from, to).steps;
}

/** The games of shard `k` (0-based) of `of`: the test files split them so the test workers share them evenly. */
export function shardOf(k: number, of: number): { from: number; to: number } {
  const per = Math.ceil(N_GAMES / of);
  return { from: Math.min(N_GAMES, k * per), to: Math.min(N_GAMES, (k + 1) * per) };
}
