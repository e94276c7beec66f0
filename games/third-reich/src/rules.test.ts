import { describe, expect, it } from 'vitest';
import { defineGame, randomPlayout, seedRng, type EngineState } from '@sandtable/engine';
import { thirdReichData } from './data/index.ts';
import { createThirdReichRules, type TRAction, type TRView } from './rules.ts';
import { DEV, POOL } from './board.ts';
import type { TRState } from './state.ts';
import { ctrlSide, placements, sourceCount } from './world.ts';

const rules = createThirdReichRules(thirdReichData());
const game = defineGame(rules);
const b = rules.board;
const A = (id: string) => b.areaIndex.get(id)!;
const N = (n: string) => b.nationIndex.get(n as never)!;
type S = EngineState<TRState>;

/** Applies the role's decision with `pick` choosing among legal actions (first by default). */
function act(s: S, a: TRAction): S {
  const d = game.decision(s)!;
  return game.apply(s, d.role, a);
}
function pickHands(s: S): S {
  while (game.decision(s)?.kind === 'hand') s = act(s, game.legalActions(s, game.decision(s)!.role)[0]!);
  return s;
}
/** Empties an area and puts one land unit of `nation` from the pool there, under its control. */
function occupy(g: TRState, area: string, nation: string): void {
  for (let u = 0; u < g.loc.length; u++) if (g.loc[u] === A(area)) g.loc[u] = POOL;
  const u = g.loc.findIndex((l, i) => l === POOL && b.unitNation[i] === N(nation) && b.unitClass[i] === 'land');
  g.loc[u] = A(area);
  g.ctrl[A(area)] = N(nation);
}
/** Flips every Allied unit able to take an air operation (AF, CV, CVE) to used, so Allied impulses without cards pass automatically (5.0(3), AMB-32). */
function ground(s: S): S {
  for (let u = 0; u < s.game.loc.length; u++) {
    const k = b.counters[b.unitKind[u]!]!;
    if (s.game.loc[u]! >= 0 && s.game.natSide[b.unitNation[u]!] === 'allies' && ['AF', 'CV', 'CVE'].includes(k.type))
      s.game.used[u] = 1;
  }
  return s;
}
/** Plays the end-of-turn decisions (recovery, withdrawal) with their "finish" action until the next turn's hands. */
function toNextTurn(s: S): S {
  while (game.decision(s) && !['hand', 'impulse'].includes(game.decision(s)!.kind))
    s = act(s, game.legalActions(s, game.decision(s)!.role).at(-1)!);
  return s;
}
/** A blank state: every source and area neutral-free, for the derived source tests. */
function clearedSources(g: TRState): void {
  for (let a = 0; a < b.areaIds.length; a++) g.ctrl[a] = -1;
}

describe('4.0 set-up', () => {
  const s = game.setup('setup');
  const g = s.game;
  it('4.0(2): units set up front side up in their printed areas', () => {
    expect(g.used.every((x) => x === 0)).toBe(true);
    const berlin = g.loc.filter((l) => l === A('berlin')).length;
    expect(berlin).toBe(7);
  });
  it('4.0(3)(4): SV 2 cards form the usable decks; SV 3/4 cards and the listed units are in the development pool', () => {
    expect(g.deck.axis.length + g.hand.axis.length).toBe(8);
    expect(g.deck.allies.length + g.hand.allies.length).toBe(6);
    expect(g.dev.axis).toHaveLength(8);
    expect(g.dev.allies).toHaveLength(10);
    expect(g.loc.filter((l) => l === DEV)).toHaveLength(19); // the jet only with 16.8
    const withJets = game.setup('jets', 'campaign', { opt16_8: true }).game;
    expect(withJets.loc.filter((l) => l === DEV)).toHaveLength(20);
  });
  it('4.0(5): every other unit is in the mobilization pool', () => {
    expect(g.loc.filter((l) => l === POOL).length).toBeGreaterThan(50);
  });
  it('4.0(6)(7): turn 1 hands are Axis 4, Allies none; entry markers on START', () => {
    expect(game.decision(s)).toMatchObject({ kind: 'hand', role: 'axis' });
    const t = pickHands(s);
    expect(t.game.hand.axis).toHaveLength(4);
    expect(t.game.hand.allies).toHaveLength(0);
    expect(t.game.entry).toEqual({ US: 0, SU: 0, TU: 0, SP: 0 });
  });
  it('3.4(1)(2), AMB-5, AMB-18: initial control', () => {
    expect(ctrlSide(b, g, A('berlin'))).toBe('axis');
    expect(ctrlSide(b, g, A('paris'))).toBe('allies');
    expect(ctrlSide(b, g, A('rome'))).toBe('neutral');
    expect(ctrlSide(b, g, A('brest'))).toBe('neutral');
    expect(ctrlSide(b, g, A('north_atlantic'))).toBe('allies');
    expect(ctrlSide(b, g, A('baltic_sea'))).toBe('axis');
    expect(ctrlSide(b, g, A('baltic_states'))).toBeNull();
    expect(ctrlSide(b, g, A('black_sea'))).toBeNull();
  });
});

describe('3.2 sources', () => {
  const g = game.setup('src').game;
  it('3.2: start counts (Axis 3, Allies 5 with the Central Atlantic)', () => {
    expect(sourceCount(b, g, 'axis')).toBe(3);
    expect(sourceCount(b, g, 'allies')).toBe(5);
  });
  it('TC-20: red 1, black 1, half 0.5 for the Axis, rounded down; the Allies count red only', () => {
    const h = structuredClone(g);
    clearedSources(h);
    const ge = N('GE'),
      uk = N('UK');
    for (const a of ['berlin', 'ruhr', 'paris', 'warsaw', 'romania', 'sweden', 'hungary', 'finland', 'turkey'])
      h.ctrl[A(a)] = ge;
    expect(sourceCount(b, h, 'axis')).toBe(7); // 4 + 2 + 1.5
    for (const a of ['berlin', 'ruhr', 'paris', 'warsaw', 'romania', 'sweden', 'hungary', 'finland', 'turkey'])
      h.ctrl[A(a)] = uk;
    expect(sourceCount(b, h, 'allies')).toBe(4);
  });
  it('TC-21: Moscow and London count 2 only in the 14.1(1) check (AMB-31)', () => {
    const h = structuredClone(g);
    clearedSources(h);
    const ge = N('GE');
    for (const a of ['berlin', 'ruhr', 'paris', 'warsaw', 'rome', 'kiev', 'kharkov', 'moscow']) h.ctrl[A(a)] = ge;
    expect(sourceCount(b, h, 'axis')).toBe(8);
    expect(sourceCount(b, h, 'axis', true)).toBe(9);
    h.ctrl[A('london')] = ge;
    expect(sourceCount(b, h, 'axis')).toBe(9);
    expect(sourceCount(b, h, 'axis', true)).toBe(11);
  });
  it('3.2(3), TC-23: neutral sources count for no one', () => {
    expect(ctrlSide(b, g, A('rome'))).toBe('neutral');
    const h = structuredClone(g);
    h.natBel[N('IT')] = true; // Axis Diplomacy: Italy enters, its areas pass to the Axis (3.4(3))
    expect(sourceCount(b, h, 'axis')).toBe(sourceCount(b, g, 'axis') + 1);
  });
  it('15.7.1(1), 15.3(1)(2): the Central Atlantic and US sources need the North Atlantic', () => {
    const h = structuredClone(g);
    const base = sourceCount(b, h, 'allies');
    h.entry.US = 3;
    expect(sourceCount(b, h, 'allies')).toBe(base + 1);
    h.ctrl[A('north_atlantic')] = -1;
    expect(sourceCount(b, h, 'allies')).toBe(base - 1);
    h.ctrl[A('central_atlantic')] = N('GE');
    expect(sourceCount(b, h, 'axis')).toBe(sourceCount(b, g, 'axis')); // never usable by the Axis
  });
});

describe('5.0 sequence of play', () => {
  it('5.0(1), 2.3.2(4): hands are chosen, not drawn, and hidden from the opponent (view and log)', () => {
    let s = game.setup('hidden');
    s = pickHands(s);
    const v = game.view(s, 'allies');
    const gv = v.game as TRView;
    expect(gv.hand.axis).toBe(4);
    expect(gv.deck.axis).toBe(4);
    expect(JSON.stringify(v.log)).not.toMatch(/chooses/);
    const own = game.view(s, 'axis').game as TRView;
    expect(own.hand.axis).toHaveLength(4);
    expect(JSON.stringify(game.view(s, 'axis').log)).toMatch(/chooses/);
    for (const c of s.game.hand.axis) expect(JSON.stringify(gv)).not.toContain(`"${c}"`);
  });
  it('5.0(2), TC-24: the side with more sources moves first; ties go to the Axis', () => {
    let s = pickHands(ground(game.setup('first')));
    expect(s.game.first).toBe('allies'); // Allies 5 sources, Axis 3: the Allies first (and pass, holding no card)
    occupy(s.game, 'paris', 'GE'); // Axis 4, Allies 4: a tie
    s = toNextTurn(act(s, { type: 'pass' }));
    expect(s.game.turn).toBe(2);
    expect(s.game.first).toBe('axis');
    occupy(s.game, 'paris', 'FR');
    occupy(s.game, 'bohemia', 'UK'); // Axis 2, Allies 6
    s = pickHands(s);
    while (game.decision(s)?.kind === 'impulse') s = act(s, { type: 'pass' });
    s = toNextTurn(s);
    expect(s.game.first).toBe('allies');
  });
  it('TC-25: turn 1 the Allies hold no cards and pass automatically', () => {
    let s = pickHands(ground(game.setup('tc25')));
    expect(s.game.active).toBe('axis');
    s = act(s, { type: 'play', card: s.game.hand.axis[0]! });
    s = act(s, { type: 'endCard' });
    // the Allies had no card and no air operation: passed automatically, the Axis is active again
    expect(game.decision(s)).toMatchObject({ kind: 'impulse', role: 'axis' });
    expect(s.game.passes).toBe(1);
  });
  it('5.0(3), 6.2, AMB-32: a side with no card but an unused AF, CV or CVE is not passed automatically: it may take an air operation', () => {
    let s = pickHands(game.setup('tc25b'));
    expect(game.decision(s)).toMatchObject({ kind: 'impulse', role: 'allies' });
    expect(game.legalActions(s, 'allies').map((a) => a.type)).toEqual(['air', 'pass']);
    s = act(s, { type: 'air' });
    expect(game.decision(s)).toMatchObject({ kind: 'choose', rule: '6.2' });
    s = act(s, { type: 'cancel' });
    expect(game.decision(s)).toMatchObject({ kind: 'impulse', role: 'allies' });
  });
  it('TC-26: two consecutive passes end the turn', () => {
    let s = pickHands(ground(game.setup('tc26')));
    expect(s.game.passes).toBe(1); // the Allies moved first and passed automatically
    s = act(s, { type: 'pass' }); // the Axis passes: two consecutive passes
    expect(game.decision(s)?.kind).toBe('withdraw'); // end of turn 5.0(4)
    s = toNextTurn(s);
    expect(s.game.turn).toBe(2);
  });
  it('6.1(1)(5): one card per impulse, played cards go to the discard pile; SV and event are not interleaved (6.1(3))', () => {
    let s = pickHands(ground(game.setup('op')));
    const c = s.game.hand.axis.find((x) => x.includes('supply')) ?? s.game.hand.axis[0]!;
    s = act(s, { type: 'play', card: c });
    expect(s.game.discard.axis).toContain(c);
    expect(game.legalActions(s, 'axis').some((a) => a.type === 'play')).toBe(false);
    s = act(s, { type: 'sv' });
    expect(game.legalActions(s, 'axis').every((a) => ['form', 'mobilize', 'endSv'].includes(a.type))).toBe(true);
    expect(game.legalActions(s, 'axis').some((a) => a.type === 'event')).toBe(false);
    s = act(s, { type: 'endSv' });
    expect(game.legalActions(s, 'axis').some((a) => a.type === 'sv')).toBe(false); // the SV part is over
  });
  it('5.0(4)④, 2.3.2(3): at the end of the turn hand and discards return to the usable deck', () => {
    let s = pickHands(ground(game.setup('deck')));
    s = act(s, { type: 'play', card: s.game.hand.axis[0]! });
    s = act(s, { type: 'endCard' });
    s = act(s, { type: 'pass' });
    while (game.decision(s) && game.decision(s)!.kind !== 'hand')
      s = act(s, game.legalActions(s, game.decision(s)!.role).at(-1)!);
    expect(s.game.turn).toBe(2);
    expect(s.game.deck.axis.length + s.game.hand.axis.length).toBe(8);
  });
});

describe('12.0 mobilization', () => {
  const g0 = game.setup('mob').game;
  const GE_LF = b.counterIndex.get('GE-LF')!;
  it('TC-12: a German unit may be placed in Paris with a LOC from Berlin (official Q&A, AMB-23)', () => {
    const g = structuredClone(g0);
    for (const a of ['paris', 'belgium', 'lorraine']) g.ctrl[A(a)] = N('GE');
    for (let u = 0; u < g.loc.length; u++) if (g.loc[u] === A('paris')) g.loc[u] = POOL;
    expect(placements(b, g, GE_LF, 'axis')).toContain(A('paris'));
    g.options = { ...g.options, mobilizationOrigin: 'literal' };
    expect(placements(b, g, GE_LF, 'axis')).not.toContain(A('paris'));
  });
  it("TC-13: a source outside the nation's territory is no LOC origin", () => {
    const g = structuredClone(g0);
    clearedSources(g);
    g.ctrl[A('egypt')] = N('GE');
    g.ctrl[A('cyrenaica')] = N('GE');
    for (let u = 0; u < g.loc.length; u++) if (g.loc[u] === A('cyrenaica')) g.loc[u] = POOL;
    expect(placements(b, g, GE_LF, 'axis')).toEqual([]);
  });
  it('12.0(3)③: never into an area with enemy control units; 12.0(3)②: ships at sea next to an own-flag source', () => {
    const g = structuredClone(g0);
    expect(placements(b, g, GE_LF, 'axis')).not.toContain(A('warsaw'));
    const seas = placements(b, g, b.counterIndex.get('GE-NF')!, 'axis').map((a) => b.areaIds[a]);
    expect(seas).toContain('baltic_sea');
    expect(seas).not.toContain('north_sea'); // enemy ships there
  });
  it('3.1.1(2)③, 15.1: neutrals never mobilize; only the Axis has submarines', () => {
    expect(placements(b, g0, b.counterIndex.get('IT-LF')!, 'axis')).toEqual([]);
    expect(placements(b, g0, b.counterIndex.get('SU-LF')!, 'allies')).toEqual([]);
  });
  it('12.0(1)(2): a mobilized unit is placed used and costs its SV', () => {
    let s = pickHands(ground(game.setup('mob2')));
    s = act(s, { type: 'play', card: s.game.hand.axis[0]! });
    s = act(s, { type: 'sv' });
    const before = s.game.op!.svLeft;
    s = act(s, { type: 'mobilize', counter: 'GE-LF', area: 'berlin' });
    expect(s.game.op!.svLeft).toBe(before - 1);
    const u = s.game.loc.findIndex((l, i) => l === A('berlin') && s.game.used[i] === 1);
    expect(u).toBeGreaterThanOrEqual(0);
  });
});

describe('14.0 victory', () => {
  it('TC-84: game victory at the end of turn 12 (14.2)', () => {
    const s = game.setup('v');
    s.game.turn = 12;
    let t = pickHands(ground(s));
    t = act(t, { type: 'pass' });
    while (game.decision(t)) t = act(t, game.legalActions(t, game.decision(t)!.role).at(-1)!);
    expect(game.outcome(t)).toMatchObject({ winner: 'axis', rule: '14.2(1)' });
  });
  it('14.1(2), TC-22: the Allies win at the end of a turn when the Axis holds 1 source or less', () => {
    const s = game.setup('v2');
    occupy(s.game, 'ruhr', 'UK');
    occupy(s.game, 'bohemia', 'UK');
    occupy(s.game, 'hungary', 'GE'); // a half source: 1.5 -> 1
    let t = pickHands(ground(s));
    t = act(t, { type: 'pass' });
    expect(game.outcome(t)).toMatchObject({ winner: 'allies', rule: '14.1(2)' });
  });
});

describe('13.0 recovery', () => {
  it('TC-14: US units with a LOC to the North Atlantic all recover at the end of the turn, not at the end of an impulse (erratum)', () => {
    const s = game.setup('us');
    const us = N('US');
    s.game.natBel[us] = true;
    const usUnits = s.game.loc.map((_l, u) => u).filter((u) => b.unitNation[u] === us && s.game.loc[u]! >= 0);
    for (const u of usUnits) s.game.used[u] = 1;
    let t = pickHands(ground(s));
    t = act(t, { type: 'play', card: t.game.hand.axis[0]! });
    t = act(t, { type: 'endCard' });
    expect(usUnits.every((u) => t.game.used[u] === 1)).toBe(true);
    t = act(t, { type: 'pass' });
    expect(usUnits.every((u) => t.game.used[u] === 0)).toBe(true);
  });
  it('13.0(1)(2): a nation recovers at most as many units as it controls land areas; the owner chooses', () => {
    const s = game.setup('rec');
    const po = N('PO');
    for (let u = 0; u < s.game.loc.length; u++) if (b.unitNation[u] === po && s.game.loc[u]! >= 0) s.game.used[u] = 1;
    // Poland controls 3 land areas and has 7 used units on the map
    let t = pickHands(ground(s));
    t = act(t, { type: 'pass' });
    expect(game.decision(t)).toMatchObject({ kind: 'recover', role: 'allies' });
    expect(t.game.stack.at(-1)).toMatchObject({ left: 3 });
  });
});

describe('15.4 Poland', () => {
  it('15.4(1)(2): Axis control of Warsaw makes Poland surrender; Brest and Galicia become Soviet, their Polish units go to the pool', () => {
    const s = pickHands(game.setup('po'));
    for (let u = 0; u < s.game.loc.length; u++) if (s.game.loc[u] === A('warsaw')) s.game.loc[u] = POOL;
    const ge = s.game.loc.findIndex((l, u) => l === POOL && b.unitNation[u] === N('GE') && b.unitClass[u] === 'land');
    s.game.loc[ge] = A('warsaw');
    const t = act(s, { type: 'pass' });
    expect(t.game.polandSurrendered).toBe(true);
    expect(
      t.game.loc.filter((l, u) => (l === A('brest') || l === A('galicia')) && b.unitNation[u] === N('PO')),
    ).toHaveLength(0);
    expect(ctrlSide(b, t.game, A('brest'))).toBe('neutral');
  });
});

describe('determinize (search from a view)', () => {
  it("2.3.2(4), 16.1: a state rebuilt from a role's view keeps every card once, the role's own cards, and the role's legal actions", () => {
    const total = thirdReichData().cards.length;
    for (let i = 0; i < 20; i++) {
      const opts: Record<string, boolean> = i % 2 ? { opt16_1_1: true, opt16_1_2: true } : {};
      const s = game.setup(`det${i}`, 'campaign', opts);
      const r = randomPlayout(game, s, `det${i}`, { inPlace: true, maxSteps: 150 + 37 * i });
      const d = game.decision(r.state);
      if (!d) continue;
      const v = game.view(r.state, d.role);
      const g = rules.determinize!(v.game, d.role, seedRng(`d${i}`));
      const cards = [
        ...g.deck.axis,
        ...g.deck.allies,
        ...g.hand.axis,
        ...g.hand.allies,
        ...g.discard.axis,
        ...g.discard.allies,
        ...g.dev.axis,
        ...g.dev.allies,
      ];
      expect(new Set(cards).size, `game ${i}`).toBe(total);
      expect(cards).toHaveLength(total);
      const side = d.role as 'axis' | 'allies';
      expect(g.hand[side]).toEqual(r.state.game.hand[side]);
      expect(rules.legalActions(g, d.role)).toEqual(rules.legalActions(r.state.game, d.role));
      // The role's view of the rebuilt state is the view it was rebuilt from (no field added, e.g. faceDown).
      expect(JSON.stringify(game.view({ ...r.state, game: g }, d.role).game)).toBe(JSON.stringify(v.game));
    }
  });
});
