import { randomIndex, seedRng, type EngineState } from '@sandtable/engine';
import {
  battleOdds,
  germanVP,
  loadProkhorovkaData,
  makeEnv,
  prokhorovka,
  MAJOR,
  RIVER,
  RAIL,
  ROAD,
  type PGView,
} from '../index.ts';
import { describe, expect, it } from 'vitest';
import { matching, placesOf, MapRenderer } from '@sandtable/map';
import { BRIDGES, HEX_BOARD, prokhorovkaAdapter as adapter } from './adapter.ts';

const data = loadProkhorovkaData();
const grid = HEX_BOARD.grid;

/** Plays seeded random legal actions until `stop` holds (or the game ends). */
function playUntil(
  seed: string,
  stop: (s: EngineState<any>) => boolean,
  options: Record<string, unknown> = {},
  max = 5000,
): EngineState<any> {
  let s = prokhorovka.setup(seed, undefined, options as never);
  const rng = seedRng(seed);
  for (let i = 0; i < max && !stop(s); i++) {
    const d = prokhorovka.decision(s);
    if (!d) break;
    const acts = prokhorovka.legalActions(s, d.role);
    s = prokhorovka.apply(s, d.role, acts[randomIndex(rng, acts.length)]!);
  }
  return s;
}
const kindIs = (k: string, role?: string) => (s: EngineState<any>) =>
  prokhorovka.decision(s)?.kind === k && (!role || prokhorovka.decision(s)?.role === role);

describe('Prokhorovka map', () => {
  it('2.2.1: draws the 27x20 hex grid with the TEC terrain of every hex, towns and cities named, 4-digit hex numbers', () => {
    const m = adapter.map(prokhorovka.view(prokhorovka.setup('1'), 'DE'))!;
    expect(m.hex!.grid.nodeCount).toBe(27 * 20);
    expect(grid.label(0)).toBe('0101');
    const ids = data.tables.terrain.map((t) => t.id);
    for (const p of data.map.places) expect(ids[grid.terrain[grid.hex(p.hex)]!], p.name).toBe(p.kind);
    for (const h of data.map.hills) expect(ids[grid.terrain[grid.hex(h.hex)]!]).toBe('hill');
    expect(m.labels!.map((l) => l.text).sort()).toEqual(data.map.places.map((p) => p.name).sort());
    expect(new Set(m.hex!.terrainFill).size).toBe(4);
  });

  it('8.2(1)3-5: rivers and major rivers lie on hexsides, roads and the railway run centre to centre, bridges where they cross', () => {
    for (const r of data.map.rivers) {
      for (const pair of r.hexsides) {
        const [a, b] = pair.split('/').map((h) => grid.hex(h)) as [number, number];
        expect(grid.hexsideBetween(a, b) & (r.kind === 'major' ? MAJOR : RIVER), `${r.name} ${pair}`).toBeTruthy();
      }
    }
    const psel = data.map.rivers.find((r) => r.name === 'Psel')!;
    expect(psel.kind).toBe('major');
    expect(HEX_BOARD.hexsides.find((h) => h.bit === MAJOR)!.width).toBeGreaterThan(
      HEX_BOARD.hexsides.find((h) => h.bit === RIVER)!.width,
    );
    const road = data.map.roads[0]!;
    expect(grid.hexsideBetween(grid.hex(road.hexes[0]!), grid.hex(road.hexes[1]!)) & ROAD).toBeTruthy();
    expect(HEX_BOARD.hexsides.map((h) => h.kind)).toEqual(['road', 'rail', 'river', 'river', 'border']);
    expect(BRIDGES.length).toBeGreaterThan(0);
    for (const [a, b] of BRIDGES) {
      const bits = grid.hexsideBetween(a, b);
      expect(bits & (ROAD | RAIL) && bits & (RIVER | MAJOR)).toBeTruthy();
    }
  });

  it('18.0, 2.2.1(3)(5), 17.2: VP hexes carry a star, sources a mark on their edge, the start line a hexside of its own, entrenchments a ring', () => {
    const m = adapter.map(prokhorovka.view(prokhorovka.setup('1'), 'DE'))!;
    const stars = m.marks!.filter((k) => k.glyph === '★');
    expect(stars).toHaveLength(8);
    for (const v of data.map.vpHexes) {
      const [x, y] = m.placeCenter(v.hex)!;
      expect(
        stars.some((s) => Math.hypot(s.at[0] - x, s.at[1] - y) < 30),
        v.name,
      ).toBe(true);
    }
    expect(m.marks!.filter((k) => k.glyph === '◆')).toHaveLength(data.map.sources.length);
    const start = HEX_BOARD.hexsides.find((h) => h.kind === 'border')!;
    const german = new Set(data.map.startLine.germanSide);
    let sides = 0;
    for (let i = 0; i < grid.nodeCount; i++)
      for (let d = 0; d < 6; d++) {
        if (!(grid.hexsides[6 * i + d]! & start.bit)) continue;
        sides++;
        expect(german.has(grid.label(i)) !== german.has(grid.label(grid.neighbour(i, d)))).toBe(true);
      }
    expect(sides).toBeGreaterThan(20);
    const rings = m.strokes!.filter((s) => s.closed);
    expect(rings).toHaveLength(data.map.entrenchments.reduce((n, e) => n + e.hexes.length, 0));
  });

  it('4.0: every unit on the map is a counter in its hex with its values; reduced and designated units are marked; the renderer stacks them there', () => {
    const s = playUntil('c', kindIs('movement', 'SU'));
    const v = prokhorovka.view(s, 'DE');
    const g = v.game as PGView;
    const m = adapter.map(v)!;
    const onMap = g.units.filter((u) => u.where === 'map');
    expect(m.pieces.map((p) => `${p.id}@${p.place}`).sort()).toEqual(onMap.map((u) => `${u.id}@${u.hex}`).sort());
    for (const p of m.pieces) {
      const u = g.units.find((x) => x.id === p.id)!;
      const d = data.units.find((x) => x.id === p.id)!;
      const vals = u.reduced ? d.reduced : d.full;
      expect(p.bottom).toBe(`${vals.fire}-${vals.equip}-${vals.ma}`);
      expect(!!p.band).toBe(u.reduced);
      expect(p.corner === 'R').toBe(u.designated);
      expect(p.chits).toHaveLength(u.chits.length);
    }
    const r = new MapRenderer(m);
    for (const st of r.stacks) {
      const [x, y] = m.placeCenter(st.place)!;
      expect([st.x, st.y]).toEqual([x, y]);
    }
  });
});

describe('Prokhorovka reads', () => {
  it('drawing a view (map, places, status, panels, battle box, paths, odds) never changes the view or the state', () => {
    let s = prokhorovka.setup('r');
    const rng = seedRng('r');
    for (let i = 0; i < 1500 && prokhorovka.decision(s); i++) {
      if (i % 100 === 0) {
        const before = JSON.stringify(s);
        for (const r of ['DE', 'SU', 'observer']) {
          const v = prokhorovka.view(s, r);
          const seen = JSON.stringify(v);
          adapter.map(v);
          adapter.places(v);
          adapter.status(v);
          adapter.panels!(v);
          adapter.info!(v);
          for (const a of v.actions.slice(0, 20)) {
            adapter.path!(v, a, []);
            adapter.tokens!(a, v);
          }
          adapter.odds!(prokhorovka, s, r, v.actions[0] ?? { type: 'endPhase' });
          expect(JSON.stringify(v)).toBe(seen);
        }
        expect(JSON.stringify(s)).toBe(before);
      }
      const d = prokhorovka.decision(s)!;
      const acts = prokhorovka.legalActions(s, d.role);
      s = prokhorovka.apply(s, d.role, acts[randomIndex(rng, acts.length)]!);
    }
  });
});

describe('Prokhorovka hidden chits', () => {
  it("3.5(5): the Soviet sees a German stack's face-down chits only as Tank/Equip backs, never their identity; the German sees his own by type", () => {
    const s = playUntil('h', kindIs('designation', 'DE'));
    const sv = prokhorovka.view(s, 'SU');
    const de = prokhorovka.view(s, 'DE');
    const hidden = (s.game as any).equip.filter(
      (c: any) => c.side === 'DE' && !c.faceUp && !['cup', 'reorg', 'drawn', 'gone', 'arriving'].includes(c.loc),
    );
    expect(hidden.length).toBeGreaterThan(10);
    const germanPieces = adapter.map(sv)!.pieces.filter((p) => p.side === 'DE');
    const chits = germanPieces.flatMap((p) => p.chits ?? []);
    expect(chits).toHaveLength(hidden.length);
    for (const c of chits) {
      expect(c.faceDown).toBe(true);
      expect(['T', 'E']).toContain(c.label);
      expect(c.title).toMatch(/^face-down (Tank|Equip) chit$/);
    }
    const shown = JSON.stringify([
      adapter.map(sv)!.pieces,
      adapter.panels!(sv),
      adapter.info!(sv),
      adapter.status(sv),
      [...adapter.places(sv)],
    ]);
    const names = new Set(hidden.map((c: any) => data.equipment.find((e) => e.id === c.id)!.name));
    for (const c of hidden) expect(shown, `Soviet view names ${c.id}`).not.toContain(`"${c.id}"`);
    for (const n of names)
      if (!data.equipment.some((e) => e.side === 'SU' && e.name === n))
        expect(shown, `Soviet view names a ${n}`).not.toContain(n as string);
    // the German sees the same chits by type
    const own = adapter
      .map(de)!
      .pieces.filter((p) => p.side === 'DE')
      .flatMap((p) => p.chits ?? []);
    expect(own.every((c) => c.label !== 'T' && c.label !== 'E' && !/^face-down (Tank|Equip)/.test(c.title))).toBe(true);
  });

  it("19.6: with the backs hidden, the enemy's face-down chits are plain backs", () => {
    const s = playUntil('h', kindIs('designation', 'DE'), { hideChitBacks: true });
    const chits = adapter
      .map(prokhorovka.view(s, 'SU'))!
      .pieces.filter((p) => p.side === 'DE')
      .flatMap((p) => p.chits ?? []);
    expect(chits.length).toBeGreaterThan(0);
    expect(chits.every((c) => c.faceDown && c.label === '' && /19\.6/.test(c.title))).toBe(true);
  });
});

describe('Prokhorovka side panels and clicks', () => {
  it('5.0, 18.0: status shows the turn of 9, the player-turn, the phase and German VP against the 18.0 target', () => {
    const s = playUntil('s', kindIs('designation', 'DE'));
    const st = Object.fromEntries(adapter.status(prokhorovka.view(s, 'DE')));
    expect(st).toEqual({
      Turn: '1 of 9 (5 July 1943)',
      'Player-turn': 'German',
      Phase: 'reserve designation (5.1(3))',
      'German VP': `0 (wins at ${data.tables.game.germanWinsAt}, 18.0)`,
    });
    const track = adapter.panels!(prokhorovka.view(s, 'DE')).find((p) => p.testId === 'turn-track')!;
    expect(track.tracks![0]!.boxes).toHaveLength(9);
    // the VP on a determinized view equal the rules' own count on the real state, along a game
    const E = makeEnv(data);
    let x = prokhorovka.setup('vp');
    const rng = seedRng('vp');
    for (let i = 0; i < 3000 && prokhorovka.decision(x); i++) {
      if (i % 250 === 0)
        for (const r of ['DE', 'SU', 'observer'])
          expect(adapter.status(prokhorovka.view(x, r)).find(([k]) => k === 'German VP')![1]).toBe(
            `${germanVP(E, x.game).vp} (wins at 6, 18.0)`,
          );
      const d = prokhorovka.decision(x)!;
      const acts = prokhorovka.legalActions(x, d.role);
      x = prokhorovka.apply(x, d.role, acts[randomIndex(rng, acts.length)]!);
    }
    expect(track.lines.join('\n')).toMatch(/T5 9 July 1943: 5GA x3 \(N\)/);
  });

  it("11.3-11.5: the battle under way shows its attackers, defender, step and damage, and once its support is revealed the rules' odds", () => {
    const after = [
      'bombard',
      'normal',
      'molotov',
      'window:tank',
      'bombAlloc',
      'pairing',
      'duels',
      'tankSupport',
      'damage',
    ];
    const s = playUntil('b', (x) => {
      const c = (x.game as any).combat;
      const b = c?.current != null ? c.battles.find((y: any) => y.id === c.current) : null;
      return !!b && after.includes(b.step);
    });
    const c = (s.game as any).combat;
    const b = c.battles.find((y: any) => y.id === c.current);
    const role = prokhorovka.decision(s)!.role;
    const v = prokhorovka.view(s, role);
    const info = adapter.info!(v)!;
    expect(info.lines.join('\n')).toContain(`Battle for ${b.target}`);
    expect(info.lines.join('\n')).toContain(b.attackers.join(', '));
    expect(info.lines.join('\n')).toMatch(new RegExp(`damage: German ${b.dmg.DE}, Soviet ${b.dmg.SU}`));
    expect(info.odds.length).toBeGreaterThan(0);
    for (const t of info.odds) {
      const sum = t.rows.reduce((n, r) => n + r.p, 0);
      expect(sum, t.title).toBeGreaterThan(0.98);
      expect(sum, t.title).toBeLessThan(1.0001);
    }
    // the same numbers as the rules' battleOdds on the real state: nothing hidden went into them
    const o = battleOdds(makeEnv(data), s.game, b);
    const bomb = info.odds.find((t) => t.title.startsWith(`${b.attacker === 'DE' ? 'German' : 'Soviet'} bombardment`));
    if (o.bombard[b.attacker as 'DE' | 'SU'].dice > 0)
      expect(bomb!.title).toContain(
        `${o.bombard[b.attacker as 'DE' | 'SU'].dice} dice hitting on ≤${o.bombard[b.attacker as 'DE' | 'SU'].need}`,
      );
    for (const n of o.normal.filter((x) => x.odds.dice > 0))
      expect(
        info.odds.some(
          (t) =>
            t.title.startsWith(`${n.stack} normal fire`) &&
            t.title.includes(`${n.odds.dice} dice hitting on ≤${n.odds.need}`),
        ),
      ).toBe(true);
  });

  it("6.0, 5.1(7): the support pool lists own chits by name, the opponent's as a count; the reorganization pool likewise", () => {
    const s = playUntil('p', kindIs('designation', 'SU'));
    const v = prokhorovka.view(s, 'SU');
    const g = v.game as PGView;
    const panels = adapter.panels!(v);
    const pool = panels.find((p) => p.testId === 'support-pool')!;
    expect(pool.cards!.map((c) => c.id)).toEqual(g.mine.support);
    expect(pool.cards!.every((c) => data.support.find((x) => x.id === c.id)!.name === c.title)).toBe(true);
    expect(pool.lines[0]).toBe(
      `German support pool: ${g.pools.DE.support} chit${g.pools.DE.support === 1 ? '' : 's'}, face down`,
    );
    const reorg = panels.find((p) => p.testId === 'reorg-pool')!;
    expect(reorg.cards!.map((c) => c.id)).toEqual(g.mine.reorg);
  });

  it('8.0, 17.1(2): a unit counter is a place, so a click on it keeps only the actions naming that unit (German movement from turn 2)', () => {
    const s = playUntil(
      'm',
      (x) => kindIs('movement', 'DE')(x) && prokhorovka.legalActions(x, 'DE').some((a) => a.type === 'pick'),
    );
    expect((s.game as PGView & { turn: number }).turn).toBeGreaterThanOrEqual(2);
    const v = prokhorovka.view(s, 'DE');
    const known = adapter.places(v);
    const picks = v.actions.filter((a) => a.type === 'pick');
    expect(picks.length).toBeGreaterThan(1);
    const unit = String((picks[0] as any).unit);
    expect(adapter.map(v)!.pieces.some((p) => p.id === unit)).toBe(true);
    const narrowed = matching(v.actions, [unit], known);
    expect(narrowed.length).toBeGreaterThan(0);
    expect(narrowed.length).toBeLessThan(v.actions.length);
    expect(narrowed.every((a) => placesOf(a, known).includes(unit))).toBe(true);
    // after the pick, every destination is a hex on the map and the arrow follows the rules' path
    const pick = picks.find((a) => (a as any).mode === 'normal' && (a as any).unit === unit) ?? picks[0]!;
    const s2 = prokhorovka.apply(s, 'DE', pick);
    const v2 = prokhorovka.view(s2, 'DE');
    const dest = v2.actions.find((a) => a.type === 'moveTo')! as any;
    expect(adapter.places(v2).has(dest.hex)).toBe(true);
    const arrow = adapter.path!(v2, dest, [])!;
    expect(arrow.points[arrow.points.length - 1]).toEqual(adapter.map(v2)!.placeCenter(dest.hex));
    expect(arrow.label).toMatch(/move, \d+ hex/);
  });

  it('every hex, unit and chit a legal action names is a place of the screen (map, counter or panel card), so a click selects it', () => {
    const units = new Set(data.units.map((u) => u.id));
    const chit = /^(DE|SU)-[ES]\d+$/;
    let s = prokhorovka.setup('k');
    const rng = seedRng('k');
    let checked = 0;
    for (let i = 0; i < 2500 && prokhorovka.decision(s); i++) {
      const d = prokhorovka.decision(s)!;
      const acts = prokhorovka.legalActions(s, d.role);
      if (i % 7 === 0) {
        const v = prokhorovka.view(s, d.role);
        const known = adapter.places(v);
        for (const a of acts) {
          for (const [k, x] of Object.entries(a)) {
            if (k === 'type' || typeof x !== 'string') continue;
            if (grid.indexOfLabel(x) >= 0 || units.has(x) || chit.test(x)) {
              expect(known.has(x), `${JSON.stringify(a)}: ${x}`).toBe(true);
              checked++;
            }
          }
        }
      }
      s = prokhorovka.apply(s, d.role, acts[randomIndex(rng, acts.length)]!);
    }
    expect(checked).toBeGreaterThan(500);
  });

  it("5.1(7)2: a chit under a unit is reached by clicking that unit's counter (the action names only the chit)", () => {
    const s = playUntil(
      'r',
      (x) =>
        kindIs('reorganization', 'DE')(x) && prokhorovka.legalActions(x, 'DE').some((a) => a.type === 'reorgReturn'),
    );
    const v = prokhorovka.view(s, 'DE');
    const known = adapter.places(v);
    const ret = v.actions.find((a) => a.type === 'reorgReturn')! as any;
    const holder = (v.game as PGView).units.find((u) => u.chits.some((c) => 'id' in c && c.id === ret.chit))!;
    expect(adapter.tokens!(ret, v)).toEqual([holder.id]);
    const withTokens = v.actions.map((a) => ({ ...a, __places: adapter.tokens!(a, v) }));
    const narrowed = matching(withTokens, [holder.id], known);
    expect(narrowed.some((a) => a.type === 'reorgReturn' && (a as any).chit === ret.chit)).toBe(true);
    expect(narrowed.every((a) => placesOf(a, known).includes(holder.id))).toBe(true);
    expect(adapter.tokens!({ type: 'endPhase' } as never, v)).toEqual([]);
  });
});
