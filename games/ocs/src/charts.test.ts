import { describe, expect, it } from 'vitest';
import {
  barrageColumn,
  barrageEffect,
  baseColumn,
  captured,
  capturePercent,
  combatResult,
  densityShift,
  facilityColumn,
  facilityResult,
  oddsOf,
  resolveCharts,
  roundOcs,
  shiftColumn,
  surpriseOf,
} from './charts.ts';
import { loadData } from './data/index.ts';
import { toOpts } from './options.ts';

const data = loadData();
const t = resolveCharts(data.tables, toOpts());
const open = (odds: ReturnType<typeof oddsOf>) => baseColumn(t, 'open', odds);
const label = (k: number) => t.combat.columns.open[k];

describe('4.1-4.2 rounding and odds', () => {
  it('TC-1: strengths are totalled unrounded; only the odds round (9.75:2 -> 5:1; 15:6 -> 3:1)', () => {
    expect(oddsOf(2.5 + 3.25 + 4, 2)).toEqual({ a: 5, d: 1 });
    expect(oddsOf(15, 6)).toEqual({ a: 3, d: 1 });
    expect(roundOcs(0.49)).toBe(0);
    expect(roundOcs(0.5)).toBe(1);
  });
  it('9.7 note and A20: 1.4:1 is 1:1; 1:2.5 rounds to 1:3', () => {
    expect(oddsOf(14, 10)).toEqual({ a: 1, d: 1 });
    expect(oddsOf(2, 5)).toEqual({ a: 1, d: 3 });
  });
});

describe('9.7 Combat Table columns', () => {
  it('9.7a the highest column not above the odds; 9.7b off the table uses the last column', () => {
    expect(label(open({ a: 6, d: 1 }))).toBe('5:1');
    expect(label(open({ a: 20, d: 1 }))).toBe('13:1');
    expect(label(open({ a: 1, d: 12 }))).toBe('1:5');
    expect(t.combat.columns.veryClose[baseColumn(t, 'veryClose', { a: 10, d: 1 })]).toBe('9:1');
  });
  it('TC-4 (9.1g): 1:12 starts on 1:5; attacker surprise of 6 ends on 3:1', () => {
    expect(label(shiftColumn(t, open({ a: 1, d: 12 }), 6))).toBe('3:1');
  });
  it('TC-D15: 20:1 open starts on 13:1; defender surprise 2 gives 9:1', () => {
    expect(label(shiftColumn(t, open({ a: 20, d: 1 }), -2))).toBe('9:1');
  });
  it('TC-D11 (9.14a): against zero the right-most column, with zero the left-most, both zero 1:1', () => {
    expect(label(open('defenderZero'))).toBe('13:1');
    expect(label(open('attackerZero'))).toBe('1:5');
    expect(label(open('bothZero'))).toBe('1:1');
  });
});

describe('9.8-9.9 surprise and results', () => {
  it('TC-8a: overrun AR 5 vs 0, surprise 8+5 = 13, shift 3: 4:1 -> 9:1; combat 7+5 = 12: Ae3 DL2o2 DG', () => {
    expect(surpriseOf(t, 8 + 5, true)).toBe('attacker');
    const k = shiftColumn(t, open({ a: 4, d: 1 }), 3);
    expect(label(k)).toBe('9:1');
    expect(combatResult(t, 7 + 5, k).printed).toBe('Ae3 DL2o2 DG');
    expect(combatResult(t, 12, open({ a: 4, d: 1 })).printed).toBe('Ae4 DL1o2');
  });
  it('TC-8b: overrun AR 0 vs 5, surprise 10-5 = 5, shift 6: 4:1 -> 1:4; combat 7-5 = 2: AL2', () => {
    expect(surpriseOf(t, 10 - 5, true)).toBe('defender');
    const k = shiftColumn(t, open({ a: 4, d: 1 }), -6);
    expect(label(k)).toBe('1:4');
    expect(combatResult(t, 2, k).printed).toBe('AL2');
    expect(combatResult(t, 2, open({ a: 4, d: 1 })).printed).toBe('AL1o1 Do1');
  });
  it('C.2: regular combat needs 10 for attacker surprise, 5 or less for the defender', () => {
    expect(surpriseOf(t, 9, false)).toBeNull();
    expect(surpriseOf(t, 10, false)).toBe('attacker');
    expect(surpriseOf(t, 5, false)).toBe('defender');
    expect(surpriseOf(t, 6, false)).toBeNull();
  });
  it('9.9 rolls below and above the table use its first and last rows', () => {
    expect(combatResult(t, -3, 0).printed).toBe('AL2');
    expect(combatResult(t, 20, 12).printed).toBe('Ae2 DL2o3 DG');
    const r = combatResult(t, 13, 5);
    expect(r.attacker).toEqual({ loss: 0, options: 1, exploit: 4 });
    expect(r.defender).toEqual({ loss: 1, options: 2, dg: false });
  });
  it('A30: option crtDisputedCells reads the fourth source in the four disputed cells', () => {
    const alt = resolveCharts(data.tables, toOpts({ crtDisputedCells: 'oddsCalculator' }));
    expect(combatResult(t, 13, 4).printed).toBe('Ao1 DL1o2');
    expect(combatResult(alt, 13, 4).printed).toBe('Ao1 DL1o1');
  });
});

describe('10.0 barrage', () => {
  it('TC-13 (10.1b): 16 points on 12-16 costing 3T; +4 density, -1 hedgehog, -1 close = 25-40; 8: [1/2] read 1/2', () => {
    const c0 = barrageColumn(t, 16);
    expect(t.barrage.columns[c0]!.label).toBe('12-16');
    expect(t.barrage.columns[c0]!.costT).toBe(3);
    const shift = densityShift(t, 8) + t.barrage.shifts.hedgehog + t.barrage.shifts.terrain.close;
    expect(shift).toBe(2);
    const c = c0 + shift;
    expect(t.barrage.columns[c]!.label).toBe('25-40');
    expect(t.barrage.results[8 - 2]![c]).toBe('[1/2]');
    expect(barrageEffect(t, '[1/2]', false, false, true)).toEqual({ dg: true, steps: 0, roundingDie: true });
  });
  it('TC-D16 (Part 2 air example): 9 points, no spotter -3, 4 RE +1: column 3-4; 12 -> 1/2', () => {
    const c = barrageColumn(t, 9) + t.barrage.shifts.noSpotter + densityShift(t, 4);
    expect(t.barrage.columns[c]!.label).toBe('3-4');
    expect(t.barrage.results[12 - 2]![c]).toBe('1/2');
  });
  it('TC-D17 (10.0, 4.2): 0.4 points cannot barrage; 0.6 rounds to 1, column "1 or less", 1T', () => {
    expect(barrageColumn(t, 0.4)).toBe(-1);
    expect(barrageColumn(t, 0.6)).toBe(0);
    expect(t.barrage.columns[0]!.costT).toBe(1);
  });
  it('18.3b naval fire is one level lower; [1/2] is DG under a bracket condition', () => {
    expect(barrageEffect(t, '1', false, true, true)).toEqual({ dg: true, steps: 0, roundingDie: true });
    expect(barrageEffect(t, '[1/2]', true, false, true)).toEqual({ dg: true, steps: 0, roundingDie: false });
  });
  it('Part 2 §11.B option barrageCost41to68 and barrageRow11', () => {
    expect(t.barrage.columns[8]!.costT).toBe(6);
    expect(resolveCharts(data.tables, toOpts({ barrageCost41to68: '5' })).barrage.columns[8]!.costT).toBe(5);
    expect(resolveCharts(data.tables, toOpts({ barrageRow11: 'bracketed' })).barrage.results[9]![3]).toBe('[1/2]');
    expect(t.barrage.results[9]![3]).toBe('1/2');
  });
  it('10.0c facility cells: hits, trainbusting, aircraft checks', () => {
    expect(facilityResult('1*(4)')).toEqual({ hits: 1, trainbusting: true, aircraftCheck: 4 });
    expect(facilityResult('-')).toEqual({ hits: 0, trainbusting: false, aircraftCheck: null });
    expect(t.facility.results[5]![facilityColumn(t, 1)]).toBe('(6)');
  });
});

describe('9.14 capture', () => {
  it('TC-12: trucks roll 3 (25%): 3 points -> 1 captured, 12T loaded -> 3T; dump roll 5 (50%) of 36T -> 18T', () => {
    expect(capturePercent(t, 'trucks', 3)).toBe(25);
    expect(captured(3, 25)).toBe(1);
    expect(captured(12, 25)).toBe(3);
    expect(capturePercent(t, 'dump', 5)).toBe(50);
    expect(captured(36, 50)).toBe(18);
  });
});
