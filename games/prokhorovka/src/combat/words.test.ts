/** describe, explain, summary and the view of combat (9.2(2)2 hidden allocation, 3.6(3)). */
import { describe, expect, it } from 'vitest';
import { randomIndex, seedRng } from '@sandtable/engine';
import { prokhorovka } from '../index.ts';
import { act, declare, position, sup } from './testkit.ts';

describe('combat in words and views', () => {
  it('describe words every combat action met in random games; summary shows the battle under way', () => {
    const seen = new Set<string>();
    for (let k = 0; k < 6; k++) {
      const s = prokhorovka.setup(`words${k}`);
      const chooser = seedRng(`w${k}`);
      for (let n = 0; n < 3000 && !prokhorovka.outcome(s); n++) {
        const d = prokhorovka.decision(s)!;
        const legal = prokhorovka.legalActions(s, d.role);
        if (d.kind.startsWith('cb:') || d.kind.endsWith('Attack'))
          for (const a of legal) {
            const text = prokhorovka.rules.describe!(s.game, a);
            expect(typeof text === 'string' && text.length > 3, JSON.stringify(a)).toBe(true);
            seen.add(a.type);
          }
        if (d.kind.startsWith('cb:') && s.game.combat?.current != null)
          expect(prokhorovka.rules.summary!(s.game, d.role)).toMatch(/battle for \S+ .*step /);
        prokhorovka.applyInPlace(s, d.role, legal[randomIndex(chooser, legal.length)]!, true);
      }
    }
    for (const t of ['pickAttacker', 'attack', 'allocate', 'declareChit', 'stepLoss', 'declareRetreat', 'airMission'])
      expect(seen.has(t), t).toBe(true);
    const s = prokhorovka.setup('words');
    expect(prokhorovka.rules.describe!(s.game, { type: 'pair', de: 'DE-E01', su: 'SU-E01' })).toBe(
      'pair German Tiger with Soviet T-34',
    ); // face-down: ids, not names
  });

  it('9.2(2)2, 3.6(3): allocated support chits are face-down: the opponent sees a count until 11.2(2) reveals them', () => {
    let s = position({ units: { GD: '1904', '71G': '1905' }, support: { SU: ['Sniper', 'Melee'] } });
    s = declare(s, ['GD', '71G']);
    s = act(s, { type: 'allocate', chit: sup(s, 'SU', 'Melee'), battle: '71G' });
    const de = prokhorovka.view(s, 'DE').game.combat!;
    const su = prokhorovka.view(s, 'SU').game.combat!;
    expect(de.battles[0]!.alloc.SU).toEqual({ ids: [], hidden: 1 });
    expect(su.battles[0]!.alloc.SU).toEqual({ ids: [sup(s, 'SU', 'Melee')], hidden: 0 });
    expect(JSON.stringify(prokhorovka.view(s, 'DE'))).not.toContain(sup(s, 'SU', 'Melee'));
  });

  it('explain cites the rule of a refused combat action', () => {
    let s = position({ units: { GD: '1904', '71G': '1905', '67G': '1804' }, support: { SU: ['La-5'] } });
    s = act(act(s, { type: 'pickAttacker', unit: 'GD' }), { type: 'attack', target: '71G' });
    expect(() => act(s, { type: 'pickAttacker', unit: 'GD' })).toThrow(/\[9\.1\(1\)\]/);
    s = act(s, { type: 'endPhase' });
    expect(() => act(s, { type: 'allocate', chit: sup(s, 'SU', 'La-5'), battle: '71G' })).toThrow(/\[16\.0\(1\)\]/);
  });
});
