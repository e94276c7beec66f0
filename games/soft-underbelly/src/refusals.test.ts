/**
 * Every refusal names the rule that forbids the action (issue #18 item 4): the decision on top
 * explains its own actions, and an action no pending decision accepts is refused by its own rule.
 */
import { describe, expect, it } from 'vitest';
import { canonicalJson, randomIndex, seedRng, type EngineState } from '@sandtable/engine';
import type { SUAction } from './actions.ts';
import { softUnderbelly } from './index.ts';
import { suFlow } from './sequence.ts';
import type { SUState } from './state.ts';
import { go, passWindows, position as empty, put, startImpulse } from './testing/fixtures.ts';

const explain = (s: EngineState<SUState>, role: string, a: SUAction) => softUnderbelly.rules.explain!(s.game, role, a);
/** An empty real map with an Allied cube in Tunis (19) and an Axis cube in Munich (01). */
function position(opts = {}, dice: number[] = []) {
  const p = empty(opts, dice);
  put(p.s, p.data, 'axis', '01', 1);
  put(p.s, p.data, 'allies', '19', 1);
  return p;
}
/** A rule citation: a section (§12), a line (L432) or an ambiguity (AMB-35). */
const CITES = /§\d+|L\d{2,3}|AMB-\d+/;
const CLOSING = new Set(['pass', 'done', 'cancel']);

describe('refusals name their rule (issue #18 item 4)', () => {
  it('an Extra Impulse asked for with its track full cites the track (§44 L432), in any impulse', () => {
    const p = position({}, [6, 1]);
    startImpulse(p.s, p.data, 'allies');
    p.s = passWindows(p.game, p.s);
    p.s.game.ev.allies.track.extraImpulse = 4;
    const extra: SUAction = { type: 'event', event: 'extraImpulse' };
    expect(p.game.decision(p.s)).toMatchObject({ kind: 'impulse', role: 'allies' });
    expect(explain(p.s, 'allies', extra)?.rule).toMatch(/L432/);
    expect(() => p.game.apply(p.s, 'allies', extra)).toThrow(/L432/);
    startImpulse(p.s, p.data, 'axis');
    p.s = passWindows(p.game, p.s);
    expect(p.game.decision(p.s)).toMatchObject({ kind: 'impulse', role: 'axis' });
    expect(explain(p.s, 'allies', extra)?.rule).toMatch(/L432/);
  });

  it('Allied Reinforcements played during an Axis impulse cite §45 L440', () => {
    const p = position({}, [6, 1]);
    startImpulse(p.s, p.data, 'axis');
    const reinforcements: SUAction = { type: 'event', event: 'reinforcements', area: '19' };
    // in the Allied reaction window before the Axis moves, and while the Axis decides
    expect(p.game.decision(p.s)).toMatchObject({ kind: 'react', role: 'allies' });
    expect(explain(p.s, 'allies', reinforcements)?.rule).toMatch(/§45 L440/);
    expect(() => p.game.apply(p.s, 'allies', reinforcements)).toThrow(/§45 L440/);
    p.s = passWindows(p.game, p.s);
    expect(p.game.decision(p.s)).toMatchObject({ kind: 'impulse', role: 'axis' });
    // The rules explain it; the engine's apply still answers "not your decision" (the Axis impulse's
    // rule) first when the player has no legal action at all.
    expect(explain(p.s, 'allies', reinforcements)?.rule).toMatch(/§45 L440/);
  });

  it('impulse actions out of their impulse cite §11 L132; reinforcements out of their phase cite §9', () => {
    const p = position({}, [6, 1]);
    startImpulse(p.s, p.data, 'axis');
    p.s = passWindows(p.game, p.s);
    expect(explain(p.s, 'allies', { type: 'select', area: '19' })?.rule).toMatch(/§11 L132/);
    expect(explain(p.s, 'allies', { type: 'attack', target: '18' })?.rule).toMatch(/§11 L132/);
    expect(explain(p.s, 'allies', { type: 'place', area: '19' })?.rule).toMatch(/§9 L114/);
    expect(explain(p.s, 'allies', { type: 'convert', area: '19', id: 'us-air-1' })?.rule).toMatch(/§10/);
    expect(explain(p.s, 'axis', { type: 'loss', unit: 'cube', from: '01' })?.rule).toMatch(/§21/);
  });

  it('walking random games, every illegal action met on the way is refused with a rule cited', () => {
    const rng = seedRng('refusals');
    let checked = 0;
    for (const seed of ['r1', 'r2']) {
      let s = softUnderbelly.setup(seed, 'campaign', {});
      const seen = new Map<string, SUAction>();
      for (let step = 0; step < 400 && !softUnderbelly.outcome(s); step++) {
        const d = softUnderbelly.decision(s)!;
        const top = suFlow.top(s.game)!.kind;
        const legal = softUnderbelly.legalActions(s, d.role);
        for (const a of legal) seen.set(canonicalJson(a), a);
        const now = new Set(legal.map((a) => canonicalJson(a)));
        const pool = [...seen.values()];
        for (let k = 0; k < 12; k++) {
          const a = pool[randomIndex(rng, pool.length)]!;
          for (const role of ['allies', 'axis']) {
            if (role === d.role && now.has(canonicalJson(a))) continue;
            const why = explain(s, role, a);
            expect(why, `${role} ${canonicalJson(a)} at ${d.kind}`).not.toBeNull();
            expect(why!.rule, `${role} ${canonicalJson(a)} at ${d.kind}: ${why!.message}`).toMatch(CITES);
            expect(why!.message.length).toBeGreaterThan(0);
            // An action of a kind that is not on top cites its own kind's (or a specific) rule, never the
            // top's; the closing words of many decisions (pass, done, cancel) are refused by the decision now.
            const owners = suFlow.ownersOf(a.type);
            if (!CLOSING.has(a.type) && !owners.some((o) => o.kind === top || o.rule === d.rule))
              expect(why!.rule, `${role} ${canonicalJson(a)} at ${d.kind}: ${why!.message}`).not.toBe(d.rule);
            checked++;
          }
        }
        s = softUnderbelly.apply(s, d.role, legal[randomIndex(rng, legal.length)]!);
      }
    }
    expect(checked).toBeGreaterThan(5000);
  });

  it('a decision refuses its own actions with its own rule', () => {
    const p = position({}, [6, 1]);
    startImpulse(p.s, p.data, 'allies');
    p.s = passWindows(p.game, p.s);
    go(p, 'allies', { type: 'endMovement' });
    p.s = passWindows(p.game, p.s);
    expect(explain(p.s, 'allies', { type: 'select', area: '19' })?.rule).toMatch(/§11 L132/);
    expect(explain(p.s, 'allies', { type: 'attack', target: '01' })?.rule).toMatch(/§18 L198/);
  });
});
