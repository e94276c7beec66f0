import { describe, expect, it } from 'vitest';
import { randomIndex, seedRng, type EngineState } from '@sandtable/engine';
import { AMBIGUITY_IDS, OPTION_SPECS, germanVP, loadProkhorovkaData, prokhorovka, type PGState } from './index.ts';
import type { PGView } from './rules.ts';
import { ARRIVING, locReach, makeEnv } from './state.ts';

const E = makeEnv(loadProkhorovkaData());
type S = EngineState<PGState>;
const act = (s: S, role: string, a: object) => prokhorovka.apply(s, role, a);
const g = (s: S) => s.game;

/** Set-up through 4.0(5)(6): both sides place nothing, the German picks the first 8 chits. */
function started(seed = 's1', options = {}): S {
  let s = prokhorovka.setup(seed, undefined, options);
  s = act(s, 'SU', { type: 'donePlacing' });
  s = act(s, 'DE', { type: 'donePlacing' });
  for (let k = 0; k < 8; k++) s = act(s, 'DE', prokhorovka.legalActions(s, 'DE')[0]!);
  return s;
}

describe('options (spec §8)', () => {
  it('every ambiguity A-01..A-57 is a named option with a default; 19.1-19.6 are options', () => {
    expect(new Set(AMBIGUITY_IDS).size).toBe(57);
    for (const k of ['extendedGame', 'xxivPanzerCorps', 'beastKiller', 'extraCounters', 'tdBreakdowns', 'hideChitBacks']) expect(OPTION_SPECS.some((o) => o.key === k)).toBe(true);
  });
});

describe('4.0 set-up', () => {
  it('4.0(2)-(4): dotted units in the reserve pool; 12/19 and 12/21 chits drawn; the Soviet draws 4 support and places first', () => {
    const s = prokhorovka.setup('x');
    const st = g(s);
    expect(st.units.filter((u) => u.hex === -1).map((u) => u.id).sort()).toEqual(E.d.units.filter((u) => u.reinforcement).map((u) => u.id).sort());
    const drawn = (side: string, back: string) => st.equip.filter((c) => c.side === side && c.loc === 'drawn' && E.equipById.get(c.id)!.back === back).length;
    expect([drawn('DE', 'tank'), drawn('DE', 'equip'), drawn('SU', 'tank'), drawn('SU', 'equip')]).toEqual([12, 19, 12, 21]);
    expect(st.support.filter((c) => c.side === 'SU' && c.loc === 'pool').length).toBe(4);
    expect(prokhorovka.decision(s)!.role).toBe('SU');
  });

  it('4.0(5): chits go face-down under own units up to the equipment value; the rest to the reorganization pool', () => {
    let s = prokhorovka.setup('x');
    const inf = '71G'; // equipment value 2
    const chits = g(s).equip.filter((c) => c.side === 'SU' && c.loc === 'drawn').slice(0, 3);
    s = act(s, 'SU', { type: 'place', chit: chits[0]!.id, unit: inf });
    s = act(s, 'SU', { type: 'place', chit: chits[1]!.id, unit: inf });
    expect(() => act(s, 'SU', { type: 'place', chit: chits[2]!.id, unit: inf })).toThrow(/4.0\(5\)/);
    s = act(s, 'SU', { type: 'donePlacing' });
    expect(g(s).equip.filter((c) => c.side === 'SU' && c.loc === 'reorg').length).toBe(31);
  });

  it('4.0(6)1, A-01: the German chooses 8 support chits and keeps them through turn 1 (no turn-1 German support receipt)', () => {
    const s = started();
    const pool = g(s).support.filter((c) => c.side === 'DE' && c.loc === 'pool').map((c) => c.id);
    expect(pool).toEqual(E.d.support.filter((c) => c.side === 'DE').slice(0, 8).map((c) => c.id));
    expect(g(s).turn).toBe(1);
    expect(g(s).phase).toBe('designation');
  });
});

describe('5.0 sequence of play', () => {
  it('5.1(3), D-07: mechanized stacks may always be designated; infantry only outside enemy ZOC', () => {
    const s = started();
    const ids = prokhorovka.legalActions(s, 'DE').filter((a) => a.type === 'designate').map((a) => (a as { unit: string }).unit);
    expect(ids).toContain('GD'); // mechanized, in Soviet ZOC
    expect(ids).not.toContain('167ID'); // infantry at 0914 next to 52G at 1013: in Soviet ZOC
    expect(ids).toContain('332ID'); // infantry not adjacent to any Soviet unit
  });

  it('6.0, A-53-free: the Soviet support receipt returns the pool and draws the turn-track number', () => {
    let s = started();
    while (g(s).side === 'DE') s = act(s, 'DE', { type: 'endPhase' });
    expect(g(s).support.filter((c) => c.side === 'SU' && c.loc === 'pool').length).toBe(E.d.tables.turnTrack[0]!.sovSP);
  });

  it('5.1(7)1, D-44: at most 2 chits from the reorganization pool, onto units with a LOC and free capacity', () => {
    let s = started();
    while (g(s).phase !== 'reorganization') s = act(s, 'DE', { type: 'endPhase' });
    const place = () => prokhorovka.legalActions(s, 'DE').find((a) => a.type === 'reorgPlace')!;
    s = act(s, 'DE', place());
    s = act(s, 'DE', place());
    expect(prokhorovka.legalActions(s, 'DE').some((a) => a.type === 'reorgPlace')).toBe(false);
  });

  it('7.0(1): on turn 2 the Soviet chooses which XXXVG unit arrives from the reserve pool; its TK/EQ chits arrive with it (A-03)', () => {
    let s = started();
    for (let k = 0; k < 100 && !(g(s).turn === 2 && g(s).side === 'SU'); k++) {
      const d = prokhorovka.decision(s)!;
      s = act(s, d.role, { type: 'endPhase' });
    }
    expect(prokhorovka.decision(s)!.kind).toBe('reinfChoice');
    expect(prokhorovka.legalActions(s, 'SU')).toEqual(['92G', '93G', '94G'].map((unit) => ({ type: 'reinfPick', unit })));
    s = act(s, 'SU', { type: 'reinfPick', unit: '93G' });
    expect(g(s).units.filter((u) => u.hex === -3).map((u) => u.id)).toEqual(['93G']);
    expect(g(s).equip.filter((c) => c.side === 'SU' && c.loc === 'arriving').length).toBe(E.d.tables.turnTrack[1]!.equip);
    expect(g(s).phase).toBe('designation');
  });

  it('D-47, 7.0(1), A-02: a Soviet stack south of the start line: the German chooses 2 of VIK/17Pz/23Pz once, with 4 Tank + 3 Equip chits', () => {
    let s = started();
    for (let k = 0; k < 200 && !(g(s).side === 'SU' && g(s).turn === 2 && g(s).phase === 'reorganization'); k++) {
      const d = prokhorovka.decision(s)!;
      s = act(s, d.role, prokhorovka.legalActions(s, d.role).find((a) => a.type === 'endPhase') ?? prokhorovka.legalActions(s, d.role)[0]!);
    }
    const st = structuredClone(g(s));
    st.units.find((u) => u.id === '71G')!.hex = E.b.grid.hex('0516'); // south of the start line
    st.ver++;
    s = act({ ...s, game: st }, 'SU', { type: 'endPhase' });
    expect(prokhorovka.decision(s)!.kind).toBe('reinfChoice');
    expect(prokhorovka.legalActions(s, 'DE').map((a) => (a as { unit: string }).unit)).toEqual(['VIK', '17Pz', '23Pz']);
    s = act(s, 'DE', { type: 'reinfPick', unit: 'VIK' });
    s = act(s, 'DE', { type: 'reinfPick', unit: '23Pz' });
    expect(g(s).units.filter((u) => u.side === 'DE' && u.hex === -3).map((u) => u.id).sort()).toEqual(['23Pz', 'VIK']);
    const arriving = (back: string) => g(s).equip.filter((c) => c.side === 'DE' && c.loc === 'arriving' && E.equipById.get(c.id)!.back === back).length;
    expect([arriving('tank'), arriving('equip')]).toEqual([4, 3]);
    expect(g(s).phase).toBe('designation');
    // turn 3 onwards: nothing more
    for (let k = 0; k < 300 && !(g(s).side === 'DE' && g(s).turn === 3 && g(s).phase === 'designation'); k++) {
      const d = prokhorovka.decision(s)!;
      s = act(s, d.role, prokhorovka.legalActions(s, d.role).find((a) => a.type === 'endPhase') ?? prokhorovka.legalActions(s, d.role)[0]!);
    }
    expect(g(s).units.find((u) => u.id === '17Pz')!.hex).toBe(-1);
  });
});

describe('views (3.5(5), 19.6)', () => {
  it('a stack lists the chits its viewer may identify first, then the enemy face-down chits by back only, in an order that names none', () => {
    const s = started();
    const st = g(s);
    const ids = st.equip.filter((c) => c.side === 'DE' && c.loc === 'reorg').slice(0, 3);
    for (const c of ids) c.loc = 'GD';
    ids[1]!.faceUp = true; // the middle chit by id is face-up: it must not sit between the two hidden ones
    const gd = prokhorovka.view(s, 'SU').game.units.find((u) => u.id === 'GD')!;
    expect(gd.chits[0]).toEqual({ id: ids[1]!.id, faceUp: true });
    expect(gd.chits.slice(1).every((c) => 'back' in c && !('id' in c))).toBe(true);
    const backs = gd.chits.slice(1).map((c) => ('back' in c ? c.back : ''));
    expect(backs).toEqual([...backs].sort());
    const hidden = prokhorovka.view({ ...s, game: { ...st, o: { ...st.o, hideChitBacks: true } } }, 'SU').game.units.find((u) => u.id === 'GD')!;
    expect(hidden.chits.slice(1)).toEqual([{ back: null }, { back: null }]); // 19.6
  });
});

describe('18.0 victory', () => {
  it('18.0(1)1, D-27, A-09: VP hexes with a German LOC count; an empty VP hex in Soviet ZOC does not', () => {
    const s = started();
    const st = structuredClone(g(s));
    // clear the Soviet army from the map: every VP hex is reachable
    for (const u of st.units) if (u.side === 'SU') u.hex = -2;
    st.ver++;
    expect(germanVP(E, st).hexes.length).toBe(E.b.vpHexes.length);
    // a Soviet unit next to Oboyan puts it in Soviet ZOC: its LOC is blocked
    const obo = E.b.grid.hex('1003');
    st.units.find((u) => u.id === '71G')!.hex = E.b.grid.neighbours(obo)[0]!;
    st.ver++;
    expect(germanVP(E, st).hexes).not.toContain(obo);
  });
});

// ---- the property test: random games to the end, invariants after every action ----------------

const N_GAMES = Number(process.env.PK_GAMES ?? 1000);
const SIDES = ['DE', 'SU'] as const;

/** Neighbour table for the fresh LOC computation (-1 off the map). */
const NB = (() => {
  const grid = E.b.grid;
  const t = new Int32Array(grid.nodeCount * 6).fill(-1);
  for (let h = 0; h < grid.nodeCount; h++) grid.neighbours(h).forEach((x, k) => (t[h * 6 + k] = x));
  return t;
})();

const SCRATCH = { own: new Uint8Array(NB.length / 6), enemy: new Uint8Array(NB.length / 6), zoc: new Uint8Array(NB.length / 6), queue: new Int32Array(NB.length / 6) };

/** 3.2 computed afresh (no cache, no shared code): BFS from own sources through hexes a LOC may enter. */
function freshLoc(st: PGState, side: 'DE' | 'SU'): Uint8Array {
  const n = E.b.grid.nodeCount;
  const { own, enemy, zoc, queue } = SCRATCH;
  own.fill(0); enemy.fill(0); zoc.fill(0);
  for (const u of st.units) if (u.hex >= 0) (u.side === side ? own : enemy)[u.hex] = 1;
  for (let h = 0; h < n; h++) if (enemy[h]) for (let k = h * 6; k < h * 6 + 6; k++) if (NB[k]! >= 0) zoc[NB[k]!] = 1; // 3.1
  const mine = side === 'DE' ? 1 : 2;
  const enters = (h: number) => !enemy[h] && (E.b.source[h] === 0 || E.b.source[h] === mine) && (!zoc[h] || own[h] === 1 || E.b.source[h] === mine); // 3.2(1), 2.2.1(5), A-09
  const out = new Uint8Array(n);
  let len = 0;
  for (let h = 0; h < n; h++) if (E.b.source[h] === mine && enters(h)) { out[h] = 1; queue[len++] = h; }
  while (len) {
    const h = queue[--len]!;
    for (let k = h * 6; k < h * 6 + 6; k++) {
      const x = NB[k]!;
      if (x >= 0 && !out[x] && enters(x)) { out[x] = 1; queue[len++] = x; }
    }
  }
  return out;
}

/** Fails the test with `msg` (plain checks: an expect() per item would dominate the run time). */
function fail(msg: string): never {
  return expect.fail(`${msg} (${where})`);
}
let where = '';
const sameField = (a: Uint8Array, b: Uint8Array) => a.length === b.length && a.every((x, k) => x === b[k]);
const OFF_UNIT = new Set(['cup', 'reorg', 'drawn', 'pool', 'gone', 'arriving']);
const UNIT_INDEX = new Map(E.d.units.map((u, k) => [u.id, k]));

/** What the previous check saw: the version, on-map positions and chit locations. */
interface Seen { ver: number; hexes: Int32Array; locs: string[]; checkedVer: number }
const newSeen = (): Seen => ({ ver: -1, hexes: new Int32Array(E.d.units.length).fill(-9), locs: [], checkedVer: -1 });

/** Every invariant after one action; `prev` carries what the last check saw. */
function checkInvariants(s: S, a: { type: string }, prev: Seen): void {
  const st = g(s);
  // 3.4(1), A-08: one combat unit per hex; 2.2.1(5): never in an enemy source
  const occ = new Int8Array(E.b.grid.nodeCount);
  let moved = false;
  st.units.forEach((u, k) => {
    const h = Math.max(u.hex, -1); // on-map positions only: ZOC and LOC ignore the off-map boxes
    if (prev.hexes[k] !== h) moved = true;
    prev.hexes[k] = h;
    if (h < 0) return;
    if (occ[h]) fail(`two units in ${E.b.grid.label(h)}`);
    occ[h] = 1;
    if (E.b.source[h] === (u.side === 'DE' ? 2 : 1)) fail(`${u.id} in an enemy source`);
  });
  // the cache key: positions never change without a version bump (CachedField keyed by g.ver)
  if (moved && st.ver === prev.ver) fail(`units moved without g.ver++ after ${a.type}`);
  // chit conservation: every chit once; equipment under a unit only with a unit on the map (3.5(2)), within its equipment value (3.4(2))
  if (!(st.equip.length === E.d.equipment.length && st.equip.every((c, k) => c.id === E.d.equipment[k]!.id))) fail('equipment chits lost, doubled or renamed');
  if (!(st.support.length === E.d.support.length && st.support.every((c, k) => c.id === E.d.support[k]!.id))) fail('support chits lost, doubled or renamed');
  const under = new Int8Array(st.units.length);
  const changed = { DE: a.type === 'setup', SU: a.type === 'setup' }; // whose chits moved or turned
  st.equip.forEach((c, k) => {
    const loc = c.faceUp ? c.loc + '+' : c.loc;
    if (prev.locs[k] !== loc) changed[c.side] = true;
    prev.locs[k] = loc;
    if (OFF_UNIT.has(c.loc)) return;
    const ui = UNIT_INDEX.get(c.loc);
    const u = ui === undefined ? undefined : st.units[ui];
    if (!u || u.side !== c.side || (u.hex < 0 && u.hex !== ARRIVING)) fail(`chit ${c.id} under ${c.loc}`); // on the map, or entering
    under[ui!]! += 1;
    if (under[ui!]! > E.unitById.get(c.loc)!.full.equip) fail(`${c.loc} carries too many chits`);
  });
  st.support.forEach((c, k) => {
    const loc = c.faceUp ? c.loc + '+' : c.loc;
    if (prev.locs[st.equip.length + k] !== loc) changed[c.side] = true;
    prev.locs[st.equip.length + k] = loc;
  });
  // 3.2: the cached LOC equals a fresh computation
  if (st.ver !== prev.checkedVer) {
    for (const side of SIDES) if (!sameField(locReach(E, st, side), freshLoc(st, side))) fail(`LOC of ${side} after ${a.type}`);
    prev.checkedVer = st.ver;
  }
  // 8.2(2), 8.3(1): a move never passes through an enemy ZOC hex (only its last hex may be one); strategic moves stay on roads outside ZOC
  if (a.type === 'moveTo') checkMove(st);
  // 3.5(5), 3.6(3), 19.6: no face-down chit of a side is named in the other side's view (checked when that side's chits change)
  for (const side of SIDES) {
    if (changed[side]) {
      const named = namedChits(prokhorovka.rules.view(st, side === 'DE' ? 'SU' : 'DE'));
      for (const c of st.equip) if (c.side === side && !c.faceUp && named.has(c.id)) fail(`${c.id} visible to the opponent`);
      for (const c of st.support) if (c.side === side && !c.faceUp && named.has(c.id)) fail(`${c.id} visible to the opponent`);
    }
  }
  prev.ver = st.ver;
}

/** Every chit id a view names: the units' chits walked directly, everything else (pools, combat...) searched as JSON. */
function namedChits(view: PGView): Set<string> {
  const { units, pub, ...rest } = view;
  const { equip, support, o: _options, ...pubRest } = pub; // the options name no chits
  const out = new Set<string>((JSON.stringify([rest, pubRest]).match(/(DE|SU)-[ES]\d+/g) ?? []));
  for (const u of units) for (const c of u.chits) if ('id' in c) out.add(c.id);
  for (const c of [...equip, ...support]) if ('id' in c) out.add(c.id);
  return out;
}

function checkMove(st: PGState): void {
  const path = st.mv.lastPath.map((l) => E.b.grid.hex(l));
  const mover = st.units.find((u) => u.hex === path[path.length - 1])!;
  const enemyAt = new Set(st.units.filter((u) => u.side !== mover.side && u.hex >= 0).map((u) => u.hex));
  const inZoc = (h: number) => E.b.source[h] !== (mover.side === 'DE' ? 1 : 2) && E.b.grid.neighbours(h).some((x) => enemyAt.has(x));
  for (const h of path.slice(1, -1)) if (inZoc(h)) fail(`${mover.id} passed the enemy ZOC at ${E.b.grid.label(h)}`);
  for (let k = 0; k + 1 < path.length; k++) if (E.b.grid.distance(path[k]!, path[k + 1]!) !== 1) fail('a move skips a hex');
  if (st.mv.strategic.includes(mover.id) && st.mv.moved[st.mv.moved.length - 1] === mover.id) {
    for (const h of path) if (inZoc(h)) fail(`${mover.id} moved strategically into enemy ZOC`);
    for (let k = 0; k + 1 < path.length; k++) if ((E.b.grid.hexsideBetween(path[k]!, path[k + 1]!) & 4) === 0) fail(`${mover.id} left the road in a strategic move`);
  }
}

describe('random games to the end with invariants', () => {
  it(`${N_GAMES} seeded random games end; after every action: one stack per hex, chit conservation, LOC = a fresh computation, no move through enemy ZOC, no hidden chit in the opponent view`, () => {
    let steps = 0;
    for (let k = 0; k < N_GAMES; k++) {
      const s = prokhorovka.setup(`seed${k}`);
      const chooser = seedRng(`chooser:c${k}`);
      const prev = newSeen();
      checkInvariants(s, { type: 'setup' }, prev);
      for (let n = 0; n < 20_000 && !prokhorovka.outcome(s); n++) {
        const d = prokhorovka.decision(s)!;
        const legal = prokhorovka.legalActions(s, d.role);
        expect(legal.length, `no legal action at ${d.kind}`).toBeGreaterThan(0);
        const a = legal[randomIndex(chooser, legal.length)]!;
        prokhorovka.applyInPlace(s, d.role, a, true);
        where = `game ${k}, step ${n}: ${d.role} ${JSON.stringify(a)}`;
        checkInvariants(s, a, prev);
        steps++;
      }
      expect(prokhorovka.outcome(s), `game ${k} did not end`).not.toBeNull();
    }
    expect(steps).toBeGreaterThan(N_GAMES * 100);
  }, 300_000);
});
