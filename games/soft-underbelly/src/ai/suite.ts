/**
 * Soft Underbelly's position suite (issue #20): positions from the rules' real situations
 * (files in `positions/suite/`, the game's position format), the side to play, the principle
 * and its rule, and the right play as a predicate on the rules' outcome. `npm run ai:suite`.
 */
import type { PositionSuite, SuiteCase } from '@sandtable/ai';
import { loadSoftUnderbellyData, type SUAction, type SUState } from '../index.ts';
import { makeEnv, hasUnits, stackCount, type Side } from '../state.ts';
import { supplyMap } from '../supply.ts';
import type { EventId } from '../data/types.ts';

const E = makeEnv(loadSoftUnderbellyData());
const at = (name: string): number => {
  const i = E.m.areas.findIndex((a) => a.name === name);
  if (i < 0) throw new Error(`no area ${name}`);
  return i;
};
const file = (name: string) => new URL(`../../positions/suite/${name}.json`, import.meta.url);
const other = (s: Side): Side => (s === 'allies' ? 'axis' : 'allies');
const used = (g: SUState, side: Side, e: EventId) => g.ev[side].track[e] ?? 0;

/** Orange stars of `side` next to enemy units that hold none of its units. */
export function emptiedStars(g: SUState, side: Side): number[] {
  return E.stars.filter(
    (a) => g.ctrl[a] === side && !hasUnits(g, a, side) && E.m.adj[a]!.some((b) => hasUnits(g, b, other(side))),
  );
}

/** `side`'s units (stack count) that lose supply if every area the enemy outnumbers 2:1 next door falls. */
function exposedUnits(g: SUState, side: Side): number {
  const foe = other(side);
  const threatened = new Set<number>();
  for (let a = 0; a < E.n; a++) {
    if (!hasUnits(g, a, side)) continue;
    let near = 0;
    for (const b of E.m.adj[a]!) near += stackCount(g, b, foe);
    if (near > 0 && near >= 2 * stackCount(g, a, side) + 1) threatened.add(a);
  }
  const cut = structuredClone(g);
  for (const a of threatened) {
    cut.cubes[foe][a] = (cut.cubes[foe][a] ?? 0) + 1;
    cut.ctrl[a] = foe;
  }
  const sup = supplyMap(E, cut, side);
  let n = 0;
  for (let a = 0; a < E.n; a++) if (!threatened.has(a) && !sup[a]) n += stackCount(g, a, side);
  return n;
}

const c = (x: SuiteCase<SUState, SUAction>) => x;

export const suite: PositionSuite<SUState, SUAction> = {
  normalIterations: 500, // 487 iterations a second mid-game (league.md)
  // The side's impulse is over: a new impulse (or turn) has begun, or the game has ended.
  horizon: (start, now, next) => next === null || now.serial !== start.serial || now.turn !== start.turn,
  cases: [
    c({
      name: 'guard-lombardy',
      position: file('guard-lombardy'),
      side: 'axis',
      principle:
        'guard a supply source next to the enemy: Lombardy, a landlocked star, supplies the Axis (§40 L408, §6 L83)',
      right: (_s, g) => hasUnits(g, at('Lombardy'), 'axis') || !hasUnits(g, at('Piedmont'), 'allies'),
    }),
    c({
      name: 'guard-munich',
      position: file('guard-munich'),
      side: 'axis',
      principle: 'guard the victory area: Allied units in Munich at the end of a turn win (§6 ③ L81)',
      right: (_s, g) => hasUnits(g, at('Munich'), 'axis') || !hasUnits(g, at('Tyrol & Carinthia'), 'allies'),
    }),
    c({
      name: 'guard-sicily-star',
      position: file('guard-sicily-star'),
      side: 'axis',
      principle:
        'guard a star next to the enemy: Sicily held by the Allies at the end of a turn makes Italy surrender (§42 L418)',
      right: (_s, g) => hasUnits(g, at('Sicily'), 'axis') || !hasUnits(g, at('Calabria & Lucania'), 'allies'),
    }),
    c({
      name: 'last-impulse-keep-stars',
      position: file('last-impulse-keep-stars'),
      side: 'allies',
      principle: 'never empty a scoring area the enemy can enter before the final count (§6 ④ L83)',
      right: (_s, g) => emptiedStars(g, 'allies').length === 0,
    }),
    c({
      name: 'initiative-ahead',
      position: file('initiative-ahead'),
      side: 'allies',
      principle:
        'on the last turn, the side ahead hands over the initiative to have the last impulse (§8 L108, §11 L132)',
      until: (_s, now) => now.stack.at(-1)?.kind !== 'initiative',
      right: (_s, g) => g.initiative === 'axis',
    }),
    c({
      name: 'reinforcements-empty-pool',
      position: file('reinforcements-empty-pool'),
      side: 'axis',
      principle: 'play an event only for its effect: Reinforcements with one cube in the pool (§46 L456)',
      right: (s, g) => used(g, 'axis', 'reinforcements') === used(s, 'axis', 'reinforcements'),
    }),
    c({
      name: 'logistic-all-supplied',
      position: file('logistic-all-supplied'),
      side: 'allies',
      principle: 'play an event only for its effect: Logistic Effort with every unit in supply (§45 L446)',
      right: (s, g) => used(g, 'allies', 'logisticEffort') === used(s, 'allies', 'logisticEffort'),
    }),
    c({
      name: 'blockade-for-effect',
      position: file('blockade-for-effect'),
      side: 'allies',
      principle: 'play an event only for its effect: Blockade next to an area attacked this impulse (§45 L452)',
      until: (s, now, next) => next === null || now.serial !== s.serial || now.turn !== s.turn || now.blockade >= 0,
      right: (s, g) =>
        used(g, 'allies', 'blockade') === used(s, 'allies', 'blockade') ||
        (g.blockade >= 0 && g.attacks.some((a) => a === g.blockade || E.m.adj[a]!.includes(g.blockade))),
    }),
    c({
      name: 'mass-on-lazio',
      position: file('mass-on-lazio'),
      side: 'allies',
      principle: 'mass every adjacent stack and the support on the star that wins the count (§18 L200, §6 ④ L83)',
      right: (_s, g) => g.ctrl[at('Lazio')] === 'allies' && hasUnits(g, at('Lazio'), 'allies'),
    }),
    c({
      name: 'munich-assault',
      position: file('munich-assault'),
      side: 'allies',
      principle: 'play for the victory condition: Allied units in Munich, supplied, at the end of the turn (§6 ③ L81)',
      right: (_s, g) => g.result?.winner === 'allies' || hasUnits(g, at('Munich'), 'allies'),
    }),
    c({
      name: 'no-isolation',
      position: file('no-isolation'),
      side: 'axis',
      principle:
        'do not leave units where one enemy impulse cuts their supply: removed at the end of the turn (§39 L402, §41 L414)',
      right: (_s, g) => exposedUnits(g, 'axis') <= 1,
    }),
    c({
      name: 'extra-impulse-last-turn',
      position: file('extra-impulse-last-turn'),
      side: 'allies',
      principle: 'never end the game on unplayed events: Extra Impulse on the last turn when behind (§45 L442)',
      until: (_s, now) => now.stack.at(-1)?.kind !== 'extraImpulse',
      right: (s, g) => used(g, 'allies', 'extraImpulse') > used(s, 'allies', 'extraImpulse'),
    }),
  ],
};
