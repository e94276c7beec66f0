import { describe, expect, it } from 'vitest';
import { AiWorker } from './worker.ts';
import { chooseAction } from './choose.ts';
import { pig } from './testing/pig.ts';
import './testing/preload.ts';

/** The worker thread registers Pig's AI before it serves (the AI itself knows no game). */
const PRELOAD = [new URL('./testing/preload.ts', import.meta.url).href];

const position = () => pig.apply(pig.setup('w', 'standard', {}, [2, 3, 4]), 'a', { type: 'roll' });

describe('AI off the main thread, with a budget and cancellation', () => {
  it('a worker thread answers within its time budget with a legal action', async () => {
    const w = new AiWorker(PRELOAD);
    try {
      const view = pig.view(position(), 'a');
      await w.choose(view, { ai: 'easy', seed: 'warm', iterations: 10 }); // thread start-up
      const t0 = performance.now();
      const c = await w.choose(view, { ai: 'normal', seed: 's', timeMs: 150 });
      const took = performance.now() - t0;
      expect(view.actions).toContainEqual(c.action);
      expect(c.stats!.iterations).toBeGreaterThan(20);
      // 150 ms is the impulse's budget: its first step spends 60% of it (90 ms) unless the choice settles sooner
      if (!c.stats!.stoppedEarly) expect(took).toBeGreaterThan(80);
      expect(took).toBeLessThan(150 + 700); // well under 'normal''s own 1 s: the 150 ms budget ruled (margin for a loaded machine)
    } finally {
      await w.close();
    }
  });

  it('aborting stops a long search early with the best action so far', async () => {
    const w = new AiWorker(PRELOAD);
    try {
      const view = pig.view(position(), 'a');
      await w.choose(view, { ai: 'easy', seed: 'warm', iterations: 10 });
      const ctrl = new AbortController();
      const t0 = performance.now();
      setTimeout(() => ctrl.abort(), 100);
      const c = await w.choose(view, { ai: 'hard', seed: 's', timeMs: 10_000, signal: ctrl.signal });
      const took = performance.now() - t0;
      // the budget was 10 s: ending within 2 s proves the abort stopped it (margin for a loaded CI machine)
      expect(took).toBeLessThan(2_000);
      expect(view.actions).toContainEqual(c.action);
      expect(c.stats!.iterations).toBeGreaterThan(0);
    } finally {
      await w.close();
    }
  });

  it('in-thread chooseAction respects an abort signal too', async () => {
    const view = pig.view(position(), 'a');
    const ctrl = new AbortController();
    setTimeout(() => ctrl.abort(), 50);
    const t0 = performance.now();
    const c = await chooseAction(view, { ai: 'hard', seed: 'x', signal: ctrl.signal });
    // 'hard' searches 4 s: ending within 1.5 s proves the abort stopped it (margin for a loaded CI machine)
    expect(performance.now() - t0).toBeLessThan(1_500);
    expect(view.actions).toContainEqual(c.action);
  });
});
