import { describe, expect, it } from 'vitest';
import { canonicalJson, defineGame, randomPlayout, seedRng, type EngineState, type Game } from '@sandtable/engine';
import {
  createProkhorovkaRules,
  germanVP,
  loadProkhorovkaData,
  prokhorovka,
  type PGAction,
  type PGState,
  type PGView,
} from '../index.ts';
import { ELIMINATED, RESERVE } from '../state.ts';
import { idle } from '../combat/core.ts';
import { search, greedyPlayer, randomPlayer, searchPlayer } from '@sandtable/ai';
import { ai as aiEntry } from './index.ts';
import { noLog, spiedGame } from '@sandtable/ai/testing';
import {
  actionWeight,
  attackOdds,
  evaluatePK,
  positionKey,
  prokhorovkaHooks,
  stalled,
  summarizePK,
  weights,
} from './hooks.ts';
import { ENV as E, breachField, evalTerms, evaluateProkhorovka, vpNow } from './eval.ts';
import { askPhase } from '../sequence.ts';

const hooks = prokhorovkaHooks(prokhorovka);
const grid = E.b.grid;
const start = (seed = 'eval'): PGState => prokhorovka.setup(seed).game;
const unit = (g: PGState, id: string) => g.units.find((u) => u.id === id)!;
/** Moves a unit (and bumps the version the ZOC and LOC caches are keyed by, as the rules do). */
function put(g: PGState, id: string, hex: number): void {
  unit(g, id).hex = hex;
  g.ver++;
}
const occupied = (g: PGState, h: number) => g.units.some((u) => u.hex === h);

/** Plays the set-up (4.0(5)(6)) with the first legal actions, up to the German's first real decision of turn 1. */
function germanToAct(game: Game<PGState, PGAction, PGView>, seed = 'hidden'): EngineState<PGState> {
  const s = game.setup(seed);
  for (let i = 0; i < 200 && s.game.turn === 0; i++) {
    const d = game.decision(s)!;
    const legal = game.legalActions(s, d.role);
    game.applyInPlace(s, d.role, legal.find((a) => a.type === 'place') ?? legal.at(-1)!);
  }
  expect(s.game.turn).toBe(1);
  expect(game.decision(s)!.role).toBe('DE');
  return s;
}

describe('Prokhorovka evaluation (18.0 in the game terms)', () => {
  it('the two sides add up to one; a finished game is certain', () => {
    const g = start();
    expect(evaluatePK(g, 'DE') + evaluatePK(g, 'SU')).toBeCloseTo(1, 9);
    expect(evaluatePK(g, 'DE')).toBeGreaterThan(0.3);
    expect(evaluatePK(g, 'DE')).toBeLessThan(0.7);
    g.result = { winner: 'SU', reason: 'test', rule: '18.0(3)' };
    expect(evaluatePK(g, 'SU')).toBe(1);
    expect(evaluatePK(g, 'DE')).toBe(0);
  });

  it('18.0(1)1: with the same material, more VP hexes reached by a German LOC is better for the German', () => {
    const g = start();
    const before = evalTerms(g);
    // Soviet front-line units go back to the reserve (material unchanged) until a German LOC reaches a VP hex (3.2).
    const german = g.units.filter((u) => u.side === 'DE' && u.hex >= 0).map((u) => u.hex);
    const front = (h: number) => Math.min(...german.map((x) => grid.distance(x, h)));
    const near = g.units.filter((u) => u.side === 'SU' && u.hex >= 0).sort((x, y) => front(x.hex) - front(y.hex));
    let moved = 0;
    while (evalTerms(g).vp <= before.vp && moved < near.length) put(g, near[moved++]!.id, RESERVE);
    expect(moved).toBeLessThan(near.length);
    const after = evalTerms(g);
    expect(after.vp).toBeGreaterThan(before.vp);
    expect(after.material).toBeCloseTo(before.material, 9);
    expect(after.costs.filter((c) => c === 0).length).toBeGreaterThan(before.costs.filter((c) => c === 0).length);
    expect(evaluatePK(g, 'DE')).toBeGreaterThan(evaluatePK(start(), 'DE'));
  });

  it('3.2, 3.1: a Soviet unit standing on the German way to a VP hex raises its breach cost (line integrity)', () => {
    const g = start();
    const field = breachField(E, g);
    const h = E.b.vpHexes.find((x) => field[x] === 1 && !occupied(g, x))!;
    const reserve = g.units.find((u) => u.side === 'SU' && u.hex === RESERVE)!;
    const before = evaluatePK(g, 'SU');
    put(g, reserve.id, h);
    expect(breachField(E, g)[h]).toBeGreaterThan(1);
    expect(evaluatePK(g, 'SU')).toBeGreaterThan(before);
  });

  it('18.0(2): at the end of turn 9, 6 VP win for the German and 5 do not; the VP count weighs more as the turns run out', () => {
    const g = start();
    // Clear the map of Soviet units: every VP hex is reached (18.0(1)1).
    for (const u of g.units) if (u.side === 'SU' && u.hex >= 0) u.hex = RESERVE;
    g.ver++;
    const early = structuredClone(g);
    early.turn = 1;
    early.side = 'DE';
    const late = structuredClone(g);
    late.turn = 9;
    late.side = 'SU';
    expect(evalTerms(late).vp).toBe(E.b.vpHexes.length);
    expect(evaluateProkhorovka(late, 'DE')).toBeGreaterThan(0.95);
    expect(evaluateProkhorovka(late, 'DE')).toBeGreaterThan(evaluateProkhorovka(early, 'DE'));
    // Back to 5 VP in the Soviet half of turn 9: a Soviet unit on each of three VP hexes.
    const five = structuredClone(late);
    const sov = five.units.filter((u) => u.side === 'SU').slice(0, 3);
    sov.forEach((u, i) => {
      u.hex = E.b.vpHexes[i]!;
    });
    five.ver++;
    expect(evalTerms(five).vp).toBeLessThanOrEqual(5);
    expect(evaluateProkhorovka(five, 'DE')).toBeLessThan(0.5);
  });

  it("18.0(1): the VP counted from the breach field are the rules' own count, in random positions", () => {
    let checked = 0;
    for (let i = 0; i < 12; i++) {
      const s = prokhorovka.setup(`vp${i}`);
      randomPlayout(prokhorovka, s, `vp${i}`, { inPlace: true, maxSteps: 80 * i });
      expect(vpNow(E, s.game, breachField(E, s.game)).vp, `position ${i}`).toBe(germanVP(E, s.game).vp);
      checked += germanVP(E, s.game).vp > 0 ? 1 : 0;
    }
    expect(checked).toBeGreaterThan(3);
  });

  it('material: a Soviet unit eliminated (13.0) is better for the German', () => {
    const g = start();
    const before = evaluatePK(g, 'DE');
    unit(g, g.units.find((u) => u.side === 'SU' && u.hex === RESERVE)!.id).hex = ELIMINATED;
    expect(evaluatePK(g, 'DE')).toBeGreaterThan(before);
    const h = start();
    unit(h, h.units.find((u) => u.side === 'DE' && u.hex >= 0)!.id).reduced = true;
    expect(evaluatePK(h, 'DE')).toBeLessThan(before);
  });
});

/** A hex with two empty clear neighbours across no river, far from every unit (for attack scenes). */
function openGround(g: PGState): { h: number; n1: number; n2: number } {
  const clear = (x: number) =>
    E.d.tables.terrain[grid.terrain[x]!]!.id === 'clear' && !E.b.source[x] && !E.b.entrench[x];
  for (let h = 0; h < grid.nodeCount; h++) {
    if (!clear(h) || g.units.some((u) => u.hex >= 0 && grid.distance(u.hex, h) <= 3)) continue;
    const ns = grid.neighbours(h).filter((n) => clear(n) && (grid.hexsideBetween(h, n) & 3) === 0);
    if (ns.length >= 2) return { h, n1: ns[0]!, n2: ns[1]! };
  }
  throw new Error('no open ground');
}

describe('Prokhorovka priors and rollouts', () => {
  it('9.2(1), 11.3-11.6: a winning attack is preferred to a hopeless one, and to ending the declaration', () => {
    const g = start();
    const { h, n1, n2 } = openGround(g);
    // A panzer division with tanks next to a reduced rifle unit; an infantry division with nothing next to a full unit with its chits.
    const panzer = g.units.find((u) => u.side === 'DE' && u.hex >= 0 && E.unitById.get(u.id)!.mechanized)!;
    const infantry = g.units.find((u) => u.side === 'DE' && u.hex >= 0 && !E.unitById.get(u.id)!.mechanized)!;
    const [weak, strong] = g.units.filter((u) => u.side === 'SU' && u.hex === RESERVE);
    for (const c of g.equip.filter((c) => E.unitById.has(c.loc))) c.loc = 'cup';
    put(g, weak!.id, h);
    put(g, panzer.id, n1);
    weak!.reduced = true;
    for (const c of g.equip
      .filter((c) => c.side === 'DE' && c.loc === 'cup' && E.equipById.get(c.id)!.cls === 'tank')
      .slice(0, E.unitById.get(panzer.id)!.full.equip))
      c.loc = panzer.id;
    const far = openGround(g);
    put(g, strong!.id, far.h);
    put(g, infantry.id, far.n1);
    for (const c of g.equip
      .filter(
        (c) =>
          c.side === 'SU' && c.loc === 'cup' && c.id !== '' && ['atgun', 'tank'].includes(E.equipById.get(c.id)!.cls),
      )
      .slice(0, E.unitById.get(strong!.id)!.full.equip))
      c.loc = strong!.id;
    expect(attackOdds(g, [panzer.id], weak!.id)).toBeGreaterThan(0.7);
    expect(attackOdds(g, [infantry.id], strong!.id)).toBeLessThan(0.3);
    askPhase(g, 'normalAttack');
    g.combat = { ...idle(), stage: 'declare', picked: panzer.id };
    const [good, end] = weights(g, 'DE', [{ type: 'attack', target: weak!.id }, { type: 'endPhase' }]);
    g.combat.picked = infantry.id;
    const [bad] = weights(g, 'DE', [{ type: 'attack', target: strong!.id }, { type: 'endPhase' }]);
    expect(good).toBeGreaterThan(2 * bad!);
    expect(good).toBeGreaterThan(end!);
    expect(bad).toBeLessThan(end!);
    void n2;
  });

  it('9.1(4): more attackers against one target raise the odds', () => {
    const g = start();
    const { h, n1, n2 } = openGround(g);
    const [a, b] = g.units.filter((u) => u.side === 'DE' && u.hex >= 0);
    const t = g.units.find((u) => u.side === 'SU' && u.hex === RESERVE)!;
    put(g, a!.id, n1);
    put(g, b!.id, n2);
    put(g, t.id, h);
    expect(attackOdds(g, [a!.id, b!.id], t.id)).toBeGreaterThan(attackOdds(g, [a!.id], t.id));
  });

  it('issue 18: a summary read from the impulse start (attacker moved since, 9.1(1)) names the attack and never throws', () => {
    const g = start();
    const { h, n1 } = openGround(g);
    const a = g.units.find((u) => u.side === 'DE' && u.hex >= 0)!;
    const t = g.units.find((u) => u.side === 'SU' && u.hex === RESERVE)!;
    put(g, t.id, h);
    const far = grid.hexesWithin(h, 4).find((x) => grid.distance(x, h) === 4)!;
    put(g, a.id, far);
    expect(grid.directionTo(far, h)).toBe(-1);
    const odds = attackOdds(g, [a.id], t.id);
    expect(odds).toBeGreaterThan(0);
    expect(odds).toBeLessThan(1);
    const text = summarizePK(
      g,
      'DE',
      [
        { type: 'pick', unit: a.id, mode: 'normal' },
        { type: 'moveTo', hex: grid.label(n1) },
        { type: 'endPhase' },
        { type: 'pickAttacker', unit: a.id },
        { type: 'attack', target: t.id },
        { type: 'endPhase' },
      ],
      { iterations: 1, elapsedMs: 1, winChance: 0.5, visits: 1 },
    );
    expect(text).toContain(`attacks ${t.id}`);
  });

  it('no pick-and-cancel for nothing; chits go under units rather than back to the pool', () => {
    const g = start();
    const w = (a: PGAction) =>
      actionWeight(g, 'DE', a, { objectives: () => [], occ: () => new Int8Array(grid.nodeCount) });
    expect(w({ type: 'cancelMove' })).toBeLessThan(0.1);
    expect(w({ type: 'unpick' })).toBeLessThan(0.1);
    expect(w({ type: 'reorgPlace', chit: 'x', unit: 'GD' })).toBeGreaterThan(
      w({ type: 'reorgReturn', chit: 'x' }) * 10,
    );
    expect(w({ type: 'place', chit: 'x', unit: 'GD' })).toBeGreaterThan(w({ type: 'donePlacing' }));
  });

  it('8.0: the German moves toward the VP hexes it does not hold; the Soviet onto them', () => {
    const g = start();
    const de = g.units.find((u) => u.side === 'DE' && u.hex >= 0)!;
    const vp = E.b.vpHexes.reduce((best, x) => (grid.distance(de.hex, x) < grid.distance(de.hex, best) ? x : best));
    const toward = grid
      .neighbours(de.hex)
      .reduce((best, x) => (grid.distance(x, vp) < grid.distance(best, vp) ? x : best));
    const away = grid
      .neighbours(de.hex)
      .reduce((best, x) => (grid.distance(x, vp) > grid.distance(best, vp) ? x : best));
    g.mv.picked = { unit: de.id, mode: 'normal' };
    const [t, a] = weights(g, 'DE', [
      { type: 'moveTo', hex: grid.label(toward) },
      { type: 'moveTo', hex: grid.label(away) },
    ]);
    expect(t).toBeGreaterThan(a!);
    const su = g.units.find((u) => u.side === 'SU' && u.hex >= 0 && grid.neighbours(u.hex).some((n) => E.b.vp[n]))!;
    const onto = grid.neighbours(su.hex).find((n) => E.b.vp[n])!;
    const off = grid
      .neighbours(su.hex)
      .reduce((best, x) => (grid.distance(x, onto) > grid.distance(best, onto) ? x : best));
    g.mv.picked = { unit: su.id, mode: 'normal' };
    const [on, of] = weights(g, 'SU', [
      { type: 'moveTo', hex: grid.label(onto) },
      { type: 'moveTo', hex: grid.label(off) },
    ]);
    expect(on).toBeGreaterThan(of!);
  });

  it('rollouts pick legal actions by the weights', () => {
    const s = germanToAct(prokhorovka);
    const legal = prokhorovka.legalActions(s, 'DE');
    const rng = seedRng('rollout');
    for (let i = 0; i < 50; i++) expect(hooks.rollout!(s.game, 'DE', legal, rng)).toBeLessThan(legal.length);
  });
});

describe('Prokhorovka: no progress is worth nothing (pick and cancel, 8.0, 9.2(1))', () => {
  it('a line that picks a stack and cancels back to the position the search started from is lost for the side that started it', () => {
    const s = germanToAct(prokhorovka, 'loop');
    // Play to the Soviet movement phase of turn 1 with the first legal actions (end every phase).
    for (let i = 0; i < 400 && !(s.game.side === 'SU' && s.game.phase === 'movement'); i++) {
      const d = prokhorovka.decision(s)!;
      const legal = prokhorovka.legalActions(s, d.role);
      prokhorovka.applyInPlace(s, d.role, legal.find((a) => a.type === 'endPhase') ?? legal[0]!);
    }
    expect(s.game.phase).toBe('movement');
    const view = prokhorovka.view(s, 'SU');
    const pick = view.actions.find((a) => a.type === 'pick') as PGAction;
    expect(pick).toBeDefined();
    const g = hooks.determinize!(view.game, 'SU', seedRng('d'));
    const searched: EngineState<PGState> = { ...prokhorovka.clone(s), game: g };
    prokhorovka.applyInPlace(searched, 'SU', pick, true);
    expect(stalled(g)).toBeNull();
    prokhorovka.applyInPlace(searched, 'SU', { type: 'cancelMove' }, true); // back at the same decision
    expect(stalled(g)).toBe('SU');
    expect(evaluatePK(g, 'SU')).toBe(0);
    expect(evaluatePK(g, 'DE')).toBe(1);
  });
});

describe('Prokhorovka position key (what a loop comes back to)', () => {
  it("changes when the phasing player's chits change (an air mission outside battles is progress, 16.1(1)), not with where the opponent's hidden chits lie", () => {
    const s = germanToAct(prokhorovka, 'key');
    const view = prokhorovka.view(s, 'DE');
    const a = hooks.determinize!(view.game, 'DE', seedRng('a'));
    const b = hooks.determinize!(view.game, 'DE', seedRng('b'));
    expect(a.equip.filter((c) => c.side === 'SU').map((c) => c.loc)).not.toEqual(
      b.equip.filter((c) => c.side === 'SU').map((c) => c.loc),
    );
    expect(positionKey(a)).toBe(positionKey(b));
    const own = a.support.find((c) => c.side === 'DE' && c.loc === 'pool')!;
    own.loc = 'cup';
    expect(positionKey(a)).not.toBe(positionKey(b));
  });
});

describe('Prokhorovka search from a view (chits hidden, 3.5(5), 3.6(3))', () => {
  it("two positions differing only in the Soviet's face-down chits give the German identical views and identical searches", () => {
    const base = defineGame(createProkhorovkaRules(loadProkhorovkaData()));
    const s1 = germanToAct(base);
    const s2 = base.clone(s1);
    // Swap a Soviet chit under a unit with one of the same back still in the cup: only the Soviet knows.
    const under = s2.game.equip.find((c) => c.side === 'SU' && E.unitById.has(c.loc) && !c.faceUp)!;
    const back = E.equipById.get(under.id)!.back;
    const other = s2.game.equip.find(
      (c) =>
        c.side === 'SU' &&
        c.loc === 'cup' &&
        E.equipById.get(c.id)!.back === back &&
        E.equipById.get(c.id)!.name !== E.equipById.get(under.id)!.name,
    )!;
    [under.loc, other.loc] = [other.loc, under.loc];
    expect(s2.game.equip).not.toEqual(s1.game.equip);
    const v1 = base.view(s1, 'DE');
    const v2 = base.view(s2, 'DE');
    expect({ ...v1, log: null }).toEqual({ ...v2, log: null });
    const r1 = search(base, hooks, noLog(v1), { seed: 'same', iterations: 40, stopEarly: false });
    const r2 = search(base, hooks, noLog(v2), { seed: 'same', iterations: 40, stopEarly: false });
    expect(r1.choices).toEqual(r2.choices);
    expect(v1.actions).toContainEqual(r1.action);
  });

  it('the greedy player and the searcher touch only states rebuilt from the view', () => {
    const { game, base, made, foreign } = spiedGame(createProkhorovkaRules(loadProkhorovkaData()));
    const s = germanToAct(base, 'spied');
    const view = noLog(base.view(s, 'DE'));
    const spiedHooks = prokhorovkaHooks(game);
    searchPlayer({ game, hooks: spiedHooks }, 'p', { iterations: 30, stopEarly: false }).choose(view);
    greedyPlayer({ game, hooks: spiedHooks }, 'g').choose(view);
    expect(foreign).toEqual([]);
    expect(made.has(s.game)).toBe(false);
    expect(made.size).toBeGreaterThan(20);
  });
});

describe('Prokhorovka hooks only read', () => {
  it('evaluation, priors, rollout choice and summary leave a state byte-identical', () => {
    for (let i = 0; i < 8; i++) {
      const s = prokhorovka.setup(`read${i}`);
      randomPlayout(prokhorovka, s, `read${i}`, { inPlace: true, maxSteps: 30 + 120 * i });
      const d = prokhorovka.decision(s);
      if (!d) continue;
      const before = canonicalJson(s.game);
      const legal = prokhorovka.legalActions(s, d.role);
      evaluatePK(s.game, 'DE');
      weights(s.game, d.role, legal);
      hooks.rollout!(s.game, d.role, legal, seedRng(`r${i}`));
      summarizePK(s.game, d.role, legal.slice(0, 5), { iterations: 1, elapsedMs: 1, winChance: 0.5, visits: 1 });
      expect(canonicalJson(s.game), `position ${i} (${d.kind})`).toBe(before);
    }
  });
});

describe('Prokhorovka impulse summary', () => {
  it('says the moves, the attacks with their attackers and odds, chits counted but never named, and the chance to win', () => {
    const g = start();
    const { h, n1, n2 } = openGround(g);
    const [a, b] = g.units.filter((u) => u.side === 'DE' && u.hex >= 0);
    const t = g.units.find((u) => u.side === 'SU' && u.hex === RESERVE)!;
    const from = grid.label(unit(g, a!.id).hex);
    put(g, a!.id, n1);
    put(g, b!.id, n2);
    put(g, t.id, h);
    const chit = g.equip.find((c) => c.side === 'DE')!.id;
    const text = summarizePK(
      g,
      'DE',
      [
        { type: 'pickAttacker', unit: a!.id },
        { type: 'attack', target: t.id },
        { type: 'pickAttacker', unit: b!.id },
        { type: 'attack', target: t.id },
        { type: 'pick', unit: a!.id, mode: 'normal' },
        { type: 'moveTo', hex: '0101' },
        { type: 'reorgPlace', chit, unit: a!.id },
        { type: 'endPhase' },
      ],
      { iterations: 100, elapsedMs: 50, winChance: 0.62, visits: 40 },
    );
    expect(text).toMatch(
      new RegExp(`^DE attacks ${t.id} at ${grid.label(h)} with ${a!.id} and ${b!.id} \\(odds about \\d+%\\)`),
    );
    expect(text).toContain(`moves ${a!.id} ${grid.label(n1)}-0101`);
    expect(text).toContain('puts 1 chit(s) under its units');
    expect(text).not.toContain(chit);
    expect(text).toMatch(/chance to win 62%\)$/);
    expect(from).toMatch(/^\d{4}$/);
    const quiet = summarizePK(g, 'SU', [{ type: 'endPhase' }], {
      iterations: 0,
      elapsedMs: 0,
      winChance: 0,
      visits: 0,
    });
    expect(quiet).toMatch(/^SU ends the phase \(German VP now \d+; chance to win \d+%\)$/);
    expect(quiet).not.toMatch(/ 0%\)/); // no visits: the evaluation speaks
    const answers = summarizePK(g, 'SU', [{ type: 'doneAllocating' }, { type: 'noAir' }, { type: 'noAir' }], {
      iterations: 1,
      elapsedMs: 1,
      winChance: 0.4,
      visits: 1,
    });
    expect(answers).toMatch(/^SU answers: finish allocating support chits; fly no air mission now \(/);
  });
});

describe('Prokhorovka: a whole game, AI against random', () => {
  it('plays the 9 turns to a result (18.0) with a small search budget', () => {
    const entry = aiEntry;
    const s = prokhorovka.setup('full');
    const ai = searchPlayer(entry, 'full', { iterations: 6, stopEarly: false });
    const rnd = randomPlayer('full');
    let steps = 0;
    while (!prokhorovka.outcome(s) && steps < 5000) {
      const d = prokhorovka.decision(s)!;
      const view = prokhorovka.view(s, d.role);
      const choice = (d.role === 'DE' ? ai : rnd).choose(view);
      prokhorovka.applyInPlace(s, d.role, choice.action as PGAction, true);
      steps++;
    }
    const o = prokhorovka.outcome(s);
    expect(o?.rule).toMatch(/^18\.0/);
    expect(s.game.turn).toBe(s.game.lastTurn);
  }, 120_000);
});
