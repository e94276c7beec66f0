import { describe, expect, it } from 'vitest';
import { RuleError } from '@sandtable/engine';
import {
  SEA,
  SUMap,
  loadSoftUnderbellyData,
  rangeToRing,
  softUnderbellyFiles,
  suMap,
  validateSoftUnderbellyData,
  type DataFiles,
  type SetupPlacement,
} from './index.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- the broken copies are untyped JSON */
type Json = any;

/** Loads a deliberately broken copy and returns the error message (fails if it loads). */
function problems(edit: (f: Record<'map' | 'counters' | 'tables' | 'events' | 'setup', Json>) => void): string {
  const files = softUnderbellyFiles() as Record<'map' | 'counters' | 'tables' | 'events' | 'setup', Json>;
  edit(files);
  try {
    loadSoftUnderbellyData(files as DataFiles);
  } catch (e) {
    expect(e).toBeInstanceOf(RuleError);
    expect((e as RuleError).code).toBe('bad-data');
    return (e as Error).message;
  }
  throw new Error('the broken data loaded without error');
}

const area = (f: Json, id: string) => f.map.areas.find((a: Json) => a.id === id);

describe('bundled Soft Underbelly data', () => {
  it('loads, is cached and frozen', () => {
    const d = loadSoftUnderbellyData();
    expect(loadSoftUnderbellyData()).toBe(d);
    expect(Object.isFrozen(d.areas[0])).toBe(true);
    expect(d.areas.length).toBeGreaterThanOrEqual(22);
    expect(d.areas.length).toBeLessThanOrEqual(28);
    expect(d.turns).toBe(8);
    expect(d.overlordTurn).toBe(5);
    expect(d.reinforcements.allies).toEqual([0, 4, 4, 4, 3, 3, 3, 3]);
    expect(d.reinforcements.axis).toEqual([0, 3, 2, 2, 2, 2, 2, 2]);
    expect(d.navalTransport).toMatchObject({ allies: 6, alliesAfterOverlord: 3, axis: 2 });
    expect(d.conversionCost.axis.elite).toBe(1);
    expect(d.conversionCost.allies.paratroops).toBe(2);
    expect(d.conversionCost.allies.partisan).toBe(1);
    expect(d.defensiveLines.count).toBe(3);
    expect(d.cubes.allies.count + d.cubes.axis.count).toBeLessThanOrEqual(46);
  });

  it('validate() reports its checks', () => {
    const lines = validateSoftUnderbellyData();
    expect(lines.length).toBeGreaterThan(5);
    expect(lines.join('\n')).toMatch(/short \d+ km, long \d+ km/);
  });

  it('numbers and flags the named places as the rulebook implies', () => {
    const d = loadSoftUnderbellyData();
    const by = (id: string) => d.areas.find((a) => a.id === id)!;
    expect(by('01')).toMatchObject({
      name: 'Munich',
      axisSymbol: true,
      orangeStar: true,
      seaAdjacent: false,
      kind: 'land',
    });
    expect(by('14')).toMatchObject({
      name: 'Sicily',
      italian: true,
      island: false,
      mountain: false,
      seaAdjacent: true,
    });
    expect(by('17')).toMatchObject({ name: 'Tunis', region: 'africa', seaAdjacent: true, orangeStar: true });
    expect(by('16').region).toBe('africa');
    for (const id of ['03', '04', '05', '06', '07', '08', '09', '10', '11', '12', '13', '14'])
      expect(by(id).italian).toBe(true);
    const sardinia = d.areas.find((a) => a.name === 'Sardinia')!;
    const corsica = d.areas.find((a) => a.name === 'Corsica')!;
    expect(sardinia).toMatchObject({ island: true, italian: false });
    expect(corsica).toMatchObject({ island: true, italian: false });
    expect(
      d.areas
        .filter((a) => a.kind === 'impassable')
        .map((a) => a.name)
        .sort(),
    ).toEqual(['Balkans', 'Switzerland']);
    expect(d.areas.filter((a) => a.alliedStar).every((a) => a.seaAdjacent && a.region === 'africa')).toBe(true);
    const stars = d.areas.filter((a) => a.orangeStar);
    expect(stars.length % 2).toBe(1);
    for (const name of ['Munich', 'Tunis', 'Lazio', 'Campania']) expect(stars.map((a) => a.name)).toContain(name);
    expect(stars.some((a) => a.region === 'europe' && !a.seaAdjacent)).toBe(true);
  });

  it('links islands by white arrows only: Messina and Bonifacio', () => {
    const d = loadSoftUnderbellyData();
    const m = suMap(d);
    const sardinia = d.areas.find((a) => a.name === 'Sardinia')!.id;
    const corsica = d.areas.find((a) => a.name === 'Corsica')!.id;
    expect(m.linkKind('14', '13')).toBe('arrow');
    expect(m.linkKind(sardinia, corsica)).toBe('arrow');
    expect(m.neighbours(sardinia).map((i) => m.id(i))).toEqual([corsica]);
    expect(m.neighbours(corsica).map((i) => m.id(i))).toEqual([sardinia]);
    expect(m.neighbours('14').map((i) => m.id(i))).toEqual(['13']);
  });
});

describe('worked example constraints (§47, spec 9.1)', () => {
  const d = loadSoftUnderbellyData();
  const m = suMap(d);
  const sardinia = d.areas.find((a) => a.name === 'Sardinia')!.id;

  it('the short ruler reaches Sicily from Tunis and from Sardinia', () => {
    expect(m.reach('short', '17', '14')).toBe(true);
    expect(m.reach('short', sardinia, '14')).toBe(true);
    expect(m.rangeKm('17', '14')).toBeLessThanOrEqual(d.rulers.short);
    expect(m.rangeKm(sardinia, '14')).toBeLessThanOrEqual(d.rulers.short);
  });

  it('Sicily is linked to the mainland (the Axis retreats over land) and is not a mountain', () => {
    const mainland = m.neighbours('14').map((i) => m.area(i));
    expect(mainland.some((a) => a.region === 'europe' && !a.island && a.kind === 'land')).toBe(true);
    expect(m.mountain[m.index('14')]).toBe(false);
  });

  it('Tunis is sea-adjacent', () => {
    expect(m.seaAdjacent[m.index('17')]).toBe(true);
  });

  it('the short ruler is about two areas deep, the long one three to four', () => {
    const hops = (from: number): number[] => {
      const dist = new Array<number>(m.size).fill(Infinity);
      dist[from] = 0;
      const q = [from];
      while (q.length) {
        const a = q.shift()!;
        for (const b of m.adj[a]!)
          if (dist[b] === Infinity) {
            dist[b] = dist[a]! + 1;
            q.push(b);
          }
      }
      return dist;
    };
    // Over land, from mainland Italy: short never reaches beyond 4 land steps, long reaches further than short.
    for (const id of ['08', '10', '11', '12']) {
      const h = hops(m.index(id));
      const short = m
        .inReach('short', id)
        .filter((t) => h[t] !== Infinity)
        .map((t) => h[t]!);
      const long = m
        .inReach('long', id)
        .filter((t) => h[t] !== Infinity)
        .map((t) => h[t]!);
      expect(Math.max(...short)).toBeLessThanOrEqual(4);
      expect(long.length).toBeGreaterThan(short.length);
    }
  });
});

describe('SUMap', () => {
  const d = loadSoftUnderbellyData();
  const m = suMap(d);

  it('is built once per data object', () => {
    expect(suMap(d)).toBe(m);
    expect(suMap()).toBe(m);
  });

  it('maps ids and indices both ways', () => {
    d.areas.forEach((a, i) => {
      expect(m.index(a.id)).toBe(i);
      expect(m.id(i)).toBe(a.id);
      expect(m.index(i)).toBe(i);
    });
    expect(m.indexOf('99')).toBe(-1);
    expect(() => m.index('99')).toThrow(/no area "99"/);
    expect(() => m.index(SEA)).toThrow(RangeError);
  });

  it('has symmetric adjacency that never touches an impassable area', () => {
    for (let a = 0; a < m.size; a++) {
      for (const b of m.adj[a]!) {
        expect(m.adj[b]).toContain(a);
        expect(m.passable[b]).toBe(true);
        expect(m.linked(a, b)).toBe(true);
      }
      if (!m.passable[a]) expect(m.adj[a]).toEqual([]);
    }
    expect(m.linked('01', 'SWITZERLAND')).toBe(false);
  });

  it('precomputes reach from airBase-to-polygon distances', () => {
    for (let f = 0; f < m.size; f++) {
      expect(m.reach('short', f, f)).toBe(true);
      for (let t = 0; t < m.size; t++) {
        const km = f === t ? 0 : rangeToRing(d.areas[f]!.airBase, d.areas[t]!.polygon);
        expect(m.rangeKm(f, t)).toBeCloseTo(km, 6);
        expect(m.reach('short', f, t)).toBe(km <= d.rulers.short);
        expect(m.reach('long', f, t)).toBe(km <= d.rulers.long);
        if (m.reach('short', f, t)) expect(m.reach('long', f, t)).toBe(true);
      }
    }
  });

  it('exposes flags as arrays', () => {
    expect(m.withFlag('alliedStar').length).toBe(3);
    expect(m.withFlag('axisSymbol').map((i) => m.id(i))).toEqual(['01']);
    expect(m.orangeStar.length).toBe(m.size);
  });

  it('can be built for edited data', () => {
    const files = softUnderbellyFiles() as Record<string, Json>;
    files.tables.rulers.short = 500;
    const d2 = loadSoftUnderbellyData(files);
    expect(new SUMap(d2).reach('short', '17', '10')).toBe(m.rangeKm('17', '10') <= 500);
  });
});

describe('Axis default deployment', () => {
  const d = loadSoftUnderbellyData();
  const all: SetupPlacement[] = [...d.setup, ...(d.axisDefaultDeployment ?? [])];
  const type = (id: string) => d.counters.find((c) => c.id === id)!.type;

  it('is legal: stacking 6, 2 tanks, 1 line per area, outside Africa, one side per area', () => {
    expect(d.axisDefaultDeployment?.length).toBeGreaterThan(0);
    const areas = new Map<string, { units: number; tanks: number; lines: number; sides: Set<string> }>();
    for (const p of all) {
      if (p.area === SEA) continue;
      const l = areas.get(p.area) ?? { units: 0, tanks: 0, lines: 0, sides: new Set() };
      l.units += p.cubes + p.counters.filter((c) => type(c) !== 'partisan').length;
      l.tanks += p.counters.filter((c) => type(c) === 'tank').length;
      l.lines += p.lines;
      l.sides.add(p.side);
      areas.set(p.area, l);
    }
    for (const [id, l] of areas) {
      expect(l.units, id).toBeLessThanOrEqual(6);
      expect(l.tanks, id).toBeLessThanOrEqual(2);
      expect(l.lines, id).toBeLessThanOrEqual(1);
      expect(l.sides.size, id).toBe(1);
    }
    for (const p of d.axisDefaultDeployment!) {
      expect(p.side).toBe('axis');
      expect(d.areas.find((a) => a.id === p.area)?.region).toBe('europe');
      expect(d.areas.find((a) => a.id === p.area)?.kind).toBe('land');
      expect(p.provenance).toMatch(/^reconstructed: /);
    }
  });

  it('places every Axis counter, cube and line exactly once', () => {
    const axis = all.filter((p) => p.side === 'axis');
    const placed = axis.flatMap((p) => p.counters).sort();
    expect(placed).toEqual(
      d.counters
        .filter((c) => c.side === 'axis')
        .map((c) => c.id)
        .sort(),
    );
    expect(axis.reduce((n, p) => n + p.cubes, 0)).toBe(d.cubes.axis.count);
    expect(axis.reduce((n, p) => n + p.lines, 0)).toBe(d.defensiveLines.count);
  });

  it('keeps the fixed set-up of §5', () => {
    const at = (side: string, area: string) => d.setup.filter((p) => p.side === side && p.area === area);
    const tunis = at('axis', '17')[0]!;
    expect(tunis.cubes).toBe(3);
    expect(tunis.lines).toBe(1);
    expect(tunis.counters.map(type).sort()).toEqual(['aircraft', 'tank']);
    const a16 = at('axis', '16')[0]!;
    expect(a16.cubes).toBe(2);
    expect(a16.counters.map(type)).toEqual(['tank']);
    const axisSea = at('axis', SEA)[0]!;
    expect(axisSea.faceUp).toBe(true);
    expect(axisSea.counters.map(type).sort()).toEqual(['fleet', 'uboat']);
    const alliedSea = at('allies', SEA)[0]!;
    expect(alliedSea.faceUp).toBe(false);
    expect(alliedSea.counters.map((c) => d.counters.find((x) => x.id === c)!.nationality).sort()).toEqual(['UK', 'US']);
  });
});

describe('cross-checks fire on broken copies', () => {
  it('a bad provenance string', () => {
    const msg = problems((f) => {
      area(f, '14').provenance = 'from memory';
    });
    expect(msg).toMatch(/map\.json: areas\.\d+\.provenance: provenance must start with/);
  });

  it('schema problems in several files are all listed', () => {
    const msg = problems((f) => {
      f.events.events[0].capacity = 0;
      f.counters.counters[0].type = 'battleship';
    });
    expect(msg).toMatch(/events\.json: events\.0\.capacity/);
    expect(msg).toMatch(/counters\.json: counters\.0\.type/);
  });

  it('an asymmetric link', () => {
    const msg = problems((f) => {
      f.map.links.push({ a: '14', b: '13', kind: 'land', provenance: 'reconstructed: test' });
    });
    expect(msg).toMatch(/asymmetric link: 14-13 is "arrow" one way and "land" the other/);
  });

  it('a duplicate link', () => {
    const msg = problems((f) => {
      f.map.links.push({ a: '02', b: '01', kind: 'land', provenance: 'reconstructed: test' });
    });
    expect(msg).toMatch(/link listed twice/);
  });

  it('an unknown id in a link, in the set-up and in a counter list', () => {
    const msg = problems((f) => {
      f.map.links.push({ a: '14', b: '99', kind: 'arrow', provenance: 'reconstructed: test' });
      f.setup.setup.push({
        side: 'axis',
        area: '98',
        cubes: 1,
        counters: [],
        lines: 0,
        faceUp: true,
        provenance: 'reconstructed: test',
      });
      f.setup.setup[0].counters.push('no-such-counter');
    });
    expect(msg).toMatch(/links\[\d+\] \(14-99\): unknown area id "99"/);
    expect(msg).toMatch(/unknown area id "98"/);
    expect(msg).toMatch(/unknown counter id "no-such-counter"/);
  });

  it('4 Allied stars', () => {
    const msg = problems((f) => {
      area(f, '16').alliedStar = true;
    });
    expect(msg).toMatch(/exactly 3 Allied-star areas expected \(§5 L65\), found 4/);
  });

  it('the Axis symbol off Munich', () => {
    const msg = problems((f) => {
      area(f, '01').axisSymbol = false;
      area(f, '02').axisSymbol = true;
    });
    expect(msg).toMatch(/Axis symbol must be on area 01 Munich/);
  });

  it('an over-stacked set-up', () => {
    const msg = problems((f) => {
      const tunis = f.setup.setup.find((p: Json) => p.side === 'axis' && p.area === '17');
      tunis.cubes = 5; // 5 cubes + tank + aircraft = 7
      f.counters.cubes.axis.count = 25;
      f.counters.cubes.allies.count = 21;
    });
    expect(msg).toMatch(/area 17 is over-stacked: 7 units, at most 6 \(§3 L38\)/);
  });

  it('three tanks or two lines in one area', () => {
    const msg = problems((f) => {
      const lazio = f.setup.axisDefaultDeployment.find((p: Json) => p.area === '10');
      const sicily = f.setup.axisDefaultDeployment.find((p: Json) => p.area === '14');
      const apulia = f.setup.axisDefaultDeployment.find((p: Json) => p.area === '12');
      const campania = f.setup.axisDefaultDeployment.find((p: Json) => p.area === '11');
      sicily.counters.push(...apulia.counters.filter((c: string) => c.includes('tank')), ...campania.counters);
      apulia.counters = apulia.counters.filter((c: string) => !c.includes('tank'));
      campania.counters = [];
      sicily.cubes = 0;
      lazio.lines = 2;
    });
    expect(msg).toMatch(/area 14 holds 3 tanks, at most 2/);
    expect(msg).toMatch(/area 10 holds 2 defensive lines, at most 1/);
  });

  it('a counter placed twice and a fleet on land', () => {
    const msg = problems((f) => {
      f.setup.axisDefaultDeployment[0].counters.push('de-tank-1', 'it-fleet');
    });
    expect(msg).toMatch(/counter "de-tank-1" is already placed/);
    expect(msg).toMatch(/it-fleet \(fleet\) must be at sea/);
  });

  it('more cubes than the box holds', () => {
    const msg = problems((f) => {
      f.counters.cubes.allies.count = 30;
    });
    expect(msg).toMatch(/cubes \(allies 30 \+ axis 23\) exceed the 46 in the box/);
  });

  it('a reinforcement schedule not one entry per turn', () => {
    const msg = problems((f) => {
      f.tables.reinforcements.axis.perTurn.pop();
    });
    expect(msg).toMatch(/reinforcements\.axis\.perTurn has 7 entries, expected one per turn \(8\)/);
  });

  it('a short ruler too short for the worked example', () => {
    const msg = problems((f) => {
      f.tables.rulers.short = 250;
    });
    expect(msg).toMatch(/short ruler \(250 km\) must reach Sicily from Sardinia's airBase/);
  });

  it('Sicily cut off from the mainland, or made a mountain', () => {
    const msg = problems((f) => {
      f.map.links = f.map.links.filter((l: Json) => !(l.a === '13' && l.b === '14'));
      area(f, '14').mountain = true;
    });
    expect(msg).toMatch(/Sicily \(14\) needs a land or arrow link to the mainland/);
    expect(msg).toMatch(/Sicily \(14\) must be a land area without mountains/);
    expect(msg).toMatch(/14 Sicily cannot be reached from Munich/);
  });

  it('a land link between areas that do not touch, and touching areas without a link', () => {
    const msg = problems((f) => {
      f.map.links.push({ a: '01', b: '10', kind: 'land', provenance: 'reconstructed: test' });
      f.map.links = f.map.links.filter((l: Json) => !(l.a === '10' && l.b === '11'));
    });
    expect(msg).toMatch(/links\[\d+\] \(01-10\): land link but the polygons of 01 Munich and 10 Lazio share no border/);
    expect(msg).toMatch(/10 Lazio and 11 Campania share a \d+ km border but have no land link/);
  });

  it('a broken polygon: crossing edges, airBase outside', () => {
    const msg = problems((f) => {
      const p = area(f, '20').polygon;
      [p[2], p[5]] = [p[5], p[2]];
      area(f, '19').airBase = [0, 0];
    });
    expect(msg).toMatch(/20 Tripolitania\): polygon edges .* cross/);
    expect(msg).toMatch(/19 Algiers\): airBase \[0, 0\] must lie inside the polygon/);
  });

  it('the reserved sea id and a wrong italian flag', () => {
    const msg = problems((f) => {
      area(f, '22').italian = true;
      f.map.areas.push({
        ...area(f, '19'),
        id: 'SEA',
        name: 'x',
        kind: 'impassable',
        polygon: [
          [2000, 2000],
          [2100, 2000],
          [2100, 2100],
        ],
        center: [2080, 2020],
        airBase: [2080, 2020],
        seaAdjacent: false,
        alliedStar: false,
      });
    });
    expect(msg).toMatch(/id "sea" is reserved/);
    expect(msg).toMatch(/22 Provence & Dauphiné: italian must be false/);
  });
});
