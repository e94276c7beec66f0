/**
 * Prokhorovka's position suite (issue #20): positions from the rules' real situations (files in
 * `positions/suite/`, the game's position format: the opening, and phases cut from games played
 * by the rules), the side to play, the principle and its rule, and the right play as a predicate
 * on the rules' outcome. `npm run ai:suite`.
 */
import type { PositionSuite, SuiteCase } from '@sandtable/ai';
import { germanVP, type PGAction, type PGState, type Side } from '../index.ts';
import { ENV } from './eval.ts';

const grid = ENV.b.grid;
const file = (name: string) => new URL(`../../positions/suite/${name}.json`, import.meta.url);
const vp = (g: PGState) => germanVP(ENV, g).vp;
const onMap = (g: PGState, side: Side) => g.units.filter((u) => u.side === side && u.hex >= 0);
const next = (a: number, b: number) => a >= 0 && b >= 0 && grid.distance(a, b) === 1;
const inContact = (g: PGState, hex: number, foe: Side) => onMap(g, foe).some((u) => next(u.hex, hex));

/** Soviet units in contact at the start still in contact, on their hex, or fought to the end. */
function contactKept(start: PGState, end: PGState): number {
  const was = onMap(start, 'SU').filter((u) => inContact(start, u.hex, 'DE'));
  if (!was.length) return 1;
  const kept = was.filter((u) => {
    const now = end.units.find((x) => x.id === u.id);
    return !now || now.hex < 0 || now.hex === u.hex || inContact(end, now.hex, 'DE');
  });
  return kept.length / was.length;
}

/** The Soviet holds the line: no VP given away, 80% of the units in contact still there. */
const holds = (s: PGState, g: PGState) => vp(g) <= vp(s) && contactKept(s, g) >= 0.8;

const attackers = (played: readonly PGAction[]) =>
  new Set(played.flatMap((a) => (a.type === 'pickAttacker' ? [a.unit] : [])));

/** German units next to Soviet units that stand on, or next to, VP hexes the German does not score. */
export function vpAttackersDue(g: PGState): string[] {
  const scored = new Set(germanVP(ENV, g).hexes);
  const open = ENV.b.vpHexes.filter((h) => !scored.has(h));
  const defenders = onMap(g, 'SU').filter((u) => open.some((h) => h === u.hex || next(h, u.hex)));
  return onMap(g, 'DE')
    .filter((u) => defenders.some((d) => next(d.hex, u.hex)))
    .map((u) => u.id);
}

/** German units that moved and end alone (no German next to them) with two or more Soviets next to them. */
function loneForward(start: PGState, end: PGState): number {
  return onMap(end, 'DE').filter((u) => {
    const before = start.units.find((x) => x.id === u.id);
    if (!before || before.hex === u.hex) return false;
    const friends = onMap(end, 'DE').some((x) => x.id !== u.id && next(x.hex, u.hex));
    const foes = onMap(end, 'SU').filter((x) => next(x.hex, u.hex)).length;
    return !friends && foes >= 2;
  }).length;
}

const poolChits = (g: PGState, side: Side) => g.support.filter((c) => c.side === side && c.loc === 'pool').length;

const phaseOver = (s: PGState, now: PGState, nextRole: string | null) =>
  nextRole === null || now.phase !== s.phase || now.turn !== s.turn || now.side !== s.side;

const c = (x: SuiteCase<PGState, PGAction>) => x;

export const suite: PositionSuite<PGState, PGAction> = {
  normalIterations: 200, // about 196 iterations a CPU second (league.md)
  // The side's player-turn is over (5.1), or the game.
  horizon: (start, now, next) => next === null || now.turn !== start.turn || now.side !== start.side,
  cases: [
    c({
      name: 'turn1-attack-all',
      position: file('turn1-attack-all'),
      side: 'DE',
      principle:
        'attack when movement is barred: German stacks cannot move on turn 1 (17.1(2)); spend the support (9.2(2))',
      until: phaseOver,
      right: (s, _g, played) => {
        const due = onMap(s, 'DE').filter((u) => inContact(s, u.hex, 'SU')).length;
        const pool = poolChits(s, 'DE');
        const allocated = played.filter((a) => a.type === 'allocate').length;
        return attackers(played).size >= 0.6 * due && allocated >= pool / 2;
      },
    }),
    ...(['opening-soviet-holds', 'soviet-holds-turn1'] as const).map((name) =>
      c({
        name,
        position: file(name),
        side: 'SU',
        principle: 'keep prepared positions and the held line: no LOC opened to VP hexes (3.2, 18.0(1))',
        right: holds,
      }),
    ),
    ...(['soviet-holds-turn8', 'soviet-holds-turn8-south'] as const).map((name) =>
      c({
        name,
        position: file(name),
        side: 'SU',
        principle: 'guard the VP hexes next to the enemy: no VP given away (3.2, 18.0(1))',
        right: (s, g) => vp(g) <= vp(s),
      }),
    ),
    c({
      name: 'soviet-last-cut',
      position: file('soviet-last-cut'),
      side: 'SU',
      principle:
        'play for the victory condition at its check: the German at 6 VP in the Soviet half of the last turn (18.0(2), 5.2)',
      until: (_s, _now, next) => next === null,
      right: (_s, g) => g.result?.winner === 'SU',
    }),
    ...(['last-turn-chits', 'last-turn-chits-2'] as const).map((name) =>
      c({
        name,
        position: file(name),
        side: 'DE',
        principle: 'never end the game on unspent support chits: the last turn (9.2(2), 18.0)',
        right: (_s, g) => poolChits(g, 'DE') <= 1,
      }),
    ),
    ...(['mass-on-vp', 'mass-on-vp-2'] as const).map((name) =>
      c({
        name,
        position: file(name),
        side: 'DE',
        principle: 'mass every adjacent stack on the objective that wins: 5 VP of 6 (9.1, 18.0(2))',
        until: phaseOver,
        right: (s, _g, played) => {
          const due = vpAttackersDue(s);
          const went = attackers(played);
          return due.filter((u) => went.has(u)).length >= 0.8 * due.length;
        },
      }),
    ),
    ...(['no-lone-forward', 'no-lone-forward-2'] as const).map((name) =>
      c({
        name,
        position: file(name),
        side: 'DE',
        principle: 'do not push lone units forward where the enemy around them destroys them (11.0-15.0)',
        until: phaseOver,
        right: (s, g) => loneForward(s, g) === 0,
      }),
    ),
  ],
};
