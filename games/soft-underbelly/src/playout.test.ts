/** Smoke: seeded random playouts terminate with an outcome by turn 8; replay reproduces the hash. */
import { randomPlayout } from '@sandtable/engine';
import { describe, expect, it } from 'vitest';
import { softUnderbelly as G } from './index.ts';

describe('random playouts', () => {
  it('§6, §7 L87: 50 seeded random playouts reach an outcome by the end of turn 8', () => {
    for (let i = 0; i < 50; i++) {
      const s = G.setup(`smoke-${i}`);
      const r = randomPlayout(G, s, `chooser-${i}`, { maxSteps: 50_000, inPlace: true });
      const o = G.outcome(r.state);
      expect(o, `game ${i} ended without outcome after ${r.steps} steps`).not.toBeNull();
      expect(r.state.game.turn).toBeLessThanOrEqual(8);
    }
  });

  it('replay(record) reproduces the same state hash', () => {
    for (let i = 0; i < 5; i++) {
      const s = G.setup(`replay-${i}`);
      const r = randomPlayout(G, s, `c-${i}`, { maxSteps: 50_000, record: true });
      const rec = { ...G.newRecord(`replay-${i}`), actions: r.actions };
      const back = G.replay(rec);
      expect(G.hash(back)).toBe(G.hash(r.state));
      expect(G.outcome(back)).toEqual(G.outcome(r.state));
    }
  });

  it('every decision offers a legal action and every listed action is accepted by apply', () => {
    let s = G.setup('strict');
    for (let step = 0; step < 600 && !G.outcome(s); step++) {
      const d = G.decision(s)!;
      const legal = G.legalActions(s, d.role);
      expect(legal.length).toBeGreaterThan(0);
      expect(G.legalActions(s, d.role === 'allies' ? 'axis' : 'allies')).toEqual([]);
      s = G.apply(s, d.role, legal[(step * 7919) % legal.length]);
    }
  });
});
