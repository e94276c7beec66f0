import { describe, expect, it } from 'vitest';
import { RuleError } from '@sandtable/engine';
import mapJson from './map.json' with { type: 'json' };
import areasJson from './areas.json' with { type: 'json' };
import cardsJson from './cards.json' with { type: 'json' };
import countersJson from './counters.json' with { type: 'json' };
import { loadThirdReichData, validateThirdReichData } from './index.ts';

const clone = <T>(x: T): T => structuredClone(x);
function problems(fn: () => unknown): string {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(RuleError);
    return (e as Error).message;
  }
  throw new Error('expected the data to be refused');
}

describe('third-reich data', () => {
  const d = validateThirdReichData();

  it('loads and cross-checks the files beside the module', () => {
    expect(d.areas.length).toBeGreaterThan(70);
    expect(d.areas.filter((a) => a.type === 'sea').length).toBe(14);
    expect(d.cards).toHaveLength(32);
    expect(d.nations).toHaveLength(23);
  });

  it('2.2.1: every area has a name, and borders are land, sea or point contacts', () => {
    for (const a of d.areas) expect(a.name.length).toBeGreaterThan(0);
    const kinds = new Set(d.borders.map((b) => b.kind));
    expect([...kinds].sort()).toEqual(['land', 'point', 'sea']);
    const kind = (a: string, b: string) =>
      d.borders.find((x) => (x.a === a && x.b === b) || (x.a === b && x.b === a))?.kind;
    expect(kind('berlin', 'western_poland')).toBe('land');
    expect(kind('london', 'north_sea')).toBe('sea');
    expect(kind('london', 'paris')).toBe('sea'); // the Strait of Dover (AMB-2)
    expect(kind('kiev', 'rostov')).toBe('point'); // meet only at a corner: not adjacent (2.2.1(6))
    expect(kind('berlin', 'moscow')).toBeUndefined();
  });

  it('polygons are closed rings in projected km around the centre', () => {
    for (const a of d.areas) {
      for (const ring of a.polygons) expect(ring.length).toBeGreaterThanOrEqual(4);
      const xs = a.polygons.flat().map((p) => p[0]);
      const ys = a.polygons.flat().map((p) => p[1]);
      expect(a.center[0]).toBeGreaterThanOrEqual(Math.min(...xs));
      expect(a.center[0]).toBeLessThanOrEqual(Math.max(...xs));
      expect(a.center[1]).toBeGreaterThanOrEqual(Math.min(...ys));
      expect(a.center[1]).toBeLessThanOrEqual(Math.max(...ys));
    }
    // Berlin (52.5N 13.4E) projects to about (-115, -277) km.
    const berlin = d.areas.find((a) => a.id === 'berlin')!;
    expect(Math.abs(berlin.center[0] - -115)).toBeLessThan(200);
    expect(Math.abs(berlin.center[1] - -277)).toBeLessThan(200);
  });

  it('every datum carries a provenance', () => {
    for (const a of d.areas)
      for (const p of [a.provenance, a.flagProvenance, a.sourceProvenance, a.setupProvenance])
        expect(p).toMatch(/^(rulebook|reconstructed:|derived:|ext:)/);
    for (const x of [...d.borders, ...d.counters, ...d.cards, ...d.nations, ...d.turns, ...d.entryTracks])
      expect(x.provenance).toMatch(/^(rulebook|reconstructed:|derived:|ext:)/);
  });

  it('3.2: sources of the three kinds; the Central Atlantic and US sources are red', () => {
    const kinds = new Set(d.areas.map((a) => a.source).filter(Boolean));
    expect([...kinds].sort()).toEqual(['black', 'half', 'red']);
    for (const id of ['berlin', 'paris', 'london', 'moscow', 'central_atlantic', 'usa', 'egypt', 'kiev'])
      expect(d.areas.find((a) => a.id === id)!.source).toBe('red');
  });

  it('3.4(1): flags mark territory; Brest and Galicia are Soviet with Polish units (AMB-18); some neutral area is unflagged (AMB-4)', () => {
    const area = (id: string) => d.areas.find((a) => a.id === id)!;
    expect(area('berlin').flag).toBe('GE');
    expect(area('brest').flag).toBe('SU');
    expect(area('brest').setup).toEqual([{ counter: 'PO-LF', n: 1 }]);
    expect(area('baltic_states').flag).toBeNull();
    for (const a of d.areas.filter((x) => x.type === 'sea')) expect(a.flag).toBeNull();
  });

  it('4.0(3)(4): decks of 8+8 (Axis) and 6+10 (Allies); the development pool holds the listed units', () => {
    const count = (side: string, sv: (n: number) => boolean) =>
      d.cards.filter((c) => c.side === side && sv(c.sv)).length;
    expect([
      count('axis', (s) => s === 2),
      count('axis', (s) => s > 2),
      count('allies', (s) => s === 2),
      count('allies', (s) => s > 2),
    ]).toEqual([8, 8, 6, 10]);
    const dev = d.counters
      .filter((c) => c.dev)
      .map((c) => `${c.id}x${c.dev}`)
      .sort();
    expect(dev).toEqual(
      ['GE-JET x1', 'GE-SS x4', 'GE-TF5 x2', 'GE-TF6 x1', 'SU-AF3 x3', 'SU-TF5 x6', 'US-CVE x3'].map((s) =>
        s.replace(' ', ''),
      ),
    );
    const tf5 = d.counters.find((c) => c.id === 'GE-TF5')!;
    expect([tf5.attack, tf5.durability, tf5.movement]).toEqual([5, 2, 3]);
    const jet = d.counters.find((c) => c.id === 'GE-JET')!;
    expect([jet.attack, jet.durability, jet.movement, jet.air, jet.jet]).toEqual([0, 1, 2, 4, true]);
  });

  it('2.3.1: only Ambush cards carry the ★ (counterattack) mark; every card has a data-driven effect', () => {
    for (const c of d.cards) {
      expect(c.star).toBe(c.effect.kind === 'ambush');
      expect(c.text.length).toBeGreaterThan(10);
    }
    const kinds = new Set(d.cards.map((c) => c.effect.kind));
    for (const k of [
      'blitzkrieg',
      'ambush',
      'development',
      'diplomacy',
      'supply',
      'vichyFrance',
      'strategicMovement',
      'seaLion',
      'seaTransport',
      'landing',
      'wolfpack',
      'strategicBombing',
      'longRangeBombing',
      'lendLease',
    ])
      expect(kinds.has(k as never)).toBe(true);
  });

  it('5.0, 15.2: 12 turns, odd turns are winter; entry tracks for US, SU, TU, SP with the US designated position', () => {
    expect(d.turns.map((t) => t.winter)).toEqual([
      true,
      false,
      true,
      false,
      true,
      false,
      true,
      false,
      true,
      false,
      true,
      false,
    ]);
    expect(d.turns[0]).toMatchObject({ year: 1939, season: 'winter' });
    expect(d.turns[11]).toMatchObject({ year: 1945, season: 'summer' });
    const us = d.entryTracks.find((t) => t.nation === 'US')!;
    expect(us.usSourceBox).toBeGreaterThan(0);
  });

  it('15.6: the boundary line leaves the struck-through list south of it', () => {
    for (const a of [
      'barcelona',
      'southern_france',
      'northern_italy',
      'yugoslavia',
      'hungary',
      'romania',
      'kiev',
      'kharkov',
      'stalingrad',
    ])
      expect(d.boundaryNorth).not.toContain(a);
    for (const a of ['paris', 'berlin', 'moscow', 'warsaw', 'london']) expect(d.boundaryNorth).toContain(a);
  });

  it('15.7: forbidden areas and the conditional Central Atlantic links', () => {
    expect(d.forbidden.map((f) => `${f.area}:${f.sides.join('+')}`).sort()).toEqual([
      'baltic_sea:allies',
      'black_sea:axis+allies',
      'middle_east:axis',
      'urals:axis',
    ]);
    expect(d.conditionalLinks.map((l) => l.b).sort()).toEqual(['eastern_mediterranean', 'egypt']);
  });

  it('refuses a border to an unknown area, a duplicate border and a self-border', () => {
    const map = clone(mapJson) as { borders: { a: string; b: string; kind: string; provenance: string }[] };
    map.borders.push({ a: 'berlin', b: 'atlantis', kind: 'land', provenance: 'derived: test' });
    map.borders.push({ b: 'berlin', a: 'western_poland', kind: 'land', provenance: 'derived: test' });
    map.borders.push({ a: 'paris', b: 'paris', kind: 'land', provenance: 'derived: test' });
    map.borders.push({ a: 'paris', b: 'north_sea', kind: 'land', provenance: 'derived: test' });
    const msg = problems(() => loadThirdReichData({ map }));
    expect(msg).toContain('unknown area "atlantis"');
    expect(msg).toContain('listed twice');
    expect(msg).toContain('cannot border itself');
    expect(msg).toContain('a land border joins two land areas');
  });

  it('refuses a datum without provenance, naming file and path', () => {
    const cards = clone(cardsJson) as { cards: { provenance: string }[] };
    cards.cards[3]!.provenance = 'I think so';
    const msg = problems(() => loadThirdReichData({ cards }));
    expect(msg).toContain('cards.json: cards.3.provenance');
  });

  it('refuses an illegal set-up: ships on land, units outside their territory, more counters than the box holds', () => {
    const areas = clone(areasJson) as { areas: { id: string; setup: { counter: string; n: number }[] }[] };
    areas.areas.find((a) => a.id === 'berlin')!.setup.push({ counter: 'GE-NF', n: 1 });
    areas.areas.find((a) => a.id === 'paris')!.setup.push({ counter: 'GE-LF', n: 1 });
    areas.areas.find((a) => a.id === 'rome')!.setup.push({ counter: 'IT-LF', n: 9 });
    const msg = problems(() => loadThirdReichData({ areas }));
    expect(msg).toContain('naval units cannot be in a land area');
    expect(msg).toContain('GE-LF set up outside its own territory');
    expect(msg).toContain('counter IT-LF');
  });

  it('refuses a wrong deck size and a wrong development pool', () => {
    const cards = clone(cardsJson) as { cards: unknown[] };
    cards.cards.pop();
    expect(problems(() => loadThirdReichData({ cards }))).toContain('10 SV 3/4 cards');
    const counters = clone(countersJson) as { counters: { id: string; dev?: number }[] };
    counters.counters.find((c) => c.id === 'SU-TF5')!.dev = 5;
    expect(problems(() => loadThirdReichData({ counters }))).toContain('SU TF x6');
  });
});
