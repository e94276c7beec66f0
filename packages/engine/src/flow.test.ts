import { describe, expect, it } from 'vitest';
import type { Ctx } from './contract.ts';
import { call, defineFlow, end, endThrough, goto, type Frame } from './flow.ts';

/**
 * A toy duel: each round `round` (a procedure) lets the active player `fire` or `pass`; a shot
 * calls the other player's `dodge` window, whose lone `pass` is automatic when they have no dodges.
 */
type Side = 'red' | 'blue';
type F =
  | { kind: 'round'; n: number }
  | { kind: 'shoot'; side: Side }
  | { kind: 'dodge'; side: Side }
  | { kind: 'hit'; side: Side };
type A = { type: 'fire' } | { type: 'pass' } | { type: 'dodge' };
interface G {
  stack: F[];
  hits: Record<Side, number>;
  dodges: Record<Side, number>;
  rounds: number;
  trace: string[];
}
const other = (s: Side): Side => (s === 'red' ? 'blue' : 'red');
const ctx: Ctx = { roll: () => [], log: () => {}, irreversible: () => {}, seq: 0 };

const flow = defineFlow<null, G, F, A>({
  name: 'duel',
  stack: (g) => g.stack,
  over: (g) => g.hits.red >= 2 || g.hits.blue >= 2,
  procedures: {
    round(_e, _ctx, g, f) {
      g.trace.push(`round ${f.n}`);
      if (f.n < g.rounds) call(g.stack, { kind: 'round', n: f.n + 1 });
      call(g.stack, { kind: 'shoot', side: f.n % 2 ? 'red' : 'blue' });
    },
    hit(_e, _ctx, g, f) {
      g.hits[f.side] += 1;
      g.trace.push(`hit ${f.side}`);
    },
  },
  decisions: {
    shoot: {
      rule: 'R1',
      role: (_e, _g, f) => f.side,
      prompt: (_e, _g, f) => ({ id: 'duel.shoot', params: { side: f.side }, en: `shoot or pass (${f.side})` }),
      actions: ['fire', 'pass'],
      legal: () => [{ type: 'fire' }, { type: 'pass' }],
      perform(_e, _ctx, g, f, a) {
        if (a.type === 'fire') {
          goto(g.stack, { kind: 'hit', side: other(f.side) });
          call(g.stack, { kind: 'dodge', side: other(f.side) });
        } else end(g.stack);
      },
    },
    dodge: {
      rule: 'R2',
      role: (_e, _g, f) => f.side,
      prompt: () => 'dodge or take the hit',
      actions: ['dodge', 'pass'],
      legal: (_e, g, f) => (g.dodges[f.side] > 0 ? [{ type: 'dodge' }, { type: 'pass' }] : [{ type: 'pass' }]),
      perform(_e, _ctx, g, f, a) {
        end(g.stack);
        if (a.type === 'dodge') {
          g.dodges[f.side] -= 1;
          endThrough(g.stack, 'hit');
          g.trace.push(`dodge ${f.side}`);
        }
      },
      refuse: (_e, g, f) => (g.dodges[f.side] === 0 ? { rule: 'R2.1', message: 'no dodges left' } : null),
      auto(_e, c, g, f, legal) {
        const only = legal();
        if (only.length !== 1) return false;
        this.perform(null, c, g, f, only[0]!);
        return true;
      },
    },
  },
});

function newDuel(rounds = 3, dodges = 1): G {
  const g: G = {
    stack: [{ kind: 'round', n: 1 }],
    hits: { red: 0, blue: 0 },
    dodges: { red: dodges, blue: dodges },
    rounds,
    trace: [],
  };
  flow.proceed(null, ctx, g);
  return g;
}

describe('the decision flow kernel', () => {
  it('runs procedures until a player must decide, and reports the decision in words', () => {
    const g = newDuel();
    expect(g.trace).toEqual(['round 1']);
    expect(flow.currentDecision(null, g)).toEqual({
      kind: 'shoot',
      role: 'red',
      rule: 'R1',
      prompt: 'shoot or pass (red)',
      message: { id: 'duel.shoot', params: { side: 'red' } },
    });
    expect(flow.legalActions(null, g, 'red')).toEqual([{ type: 'fire' }, { type: 'pass' }]);
    expect(flow.legalActions(null, g, 'blue')).toEqual([]);
  });

  it('call / return: a shot calls the target’s dodge window; the hit resumes after it', () => {
    const g = newDuel();
    flow.perform(null, ctx, g, { type: 'fire' });
    expect(flow.currentDecision(null, g)?.kind).toBe('dodge');
    expect(flow.currentDecision(null, g)?.role).toBe('blue');
    flow.perform(null, ctx, g, { type: 'pass' });
    expect(g.trace).toEqual(['round 1', 'hit blue', 'round 2']);
    expect(flow.currentDecision(null, g)).toMatchObject({ kind: 'shoot', role: 'blue' });
  });

  it('a dodge ends the called frames through the pending hit', () => {
    const g = newDuel();
    flow.perform(null, ctx, g, { type: 'fire' });
    flow.perform(null, ctx, g, { type: 'dodge' });
    expect(g.trace).toEqual(['round 1', 'dodge blue', 'round 2']);
    expect(g.hits.blue).toBe(0);
  });

  it('auto resolves a window with a lone pass, without asking', () => {
    const g = newDuel(3, 0);
    flow.perform(null, ctx, g, { type: 'fire' });
    expect(g.trace).toEqual(['round 1', 'hit blue', 'round 2']);
  });

  it('the game ends when `over` says so: no decision, no legal action', () => {
    const g = newDuel(5, 0);
    flow.perform(null, ctx, g, { type: 'fire' }); // round 1: red hits blue
    flow.perform(null, ctx, g, { type: 'pass' }); // round 2: blue passes
    flow.perform(null, ctx, g, { type: 'fire' }); // round 3: red hits blue again
    expect(g.hits.blue).toBe(2);
    expect(flow.currentDecision(null, g)).toBeNull();
    expect(flow.legalActions(null, g, 'blue')).toEqual([]);
  });

  it('refusals name the rule that forbids the action, not the rule of the decision on top', () => {
    const g = newDuel();
    // a dodge belongs to the dodge window (R2), which is not pending while red must shoot (R1): the
    // refusal cites R2 and names no kind or action id (issue #16: names, not ids)
    expect(flow.explain(null, g, 'red', { type: 'dodge' })).toEqual({
      rule: 'R2',
      message: 'not possible now: it belongs to another step of play; Red must decide now: shoot or pass (red)',
    });
    // an action of the decision on top, by the wrong player
    expect(flow.explain(null, g, 'blue', { type: 'fire' })).toEqual({
      rule: 'R1',
      message: "it is not Blue's decision; Red must decide now: shoot or pass (red)",
    });
    // the decision's own refusal
    const h = newDuel(3, 0);
    h.stack.push({ kind: 'dodge', side: 'blue' });
    expect(flow.explain(null, h, 'blue', { type: 'dodge' })).toEqual({ rule: 'R2.1', message: 'no dodges left' });
    expect(flow.ownersOf('fire')).toEqual([{ kind: 'shoot', rule: 'R1' }]);
    // a pass belongs to two kinds: a refusal names both
    expect(flow.ownersOf('pass')).toEqual([
      { kind: 'shoot', rule: 'R1' },
      { kind: 'dodge', rule: 'R2' },
    ]);
    expect(flow.ownersOf('nothing')).toEqual([]);
  });

  it('a frame kind with no handler, and a decision with no legal action, are rules bugs', () => {
    const g = newDuel();
    g.stack.push({ kind: 'nope' } as unknown as F);
    expect(() => flow.proceed(null, ctx, g)).toThrow(/no decision or procedure for frame kind "nope"/);
    const empty = defineFlow<null, { stack: Frame[] }, Frame, A>({
      name: 'empty',
      stack: (g) => g.stack,
      over: () => false,
      decisions: {
        x: { rule: 'X', role: () => 'a', prompt: () => 'x', actions: [], legal: () => [], perform: () => {} },
      },
    });
    expect(() => empty.proceed(null, ctx, { stack: [{ kind: 'x' }] })).not.toThrow(); // 'trust' does not look
    const strict = defineFlow({ ...empty.spec, onEmpty: 'throw' });
    expect(() => strict.proceed(null, ctx, { stack: [{ kind: 'x' }] })).toThrow(/offers no legal action/);
    const skipping = defineFlow({ ...empty.spec, onEmpty: 'skip' });
    const s = { stack: [{ kind: 'x' }] };
    skipping.proceed(null, ctx, s);
    expect(s.stack).toEqual([]);
  });

  it('a procedure on top (before proceed) is no decision', () => {
    const g = newDuel();
    g.stack.push({ kind: 'hit', side: 'red' });
    expect(flow.currentDecision(null, g)).toBeNull();
    expect(flow.legalActions(null, g, 'red')).toEqual([]);
  });

  it('a sequence that never settles is stopped by the loop guard', () => {
    const loop = defineFlow<null, { stack: Frame[] }, Frame, A>({
      name: 'loop',
      stack: (g) => g.stack,
      over: () => false,
      decisions: {},
      procedures: { spin: (_e, _c, g) => call(g.stack, { kind: 'spin' }) },
    });
    expect(() => loop.proceed(null, ctx, { stack: [{ kind: 'spin' }] })).toThrow(/did not settle/);
  });
});

describe('game-level refusals', () => {
  it('the spec may refuse first, by more than the action type', () => {
    const picky = defineFlow({
      ...flow.spec,
      refuse: (_e, g, role, a) =>
        a.type === 'fire' && role === 'blue' && g.hits.blue > 0 ? { rule: 'R9', message: 'blue is stunned' } : null,
    });
    const g = newDuel(3, 0);
    picky.perform(null, ctx, g, { type: 'fire' });
    expect(picky.explain(null, g, 'blue', { type: 'fire' })).toEqual({ rule: 'R9', message: 'blue is stunned' });
    expect(picky.explain(null, g, 'red', { type: 'dodge' })?.rule).toBe('R2');
  });
});

describe('flowRules', () => {
  it('binds the flow to the game environment as GameRules members', async () => {
    const { flowRules } = await import('./flow.ts');
    const rules = flowRules(flow, null);
    const g = newDuel();
    expect(rules.currentDecision(g)?.kind).toBe('shoot');
    expect(rules.legalActions(g, 'red')).toHaveLength(2);
    rules.perform(ctx, g, 'red', { type: 'pass' });
    expect(rules.currentDecision(g)).toMatchObject({ kind: 'shoot', role: 'blue' });
    expect(rules.explain?.(g, 'blue', { type: 'dodge' })?.rule).toBe('R2');
  });
});
