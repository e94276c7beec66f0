import { randomPlayout, type EngineState } from '@sandtable/engine';
import { thirdReich, thirdReichData, type TRView } from '../index.ts';
import { describe, expect, it } from 'vitest';
import { placesOf, boundsOf, pointInArea, type Pt, MapRenderer } from '@sandtable/map';
import { BORDER_LINKS, LAND, OFF_MAP, REACH, onLand, thirdReichAdapter as adapter } from './adapter.ts';
import shapes from './shapes.json' with { type: 'json' };

const data = thirdReichData();
const SIDES = ['axis', 'allies'] as const;

/** Positions along a seeded random game (every `every` actions), with the state at each. */
function positions(seed: string, every: number, max = 2000): EngineState<any>[] {
  const out: EngineState<any>[] = [];
  let s = thirdReich.setup(seed);
  for (let i = 0; i < max && !thirdReich.outcome(s); i += every) {
    out.push(s);
    s = randomPlayout(thirdReich, s, `${seed}:${i}`, { maxSteps: every }).state;
  }
  return out;
}

describe('Third Reich map', () => {
  it("draws all 84 areas with every ring; land areas take their controller's colour, sea areas are blue", () => {
    const m = adapter.map(thirdReich.view(thirdReich.setup('1'), 'axis'))!;
    expect(m.areas).toHaveLength(84);
    for (const a of data.areas) {
      const shape = m.areas.find((x) => x.id === a.id)!;
      const drawn = (shapes.areas as Record<string, number[][][]>)[a.id] ?? a.polygons;
      expect(1 + (shape.rings?.length ?? 0), a.id).toBe(drawn.length);
      expect(pointInArea(shape.center[0], shape.center[1], shape), `${a.id} label inside its area`).toBe(true);
      if (a.type === 'land' && a.id !== 'usa') expect(onLand(shape.center), `${a.id} label on land`).toBe(true);
    }
    const fill = (id: string) => m.areas.find((x) => x.id === id)!.fill;
    expect(fill('berlin')).toBe(fill('ruhr')); // both German
    expect(fill('berlin')).not.toBe(fill('paris'));
    expect(fill('moscow')).not.toBe(fill('berlin'));
    expect(fill('north_sea')).toMatch(/^#[67]/); // a blue
  });

  it('draws the land areas along the 1939 borders: each city lies in the area of its 1939 nation', () => {
    const m = adapter.map(thirdReich.view(thirdReich.setup('1'), 'axis'))!;
    const at = (lat: number, lon: number): string[] => {
      const p: Pt = [(lon - 15) * 111.32 * Math.cos((50 * Math.PI) / 180), -(lat - 50) * 110.57];
      return m.areas.filter((a) => a.on === 'land' && pointInArea(p[0], p[1], a)).map((a) => a.id);
    };
    expect(at(52.52, 13.4)).toEqual(['berlin']);
    expect(at(54.35, 18.65)).toEqual(['east_prussia']); // Danzig, a Free City in the German customs area
    expect(at(54.71, 20.51)).toEqual(['east_prussia']); // Koenigsberg, today Kaliningrad (Russia)
    expect(at(51.11, 17.03)).not.toEqual(expect.arrayContaining(['western_poland', 'warsaw', 'cracow'])); // Breslau, German
    expect(at(52.41, 16.93)).toEqual(['western_poland']); // Poznan
    expect(at(50.08, 14.43)).toEqual(['bohemia']); // Prague, the Protectorate
    // Vienna, German since the Anschluss (the game's grid draws the Austria-Bohemia line south of it)
    expect(['austria', 'bohemia']).toContain(at(48.21, 16.37)[0]);
    expect(at(60.71, 28.75)).toEqual(['finland']); // Viipuri (Vyborg), Finnish until 1940
    expect(at(48.44, 22.72)).toEqual(['hungary']); // Munkacs (Mukachevo), Hungarian from 1938
    expect(at(48.29, 25.94)).toEqual(['romania']); // Cernauti (Chernivtsi), Romanian until 1940
    expect(at(47.01, 28.86)).toEqual(['romania']); // Chisinau, Bessarabia
    expect(at(45.33, 14.44)).toEqual(['northern_italy']); // Fiume (Rijeka), Italian
    expect(at(48.86, 2.35)).toEqual(['paris']);
    expect(at(55.75, 37.62)).toEqual(['moscow']);
  });

  it("lies over Europe's coastlines: the land model is inside the map's extent (27-72N 26W-56E) and puts Berlin on land, the North Sea at sea", () => {
    const km = (lat: number, lon: number): Pt => [
      (lon - 15) * 111.32 * Math.cos((50 * Math.PI) / 180),
      -(lat - 50) * 110.57,
    ];
    const [nw, se] = [km(72, -26), km(27, 56)];
    expect(LAND.length).toBeGreaterThan(20);
    for (const [x, y] of LAND.flat()) {
      expect(x).toBeGreaterThanOrEqual(nw[0] - 1);
      expect(x).toBeLessThanOrEqual(se[0] + 1);
      expect(y).toBeGreaterThanOrEqual(nw[1] - 1);
      expect(y).toBeLessThanOrEqual(se[1] + 1);
    }
    const m = adapter.map(thirdReich.view(thirdReich.setup('1'), 'axis'))!;
    expect(m.land).toBe(LAND);
    expect(onLand(km(52.5, 13.4))).toBe(true); // Berlin
    expect(onLand(km(56, 3))).toBe(false); // the North Sea
    expect(onLand(km(42, 50.5))).toBe(false); // the Caspian, a hole in the land
    // every land area but the off-map USA box is drawn on the land; seas on the water
    expect([...OFF_MAP]).toEqual(['usa']);
    for (const a of m.areas)
      expect(a.on ?? 'box', a.id).toBe(
        a.id === 'usa' ? 'box' : data.areas.find((x) => x.id === a.id)!.type === 'sea' ? 'water' : 'land',
      );
    expect(m.areas.find((a) => a.id === 'usa')!.frame).toBe(true);
  });

  it("a click on land picks the land area there, on water the sea area; on the sea part of a coastal land area the nearest sea, on the shore under a sea's rectangle the nearest land area", () => {
    const m = adapter.map(thirdReich.view(thirdReich.setup('1'), 'axis'))!;
    const r = new MapRenderer(m);
    const byId = new Map(m.areas.map((a) => [a.id, a]));
    const hits = { same: 0, land: 0, water: 0 };
    for (const a of m.areas.filter((x) => x.on)) {
      const { minX, minY, maxX, maxY } = boundsOf(a.polygon);
      for (let y = minY + 7; y < maxY; y += 53)
        for (let x = minX + 7; x < maxX; x += 53) {
          if (!pointInArea(x, y, a)) continue;
          const hit = r.placeAt(x, y),
            kind = onLand([x, y]) ? 'land' : 'water';
          if (kind === a.on) {
            expect(hit).toBe(a.id);
            hits.same++;
            continue;
          }
          expect(hit, `${kind} in ${a.id}`).not.toBe(a.id);
          if (hit) {
            expect(byId.get(hit)!.on).toBe(kind);
            hits[kind]++;
          }
        }
    }
    expect(hits.same).toBeGreaterThan(1000);
    expect(hits.water).toBeGreaterThan(30);
    expect(hits.land).toBeGreaterThan(10);
    const [bx, by] = [(-5 - 15) * 111.32 * Math.cos((50 * Math.PI) / 180), -(50.7 - 50) * 110.57]; // off Cornwall, in London's rectangle
    expect(pointInArea(bx, by, byId.get('london')!)).toBe(true);
    expect(r.placeAt(bx, by)).toMatch(/english_channel|north_atlantic/);
    const caspian: Pt = [(50.5 - 15) * 111.32 * Math.cos((50 * Math.PI) / 180), -(42 - 50) * 110.57];
    expect(REACH).toBeLessThan(500);
    expect(r.placeAt(...caspian)).toBeNull();
  });

  it('2.2.1(6), AMB-2: point contacts are marked where the areas touch; straits are dashed crossings; land borders are outlines', () => {
    const point = data.borders.filter((b) => b.kind === 'point');
    expect(BORDER_LINKS.filter((l) => l.kind === 'point')).toHaveLength(point.length);
    const straits = data.borders.filter(
      (b) => b.kind === 'sea' && [b.a, b.b].every((x) => data.areas.find((a) => a.id === x)!.type === 'land'),
    );
    expect(straits.length).toBeGreaterThan(0);
    expect(BORDER_LINKS.filter((l) => l.kind === 'sea').length).toBeGreaterThanOrEqual(straits.length);
    expect(BORDER_LINKS.some((l) => l.kind === 'land')).toBe(false);
  });

  it('3.2(1): capitals and red, black and half sources carry their symbols', () => {
    const m = adapter.map(thirdReich.view(thirdReich.setup('1'), 'axis'))!;
    const icons = (id: string) => m.areas.find((a) => a.id === id)!.icons!.map((i) => `${i.glyph}${i.color}`);
    expect(icons('berlin')).toEqual(['✪#ffd84a', '●#e0241b']);
    expect(icons('bohemia')).toEqual(['●#111111']);
    expect(icons('finland')).toEqual(['◐#111111']);
    expect(icons('bay_of_biscay')).toEqual([]);
  });

  it('every unit on the map is a counter with its values, back side up when used, and every stack sits inside its own area', () => {
    for (const s of positions('m', 150, 1200)) {
      const v = thirdReich.view(s, 'observer');
      const g = v.game as TRView;
      const m = adapter.map(v)!;
      expect(m.pieces).toHaveLength(g.loc.filter((l) => l >= 0).length);
      for (const p of m.pieces) {
        const u = Number(p.id.slice(1));
        expect(p.used).toBe(g.used[u] === 1);
        expect(p.bottom).toMatch(/^\d-\d-\d/);
      }
      const r = new MapRenderer(m);
      const areas = new Map(m.areas.map((a) => [a.id, a]));
      for (const st of r.stacks)
        expect(pointInArea(st.x, st.y, areas.get(st.place)!), `stack ${st.key} off its area`).toBe(true);
    }
  });
});

describe('Third Reich side panels', () => {
  it("2.3.2(4): a side sees its own hand and deck as cards, the opponent's hand and deck as counts only, in every position", () => {
    for (const s of positions('p', 40)) {
      for (const role of SIDES) {
        const opp = role === 'axis' ? 'allies' : 'axis';
        const v = thirdReich.view(s, role);
        const shown = JSON.stringify([adapter.panels!(v), adapter.info!(v), adapter.status(v), adapter.map(v)]);
        for (const c of s.game.hand[opp] as string[])
          expect(shown, `${role} sees ${opp}'s ${c}`).not.toContain(`"${c}"`);
        for (const c of s.game.deck[opp] as string[]) expect(shown).not.toContain(`"${c}"`);
        const hand = adapter.panels!(v).find((p) => p.testId === 'hand')!;
        expect(hand.cards!.map((c) => c.id)).toEqual(s.game.hand[role]);
        const other = adapter.panels!(v).find((p) => p.testId === 'cards')!;
        expect(other.lines[0]).toMatch(new RegExp(`${s.game.hand[opp].length} cards? in hand \\(face down\\)`));
      }
    }
  });

  it("16.1.1: the opponent's development pool shows card backs with their SV only", () => {
    const s = thirdReich.setup('f', 'campaign', { opt16_1_1: true });
    const v = thirdReich.view(s, 'axis');
    const pile = adapter.panels!(v).find((p) => p.title.startsWith('Allies development'))!;
    expect(pile.cards!.every((c) => c.faceDown && !c.id && /^SV [34]$/.test(c.badge ?? ''))).toBe(true);
    expect(JSON.stringify(pile)).not.toMatch(/al[34]-/);
  });

  it('every card and area an action names is a place of the screen, so a click selects it', () => {
    const known = adapter.places(thirdReich.view(thirdReich.setup('1'), 'axis'));
    const cardOrArea = new Set([...data.cards.map((c) => c.id), ...data.areas.map((a) => a.id)]);
    for (const s of positions('a', 25, 800)) {
      const d = thirdReich.decision(s);
      if (!d) continue;
      for (const a of thirdReich.legalActions(s, d.role)) {
        const named = Object.values(a).filter((x): x is string => typeof x === 'string' && cardOrArea.has(x));
        expect(placesOf(a, known)).toEqual(named);
      }
    }
  });

  it('7.0: a unit an action names by number is its counter on the map, so clicking the counter selects the action', () => {
    const s = thirdReich.setup('1');
    const v = thirdReich.view(s, 'axis');
    const piece = adapter.map(v)!.pieces.find((p) => p.place === 'berlin')!;
    const u = Number(piece.id.slice(1));
    expect(adapter.tokens!({ type: 'add', unit: u } as never)).toEqual([piece.id]);
    expect(adapter.tokens!({ type: 'form', area: 'berlin' } as never)).toEqual([]);
    expect(adapter.places(v).has(piece.id)).toBe(true);
    expect(adapter.placeName(piece.id)).toMatch(/^GE (LF|TF|AF) \d-\d-\d$/);
  });

  it("8.1: the arrow of a move runs along the group's path so far to the area the action names", () => {
    let s = thirdReich.setup('1');
    const g = s.game as any;
    const A = (id: string) => data.areas.findIndex((a) => a.id === id);
    s = {
      ...s,
      game: {
        ...g,
        act: {
          side: 'axis',
          mode: 'sv',
          units: [],
          area: A('berlin'),
          type: 'move',
          path: [A('berlin'), A('ruhr')],
          target: -1,
          damaged: [],
          blitz: null,
        },
      },
    };
    const v = thirdReich.view(s, 'axis');
    const arrow = adapter.path!(v, { type: 'to', area: 'munich' } as never, [])!;
    const m = adapter.map(v)!;
    const c = (id: string) => m.placeCenter(id);
    expect(arrow.points).toEqual([c('berlin'), c('ruhr'), c('munich')]);
    expect(arrow.label).toBe('step 2');
    expect(adapter.path!(v, { type: 'pass' } as never, [])).toBeNull();
  });

  it("status: turn, winter, phase, impulse, first player and the rules' source counts", () => {
    const v = thirdReich.view(thirdReich.setup('1'), 'axis');
    expect(Object.fromEntries(adapter.status(v))).toEqual({
      Turn: '1 / 12 winter 1939',
      Winter: 'W (15.2)',
      Phase: 'hand selection - Axis',
      Impulse: 'Allies',
      First: 'Allies',
      Sources: 'Axis 3 · Allies 5',
    });
    const tracks = adapter.panels!(v).find((p) => p.testId === 'tracks')!.tracks!;
    expect(tracks.map((t) => `${t.label}@${t.at}`)).toEqual(['US@0', 'SU@0', 'TU@0', 'SP@0']);
    expect(tracks[0]!.mark).toBe(3);
  });
});
