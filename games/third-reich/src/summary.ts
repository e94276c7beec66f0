/**
 * The position in words for the CLI's `state` (the wargamer's look at the map and the tracks),
 * written from a role's view only, so a hand or deck the role may not see (2.3.2(4)) never
 * appears: the opponent's hand and deck are counts, face-down cards show their SV (16.1).
 */
import type { Role } from '@sandtable/engine';
import { POOL, type Board } from './board.ts';
import type { TRView } from './state.ts';
import type { Side } from './data/index.ts';
import { SIDES, type TRState } from './state.ts';
import { axisVictoryAreas, ctrlSide, sourceCount } from './world.ts';

/** The view's map and tracks read as a state (only the public parts are read). */
const asState = (v: TRView) => v as unknown as TRState;

function counterName(b: Board, v: TRView, u: number): string {
  return `${b.counters[b.unitKind[u]!]!.id}${v.used[u] ? '*' : ''}`;
}

/** "GE-LF x3, GE-TF*" - a stack, used units (back side up, 2.1.1(2)) starred. */
function stackWords(b: Board, v: TRView, units: number[]): string {
  const n = new Map<string, number>();
  for (const u of units) {
    const id = counterName(b, v, u);
    n.set(id, (n.get(id) ?? 0) + 1);
  }
  return [...n].map(([id, k]) => (k > 1 ? `${id} x${k}` : id)).join(', ');
}

/** Turn, season and the 14.1/14.2 check as it stands. */
function turnLines(b: Board, v: TRView): string[] {
  const g = asState(v);
  const t = b.data.turns[v.turn - 1];
  const season = t ? ` (${t.season} ${t.year}${t.winter ? ', winter: 15.2' : ''})` : '';
  const berlin = ctrlSide(b, g, b.sp.berlin);
  return [
    `Turn ${v.turn} of ${b.data.turns.length}${season}; ${v.active} to act, ${v.first} moved first; ${v.passes} consecutive pass(es) (5.0(3)).`,
    `Sources: Axis ${sourceCount(b, g, 'axis')}, Allies ${sourceCount(b, g, 'allies')} (3.2); the Axis strategic count ${sourceCount(b, g, 'axis', true)} (10 wins, 14.1(1); 1 or fewer loses, 14.1(2)).`,
    `After turn ${b.data.turns.length} (14.2): Berlin ${berlin === 'axis' ? 'Axis' : berlin === 'allies' ? 'Allied' : 'neutral'}, Axis sources ${sourceCount(b, g, 'axis')} (4+ wins), Axis areas ${axisVictoryAreas(b, g)} (10+ wins, ${g.options.victoryAreas === 'all' ? 'land and sea' : 'land only'}: AMB-25); the Axis needs any one.`,
  ];
}

/** Nations at war by camp, the neutrals, and the entry tracks (3.1, 15.3). */
function nationLines(b: Board, v: TRView): string[] {
  const at = (side: Side) =>
    b.data.nations
      .filter((n) => v.natBel[b.nationIndex.get(n.id)!] && v.natSide[b.nationIndex.get(n.id)!] === side)
      .map((n) => n.id);
  const neutral = b.data.nations
    .filter((n) => !v.natBel[b.nationIndex.get(n.id)!])
    .map((n) => `${n.id} (${v.natSide[b.nationIndex.get(n.id)!]}-leaning)`);
  const entry = Object.entries(v.entry)
    .map(([n, box]) => `${n} ${box}`)
    .join(', ');
  return [
    `At war - Axis: ${at('axis').join(' ')}; Allies: ${at('allies').join(' ')}.`,
    `Neutral: ${neutral.join(', ') || 'none'}.`,
    `Entry tracks (box): ${entry}.`,
  ];
}

/** Cards: the role's own hand by name, the opponent's by count; decks, discards and banked SV (2.3.2, 10.2). */
function cardLines(b: Board, v: TRView, role: Role): string[] {
  const name = (id: string) =>
    id.startsWith('facedown-sv')
      ? `face-down SV ${id.slice(11)}`
      : `${b.cardById.get(id)?.name ?? id} (SV ${b.cardById.get(id)?.sv ?? '?'})`;
  const lines: string[] = [];
  for (const s of SIDES) {
    const hand = v.hand[s];
    const deck = v.deck[s];
    const handWords = !Array.isArray(hand) ? `${hand} card(s), hidden` : hand.map(name).join(', ') || 'empty';
    const deckWords = Array.isArray(deck) ? deck.length : deck;
    lines.push(
      `${s === 'axis' ? 'Axis' : 'Allied'} hand${s === role ? ' (yours)' : ''}: ${handWords}; usable deck ${deckWords}; discards ${v.discard[s].length ? v.discard[s].map(name).join(', ') : 'none'}; development pool ${v.dev[s].length} card(s)${v.bank[s] ? `; banked Ambush SV ${v.bank[s]} (10.2)` : ''}.`,
    );
  }
  return lines;
}

/** Every area with units or a controller, by controlling camp: flag, source, units (3.3, 3.4). */
function mapLines(b: Board, v: TRView): string[] {
  const g = asState(v);
  const byArea = new Map<number, number[]>();
  v.loc.forEach((a, u) => {
    if (a >= 0) byArea.set(a, [...(byArea.get(a) ?? []), u]);
  });
  const lines: string[] = [];
  for (const side of [...SIDES, 'neutral'] as const) {
    const areas = b.areaIds
      .map((_, a) => a)
      .filter((a) => ctrlSide(b, g, a) === side && (byArea.has(a) || !b.isSea[a]));
    if (!areas.length) continue;
    lines.push(
      `${side === 'axis' ? 'Axis' : side === 'allies' ? 'Allied' : 'Neutral'} areas (${areas.filter((a) => !b.isSea[a]).length} land):`,
    );
    for (const a of areas) {
      const d = b.data.areas[a]!;
      const tags = [
        d.flag ? `flag ${d.flag}` : '',
        d.source ? `${d.source} source` : '',
        b.isSea[a] ? 'sea' : '',
        v.ctrl[a]! >= 0 ? `held by ${b.data.nations[v.ctrl[a]!]!.id}` : '',
      ]
        .filter(Boolean)
        .join(', ');
      lines.push(`  ${d.name} [${tags}]: ${stackWords(b, v, byArea.get(a) ?? []) || 'no units'}`);
    }
  }
  const contested = b.areaIds.map((_, a) => a).filter((a) => ctrlSide(b, g, a) === null && byArea.has(a));
  for (const a of contested)
    lines.push(
      `  ${b.data.areas[a]!.name} [uncontrolled${b.isSea[a] ? ', sea' : ''}]: ${stackWords(b, v, byArea.get(a)!)}`,
    );
  const pool = v.loc.filter((a) => a === POOL).length;
  lines.push(`Mobilization pool: ${pool} unit(s). (* = used, back side up)`);
  return lines;
}

/** The whole summary: turn and victory, nations, cards, the map. */
export function summaryText(b: Board, v: TRView, role: Role): string[] {
  return [...turnLines(b, v), ...nationLines(b, v), ...cardLines(b, v, role), ...mapLines(b, v)];
}
