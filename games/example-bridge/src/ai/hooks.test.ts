import { type AiPlayer, randomPlayer, searchPlayer } from '@sandtable/ai';
import { describe, expect, it } from 'vitest';
import { env } from '../index.ts';
import { at, game, start } from '../testing/index.ts';
import { northChance } from './hooks.ts';
import { ai } from './index.ts';

const chance = (units: Record<string, string | null>) => northChance(env, start(at('north movement', units)).game);

describe('AI hooks', () => {
  it('evaluate: North’s chance grows as it nears the south edge (8.1) and falls with its losses', () => {
    const atStart = chance({});
    expect(chance({ N1: '0103' })).toBeGreaterThan(atStart);
    expect(chance({ N1: '0104' })).toBeGreaterThan(chance({ N1: '0103' }));
    expect(chance({ N2: null })).toBeLessThan(atStart);
    expect(ai.hooks.evaluate(start(at('north movement')).game, 'south')).toBeCloseTo(1 - atStart);
  });

  it('priors: North tries its steps south first, and attacks by their odds (7.1)', () => {
    const s = start(at('north movement'));
    const actions = game.legalActions(s, 'north');
    const p = ai.hooks.priors!(s.game, 'north', actions);
    const of = (to: string) => p[actions.findIndex((a) => a.type === 'move' && a.unit === 'N1' && a.to === to)]!;
    expect(of('0102')).toBeGreaterThan(of('0201'));
    const c = start(at('north combat', { N1: '0202', N2: '0302', N3: '0402', S2: '0304' }));
    const pc = ai.hooks.priors!(c.game, 'north', [{ type: 'attack', hex: '0303' }]);
    const weak = start(at('north combat', { N2: '0302' }));
    expect(pc[0]).toBeGreaterThan(ai.hooks.priors!(weak.game, 'north', [{ type: 'attack', hex: '0303' }])[0]!);
  });

  it('the search on these hooks beats random play from either side (60 iterations a step)', () => {
    const wins = { north: 0, south: 0 };
    for (let i = 0; i < 2; i++) {
      for (const searcher of ['north', 'south'] as const) {
        const seats: Record<string, AiPlayer> = {
          north: searcher === 'north' ? searchPlayer(ai, `n${i}`, { iterations: 60 }) : randomPlayer(`n${i}`),
          south: searcher === 'south' ? searchPlayer(ai, `s${i}`, { iterations: 60 }) : randomPlayer(`s${i}`),
        };
        let s = game.setup(`ai${i}`);
        while (!game.outcome(s)) {
          const d = game.decision(s)!;
          s = game.apply(s, d.role, seats[d.role]!.choose(game.view(s, d.role)).action);
        }
        if (game.outcome(s)!.winner === searcher) wins[searcher]++;
      }
    }
    expect(wins.north).toBe(2);
    expect(wins.south).toBe(2);
  });
});
