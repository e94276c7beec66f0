/**
 * The example positions of `positions/` (POSITIONS.md) start records and play by the rules: the
 * printed turn-1 attack phase (9.1).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadProkhorovkaData, makeEnv, prokhorovka } from '../index.ts';

const read = (name: string) => JSON.parse(readFileSync(new URL(`../../positions/${name}`, import.meta.url), 'utf8'));

describe('positions/first-attack.json: turn 1, the German normal attack phase (5.1(4), 9.0)', () => {
  it('9.1: the German may declare attacks only by units next to a Soviet unit, on those units', () => {
    const grid = makeEnv(loadProkhorovkaData()).b.grid;
    let s = prokhorovka.replay(prokhorovka.newRecord('lesson', undefined, {}, [], read('first-attack.json')));
    expect(prokhorovka.decision(s)).toMatchObject({ kind: 'normalAttack', role: 'DE' });
    const at = new Map(s.game.units.map((u) => [u.id, u]));
    const attackers = prokhorovka.legalActions(s, 'DE').filter((a) => a.type === 'pickAttacker');
    expect(attackers.length).toBeGreaterThan(0);
    for (const a of attackers) {
      const unit = (a as { unit: string }).unit;
      expect(at.get(unit)?.side).toBe('DE');
      expect(at.get(unit)?.designated).toBe(false); // 5.1(3)1: designated stacks attack in the reserve phase
      const picked = prokhorovka.apply(s, 'DE', a);
      const targets = prokhorovka.legalActions(picked, 'DE').filter((t) => t.type === 'attack');
      expect(targets.length, `${unit} has a target`).toBeGreaterThan(0);
      for (const t of targets) {
        const target = at.get((t as { target: string }).target)!;
        expect(target.side).toBe('SU');
        expect(grid.distance(at.get(unit)!.hex, target.hex), `${unit} next to ${target.id}`).toBe(1);
      }
    }
    s = prokhorovka.apply(s, 'DE', { type: 'endPhase' });
    expect(prokhorovka.decision(s)?.kind).not.toBe('normalAttack');
  });
});
