/**
 * Reading Rise and Fall of the Third Reich's view model (`TRView` from the rules'
 * `view(state, role)`) into map pieces, header facts and side panels: the own hand with SV and
 * event text, the opponent's hand as a count, decks, development pool, discards, banked SV, entry
 * tracks, the card, group action and combat under way. Presentation only: what the view hides
 * (the opponent's hand and deck, face-down cards) is never in its input, and source counts are
 * the rules' own (`sourceCount`, 3.2).
 */
import type { Decision, Role } from '@sandtable/engine';
import { NATIONS, type CardData, type CounterData, type ThirdReichData, type TRView, type UnitType } from '../index.ts';
import type { CardChip, InfoBoxData, Piece, UnitSymbol } from '@sandtable/map';

type Side = 'axis' | 'allies';
const SIDES: readonly Side[] = ['axis', 'allies'];
export const sideName = (s: string): string => (s === 'allies' ? 'Allies' : s === 'axis' ? 'Axis' : 'Observer');

/** Nation colours: counters (`fill`) and the areas they control (`area`, paler). */
export const NATION_COLOR: Record<string, { fill: string; ink: string; area: string }> = {
  GE: { fill: '#4d5358', ink: '#ffffff', area: '#a9aba3' },
  IT: { fill: '#5f7a3a', ink: '#ffffff', area: '#b9c79a' },
  HU: { fill: '#7a6a48', ink: '#ffffff', area: '#c9b995' },
  RU: { fill: '#8a7a3a', ink: '#ffffff', area: '#d3c58d' },
  BU: { fill: '#6e5a3e', ink: '#ffffff', area: '#bfa886' },
  FI: { fill: '#4f6f8a', ink: '#ffffff', area: '#bccbd8' },
  TU: { fill: '#9a6a3a', ink: '#ffffff', area: '#dcbf98' },
  SP: { fill: '#a58a2a', ink: '#1a1a1a', area: '#e3d08f' },
  UK: { fill: '#b5865a', ink: '#1a1a1a', area: '#e6c9a8' },
  FR: { fill: '#3d62a8', ink: '#ffffff', area: '#a9bde3' },
  PO: { fill: '#b04a4a', ink: '#ffffff', area: '#e2aaaa' },
  US: { fill: '#5c7330', ink: '#ffffff', area: '#b8c98e' },
  SU: { fill: '#a8281e', ink: '#ffffff', area: '#e08e7f' },
  SW: { fill: '#c9b33a', ink: '#1a1a1a', area: '#ece08f' },
  NW: { fill: '#5a7fa6', ink: '#ffffff', area: '#c2d2e4' },
  SZ: { fill: '#9a3a3a', ink: '#ffffff', area: '#e8d0d0' },
  PG: { fill: '#3a7a5a', ink: '#ffffff', area: '#a6d1b9' },
  IR: { fill: '#3a8a3a', ink: '#ffffff', area: '#b3dcae' },
  NE: { fill: '#c4702a', ink: '#ffffff', area: '#eebf8e' },
  BE: { fill: '#8a7a1a', ink: '#ffffff', area: '#ddd28a' },
  YU: { fill: '#6a4a8a', ink: '#ffffff', area: '#c8b6db' },
  GR: { fill: '#2a7aa8', ink: '#ffffff', area: '#a8d0e8' },
  DE: { fill: '#a84a5a', ink: '#ffffff', area: '#e6b8c0' },
};

const SYMBOL: Record<UnitType, UnitSymbol> = {
  LF: 'infantry',
  TF: 'armor',
  GF: 'infantry',
  AB: 'airborne',
  SA: 'mech',
  FT: 'line',
  AF: 'air',
  NF: 'naval',
  CV: 'naval',
  CVE: 'naval',
  SS: 'submarine',
};

/** What the view code needs from the game's data and compiled board. */
export interface TRTables {
  data: ThirdReichData;
  /** Unit index -> counter kind (the rules' board). */
  unitKind: readonly number[];
  cards: ReadonlyMap<string, CardData>;
  /** The rules' own source count (3.2) of each side, read off the view's public map. */
  sources(g: TRView): { axis: number; allies: number };
}

const printedValues = (c: CounterData): string =>
  `${c.attack}-${c.durability}-${c.movement}${c.air !== undefined ? ` (${c.air})` : ''}`;

/** A unit's counter: nation colours, type symbol, values; back side up when used (2.1.1(2)). */
export function unitPiece(t: TRTables, u: number, area: string, used: boolean): Piece {
  const c = t.data.counters[t.unitKind[u]!]!;
  const col = NATION_COLOR[c.nation] ?? NATION_COLOR.GE!;
  const side = t.data.nations.find((n) => n.id === c.nation)?.side ?? 'axis';
  const type = t.data.unitTypes.find((x) => x.id === c.type);
  return {
    id: `u${u}`,
    place: area,
    side,
    fill: col.fill,
    ink: col.ink,
    symbol: SYMBOL[c.type] ?? 'marker',
    top: `${c.nation} ${c.jet ? 'JET' : c.type}`,
    bottom: printedValues(c),
    value: c.attack,
    used,
    title: `${c.nation} ${type?.name ?? c.type}${c.jet ? ' (jet)' : ''} ${printedValues(c)}${used ? ' - used, back side up' : ''}`,
  };
}

/** Every unit on the map, one counter each (the renderer stacks them per area and kind). */
export function trPieces(t: TRTables, v: TRView): Piece[] {
  const out: Piece[] = [];
  v.loc.forEach((where, u) => {
    if (where < 0) return;
    const area = t.data.areas[where];
    if (!area) return;
    const p = unitPiece(t, u, area.id, v.used[u] === 1);
    if (v.act?.units.includes(u)) p.title += ' - in the group under way';
    out.push(p);
  });
  return out;
}

/** The controlling nation of each area (null: uncontrolled). */
export function trControl(v: TRView): (string | null)[] {
  return v.ctrl.map((n) => (n >= 0 ? (NATIONS[n] ?? null) : null));
}

const PHASE: Record<string, string> = {
  hand: 'hand selection',
  impulse: 'impulse',
  card: 'card played',
  sv: 'SV part',
  recover: 'recovery',
  withdraw: 'withdrawal',
  discard: 'discards',
  reassign: 'reassignment',
  diplomacy: 'Diplomacy',
  develop: 'Development',
  freeMob: 'Lend-Lease',
  choose: 'group action',
  group: 'group action',
  path: 'move',
  target: 'air attack',
  window: 'counterattack window',
  counter: 'counterattack',
  alloc: 'damage',
  retreat: 'retreat',
  overflow: 'sea transport',
};

export function trStatus(t: TRTables, v: TRView, _role: Role, decision: Decision | null): [string, string][] {
  const turn = t.data.turns[v.turn - 1];
  const src = t.sources(v);
  const out: [string, string][] = [
    ['Turn', `${v.turn} / ${t.data.turns.length}${turn ? ` ${turn.season} ${turn.year}` : ''}`],
  ];
  if (turn?.winter) out.push(['Winter', 'W (15.2)']);
  out.push(
    [
      'Phase',
      decision
        ? `${PHASE[decision.kind] ?? decision.kind} - ${sideName(decision.role)}`
        : v.outcome
          ? 'game over'
          : '-',
    ],
    ['Impulse', sideName(v.active)],
    ['First', sideName(v.first)],
    ['Sources', `Axis ${src.axis} · Allies ${src.allies}`],
  );
  return out;
}

function cardChip(t: TRTables, id: string, extra = ''): CardChip {
  if (id.startsWith('facedown-'))
    return { title: 'Face-down card', badge: `SV ${id.slice('facedown-sv'.length)}`, faceDown: true };
  const c = t.cards.get(id);
  if (!c) return { id, title: id };
  return { id, title: `${c.name}${extra}`, badge: `SV ${c.sv}`, text: c.text };
}

const count = (x: string[] | number): number => (typeof x === 'number' ? x : x.length);
const plural = (n: number, w: string): string => `${n} ${w}${n === 1 ? '' : 's'}`;

/** A hand seen from outside: card backs only (2.3.2(4)). */
function hiddenHand(s: Side, n: number): InfoBoxData {
  return {
    title: `${sideName(s)} hand: ${plural(n, 'card')}, face down`,
    lines: [],
    odds: [],
    cards: Array.from({ length: n }, () => ({ title: '', faceDown: true })),
    testId: `hand-${s}`,
  };
}

/** The side panels: own hand and deck (cards to click), the opponent's counts, piles, tracks. */
export function trPanels(t: TRTables, v: TRView, role: Role): InfoBoxData[] {
  const me = SIDES.find((s) => s === role) ?? null;
  const out: InfoBoxData[] = [];
  const opp = me ? (me === 'axis' ? 'allies' : 'axis') : null;
  for (const s of me ? [me] : SIDES) {
    const hand = v.hand[s];
    const deck = v.deck[s];
    if (Array.isArray(hand)) {
      out.push({
        title: `Your hand (${sideName(s)}): ${plural(hand.length, 'card')}`,
        lines: hand.length ? [] : ['No cards in hand.'],
        odds: [],
        cards: hand.map((c) => cardChip(t, c)),
        cardText: true,
        testId: 'hand',
      });
    } else out.push(hiddenHand(s, hand));
    if (Array.isArray(deck)) {
      out.push({
        title: `Your usable deck: ${plural(deck.length, 'card')}`,
        lines: [],
        odds: [],
        cards: deck.map((c) => cardChip(t, c)),
        collapsed: !v.stack.some((p) => p.kind === 'hand' && p.side === s),
        testId: 'deck',
      });
    }
  }
  if (opp) out.push(hiddenHand(opp, count(v.hand[opp])));
  const lines: string[] = [];
  if (opp)
    lines.push(
      `${sideName(opp)}: ${plural(count(v.hand[opp]), 'card')} in hand (face down), ${count(v.deck[opp])} in the usable deck`,
    );
  for (const s of SIDES)
    lines.push(
      `${sideName(s)}: ${v.dev[s].length} in the development pool, ${v.discard[s].length} discarded${v.bank[s] ? `, ${v.bank[s]} SV banked (10.2)` : ''}`,
    );
  out.push({ title: 'Cards', lines, odds: [], testId: 'cards' });
  for (const s of SIDES) {
    if (!v.dev[s].length && !v.discard[s].length) continue;
    const chips = [
      ...v.dev[s].map((c) => ({ ...cardChip(t, c), where: 'development pool' })),
      ...v.discard[s].map((c) => ({ ...cardChip(t, c), where: 'discard pile' })),
    ];
    out.push({
      title: `${sideName(s)} development pool and discards`,
      lines: [],
      odds: [],
      collapsed: !chips.some((c) => c.id && v.stack.at(-1)?.kind === 'develop'),
      testId: `piles-${s}`,
      cards: chips.map(({ where, ...c }) => ({ ...c, title: `${c.title} (${where})` })),
    });
  }
  out.push({ title: 'Entry tracks (2.1.2(2))', lines: [], odds: [], tracks: entryTracks(t, v), testId: 'tracks' });
  return out;
}

function entryTracks(t: TRTables, v: TRView): { label: string; boxes: string[]; at: number; mark?: number }[] {
  return t.data.entryTracks.map((e) => {
    const row: { label: string; boxes: string[]; at: number; mark?: number } = {
      label: e.nation,
      boxes: e.boxes,
      at: v.entry[e.nation] ?? 0,
    };
    if (e.usSourceBox !== undefined) row.mark = e.usSourceBox;
    return row;
  });
}

const unitName = (t: TRTables, u: number): string => {
  const c = t.data.counters[t.unitKind[u]!]!;
  return `${c.nation} ${c.jet ? 'jet' : c.type} ${printedValues(c)}`;
};

/** The card, group action and combat under way, with the areas to mark on the map. */
export function trUnderWay(t: TRTables, v: TRView): InfoBoxData | null {
  if (!v.op && !v.act && !v.combat) return null;
  const lines: string[] = [];
  const focus: string[] = [];
  if (v.op)
    lines.push(
      `Card in play: ${v.op.card === 'bank' ? 'banked Ambush SV (10.2)' : (t.cards.get(v.op.card)?.name ?? v.op.card)}, ${v.op.svLeft} SV left${v.op.eventDone ? ', event done' : ''}`,
    );
  const a = v.act;
  if (a) {
    const area = t.data.areas[a.area];
    const now = t.data.areas[a.path.at(-1) ?? a.area]; // where a moving group stands now
    if (now) focus.push(now.id);
    lines.push(
      `${sideName(a.side)} group${a.type ? ` (${a.type})` : ''} in ${area?.name ?? '?'}: ${a.units.map((u) => unitName(t, u)).join(', ') || 'no units yet'}`,
    );
    if (a.path.length > 1) lines.push(`Path: ${a.path.map((p) => t.data.areas[p]?.name ?? '?').join(' → ')}`);
    if (a.target >= 0 && (a.type === 'attack' || a.type === 'airAttack' || a.type === 'bomb')) {
      const target = t.data.areas[a.target];
      if (target) {
        focus.push(target.id);
        lines.push(`Target: ${target.name}`);
      }
    }
    if (a.blitz)
      lines.push(`Blitzkrieg: ${a.blitz.left} action(s) left${a.blitz.twice ? ', two attacks declared' : ''}`);
  }
  const c = v.combat;
  if (c) {
    lines.push(
      `${c.counter ? 'Counterattack' : 'Combat'} by the ${sideName(c.side)}: ${c.points} damage point(s), allocated by the ${sideName(c.alloc)} (11.2)`,
    );
    const left = c.points - c.assigned.reduce((s, x) => s + x, 0);
    lines.push(
      `Targets: ${c.targets.map((u, i) => `${unitName(t, u)}${c.assigned[i] ? ` ← ${c.assigned[i]}` : ''}`).join(', ')}${left > 0 ? `; ${left} point(s) to allocate` : ''}`,
    );
  }
  return {
    title: c ? 'Combat under way' : a ? 'Group action under way' : 'Card under way',
    lines,
    odds: [],
    focus,
    testId: 'under-way',
  };
}
