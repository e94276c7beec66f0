/**
 * Positions (POSITIONS.md): `load(save(g))` is `g` on the states of random games (several seeds and
 * option sets) and of every golden record; a printed position starts a game with the same
 * decision, legal actions and views; a frame left without its rule and message gets the ones the
 * rules ask it with.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { OBSERVER, randomIndex, seedRng, type EngineState, type GameRecord, type Options } from '@sandtable/engine';
import { describe, expect, it } from 'vitest';
import { prokhorovka } from '../index.ts';
import type { PGState } from '../state.ts';
import type { Position } from './index.ts';

const codec = prokhorovka.rules.position!;
type S = EngineState<PGState>;

/** The states along a random game, to its end or `steps` actions. */
function* randomStates(seed: string, options: Options, steps: number): Generator<S> {
  const chooser = seedRng(`position:${seed}`);
  let s = prokhorovka.setup(seed, undefined, options);
  for (let i = 0; i < steps && !prokhorovka.outcome(s); i++) {
    yield s;
    const d = prokhorovka.decision(s)!;
    const legal = prokhorovka.legalActions(s, d.role);
    s = prokhorovka.apply(s, d.role, legal[randomIndex(chooser, legal.length)]!);
  }
  yield s;
}

/** The states of a golden record, step by step. */
function* recordStates(rec: GameRecord): Generator<S> {
  let s = prokhorovka.setup(rec.seed, rec.scenario, rec.options, rec.dice ?? []);
  yield s;
  for (const a of rec.actions) {
    s = prokhorovka.apply(s, a.role, a.action);
    yield s;
  }
}

const through = (x: unknown) => JSON.parse(JSON.stringify(x));

/** Rule options off their defaults, mixed so that each set plays differently. */
const OPTION_SETS: Options[] = [
  {},
  {
    extendedGame: true,
    xxivPanzerCorps: true,
    beastKiller: true,
    tdBreakdowns: true,
    hideChitBacks: true,
    lateMissionChoice: true,
    reorgReturnFirst: true,
  },
  {
    excessChitsToReorg: false,
    reinforcementsMayDesignate: false,
    detachmentReorgOptional: false,
    positionMustBeDeclared: false,
    germanReinfUnits: 3,
    skipGermanSupportT1: false,
    airOneMission: false,
  },
];

describe('positions: load(save(g)) is g', () => {
  it('on the states of random games (3 option sets, 2 seeds each, played to the end)', () => {
    let n = 0;
    OPTION_SETS.forEach((options, k) => {
      for (const seed of [`r${k}a`, `r${k}b`]) {
        for (const s of randomStates(seed, options, 2500)) {
          n++;
          expect(codec.load(through(codec.save(s.game)), options), `${seed} state ${n}`).toStrictEqual(s.game);
        }
      }
    });
    expect(n).toBeGreaterThan(3000);
  });

  it('on every state of every golden record; a frame without rule and message gets what the rules ask', () => {
    const dir = new URL('../../golden/', import.meta.url);
    const files = readdirSync(dir).filter((f) => f.endsWith('.json'));
    const stale = new Set<string>();
    let n = 0;
    for (const f of files) {
      const rec = JSON.parse(readFileSync(new URL(f, dir), 'utf8')).record as GameRecord;
      for (const s of recordStates(rec)) {
        n++;
        const p = through(codec.save(s.game)) as Position;
        expect(codec.load(p, rec.options), `${f} state ${n}`).toStrictEqual(s.game);
        for (const frame of p.stack ?? []) {
          if (!('side' in frame)) continue;
          delete frame.rule;
          delete frame.message;
        }
        codec.load(p, rec.options).stack.forEach((frame, i) => {
          if (JSON.stringify(frame) !== JSON.stringify(s.game.stack[i])) stale.add(frame.kind);
        });
      }
    }
    expect(n).toBeGreaterThan(5000);
    // a frame answered in part keeps the words it was asked with: the units left (7.0(1)), the hits left (16.2(3))
    // (which of them the golden records happen to reach depends on the seeded players)
    expect(stale.size).toBeGreaterThan(0);
    for (const kind of stale) expect(['cb:bombAlloc', 'reinfChoice']).toContain(kind);
  });
});

describe('positions through the engine', () => {
  it('a printed position starts a game with the same decision, legal actions and views for every role', () => {
    let n = 0;
    for (const s of randomStates('engine', {}, 1200)) {
      if (n++ % 40) continue;
      const t = prokhorovka.setup('another-seed', undefined, {}, [], through(prokhorovka.positionOf(s)));
      expect(prokhorovka.decision(t)).toEqual(prokhorovka.decision(s));
      for (const role of ['DE', 'SU', OBSERVER]) {
        expect(prokhorovka.legalActions(t, role)).toEqual(prokhorovka.legalActions(s, role));
        const { log: _a, seq: _b, ...seen } = prokhorovka.view(s, role);
        const { log: _c, seq: _d, ...loaded } = prokhorovka.view(t, role);
        expect(loaded).toEqual(seen);
      }
    }
  });

  it('a position names units by id on hexes by label or in a box, chits by id under a unit or in a box', () => {
    const s = [...randomStates('names', {}, 400)].at(-1)!;
    const p = through(prokhorovka.positionOf(s)) as Position;
    expect(p.format).toBe('prokhorovka-position/2');
    const ids = new Set(p.units.map((u) => u.id));
    for (const u of p.units) expect(u.at).toMatch(/^(\d{4}|reserve|eliminated|arriving|as-chit)$/);
    for (const c of p.equip)
      expect(ids.has(c.at) || /^(reorg|drawn|arriving|detached|gone|cup)$/.test(c.at)).toBe(true);
    for (const c of p.support) expect(c.at).toMatch(/^(cup|pool|alloc|air|gone)$/);
    // every unit of the order of battle is listed; chits in their cup face-down are not
    expect(p.units.filter((u) => !u.id.startsWith('det-'))).toHaveLength(48);
    expect(p.equip.every((c) => c.at !== 'cup' || c.faceUp)).toBe(true);
  });

  it('an automatic step left on top runs when a game starts from the position (5.0): a support phase draws', () => {
    const position = { format: 'prokhorovka-position/2', turn: 2, side: 'DE', phase: 'support' };
    const s = prokhorovka.setup('draws', undefined, {}, [], position);
    expect(prokhorovka.decision(s)).toMatchObject({ kind: 'designation', role: 'DE' });
    expect(s.game.support.filter((c) => c.side === 'DE' && c.loc === 'pool')).toHaveLength(8); // 6.0(2)
  });
});
