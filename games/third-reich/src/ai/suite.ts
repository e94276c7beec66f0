/**
 * Third Reich's position suite (issue #20): positions from the rules' real situations (files in
 * `positions/suite/`, the game's position format; the retreats and turn 1 were cut from games
 * played by the rules), the side to play, the principle and its rule, and the right play as a
 * predicate on the rules' outcome. `npm run ai:suite`.
 */
import type { PositionSuite, SuiteCase } from '@sandtable/ai';
import { ctrlSide, type Side, type TRAction, type TRState } from '../index.ts';
import { BOARD } from './eval.ts';

const b = BOARD;
const at = (id: string): number => {
  const i = b.areaIndex.get(id);
  if (i === undefined) throw new Error(`no area ${id}`);
  return i;
};
const file = (name: string) => new URL(`../../positions/suite/${name}.json`, import.meta.url);
const other = (s: Side): Side => (s === 'axis' ? 'allies' : 'axis');

/** Units of belligerent `side` in area `a`. */
function unitsIn(g: TRState, side: Side, a: number): number {
  let n = 0;
  for (let u = 0; u < g.loc.length; u++) {
    if (g.loc[u] !== a) continue;
    const nat = b.unitNation[u]!;
    if (g.natBel[nat] && g.natSide[nat] === side) n++;
  }
  return n;
}

/** Whether `side` has units in the area named `id`. */
export const holds = (g: TRState, side: Side, id: string): boolean => unitsIn(g, side, at(id)) > 0;

/** Whether `side` has units in a land area next to `a`. */
const enemyNext = (g: TRState, side: Side, a: number) => b.adj[a]!.some((y) => !b.isSea[y] && unitsIn(g, side, y) > 0);

/** Right when `area` holds `side`'s units, or no enemy stands next to it. */
const guarded = (side: Side, area: string) => (_s: TRState, g: TRState) =>
  unitsIn(g, side, at(area)) > 0 || !enemyNext(g, other(side), at(area));

/** Nations neutral in `start` that `end` has at war on the side opposite to `side`. */
function joinedEnemy(start: TRState, end: TRState, side: Side): number {
  let n = 0;
  for (let i = 0; i < start.natBel.length; i++)
    if (!start.natBel[i] && end.natBel[i] && end.natSide[i] === other(side)) n++;
  return n;
}

/** `side`'s land areas holding one unit with three or more enemy units in and around them. */
function loneExposed(g: TRState, side: Side): number {
  let n = 0;
  for (let a = 0; a < b.areaIds.length; a++) {
    if (b.isSea[a] || unitsIn(g, side, a) !== 1) continue;
    let foes = unitsIn(g, other(side), a);
    for (const y of b.adj[a]!) if (!b.isSea[y]) foes += unitsIn(g, other(side), y);
    if (foes >= 3) n++;
  }
  return n;
}

/** The side played something (a card, banked SV or an air operation) rather than pass. */
const played = (_s: TRState, _g: TRState, acts: readonly TRAction[]) => acts.some((a) => a.type !== 'pass');

const retreating = (side: Side) => (_s: TRState, now: TRState, next: string | null) =>
  next === null || !now.stack.some((p) => p.kind === 'retreat' && p.side === side);

const c = (x: SuiteCase<TRState, TRAction>) => x;

export const suite: PositionSuite<TRState, TRAction> = {
  normalIterations: 500, // 355-676 iterations a second on turns 3-10 (league.md)
  // The side's impulse is over: the other side is active, the turn has ended, or the game.
  horizon: (start, now, next) => next === null || now.turn !== start.turn || now.active !== start.active,
  cases: [
    c({
      name: 'poland-warsaw',
      position: file('poland-warsaw'),
      side: 'axis',
      principle:
        'play for the victory that is there: Warsaw taken makes Poland surrender (15.4); move in and attack (9.1, 17.1)',
      right: (_s, g) => g.polandSurrendered || ctrlSide(b, g, at('warsaw')) === 'axis',
    }),
    c({
      name: 'no-pass-with-cards',
      position: file('no-pass-with-cards'),
      side: 'axis',
      principle: 'never end a turn on unplayed cards: two passes end it and the hand is recycled (5.0(3), 5.0(4)④)',
      right: played,
    }),
    c({
      name: 'no-pass-allies',
      position: file('no-pass-allies'),
      side: 'allies',
      principle: 'never end a turn on unplayed cards: two passes end it and the hand is recycled (5.0(3), 5.0(4)④)',
      right: played,
    }),
    c({
      name: 'guard-berlin',
      position: file('guard-berlin'),
      side: 'axis',
      principle: 'guard the victory area: Berlin held at the end of turn 12 wins for the Axis (14.2(1)①)',
      right: guarded('axis', 'berlin'),
    }),
    c({
      name: 'guard-ruhr',
      position: file('guard-ruhr'),
      side: 'axis',
      principle: 'guard a source next to the enemy: at one source or fewer the Allies win (14.1(2), 3.2)',
      right: guarded('axis', 'ruhr'),
    }),
    c({
      name: 'guard-paris',
      position: file('guard-paris'),
      side: 'allies',
      principle: 'guard a capital and source next to the enemy (3.2, 15.6)',
      right: guarded('allies', 'paris'),
    }),
    c({
      name: 'mass-on-berlin',
      position: file('mass-on-berlin'),
      side: 'allies',
      principle: 'mass every unit on the objective that decides the game: Berlin on turn 12 (9.1, 14.2(1)①)',
      right: (_s, g) => ctrlSide(b, g, at('berlin')) === 'allies' || g.outcome?.winner === 'allies',
    }),
    c({
      name: 'isolated-unit',
      position: file('isolated-unit'),
      side: 'axis',
      principle: 'do not leave a unit alone where the enemy around it destroys it next impulse (11.3-11.5)',
      right: (_s, g) => loneExposed(g, 'axis') === 0,
    }),
    ...(
      [
        ['retreat-bulgaria', 'axis'],
        ['retreat-belgium', 'axis'],
        ['retreat-switzerland', 'axis'],
        ['retreat-northern-italy', 'allies'],
      ] as const
    ).map(([name, side]) =>
      c({
        name,
        position: file(name),
        side,
        principle: 'do not retreat into a neutral: it joins the other camp (3.1.3(1), (3), 11.5)',
        until: retreating(side),
        right: (s, g) => joinedEnemy(s, g, side) === 0,
      }),
    ),
  ],
};
