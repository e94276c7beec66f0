/**
 * Random legal play to the end, with the invariants every position must keep; replay and positions
 * reproduce the same game.
 */
import { randomIndex, seedRng } from '@sandtable/engine';
import { describe, expect, it } from 'vitest';
import { env, game } from './index.ts';
import { sideOf, stackLimit } from './units.ts';
import type { State } from './testing/index.ts';

function invariants(s: State): void {
  const g = s.game;
  const byHex = new Map<string, string[]>();
  for (const [id, u] of Object.entries(g.units)) {
    expect(u.status === 'map').toBe(u.hex !== null);
    if (u.hex) byHex.set(u.hex, [...(byHex.get(u.hex) ?? []), id]);
  }
  for (const [hex, here] of byHex) {
    const sides = new Set(here.map((u) => sideOf(env, u)));
    expect(sides.size, `${hex} holds both sides (9.6)`).toBe(1);
    expect(here.length, `${hex} overstacked (9.1)`).toBeLessThanOrEqual(stackLimit(env, sideOf(env, here[0]!)));
  }
  for (const [pool, p] of Object.entries(env.data.tables.untried)) {
    const revealed = env.data.units.filter((u) => u.untried === pool && g.units[u.id]!.revealed).length;
    expect(g.pools[pool]!.length + revealed, `pool ${pool} (21.0)`).toBe(p.values.length);
  }
  for (const side of ['german', 'soviet'] as const) {
    const a = g.air[side];
    const total = env.data.tables.air.markers[side].reduce((n, m) => n + m.n, 0);
    expect(a.cup.GA + a.cup.MB + a.drawn.GA + a.drawn.MB, `air markers (6.6)`).toBe(total);
  }
}

function randomGame(seed: string, options = {}): { s: State; steps: number; rec: ReturnType<typeof game.newRecord> } {
  let s = game.setup(seed, 'dubno', options, []);
  const rec = game.newRecord(seed, 'dubno', options);
  const rng = seedRng(`pick:${seed}`);
  let steps = 0;
  let vp = 0;
  while (!game.outcome(s) && steps < 5000) {
    const d = game.decision(s)!;
    const actions = game.legalActions(s, d.role);
    expect(actions.length, `decision ${d.prompt} offers no action`).toBeGreaterThan(0);
    // Prefer ending phases now and then, so games move on as players would.
    const end = actions.find((a) => a.type.startsWith('end') || a.type === 'stay');
    const a = end && randomIndex(rng, 4) === 0 ? end : actions[randomIndex(rng, actions.length)]!;
    s = game.apply(s, d.role, a);
    rec.actions.push({ role: d.role, action: a });
    invariants(s);
    const total = s.game.vp.german + s.game.vp.soviet;
    expect(total).toBeGreaterThanOrEqual(vp); // VP are never taken back (23.4)
    vp = total;
    steps++;
  }
  return { s, steps, rec };
}

describe('random legal play', () => {
  for (const [seed, options] of [
    ['r1', {}],
    ['r2', { holdOption: false, suppressedUnitShift: false }],
    ['r3', { allowMixedRoadMovement: true, germanFreeAdvance: 'none', suppressedMayMove: false }],
  ] as const) {
    it(`4.0, 23.0: game ${seed} plays to its end after turn 8 with every invariant kept, and replays identically`, () => {
      const { s, rec } = randomGame(seed, options);
      const o = game.outcome(s);
      expect(o).not.toBeNull();
      expect(o!.rule).toBe('23.2');
      expect(s.game.turn).toBe(env.data.tables.scenario.turns);
      expect(game.hash(game.replay(rec))).toBe(game.hash(s));
    });
  }

  it('the record replays to the same state; a saved position loads back to the same decision and views', () => {
    let s = game.setup('pos', 'dubno', {}, []);
    const rec = game.newRecord('pos', 'dubno', {});
    const rng = seedRng('pos');
    for (let i = 0; i < 400 && !game.outcome(s); i++) {
      const d = game.decision(s)!;
      const acts = game.legalActions(s, d.role);
      const a = acts[randomIndex(rng, acts.length)]!;
      s = game.apply(s, d.role, a);
      rec.actions.push({ role: d.role, action: a });
      if (i % 50 === 49) {
        const p = game.rules.position!.save(s.game);
        const back = game.setup('pos2', 'dubno', {}, [], JSON.parse(JSON.stringify(p)));
        expect(game.decision(back)).toEqual(game.decision(s));
        for (const role of ['german', 'soviet'] as const) {
          expect(game.legalActions(back, role)).toEqual(game.legalActions(s, role));
          expect(game.view(back, role).game).toEqual(game.view(s, role).game);
        }
      }
    }
    expect(game.hash(game.replay(rec))).toBe(game.hash(s));
  });
});
