import { describe, expect, it } from 'vitest';
import { defineGame } from '@sandtable/engine';
import { thirdReichData } from './data/index.ts';
import { createThirdReichRules } from './rules.ts';
import { POOL } from './board.ts';
import type { TRState } from './state.ts';
import { checkMove } from './movement.ts';

const rules = createThirdReichRules(thirdReichData());
const game = defineGame(rules);
const b = rules.board;
const A = (id: string) => b.areaIndex.get(id)!;
const N = (n: string) => b.nationIndex.get(n as never)!;

function fresh(): TRState {
  return game.setup('mv').game;
}
/** Puts `n` pool units of a counter kind into an area; returns their ids. */
function put(g: TRState, counter: string, area: string, n = 1): number[] {
  const k = b.counterIndex.get(counter)!;
  const out: number[] = [];
  for (let u = 0; u < g.loc.length && out.length < n; u++)
    if (b.unitKind[u] === k && g.loc[u] === POOL) {
      g.loc[u] = A(area);
      out.push(u);
    }
  return out;
}
const path = (...ids: string[]) => ids.map(A);

describe('8.0 movement', () => {
  it('TC-30 (8.1(1)②, 8.1(5)): entering an area with enemy control units costs 2 and stops the group', () => {
    const g = fresh();
    const tanks = put(g, 'GE-TF', 'berlin', 1).concat(put(g, 'GE-TF', 'berlin', 1));
    expect(checkMove(b, g, 'axis', tanks, path('berlin', 'western_poland'))).toMatchObject({ ok: true, cost: 2 });
    expect(checkMove(b, g, 'axis', tanks, path('berlin', 'western_poland', 'warsaw'))).toMatchObject({
      ok: false,
      rule: '8.1(5)',
    });
  });

  it('TC-31: leaving an area with enemy control units costs +1', () => {
    const g = fresh();
    const tank = put(g, 'GE-TF', 'western_poland');
    put(g, 'GE-LF', 'western_poland');
    // Western Poland holds Polish units: leaving costs 1 + 1, entering empty Axis Berlin 0 more
    expect(checkMove(b, g, 'axis', tank, path('western_poland', 'berlin'))).toMatchObject({ ok: true, cost: 2 });
  });

  it('TC-32: a group may pass through an area with a friendly control unit', () => {
    const g = fresh();
    const tank = put(g, 'GE-TF', 'hamburg');
    put(g, 'GE-LF', 'hamburg');
    expect(checkMove(b, g, 'axis', tank, path('hamburg', 'berlin', 'bohemia'))).toMatchObject({ ok: true, cost: 2 });
    expect(checkMove(b, g, 'axis', tank, path('hamburg', 'berlin', 'bohemia', 'austria', 'munich'))).toMatchObject({
      ok: false,
      rule: '8.1(1)③',
    });
  });

  it("TC-33 (8.1(4), AMB-15): a flagged area keeps one of its nation's units and a control unit", () => {
    const g = fresh();
    g.natBel[N('IT')] = true; // Northern Italy (Italian flag): IT LF x2 set up, add a German LF
    const [it1, it2] = g.loc.map((_l, u) => u).filter((u) => g.loc[u] === A('northern_italy'));
    const [ge] = put(g, 'GE-LF', 'northern_italy');
    expect(checkMove(b, g, 'axis', [it1!, it2!], path('northern_italy', 'rome'))).toMatchObject({
      ok: false,
      rule: '8.1(4)',
    });
    expect(checkMove(b, g, 'axis', [it1!, ge!], path('northern_italy', 'rome'))).toMatchObject({ ok: true, cost: 1 });
    expect(checkMove(b, g, 'axis', [it1!, it2!, ge!], path('northern_italy', 'rome'))).toMatchObject({
      ok: false,
      rule: '8.1(4)',
    });
    const lone = g.loc.indexOf(A('scotland'));
    expect(checkMove(b, g, 'allies', [lone], path('scotland', 'northern_england'))).toMatchObject({
      ok: false,
      rule: '8.1(4)',
    });
  });

  it('2.2.1(6): point contacts do not connect; AMB-2: a strait needs a sea move', () => {
    const g = fresh();
    g.natBel[N('SU')] = true;
    const su = put(g, 'SU-TF', 'kiev');
    expect(checkMove(b, g, 'allies', su, path('kiev', 'rostov'))).toMatchObject({ ok: false, rule: '2.2.1(6)' });
    const uk = put(g, 'UK-TF', 'london');
    expect(checkMove(b, g, 'allies', uk, path('london', 'paris'))).toMatchObject({ ok: false, rule: 'AMB-2' });
  });

  it('8.1.2: a sea move has 2 MP, enters only friendly-controlled seas, pays +1 only for enemy ships', () => {
    const g = fresh();
    const uk = put(g, 'UK-TF', 'london');
    expect(checkMove(b, g, 'allies', uk, path('london', 'english_channel', 'paris'))).toMatchObject({
      ok: true,
      cost: 2,
      seaMove: true,
    });
    expect(checkMove(b, g, 'allies', uk, path('london', 'north_sea', 'norway'))).toMatchObject({ ok: true, cost: 2 }); // Norway's neutral units cost nothing (AMB-16)
    expect(checkMove(b, g, 'allies', uk, path('london', 'north_sea', 'english_channel', 'paris'))).toMatchObject({
      ok: false,
      rule: '8.1(1)③',
    });
    const ge = put(g, 'GE-LF', 'hamburg');
    expect(checkMove(b, g, 'axis', ge, path('hamburg', 'north_sea', 'norway'))).toMatchObject({
      ok: false,
      rule: '8.1.2(1)②',
    });
  });

  it('8.1.1(1)③: naval units may not enter land areas; 15.7.2: the Allies may not enter the Baltic', () => {
    const g = fresh();
    const uk = g.loc.map((_l, u) => u).filter((u) => g.loc[u] === A('north_sea') && b.unitNation[u] === N('UK'));
    expect(uk.length).toBe(2);
    expect(checkMove(b, g, 'allies', [uk[0]!], path('north_sea', 'london'))).toMatchObject({
      ok: false,
      rule: '8.1.1(1)③',
    });
    expect(checkMove(b, g, 'allies', [uk[0]!], path('north_sea', 'baltic_sea'))).toMatchObject({
      ok: false,
      rule: '15.7',
    });
  });

  it('8.2: air moves: air units only, friendly-controlled areas, 1 MP each, not ending at sea', () => {
    const g = fresh();
    const af = g.loc.map((_l, u) => u).filter((u) => g.loc[u] === A('berlin') && b.unitClass[u] === 'air');
    expect(checkMove(b, g, 'axis', [af[0]!], path('berlin', 'ruhr'), true)).toMatchObject({ ok: true, cost: 1 });
    expect(checkMove(b, g, 'axis', [af[0]!], path('berlin', 'western_poland'), true)).toMatchObject({ ok: false });
    expect(checkMove(b, g, 'axis', [af[0]!], path('berlin', 'baltic_sea'), true)).toMatchObject({
      ok: false,
      rule: '8.2(5)',
    });
  });

  it('15.6: Axis minors may not cross north of the boundary line; Germans may', () => {
    const g = fresh();
    g.natBel[N('HU')] = true;
    g.ctrl[A('hungary')] = N('HU');
    put(g, 'HU-LF', 'hungary');
    const hu = g.loc.map((_l, u) => u).filter((u) => g.loc[u] === A('hungary') && b.unitNation[u] === N('HU'));
    expect(checkMove(b, g, 'axis', [hu[0]!], path('hungary', 'austria'))).toMatchObject({ ok: false, rule: '15.6(1)' });
    expect(checkMove(b, g, 'axis', [hu[0]!], path('hungary', 'yugoslavia'))).toMatchObject({ ok: true });
  });
});
