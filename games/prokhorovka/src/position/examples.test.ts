/**
 * The example positions of `positions/` (POSITIONS.md) start records and play by the rules: the
 * hand-written lesson on Hill 252.2 (T-04, 17.2) and the printed turn-1 attack phase (9.1).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { loadProkhorovkaData, makeEnv, prokhorovka } from '../index.ts';

const read = (name: string) => JSON.parse(readFileSync(new URL(`../../positions/${name}`, import.meta.url), 'utf8'));
const through = <T>(x: T): T => JSON.parse(JSON.stringify(x));
const logged = (s: { log: { text: string }[] }, re: RegExp) => s.log.some((l) => re.test(l.text));

describe('positions/hill-252.json: a German attack on a hill, about to resolve (T-04, 17.2)', () => {
  // dice: LAH's 4 normal-fire dice, 9GAb's 3, the Tiger's tank-support die
  const start = (dice: number[]) =>
    prokhorovka.replay(prokhorovka.newRecord('lesson', undefined, {}, dice, read('hill-252.json')));

  it('the German ends the declaration; each side declares its chit; the hill, the entrenchment and the bunker hold', () => {
    let s = start([1, 3, 4, 2, 2, 5, 6, 3]);
    expect(prokhorovka.decision(s)).toMatchObject({ kind: 'normalAttack', role: 'DE' });
    expect(prokhorovka.legalActions(s, 'DE')).toEqual([{ type: 'endPhase' }]); // LAH already attacks (9.1(1))
    s = prokhorovka.apply(s, 'DE', { type: 'endPhase' });
    expect(prokhorovka.decision(s)).toMatchObject({ kind: 'cb:equip', role: 'SU' }); // 11.2(1): the Soviet first
    s = prokhorovka.apply(s, 'SU', { type: 'declareChit', chit: 'SU-E49' });
    expect(prokhorovka.decision(s)).toMatchObject({ kind: 'cb:equip', role: 'DE' });
    s = prokhorovka.apply(s, 'DE', { type: 'declareChit', chit: 'DE-E01' });
    // 17.2 example: the attacker's normal fire hits only on a 1 on a hill: 1 hit of 1, 3, 4, 2 (3 on clear ground)
    expect(logged(s, /SS-Leibstandarte normal fire, 4 dice hitting on 1/)).toBe(true);
    expect(logged(s, /SS-Leibstandarte normal fire: 1 hit/)).toBe(true);
    expect(logged(s, /9th Guards Airborne Div\. normal fire: 1 hit/)).toBe(true); // 11.4: the defender hits on 2
    // 11.5(4)2, 12.0: tank support against a hill is a diamond: Tiger fire 6 - TDL 4 (bunker 3 + entrenchment 1) = 2
    expect(logged(s, /Tiger tank support, hit on 2/)).toBe(true);
    // 11.6(1): German 1 + Tiger armor 3 = 4; Soviet 1 + TDL 4 = 5: the German loses 1 step (A-12: the Soviet's damage)
    expect(logged(s, /German 4 \(damage 1, armor 3\) vs Soviet 5 \(damage 1, armor 0, TDL 4\): Soviet wins/)).toBe(
      true,
    );
    expect(prokhorovka.decision(s)).toMatchObject({
      kind: 'cb:retreat',
      role: 'DE',
      message: { id: 'pk.cb.retreat', params: { n: 1 } },
    });
  });

  it('without its declared Bunker, the hill and the entrenchment give TDL 2: the same dice win for the German', () => {
    let s = start([1, 3, 4, 2, 2, 5, 6, 3]);
    s = prokhorovka.apply(s, 'DE', { type: 'endPhase' });
    s = prokhorovka.apply(s, 'SU', { type: 'doneDeclaring' }); // an undeclared position does not act
    s = prokhorovka.apply(s, 'DE', { type: 'declareChit', chit: 'DE-E01' });
    expect(logged(s, /Tiger tank support, hit on 4/)).toBe(true); // 6 - TDL 2: the 3 hits
    expect(logged(s, /German 5 \(damage 2, armor 3\) vs Soviet 3 \(damage 1, armor 0, TDL 2\): German wins/)).toBe(
      true,
    );
    expect(prokhorovka.decision(s)).toMatchObject({ kind: 'cb:retreat', role: 'SU' });
  });

  it('the record keeps the position: a replay starts from it again', () => {
    const rec = prokhorovka.newRecord('lesson', undefined, {}, [], read('hill-252.json'));
    expect(rec.position).toEqual(read('hill-252.json'));
    const s = prokhorovka.replay(through(rec));
    expect(s.game).toStrictEqual(prokhorovka.replay(rec).game);
    // the printed position of the lesson loads back to the same state
    const printed = JSON.parse(JSON.stringify(prokhorovka.positionOf(s)));
    expect(prokhorovka.rules.position!.load(printed, {})).toStrictEqual(s.game);
  });
});

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
