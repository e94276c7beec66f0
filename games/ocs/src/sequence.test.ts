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
  it('5.4 a unit changes its mode once, at the start of its move', () => {
    const g = withStack(blank(env), seg('axis'));
    put(g, 'IT-LIV-33', L(centre), {}, env);
    flow.perform(env, scriptedCtx(), g, { type: 'mode', unit: 'IT-LIV-33', mode: 'move' });
    expect(g.units['IT-LIV-33']!.face).toBe('move');
    expect(flow.legalActions(env, g, 'axis').filter((a) => a.type === 'mode')).toEqual([]);
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
  for (const [id, u] of Object.entries(g.units)) // 12.1b loaded SP are part of the dump of their hex
    if (u.loadT) expect(u.loadT).toBeLessThanOrEqual(g.dumps[env.counters.get(id)!.side]?.[u.hex] ?? 0);
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

describe('5.7 reserve', () => {
  it('5.7g, 16.0f (A8): at the end of a Movement Segment a Reserve unit with a hedgehog loses its marker', () => {
    const g = withStack(blank(env), seg('axis'));
    put(g, 'IT-LIV-33', L(centre), { marker: 'reserve' }, env);
    put(g, 'IT-LIV-34', L(env.grid.neighbours(centre)[0]!), { marker: 'reserve' }, env);
    g.hedgehogs[centre] = { side: 'axis', level: 1 };
    flow.perform(env, scriptedCtx(), g, { type: 'endPhase' });
    expect(g.units['IT-LIV-33']!.marker).toBeUndefined();
    expect(g.units['IT-LIV-34']!.marker).toBe('reserve');
  });
  it('5.7b reserves are released in the Reaction Phase and move at half MA; unreleased they may not move', () => {
    const g = withStack(blank(env), seg('axis', 'reaction'));
    put(g, 'IT-LIV-33', L(centre), { marker: 'reserve' }, env); // MA 3 on its combat face
    const to = env.grid.neighbours(centre)[0]!;
    expect(flow.explain(env, g, 'axis', { type: 'move', unit: 'IT-LIV-33', to })).toMatchObject({ rule: '7.0a' });
    flow.perform(env, scriptedCtx(), g, { type: 'release', unit: 'IT-LIV-33' });
    expect(g.units['IT-LIV-33']!.marker).toBeUndefined();
    flow.perform(env, scriptedCtx(), g, { type: 'move', unit: 'IT-LIV-33', to });
    const f = g.stack.at(-1) as Extract<Frame, { kind: 'movement' }>;
    expect(f.spent['IT-LIV-33']).toBe(1);
    const next = env.grid.neighbours(to).find((n) => n !== centre && env.grid.distance(n, centre) === 2)!;
    expect(flow.explain(env, g, 'axis', { type: 'move', unit: 'IT-LIV-33', to: next })).toMatchObject({ rule: '6.1b' }); // 1.5 MP: half of 3
  });
});

describe('12.11 dumps', () => {
  it('T-BLOW-1 (12.11a): 3 SP of a 4-SP dump blown at 75%: 2.25 SP = 9T destroyed, 1 SP 3T left; once a phase', () => {
    const g = withStack(blank(env), seg('axis'));
    g.dumps.axis![centre] = 16;
    expect(flow.legalActions(env, g, 'axis')).toContainEqual({ type: 'blow', hex: centre, tokens: 12 });
    flow.perform(env, scriptedCtx([4]), g, { type: 'blow', hex: centre, tokens: 12 }); // die 4: 75%
    expect(g.dumps.axis![centre]).toBe(7);
    expect(flow.explain(env, g, 'axis', { type: 'blow', hex: centre, tokens: 4 })).toMatchObject({ rule: '12.11a' });
  });
});

describe('13.2 transport points', () => {
  it('T-TP-1 (13.2f): loading costs 10% of the printed MA (16 -> 1.6 -> 2 MP); the SP travel with the truck and unload where a friendly unit is', () => {
    const g = withStack(blank(env), seg('allied'));
    put(g, 'US-TRK1', L(centre), { face: 'move' }, env); // 5 points, MA 16
    g.dumps.allied![centre] = 12;
    expect(flow.legalActions(env, g, 'allied')).toContainEqual({ type: 'load', unit: 'US-TRK1', tokens: 12 });
    flow.perform(env, scriptedCtx(), g, { type: 'load', unit: 'US-TRK1', tokens: 12 });
    const f = g.stack.at(-1) as Extract<Frame, { kind: 'movement' }>;
    expect(f.spent['US-TRK1']).toBe(2);
    const to = env.grid.neighbours(centre)[0]!;
    put(g, 'US-1-16', L(to), {}, env);
    flow.perform(env, scriptedCtx(), g, { type: 'move', unit: 'US-TRK1', to });
    expect(g.dumps.allied![centre]).toBeUndefined();
    expect(g.dumps.allied![to]).toBe(12);
    expect(flow.legalActions(env, g, 'allied')).toContainEqual({ type: 'unload', unit: 'US-TRK1', tokens: 12 });
    flow.perform(env, scriptedCtx(), g, { type: 'unload', unit: 'US-TRK1', tokens: 12 });
    expect(g.units['US-TRK1']!.loadT).toBeUndefined();
    expect(g.dumps.allied![to]).toBe(12);
  });
});

describe('16.0 hedgehogs', () => {
  it('T-HH-1, D-41 (16.0b): 1 RE in Combat Mode that has not moved builds a level for 2 SP, +1 level a turn', () => {
    const g = withStack(blank(env), seg('axis'));
    put(g, 'IT-LIV-33', L(centre), {}, env);
    g.dumps.axis![centre] = 16;
    g.version++;
    flow.perform(env, scriptedCtx(), g, { type: 'hedgehog', hex: centre });
    expect(g.hedgehogs[centre]).toEqual({ side: 'axis', level: 1 });
    expect(g.dumps.axis![centre]).toBe(8);
    expect(flow.explain(env, g, 'axis', { type: 'hedgehog', hex: centre })).toMatchObject({ rule: '16.0b' });
    const f = g.stack.at(-1) as Extract<Frame, { kind: 'movement' }>;
    expect(f.done).toContain('IT-LIV-33'); // the builder may not move
  });
  it('16.0b a battalion alone (1/2 RE) cannot build; 5.10e nor a DG unit', () => {
    const g = withStack(blank(env), seg('axis'));
    put(g, 'DE-FJ-MG', L(centre), {}, env);
    put(g, 'IT-LIV-34', L(centre), { marker: 'dg' }, env);
    g.dumps.axis![centre] = 16;
    g.version++;
    expect(flow.explain(env, g, 'axis', { type: 'hedgehog', hex: centre })).toMatchObject({ rule: '16.0b' });
  });
});

describe('12.5 fuel', () => {
  it('T-FUEL (12.5c A, 12.5d): 1 SP fuels a whole formation until its Clean Up; single-unit fuel lasts the phase', () => {
    const g = withStack(blank(env), seg('axis'));
    put(g, 'DE-15-104', L(centre), { face: 'move' }, env);
    put(g, 'DE-15-115', L(centre), { face: 'move' }, env);
    g.dumps.axis![centre] = 8;
    g.version++;
    expect(flow.legalActions(env, g, 'axis')).toContainEqual({ type: 'fuel', unit: 'DE-15-104', method: 'formation' });
    flow.perform(env, scriptedCtx(), g, { type: 'fuel', unit: 'DE-15-104', method: 'formation' });
    const [a, b] = env.grid.neighbours(centre) as [number, number];
    flow.perform(env, scriptedCtx(), g, { type: 'move', unit: 'DE-15-104', to: a });
    expect(flow.explain(env, g, 'axis', { type: 'move', unit: 'DE-15-115', to: b })).toBeNull();
    flow.perform(env, scriptedCtx(), g, { type: 'move', unit: 'DE-15-115', to: b });
    expect(g.dumps.axis![centre]).toBe(4); // 1 SP for the formation, nothing more
    expect(g.fueled?.axis).toEqual(['DE-15PG']);
  });
  it('12.5c B, 12.5e a fueled HQ fuels the independent units in its throw range', () => {
    const g = withStack(blank(env), seg('axis'));
    const hq = env.hexOf('43.19'); // 5 hexes from the Messina source: it draws
    put(g, 'DE-XIV', L(hq), {}, env);
    put(g, 'IT-GME', L(env.hexOf('43.15')), {}, env); // an independent tank group in throw range
    put(g, 'IT-GMF', L(env.hexOf('20.05')), {}, env); // far away
    g.dumps.axis![hq] = 4;
    g.dumps.axis![env.hexOf('20.05')] = 1;
    g.version++;
    flow.perform(env, scriptedCtx(), g, { type: 'fuel', unit: 'DE-XIV', method: 'hq' });
    expect(g.dumps.axis![hq]).toBeUndefined();
    expect(flow.explain(env, g, 'axis', { type: 'move', unit: 'IT-GME', to: env.hexOf('43.14') })).toBeNull(); // no dump near it: fueled by the HQ
    flow.perform(env, scriptedCtx(), g, { type: 'move', unit: 'IT-GME', to: env.hexOf('43.14') });
    flow.perform(env, scriptedCtx(), g, { type: 'move', unit: 'IT-GMF', to: env.hexOf('20.04') });
    expect(g.dumps.axis![env.hexOf('20.05')]).toBeUndefined(); // it paid its own 1T (12.5c C)
  });
});

describe('8.0 overrun', () => {
  const target = env.grid.neighbours(centre)[0]!;
  function overrunBoard(): OcsState {
    const g = withStack(blank(env), seg('allied'));
    put(g, 'T-PZ', L(centre), {}, env); // 6 combat strength, 6 track MP
    put(g, 'IT-18CB', L(target), { lost: 1 }, env); // a coastal brigade down to its last step
    g.dumps.allied![centre] = 4;
    g.version++;
    return g;
  }
  it('8.1a-b, 12.5b: an overrun costs 3 MP and fuel; a successful one must advance (9.12g D) and never exploits (8.1e)', () => {
    const g = overrunBoard();
    expect(flow.explain(env, g, 'allied', { type: 'overrun', unit: 'T-PZ', hex: target })).toBeNull();
    expect(flow.legalActions(env, g, 'allied')).toContainEqual({ type: 'overrun', unit: 'T-PZ', hex: target });
    const ctx = scriptedCtx([1, 2, 3, 3]); // surprise 3+4 = 7: none on the overrun table; combat 6+4 = 10
    flow.perform(env, ctx, g, { type: 'overrun', unit: 'T-PZ', hex: target });
    expect(g.units['IT-18CB']!.box).toBe('dead');
    expect(flow.legalActions(env, g, 'allied')).toEqual([{ type: 'advance', units: ['T-PZ'] }]);
    flow.perform(env, ctx, g, { type: 'advance', units: ['T-PZ'] });
    const f = g.stack.at(-1) as Extract<Frame, { kind: 'movement' }>;
    expect(g.units['T-PZ']!.hex).toBe(target);
    expect(f.spent['T-PZ']).toBe(3);
    expect(g.units['T-PZ']!.marker).toBeUndefined();
    expect(g.dumps.allied![centre]).toBe(2); // 1T fuel, 1T combat supply
    expect(f.done).not.toContain('T-PZ'); // it may go on moving (8.0 3)
  });
  it('8.1a an overrun needs 3 MP left; 5.10b C never by a DG unit', () => {
    const g = overrunBoard();
    (g.stack.at(-1) as Extract<Frame, { kind: 'movement' }>).spent['T-PZ'] = 4;
    expect(flow.explain(env, g, 'allied', { type: 'overrun', unit: 'T-PZ', hex: target })).toMatchObject({
      rule: '8.1a',
    });
    const h = overrunBoard();
    h.units['T-PZ']!.marker = 'dg';
    expect(flow.explain(env, h, 'allied', { type: 'overrun', unit: 'T-PZ', hex: target })).toMatchObject({
      rule: '8.1',
    });
  });
});

describe('12.6-12.10 the Supply Phase', () => {
  const far = env.hexOf('10.05'); // far from every Axis source (Messina, the Calabrian edge)
  const supplyPhase = (g: OcsState, dice: number[]) => {
    g.stack = [{ kind: 'endTurn', turn: 11 }, { kind: 'supplyPhase', side: 'axis' }, seg('axis')];
    g.version++;
    flow.perform(env, scriptedCtx(dice), g, { type: 'endPhase' });
  };
  it('12.6d, 12.8a-b a unit that can neither trace nor eat is marked OOS and rolls for attrition (AR 3, 12: all)', () => {
    const g = blank(env);
    put(g, 'IT-LIV-33', L(far), {}, env);
    put(g, 'IT-LIV-34', L(env.hexOf('10.10')), {}, env);
    supplyPhase(g, [6, 6, 1, 1]);
    expect(g.units['IT-LIV-33']!.box).toBe('dead');
    expect(g.units['IT-LIV-34']!.oos).toBe(true); // 1+1 on AR 3: no loss
    expect(g.units['IT-LIV-34']!.hex).toBe(env.hexOf('10.10'));
  });
  it('12.6c a unit without trace eats 1T per 2 RE (rounded up) from a dump it can draw on, and is not OOS', () => {
    const g = blank(env);
    put(g, 'IT-LIV-33', L(far), {}, env);
    g.dumps.axis![far] = 3;
    supplyPhase(g, []);
    expect(g.units['IT-LIV-33']!.oos).toBeUndefined();
    expect(g.dumps.axis![far]).toBe(2);
  });
  it('12.10e recovery comes first and is mandatory: a Low unit recovers for 2T', () => {
    const g = blank(env);
    put(g, 'IT-LIV-33', L(far), { stocks: 'low' }, env);
    g.dumps.axis![far] = 2;
    supplyPhase(g, [1, 1]);
    expect(g.units['IT-LIV-33']!.stocks).toBeUndefined();
    expect(g.dumps.axis![far]).toBeUndefined();
    expect(g.units['IT-LIV-33']!.oos).toBe(true); // nothing left to eat after the recovery (12.10e A)
  });
});
