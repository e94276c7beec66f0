import { randomIndex, type RuleError, seedRng } from '@sandtable/engine';
import { describe, expect, it } from 'vitest';
import { prokhorovka } from '../index.ts';
import type { Position } from './index.ts';

const codec = prokhorovka.rules.position!;

/** States along a random game (several seeds). */
function* randomStates(seed: string, steps: number) {
  const chooser = seedRng(`pos:${seed}`);
  let s = prokhorovka.setup(seed);
  for (let i = 0; i < steps && !prokhorovka.outcome(s); i++) {
    yield s;
    const d = prokhorovka.decision(s)!;
    const legal = prokhorovka.legalActions(s, d.role);
    s = prokhorovka.apply(s, d.role, legal[randomIndex(chooser, legal.length)]!);
  }
}

const start = () => codec.save(prokhorovka.setup('p').game) as Position;
const refusal = (p: unknown) => {
  try {
    codec.load(p, {});
  } catch (e) {
    return e as RuleError;
  }
  throw new Error('the position was accepted');
};

describe('positions (POSITIONS.md)', () => {
  it('load(save(g)) is g, through JSON, on states along random games', () => {
    let n = 0;
    for (const seed of ['a', 'b', 'c']) {
      for (const s of randomStates(seed, 900)) {
        if (n++ % 7) continue;
        const json = JSON.parse(JSON.stringify(codec.save(s.game)));
        expect(codec.load(json, {})).toEqual(s.game);
      }
    }
    expect(n).toBeGreaterThan(1000);
  });

  it('units are named by id on hexes by label or in a box', () => {
    const p = start();
    expect(p.format).toBe('prokhorovka-position/1');
    expect(
      p.units.every((u) => /^\d{4}$/.test(u.at) || ['reserve', 'eliminated', 'arriving', 'as-chit'].includes(u.at)),
    ).toBe(true);
  });

  it('3.4(1): two stacks in one hex are refused', () => {
    const p = start();
    const [a, b] = p.units.filter((u) => /^\d{4}$/.test(u.at));
    b!.at = a!.at;
    expect(refusal(p).message).toMatch(/both in hex .*one stack to a hex.*\[3\.4\(1\)\]/s);
  });

  it('2.1: an unknown unit and a missing one are refused', () => {
    const p = start();
    p.units[0]!.id = 'no-such-unit';
    const e = refusal(p);
    expect(e.message).toMatch(/no unit "no-such-unit"/);
    expect(e.message).toMatch(/is missing/);
    expect(e.rule).toContain('2.1');
  });

  it('2.1: a hex off the map names its path', () => {
    const p = start();
    p.units[0]!.at = '9999';
    expect(refusal(p).message).toMatch(/units\.0\.at: no hex "9999"/);
  });

  it('3.4(2): more equipment chits under a unit than its equipment value', () => {
    const p = start();
    const unit = p.units.find((u) => u.side === 'DE' && /^\d{4}$/.test(u.at))!;
    for (const c of p.equip.filter((c) => c.id.startsWith('DE'))) c.loc = unit.id;
    expect(refusal(p).message).toMatch(/holds \d+ equipment chits, more than its/);
  });

  it('3.5: a chit under a unit of the other side', () => {
    const p = start();
    const soviet = p.units.find((u) => u.side === 'SU')!;
    const german = p.equip.find((c) => c.id.startsWith('DE'))!;
    german.loc = soviet.id;
    expect(refusal(p).message).toMatch(/of the other side/);
  });

  it('a malformed position names the path', () => {
    const p = start() as unknown as Record<string, unknown>;
    p.turn = 'one';
    expect(refusal(p).message).toMatch(/turn: /);
  });

  it('5.0: a position with nobody to act is refused', () => {
    const p = start();
    p.stack = [{ kind: 'nextPhase' }];
    expect(refusal(p).message).toMatch(/automatic step "nextPhase"/);
  });
});

describe('the example position (positions/first-attack.json)', () => {
  it('9.1: from the example, the German may declare attacks only by units next to a Soviet unit, on those units', async () => {
    const { readFileSync } = await import('node:fs');
    const position = JSON.parse(readFileSync(new URL('../../positions/first-attack.json', import.meta.url), 'utf8'));
    const rec = prokhorovka.newRecord('lesson', undefined, {}, [], position);
    let s = prokhorovka.replay(rec);
    expect(prokhorovka.decision(s)).toMatchObject({ kind: 'normalAttack', role: 'DE' });
    const p = position as Position;
    const at = new Map(p.units.map((u) => [u.id, u]));
    const hexOf = (label: string) => ({ c: Number(label.slice(0, 2)), r: Number(label.slice(2)) });
    const soviets = p.units.filter((u) => u.side === 'SU' && /^\d{4}$/.test(u.at));
    // the targets the rules offer are Soviet units on a hex next to the attacker (rows and columns within one)
    const attackers = prokhorovka.legalActions(s, 'DE').filter((a) => a.type === 'pickAttacker');
    expect(attackers.length).toBeGreaterThan(0);
    for (const a of attackers) {
      const unit = (a as { unit: string }).unit;
      expect(at.get(unit)?.side).toBe('DE');
      const picked = prokhorovka.apply(s, 'DE', a);
      const targets = prokhorovka.legalActions(picked, 'DE').filter((t) => t.type === 'attack');
      expect(targets.length, `${unit} has a target`).toBeGreaterThan(0);
      for (const t of targets) {
        const target = at.get((t as { target: string }).target)!;
        expect(target.side).toBe('SU');
        const [x, y] = [hexOf(at.get(unit)!.at), hexOf(target.at)];
        expect(
          Math.abs(x.c - y.c) <= 1 && Math.abs(x.r - y.r) <= 1,
          `${unit} at ${at.get(unit)!.at} next to ${target.id} at ${target.at}`,
        ).toBe(true);
      }
    }
    expect(soviets.length).toBeGreaterThan(0);
    s = prokhorovka.apply(s, 'DE', { type: 'endPhase' });
    expect(prokhorovka.decision(s)?.kind).not.toBe('normalAttack');
  });
});
