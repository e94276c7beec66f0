/**
 * Third Reich AI hooks: the evaluation of third-reich-eval.ts, action priors and a rollout
 * policy in the game's terms (spend SV on group actions before events, attack where the odds are
 * good, move toward the enemy's sources, mobilize near the front, keep Ambush cards for the
 * counterattack windows, never cancel or withdraw for nothing, and for the Allies never enter a
 * neutral, 3.1.3(1)), and the impulse in words.
 *
 * Hands are hidden (2.3.2(4)): the searcher works from a role's view, and the rules' own
 * `determinize` draws the opponent's hand and deck from the cards not seen.
 */
import { weightedIndex, type Game, type Role, type RngState } from '@sandtable/engine';
import {
  sourceCount,
  ctrlSide,
  friendlyUnit,
  mayAttackIn,
  thirdReich,
  unitsIn,
  type Side,
  type TRAction,
  type TRState,
  type TRView,
} from '../index.ts';
import { type AiHooks, type SearchStats, LoopGuard, hashJson } from '@sandtable/ai';
import { BOARD as B, HOPS, cardWorth, evaluateThirdReich, forces, threatAt, type Forces } from './eval.ts';

const isSide = (r: Role): r is Side => r === 'axis' || r === 'allies';
const enemyOf = (s: Side): Side => (s === 'axis' ? 'allies' : 'axis');
const area = (id: string) => B.areaIndex.get(id) ?? -1;
const counter = (u: number) => B.counters[B.unitKind[u]!]!;

export function evaluateTR(g: TRState, role: Role): number {
  if (g.outcome) return g.outcome.winner === role ? 1 : g.outcome.winner === null ? 0.5 : 0;
  if (!isSide(role)) return 0.5;
  const staller = stalled(g);
  if (staller) return staller === role ? 0 : 1;
  return evaluateThirdReich(g, role);
}

// ---- no progress: back at the position the search started from -----------------------------------

/** Cancelling a group or an air operation before declaring (7.0, 6.2) returns to the same decision: see `LoopGuard`. */
const CYCLES = new Set(['impulse', 'sv', 'choose', 'group', 'card']);

/** A hash of everything public that a decision depends on (the opponent's cards by count only). */
export function positionKey(g: TRState): number {
  return hashJson([
    g.turn,
    g.active,
    g.passes,
    g.stack,
    g.op,
    g.act,
    g.combat,
    g.loc,
    g.used,
    g.ctrl,
    g.natBel,
    g.natSide,
    g.bank,
    g.entry,
    g.hand.axis.length,
    g.hand.allies.length,
    g.discard.axis.length,
    g.discard.allies.length,
    g.deck.axis.length,
    g.deck.allies.length,
  ]);
}

const guard = new LoopGuard<TRState, Side>({
  key: positionKey,
  atCycle: (g) => CYCLES.has(g.stack.at(-1)?.kind ?? ''),
  turn: (g) => g.turn,
});
/** The search (or the greedy player) starts from `g`, drawn from a real position where `role` decides. */
export const markRoot = (g: TRState, role: Side): void => guard.markRoot(g, role);
/** The side that came back to a position already met without progress (once back, the line stays lost). */
export const stalled = (g: TRState): Side | null => guard.stalled(g);

// ---- what the priors read once per decision ------------------------------------------------------

interface Scene {
  side: Side;
  f: Forces;
  /** Hops from each area to the nearest land source area the enemy controls (Berlin counts double for the Allies). */
  toTarget: readonly number[];
  /** Per area: what `side` stands to lose there in the enemy's next impulse (its threatened sources and capitals, #20). */
  guard: number[];
}

function scene(g: TRState, side: Side): Scene {
  const enemy = enemyOf(side);
  const targets: number[] = [];
  for (let a = 0; a < B.areaIds.length; a++)
    if (B.source[a] && !B.isSea[a] && ctrlSide(B, g, a) === enemy) targets.push(a);
  if (side === 'allies' && ctrlSide(B, g, B.sp.berlin) === 'axis') targets.push(B.sp.berlin);
  const f = forces(B, g);
  const axisSources = side === 'axis' ? sourceCount(B, g, 'axis') : 0;
  const guard = B.areaIds.map((_, a) => threatAt(B, g, side, f, a, axisSources));
  return { side, f, toTarget: hopsTo(targets), guard };
}

/** Hops from each area to the nearest of `targets`, kept by target list (sources change hands rarely; rollouts ask at every step). */
const hopsCache = new Map<string, number[]>();
function hopsTo(targets: readonly number[]): number[] {
  const key = targets.join(',');
  let out = hopsCache.get(key);
  if (!out) {
    out = B.areaIds.map((_, a) => Math.min(99, ...targets.map((t) => HOPS[a]![t]!)));
    if (hopsCache.size > 256) hopsCache.clear();
    hopsCache.set(key, out);
  }
  return out;
}

/** Enemy belligerent units in an area (the defenders of an attack there, 11.1(2)). */
function enemyIn(g: TRState, a: number, side: Side): number[] {
  return unitsIn(g, a).filter((u) => !friendlyUnit(g, B, u, side) && g.natBel[B.unitNation[u]!]!);
}

/** Expected hits of a group (11.1(1): a die at or under the value hits), air units by air strength in air attacks (9.2(3)). */
export function expectedHits(units: readonly number[], air: boolean): number {
  let e = 0;
  for (const u of units) {
    const c = counter(u);
    e += Math.min(6, air || B.unitClass[u] === 'air' ? (c.air ?? 0) : c.attack) / 6;
  }
  return e;
}

/** Damage points that make a defender leave the area (11.3, 11.4): flip+retreat or retreat, or the pool for air units. */
function pointsToDislodge(g: TRState, u: number): number {
  const d = counter(u).durability;
  return g.used[u] ? d : 2 * d;
}

/** Chance that `units` score at least `need` hits (one die each, 11.1). */
export function chanceOfHits(units: readonly number[], air: boolean, need: number): number {
  let dist = [1];
  for (const u of units) {
    const c = counter(u);
    const p = Math.min(6, air || B.unitClass[u] === 'air' ? (c.air ?? 0) : c.attack) / 6;
    const next = new Array<number>(dist.length + 1).fill(0);
    dist.forEach((q, k) => {
      next[k]! += q * (1 - p);
      next[k + 1]! += q * p;
    });
    dist = next;
  }
  return dist.slice(Math.max(0, need)).reduce((s, q) => s + q, 0);
}

/** Odds of driving at least one defender out of `target` with `units`. */
export function attackOdds(
  g: TRState,
  units: readonly number[],
  target: number,
  side: Side,
  air: boolean,
): { odds: number; need: number } {
  const defenders = enemyIn(g, target, side);
  if (!defenders.length) return { odds: 0, need: 0 };
  const need = Math.min(...defenders.map((u) => pointsToDislodge(g, u)));
  return { odds: chanceOfHits(units, air, need), need };
}

/** How much an attack by `units` on `target` promises: expected hits against the points that drive every defender out, and the odds for the weakest. */
function attackWorth(g: TRState, units: readonly number[], target: number, side: Side, air: boolean): number {
  const defenders = enemyIn(g, target, side);
  if (!defenders.length) return 0.1;
  const total = defenders.reduce((sum, u) => sum + pointsToDislodge(g, u), 0);
  return 0.2 + 3 * Math.min(1, expectedHits(units, air) / total) + attackOdds(g, units, target, side, air).odds;
}

/** The unused belligerent units of `side` in `a` that may attack there: the biggest group an attack can have (7.1, 9.1.1). */
function attackers(g: TRState, a: number, side: Side): number[] {
  return unitsIn(g, a).filter(
    (u) => !g.used[u] && g.natBel[B.unitNation[u]!] && friendlyUnit(g, B, u, side) && mayAttackIn(B, g, u, a, side),
  );
}

/** An enemy-controlled land area with enemy units in it where `side` has units too: the fight for it goes on. */
function contested(g: TRState, sc: Scene, a: number): boolean {
  return !B.isSea[a] && ctrlSide(B, g, a) === enemyOf(sc.side) && enemyIn(g, a, sc.side).length > 0;
}

/**
 * What an attack by `units` in area `a` is worth: `attackWorth`, more in the enemy's source areas
 * (3.2, 14.0) and their land, almost nothing where the dice cannot move a single defender
 * (11.4: fewer points than a unit's durability do nothing; a spent SV and flipped units, 9.1(5)).
 */
function attackValue(g: TRState, sc: Scene, units: readonly number[], a: number): number {
  if (!units.length) return 0;
  const { odds } = attackOdds(g, units, a, sc.side, false);
  const defenders = enemyIn(g, a, sc.side);
  const total = defenders.reduce((sum, u) => sum + pointsToDislodge(g, u), 0);
  const share = total ? expectedHits(units, false) / total : 1;
  if (odds < 0.15 && share < 0.3) return 0.1;
  const enemyLand = !B.isSea[a] && ctrlSide(B, g, a) === enemyOf(sc.side);
  const weight = enemyLand ? (B.source[a] || (sc.side === 'allies' && a === B.sp.berlin) ? 1.6 : 1.2) : 1;
  return weight * attackWorth(g, units, a, sc.side, false);
}

/** What forming a group in `a` to move is worth: land units free to go (one stays, 8.1(4)), toward the nearest enemy source; none out of a fight in the enemy's area. */
function moveValue(g: TRState, sc: Scene, a: number): number {
  if (contested(g, sc, a)) return 0.3;
  let land = 0;
  for (const u of unitsIn(g, a)) if (!g.used[u] && B.unitClass[u] === 'land' && friendlyUnit(g, B, u, sc.side)) land++;
  if (land === 0) return 0.3;
  // A threatened own source or capital next door needs a garrison (3.2, 14.1(2), 14.2(1)); units
  // the enemy in and around their area outweighs are destroyed next impulse unless they leave (11.3-11.5).
  let guard = 0;
  for (const y of B.adj[a]!) guard = Math.max(guard, sc.guard[y]!);
  const own = sc.f[sc.side][a]!;
  let foes = sc.f[enemyOf(sc.side)][a]!;
  for (const y of B.adj[a]!) if (!B.isSea[y]) foes += sc.f[enemyOf(sc.side)][y]!;
  if (foes > own && sc.guard[a]! === 0) guard += (foes - own) / (foes + own);
  if (sc.toTarget[a] === 0) return 0.3 + 2 * guard;
  return 0.4 + 0.15 * Math.min(land, 6) + 2.5 / sc.toTarget[a]! + 2 * guard;
}

const EVENT_WEIGHT: Record<string, number> = {
  blitzkrieg: 1.6,
  diplomacy: 2,
  development: 1.6,
  lendLease: 1.6,
  vichyFrance: 2,
  wolfpack: 1.3,
  supply: 0.8,
  landing: 1,
  seaLion: 1,
  strategicBombing: 1,
  seaTransport: 0.7,
  longRangeBombing: 0.9,
  strategicMovement: 1.1,
};

/**
 * Whether units of `side` entering area `a` would violate a neutral (3.1.3(1)): the neutral joins
 * the other camp. For the Allies that is never worth it within 12 turns: every neutral that joins
 * the Axis adds land areas and sources toward 14.2(1) (the USSR alone holds 7 sources). The
 * Polish units' own moves in Brest and Galicia are free (15.4(3)).
 */
export function violatesNeutral(g: TRState, side: Side, a: number, units: readonly number[] = []): boolean {
  if (side !== 'allies' || a < 0) return false;
  const n = g.ctrl[a]!;
  if (n < 0 || g.natBel[n]) return false;
  const po = B.nationIndex.get('PO');
  return !(B.sp.polishSpecial.includes(a) && units.length > 0 && units.every((u) => B.unitNation[u] === po));
}

/** How much a move toward area `a` serves `side`: into enemy land, onto their sources, closer to them. */
function placeWorth(g: TRState, sc: Scene, a: number): number {
  let w = 1 + 2 / (1 + sc.toTarget[a]!) + 3 * sc.guard[a]!;
  if (!B.isSea[a] && ctrlSide(B, g, a) === enemyOf(sc.side)) w += B.source[a] ? 3 : 1.2;
  return w;
}

/** Weight of one action for `side` (higher = tried first, played more often in rollouts). */
export function actionWeight(g: TRState, sc: Scene, a: TRAction): number {
  const side = sc.side;
  const act = g.act;
  switch (a.type) {
    case 'pick':
      return 0.5 + cardWorth(B, a.card);
    case 'play':
      return 1 + cardWorth(B, a.card);
    case 'useBank':
      return 4;
    case 'air':
      return 0.8;
    case 'pass':
      return 0.15;
    case 'sv':
      return 3;
    case 'event':
      return EVENT_WEIGHT[B.cardById.get(g.op?.card ?? '')?.effect.kind ?? ''] ?? 0.7;
    case 'endCard':
      return g.op && (!g.op.svDone || !g.op.eventDone) ? 0.15 : 1;
    case 'endSv':
      return (g.op?.svLeft ?? 0) > 0 ? 0.1 : 1;
    case 'mobilize':
    case 'freeMobilize': {
      const c = B.counters[B.counterIndex.get(a.counter)!]!;
      if (side === 'allies' && ['NF', 'CV', 'CVE'].includes(c.type)) return 0.4; // the Allies' fleets are enough for sea control; ground wins 14.0
      const cost = B.data.unitTypes.find((t) => t.id === c.type)!.cost;
      return (
        0.6 + (Math.max(c.attack, c.air ?? 0) * c.durability) / (4 * cost) + 1.5 / (1 + sc.toTarget[area(a.area)]!)
      );
    }
    case 'form': {
      const x = area(a.area);
      const top = g.stack.at(-1);
      const attackMode = top?.kind === 'sv' || (top?.kind === 'choose' && top.mode === 'blitz');
      const attack = attackMode && enemyIn(g, x, side).length ? attackValue(g, sc, attackers(g, x, side), x) : 0; // 9.1: a group attacks in its own area
      return Math.max(attack, moveValue(g, sc, x));
    }
    case 'add': {
      // Bigger groups: more dice in an attack (11.1), so every unit that may attack joins one; stronger stacks after a move, one unit staying behind (8.1(4)).
      if (!act) return 0.001;
      if (enemyIn(g, act.area, side).length && mayAttackIn(B, g, a.unit, act.area, side)) return 5;
      const free = unitsIn(g, act.area).filter(
        (u) => !act.units.includes(u) && !g.used[u] && friendlyUnit(g, B, u, side),
      ).length;
      return free > 1 ? 2.4 : 0.6;
    }
    case 'declare': {
      if (!act) return 1;
      if (a.action === 'attack') return (a.twice ? 1.5 : 1) * attackValue(g, sc, act.units, g.loc[act.units[0]!]!);
      if (a.action === 'move') {
        if (act.units.every((u) => B.unitClass[u] === 'naval' || B.unitClass[u] === 'sub')) return 0.25; // fleets keep the sea lanes where they are
        if (contested(g, sc, act.area)) return 0.3; // leaving a fight in an enemy area gives it up
        return 0.6 + 0.3 * Math.min(act.units.length, 6);
      }
      if (a.action === 'airAttack') return 1.6;
      if (a.action === 'drop' || a.action === 'bomb') return 1.8;
      return 0.3; // airMove
    }
    case 'cancel':
      return 0.03;
    case 'done':
      return 0.5;
    case 'to':
      return violatesNeutral(g, side, area(a.area), act?.units) ? 0.002 : placeWorth(g, sc, area(a.area));
    case 'stop': {
      const last = act?.path.at(-1);
      return last === undefined ? 0.8 : 0.4 + 0.6 * placeWorth(g, sc, last);
    }
    case 'target': {
      const x = area(a.area);
      if (violatesNeutral(g, side, x, act?.units)) return 0.002; // AMB-8: an air attack on a neutral area violates it too
      if (act?.type === 'airAttack') return 0.3 + attackWorth(g, act.units, x, side, true) + (B.source[x] ? 0.5 : 0);
      return placeWorth(g, sc, x);
    }
    case 'ambush':
    case 'jet':
      return 2;
    case 'noCounter':
      return 0.6;
    case 'join':
      return 1.5;
    case 'fire':
      return 1;
    case 'hit': {
      const c = g.combat;
      if (!c) return 1;
      const i = c.targets.indexOf(a.unit);
      if (c.side === side) return 1 + 2 * (c.assigned[i] ?? 0) + (g.used[a.unit] ? 1 : 0); // hitting the enemy: concentrate
      return 1 / (1 + (c.assigned[i] ?? 0)); // own losses: spread them
    }
    case 'retreat':
      return a.to === 'pool'
        ? 0.1
        : violatesNeutral(g, side, area(a.to), [a.unit])
          ? 0.02
          : ctrlSide(B, g, area(a.to)) === side
            ? 1.5
            : 0.8;
    case 'sink':
      return 1;
    case 'diplo':
      return a.nation === 'US' || a.nation === 'SU' ? 3 : 1.5;
    case 'devCard':
      return 1.5 + cardWorth(B, a.card);
    case 'devUnit':
      return 1.5;
    case 'endEvent':
      return 0.3;
    case 'recover':
      return 2;
    case 'endRecovery':
      return 0.1;
    case 'withdraw':
      return 0.05;
    case 'endWithdrawal':
      return 3;
    case 'reassign':
      return 0.3;
    case 'endReassign':
      return 1;
    case 'discard':
      return Math.max(0.2, 5 - cardWorth(B, a.card));
    default:
      return 1;
  }
}

/**
 * The weights of `actions` for `role`. (A step that would leave a group able only to cancel is
 * never offered by the rules, 7.2, so no look-ahead for dead ends is needed here.)
 */
export function weights(g: TRState, role: Role, actions: readonly TRAction[]): number[] {
  if (!isSide(role) || actions.length < 2) return actions.map(() => 1);
  const sc = scene(g, role);
  return actions.map((a) => actionWeight(g, sc, a));
}

/** A rollout's step, drawn by the weights. */
export function rolloutPick(g: TRState, role: Role, actions: readonly TRAction[], rng: RngState): number {
  return weightedIndex(rng, weights(g, role, actions));
}

// ---- summaries ------------------------------------------------------------------------------------

const areaName = (a: number) => B.data.areas[a]?.id.replace(/_/g, ' ').replace(/\b\w/g, (m) => m.toUpperCase()) ?? '?';
const pct = (x: number) => `${Math.round(100 * x)}%`;

function unitsWords(units: readonly number[]): string {
  const n = new Map<string, number>();
  for (const u of units) n.set(counter(u).id, (n.get(counter(u).id) ?? 0) + 1);
  return [...n].map(([id, k]) => `${k} ${id}`).join(', ') || 'no units';
}

/** An air move's path with every return to an area cut out (8.2(3)): Ruhr - Hamburg - Ruhr - Berlin is Ruhr - Berlin. */
export function loopErased(path: readonly number[]): number[] {
  const out: number[] = [];
  for (const a of path) {
    const i = out.indexOf(a);
    if (i >= 0) out.length = i + 1;
    else out.push(a);
  }
  return out;
}

/**
 * The impulse in words: the card and its SV, each group action (where from, with what, the
 * odds of driving a defender out), mobilizations and events; then the chance to win.
 */
export function summarizeTR(g: TRState, role: Role, actions: readonly TRAction[], stats: SearchStats): string {
  const said: string[] = [];
  let group: { from: number; units: number[]; type: string; path: number[] } | null = null;
  const mobilized: string[] = [];
  const counts = new Map<string, number>();
  const count = (what: string) => counts.set(what, (counts.get(what) ?? 0) + 1);
  let played: string | null = null;
  const side = isSide(role) ? role : 'axis';
  const flush = () => {
    if (!group?.type) {
      group = null;
      return;
    }
    const from = areaName(group.from);
    const what = unitsWords(group.units);
    if (group.type === 'attack') {
      const o = attackOdds(g, group.units, group.from, side, false);
      said.push(`attacks in ${from} with ${what}${o.need ? `, odds of driving a defender out ${pct(o.odds)}` : ''}`);
    } else if (group.type === 'airAttack' && group.path.length) {
      const t = group.path.at(-1)!;
      const o = attackOdds(g, group.units, t, side, true);
      said.push(
        `air-attacks ${areaName(t)} from ${from} with ${what}${o.need ? `, odds of driving a defender out ${pct(o.odds)}` : ''}`,
      );
    } else if (group.path.length)
      said.push(
        `${group.type === 'airMove' ? 'air-moves' : 'moves'} ${what} ${(group.type === 'airMove'
          ? loopErased
          : (p: number[]) => p)([group.from, ...group.path])
          .map(areaName)
          .join(' - ')}`,
      );
    group = null;
  };
  for (const a of actions) {
    switch (a.type) {
      case 'play': {
        const c = B.cardById.get(a.card)!;
        played = c.name;
        said.push(`plays ${c.name} (SV ${c.sv})`);
        break;
      }
      case 'pass':
        said.push('passes');
        break;
      case 'air':
        said.push('takes an air operation');
        break;
      case 'event':
        said.push(`uses the event of ${played ?? B.cardById.get(g.op?.card ?? '')?.name ?? 'the card'}`);
        break;
      case 'diplo':
        said.push(`Diplomacy on ${a.nation}`);
        break;
      case 'form':
        flush();
        group = { from: area(a.area), units: [], type: '', path: [] };
        break;
      case 'add':
        group?.units.push(a.unit);
        break;
      case 'declare':
        if (group) group.type = a.action;
        if (a.action === 'attack') flush();
        break;
      case 'to':
        group?.path.push(area(a.area));
        break;
      case 'stop':
        flush();
        break;
      case 'target':
        group?.path.push(area(a.area));
        flush();
        break;
      case 'mobilize':
      case 'freeMobilize':
        mobilized.push(`${a.counter} in ${areaName(area(a.area))}`);
        break;
      case 'ambush':
        said.push(`counterattacks with ${B.cardById.get(a.card)?.name ?? 'Ambush'}`);
        break;
      // Hidden choices are counted, never named (5.0(1), 16.1.1, 16.1.2).
      case 'pick':
        count('chooses {n} card(s) for its hand');
        break;
      case 'discard':
        count('discards {n} card(s)');
        break;
      case 'devCard':
        count('develops {n} card(s)');
        break;
      case 'devUnit':
        said.push(`develops ${a.counter}`);
        break;
      case 'recover':
        count('recovers {n} unit(s)');
        break;
      case 'withdraw':
        count('withdraws {n} unit(s) to the pool');
        break;
      case 'retreat':
        count(a.to === 'pool' ? 'loses {n} unit(s) instead of retreating' : 'retreats {n} unit(s)');
        break;
      case 'hit':
        count('allocates {n} damage point(s)');
        break;
      case 'noCounter':
        count('lets the action pass without a counterattack');
        break;
      default:
        break;
    }
  }
  flush();
  if (mobilized.length) said.push(`mobilizes ${mobilized.join(', ')}`);
  for (const [what, n] of counts) said.push(what.replace('{n}', String(n)));
  if (!said.length) said.push(actions.some((a) => a.type === 'endCard') ? 'finishes its card' : 'goes on');
  // A streak that ended on forced steps carries no visits: the evaluation of the start says it instead.
  const chance = stats.visits > 0 ? stats.winChance : evaluateTR(g, role);
  return `${role} ${said.join('; ')} (chance to win the game ${pct(chance)})`;
}

/** The hooks, over the rules' own `determinize` (hands and decks drawn from the cards not seen). */
export function thirdReichHooks(
  game: Game<TRState, TRAction, TRView> = thirdReich,
): AiHooks<TRState, TRAction, TRView> {
  const fill = game.rules.determinize!;
  return {
    evaluate: evaluateTR,
    priors: weights,
    determinize(view, role, rng) {
      const g = fill(view, role, rng);
      if (isSide(role)) markRoot(g, role);
      return g;
    },
    rollout: (g, role, actions, rng) => {
      stalled(g); // remembered for the evaluation at the end of the rollout
      return rolloutPick(g, role, actions, rng);
    },
    rolloutDepth: 12,
    summarize: summarizeTR,
  };
}
