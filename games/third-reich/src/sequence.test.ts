import { describe, expect, it } from 'vitest';
import type { Pending } from './state.ts';
import { flow } from './sequence.ts';
import { act, b, decision, group, rules, scene, types, unitsOf } from './testing/scene.ts';

describe('the sequence of play on the flow kernel', () => {
  it('every pending kind has one decision handler, or the auto procedure', () => {
    const kinds: Pending['kind'][] = [
      'hand',
      'impulse',
      'card',
      'sv',
      'recover',
      'withdraw',
      'auto',
      'choose',
      'group',
      'path',
      'target',
      'window',
      'counter',
      'alloc',
      'retreat',
      'overflow',
      'reassign',
      'discard',
      'diplomacy',
      'develop',
      'freeMob',
    ];
    for (const k of kinds) expect(!!flow.spec.decisions[k] !== !!flow.spec.procedures?.[k], k).toBe(true);
    expect(Object.keys(flow.spec.procedures ?? {})).toEqual(['auto']);
  });

  it('5.0: set-up schedules the hands, Axis then Allies, before the first impulse', () => {
    const s = rules.setup({ roll: () => [], log: () => {}, irreversible: () => {}, seq: 0 }, 'campaign', {});
    expect(s.stack).toEqual([
      { kind: 'impulse', side: s.first }, // (3), from the player with more sources (5.0(2))
      { kind: 'hand', side: 'allies', left: 0 }, // (1): no Allied cards on turn 1 (4.0(6)); settled on reaching the top
      { kind: 'hand', side: 'axis', left: 4 },
    ]);
    expect(s.stack.at(-1)).toMatchObject({ kind: 'hand', side: 'axis', left: 4 });
  });

  it('a refused action names the rule that forbids it, not the rule of the decision on top', () => {
    let s = scene(
      [
        ['GE-LF', 'berlin', 2],
        ['GE-TF', 'berlin', 1, 1],
      ],
      { axis: ['ax2-blitz-1', 'ax2-blitz-2'] },
    );
    s = act(act(s, { type: 'play', card: 'ax2-blitz-1' }), { type: 'sv' });
    s = group(s, 'berlin', [['GE-LF', 1]]);
    expect(decision(s).kind).toBe('group');
    const [usedTank] = unitsOf(s, 'GE-TF', 'berlin');
    // the decision's own refusals
    expect(rules.explain!(s.game, 'axis', { type: 'add', unit: usedTank! })).toMatchObject({ rule: '7.1(1)' });
    // an action of a decision that is not pending: the rule that keeps it away
    expect(rules.explain!(s.game, 'axis', { type: 'play', card: 'ax2-blitz-2' })).toMatchObject({ rule: '6.1(1)' });
    expect(rules.explain!(s.game, 'axis', { type: 'hit', unit: 0 })).toMatchObject({ rule: '11.2' });
    // not this player's decision
    expect(rules.explain!(s.game, 'allies', { type: 'add', unit: usedTank! })?.message).toMatch(
      /not Allies's decision/,
    );
    s = act(s, { type: 'cancel' });
    s = act(s, { type: 'endSv' });
    expect(types(s)).not.toContain('sv');
    expect(rules.explain!(s.game, 'axis', { type: 'sv' })).toMatchObject({ rule: '6.1(3)' });
  });

  it('a decision with no real choice is settled by its auto hook (5.0(3): a player with nothing to do passes)', () => {
    const s = scene([['GE-LF', 'berlin', 1]], { axis: [], allies: [] });
    // the scene's impulse is on top without proceeding; one step of the flow settles it
    flow.proceed(b, { roll: () => [], log: () => {}, irreversible: () => {}, seq: 0 }, s.game);
    expect(s.game.passes).toBeGreaterThanOrEqual(1);
  });
});
