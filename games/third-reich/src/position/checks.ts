/**
 * The invariants a position must keep, each with the rule that makes it one (POSITIONS.md lists
 * them): the turn track, the camps that never change, where units may stand, stacking, the cards
 * (each in one place), hand sizes, sea capacity use, and a pending-decision stack whose entries
 * have the operation, group action or combat they work on.
 */
import type { PositionChecks } from '@sandtable/engine';
import type { Side } from '../data/index.ts';
import { counterOf, nationCode, REMOVED, type Board } from '../board.ts';
import { SIDES, type Pending, type TRState } from '../state.ts';
import { friendlyUnit, mayEnter, sourceCount } from '../world.ts';
import { unitName } from './names.ts';

export function checkPosition(b: Board, g: TRState, checks: PositionChecks): void {
  checkTurn(b, g, checks);
  checkCamps(b, g, checks);
  for (let u = 0; u < g.loc.length; u++) checkUnit(b, g, u, checks);
  checkStacking(b, g, checks);
  checkCards(b, g, checks);
  checkHands(b, g, checks);
  for (let a = 0; a < b.areaIds.length; a++)
    checks.check(!g.seaUse[a] || b.isSea[a], '3.6(3)', `seaUse.${b.areaIds[a]}: capacity is used in sea areas only`);
  checkStack(g, checks);
}

/** 2.2.2①: the turn track has 12 boxes; 5.0(3): two consecutive passes end the turn. */
function checkTurn(b: Board, g: TRState, checks: PositionChecks): void {
  const last = b.data.turns.length;
  checks.check(g.turn <= last, '2.2.2①', `turn: ${g.turn} is past the last turn of the track (${last})`);
  checks.check(
    g.passes < 2 || !g.stack.some((f) => f.kind === 'impulse'),
    '5.0(3)',
    'passes: after two consecutive passes the turn is over, no impulse is left',
  );
}

/** 3.1.2①②: Germany is always an Axis belligerent, the UK and Poland Allied ones; 3.1.3(2)①: only Spain and Turkey are locked. */
function checkCamps(b: Board, g: TRState, checks: PositionChecks): void {
  const fixed: [string, Side, string][] = [
    ['GE', 'axis', '3.1.2①'],
    ['UK', 'allies', '3.1.2②'],
    ['PO', 'allies', '3.1.2②'],
  ];
  for (const [code, side, rule] of fixed) {
    const n = b.nationIndex.get(code as never)!;
    checks.check(
      g.natBel[n] && g.natSide[n] === side,
      rule,
      `nations.${code}: ${code} is always an ${side} belligerent`,
    );
  }
  g.natLocked.forEach((locked, n) => {
    checks.check(
      !locked || ['SP', 'TU'].includes(nationCode(n)),
      '3.1.3(2)①',
      `nations.${nationCode(n)}: only Spain and Turkey have their status fixed by a violation`,
    );
  });
}

/** Where one unit may stand (8.1.1, AMB-10, 3.1.1(2), 15.7, 16.8). */
function checkUnit(b: Board, g: TRState, u: number, checks: PositionChecks): void {
  const a = g.loc[u]!;
  const name = unitName(b, u);
  if (counterOf(b, u).jet && !g.options.opt16_8)
    checks.check(a === REMOVED, '16.8', `${name}: jets are in the game only with the optional rule 16.8 (4.0(4)③)`);
  if (a < 0) return;
  const at = b.areaIds[a]!;
  const cls = b.unitClass[u]!;
  const n = b.unitNation[u]!;
  const code = nationCode(n);
  if (cls === 'naval' || cls === 'sub') checks.check(b.isSea[a], '8.1.1', `${name}: a ship in ${at}, a land area`);
  if (cls === 'air') checks.check(!b.isSea[a], 'AMB-10', `${name}: an air unit at sea in ${at}`);
  // 3.1.1(2)②: nobody moves neutral units, so they stay in their country (AMB-30: Spain and Turkey may return to neutral abroad).
  const mayBeAbroad = (code === 'SP' || code === 'TU') && g.options.spainTurkeyReturn;
  if (!g.natBel[n] && cls !== 'naval' && cls !== 'sub' && !mayBeAbroad)
    checks.check(b.flag[a] === n, '3.1.1(2)②', `${name}: a unit of neutral ${code} outside its country, in ${at}`);
  // 15.7.2-15.7.4: the nations whose camp never changes (3.1.2①②) never stand in their side's forbidden areas.
  if (code === 'GE' || code === 'UK' || code === 'PO')
    checks.check(mayEnter(b, a, g.natSide[n]!), '15.7', `${name}: ${at} is closed to the ${g.natSide[n]}`);
}

/** 8.1.1(2)①②: at most 10 land units and 4 air units of one player in a land area. */
function checkStacking(b: Board, g: TRState, checks: PositionChecks): void {
  for (const side of SIDES) {
    const land = b.areaIds.map(() => 0);
    const air = b.areaIds.map(() => 0);
    for (let u = 0; u < g.loc.length; u++) {
      const a = g.loc[u]!;
      if (a < 0 || b.isSea[a] || !friendlyUnit(g, b, u, side)) continue;
      if (b.unitClass[u] === 'land') land[a]!++;
      if (b.unitClass[u] === 'air') air[a]!++;
    }
    b.areaIds.forEach((id, a) => {
      checks.check(land[a]! <= 10, '8.1.1(2)①', `${id}: ${land[a]} ${side} land units, at most 10`);
      checks.check(air[a]! <= 4, '8.1.1(2)②', `${id}: ${air[a]} ${side} air units, at most 4`);
    });
  }
}

/** 16.1.1, 16.1.2: face-down cards lie in their side's discard pile, with the options; 6.1(5): the card in play is discarded. */
function checkCards(_b: Board, g: TRState, checks: PositionChecks): void {
  for (const s of SIDES)
    for (const c of g.faceDown?.[s] ?? []) {
      checks.check(g.discard[s].includes(c), '16.1', `cards.${s}.faceDown: ${c} is not in the ${s} discard pile`);
      checks.check(
        g.options.opt16_1_1 || g.options.opt16_1_2,
        '16.1',
        `cards.${s}.faceDown: cards lie face down only with the optional rules 16.1.1 or 16.1.2`,
      );
    }
  if (g.op && g.op.card !== 'bank')
    checks.check(
      g.discard[g.active].includes(g.op.card),
      '6.1(5)',
      `op.card: ${g.op.card}, played by the ${g.active}, goes to their discard pile`,
    );
}

/**
 * 4.0(6): on turn 1 the Axis holds at most 4 cards and the Allies none; 5.0(1): while hands are
 * chosen, the cards held and still to choose make the side's sources (later in the turn sources
 * change, and hands only shrink, so nothing more is fixed).
 */
function checkHands(b: Board, g: TRState, checks: PositionChecks): void {
  for (const s of SIDES) {
    const size = g.hand[s].length;
    if (g.turn === 1) {
      const most = s === 'axis' ? 4 : 0;
      checks.check(size <= most, '4.0(6)', `cards.${s}.hand: ${size} cards, more than the ${most} of turn 1`);
    }
    for (const f of g.stack) {
      if (f.kind !== 'hand' || f.side !== s) continue;
      const n = g.turn === 1 ? (s === 'axis' ? 4 : 0) : sourceCount(b, g, s);
      checks.check(
        size + f.left === n,
        '5.0(1)',
        `stack: the ${s} hand of ${size} card(s) and ${f.left} still to choose make ${size + f.left}, not the ${n} the ${s} sources give`,
      );
    }
  }
}

/** What each pending decision works on: the card's operation (6.1), the group action (7.0), the combat (11.0). */
const NEEDS: Partial<Record<string, ['op' | 'act' | 'combat', string]>> = {
  card: ['op', '6.1'],
  sv: ['op', '6.1.1'],
  develop: ['op', '6.1.2'],
  group: ['act', '7.0'],
  path: ['act', '8.0'],
  target: ['act', '9.2(2)'],
  window: ['act', '10.1(3)'],
  counter: ['act', '10.1'],
  strike: ['act', '9.0'],
  actDone: ['act', '7.0'],
  moveOn: ['act', '8.1'],
  alloc: ['combat', '11.2'],
};

/** 5.0: a game not over has a decision pending, a game over none; each entry has what it works on. */
function checkStack(g: TRState, checks: PositionChecks): void {
  if (g.outcome) checks.check(g.stack.length === 0, '14.0', 'stack: the game is over, nothing is pending');
  else checks.check(g.stack.length > 0, '5.0', 'stack: the game is not over, so a decision is pending');
  const top = g.stack.at(-1);
  checks.check(
    top?.kind !== 'auto',
    '5.0',
    `stack.${g.stack.length - 1}: the top entry must be a player's decision (an automatic step runs as soon as it reaches the top)`,
  );
  g.stack.forEach((f, i) => {
    const need = NEEDS[f.kind === 'auto' ? f.step : f.kind];
    if (need) checks.check(g[need[0]], need[1], `stack.${i}: ${frameName(f)} needs ${need[0]}`);
    if (f.kind === 'impulse')
      checks.check(f.side === g.active, '5.0(3)', `stack.${i}: the impulse is the active player's (${g.active})`);
  });
}

const frameName = (f: Pending): string =>
  f.kind === 'auto' ? `the automatic step ${f.step}` : `the ${f.kind} decision`;
