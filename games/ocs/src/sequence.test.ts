import type { EngineState } from '@sandtable/engine';
import { describe, expect, it } from 'vitest';
import { fieldsOf } from './fields.ts';
import { game } from './index.ts';
import { flow, overstacked, playerTurnFrames } from './sequence.ts';
import type { Frame, OcsState } from './state.ts';
import { blank, openEnv as env, put, scriptedCtx } from './testing/index.ts';
import { K } from './units.ts';

const centre = env.hexOf('25.14');
const L = (i: number) => env.grid.label(i);
const seg = (side: string, phase: 'movement' | 'reaction' | 'exploitation' = 'movement'): Frame => ({
  kind: 'movement',
  side,
  phase,
  spent: {},
  done: [],
  mover: null,
  stopped: [],
  frozen: [],
});
const withStack = (g: OcsState, ...frames: Frame[]) => {
  g.stack = [{ kind: 'endTurn', turn: 11 }, ...frames];
  return g;
};

describe('2.0 sequence of play', () => {
  it('2.2 a player turn: reinforcement, movement, supply, the enemy reaction, combat, exploitation, clean up', () => {
    const kinds = playerTurnFrames(env, 'allied').map((f) =>
      f.kind === 'movement' || f.kind === 'combat' ? `${f.kind}:${f.phase}:${f.side}` : f.kind,
    );
    expect(kinds).toEqual([
      'reinforcement',
      'movement:movement:allied',
      'supplyPhase',
      'movement:reaction:axis',
      'barrage',
      'barrage',
      'combat:combat:allied',
      'movement:exploitation:allied',
      'barrage',
      'combat:exploitation:allied',
      'cleanUp',
    ]);
  });
  it('2.3 Husky turn 1: the Allies are first player; the first decision is their Movement Segment', () => {
    const s = game.setup('t', 'husky', {});
    const d = game.decision(s)!;
    expect(d.role).toBe('allied');
    expect(s.game.stack.at(-1)).toMatchObject({ kind: 'movement', phase: 'movement', side: 'allied' });
    expect(s.game.turn).toBe(1);
  });
});

describe('6.0 movement segments', () => {
  it('6.1c a unit may always move one hex, if it has not moved: a reserve (1/4 MA) leg unit into a costly hex', () => {
    const g = withStack(blank(env), seg('axis'));
    put(g, 'IT-LIV-33', L(centre), { marker: 'reserve' }, env); // MA 3/4
    const to = env.grid.neighbours(centre)[0]!;
    expect(game.legalActions).toBeDefined();
    expect(flow.legalActions(env, g, 'axis')).toContainEqual({ type: 'move', unit: 'IT-LIV-33', to });
    flow.perform(env, scriptedCtx(), g, { type: 'move', unit: 'IT-LIV-33', to });
    const f = g.stack.at(-1) as Extract<Frame, { kind: 'movement' }>;
    expect(f.done).toContain('IT-LIV-33');
  });
  it('6.1g once another unit moves, the first has finished', () => {
    const g = withStack(blank(env), seg('axis'));
    put(g, 'IT-LIV-33', L(centre), {}, env);
    put(g, 'IT-LIV-34', L(centre), {}, env);
    const [a, b] = env.grid.neighbours(centre) as [number, number];
    flow.perform(env, scriptedCtx(), g, { type: 'move', unit: 'IT-LIV-33', to: a });
    flow.perform(env, scriptedCtx(), g, { type: 'move', unit: 'IT-LIV-34', to: b });
    expect(flow.explain(env, g, 'axis', { type: 'move', unit: 'IT-LIV-33', to: centre })).toMatchObject({
      rule: '6.1f',
    });
  });
  it('12.5a a track unit with no dump in reach may not spend MP; with one it pays 1T', () => {
    const g = withStack(blank(env), seg('axis'));
    put(g, 'DE-HG-PZ', L(centre), {}, env);
    const to = env.grid.neighbours(centre)[0]!;
    expect(flow.explain(env, g, 'axis', { type: 'move', unit: 'DE-HG-PZ', to })).toMatchObject({ rule: '12.5a' });
    g.dumps.axis![centre] = 4;
    g.version++;
    flow.perform(env, scriptedCtx(), g, { type: 'move', unit: 'DE-HG-PZ', to });
    expect(g.dumps.axis![centre]).toBe(3);
  });
  it('5.7c, 5.8a no Reserve or Strat in an EZOC; 5.4 changes at the start of the move', () => {
    const g = withStack(blank(env), seg('axis'));
    put(g, 'IT-LIV-33', L(centre), {}, env);
    put(g, 'US-1-16', L(env.grid.neighbours(centre)[0]!), {}, env);
    const modes = flow
      .legalActions(env, g, 'axis')
      .filter((a) => a.type === 'mode')
      .map((a) => (a as { mode: string }).mode);
    expect(modes).toEqual(['move']);
  });
  it('TC-D12 (4.8a): more than 10 RE at the end of a segment: the owner destroys units', () => {
    const g = withStack(blank(env), seg('axis'));
    const ids = [
      'IT-LIV-33',
      'IT-LIV-34',
      'IT-NAP-75',
      'IT-NAP-76',
      'IT-ASS-29',
      'IT-ASS-30',
      'IT-AOS-5',
      'IT-AOS-6',
      'DE-15-104',
      'DE-15-115',
      'DE-15-129',
    ];
    for (const id of ids) put(g, id, L(centre), {}, env);
    expect(fieldsOf(env, g).re[1]![centre]).toBe(11);
    flow.perform(env, scriptedCtx(), g, { type: 'endPhase' });
    expect(g.stack.at(-1)).toMatchObject({ kind: 'overstack', side: 'axis' });
    flow.perform(env, scriptedCtx(), g, { type: 'remove', unit: 'IT-LIV-33' });
    expect(overstacked(env, g, 'axis')).toEqual([]);
    expect(g.units['IT-LIV-33']!.box).toBe('dead');
  });
});

/** Invariants that hold at every decision (4.8a stacking at segment ends, supply never negative, one mode). */
function checkInvariants(s: EngineState<OcsState>): void {
  const g = s.game;
  const top = g.stack.at(-1);
  if (top && (top.kind === 'combat' || top.kind === 'declare'))
    for (const side of env.sides) expect(overstacked(env, g, side)).toEqual([]);
  for (const side of env.sides)
    for (const t of Object.values(g.dumps[side] ?? {})) expect(Number.isInteger(t) && t >= 0).toBe(true);
  for (const u of Object.values(g.units)) {
    expect(['combat', 'move']).toContain(u.face); // 5.2 exactly one mode: the face, or the marker over it
    if (u.marker === 'strat') expect(u.face).toBe('move'); // 5.8
  }
}

describe('random legal play', () => {
  it('reaches the end of Husky with the invariants holding, and the record replays identically', () => {
    let s = game.setup('random-1', 'husky', {});
    let seed = 7;
    const rand = (n: number) => {
      seed = (seed * 1103515245 + 12345) & 0x7fffffff;
      return seed % n;
    };
    const actions: { role: string; action: unknown }[] = [];
    for (let i = 0; i < 5000 && !game.outcome(s); i++) {
      const d = game.decision(s)!;
      const legal = game.legalActions(s, d.role);
      const endPhase = legal.find((a) => a.type === 'endPhase');
      const a = endPhase && rand(10) < 3 ? endPhase : legal[rand(legal.length)]!;
      actions.push({ role: d.role, action: a });
      s = game.apply(s, d.role, a);
      checkInvariants(s);
    }
    expect(game.outcome(s)).not.toBeNull();
    expect(s.game.turn).toBeGreaterThanOrEqual(1);
    const record = { ...game.newRecord('random-1', 'husky', {}), actions };
    expect(game.hash(game.replay(record as never))).toBe(game.hash(s));
    expect(K(env, 'stackingRE')).toBe(10);
  }, 60_000);
});
