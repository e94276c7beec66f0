import { describe, expect, it } from 'vitest';
import { seedRng, type EngineState, type Game } from '@sandtable/engine';
import {
  createThirdReichRules,
  thirdReich,
  thirdReichData,
  type TRAction,
  type TRState,
  type TRView,
} from '../index.ts';
import { POOL } from '../board.ts';
import { search, greedyPlayer, searchPlayer } from '@sandtable/ai';
import { noLog, spiedGame as spied } from '@sandtable/ai/testing';
import {
  actionWeight,
  attackOdds,
  chanceOfHits,
  evaluateTR,
  positionKey,
  stalled,
  summarizeTR,
  thirdReichHooks,
  violatesNeutral,
  weights,
} from './hooks.ts';
import { scene } from '../testing/scene.ts';
import { BOARD as B, endMargin, evalTerms, pendingViolations } from './eval.ts';

const hooks = thirdReichHooks(thirdReich);
const at = (id: string) => B.areaIndex.get(id)!;
const nation = (id: string) => B.nationIndex.get(id as never)!;
const start = (): TRState => thirdReich.setup('eval').game;
/** Units of `nation` standing in `area`. */
const unitsOf = (g: TRState, code: string, area: string) =>
  g.loc.flatMap((l, u) => (l === at(area) && B.unitNation[u] === nation(code) ? [u] : []));

/** A Polish unit drives the Germans out of Berlin and takes it (3.4(4)). */
function takeBerlin(g: TRState): void {
  for (const u of unitsOf(g, 'GE', 'berlin')) g.loc[u] = POOL;
  g.loc[unitsOf(g, 'PO', 'warsaw')[0]!] = at('berlin');
  g.ctrl[at('berlin')] = nation('PO');
}

/** The Axis picks its turn-1 hand (5.0(1)); the Allies, with more sources, move first (5.0(2)). */
function alliesToAct(game: Game<TRState, TRAction, TRView>, seed = 'hidden'): EngineState<TRState> {
  const s = game.setup(seed);
  while (game.decision(s)!.kind === 'hand') game.applyInPlace(s, 'axis', game.legalActions(s, 'axis')[0]!);
  expect(s.game.hand.axis).toHaveLength(4);
  expect(game.decision(s)!.role).toBe('allies');
  return s;
}

describe('Third Reich evaluation (14.1, 14.2 in the game terms)', () => {
  it('the two sides add up to one; a finished game is certain', () => {
    const g = start();
    expect(evaluateTR(g, 'axis') + evaluateTR(g, 'allies')).toBeCloseTo(1, 9);
    expect(evaluateTR(g, 'axis')).toBeGreaterThan(0.3);
    expect(evaluateTR(g, 'axis')).toBeLessThan(0.7);
    g.outcome = { winner: 'allies', reason: 'test', rule: '14.1(2)' };
    expect(evaluateTR(g, 'allies')).toBe(1);
    expect(evaluateTR(g, 'axis')).toBe(0);
  });

  it('3.2: the Axis taking Warsaw (a red source and a capital) raises its evaluation', () => {
    const g = start();
    const before = evaluateTR(g, 'axis');
    for (const u of unitsOf(g, 'PO', 'warsaw')) g.loc[u] = POOL;
    g.loc[unitsOf(g, 'GE', 'east_prussia')[0]!] = at('warsaw');
    g.ctrl[at('warsaw')] = nation('GE');
    expect(evalTerms(g).sources).toBeGreaterThanOrEqual(evalTerms(start()).sources);
    expect(evalTerms(g).capitals).toBeGreaterThan(evalTerms(start()).capitals);
    expect(evaluateTR(g, 'axis')).toBeGreaterThan(before + 0.03);
  });

  it('14.1(2): the Allies taking the Ruhr and Bohemia (the Axis left with 1 source) is close to a win for them', () => {
    const g = start();
    const before = evaluateTR(g, 'allies');
    for (const id of ['ruhr', 'bohemia']) {
      for (const u of unitsOf(g, 'GE', id)) g.loc[u] = POOL;
      g.ctrl[at(id)] = nation('FR');
    }
    g.loc[unitsOf(g, 'FR', 'lorraine')[0]!] = at('ruhr');
    g.loc[unitsOf(g, 'PO', 'cracow')[0]!] = at('bohemia');
    expect(evaluateTR(g, 'allies')).toBeGreaterThan(before + 0.3);
    expect(evaluateTR(g, 'allies')).toBeGreaterThan(0.85);
  });

  it('14.2(1): Berlin held by the Axis weighs more as the turns run out', () => {
    const early = start();
    const late = start();
    late.turn = 12;
    expect(evalTerms(late).berlin).toBeGreaterThan(evalTerms(early).berlin);
    expect(evaluateTR(late, 'axis')).toBeGreaterThan(evaluateTR(early, 'axis'));
  });

  it('14.2(1): any one of Berlin, 4+ sources, 10+ land areas keeps the Axis game victory; the Allies must break all three', () => {
    expect(endMargin(true, 3, 7)).toBeGreaterThan(0); // Berlin alone
    expect(endMargin(false, 4, 7)).toBeGreaterThan(0); // 4 sources alone
    expect(endMargin(false, 3, 14)).toBeGreaterThan(0); // 10+ areas alone
    expect(endMargin(false, 3, 9)).toBeLessThan(0); // none: the Allies win
    // The condition the Axis holds best decides: cutting areas from 12 to 10 while Berlin stays Axis barely matters...
    expect(endMargin(true, 3, 10) - endMargin(true, 3, 12)).toBeGreaterThan(-0.15);
    // ... and with Berlin lost and 3 sources, the areas are what is left to break.
    expect(endMargin(false, 3, 14) - endMargin(false, 3, 9)).toBeGreaterThan(1.5);
  });

  it('14.2: on turn 12 the Allies in Berlin with the Axis still on 14 land areas (Italy at war) are not winning; with the areas cut they are', () => {
    const g = start();
    g.turn = 12;
    takeBerlin(g);
    g.natBel[nation('IT')] = true; // Italy joins the Axis: its land areas count for 14.2(1)③
    const areasNow = evalTerms(g);
    expect(evaluateTR(g, 'allies')).toBeLessThan(0.5);
    g.natBel[nation('IT')] = false;
    expect(evalTerms(g).end).toBeLessThan(areasNow.end - 3);
    expect(evaluateTR(g, 'allies')).toBeGreaterThan(0.7);
  });

  it('14.2(1): on turn 12 with Berlin German, no amount of Allied material makes the Allies favourites', () => {
    const g = start();
    g.turn = 12;
    for (const code of ['US', 'SU']) g.natBel[nation(code)] = true;
    let mobilized = 0;
    g.loc.forEach((l, u) => {
      const n = B.unitNation[u]!;
      if (l === POOL && g.natBel[n] && g.natSide[n] === 'allies' && B.unitClass[u] === 'land') {
        g.loc[u] = at('london');
        mobilized++;
      }
    });
    expect(mobilized).toBeGreaterThan(30);
    expect(evalTerms(g).material).toBeGreaterThan(-2);
    expect(evaluateTR(g, 'allies')).toBeLessThan(0.2);
  });

  it('the clock: taking Berlin gains the Allies more on turn 11 than on turn 2 (14.2 comes closer)', () => {
    const gain = (turn: number) => {
      const g = start();
      g.turn = turn;
      const before = evaluateTR(g, 'allies');
      takeBerlin(g);
      return evaluateTR(g, 'allies') - before;
    };
    expect(gain(11)).toBeGreaterThan(gain(2));
  });

  it('3.1.3(1): a move in progress into a neutral area is judged as if the neutral had joined the other camp', () => {
    const g = start();
    const fr = unitsOf(g, 'PO', 'cracow').slice(0, 1);
    g.act = {
      side: 'allies',
      mode: 'sv',
      units: fr,
      area: at('cracow'),
      type: 'move',
      path: [at('cracow')],
      target: -1,
      damaged: [],
      blitz: null,
    };
    const clear = evaluateTR(g, 'allies');
    g.act.path = [at('cracow'), at('galicia')]; // 15.4(3): Polish units move into Galicia freely
    expect(pendingViolations(B, g)).toEqual([]);
    const british = unitsOf(g, 'UK', 'london').slice(0, 1);
    g.act.units = [...fr, ...british]; // a mixed group violates the USSR's neutrality: it joins the Axis with 7 sources
    expect(pendingViolations(B, g)).toEqual([nation('SU')]);
    expect(evaluateTR(g, 'allies')).toBeLessThan(clear - 0.2);
    expect(g.natBel[nation('SU')]).toBe(false); // reading never changes the state
  });

  it('3.4(4): the last defender driven out of Berlin counts as Berlin taken before the impulse ends', () => {
    const g = start();
    const taken = start();
    for (const x of [g, taken]) {
      for (const u of unitsOf(x, 'GE', 'berlin')) x.loc[u] = POOL;
      x.loc[unitsOf(x, 'PO', 'warsaw')[0]!] = at('berlin');
    }
    taken.ctrl[at('berlin')] = nation('PO'); // what the end of the impulse does
    expect(g.ctrl[at('berlin')]).toBe(nation('GE'));
    expect(evaluateTR(g, 'allies')).toBeCloseTo(evaluateTR(taken, 'allies'), 9);
    expect(evaluateTR(g, 'allies')).toBeGreaterThan(evaluateTR(start(), 'allies') + 0.1);
    expect(g.ctrl[at('berlin')]).toBe(nation('GE')); // reading never changes the state
  });

  it('fronts: Allied units standing in an Axis source area raise the Allied evaluation', () => {
    const g = start();
    const before = evalTerms(g).fronts;
    for (const u of unitsOf(g, 'FR', 'lorraine').slice(0, 2)) g.loc[u] = at('ruhr');
    expect(evalTerms(g).fronts).toBeLessThan(before);
  });

  it('9.1: more units inside Berlin press harder, however many stand next door (a group attacks only in its own area)', () => {
    const fronts = (inside: number) => {
      const g = start();
      for (const u of unitsOf(g, 'GE', 'berlin').slice(1)) g.loc[u] = POOL;
      const uk = g.loc.flatMap((l, u) => (l === at('london') || l === at('northern_england') ? [u] : []));
      const fr = unitsOf(g, 'FR', 'paris').concat(unitsOf(g, 'FR', 'lorraine'));
      const allied = [...uk, ...fr].filter((u) => B.unitClass[u] === 'land');
      expect(allied.length).toBeGreaterThanOrEqual(inside + 6);
      allied.slice(0, inside).forEach((u) => {
        g.loc[u] = at('berlin');
      });
      allied.slice(inside, inside + 6).forEach((u) => {
        g.loc[u] = at('east_prussia');
      });
      g.ctrl[at('east_prussia')] = nation('UK');
      return evalTerms(g).fronts;
    };
    expect(fronts(3)).toBeLessThan(fronts(1) - 0.2);
  });

  it('cards in hand count by SV (6.1.1)', () => {
    const g = start();
    const before = evaluateTR(g, 'allies');
    g.hand.allies.push(g.deck.allies.pop()!);
    expect(evaluateTR(g, 'allies')).toBeGreaterThan(before);
  });
});

describe('Third Reich priors and rollouts', () => {
  it('11.1: odds from one die per unit at or under its value', () => {
    const g = start();
    const two = unitsOf(g, 'FR', 'lorraine').filter((u) => B.counters[B.unitKind[u]!]!.type === 'LF');
    expect(chanceOfHits(two, false, 1)).toBeCloseTo(0.75, 9); // attack 3: 1/2 a die
    expect(chanceOfHits(two, false, 2)).toBeCloseTo(0.25, 9);
    // The unused German air unit in the Ruhr leaves at 2 x durability 1 = 2 points (11.3.2), the
    // infantry only at 2 x 2 = 4 (11.3.1): the cheapest defender sets the need.
    expect(attackOdds(g, two, at('ruhr'), 'allies', false)).toEqual({ odds: 0.25, need: 2 });
  });

  it('SV before finishing the card; no cancels, withdrawals or passes for nothing', () => {
    const s = alliesToAct(thirdReich);
    const g = s.game;
    const w = (a: TRAction) => weights(g, 'allies', [a, { type: 'pass' }])[0]!;
    expect(w({ type: 'endWithdrawal' })).toBeGreaterThan(w({ type: 'withdraw', unit: 0 }));
    expect(w({ type: 'air' })).toBeGreaterThan(w({ type: 'pass' }));
    expect(w({ type: 'sv' })).toBeGreaterThan(w({ type: 'cancel' }));
    expect(w({ type: 'recover', unit: 0 })).toBeGreaterThan(w({ type: 'endRecovery' }));
  });

  it('moves toward the enemy sources weigh more than moves away', () => {
    const g = start();
    const [toward, away] = weights(g, 'allies', [
      { type: 'to', area: 'ruhr' },
      { type: 'to', area: 'western_france' },
    ]);
    expect(toward).toBeGreaterThan(away!);
    const [front, rear] = weights(g, 'allies', [
      { type: 'form', area: 'lorraine' },
      { type: 'form', area: 'western_france' },
    ]);
    expect(front).toBeGreaterThan(rear!);
  });

  it('3.1.3(1): the Allies do not move, retreat or air-attack into a neutral area (it would join the Axis); Polish units into Galicia may', () => {
    const g = start();
    const po = unitsOf(g, 'PO', 'cracow').slice(0, 1);
    const uk = unitsOf(g, 'UK', 'london').slice(0, 1);
    g.act = {
      side: 'allies',
      mode: 'sv',
      units: [...po, ...uk],
      area: at('cracow'),
      type: 'move',
      path: [at('cracow')],
      target: -1,
      damaged: [],
      blitz: null,
    };
    expect(violatesNeutral(g, 'allies', at('galicia'), g.act.units)).toBe(true);
    const [neutral, own] = weights(g, 'allies', [
      { type: 'to', area: 'galicia' },
      { type: 'to', area: 'warsaw' },
    ]);
    expect(neutral).toBeLessThan(own! / 50);
    g.act.units = po;
    expect(violatesNeutral(g, 'allies', at('galicia'), po)).toBe(false);
    const [polish, own2] = weights(g, 'allies', [
      { type: 'to', area: 'galicia' },
      { type: 'to', area: 'warsaw' },
    ]);
    // Not the neutral penalty (1/500): Warsaw, a threatened Polish capital, is worth a garrison more (#20).
    expect(polish).toBeGreaterThan(own2! / 5);
    const [intoBelgium, home] = weights(g, 'allies', [
      { type: 'retreat', unit: uk[0]!, to: 'belgium' },
      { type: 'retreat', unit: uk[0]!, to: 'paris' },
    ]);
    expect(intoBelgium).toBeLessThan(home! / 10);
    expect(violatesNeutral(g, 'axis', at('belgium'))).toBe(false); // the Axis's own judgement is left to the search
  });

  it('an attack is declared more readily with more units in the group', () => {
    const g = start();
    for (const u of unitsOf(g, 'FR', 'lorraine')) g.loc[u] = at('ruhr');
    for (const u of unitsOf(g, 'FR', 'paris')) g.loc[u] = at('ruhr');
    const all = unitsOf(g, 'FR', 'ruhr');
    const sc = (units: number[]) => {
      g.act = {
        side: 'allies',
        mode: 'sv',
        units,
        area: at('ruhr'),
        type: null,
        path: [],
        target: -1,
        damaged: [],
        blitz: null,
      };
      return weights(g, 'allies', [{ type: 'declare', action: 'attack' }, { type: 'cancel' }])[0]!;
    };
    expect(sc(all)).toBeGreaterThan(sc(all.slice(0, 1)));
  });

  it('rollouts pick legal actions by the weights', () => {
    const s = alliesToAct(thirdReich);
    const legal = thirdReich.legalActions(s, 'allies');
    const picks = new Set<number>();
    const rng = seedRng('rollout');
    for (let i = 0; i < 50; i++) picks.add(hooks.rollout!(s.game, 'allies', legal, rng));
    for (const i of picks) expect(i).toBeLessThan(legal.length);
    expect(actionWeight).toBeTypeOf('function');
  });
});

describe('Third Reich priors: attacks that can work, whole groups, no leaving a fight (9.1, 9.1.1, 11.4)', () => {
  /** The Allies spend an SV (6.1.1) with these units on the map; Berlin and the Ruhr stay German-controlled. */
  function svScene(place: [string, string, number, number?][]): TRState {
    const s = scene(place, { active: 'allies' });
    s.game.op = { card: 'al3-diplo', svLeft: 3, svDone: false, eventDone: false, acted: [] };
    s.game.stack = [
      { kind: 'impulse', side: 'allies' },
      { kind: 'card', side: 'allies' },
      { kind: 'sv', side: 'allies' },
    ];
    return s.game;
  }

  it('11.4: an attack whose dice cannot move a single defender is not tried before a move; one that can is', () => {
    // One infantry against an unused German infantry (4 points to drive out, 2 even to flip it): futile.
    const futile = svScene([
      ['GE-LF', 'berlin', 1],
      ['UK-LF', 'berlin', 1],
      ['UK-LF', 'western_poland', 3],
    ]);
    const [there, move] = weights(futile, 'allies', [
      { type: 'form', area: 'berlin' },
      { type: 'form', area: 'western_poland' },
    ]);
    expect(there).toBeLessThan(move!);
    // Eight units against it: about 4 expected hits, a good chance to drive it out.
    const strong = svScene([
      ['GE-LF', 'berlin', 1],
      ['UK-LF', 'berlin', 6],
      ['UK-TF', 'berlin', 2],
      ['UK-LF', 'western_poland', 3],
    ]);
    const [there2, move2] = weights(strong, 'allies', [
      { type: 'form', area: 'berlin' },
      { type: 'form', area: 'western_poland' },
    ]);
    expect(there2).toBeGreaterThan(move2!);
  });

  it('3.2, 14.2: the same attack weighs more in an enemy source area (Berlin) than in a plain enemy area', () => {
    const g = svScene([
      ['GE-LF', 'berlin', 1],
      ['UK-LF', 'berlin', 5],
      ['GE-LF', 'hamburg', 1],
      ['UK-LF', 'hamburg', 5],
    ]);
    const [berlin, hamburg] = weights(g, 'allies', [
      { type: 'form', area: 'berlin' },
      { type: 'form', area: 'hamburg' },
    ]);
    expect(berlin).toBeGreaterThan(hamburg!);
  });

  it('9.1.1, 11.1: in an area with enemies, every unit that may attack joins before the group declares', () => {
    const g = svScene([
      ['GE-LF', 'berlin', 1],
      ['UK-LF', 'berlin', 6],
    ]);
    const mine = g.loc.flatMap((l, u) => (l === at('berlin') && B.unitNation[u] === nation('UK') ? [u] : []));
    g.act = {
      side: 'allies',
      mode: 'sv',
      units: mine.slice(0, 2),
      area: at('berlin'),
      type: null,
      path: [],
      target: -1,
      damaged: [],
      blitz: null,
    };
    const [add, attack] = weights(g, 'allies', [
      { type: 'add', unit: mine[2]! },
      { type: 'declare', action: 'attack' },
    ]);
    expect(add).toBeGreaterThan(attack!);
  });

  it('a group in a fight in the enemy area attacks rather than walks away; fleets rarely cruise', () => {
    const g = svScene([
      ['GE-LF', 'berlin', 1],
      ['UK-LF', 'berlin', 6],
      ['UK-NF', 'north_sea', 2],
    ]);
    const mine = g.loc.flatMap((l, u) => (l === at('berlin') && B.unitNation[u] === nation('UK') ? [u] : []));
    g.act = {
      side: 'allies',
      mode: 'sv',
      units: mine,
      area: at('berlin'),
      type: null,
      path: [],
      target: -1,
      damaged: [],
      blitz: null,
    };
    const [attack, move] = weights(g, 'allies', [
      { type: 'declare', action: 'attack' },
      { type: 'declare', action: 'move' },
    ]);
    expect(attack).toBeGreaterThan(5 * move!);
    const fleet = g.loc.flatMap((l, u) => (l === at('north_sea') ? [u] : []));
    g.act = {
      side: 'allies',
      mode: 'sv',
      units: fleet,
      area: at('north_sea'),
      type: null,
      path: [],
      target: -1,
      damaged: [],
      blitz: null,
    };
    const landGroup = weights(svScene([['UK-LF', 'western_poland', 4]]), 'allies', [
      { type: 'form', area: 'western_poland' },
      { type: 'pass' },
    ])[0]!;
    expect(weights(g, 'allies', [{ type: 'declare', action: 'move' }, { type: 'cancel' }])[0]!).toBeLessThan(landGroup);
  });
});

describe('Third Reich: no progress is worth nothing (cancel loops, 6.2, 7.0)', () => {
  it('a line that cancels back to the position the search started from is a loss for the side that started it', () => {
    const s = alliesToAct(thirdReich);
    const view = thirdReich.view(s, 'allies');
    expect(view.actions).toContainEqual({ type: 'air' });
    const g = hooks.determinize!(view.game, 'allies', seedRng('d'));
    const searched: EngineState<TRState> = { ...thirdReich.clone(s), game: g };
    // (The searcher always plays at least one action before it evaluates, so the root itself is never judged.)
    thirdReich.applyInPlace(searched, 'allies', { type: 'air' }, true); // 6.2: an air operation ...
    expect(stalled(g)).toBeNull();
    expect(evaluateTR(g, 'allies')).toBeGreaterThan(0);
    thirdReich.applyInPlace(searched, 'allies', { type: 'cancel' }, true); // ... given up: the same impulse again
    expect(stalled(g)).toBe('allies');
    expect(evaluateTR(g, 'allies')).toBe(0);
    expect(evaluateTR(g, 'axis')).toBe(1);
  });

  it('6.2, 7.2 (issue 18): an air operation that could lead to no action is not offered; one that can is', () => {
    const lone = scene([['UK-AF', 'london', 1]], { active: 'allies' }); // leaving London empty is illegal (8.1(4)), no target in range
    expect(thirdReich.legalActions(lone, 'allies')).toEqual([{ type: 'pass' }]);
    const escorted = scene(
      [
        ['UK-AF', 'london', 1],
        ['UK-LF', 'london', 1],
      ],
      { active: 'allies' },
    ); // it may air-move to Northern England
    expect(thirdReich.legalActions(escorted, 'allies')).toContainEqual({ type: 'air' });
    const [air2, pass2] = weights(escorted.game, 'allies', [{ type: 'air' }, { type: 'pass' }]);
    expect(air2).toBeGreaterThan(pass2!);
  });

  it('passing is progress (5.0(3))', () => {
    const s = alliesToAct(thirdReich);
    const g = hooks.determinize!(thirdReich.view(s, 'allies').game, 'allies', seedRng('p'));
    const searched: EngineState<TRState> = { ...thirdReich.clone(s), game: g };
    thirdReich.applyInPlace(searched, 'allies', { type: 'pass' }, true);
    expect(stalled(g)).toBeNull();
    expect(positionKey(g)).not.toBe(positionKey(s.game));
  });
});

describe('Third Reich search from a view (hands hidden, 2.3.2(4))', () => {
  /** The rules with determinize spied on, and every state-taking call guarded. */
  const spiedGame = () => spied(createThirdReichRules(thirdReichData()));

  it('two positions differing only in the Axis hand give the Allies identical views and identical searches', () => {
    const { base } = spiedGame();
    const s1 = alliesToAct(base);
    const s2 = base.clone(s1);
    // Swap an Axis hand card for a different card of its usable deck: only the Axis knows.
    const i = s2.game.deck.axis.findIndex(
      (c) => !s2.game.hand.axis.some((h) => h.replace(/-\d+$/, '') === c.replace(/-\d+$/, '')),
    );
    const [out] = s2.game.hand.axis.splice(0, 1, s2.game.deck.axis[i]!);
    s2.game.deck.axis.splice(i, 1, out!);
    s2.game.deck.axis.sort();
    expect(s2.game.hand.axis).not.toEqual(s1.game.hand.axis);
    const v1 = base.view(s1, 'allies');
    const v2 = base.view(s2, 'allies');
    expect({ ...v1, log: null }).toEqual({ ...v2, log: null });
    const r1 = search(base, hooks, noLog(v1), { seed: 'same', iterations: 60, stopEarly: false });
    const r2 = search(base, hooks, noLog(v2), { seed: 'same', iterations: 60, stopEarly: false });
    expect(r1.choices).toEqual(r2.choices);
    expect(v1.actions).toContainEqual(r1.action);
  });

  it('every state the searcher and the greedy player touch was rebuilt from the view by determinize', () => {
    const spy = spiedGame();
    const s = alliesToAct(spy.base, 'spied');
    const view = noLog(spy.base.view(s, 'allies'));
    const spiedHooks = thirdReichHooks(spy.game);
    searchPlayer({ game: spy.game, hooks: spiedHooks }, 'p', { iterations: 60, stopEarly: false }).choose(view);
    greedyPlayer({ game: spy.game, hooks: spiedHooks }, 'g').choose(view);
    expect(spy.foreign).toEqual([]);
    expect(spy.made.has(s.game)).toBe(false);
    expect(spy.inputs.length).toBeGreaterThan(30);
    for (const input of spy.inputs) expect(typeof input.hand.axis).toBe('number');
    // The sampled Axis hands vary; the real one is never handed over.
    const hands = new Set([...spy.made].map((g) => g.hand.axis.join()));
    expect(hands.size).toBeGreaterThan(1);
  });
});

describe('Third Reich impulse summary', () => {
  it('8.2(3) (issue 18): an air move that came back to an area is told by its shortest path', () => {
    const g = start();
    const text = summarizeTR(
      g,
      'axis',
      [
        { type: 'air' },
        { type: 'form', area: 'ruhr' },
        { type: 'add', unit: unitsOf(g, 'GE', 'ruhr')[0]! },
        { type: 'declare', action: 'airMove' },
        { type: 'to', area: 'hamburg' },
        { type: 'to', area: 'ruhr' },
        { type: 'to', area: 'berlin' },
        { type: 'stop' },
      ],
      { iterations: 1, elapsedMs: 1, winChance: 0.5, visits: 1 },
    );
    expect(text).toMatch(/air-moves \S+ \S+ Ruhr - Berlin/);
  });

  it('says the card, the group action with its units and odds, and the chance to win', () => {
    const g = start();
    const units = unitsOf(g, 'GE', 'east_prussia');
    const text = summarizeTR(
      g,
      'axis',
      [
        { type: 'play', card: 'ax2-blitz-1' },
        { type: 'event' },
        { type: 'form', area: 'east_prussia' },
        ...units.map((unit) => ({ type: 'add' as const, unit })),
        { type: 'declare', action: 'move' },
        { type: 'to', area: 'warsaw' },
        { type: 'stop' },
        { type: 'mobilize', counter: 'GE-LF', area: 'berlin' },
      ],
      { iterations: 100, elapsedMs: 50, winChance: 0.62, visits: 40 },
    );
    expect(text).toMatch(/^axis plays Blitzkrieg \(SV 2\); uses the event of Blitzkrieg/);
    expect(text).toMatch(/moves 2 GE-LF East Prussia - Warsaw/);
    expect(text).toMatch(/mobilizes GE-LF in Berlin/);
    expect(text).toMatch(/chance to win the game 62%/);
    const picks = summarizeTR(
      g,
      'axis',
      [
        { type: 'pick', card: 'ax2-blitz-1' },
        { type: 'pick', card: 'ax2-supply' },
      ],
      { iterations: 0, elapsedMs: 0, winChance: 0, visits: 0 },
    );
    expect(picks).toMatch(/^axis chooses 2 card\(s\) for its hand \(chance to win the game \d+%\)$/); // hidden: never named (5.0(1))
    expect(picks).not.toMatch(/Blitzkrieg|Supply/);
    expect(picks).not.toMatch(/ 0%/); // no visits: the evaluation speaks
    g.loc[units[0]!] = at('warsaw');
    g.loc[units[1]!] = at('warsaw');
    const attack = summarizeTR(
      g,
      'axis',
      [
        { type: 'form', area: 'warsaw' },
        ...units.map((unit) => ({ type: 'add' as const, unit })),
        { type: 'declare', action: 'attack' },
      ],
      { iterations: 1, elapsedMs: 1, winChance: 0.5, visits: 1 },
    );
    expect(attack).toMatch(/attacks in Warsaw with 2 GE-LF, odds of driving a defender out \d+%/);
  });
});
