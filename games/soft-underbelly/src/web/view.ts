/**
 * Reading Soft Underbelly's view model (`SUView` from the rules' `view(game, role)`) into map
 * pieces, header facts, the battle box and the path of a moving group. Presentation only: dice
 * counts and hit numbers are the rules' own (in the view); the odds come from the game's
 * `roundOdds` helper.
 */
import type { Action, Decision } from '@sandtable/engine';
import { roundOdds, type SUView } from '../index.ts';
import type { OddsTable, Piece, Pt } from '@sandtable/map';

export interface PieceMakers {
  counterPiece(id: string, place: string, used: boolean, at?: Pt): Piece;
  cubePiece(side: string, place: string, count: number): Piece;
  linePiece(place: string, count: number): Piece;
  airBase(area: string): Pt | null;
}

const sideName = (s: string) => (s === 'allies' ? 'Allies' : 'Axis');

export function suControl(v: SUView): Record<string, string | null> {
  return Object.fromEntries(v.areas.map((a) => [a.id, a.controller ?? null]));
}

export function suPieces(v: SUView, make: PieceMakers): Piece[] {
  const out: Piece[] = [];
  for (const a of v.areas) {
    for (const side of ['allies', 'axis'] as const)
      if (a.cubes[side] > 0) out.push(make.cubePiece(side, a.id, a.cubes[side]));
    if (a.line) out.push(make.linePiece(a.id, 1));
    for (const c of a.counters) {
      const base = c.type === 'aircraft' ? make.airBase(a.id) : null;
      out.push(make.counterPiece(c.id, a.id, !c.faceUp, base ?? undefined));
    }
  }
  for (const c of v.sea) out.push(make.counterPiece(c.id, 'sea', !c.faceUp));
  return out;
}

export function suStatus(v: SUView): [string, string][] {
  const out: [string, string][] = [
    ['Turn', `${v.turn} / ${v.turns}`],
    ['Impulse', String(v.impulse)],
    ['Phase', v.phase],
    ['Initiative', sideName(v.initiative)],
    ['Stars', `Allies ${v.starAreas.allies} · Axis ${v.starAreas.axis}`],
    ['Pools', `${v.pools.allies.cubes} blue · ${v.pools.axis.cubes} black`],
    ['Transport', `Allies ${v.navalTransport.allies} · Axis ${v.navalTransport.axis}`],
  ];
  if (v.italySurrendered) out.push(['Italy', 'surrendered']);
  if (v.overlord) out.push(['Overlord', 'launched']);
  return out;
}

function hitsTable(title: string, dice: number, hit: number, dist: number[]): OddsTable {
  return {
    title: `${title}: ${dice} ${dice === 1 ? 'die' : 'dice'} hitting on ${hit}${hit < 6 ? '-6' : ''}`,
    rows: dist.map((p, k) => ({ label: `${k} hit${k === 1 ? '' : 's'}`, p })),
  };
}

/** The battle box: who fights with what, and the exact odds of the next round. */
export function suBattle(v: SUView): { title: string; lines: string[]; odds: OddsTable[]; focus: string[] } | null {
  const b = v.battle;
  if (!b) return null;
  const att = b.attacker_,
    def = b.defender;
  const defender = b.attacker === 'allies' ? 'axis' : 'allies';
  const area = v.areas.find((a) => a.id === b.target);
  const o = roundOdds({ dice: att.diceCount, hit: att.hitNumber }, { dice: def.diceCount, hit: def.hitNumber });
  const lines = [
    `${sideName(b.attacker)}: ${
      att.origins
        .filter((x) => x.cubes > 0)
        .map((x) => `${x.cubes} cube${x.cubes === 1 ? '' : 's'} from ${x.area}`)
        .join(', ') || 'no cubes'
    }${att.counters.length ? ` + ${att.counters.join(', ')}` : ''}${att.tankSupport ? `; tank support ${att.tankSupport}` : ''}${att.airSupport ? `; air support ${att.airSupport}` : ''}`,
    `${sideName(defender)}: ${def.cubes} cube${def.cubes === 1 ? '' : 's'}${def.counters.length ? ` + ${def.counters.join(', ')}` : ''}${def.line ? ' behind a defensive line' : ''}${def.tankSupport ? `; tank support ${def.tankSupport}` : ''}${def.airSupport ? `; air support ${def.airSupport}` : ''}`,
  ];
  if (att.dice.length || def.dice.length)
    lines.push(
      `Last roll: ${sideName(b.attacker)} ${att.dice.join(' ') || '-'} (${att.hits} hits), ${sideName(defender)} ${def.dice.join(' ') || '-'} (${def.hits} hits)`,
    );
  return {
    title: `${b.landing ? 'Landing' : 'Battle'} for ${area ? `${area.id} ${area.name}` : b.target}: round ${b.round} of ${b.maxRounds}`,
    lines,
    focus: [b.target],
    odds: [
      hitsTable(`${sideName(b.attacker)} (attacker)`, att.diceCount, att.hitNumber, o.attacker),
      hitsTable(`${sideName(defender)} (defender)`, def.diceCount, def.hitNumber, o.defender),
    ],
  };
}

/**
 * Areas of the moving group's path so far, read back from the actions taken (the view does not
 * carry the group): the last `select` and the `step`/`ship` moves after it. Empty when the
 * decision is not a group move.
 */
export function suGroupPath(d: Decision | null, history: readonly Action[]): string[] {
  if (d?.kind !== 'group') return [];
  const path: string[] = [];
  for (let i = history.length - 1; i >= 0; i--) {
    const a = history[i] as Action & { area?: string; to?: string };
    if ((a.type === 'step' || a.type === 'ship') && a.to) path.unshift(a.to);
    else if (a.type === 'select' && a.area) return [a.area, ...path];
    else if (a.type !== 'add' && a.type !== 'drop') return [];
  }
  return [];
}
