import { describe, expect, it } from 'vitest';
import { randomIndex, seedRng } from '@sandtable/engine';
import { loadProkhorovkaData, prokhorovka } from './index.ts';
import { germanVP } from './victory.ts';
import { makeView } from './view.ts';
import { makeEnv } from './state.ts';
import { summaryText } from './summary.ts';

const E = makeEnv(loadProkhorovkaData());

/** A position after set-up: chits under units on both sides (random legal play, seeded). */
function afterSetup() {
  const rng = seedRng('summary');
  let s = prokhorovka.setup('summary');
  while (s.game.turn < 1 || s.game.phase === 'setup') {
    const d = prokhorovka.decision(s)!;
    const legal = prokhorovka.legalActions(s, d.role);
    s = prokhorovka.apply(s, d.role, legal[randomIndex(rng, legal.length)]!);
  }
  return s.game;
}

describe('summary (CLI `state --as`)', () => {
  it('3.5(5): lists every stack with values; own chits by name, the enemy face-down chits by back only; 18.0 VP', () => {
    const g = afterSetup();
    const text = (role: 'DE' | 'SU') => summaryText(E, makeView(E, g, role), role, germanVP(E, g).vp, '');
    const de = text('DE');
    const su = text('SU');
    const gd = g.units.find((u) => u.id === 'GD')!;
    const gdChits = g.equip.filter((c) => c.loc === 'GD');
    expect(gdChits.length).toBeGreaterThan(0);
    const gdLine = (t: string) => t.split('\n').find((l) => l.includes(' GD '))!;
    expect(gdLine(de)).toContain(E.b.grid.label(gd.hex));
    for (const c of gdChits) expect(gdLine(de)).toContain(E.equipById.get(c.id)!.name);
    expect(gdLine(su)).toMatch(/\[(Tank|Equip)\]/);
    for (const c of gdChits.filter((x) => !x.faceUp)) expect(gdLine(su)).not.toContain(E.equipById.get(c.id)!.name);
    expect(su).toContain('German VP now: ');
    expect(su).toMatch(/needs 6 at the end/);
    expect(de).toContain('your support chits:');
  });
});
