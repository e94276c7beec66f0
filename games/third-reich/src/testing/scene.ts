/**
 * Test scenes for play-through tests: a bare board with chosen units, hands and scripted dice,
 * and short helpers to drive group actions step by step. Test support only (no rules here).
 */
import { defineGame, type EngineState, type Options } from '@sandtable/engine';
import { thirdReichData } from '../data/index.ts';
import { createThirdReichRules, type TRAction } from '../rules.ts';
import { POOL, REMOVED } from '../board.ts';
import type { TRState } from '../state.ts';

export const rules = createThirdReichRules(thirdReichData());
export const game = defineGame(rules);
export const b = rules.board;
export const A = (id: string) => b.areaIndex.get(id)!;
export const N = (n: string) => b.nationIndex.get(n as never)!;
export type S = EngineState<TRState>;

export interface SceneOptions {
  dice?: number[];
  axis?: string[];
  allies?: string[];
  options?: Options;
  turn?: number;
  /** Who is to act (default the Axis). */
  active?: 'axis' | 'allies';
}

/**
 * A bare board (default turn 2, summer): every unit off the map, then `place` puts
 * [counter, area, count, used?] on it; `active` has its impulse with the given hands. Scripted
 * dice are served first.
 */
export function scene(place: [string, string, number, number?][], opts: SceneOptions = {}): S {
  const s = game.setup('ops', 'campaign', opts.options ?? {}, opts.dice ?? []);
  const g = s.game;
  for (let u = 0; u < g.loc.length; u++)
    if (g.loc[u]! >= 0) {
      g.loc[u] = POOL;
      g.used[u] = 0;
    }
  for (const [counter, area, n, used] of place) {
    const k = b.counterIndex.get(counter)!;
    for (let i = 0; i < n; i++) {
      const u = g.loc.findIndex((l, v) => l < 0 && l !== REMOVED && b.unitKind[v] === k);
      g.loc[u] = A(area);
      g.used[u] = used ?? 0;
    }
  }
  g.turn = opts.turn ?? 2;
  g.hand = { axis: opts.axis ?? [], allies: opts.allies ?? [] };
  g.deck = { axis: [], allies: [] };
  const side = opts.active ?? 'axis';
  g.active = side;
  g.first = side;
  g.passes = 0;
  g.stack = [{ kind: 'impulse', side }];
  return s;
}

export const unitsOf = (s: S, counter: string, area: string) =>
  s.game.loc.map((_l, u) => u).filter((u) => s.game.loc[u] === A(area) && b.counters[b.unitKind[u]!]!.id === counter);
export const decision = (s: S) => game.decision(s)!;
export const legal = (s: S) => game.legalActions(s, decision(s).role);
export const types = (s: S) => legal(s).map((a) => a.type);
/** Areas offered by the current decision ('to', 'target', 'form', 'mobilize' actions). */
export const areasOffered = (s: S, type: TRAction['type']) =>
  legal(s)
    .filter((a) => a.type === type)
    .map((a) => (a as { area: string }).area);

/** Applies `a`; then declines counterattack windows where the player has no Ambush card or jet to use. */
export function act(s: S, a: TRAction): S {
  s = game.apply(s, decision(s).role, a);
  while (game.decision(s)?.kind === 'window' && types(s).length === 1)
    s = game.apply(s, decision(s).role, { type: 'noCounter' });
  return s;
}

/** Forms a group in `area` from `n` units of each counter ({form} must be legal now). */
export function group(s: S, area: string, picks: [string, number][]): S {
  s = act(s, { type: 'form', area });
  for (const [counter, n] of picks) {
    for (let i = 0; i < n; i++) {
      const u = unitsOf(s, counter, area).find((v) => !s.game.act!.units.includes(v))!;
      s = act(s, { type: 'add', unit: u });
    }
  }
  return s;
}

export function moveTo(s: S, ...areas: string[]): S {
  s = act(s, { type: 'declare', action: 'move' });
  for (const a of areas) s = act(s, { type: 'to', area: a });
  return act(s, { type: 'stop' });
}

/** Plays `card` and opens its SV part (6.1.1). */
export function playSv(s: S, card: string): S {
  return act(act(s, { type: 'play', card }), { type: 'sv' });
}
