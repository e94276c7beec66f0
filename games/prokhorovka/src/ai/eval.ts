/**
 * Prokhorovka position evaluation in the game's terms, on the rules' own state (`PGState`) and
 * environment, so that it can be tested on constructed positions.
 *
 * Terms (German margin in VP; positive = good for the German):
 *   - VP now (18.0(1)): VP hexes a German LOC reaches (3.2) and the road-cut bonus (18.0(1)2),
 *     scored as if the game ended now, against the 6 VP the German needs (18.0(2));
 *   - breach cost of every VP hex not held: the fewest obstacles a German LOC must still get
 *     past to reach it (a Soviet unit 3, 2 when reduced; an empty hex in Soviet ZOC 1, 3.1, 3.2(1);
 *     Soviet sources closed, 2.2.1(5)). A hex of cost c is worth exp(-c / (0.7 * turns left)):
 *     with time, a thin line breaks; on the last turn only a hex already reached counts. This is
 *     German progress and Soviet line integrity in one number;
 *   - material: steps (2.11(1): full 2, reduced 1, eliminated 0) weighted by normal fire, and
 *     equipment chits under units or in the reorganization pool (3.5), German minus Soviet, worth
 *     more while turns are left to use them;
 *   - the turn clock: 9 turns (5.0; 10 with 19.1); VP held now are worth less early, when the
 *     Soviet can still cut the LOC again.
 */
import {
  germanVP,
  inEnemyZoc,
  loadProkhorovkaData,
  makeEnv,
  prokhorovka,
  type Env,
  type PGState,
  type Side,
} from '../index.ts';
import { winChanceFromMargin } from '@sandtable/ai';

/** The rules' environment (board, tables, unit data), built once for the AI. */
export const ENV: Env = makeEnv(loadProkhorovkaData());

/** German VP needed to win (18.0(2)). */
export const VP_TO_WIN = ENV.d.tables.game.germanWinsAt;

/** German player-turns left, counting the current one (5.0, 19.1): 0 in the Soviet half of the last turn. */
export function turnsLeft(g: PGState): number {
  if (g.turn < 1) return g.lastTurn;
  return Math.max(0, g.lastTurn - g.turn + (g.side === 'DE' ? 1 : 0));
}

/**
 * How safely a VP hex the German reaches now stays reached (3.2): a German unit on it keeps its
 * own ZOC-free hex (3.2(1)) and bars Soviet entry (3.4); a Soviet unit within reach can cut an
 * unguarded one, above all in the Soviet's half of the last turn (the Soviet moves last, 5.2).
 */
function heldWorth(E: Env, g: PGState, h: number, frac: number): number {
  const grid = E.b.grid;
  let guard = false;
  let threat = 99;
  for (const u of g.units) {
    if (u.hex < 0) continue;
    if (u.side === 'DE') {
      if (u.hex === h) guard = true;
    } else threat = Math.min(threat, grid.distance(u.hex, h));
  }
  const near = threat <= 4 ? 1 : threat <= 7 ? 0.5 : 0;
  return 1 - 0.15 * frac - near * (guard ? 0.05 : 0.2);
}

/**
 * Per hex, the least breach cost of a German LOC from a German source (3.2, A-09): entering a
 * hex with a Soviet unit costs 3 (2 if reduced), an empty hex in Soviet ZOC 1 (3.2(1): a German
 * unit in it cancels that), any other hex 0; Soviet sources are closed (2.2.1(5)). A hex of
 * cost 0 is one a German LOC reaches now. Dial-bucket Dijkstra (costs are small integers).
 */
export function breachField(E: Env, g: PGState): Int32Array {
  const grid = E.b.grid;
  const n = grid.nodeCount;
  const occ = new Int8Array(n); // 0 empty, 1 German, 2 Soviet full, 3 Soviet reduced
  for (const u of g.units) if (u.hex >= 0) occ[u.hex] = u.side === 'DE' ? 1 : u.reduced ? 3 : 2;
  const zoc = inEnemyZoc(E, g, 'DE');
  const enter = (h: number): number => {
    if (E.b.source[h] === 2) return -1;
    // 17.2: a Soviet unit on its own entrenchment defends at TDL +1: one more obstacle.
    const dug = E.b.entrench[h] === 2 ? 1 : 0;
    if (occ[h] === 2) return 3 + dug;
    if (occ[h] === 3) return 2 + dug;
    if (zoc[h] && occ[h] !== 1) return 1;
    return 0;
  };
  const INF = 1 << 20;
  const dist = new Int32Array(n).fill(INF);
  const buckets: number[][] = [[]];
  const push = (h: number, d: number) => {
    if (d >= dist[h]!) return;
    dist[h] = d;
    (buckets[d] ??= []).push(h);
  };
  for (const s of E.b.sources.DE) {
    const c = enter(s);
    if (c >= 0) push(s, c);
  }
  for (let d = 0; d < buckets.length; d++) {
    const b = buckets[d];
    if (!b) continue;
    for (let i = 0; i < b.length; i++) {
      const h = b[i]!;
      if (dist[h] !== d) continue;
      for (const y of grid.neighbours(h)) {
        const c = enter(y);
        if (c >= 0) push(y, d + c);
      }
    }
  }
  return dist;
}

const breachCache = new WeakMap<PGState, { key: string; field: Int32Array }>();

/** `breachField`, remembered per state until a unit moves or flips (the search steps one state in place). */
export function breachCosts(E: Env, g: PGState): Int32Array {
  let reduced = '';
  for (const u of g.units) if (u.reduced) reduced += `${u.id},`;
  const key = `${g.ver}|${reduced}`;
  const c = breachCache.get(g);
  if (c && c.key === key) return c.field;
  const field = breachField(E, g);
  if (E === ENV) breachCache.set(g, { key, field });
  return field;
}

/**
 * 18.0(1): German VP if the game ended now. VP hexes of breach cost 0 are those a German LOC
 * reaches (the same test as 3.2); the road-cut bonus (18.0(1)2) needs the rules' road-only LOC,
 * traced only when a German unit stands next to a Soviet source across a road.
 */
export function vpNow(E: Env, g: PGState, field: Int32Array): { vp: number; bonus: boolean } {
  const reached = E.b.vpHexes.filter((h) => field[h] === 0).length;
  const grid = E.b.grid;
  const candidate =
    g.o.vpRoadCutBonus &&
    g.units.some(
      (u) =>
        u.side === 'DE' &&
        u.hex >= 0 &&
        E.b.sources.SU.some((s) => grid.distance(u.hex, s) === 1 && (grid.hexsideBetween(u.hex, s) & 4) !== 0),
    );
  if (!candidate) return { vp: reached, bonus: false };
  const { vp, bonus } = germanVP(E, g);
  return { vp, bonus };
}

/** Fighting worth of a unit's remaining steps: normal fire of each side still on it (2.11(1)). */
function unitWorth(E: Env, u: PGState['units'][number]): number {
  if (u.hex === -2) return 0; // eliminated
  const d = E.unitById.get(u.id)!;
  return u.reduced ? d.reduced.fire : d.full.fire + d.reduced.fire;
}

/** Material of `side`: unit steps by fire, plus equipment chits it still has in play (3.5). */
export function material(E: Env, g: PGState, side: Side): number {
  let m = 0;
  for (const u of g.units) if (u.side === side) m += unitWorth(E, u);
  for (const c of g.equip) if (c.side === side && c.loc !== 'cup' && c.loc !== 'gone') m += 1.2;
  return m;
}

/** Both sides' material at the set-up, for scale. */
const MATERIAL0: Record<Side, number> = (() => {
  const g = {
    units: ENV.d.units.map((u) => ({ id: u.id, side: u.side, hex: -1, reduced: false, designated: false })),
    equip: [],
  } as unknown as PGState;
  return { DE: material(ENV, g, 'DE'), SU: material(ENV, g, 'SU') };
})();

export interface EvalTerms {
  /** VP if the game ended now (18.0(1)). */
  vp: number;
  /** Expected VP at the end from VP held and the breach costs of the others. */
  expected: number;
  /** Material, German share minus Soviet share of their set-up worth, in VP. */
  material: number;
  /** Breach cost of each VP hex (0 = reached now). */
  costs: number[];
  /** Share of the German player-turns still to come (1 at the start, 0 at the end). */
  frac: number;
}

export function evalTerms(g: PGState, E: Env = ENV): EvalTerms {
  const left = turnsLeft(g);
  const field = breachCosts(E, g);
  const { vp, bonus } = vpNow(E, g, field);
  const costs = E.b.vpHexes.map((h) => Math.min(field[h]!, 99));
  const frac = left / g.lastTurn;
  let expected = bonus ? 1 : 0;
  for (let i = 0; i < costs.length; i++) {
    if (costs[i] === 0) expected += heldWorth(E, g, E.b.vpHexes[i]!, frac);
    else expected += left > 0 ? 0.6 * Math.exp(-costs[i]! / (0.35 * left)) : 0;
  }
  // VP counted now are exact at the end; the breach field can differ (an enemy-source corner, A-09): trust the rules' count.
  const reached = costs.filter((c) => c === 0).length;
  expected += (vp - (bonus ? 1 : 0) - reached) * (1 - 0.15 * frac);
  const de = material(E, g, 'DE') / MATERIAL0.DE;
  const su = material(E, g, 'SU') / MATERIAL0.SU;
  return { vp, expected, material: 3 * (de - su) * (0.3 + 0.7 * frac), costs, frac };
}

/**
 * Expected VP at the set-up: the bar the German must clear early on is set so that the set-up
 * is even; it rises to the real 6 VP (18.0(2)) as the turns run out.
 */
let startExpected: number | null = null;

export function margin(t: EvalTerms): number {
  const even = VP_TO_WIN - 0.5;
  const bar = even + ((startExpected ?? even) - even) * t.frac;
  return t.expected - bar + t.material;
}

/** Sets the even bar from a set-up position (called once below). */
export function calibrate(g: PGState): void {
  startExpected = evalTerms(g).expected;
}

calibrate(prokhorovka.setup('calibrate').game);

/** Logistic scale: a margin of this many VP is worth about 73%; sharper as the end nears (18.0 is counted at the end). */
const scale = (frac: number) => 0.6 + 0.8 * frac;

/** Estimated chance that `role` wins from `g` (18.0). */
export function evaluateProkhorovka(g: PGState, role: string, E: Env = ENV): number {
  if (g.result) return g.result.winner === role ? 1 : g.result.winner === null ? 0.5 : 0;
  const t = evalTerms(g, E);
  const de = winChanceFromMargin(margin(t), scale(t.frac));
  return role === 'DE' ? de : 1 - de;
}
