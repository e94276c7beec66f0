/**
 * Soft Underbelly AI hooks: the evaluation of soft-underbelly-eval.ts fed from the rules'
 * state, action priors and a rollout policy in the game's terms (attack and land where the
 * odds are good, move towards the orange stars, take losses in cubes first, keep stacks within
 * 6 units and 2 tanks), and the impulse summary in words.
 *
 * Soft Underbelly has no hidden information (spec 10.4): its view carries the whole state, and
 * `determinize` below copies it (future dice stay unknown: the search rolls its own).
 */
import { cloneState, weightedIndex, seedRng, type EngineState, type Game, type Role } from '@sandtable/engine';
import { loadSoftUnderbellyData, suMap, type SUAction, type SUMap, type SUState, type Side } from '../index.ts';
import { type AiHooks, type SearchStats, actionKey } from '@sandtable/ai';
import { emptyForces, evaluatePosition, type AreaForces, type SuPosition } from './eval.ts';

const DATA = loadSoftUnderbellyData();
const MAP: SUMap = suMap(DATA);
const POOL_GONE = -3;

const FORCE_OF: Partial<Record<string, keyof AreaForces>> = {
  tank: 'tanks',
  aircraft: 'aircraft',
  elite: 'elite',
  paratroops: 'paratroops',
  partisan: 'partisans',
};

/** The compact position the evaluation reads, from the rules' state. */
export function toPosition(g: SUState, map: SUMap = MAP): SuPosition {
  const forces: Record<Side, AreaForces[]> = { allies: map.ids.map(emptyForces), axis: map.ids.map(emptyForces) };
  for (const side of ['allies', 'axis'] as const)
    g.cubes[side].forEach((c, i) => {
      forces[side][i]!.cubes = c;
    });
  let italianFleet = false;
  for (const u of g.units) {
    if (u.type === 'fleet' && u.nat === 'IT' && u.loc !== POOL_GONE) italianFleet = true;
    const k = FORCE_OF[u.type];
    if (k && u.loc >= 0) forces[u.side][u.loc]![k]++;
  }
  return {
    map,
    turn: g.turn,
    turns: DATA.turns,
    control: map.ids.map((_, i) => (map.passable[i] ? g.ctrl[i]! : null)),
    forces,
    italianFleetInGame: italianFleet,
    italySurrendered: g.italy,
    markers: { allies: g.ev.allies.hand, axis: g.ev.axis.hand },
  };
}

const isSide = (r: Role): r is Side => r === 'allies' || r === 'axis';

export function evaluateSU(g: SUState, role: Role): number {
  if (g.result) return g.result.winner === role ? 1 : g.result.winner === null ? 0.5 : 0;
  if (!isSide(role)) return 0.5;
  return evaluatePosition(toPosition(g), role);
}

// ---- priors and rollouts ------------------------------------------------------------------------

const areaIndex = (id: string | undefined) => (id === undefined ? -1 : MAP.indexOf(id));
const other = (s: Side): Side => (s === 'allies' ? 'axis' : 'allies');

/** Rough strength of `side` in an area (cubes 1, counters by worth), for attack odds. */
function strength(g: SUState, side: Side, area: number): number {
  let s = g.cubes[side][area] ?? 0;
  for (const u of g.units)
    if (u.loc === area && u.side === side && u.type !== 'partisan')
      s += u.type === 'tank' || u.type === 'aircraft' ? 1.6 : 1.2;
  return s;
}

/** Whether the other side has units (partisans aside) in `area`. */
function hasEnemy(g: SUState, side: Side, area: number): boolean {
  const foe = other(side);
  if ((g.cubes[foe][area] ?? 0) > 0) return true;
  return g.units.some((u) => u.loc === area && u.side === foe && u.type !== 'partisan');
}

/** `side`'s units in `area` not yet committed to the attack being formed (§18 L200). */
function stackLeft(g: SUState, side: Side, area: number): number {
  const top = g.stack.at(-1);
  const committed = top?.kind === 'commit' ? (top.count[top.from.indexOf(area)] ?? 0) : 0;
  const ids = top?.kind === 'commit' ? top.ids : [];
  const cubes = (g.cubes[side][area] ?? 0) - committed;
  return (
    cubes +
    g.units.filter((u) => u.loc === area && u.side === side && !ids.includes(u.id) && u.type !== 'partisan').length
  );
}

/** Attacking strength `side` has next to `target`. */
function strengthAround(g: SUState, side: Side, target: number): number {
  let s = 0;
  for (const j of MAP.adj[target]!) if (g.ctrl[j] === side) s += strength(g, side, j);
  return s;
}

/** Steps from `area` to the nearest orange star `side` does not hold (land links). */
function starDistance(g: SUState, side: Side, area: number): number {
  if (area < 0) return 9;
  const seen = new Set([area]);
  let frontier = [area];
  for (let d = 0; d < 9 && frontier.length; d++) {
    const next: number[] = [];
    for (const i of frontier) {
      if (MAP.orangeStar[i] && g.ctrl[i] !== side) return d;
      for (const j of MAP.adj[i]!)
        if (!seen.has(j)) {
          seen.add(j);
          next.push(j);
        }
    }
    frontier = next;
  }
  return 9;
}

/** Weight of one action for `side` (higher = try first, play more often in rollouts). */
export function actionWeight(g: SUState, side: Side, a: SUAction): number {
  switch (a.type) {
    case 'deployDefault':
      return 6;
    case 'attack':
    case 'landing': {
      const t = areaIndex(a.target);
      const odds =
        (strengthAround(g, side, t) + (a.type === 'landing' ? 3 : 0) + 0.5) / (strength(g, other(side), t) + 1);
      return (MAP.orangeStar[t] ? 1.5 : 1) * Math.min(4, odds);
    }
    case 'step':
    case 'ship':
    case 'fly':
    case 'retreat':
    case 'overflow': {
      const to = areaIndex(a.to);
      const base = a.type === 'retreat' ? 0.8 : 1;
      return base * (1 + 1.5 / (1 + starDistance(g, side, to))) * (MAP.orangeStar[to] && g.ctrl[to] !== side ? 1.5 : 1);
    }
    case 'loss':
      return a.unit === 'cube' ? 2 : 0.6;
    case 'occupy':
      return 1.5;
    case 'commit': {
      // §6 L83: a star left empty next to other enemy units is walked into; keep its last units home.
      const from = areaIndex(a.from);
      const top = g.stack.at(-1);
      const target = top?.kind === 'commit' ? top.target : -1;
      const enemyNext = from >= 0 && MAP.adj[from]!.some((j) => j !== target && hasEnemy(g, side, j));
      const last = a.unit === 'allCubes' || stackLeft(g, side, from) <= 1;
      if (from >= 0 && MAP.orangeStar[from] && enemyNext && last) return 0.1;
      return a.unit === 'cube' ? 1.4 : 1.6;
    }
    case 'support':
    case 'intercept':
    case 'bomb':
    case 'fleetAttack':
      return 1.2;
    case 'convert':
      return 0.9;
    case 'event':
      return 0.5;
    case 'breakOff':
      return 0.5;
    case 'cancel':
      return 0.15;
    case 'drop':
      return 0.3;
    case 'pass':
      return 0.3;
    case 'endImpulse':
      return 0.5;
    case 'endMovement':
      return 0.8;
    case 'done':
      // §18 L200: every unit next to the target may join the attack; more dice, fewer rounds lost.
      return g.stack.at(-1)?.kind === 'commit' ? 0.15 : 0.7;
    default:
      return 1;
  }
}

function weights(g: SUState, role: Role, actions: readonly SUAction[]): number[] {
  const side = isSide(role) ? role : 'allies';
  return actions.map((a) => actionWeight(g, side, a));
}

// ---- summaries --------------------------------------------------------------------------------

const areaName = (id: string) => {
  const i = MAP.indexOf(id);
  return i >= 0 ? `${MAP.areas[i]!.name} (${id})` : id;
};

function unitWords(units: string[], g: SUState): string {
  const cubes = units.filter((u) => u === 'cube').length;
  const all = units.includes('allCubes');
  const counters = units
    .filter((u) => u !== 'cube' && u !== 'allCubes')
    .map((id) => g.units.find((u) => u.id === id)?.type ?? id);
  const parts = [
    all ? 'all free cubes' : cubes ? `${cubes} cube${cubes > 1 ? 's' : ''}` : '',
    ...counters.map((t) => `the ${t}`),
  ].filter(Boolean);
  return parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : (parts[0] ?? 'no units');
}

/**
 * The impulse in words: attacks and landings with the committed units and the estimated odds
 * of taking the area (simulated from the state the AI saw), moves by destination, conversions,
 * events; then the AI's estimate of its chance to win.
 */
export function summarizeSU(
  game: Game<SUState, SUAction, unknown>,
  g: SUState,
  role: Role,
  actions: readonly SUAction[],
  stats: SearchStats,
): string {
  const said: string[] = [];
  const committed = new Map<string, string[]>();
  let target: { id: string; landing: boolean } | null = null;
  const moves = new Map<string, number>();
  for (const a of actions) {
    if (a.type === 'attack' || a.type === 'landing') {
      target = { id: a.target, landing: a.type === 'landing' };
      committed.set(a.target, []);
    } else if (a.type === 'commit' && target) committed.get(target.id)!.push(a.unit);
    else if (a.type === 'step' || a.type === 'ship' || a.type === 'fly') moves.set(a.to, (moves.get(a.to) ?? 0) + 1);
    else if (a.type === 'convert') said.push(`converts cubes into ${a.to ?? a.id} in ${areaName(a.area)}`);
    else if (a.type === 'event') said.push(`plays ${a.event}${a.area ? ` on ${areaName(a.area)}` : ''}`);
  }
  if (moves.size) said.unshift(`moves to ${[...moves.keys()].map(areaName).join(', ')}`);
  for (const [id, units] of committed) {
    const landing = actions.some((a) => a.type === 'landing' && a.target === id);
    const odds = takeOdds(game, g, role, actions, id);
    said.push(
      `${landing ? 'lands in' : 'attacks'} ${areaName(id)}${units.length ? ` with ${unitWords(units, g)}` : ''}${odds === null ? '' : `, odds of taking it ${Math.round(odds * 100)}%`}`,
    );
  }
  if (actions.length && actions.every((a) => a.type === 'pass')) said.push('passes');
  if (!said.length) said.push(actions.map((a) => a.type).join(', '));
  return `${role} ${said.join('; ')} (chance to win the game ${Math.round(stats.winChance * 100)}%)`;
}

/**
 * Chance that `role` controls `target` after the battle: replays the AI's steps from `g` with
 * fresh dice, follows the rollout policy once the steps no longer apply, stops when the battle
 * is over. 32 samples.
 */
export function takeOdds(
  game: Game<SUState, SUAction, unknown>,
  g: SUState,
  role: Role,
  actions: readonly SUAction[],
  target: string,
): number | null {
  const t = MAP.indexOf(target);
  if (t < 0) return null;
  const start = actions.findIndex((a) => (a.type === 'attack' || a.type === 'landing') && a.target === target);
  let took = 0;
  const samples = 32;
  for (let k = 0; k < samples; k++) {
    const s: EngineState<SUState> = {
      gameId: game.rules.id,
      game: cloneState(g),
      rng: seedRng(`odds:${k}`),
      log: [],
      seq: 0,
      barrier: { seq: 0, reason: '' },
      actors: [],
    };
    const chooser = seedRng(`odds-choose:${k}`);
    let i = 0;
    let inBattle = false;
    for (let step = 0; step < 300; step++) {
      const d = game.decision(s);
      if (!d || game.outcome(s)) break;
      if (s.game.battle) inBattle = true;
      else if (inBattle || (i > start && i >= actions.length)) break;
      const legal = game.legalActions(s, d.role);
      if (!legal.length) break;
      const want = i < actions.length && d.role === role ? actions[i] : undefined;
      const same = want ? legal.find((a) => actionKey(a) === actionKey(want)) : undefined;
      if (same) i++;
      else if (d.role === role) i = actions.length;
      game.applyInPlace(s, d.role, same ?? legal[weightedIndex(chooser, weights(s.game, d.role, legal))]!, true);
    }
    if (s.game.ctrl[t] === role) took++;
  }
  return took / samples;
}

/** The hooks, bound to the game object (the summary simulates battles with it). */
export function softUnderbellyHooks(game: Game<SUState, SUAction, unknown>): AiHooks<SUState, SUAction, unknown> {
  return {
    evaluate: evaluateSU,
    priors: weights,
    rollout: (g, role, actions, rng) => weightedIndex(rng, weights(g, role, actions)),
    rolloutDepth: 24,
    // No hidden information (spec 10.4): the game's own view carries the whole state.
    determinize: (view) => {
      const state = (view as { state?: SUState }).state;
      if (!state) throw new Error('Soft Underbelly: the view carries no state to search from');
      return cloneState(state);
    },
    summarize: (g, role, actions, stats) => summarizeSU(game, g, role, actions, stats),
  };
}
