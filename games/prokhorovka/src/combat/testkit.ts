/**
 * Test kit for the combat tests: positions built directly in the state (only the listed units on
 * the map, chits by name), actions applied through the engine's `apply` for whoever decides,
 * scripted dice, and passing uninteresting decisions.
 */
import type { EngineState } from '@sandtable/engine';
import { loadProkhorovkaData, prokhorovka, type PGState } from '../index.ts';
import { AS_CHIT, detachmentChitOf, makeEnv, type Phase, type Side } from '../state.ts';
import { idle } from './core.ts';
import { newBattle } from './phase.ts';
import { askPhase } from '../sequence.ts';

export const E = makeEnv(loadProkhorovkaData());
export type S = EngineState<PGState>;
export const H = (l: string) => E.b.grid.hex(l);
export const L = (h: number) => E.b.grid.label(h);
export const unit = (s: S, id: string) => s.game.units.find((u) => u.id === id)!;

export interface Pos {
  side?: Side;
  phase?: 'normalAttack' | 'reserveAttack';
  units: Record<string, string>;
  chits?: Record<string, string[]>;
  faceUp?: string[];
  support?: Partial<Record<Side, string[]>>;
  designated?: string[];
  options?: Record<string, boolean | number | string | string[]>;
  turn?: number;
}

/** A position built in the state: only the listed units on the map, chits by name under them, support chits in the pools. */
export function position(p: Pos): S {
  const s = prokhorovka.setup('combat-test', undefined, p.options ?? {});
  const g = s.game;
  for (const u of g.units) {
    u.hex = detachmentChitOf(u.id) ? AS_CHIT : -1;
    u.reduced = false;
    u.designated = false;
  }
  for (const c of g.equip) {
    c.loc = 'cup';
    c.faceUp = false;
  }
  for (const c of g.support) {
    c.loc = 'cup';
    c.faceUp = false;
  }
  for (const [id, hex] of Object.entries(p.units)) g.units.find((u) => u.id === id)!.hex = H(hex);
  for (const id of p.designated ?? []) g.units.find((u) => u.id === id)!.designated = true;
  for (const [u, names] of Object.entries(p.chits ?? {})) {
    const side = g.units.find((x) => x.id === u)!.side;
    for (const name of names) {
      const c = g.equip.find((x) => x.side === side && x.loc === 'cup' && E.equipById.get(x.id)!.name === name)!;
      c.loc = u;
      c.faceUp = (p.faceUp ?? []).includes(name);
    }
  }
  for (const side of ['DE', 'SU'] as Side[]) {
    for (const name of p.support?.[side] ?? [])
      g.support.find((x) => x.side === side && x.loc === 'cup' && E.supportById.get(x.id)!.name === name)!.loc = 'pool';
  }
  g.turn = p.turn ?? 2;
  g.side = p.side ?? 'DE';
  g.phase = p.phase ?? 'normalAttack';
  g.stack = [];
  askPhase(g, g.phase as Phase);
  g.combat = null;
  g.ver++;
  return s;
}

export const chit = (s: S, u: string, name: string, k = 0) =>
  s.game.equip.filter((c) => c.loc === u && E.equipById.get(c.id)!.name === name)[k]!.id;
export const sup = (s: S, side: Side, name: string, k = 0) =>
  s.game.support.filter((c) => c.side === side && E.supportById.get(c.id)!.name === name)[k]!.id;
export const kind = (s: S) => prokhorovka.decision(s)?.kind;
export const legal = (s: S) => prokhorovka.legalActions(s, prokhorovka.decision(s)!.role);

/** Applies `a` for whoever must decide now. */
export function act(s: S, a: object): S {
  return prokhorovka.apply(s, prokhorovka.decision(s)!.role, a);
}
export const dice = (s: S, ...d: number[]) => {
  s.rng.script.push(...d);
  return s;
};
export const six = (n: number) => Array.from({ length: n }, () => 6);

export const PASS: Record<string, object> = {
  'cb:allocate': { type: 'doneAllocating' },
  'cb:equip': { type: 'doneDeclaring' },
  'cb:air': { type: 'noAir' },
  'cb:sniper': { type: 'doneCancelling' },
  'cb:commander': { type: 'doneCancelling' },
  'cb:reroll': { type: 'keepRoll' },
  'cb:retreat': { type: 'holdGround' },
  'cb:advance': { type: 'noAdvance' },
  'cb:bombAlloc': { type: 'doneBombHits' },
  'cb:smoke': { type: 'noSmoke' },
  'cb:aa': { type: 'noAA' },
  'cb:intercept': { type: 'noIntercept' },
  'cb:counter': { type: 'noCounter' },
};
/** Passes every decision until one of `kinds` (or the end of the phase's battles). */
export function until(s: S, ...kinds: string[]): S {
  for (let k = 0; k < 200; k++) {
    const d = kind(s)!;
    if (kinds.includes(d) || !PASS[d]) return s;
    s = act(s, PASS[d]!);
  }
  throw new Error('until: too many steps');
}
/** Declares attacks [attacker, target]... and ends the declaration (passing allocations that offer nothing to allocate). */
export function declare(s: S, ...pairs: [string, string][]): S {
  for (const [a, t] of pairs) {
    s = act(s, { type: 'pickAttacker', unit: a });
    s = act(s, { type: 'attack', target: t });
  }
  return skipAlloc(act(s, { type: 'endPhase' }));
}

/**
 * Passes allocation decisions with no chit to allocate (9.2(2)): a side is asked whenever its
 * support pool is not empty (so as not to reveal whether it holds allocatable chits, 3.6(3)).
 */
export function skipAlloc(s: S): S {
  while (kind(s) === 'cb:allocate' && !legal(s).some((a) => a.type === 'allocate'))
    s = act(s, { type: 'doneAllocating' });
  return s;
}
export const logged = (s: S, re: RegExp) => s.log.some((l) => re.test(l.text));

/** A position with a battle under way: `target` attacked by `attackers`, the given chits declared. */
export function battleIn(p: Pos, target: string, attackers: string[], declared: [string, string][] = []) {
  const s = position(p);
  const g = s.game;
  const b = { ...newBattle(0, target, g.side), attackers, step: 'damage' };
  for (const [u, n] of declared) b.declared.push(chit(s, u, n));
  g.combat = {
    ...idle(),
    phase: g.phase === 'reserveAttack' ? ('reserve' as const) : ('normal' as const),
    stage: 'battle' as const,
    battles: [b],
    current: 0,
  };
  return { s, g, b };
}
