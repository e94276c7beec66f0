import { describe, expect, it } from 'vitest';
import type { EngineState } from '@sandtable/engine';
import { loadProkhorovkaData, prokhorovka, type PGState } from './index.ts';
import { ARRIVING, ELIMINATED, RESERVE, inEnemyZoc, makeEnv } from './state.ts';
import { movePath, movedStrategically, movementAllowance, reachable, stepCost } from './movement.ts';
import type { MoveMode } from './state.ts';
import { askPhase } from './sequence.ts';

const E = makeEnv(loadProkhorovkaData());
const grid = E.b.grid;
const H = (label: string) => grid.hex(label);
type S = EngineState<PGState>;
const act = (s: S, role: string, a: object) => prokhorovka.apply(s, role, a);

function started(seed = 's1', options = {}): S {
  let s = prokhorovka.setup(seed, undefined, options);
  s = act(s, 'SU', { type: 'donePlacing' });
  s = act(s, 'DE', { type: 'donePlacing' });
  for (let k = 0; k < 8; k++) s = act(s, 'DE', prokhorovka.legalActions(s, 'DE')[0]!);
  return s;
}

/** A movement phase of `side` on `turn` with only the listed units on the map (the rest eliminated). */
function position(units: Record<string, string>, side: 'DE' | 'SU' = 'DE', turn = 3, options = {}): S {
  const s = structuredClone(started('s1', options));
  const g = s.game;
  for (const u of g.units) {
    const at = units[u.id];
    u.hex = at === undefined ? ELIMINATED : at === 'arriving' ? ARRIVING : at === 'reserve' ? RESERVE : H(at);
  }
  for (const c of g.equip) if (c.loc !== 'cup' && c.loc !== 'reorg') c.loc = 'cup';
  g.turn = turn;
  g.side = side;
  g.phase = 'movement';
  g.stack = [];
  askPhase(g, 'movement');
  g.ver++;
  return s;
}
const unit = (s: S, id: string) => s.game.units.find((u) => u.id === id)!;
const dests = (s: S, id: string, mode: MoveMode = 'normal') => reachable(E, s.game, unit(s, id), mode);
const move = (s: S, side: string, id: string, hex: string, mode: MoveMode = 'normal') =>
  act(act(s, side, { type: 'pick', unit: id, mode }), side, { type: 'moveTo', hex });
const refusal = (s: S, side: string, a: object) => {
  try {
    act(s, side, a);
  } catch (e) {
    return (e as Error).message;
  }
  return 'accepted';
};

describe('8.2 normal movement: costs', () => {
  it('8.2(1)2, table 6.13: clear 1 MP; a town costs mechanized units 2 and infantry 1', () => {
    const town = H('2010');
    expect(stepCost(E, true, H('2111'), town)).toBe(2);
    expect(stepCost(E, false, H('2111'), town)).toBe(1);
    expect(stepCost(E, true, H('2203'), H('2303'))).toBe(1);
  });

  it('8.2(1)3: an unbridged river hexside adds 2 MP (mechanized) / 1 (infantry); a major river 3 / 2', () => {
    // 2109-2009: the Northern Donets (river) without a road or railway crossing
    expect(grid.hexsideBetween(H('2109'), H('2009'))).toBe(1);
    expect(stepCost(E, true, H('2109'), H('2009'))).toBe(1 + 2);
    expect(stepCost(E, false, H('2109'), H('2009'))).toBe(1 + 1);
    // 1707-1606: the Psel (major) onto a hill
    expect(stepCost(E, true, H('1707'), H('1606'))).toBe(2 + 3);
    expect(stepCost(E, false, H('1707'), H('1606'))).toBe(2 + 2);
  });

  it('8.2(1)4-5, 2.2.1(7): a road costs 1 MP whatever the terrain and bridges the river; a railway bridges a river but is no road', () => {
    expect(stepCost(E, true, H('1707'), H('1706'))).toBe(1); // road + railway bridge over the Psel
    expect(stepCost(E, true, H('1003'), H('1004'))).toBe(1);
    // 1610-1611: railway over the Lipovyi Donets, no road: the terrain cost only
    expect(stepCost(E, true, H('1610'), H('1611'))).toBe(E.d.tables.terrain[grid.terrain[H('1611')]!]!.mpMech);
  });

  it('8.2(1)1, 8.2(1)4: an infantry stack (MA 3) goes 3 hexes along the Korocha road, 3 MP', () => {
    const s = position({ '57ID': '1807' });
    const r = dests(s, '57ID');
    expect(r.get(H('2109'))).toBe(3);
    expect(r.has(H('2209'))).toBe(false);
    expect(refusal(s, 'DE', { type: 'pick', unit: '57ID', mode: 'normal' })).toBe('accepted');
    const s2 = act(s, 'DE', { type: 'pick', unit: '57ID', mode: 'normal' });
    expect(refusal(s2, 'DE', { type: 'moveTo', hex: '2209' })).toMatch(/8\.2\(1\)1/);
  });
});

describe('8.2(2) zones of control', () => {
  it('D-01: a mechanized stack (MA 6) stops on entering an enemy ZOC hex with MP left', () => {
    const s = position({ '11Pz': '2101', '71G': '2401' }); // 3 hexes apart on the north edge
    const r = dests(s, '11Pz');
    expect(r.get(H('2301'))).toBe(2); // next to 71G, in its ZOC, entered with 4 MP to spare
    expect(r.has(H('2701'))).toBe(false); // beyond the ZOC: the move would have to go on
    const free = position({ '11Pz': '2101' });
    expect(dests(free, '11Pz').get(H('2701'))).toBe(6);
    const zoc = inEnemyZoc(E, s.game, 'DE');
    for (const h of r.keys()) {
      const path = movePath(E, s.game, unit(s, '11Pz'), 'normal', h);
      expect(
        path.slice(1, -1).some((x) => zoc[x] === 1),
        grid.label(h),
      ).toBe(false);
    }
    const s2 = act(s, 'DE', { type: 'pick', unit: '11Pz', mode: 'normal' });
    expect(refusal(s2, 'DE', { type: 'moveTo', hex: '2701' })).toMatch(/8\.2\(2\)/);
  });

  it('D-02: a stack starting in an enemy ZOC may step into an adjacent ZOC hex and must stop there', () => {
    let s = position({ '11Pz': '2403', '71G': '2503' });
    const r = dests(s, '11Pz');
    expect(r.get(H('2402'))).toBe(1);
    expect(movePath(E, s.game, unit(s, '11Pz'), 'normal', H('2402'))).toEqual([H('2403'), H('2402')]);
    s = move(s, 'DE', '11Pz', '2402');
    expect(unit(s, '11Pz').hex).toBe(H('2402'));
    expect(refusal(s, 'DE', { type: 'pick', unit: '11Pz', mode: 'normal' })).toMatch(/8\.1\(1\)/); // moving on is illegal
  });

  it('D-03: a stack starting in an enemy ZOC that leaves it moves on normally', () => {
    const s = position({ '11Pz': '2403', '71G': '2503' });
    expect(dests(s, '11Pz').get(H('2203'))).toBe(2);
    expect(movePath(E, s.game, unit(s, '11Pz'), 'normal', H('2203'))).toEqual([H('2403'), H('2303'), H('2203')]);
  });

  it('D-58, 2.2.1(5): enemy ZOC does not extend into a friendly source; D-57: no stack enters an enemy source', () => {
    const s = position({ '71G': '0520', '57ID': '0319' }, 'SU');
    expect(inEnemyZoc(E, s.game, 'DE')[H('0420')]).toBe(0);
    expect(inEnemyZoc(E, s.game, 'DE')[H('0419')]).toBe(1);
    expect(dests(s, '71G').has(H('0420'))).toBe(false);
    const s2 = act(s, 'SU', { type: 'pick', unit: '71G', mode: 'normal' });
    expect(refusal(s2, 'SU', { type: 'moveTo', hex: '0420' })).toMatch(/2\.2\.1\(5\)/);
  });
});

describe('3.4 stacking', () => {
  it('3.4(1)(4), A-08: a move passes through a friendly stack but may not end on it; enemy stacks are closed', () => {
    const s = position({ '57ID': '2203', '255ID': '2303', '71G': '2204' });
    const r = dests(s, '57ID');
    expect(r.has(H('2303'))).toBe(false);
    expect(r.has(H('2204'))).toBe(false);
    expect(movePath(E, s.game, unit(s, '57ID'), 'normal', H('2403'))).toContain(H('2303'));
    const s2 = act(s, 'DE', { type: 'pick', unit: '57ID', mode: 'normal' });
    expect(refusal(s2, 'DE', { type: 'moveTo', hex: '2303' })).toMatch(/3\.4\(1\)\(4\)/);
    expect(refusal(s2, 'DE', { type: 'moveTo', hex: '2204' })).toMatch(/3\.4\(1\)/);
  });

  it("3.4(3), A-08: chits move with their stack; chits over a reduced unit's equipment value go to the reorganization pool", () => {
    const s = position({ GD: '2203' });
    const chits = s.game.equip.filter((c) => c.side === 'DE' && c.loc === 'cup').slice(0, 4);
    for (const c of chits) c.loc = 'GD';
    unit(s, 'GD').reduced = true; // reduced 2-3-6
    const s2 = move(s, 'DE', 'GD', '2303');
    expect(s2.game.equip.filter((c) => c.loc === 'GD').length).toBe(3);
    expect(s2.game.equip.filter((c) => chits.some((x) => x.id === c.id) && c.loc === 'reorg').length).toBe(1);
  });

  it('签一览 position: a face-up position goes back to its cup when its stack moves', () => {
    const s = position({ GD: '2203' });
    const mg = s.game.equip.find((c) => c.id === 'DE-E32')!;
    mg.loc = 'GD';
    mg.faceUp = true;
    const s2 = move(s, 'DE', 'GD', '2303');
    expect(s2.game.equip.find((c) => c.id === 'DE-E32')!.loc).toBe('cup');
  });
});

describe('8.3 strategic movement', () => {
  it('D-04: a designated stack moves twice its MA along a road (infantry MA 3: 6 road hexes) and may not attack this player-turn', () => {
    let s = position({ '57ID': '1807' });
    unit(s, '57ID').designated = true;
    const r = dests(s, '57ID', 'strategic');
    expect(r.get(H('2311'))).toBe(6);
    expect(r.has(H('2411'))).toBe(false);
    expect(r.has(H('1808'))).toBe(true); // along the Rzhavets road
    for (const h of r.keys()) {
      const p = movePath(E, s.game, unit(s, '57ID'), 'strategic', h);
      for (let k = 0; k + 1 < p.length; k++) expect(grid.hexsideBetween(p[k]!, p[k + 1]!) & 4).toBe(4);
    }
    s = move(s, 'DE', '57ID', '2311', 'strategic');
    expect(movedStrategically(s.game, '57ID')).toBe(true);
    expect(prokhorovka.view(s, 'SU').game.mv.strategic).toEqual(['57ID']);
  });

  it('D-05: a strategic route may not enter an enemy ZOC hex', () => {
    const s = position({ '57ID': '1807', '71G': '2310' });
    unit(s, '57ID').designated = true;
    const r = dests(s, '57ID', 'strategic');
    expect(r.get(H('2109'))).toBe(3);
    expect(r.has(H('2209'))).toBe(false);
    expect(r.has(H('2210'))).toBe(false);
    const s2 = act(s, 'DE', { type: 'pick', unit: '57ID', mode: 'strategic' });
    expect(refusal(s2, 'DE', { type: 'moveTo', hex: '2209' })).toMatch(/8\.3\(1\)2/);
    // normal movement may still enter the ZOC hex and stop
    expect(dests(s, '57ID').has(H('2209'))).toBe(false); // 4 MP away for MA 3
  });

  it('D-06, A-06: a non-designated stack may not move strategically; 8.3(1)2: nor a stack starting in enemy ZOC', () => {
    const s = position({ '57ID': '1807', '3Pz': '2403', '71G': '2503' });
    expect(refusal(s, 'DE', { type: 'pick', unit: '57ID', mode: 'strategic' })).toMatch(/A-06/);
    unit(s, '3Pz').designated = true;
    expect(refusal(s, 'DE', { type: 'pick', unit: '3Pz', mode: 'strategic' })).toMatch(/8\.3\(1\)2/);
    expect(prokhorovka.legalActions(s, 'DE')).not.toContainEqual({ type: 'pick', unit: '57ID', mode: 'strategic' });
  });
});

describe('8.1 one stack at a time', () => {
  it('8.1(1)(3): each stack moves once per phase; a pick may be cancelled; the phase ends with endPhase', () => {
    let s = position({ '57ID': '2203', '255ID': '2205' });
    s = act(s, 'DE', { type: 'pick', unit: '57ID', mode: 'normal' });
    expect(prokhorovka.legalActions(s, 'DE').some((a) => a.type === 'pick')).toBe(false);
    expect(refusal(s, 'DE', { type: 'pick', unit: '255ID', mode: 'normal' })).toMatch(/8\.1\(1\)/);
    s = act(s, 'DE', { type: 'cancelMove' });
    s = move(s, 'DE', '57ID', '2303');
    expect(prokhorovka.legalActions(s, 'DE')).toContainEqual({ type: 'pick', unit: '255ID', mode: 'normal' });
    expect(prokhorovka.legalActions(s, 'DE')).not.toContainEqual({ type: 'pick', unit: '57ID', mode: 'normal' });
    expect(prokhorovka.rules.describe!(s.game, { type: 'pick', unit: '255ID', mode: 'normal' })).toBe(
      'move 255. Inf.-Div. at 2205',
    );
    s = act(s, 'DE', { type: 'endPhase' });
    expect(s.game.phase).toBe('reserveAttack');
    expect(s.game.mv.moved).toEqual([]);
  });
});

describe('17.1 turns 1-2', () => {
  it('D-45, 17.1(2): German stacks may not move on turn 1', () => {
    const s = position({ '57ID': '2203' }, 'DE', 1);
    expect(prokhorovka.legalActions(s, 'DE')).toEqual([{ type: 'endPhase' }]);
    expect(refusal(s, 'DE', { type: 'pick', unit: '57ID', mode: 'normal' })).toMatch(/17\.1\(2\)/);
  });

  it('D-46, 17.1(3), A-31: 1TA and R may not move on turn 1; on turn 2 their MA is halved (6 -> 3, strategic 6)', () => {
    const t1 = position({ '6TC': '2203', '71G': '2205' }, 'SU', 1);
    expect(refusal(t1, 'SU', { type: 'pick', unit: '6TC', mode: 'normal' })).toMatch(/17\.1\(3\)/);
    expect(movementAllowance(E, t1.game, unit(t1, '71G'))).toBe(3);
    const t2 = position({ '6TC': '1807' }, 'SU', 2);
    expect(movementAllowance(E, t2.game, unit(t2, '6TC'))).toBe(3);
    unit(t2, '6TC').designated = true;
    expect(dests(t2, '6TC', 'strategic').get(H('2311'))).toBe(6);
    expect(dests(t2, '6TC', 'strategic').has(H('2411'))).toBe(false);
    const t3 = position({ '6TC': '1807' }, 'SU', 3);
    expect(movementAllowance(E, t3.game, unit(t3, '6TC'))).toBe(6);
  });
});

describe('7.0(2) entry of reinforcements', () => {
  it('D-47: German reinforcements enter at a south-edge German source, paying its cost, by normal or strategic movement', () => {
    let s = position({ VIK: 'arriving', '57ID': '0420' });
    const r = dests(s, 'VIK');
    expect(r.get(H('1420'))).toBe(1); // the Kharkov highway source: entered along the road
    expect(r.has(H('0420'))).toBe(false); // 57ID stands there (it may be passed through)
    expect(r.get(H('0419'))).toBe(2);
    for (const c of r.values()) expect(c).toBeLessThanOrEqual(6);
    expect(dests(s, 'VIK', 'strategic').get(H('1415'))).toBeDefined(); // up the highway, 2 x MA
    s = move(s, 'DE', 'VIK', '1419');
    expect(unit(s, 'VIK').hex).toBe(H('1419'));
    expect(s.game.mv.lastPath[0]).toBe('1420');
  });

  it('7.0(1)(2), A-56: a Soviet XXXVG reinforcement enters at an east-edge Soviet source (turn-track "E")', () => {
    const s = position({ '92G': 'arriving' }, 'SU', 2);
    const r = dests(s, '92G');
    const east = E.d.map.sources.filter((x) => x.side === 'SU' && x.edge === 'E').map((x) => H(x.hex));
    expect(r.size).toBeGreaterThan(0);
    for (const h of r.keys()) expect(Math.min(...east.map((e) => grid.distance(e, h)))).toBeLessThanOrEqual(2);
  });

  it('A-03, 3.4(2), 19.6(2): received chits go under the entering unit up to its equipment value; those not taken go to the reorganization pool', () => {
    let s = position({ VIK: 'arriving', '17Pz': 'arriving' });
    const got = s.game.equip.filter((c) => c.side === 'DE' && c.loc === 'cup').slice(0, 5);
    for (const c of got) c.loc = 'arriving';
    expect(prokhorovka.view(s, 'SU').game.pools.DE.arriving).toBe(5);
    s = act(s, 'DE', { type: 'pick', unit: 'VIK', mode: 'normal' });
    for (const c of got.slice(0, 3)) s = act(s, 'DE', { type: 'load', chit: c.id });
    expect(prokhorovka.legalActions(s, 'DE').some((a) => a.type === 'load')).toBe(false); // VIK equipment value 3
    expect(refusal(s, 'DE', { type: 'load', chit: got[3]!.id })).toMatch(/3\.4\(2\)/);
    expect(s.log.some((l) => /SS-Wiking takes a (tank|equip) chit/.test(l.text) && !l.to)).toBe(true); // the back shows to both
    s = act(s, 'DE', { type: 'moveTo', hex: '1419' });
    expect(s.game.equip.filter((c) => c.loc === 'VIK').map((c) => c.id)).toEqual(got.slice(0, 3).map((c) => c.id));
    s = act(s, 'DE', { type: 'endPhase' });
    expect(got.slice(3).map((c) => s.game.equip.find((x) => x.id === c.id)!.loc)).toEqual(['reorg', 'reorg']);
    expect(unit(s, '17Pz').hex).toBe(ARRIVING);
  });

  it('7.0(2): an arriving unit not entered stays arriving for a later movement phase', () => {
    let s = position({ VIK: 'arriving' });
    s = act(s, 'DE', { type: 'endPhase' });
    expect(unit(s, 'VIK').hex).toBe(ARRIVING);
  });
});

describe('19.2 XXIV Panzer Corps', () => {
  const opts = { xxivPanzerCorps: true };
  it('D-48, 19.2(2): turn 5, roll 2: one reserve XXIV unit picked at random joins with its allotment and enters this phase', () => {
    let s = position({ VIK: 'reserve', '17Pz': 'reserve', '23Pz': 'reserve', '57ID': '2203' }, 'DE', 5, opts);
    expect(prokhorovka.legalActions(s, 'DE')).toContainEqual({ type: 'xxivRoll' });
    const arriving = s.game.equip.filter((c) => c.side === 'DE' && c.loc === 'arriving').length;
    s.rng.script = [2, 2]; // joins; the second of VIK/17Pz/23Pz: 17Pz (1 Tank + 1 Equip)
    s = act(s, 'DE', { type: 'xxivRoll' });
    expect(unit(s, '17Pz').hex).toBe(ARRIVING);
    expect(s.game.equip.filter((c) => c.side === 'DE' && c.loc === 'arriving').length).toBe(arriving + 2); // with 17Pz
    expect(prokhorovka.legalActions(s, 'DE')).not.toContainEqual({ type: 'xxivRoll' });
    expect(prokhorovka.legalActions(s, 'DE')).toContainEqual({ type: 'pick', unit: '17Pz', mode: 'normal' });
  });

  it('19.2(2): a roll of 3 brings nobody', () => {
    let s = position({ VIK: 'reserve', '57ID': '2203' }, 'DE', 6, opts);
    s.rng.script = [3];
    s = act(s, 'DE', { type: 'xxivRoll' });
    expect(unit(s, 'VIK').hex).toBe(RESERVE);
  });

  it('D-49, 19.2(1)(3): no roll on turn 4, none once a stack has moved, none while a Soviet stack is south of the start line', () => {
    const t4 = position({ VIK: 'reserve', '57ID': '2203' }, 'DE', 4, opts);
    expect(prokhorovka.legalActions(t4, 'DE')).not.toContainEqual({ type: 'xxivRoll' });
    expect(refusal(t4, 'DE', { type: 'xxivRoll' })).toMatch(/19\.2\(1\)/);
    const moved = move(position({ VIK: 'reserve', '57ID': '2203' }, 'DE', 5, opts), 'DE', '57ID', '2303');
    expect(prokhorovka.legalActions(moved, 'DE')).not.toContainEqual({ type: 'xxivRoll' });
    const south = position({ VIK: 'reserve', '71G': '0516' }, 'DE', 5, opts);
    expect(refusal(south, 'DE', { type: 'xxivRoll' })).toMatch(/19\.2\(3\)/);
    expect(refusal(position({ VIK: 'reserve' }, 'DE', 5), 'DE', { type: 'xxivRoll' })).toMatch(/19\.2/);
  });
});

describe('3.3 city control', () => {
  it('3.3(1)(2): Belgorod starts German, Oboyan Soviet; a city belongs to the side of the last unit through it', () => {
    let s = position({ '81G': '1616' }, 'SU');
    expect(s.game.mv.cities).toEqual({ '1517': 'DE', '1003': 'SU' });
    s = move(s, 'SU', '81G', '1416');
    expect(s.game.mv.lastPath).toContain('1517');
    expect(s.game.mv.cities['1517']).toBe('SU');
    expect(prokhorovka.rules.describe!(s.game, { type: 'endPhase' })).toBe('end the phase');
  });
});
