/**
 * Groups (7.0-7.2) over random play: no choice leads to a group that can only be cancelled
 * (issue 18), and an air move never comes back to an area it has passed (8.2(3)).
 */
import { describe, expect, it } from 'vitest';
import { randomIndex, seedRng } from '@sandtable/engine';
import { b, game, type S } from './testing/scene.ts';
import type { TRAction } from './actions.ts';

const GROUP_STEPS = new Set(['form', 'add']);

/** Random play from the set-up, calling `look` at every decision. */
function walk(seed: string, steps: number, look: (s: S, legal: TRAction[]) => void): void {
  const s = game.setup(seed);
  const rng = seedRng(seed);
  for (let i = 0; i < steps && !game.outcome(s); i++) {
    const d = game.decision(s)!;
    const legal = game.legalActions(s, d.role);
    look(s, legal);
    game.applyInPlace(s, d.role, legal[randomIndex(rng, legal.length)]!, true);
  }
}

describe('7.0-7.2 groups over random play', () => {
  it('7.2 (issue 18): no form or add leaves a group whose only choice is Cancel', () => {
    let checked = 0;
    for (const seed of ['g1', 'g2', 'g3']) {
      walk(seed, 1500, (s, legal) => {
        const d = game.decision(s)!;
        for (const a of legal) {
          if (!GROUP_STEPS.has(a.type)) continue;
          const next = game.apply(s, d.role, a);
          const after = game.decision(next);
          if (after?.kind !== 'group') continue;
          checked++;
          const types = game.legalActions(next, after.role).map((x) => x.type);
          expect(types, `${seed}: ${JSON.stringify(a)} in ${d.kind}`).not.toEqual(['cancel']);
        }
      });
    }
    expect(checked).toBeGreaterThan(100);
  });

  it('8.2(3) (issue 18): an air move is offered only along paths that do not come back to an area', () => {
    let checked = 0;
    for (const seed of ['a1', 'a2', 'a3']) {
      walk(seed, 1500, (s, legal) => {
        const act = s.game.act;
        if (game.decision(s)?.kind !== 'path' || act?.type !== 'airMove') return;
        for (const a of legal) {
          if (a.type !== 'to') continue;
          checked++;
          expect(act.path).not.toContain(b.areaIndex.get(a.area));
        }
      });
    }
    expect(checked).toBeGreaterThan(0);
  });
});
