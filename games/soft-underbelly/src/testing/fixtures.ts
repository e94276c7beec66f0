/**
 * Test helpers: positions built on the real data or on tiny fixture maps, a Ctx for running the
 * sequencer directly, and a strict `act` that only applies legal actions.
 */
import { defineGame, rollDie, type Ctx, type EngineState, type Game, type Options } from '@sandtable/engine';
import type { SUAction } from '../actions.ts';
import { loadSoftUnderbellyData } from '../data/index.ts';
import type { AreaData, LinkData, SoftUnderbellyData } from '../data/types.ts';
import { createSoftUnderbellyRules } from '../rules.ts';
import { suFlow } from '../sequence.ts';
import { makeEnv, POOL, SEA, type Side, type SUState } from '../state.ts';
import type { SUView } from '../view.ts';

export type SUGame = Game<SUState, SUAction, SUView>;

export function realGame(): { game: SUGame; data: SoftUnderbellyData } {
  const data = loadSoftUnderbellyData();
  return { game: defineGame(createSoftUnderbellyRules(data)), data };
}

/** A Ctx over an engine state (rolls from its RNG, logs to its log). */
export function ctxOf(state: EngineState<SUState>): Ctx {
  return {
    seq: state.seq,
    roll(count: number, why: string, sides = 6) {
      const dice: number[] = [];
      for (let i = 0; i < count; i++) dice.push(rollDie(state.rng, sides));
      state.log.push({ seq: state.seq, text: `${why}: rolled ${dice.join(', ')}`, dice });
      return dice;
    },
    log(text: string) {
      state.log.push({ seq: state.seq, text });
    },
    irreversible() {},
  };
}

/**
 * An empty map after the fixed set-up: no units anywhere except fleets and U-boat at sea,
 * all cubes and counters in the pools, control as at the start (Allied stars Allied).
 */
export function emptyPosition(
  game: SUGame,
  data: SoftUnderbellyData,
  opts: Options = {},
  dice: number[] = [],
): EngineState<SUState> {
  const s = game.setup('fixture', 'campaign', opts, dice);
  const g = s.game;
  g.stack = [];
  g.phase = 'turn';
  g.cubes.allies.fill(0);
  g.cubes.axis.fill(0);
  g.pool = { allies: data.cubes.allies.count, axis: data.cubes.axis.count };
  for (const u of g.units) u.loc = u.type === 'fleet' || u.type === 'uboat' ? SEA : POOL;
  g.lines.fill(POOL);
  return s;
}

export function idx(data: SoftUnderbellyData, id: string): number {
  return data.areas.findIndex((a) => a.id === id);
}

/** Puts units of `side` in area `id`. */
export function put(
  s: EngineState<SUState>,
  data: SoftUnderbellyData,
  side: Side,
  id: string,
  cubes: number,
  counters: string[] = [],
  opts: { faceUp?: boolean; line?: boolean } = {},
): void {
  const g = s.game;
  const a = idx(data, id);
  g.cubes[side][a]! += cubes;
  g.pool[side] -= cubes;
  for (const c of counters) {
    const u = g.units.find((x) => x.id === c)!;
    u.loc = a;
    u.up = opts.faceUp ?? true;
  }
  if (opts.line) g.lines[g.lines.indexOf(POOL)] = a;
  g.ctrl[a] = side;
}

/** Runs the sequencer from a stack prepared by the test. */
export function run(s: EngineState<SUState>, data: SoftUnderbellyData): void {
  suFlow.proceed(makeEnvCached(data), ctxOf(s), s.game);
}

const envs = new WeakMap<SoftUnderbellyData, ReturnType<typeof makeEnv>>();
function makeEnvCached(data: SoftUnderbellyData) {
  let e = envs.get(data);
  if (!e) {
    e = makeEnv(data);
    envs.set(data, e);
  }
  return e;
}

/** Starts an impulse of `side` in turn `turn` (nothing else pending but the end of turn). */
export function startImpulse(s: EngineState<SUState>, data: SoftUnderbellyData, side: Side, turn = 2): void {
  const g = s.game;
  g.turn = turn;
  g.active = side;
  g.initiative = side;
  g.stack = [{ kind: 'turnEnd' }, { kind: 'impulseStart' }];
  run(s, data);
}

/** Starts turn `turn` from its beginning (initiative). */
export function startTurn(s: EngineState<SUState>, data: SoftUnderbellyData, turn: number): void {
  const g = s.game;
  g.turn = turn;
  g.stack = [{ kind: 'turnStart' }];
  run(s, data);
}

/** Applies a legal action (throws the engine's RuleError otherwise). */
export function act(game: SUGame, s: EngineState<SUState>, role: Side, action: SUAction): EngineState<SUState> {
  return game.apply(s, role, action);
}

/** Passes every pending reaction/round-end window until another kind of decision is on top. */
export function passWindows(
  game: SUGame,
  s: EngineState<SUState>,
  kinds = ['react', 'roundEnd', 'evade', 'support', 'elite', 'intercept'],
): EngineState<SUState> {
  for (let i = 0; i < 50; i++) {
    const d = game.decision(s);
    if (!d || !kinds.includes(d.kind)) return s;
    const legal = game.legalActions(s, d.role);
    const pass = legal.find((a) => a.type === 'pass' || a.type === 'done');
    if (!pass) return s;
    s = game.apply(s, d.role, pass);
  }
  return s;
}

// ---- tiny fixture maps -----------------------------------------------------------------------

/** A fixture map: areas on a line 100 km apart (squares of 80 km), given links, short ruler 150. */
export function fixtureData(spec: {
  areas: (Partial<AreaData> & { id: string })[];
  links: [string, string][];
}): SoftUnderbellyData {
  const base = loadSoftUnderbellyData();
  const areas: AreaData[] = spec.areas.map((a, i) => {
    const x = i * 100;
    return {
      name: a.id,
      kind: 'land',
      region: 'europe',
      seaAdjacent: false,
      orangeStar: false,
      alliedStar: false,
      axisSymbol: false,
      airfield: false,
      mountain: false,
      partisanTriangle: false,
      island: false,
      italian: false,
      center: [x, 0],
      airBase: [x, 0],
      polygon: [
        [x - 40, -40],
        [x + 40, -40],
        [x + 40, 40],
        [x - 40, 40],
      ],
      provenance: 'derived: test fixture',
      ...a,
    } as AreaData;
  });
  const links: LinkData[] = spec.links.map(([a, b]) => ({ a, b, kind: 'land', provenance: 'derived: test fixture' }));
  return {
    ...base,
    areas,
    links,
    rulers: { short: 150, long: 250, provenance: 'derived: test fixture' },
    setup: [
      {
        side: 'allies',
        area: 'sea',
        cubes: 0,
        counters: ['us-fleet', 'uk-fleet'],
        lines: 0,
        faceUp: false,
        provenance: 'derived: test fixture',
      },
      {
        side: 'axis',
        area: 'sea',
        cubes: 0,
        counters: ['it-fleet', 'uboat'],
        lines: 0,
        faceUp: true,
        provenance: 'derived: test fixture',
      },
    ],
    axisDefaultDeployment: undefined,
  };
}

/** A test position on the real map: the game, its data and the current state, stepped by `go`. */
export interface Position {
  game: SUGame;
  data: SoftUnderbellyData;
  s: EngineState<SUState>;
}

/** The empty real-map position (see `emptyPosition`) with options and scripted dice. */
export function position(opts: Options = {}, dice: number[] = []): Position {
  const { game, data } = realGame();
  return { game, data, s: emptyPosition(game, data, opts, dice) };
}

export const legal = (p: Position, role: Side): SUAction[] => p.game.legalActions(p.s, role);
export const has = (p: Position, role: Side, a: SUAction): boolean =>
  legal(p, role).some((x) => JSON.stringify(x) === JSON.stringify(a));
/** Applies a legal action through the engine and keeps the new state in `p`. */
export function go(p: Position, role: Side, a: SUAction): Position {
  p.s = act(p.game, p.s, role, a);
  return p;
}
export const unitOf = (p: Position, id: string) => p.s.game.units.find((x) => x.id === id)!;
export const areaOf = (p: Position, id: string): number => idx(p.data, id);
