/**
 * Third Reich position evaluation in the game's terms, on the rules' own state (`TRState`) and
 * compiled board, so that it can be tested on constructed positions.
 *
 * Terms (Axis margin, in "source" units; positive = good for the Axis):
 *   - sources (3.2) against the victory thresholds: the Allies win at the end of any turn when the
 *     Axis holds 1 source or fewer (14.1(2)), the Axis when its strategic count (Moscow and London
 *     double) reaches 10 (14.1(1));
 *   - the clock (14.2): after turn 12 the Axis wins if any one of Berlin, 4+ sources or 10+ land
 *     areas holds, so the Allies must break all three. The term is a soft maximum of the three
 *     margins (the one the Axis holds best decides), weighted more as the turns run out;
 *   - capitals held (Berlin, Paris, London, Moscow, Rome, Warsaw);
 *   - material: the share of the belligerent units on the map by attack x durability (bounded,
 *     worth less as the turns run out: a means, not a victory condition), used (back side up)
 *     units a little less (2.1.1(2));
 *   - fronts: in each of the other camp's source areas, the expected hits of the units standing
 *     in it against the points that drive every defender out (a group attacks in its own area,
 *     9.1), plus a little for the units next to it;
 *   - cards in hand by SV (6.1.1) and Ambush cards kept for counterattacks (10.0), nothing once
 *     the turn has ended on two passes (the hand is recycled, 5.0(4)④);
 *   - threats (#20): a source or capital next to enemy units is at risk in the enemy's next
 *     impulse, more the less of its own camp's strength holds it (a group moves in and attacks in
 *     its own area, 8.1, 9.1): worth a source, Berlin the 14.2(1)① victory, the last Axis sources
 *     the game (14.1(2)), an Allied capital its nation;
 *   - exposed units: a unit standing where the enemy in and around its area outweighs it is
 *     likely destroyed next impulse (11.3-11.5): part of its worth is at risk.
 *
 * The evaluation reads the position as it will be once the step in progress settles: a move
 * enters its areas when it stops (neutrals entered join the other camp, 3.1.3(1)), and control
 * changes at the end of the impulse (3.4(4)).
 */
import {
  axisVictoryAreas,
  compileBoard,
  ctrlSide,
  sourceCount,
  thirdReichData,
  updateControl,
  type Board,
  type Side,
  type TRState,
} from '../index.ts';
import { winChanceFromMargin } from '@sandtable/ai';

export const BOARD: Board = compileBoard(thirdReichData());
export const LAST_TURN = 12; // 5.0, 14.2

/** Hop distances between areas over land and sea borders (point contacts excluded, 2.2.1(6)). */
export const HOPS: number[][] = BOARD.areaIds.map((_, from) => {
  const d = BOARD.areaIds.map(() => 99);
  d[from] = 0;
  const queue = [from];
  for (let i = 0; i < queue.length; i++) {
    const x = queue[i]!;
    for (const y of BOARD.adj[x]!)
      if (d[y] === 99) {
        d[y] = d[x]! + 1;
        queue.push(y);
      }
  }
  return d;
});

const CAPITALS = ['berlin', 'paris', 'london', 'moscow', 'rome', 'warsaw'].map((id) => BOARD.areaIndex.get(id)!);

const otherSide = (s: Side): Side => (s === 'axis' ? 'allies' : 'axis');

/** Fighting worth of unit u (attack x durability; air units by air strength), used ones 85%. */
export function unitWorth(b: Board, g: TRState, u: number): number {
  const c = b.counters[b.unitKind[u]!]!;
  const hit = b.unitClass[u] === 'air' ? Math.max(c.attack, c.air ?? 0) : c.attack;
  return Math.max(1, hit) * c.durability * (g.used[u] ? 0.85 : 1); // used units recover at the end of the turn (13.0)
}

/** Per-area fighting worth of each camp's belligerent units (land and air units on land, ships at sea). */
export interface Forces {
  axis: number[];
  allies: number[];
}

export function forces(b: Board, g: TRState): Forces {
  const f: Forces = { axis: b.areaIds.map(() => 0), allies: b.areaIds.map(() => 0) };
  for (let u = 0; u < g.loc.length; u++) {
    const a = g.loc[u]!;
    if (a < 0) continue;
    const n = b.unitNation[u]!;
    if (!g.natBel[n]) continue;
    f[g.natSide[n]!][a]! += unitWorth(b, g, u);
  }
  return f;
}

/**
 * Pressure of `side` on the enemy's source areas. A group attacks only in its own area (9.1), so
 * the units standing in the area are the ones that can take it: their expected hits (11.1: a die
 * at or under the value; used units count half, they attack only after recovering, 13.0) against
 * the damage points that drive every defender out (11.3, 11.4: an unused unit flips, then
 * retreats), over two turns of attacks. Units next to it add a little (they can move in). Capped per area, but the cap on
 * the units inside is not reached by the units next door: massing in the area always counts.
 */
export function frontPressure(b: Board, g: TRState, side: Side, f: Forces = forces(b, g)): number {
  const enemy = otherSide(side);
  const hits = b.areaIds.map(() => 0);
  const need = b.areaIds.map(() => 0);
  for (let u = 0; u < g.loc.length; u++) {
    const a = g.loc[u]!;
    if (a < 0 || b.isSea[a] || !g.natBel[b.unitNation[u]!]) continue;
    const c = b.counters[b.unitKind[u]!]!;
    if (g.natSide[b.unitNation[u]!] === side)
      hits[a]! += (Math.min(6, b.unitClass[u] === 'air' ? (c.air ?? c.attack) : c.attack) / 6) * (g.used[u] ? 0.5 : 1);
    else need[a]! += g.used[u] ? c.durability : 2 * c.durability;
  }
  let p = 0;
  for (let a = 0; a < b.areaIds.length; a++) {
    if (!b.source[a] || b.isSea[a] || ctrlSide(b, g, a) !== enemy) continue;
    let near = 0;
    for (const y of b.adj[a]!) if (!b.isSea[y] && ctrlSide(b, g, y) === side) near += f[side][y]!;
    if (hits[a] === 0 && near === 0) continue;
    const weight = a === b.sp.berlin ? 1.5 : 1;
    const inside = Math.min(1.5, (2 * hits[a]!) / Math.max(1, need[a]!)); // two turns of attacks
    const next = Math.min(1, near / (2 * (f[enemy][a]! + 8)));
    p += weight * (1.2 * inside + 0.3 * next);
  }
  return p;
}

/** Worth of a card in hand: its SV (6.1.1), an Ambush a little more (kept for a counterattack, 10.0). */
export function cardWorth(b: Board, id: string): number {
  const c = b.cardById.get(id);
  if (!c) return 0;
  return c.sv + (c.effect.kind === 'ambush' ? 0.5 : 0) + (c.effect.kind === 'blitzkrieg' ? 0.5 : 0);
}

/**
 * The Axis margin on the 14.2(1) conditions at the end of turn 12: Berlin, 4+ sources, 10+ land
 * areas. Any one suffices, so the margin is a soft maximum of the three (positive: the Axis
 * would win if the game ended now; the Allies gain most by breaking the condition the Axis holds best).
 */
export function endMargin(berlinAxis: boolean, sources: number, areas: number): number {
  const m = [berlinAxis ? 1.5 : -1.5, sources - 3.5, 0.4 * (areas - 9.5)];
  const T = 0.4;
  const top = Math.max(...m);
  return top + T * Math.log(m.reduce((sum, x) => sum + Math.exp((x - top) / T), 0));
}

/** How much the 14.2 check weighs now: little at the start, most on the last turns (5.0: 12 turns). */
export function clockWeight(turn: number): number {
  const progress = Math.min(1, Math.max(0, (turn - 1) / (LAST_TURN - 1)));
  return 4 * progress * progress;
}

/**
 * Material is a means, not a victory condition (14.0): the share of the fighting worth on the map,
 * bounded, and worth less as the clock runs out. (A plain difference let an Allied side that
 * mobilized 600 points of units believe it was winning on turn 12 with Berlin still German.)
 */
export function materialTerm(axis: number, allies: number, turn: number): number {
  const progress = Math.min(1, Math.max(0, (turn - 1) / (LAST_TURN - 1)));
  return 3.5 * ((axis - allies) / (axis + allies + 50)) * (1 - 0.5 * progress);
}

/** Chance that an area held by `own` worth falls to `foes` worth in and next to it: ~1 when empty. */
export function fallRisk(own: number, foes: number): number {
  if (foes <= 0) return 0;
  const held = 1.5 * own + 1;
  return (foes * foes) / (foes * foes + held * held);
}

/** Enemy worth in area `a` and in the land areas next to it. */
function foesAround(b: Board, f: Forces, side: Side, a: number): number {
  const enemy = otherSide(side);
  let n = f[enemy][a]!;
  for (const y of b.adj[a]!) if (!b.isSea[y]) n += f[enemy][y]!;
  return n;
}

/**
 * What `side` stands to lose in area `a` in the enemy's next impulse, if `a` is one of its
 * sources or capitals next to enemy units: the fall risk times the area's worth.
 */
export function threatAt(b: Board, g: TRState, side: Side, f: Forces, a: number, axisSources: number): number {
  const capital = CAPITALS.includes(a);
  if (b.isSea[a] || (!b.source[a] && !capital) || ctrlSide(b, g, a) !== side) return 0;
  const risk = fallRisk(f[side][a]!, foesAround(b, f, side, a));
  if (risk === 0) return 0;
  const progress = Math.min(1, Math.max(0, (g.turn - 1) / (LAST_TURN - 1)));
  let worth: number;
  if (side === 'axis') {
    worth = (b.source[a] ? 1 : 0) + (capital ? 0.6 : 0);
    if (a === b.sp.berlin) worth += 2 + 4 * progress; // 14.2(1)①
    if (b.source[a] && axisSources <= 2) worth += 2; // 14.1(2): at 1 source the Allies win
  } else worth = (b.source[a] ? 0.4 : 0) + (capital ? 1.5 : 0);
  return risk * worth;
}

/** What `side` stands to lose in the enemy's next impulse: its sources and capitals next to enemy units. */
export function threatened(b: Board, g: TRState, side: Side, f: Forces = forces(b, g)): number {
  const axisSources = side === 'axis' ? sourceCount(b, g, 'axis') : 0;
  let loss = 0;
  for (let a = 0; a < b.areaIds.length; a++) loss += threatAt(b, g, side, f, a, axisSources);
  return loss;
}

/** Worth of `side`'s units standing where the enemy in and around their area outweighs them (11.3-11.5). */
export function exposedWorth(b: Board, g: TRState, side: Side, f: Forces = forces(b, g)): number {
  let loss = 0;
  for (let a = 0; a < b.areaIds.length; a++) {
    const own = f[side][a]!;
    if (own === 0 || b.isSea[a]) continue;
    const foes = foesAround(b, f, side, a);
    if (foes <= own) continue;
    loss += own * ((foes - own) / (foes + own));
  }
  return loss;
}

export interface EvalTerms {
  sources: number;
  strategic: number;
  berlin: number;
  /** 14.2(1), weighted by the clock. */
  end: number;
  areas: number;
  capitals: number;
  material: number;
  fronts: number;
  cards: number;
  threats: number;
  exposed: number;
}

/** The terms of the Axis margin (positive = good for the Axis). */
export function evalTerms(g: TRState, b: Board = BOARD): EvalTerms {
  const ax = sourceCount(b, g, 'axis');
  const al = sourceCount(b, g, 'allies');
  const strat = sourceCount(b, g, 'axis', true);
  const progress = Math.min(1, Math.max(0, (g.turn - 1) / (LAST_TURN - 1)));
  const f = forces(b, g);
  let axisMat = 0;
  let alliedMat = 0;
  for (let a = 0; a < b.areaIds.length; a++) {
    axisMat += f.axis[a]!;
    alliedMat += f.allies[a]!;
  }
  let capitals = 0;
  for (const c of CAPITALS) capitals += ctrlSide(b, g, c) === 'axis' ? 1 : ctrlSide(b, g, c) === 'allies' ? -1 : 0;
  // 5.0(3), 5.0(4)④: once two passes end the turn, the unplayed hand goes back into the deck:
  // a card is worth its SV only while an impulse of this turn can still play it.
  const turnOver = g.passes >= 2;
  const hand = (s: Side) => (turnOver ? 0 : g.hand[s].reduce((sum, id) => sum + cardWorth(b, id), 0));
  const areas = axisVictoryAreas(b, g); // 14.2(1)③
  return {
    // 14.1(2): at 1 source or fewer the Allies win; each Axis source above that is a cushion.
    // Allied sources are not a victory condition, only cards (5.0(1)).
    sources: Math.min(ax, 6) - 1.5 + (ax <= 1 ? -4 : 0) - 0.15 * al,
    // 14.1(1): the Axis nears its strategic victory.
    strategic: 0.5 * Math.max(0, strat - 5) + (strat >= 9 ? 1.5 : 0),
    // Berlin: a capital and a source worth more than its count (the 14.2 weight is in `end`).
    berlin: ctrlSide(b, g, b.sp.berlin) === 'axis' ? 1 + 2 * progress : -2 - progress,
    // 14.2(1): Berlin, 4+ sources or 10+ land areas keep the Axis victory at the end of turn 12.
    end: clockWeight(g.turn) * endMargin(ctrlSide(b, g, b.sp.berlin) === 'axis', ax, areas),
    // Land areas also feed recovery (13.0(1)); a little worth at any time.
    areas: 0.05 * (Math.min(areas, 16) - 9),
    capitals: 0.3 * capitals,
    material: materialTerm(axisMat, alliedMat, g.turn),
    fronts: 0.45 * (frontPressure(b, g, 'axis', f) - frontPressure(b, g, 'allies', f)),
    cards: 0.12 * (hand('axis') - hand('allies')) + 0.1 * (g.bank.axis - g.bank.allies),
    threats: 0.5 * (threatened(b, g, 'allies', f) - threatened(b, g, 'axis', f)),
    exposed: 0.06 * (exposedWorth(b, g, 'allies', f) - exposedWorth(b, g, 'axis', f)),
  };
}

export function margin(t: EvalTerms): number {
  return (
    t.sources +
    t.strategic +
    t.berlin +
    t.end +
    t.areas +
    t.capitals +
    t.material +
    t.fronts +
    t.cards +
    t.threats +
    t.exposed
  );
}

/** Margin at which the Axis is as likely to win as not (the set-up margin is about 0). */
const EVEN = 0;

/**
 * Neutral nations a move in progress will bring into the war when it stops: a group enters every
 * area of its path at the end of the move (8.1, 3.1.3(1)), and a neutral whose area is entered
 * joins the mover's enemy (the Polish units' own moves in Brest and Galicia excepted, 15.4(3)).
 */
export function pendingViolations(b: Board, g: TRState): number[] {
  const act = g.act;
  if (!act || act.path.length < 2 || (act.type !== 'move' && act.type !== 'airMove')) return [];
  const po = b.nationIndex.get('PO');
  const polish = act.units.length > 0 && act.units.every((u) => b.unitNation[u] === po);
  const out: number[] = [];
  for (const a of act.path.slice(1)) {
    const n = g.ctrl[a]!;
    if (n < 0 || g.natBel[n] || out.includes(n) || (polish && b.sp.polishSpecial.includes(a))) continue;
    out.push(n);
  }
  return out;
}

/** The position as it will be once the move in progress stops: the neutrals it enters at war on the other side (3.1.3(1)). */
export function afterPendingMove(b: Board, g: TRState): TRState {
  const joining = pendingViolations(b, g);
  if (!joining.length) return g;
  const natBel = [...g.natBel];
  const natSide = [...g.natSide];
  for (const n of joining) {
    natBel[n] = true;
    natSide[n] = otherSide(g.act!.side);
  }
  return { ...g, natBel, natSide };
}

/**
 * Control as it will be at the end of the impulse (3.4(4)(6)): an area whose controller has no
 * control unit left while the opponent has one passes to the opponent. A search that drives the
 * last defender out of Berlin sees Berlin taken at once, not several steps later.
 */
export function afterImpulseControl(b: Board, g: TRState): TRState {
  const next = { ...g, ctrl: [...g.ctrl] };
  updateControl(b, next);
  return next;
}

/** The position the evaluation reads: the move in progress ended, then control settled as at the end of the impulse. */
export function projected(b: Board, g: TRState): TRState {
  return afterImpulseControl(b, afterPendingMove(b, g));
}

/** Estimated chance that `side` wins from `g`. */
export function evaluateThirdReich(g: TRState, side: Side, b: Board = BOARD): number {
  const axis = winChanceFromMargin(margin(evalTerms(projected(b, g), b)) - EVEN, 2);
  return side === 'axis' ? axis : 1 - axis;
}
