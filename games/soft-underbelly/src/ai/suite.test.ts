import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { makePlayer, runCase, viewForAi } from '@sandtable/ai';
import { softUnderbelly, type SUState } from '../index.ts';
import { ai } from './index.ts';
import { emptiedStars, suite } from './suite.ts';

describe('Soft Underbelly position suite (#20)', () => {
  it('every position loads with its side to play', () => {
    expect(suite.cases.length).toBeGreaterThanOrEqual(12);
    for (const c of suite.cases) {
      const s = softUnderbelly.setup('t', undefined, {}, undefined, JSON.parse(readFileSync(c.position, 'utf8')));
      expect(softUnderbelly.decision(s)?.role, c.name).toBe(c.side);
    }
  });

  it('#18.8, §6 L83, §40 L408: from the opening, the Axis keeps its stars next to Allied units held through its first impulse', () => {
    // The set-up's default Axis deployment, then the Allies' first impulse played by a small search.
    const s = softUnderbelly.setup('opening');
    const allies = makePlayer(ai, 'easy', 'opening', { iterations: 30, timeMs: 600_000 });
    for (let i = 0; i < 400; i++) {
      const d = softUnderbelly.decision(s)!;
      const legal = softUnderbelly.legalActions(s, d.role);
      if (d.role === 'axis' && s.game.phase !== 'setup' && s.game.stack.at(-1)?.kind === 'impulse') break;
      const deploy = legal.find((a) => a.type === 'deployDefault');
      const action = deploy ?? allies.choose(viewForAi(ai, s, d.role)).action;
      softUnderbelly.applyInPlace(s, d.role, action as never, true);
    }
    const position = softUnderbelly.positionOf(s);
    const opening = {
      ...suite.cases[0]!,
      name: 'opening',
      side: 'axis',
      right: (_s: SUState, g: SUState) => emptiedStars(g, 'axis').length === 0,
    };
    for (let run = 0; run < 2; run++) {
      const r = runCase(ai, suite, opening, position, run, { budget: { iterations: 60, timeMs: 600_000 } });
      expect(r.right, `run ${run}: ${r.played.map((a) => JSON.stringify(a)).join(' ')}`).toBe(true);
    }
  });
});
