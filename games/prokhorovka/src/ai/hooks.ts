/**
 * Prokhorovka AI hooks: the evaluation of prokhorovka-eval.ts, action priors and a rollout
 * policy in the game's terms (the German drives on the VP hexes it does not hold, the Soviet
 * stands on the German's cheapest way to them; attacks by their odds; chits go under units;
 * a phase ends when nothing good is left; no pick-and-cancel loops), and the impulse in words.
 *
 * Chits are hidden (3.5(5), 3.6(3)): the searcher works from a role's view, and the rules' own
 * `determinize` deals the opponent's unseen chits into their slots. Everything here reads only
 * such a determinized state (or, in the summary, the AI's own choices).
 */
import { weightedIndex, type Game, type Role } from '@sandtable/engine';
import {
  ARRIVING,
  chitsOf,
  prokhorovka,
  targetsOf,
  type Env,
  type PGAction,
  type PGState,
  type PGView,
  type Side,
} from '../index.ts';
import { type AiHooks, type SearchStats, LoopGuard, hash53 } from '@sandtable/ai';
import { ENV, breachCosts, evaluateProkhorovka, evalTerms } from './eval.ts';

const E: Env = ENV;
const grid = E.b.grid;
const isSide = (r: Role): r is Side => r === 'DE' || r === 'SU';

export function evaluatePK(g: PGState, role: Role): number {
  if (g.result) return g.result.winner === role ? 1 : g.result.winner === null ? 0.5 : 0;
  if (!isSide(role)) return 0.5;
  const staller = stalled(g);
  if (staller) return staller === role ? 0 : 1;
  return evaluateProkhorovka(g, role);
}

// ---- no progress: back at a position already met -----------------------------------------------

/** Picking a stack and cancelling (8.0, `cancelMove`) or an attacker and unpicking it (9.2(1)) returns to the same decision: see `LoopGuard`. */
const CYCLES = new Set(['movement', 'normalAttack', 'reserveAttack']);

/**
 * Chits as the phasing player sees them: its own and face-up ones by id and place, the
 * opponent's face-down ones only as how many lie where (3.5(5), 3.6(3)), so that every
 * determinization of one real position gives the same key.
 */
function chitsKey(g: PGState): string {
  const open: string[] = [];
  const hidden: string[] = [];
  for (const c of [...g.equip, ...g.support]) {
    if (c.side === g.side || c.faceUp) open.push(`${c.id}@${c.loc}${c.faceUp ? '+' : ''}`);
    else hidden.push(c.loc);
  }
  return `${open.join(',')}|${hidden.sort().join(',')}`;
}

/** Everything public a movement or declaration decision depends on (positions, moves made, battles declared, chits used). */
export function positionKey(g: PGState): number {
  const c = g.combat;
  return hash53(
    JSON.stringify([
      g.turn,
      g.side,
      g.phase,
      g.ver,
      g.stack.length,
      g.stack.at(-1)?.kind,
      g.mv.moved,
      g.mv.picked,
      g.units.map((u) => u.hex),
      c ? [c.stage, c.picked, c.battles.map((b) => [b.target, b.attackers]), c.rangedUsed] : null,
      chitsKey(g),
    ]),
  );
}

const guard = new LoopGuard<PGState, Side>({
  key: positionKey,
  atCycle: (g) => CYCLES.has(g.stack.at(-1)?.kind ?? ''),
  turn: (g) => g.turn,
});
/** The search starts from `g`, drawn from a real position where `role` decides. */
export const markRoot = (g: PGState, role: Side): void => guard.markRoot(g, role);
/** The side that came back to a position already met (once back, the line stays lost). */
export const stalled = (g: PGState): Side | null => guard.stalled(g);

// ---- what the priors read ------------------------------------------------------------------------

const hexOf = (g: PGState, unit: string) => g.units.find((u) => u.id === unit)?.hex ?? -1;
const unitData = (id: string) => E.unitById.get(id)!;
const fireOf = (g: PGState, id: string) => {
  const u = g.units.find((x) => x.id === id)!;
  return u.reduced ? unitData(id).reduced.fire : unitData(id).full.fire;
};
const terrainAt = (h: number) => E.d.tables.terrain[grid.terrain[h]!]!;

/** VP hexes a German LOC does not reach now (the German's objectives, the Soviet's to keep; 18.0(1)1). */
function unheld(g: PGState): number[] {
  const field = breachCosts(E, g);
  return E.b.vpHexes.filter((h) => field[h]! > 0);
}

const nearest = (h: number, targets: readonly number[]) =>
  targets.length ? Math.min(...targets.map((t) => grid.distance(h, t))) : 0;

/** What a stack brings to a battle from its chits (10.2): tank-battle weapons, artillery dice, best armor, position level. */
interface Arms {
  tanks: number;
  artillery: number;
  armor: number;
  position: number;
}

function armsOf(g: PGState, units: readonly string[], defending: boolean): Arms {
  const arms: Arms = { tanks: 0, artillery: 0, armor: 0, position: 0 };
  for (const unit of units) {
    for (const c of chitsOf(g, unit)) {
      const k = E.equipById.get(c.id)!;
      // 11.5(1)1: the attacker's AT guns (and AA guns as AT guns) take no part in the tank battle.
      const tankBattle =
        k.cls === 'tank' || k.cls === 'spat' || (defending && (k.cls === 'atgun' || k.cls === 'aagun'));
      if (tankBattle) arms.tanks++;
      if (k.artillery) arms.artillery += k.artillery;
      if (tankBattle || k.cls === 'spart') arms.armor = Math.max(arms.armor, k.armor ?? 0); // 11.6(1)2
      if (defending && k.defense) arms.position = Math.max(arms.position, k.defense);
    }
  }
  return arms;
}

/**
 * A rough chance that attackers beat `target` in damage application (11.6): each side's expected
 * damage points - bombardment (11.3: the attacker at the TEC artillery number, the defender at 2),
 * normal fire (11.4: TEC normal number, 1 across a river; the defender at 2), unpaired tank-battle
 * weapons as tank support (11.5(4): the defender's hit automatically) - plus the best armor
 * (11.6(1)2), and for the defender its TDL or position level and entrenchment (11.6(1)1, 17.2).
 */
export function attackOdds(g: PGState, attackers: readonly string[], target: string): number {
  const th = hexOf(g, target);
  if (th < 0 || !attackers.length) return 0;
  const tec = terrainAt(th);
  const a = armsOf(g, attackers, false);
  const d = armsOf(g, [target], true);
  let att = (a.artillery * tec.artilleryHit) / 6 + Math.max(0, a.tanks - d.tanks) * 0.5 + a.armor;
  for (const x of attackers) {
    const ah = hexOf(g, x);
    // An attacker not (or no longer) next to the target, as in a summary read from the impulse's
    // start, fires as if across open ground: the odds stay a rough figure, never an error.
    const river = ah >= 0 && grid.directionTo(ah, th) >= 0 && (grid.hexsideBetween(ah, th) & 3) !== 0;
    att += (fireOf(g, x) * (river ? 1 : tec.normalHit)) / 6;
  }
  const def =
    ((fireOf(g, target) + d.artillery) * 2) / 6 +
    Math.max(0, d.tanks - a.tanks) +
    d.armor +
    Math.max(tec.tdl, d.position) +
    (E.b.entrench[th] === (unitSide(g, target) === 'DE' ? 1 : 2) ? 1 : 0);
  return 1 / (1 + Math.exp(-(att - def) * 1.2));
}

const unitSide = (g: PGState, id: string) => g.units.find((u) => u.id === id)!.side;

/** Attackers already declared against `target` this phase (9.1(4)). */
function declaredAgainst(g: PGState, target: string): string[] {
  return g.combat?.battles.find((b) => b.target === target)?.attackers ?? [];
}

/** Per hex: 0 empty, 1 German unit, 2 Soviet unit. */
function occupancy(g: PGState): Int8Array {
  const occ = new Int8Array(grid.nodeCount);
  for (const u of g.units) if (u.hex >= 0) occ[u.hex] = u.side === 'DE' ? 1 : 2;
  return occ;
}

/** What the weights of one decision read, computed when first needed. */
export interface Scene {
  objectives: () => number[];
  occ: () => Int8Array;
}

/**
 * The scene of one decision. Rollouts (`quick`) take as objectives the VP hexes without a German
 * unit on them instead of tracing the LOC (a rollout plays hundreds of steps an iteration).
 */
function scene(g: PGState, quick = false): Scene {
  let obj: number[] | null = null;
  let occ: Int8Array | null = null;
  const occupied = () => (occ ??= occupancy(g));
  const objectives = () => (obj ??= quick ? E.b.vpHexes.filter((h) => occupied()[h] !== 1) : unheld(g));
  return { objectives, occ: occupied };
}

/**
 * A Soviet stack that holds the line where it stands (#18.8): in contact with German units, or on
 * its own entrenchment (17.2: TDL +1 for its owner) or with a position chit (签一览 ■阵地: the chit
 * goes back to the cup when its stack moves). Moving it gives the German its hex and the LOC past it.
 */
function holdsLine(g: PGState, sc: Scene, unit: string): boolean {
  const h = hexOf(g, unit);
  if (h < 0) return false;
  if (grid.neighbours(h).some((n) => sc.occ()[n] === 1)) return true;
  if (E.b.entrench[h] === 2) return true;
  return chitsOf(g, unit).some((c) => (E.equipById.get(c.id)?.defense ?? 0) > 0);
}

/** German units in contact with Soviet units that have not attacked in this phase (9.1). */
function idleAttackers(g: PGState): number {
  const declared = new Set(g.combat?.battles.flatMap((b) => b.attackers) ?? []);
  let n = 0;
  for (const u of g.units)
    if (u.side === 'DE' && u.hex >= 0 && !declared.has(u.id) && targetsOf(E, g, u.id).length > 0) n++;
  return n;
}

/** Worth of moving a stack of `side` from `from` to `to`. */
function moveWorth(sc: Scene, side: Side, from: number, to: number): number {
  const objectives = sc.objectives();
  const occ = sc.occ();
  const vp = E.b.vp[to] ? 1 : 0;
  if (side === 'DE') {
    // Toward the VP hexes not held (18.0(1)1); next to Soviet units to attack them.
    const gain = from >= 0 ? nearest(from, objectives) - nearest(to, objectives) : 4 - nearest(to, objectives) / 2;
    const contact = grid.neighbours(to).some((n) => occ[n] === 2) ? 0.6 : 0;
    return 0.3 + Math.max(0, gain) * 0.8 + contact + vp * 1.5;
  }
  // The Soviet stands between the German and the VP hexes: on and next to them, on hexes a German LOC could use.
  const d = nearest(to, E.b.vpHexes);
  const held = E.b.vp[to] && !objectives.includes(to) ? 2.5 : 0; // cuts a LOC the German has now (3.2)
  const stay = from >= 0 ? nearest(from, E.b.vpHexes) - d : 1;
  const nearGerman = grid.neighbours(to).some((n) => occ[n] === 1) ? 0.3 : 0;
  const w = 0.4 + 1.5 / (1 + d) + Math.max(0, stay) * 0.4 + held + vp + nearGerman;
  // A stack in contact that steps out of it opens its hex and the LOC past it (3.2, #18.8).
  const leaves = from >= 0 && grid.neighbours(from).some((n) => occ[n] === 1) && !nearGerman;
  return leaves ? 0.2 * w : w;
}

/** Weight of one action for `side` (higher = tried first, played more often in rollouts). */
export function actionWeight(g: PGState, side: Side, a: PGAction, sc: Scene): number {
  const top = g.stack.at(-1)?.kind ?? '';
  switch (a.type) {
    // 4.0(5), 5.1(7)1: chits are worth most under units; returning them is rarely worth it.
    case 'place':
      return 2;
    case 'donePlacing':
      return 0.1;
    case 'reorgPlace':
      return 3;
    case 'reorgReturn':
      return 0.03;
    case 'load':
      return 2;
    case 'pickSupport':
    case 'reinfPick':
      return 1;
    case 'xxivRoll':
      return 3; // 19.2: a free chance of a unit
    case 'designate': {
      // 5.1(3): mechanized stacks attack after moving (reserve attack); the others rarely need it.
      const mech = unitData(a.unit).mechanized;
      return side === 'DE' ? (mech ? 0.8 : 0.15) : mech ? 0.3 : 0.1;
    }
    case 'endPhase':
      // The Soviet that holds its line has nothing to gain by moving (#18.8).
      if (top === 'movement') return side === 'SU' ? 0.9 : 0.35;
      if (top === 'normalAttack' || top === 'reserveAttack') {
        // 17.1(2): German stacks cannot move on turn 1: attacking is the only way forward; on the
        // last turn (5.3, 18.0) nothing is saved for later.
        const idle = side === 'DE' ? idleAttackers(g) : 0;
        if (idle > 0 && (g.turn === 1 || g.turn === g.lastTurn)) return 0.03;
        return g.combat?.battles.length ? (idle > 1 ? 0.4 : 0.8) : side === 'SU' ? 0.9 : 0.5;
      }
      if (top === 'reorganization') return 0.6;
      return 1;
    case 'pick': {
      const h = hexOf(g, a.unit);
      const base = a.mode === 'strategic' ? 0.5 : 1;
      if (h === ARRIVING) return base * 2; // 7.0(2): reinforcements enter
      if (side === 'DE' && h >= 0) return base * (0.6 + 2 / (1 + nearest(h, sc.objectives())));
      if (side === 'SU' && holdsLine(g, sc, a.unit)) return base * 0.1;
      return base;
    }
    case 'moveTo': {
      const p = g.mv.picked;
      if (!p) return 1;
      return moveWorth(sc, side, hexOf(g, p.unit), grid.hex(a.hex));
    }
    case 'cancelMove':
    case 'unpick':
      return 0.02;
    case 'pickAttacker': {
      const ts = targetsOf(E, g, a.unit);
      if (!ts.length) return 0.1;
      const best = Math.max(...ts.map((t) => attackOdds(g, [...declaredAgainst(g, t), a.unit], t)));
      // A Soviet stack holding its line gives up its entrenchment and position by attacking (17.2): only at good odds.
      if (side === 'SU' && best < 0.6 && holdsLine(g, sc, a.unit)) return 0.02 + 0.3 * best;
      return 0.2 + 2.5 * best;
    }
    case 'attack': {
      const picked = g.combat?.picked;
      if (!picked) return 1;
      const odds = attackOdds(g, [...declaredAgainst(g, a.target), picked], a.target);
      const th = hexOf(g, a.target);
      return 0.1 + 3 * odds + (th >= 0 && E.b.vp[th] ? 0.5 : 0);
    }
    case 'allocate':
      return 1.5;
    case 'doneAllocating':
      // 9.2(2): support unspent on the last turn is worth nothing after it (18.0).
      return g.turn === g.lastTurn ? 0.05 : 0.3;
    case 'declareChit':
      return 2;
    case 'doneDeclaring':
      return 0.3;
    case 'snipe':
    case 'command':
    case 'snipeCommander':
      return 2;
    case 'doneCancelling':
    case 'noSnipe':
      return 0.5;
    case 'engineers':
      return 1.5;
    case 'activateSmoke':
    case 'aaFire':
    case 'intercept':
    case 'counterIntercept':
    case 'bombHit':
      return 1.5;
    case 'doneBombHits':
      return 0.4;
    case 'reroll':
      return 2.5;
    case 'stepLoss': {
      const u = g.units.find((x) => x.id === a.unit);
      return u?.reduced ? 0.3 : 1.2; // 13.0: flipping keeps the unit; a reduced unit is eliminated
    }
    case 'chitLoss':
      return 1;
    case 'advanceInto':
      return 2; // 15.0
    case 'noAdvance':
      return 0.5;
    default:
      return 1;
  }
}

export function weights(g: PGState, role: Role, actions: readonly PGAction[], quick = false): number[] {
  if (!isSide(role) || actions.length < 2) return actions.map(() => 1);
  const sc = scene(g, quick);
  return actions.map((a) => actionWeight(g, role, a, sc));
}

// ---- summaries ------------------------------------------------------------------------------------

const pct = (x: number) => `${Math.round(100 * x)}%`;
const label = (h: number) => (h >= 0 ? grid.label(h) : h === ARRIVING ? 'the entry' : '?');

/**
 * A streak of answers that change nothing visible (no air mission, keep the roll, done): the
 * rules' own words for them, each once (they name no hidden chit: the ones that could - support
 * allocated, chits placed - are counted above).
 */
function passWords(g: PGState, actions: readonly PGAction[]): string {
  const words = [...new Set(actions.map((a) => prokhorovka.rules.describe?.(g, a) ?? a.type))];
  return words.length ? `answers: ${words.slice(0, 3).join('; ')}${words.length > 3 ? '; ...' : ''}` : 'goes on';
}

/**
 * The impulse in words: moves (from - to), attacks (target, hex, attackers, rough odds),
 * designations, chits placed and support committed (counted, never named: 3.5(5), 3.6(3)),
 * losses and retreats; then the VP the German would score now and the chance to win.
 */
export function summarizePK(g: PGState, role: Role, actions: readonly PGAction[], stats: SearchStats): string {
  const said: string[] = [];
  const counts = new Map<string, number>();
  const count = (what: string) => counts.set(what, (counts.get(what) ?? 0) + 1);
  const attacks = new Map<string, string[]>();
  const moves: string[] = [];
  const designated: string[] = [];
  let picked: string | null = null;
  let attacker: string | null = null;
  const flush = () => {
    for (const [target, units] of attacks) {
      said.push(
        `attacks ${target} at ${label(hexOf(g, target))} with ${units.join(' and ')} (odds about ${pct(attackOdds(g, units, target))})`,
      );
    }
    attacks.clear();
    if (moves.length) said.push(`moves ${moves.join(', ')}`);
    moves.length = 0;
    if (designated.length) said.push(`designates ${designated.join(', ')} as reserve`);
    designated.length = 0;
  };
  for (const a of actions) {
    switch (a.type) {
      case 'pick':
        picked = a.unit;
        break;
      case 'moveTo':
        if (picked) moves.push(`${picked} ${label(hexOf(g, picked))}-${a.hex}`);
        picked = null;
        break;
      case 'cancelMove':
        picked = null;
        break;
      case 'designate':
        designated.push(a.unit);
        break;
      case 'pickAttacker':
        attacker = a.unit;
        break;
      case 'unpick':
        attacker = null;
        break;
      case 'attack':
        if (attacker) attacks.set(a.target, [...(attacks.get(a.target) ?? []), attacker]);
        attacker = null;
        break;
      case 'endPhase':
        flush();
        break; // in the order played: designation, attacks, moves, reserve attacks (5.1)
      case 'xxivRoll':
        said.push('rolls for the XXIV Panzer Corps');
        break;
      case 'place':
      case 'reorgPlace':
      case 'load':
        count('puts {n} chit(s) under its units');
        break;
      case 'reorgReturn':
        count('returns {n} chit(s) to the pool');
        break;
      case 'allocate':
        count('commits {n} support chit(s)');
        break;
      case 'declareChit':
        count('declares {n} equipment chit(s)');
        break;
      case 'airMission':
        count('flies {n} air mission(s)');
        break;
      case 'stepLoss':
        count('takes {n} step loss(es)');
        break;
      case 'chitLoss':
        count('gives up {n} chit(s) as losses');
        break;
      case 'declareRetreat':
        count('retreats {n} time(s)');
        break;
      case 'advanceInto':
        said.push(`advances ${a.unit} after combat`);
        break;
      case 'reinfPick':
        said.push(`brings in ${a.unit}`);
        break;
      case 'retreatTo':
        said.push(`retreats to ${a.hex}`);
        break;
      case 'resolve':
        count('orders {n} battle(s)');
        break; // 9.2(3)
      case 'pair':
        count('pairs {n} tank duel(s)');
        break; // 11.5(2)
      case 'reroll':
        count('re-rolls {n} die/dice');
        break;
      case 'holdGround':
        count('holds its ground {n} time(s)');
        break;
      case 'snipe':
      case 'command':
      case 'snipeCommander':
        count('cancels {n} chit(s) with Snipers or Commanders');
        break;
      case 'engineers':
        count('uses Engineers {n} time(s)');
        break;
      case 'activateSmoke':
        count('lays smoke {n} time(s)');
        break;
      case 'aaFire':
      case 'intercept':
      case 'counterIntercept':
        count('fights {n} air action(s)');
        break;
      case 'noAdvance':
        count('stays put after {n} battle(s)');
        break;
      default:
        break;
    }
  }
  flush();
  for (const [what, n] of counts) said.push(what.replace('{n}', String(n)));
  if (!said.length) said.push(actions.some((a) => a.type === 'endPhase') ? 'ends the phase' : passWords(g, actions));
  const chance = stats.visits > 0 ? stats.winChance : evaluatePK(g, role);
  return `${role} ${said.join('; ')} (German VP now ${evalTerms(g).vp}; chance to win ${pct(chance)})`;
}

/** The hooks, over the rules' own `determinize` (the opponent's unseen chits dealt into their slots). */
export function prokhorovkaHooks(
  game: Game<PGState, PGAction, PGView> = prokhorovka,
): AiHooks<PGState, PGAction, PGView> {
  const fill = game.rules.determinize!;
  return {
    evaluate: evaluatePK,
    priors: (g, role, actions) => weights(g, role, actions),
    determinize(view, role, rng) {
      const g = fill(view, role, rng);
      if (isSide(role)) markRoot(g, role);
      return g;
    },
    rollout: (g, role, actions, rng) => {
      stalled(g); // remembered for the evaluation at the end of the rollout
      return weightedIndex(rng, weights(g, role, actions, true));
    },
    rolloutDepth: 16,
    summarize: summarizePK,
  };
}
