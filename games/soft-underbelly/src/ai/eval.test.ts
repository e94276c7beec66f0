import { describe, expect, it } from 'vitest';
import { loadSoftUnderbellyData, suMap, type Side } from '../data/index.ts';
import {
  emptyForces,
  evalTerms,
  evaluatePosition,
  overstack,
  suppliedAreas,
  suppliedStars,
  type AreaForces,
  type SuPosition,
} from './eval.ts';

const map = suMap(loadSoftUnderbellyData());
const at = (id: string) => map.index(id);

/** Everything Axis-controlled except the Allied-star areas (the start, §2 L32), no units. */
function blank(turn = 3): SuPosition {
  return {
    map,
    turn,
    turns: 8,
    control: map.ids.map((_, i) => (!map.passable[i] ? null : map.alliedStar[i] ? 'allies' : 'axis')),
    forces: { allies: map.ids.map(emptyForces), axis: map.ids.map(emptyForces) },
    italianFleetInGame: true,
    italySurrendered: false,
  };
}

/** A deep copy sharing the map. */
function copy(pos: SuPosition): SuPosition {
  return {
    ...pos,
    control: [...pos.control],
    forces: { allies: pos.forces.allies.map((f) => ({ ...f })), axis: pos.forces.axis.map((f) => ({ ...f })) },
  };
}

/** Puts `side`'s units in an area (and gives it control, as moving in does). */
function put(pos: SuPosition, side: Side, id: string, f: Partial<AreaForces>): SuPosition {
  const i = at(id);
  pos.forces[side][i] = { ...pos.forces[side][i]!, ...f };
  pos.control[i] = side;
  return pos;
}

describe('Soft Underbelly evaluation: supply', () => {
  it('an Axis force in Campania is supplied from Munich through Italy, and cut off when the Allies hold Marche, Lazio and Apulia', () => {
    const open = put(blank(), 'axis', '11', { cubes: 3 });
    put(open, 'allies', '19', { cubes: 4 });
    expect(suppliedAreas(open, 'axis')[at('11')]).toBe(true);
    const cut = copy(open);
    for (const id of ['09', '10', '12']) put(cut, 'allies', id, { cubes: 1 });
    expect(suppliedAreas(cut, 'axis')[at('11')]).toBe(false);
    // Calabria and Sicily behind it are cut too, but Sardinia keeps its island supply.
    expect(suppliedAreas(cut, 'axis')[at('13')]).toBe(false);
    expect(suppliedAreas(cut, 'axis')[at('15')]).toBe(true);
    // Same units, the Allied cubes elsewhere: the cut-off Axis cubes count as mostly lost.
    const away = put(copy(open), 'allies', '18', { cubes: 3 });
    expect(evalTerms(cut).material).toBeGreaterThan(evalTerms(away).material + 0.5);
  });

  it('Africa, Sardinia and Corsica lose their automatic Axis supply once the Italian fleet is gone', () => {
    const pos = put(blank(), 'axis', '16', { cubes: 2 });
    put(pos, 'allies', '20', { cubes: 1 });
    expect(suppliedAreas(pos, 'axis')[at('16')]).toBe(true);
    pos.italianFleetInGame = false;
    expect(suppliedAreas(pos, 'axis')[at('16')]).toBe(false);
  });

  it('the Allies draw supply from any sea-adjacent area they control', () => {
    const pos = put(blank(), 'allies', '04', { cubes: 2 });
    put(pos, 'allies', '07', { cubes: 1 });
    expect(suppliedAreas(pos, 'allies')[at('04')]).toBe(true);
    put(pos, 'axis', '07', { cubes: 1 });
    put(pos, 'axis', '05', { cubes: 1 });
    put(pos, 'axis', '03', { cubes: 1 });
    expect(suppliedAreas(pos, 'allies')[at('04')]).toBe(false);
  });
});

describe('Soft Underbelly evaluation: stars', () => {
  it('counts only orange stars held and supplied; more stars are better for their holder', () => {
    const base = put(blank(), 'allies', '19', { cubes: 4 });
    put(base, 'axis', '01', { cubes: 2 });
    const withSicily = put(copy(base), 'allies', '14', { cubes: 3 });
    expect(suppliedStars(withSicily, 'allies')).toBe(suppliedStars(base, 'allies') + 1);
    expect(evaluatePosition(withSicily, 'allies')).toBeGreaterThan(evaluatePosition(base, 'allies'));
    // Lombardy (inland) surrounded by the Axis: held but unsupplied, so it does not count.
    const isolated = put(copy(base), 'allies', '04', { cubes: 2 });
    for (const id of ['03', '05', '07']) put(isolated, 'axis', id, { cubes: 1 });
    expect(suppliedStars(isolated, 'allies')).toBe(suppliedStars(base, 'allies'));
  });

  it('supplied Allies in Munich are close to a win', () => {
    const pos = put(blank(), 'allies', '01', { cubes: 2 });
    put(pos, 'allies', '05', { cubes: 1 });
    put(pos, 'allies', '02', { cubes: 1 });
    put(pos, 'axis', '11', { cubes: 3 });
    expect(evalTerms(pos).munich).toBeGreaterThan(0);
    expect(evaluatePosition(pos, 'allies')).toBeGreaterThan(0.9);
  });

  it('the schedule favours the Axis as turns pass with nothing changed', () => {
    const early = put(put(blank(2), 'allies', '19', { cubes: 4 }), 'axis', '01', { cubes: 4 });
    const late = { ...early, turn: 7 };
    expect(evaluatePosition(late, 'axis')).toBeGreaterThan(evaluatePosition(early, 'axis'));
  });
});

describe('Soft Underbelly evaluation: stacking', () => {
  it('more than 6 units, or more than 2 tanks, in an area is penalised', () => {
    const ok = put(put(blank(), 'axis', '10', { cubes: 4, tanks: 2 }), 'allies', '19', { cubes: 4 });
    expect(overstack(ok, 'axis')).toBe(0);
    const over = put(copy(ok), 'axis', '10', { cubes: 6, tanks: 3 });
    expect(overstack(over, 'axis')).toBeGreaterThan(0);
    const spread = put(copy(ok), 'axis', '10', { cubes: 4, tanks: 2 });
    put(spread, 'axis', '08', { cubes: 2, tanks: 1 });
    // In the Allied margin: an overstacked Axis is good for the Allies.
    expect(evalTerms(over).stacking).toBeGreaterThan(evalTerms(spread).stacking);
    expect(evaluatePosition(spread, 'axis')).toBeGreaterThan(evaluatePosition(over, 'axis'));
  });

  it('excess with no friendly neighbour to move to costs more (it would be lost)', () => {
    const boxed = put(blank(), 'allies', '14', { cubes: 7 });
    put(boxed, 'axis', '13', { cubes: 1 });
    const roomy = put(blank(), 'allies', '14', { cubes: 7 });
    put(roomy, 'allies', '13', { cubes: 1 });
    expect(overstack(boxed, 'allies')).toBeGreaterThan(overstack(roomy, 'allies'));
  });
});
