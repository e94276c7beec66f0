/**
 * Events (6.1.2): whether a card's event can be carried out, and what each does: Supply (13.0,
 * 15.5(1)), Blitzkrieg (17.1), the group events (Sea Transport, Long-range Bombing, Strategic
 * Movement, Sea Lion, Landing, Strategic Bombing), Diplomacy (3.1.2), Development (2.3.2), Vichy
 * France (3.1.2⑤), Lend-Lease and Wolfpack (15.1(6)); the discards they cause (16.2, 16.1.2).
 */
import type { Ctx } from '@sandtable/engine';
import type { Side } from './data/index.ts';
import { areaAt, DEV, POOL, type Board } from './board.ts';
import type { TRAction } from './actions.ts';
import { cardClass, cardOf, discardAtRandom } from './cards.ts';
import { diplomacy, diplomacyChoices, vichy, vichyPossible } from './nations.ts';
import { recovery } from './recovery.ts';
import { other, type PendingOf, type TRState } from './state.ts';
import { ctrlSide, friendlyUnit, placements } from './world.ts';

/** Events that move or strike with one group (3.6(2), 8.1.2, 9.2(2), 16.2). */
const GROUP_EVENTS = [
  'seaTransport',
  'longRangeBombing',
  'strategicMovement',
  'seaLion',
  'landing',
  'strategicBombing',
];

/** 6.1.2: whether the event of the card in play can be carried out now. */
export function eventPlayable(b: Board, g: TRState, side: Side): boolean {
  const e = cardOf(b, g.op!.card).effect;
  if (e.kind === 'supply') return true; // 13.0
  if (e.kind === 'blitzkrieg') return true; // 17.1
  if (GROUP_EVENTS.includes(e.kind)) return true; // one group (3.6(2), 8.1.2, 9.2(2), 16.2)
  if (e.kind === 'diplomacy') return diplomacyChoices(b, g, side).length > 0; // 3.1.2
  if (e.kind === 'development') return developChoices(b, g, side, e.maxSv, false).length > 0; // 2.3.2
  if (e.kind === 'vichyFrance') return vichyPossible(b, g); // 3.1.2⑤
  if (e.kind === 'lendLease') return lendLeasePossible(b, g, e.nation);
  if (e.kind === 'wolfpack') return wolves(b, g, e.areas).length > 0; // 15.1(6)
  return false;
}

/** 6.1.2: the event of the card in play. */
export function carryOutEvent(b: Board, ctx: Ctx, g: TRState, side: Side): void {
  g.op!.eventDone = true;
  const e = cardOf(b, g.op!.card).effect;
  ctx.log(`${side} carries out the event ${cardOf(b, g.op!.card).name}.`, { rule: '6.1.2' });
  if (e.kind === 'supply') recovery(b, ctx, g, side); // 13.0: "whenever a Supply event is used"
  if (e.kind === 'supply' && e.yugoslavia) supplyYugoslavia(b, ctx, g); // 15.5(1)
  if (e.kind === 'blitzkrieg') g.stack.push({ kind: 'choose', side, mode: 'blitz' }); // 17.1
  if (GROUP_EVENTS.includes(e.kind)) g.stack.push({ kind: 'choose', side, mode: 'event' });
  if (e.kind === 'diplomacy') g.stack.push({ kind: 'diplomacy', side });
  if (e.kind === 'development') g.stack.push({ kind: 'develop', side, left: e.units, started: false });
  if (e.kind === 'vichyFrance') vichy(b, ctx, g);
  if (e.kind === 'lendLease')
    g.stack.push({ kind: 'freeMob', side, left: e.sv, nation: b.nationIndex.get(e.nation as never)! });
  if (e.kind === 'wolfpack') wolfpack(b, ctx, g, e.areas);
}

/** 15.5(1), SV 4 Supply: one Yugoslav infantry in the pool may be placed free in Yugoslavia (used). */
function supplyYugoslavia(b: Board, ctx: Ctx, g: TRState): void {
  const yu = b.nationIndex.get('YU')!;
  if (!g.natBel[yu] || g.natSide[yu] !== 'allies') return;
  const k = b.counterIndex.get('YU-LF');
  if (k === undefined) return;
  const area = b.areaIndex.get('yugoslavia')!;
  const u = g.loc.findIndex((l, v) => l === POOL && b.unitKind[v] === k);
  if (u < 0 || !placements(b, g, k, 'allies').includes(area)) return;
  g.loc[u] = area;
  g.used[u] = 1;
  ctx.log('Supply: a Yugoslav infantry is mobilized free in Yugoslavia (15.5(1)).', { rule: '15.5(1)' });
}

/** Lend-Lease: the Allies hold the North Atlantic and the nation is an Allied belligerent. */
function lendLeasePossible(b: Board, g: TRState, code: string): boolean {
  const n = b.nationIndex.get(code as never)!;
  return ctrlSide(b, g, b.sp.northAtlantic) === 'allies' && !!g.natBel[n] && g.natSide[n] === 'allies';
}

// ---- 15.1(6) Wolfpack -----------------------------------------------------------------------------------
/** 15.1(6): unused Axis submarines in the Wolfpack areas. */
function wolves(b: Board, g: TRState, areas: string[]): number[] {
  const at = new Set(areas.map((id) => areaAt(b, id)));
  const out: number[] = [];
  for (let u = 0; u < g.loc.length; u++)
    if (at.has(g.loc[u]!) && b.unitClass[u] === 'sub' && !g.used[u] && friendlyUnit(g, b, u, 'axis')) out.push(u);
  return out;
}

function wolfpack(b: Board, ctx: Ctx, g: TRState, areas: string[]): void {
  const subs = wolves(b, g, areas);
  const dice = ctx.roll(subs.length, 'commerce raiding');
  let hits = 0;
  dice.forEach((d, i) => {
    if (d <= b.counters[b.unitKind[subs[i]!]!]!.attack) hits++;
  });
  for (const u of subs) g.used[u] = 1;
  ctx.log(`Wolfpack: ${subs.length} submarines raid, ${hits} hit(s).`, { rule: '15.1(6)', dice });
  if (g.options.opt16_2_1 && hits > 0) {
    g.stack.push({ kind: 'discard', side: 'allies', left: hits });
    return;
  } // 16.2(1): the owner chooses
  discardAtRandom(b, ctx, g, 'allies', hits, 'The Allies', '15.1(6)'); // [REC] chosen at random (16.2(1) off)
}

// ---- the decisions ----------------------------------------------------------------------------------------
/** 3.1.2: the nation named by Diplomacy. */
export function diplomacyLegal(b: Board, g: TRState, p: PendingOf<'diplomacy'>): TRAction[] {
  return diplomacyChoices(b, g, p.side).map((nation) => ({ type: 'diplo' as const, nation }));
}

export function diplomacyPerform(b: Board, ctx: Ctx, g: TRState, p: PendingOf<'diplomacy'>, a: TRAction): void {
  if (a.type !== 'diplo') return;
  g.stack.pop();
  diplomacy(b, ctx, g, p.side, a.nation);
}

/** 2.3.2, Development: SV <= maxSv cards of the development pool; own units there (by counter kind). */
function developChoices(b: Board, g: TRState, side: Side, maxSv: number, started: boolean): TRAction[] {
  const out: TRAction[] = [];
  if (!started) {
    const seen = new Set<string>();
    for (const id of g.dev[side])
      if (cardOf(b, id).sv <= maxSv && !seen.has(cardClass(id))) {
        seen.add(cardClass(id));
        out.push({ type: 'devCard', card: id });
      }
  }
  const kinds = new Set<number>();
  for (let u = 0; u < g.loc.length; u++)
    if (g.loc[u] === DEV && g.natSide[b.unitNation[u]!] === side) kinds.add(b.unitKind[u]!);
  for (const k of [...kinds].sort((x, y) => x - y)) out.push({ type: 'devUnit', counter: b.counters[k]!.id });
  return out;
}

export function developLegal(b: Board, g: TRState, p: PendingOf<'develop'>): TRAction[] {
  const e = cardOf(b, g.op!.card).effect as { maxSv: number };
  return [...developChoices(b, g, p.side, e.maxSv, p.started), { type: 'endEvent' }];
}

export function developPerform(b: Board, ctx: Ctx, g: TRState, p: PendingOf<'develop'>, a: TRAction): void {
  const side = p.side;
  if (a.type === 'devCard') {
    // 2.3.2: into the discard pile, usable from the next turn
    g.stack.pop();
    g.dev[side].splice(g.dev[side].indexOf(a.card), 1);
    g.discard[side].push(a.card);
    ctx.log(`${side} develops ${cardOf(b, a.card).name}.`, {
      rule: '2.3.2',
      to: g.options.opt16_1_1 ? [side] : undefined,
    });
    if (g.options.opt16_1_1) (g.faceDown ??= { axis: [], allies: [] })[side].push(a.card); // 16.1.1(2): face down
    if (g.options.opt16_1_1)
      ctx.log(`${side} develops a card of SV ${cardOf(b, a.card).sv} (16.1.1).`, {
        rule: '16.1.1',
        to: [other(side)],
      });
  }
  if (a.type === 'devUnit') {
    const k = b.counterIndex.get(a.counter)!;
    const u = g.loc.findIndex((l, v) => l === DEV && b.unitKind[v] === k);
    g.loc[u] = POOL;
    p.left--;
    p.started = true;
    ctx.log(`${side} moves ${a.counter} from the development pool to the mobilization pool.`, { rule: '2.3.2' });
    if (p.left <= 0) g.stack.pop();
  }
  if (a.type === 'endEvent') g.stack.pop();
}

/** 16.2: the owner's choice of the cards lost (16.3: a hand of 4 or fewer is safe with the option). */
export function discardSettled(g: TRState, p: PendingOf<'discard'>): boolean {
  if (p.left <= 0 || !g.hand[p.side].length || (g.options.opt16_3 && g.hand[p.side].length <= 4)) {
    g.stack.pop();
    return true;
  }
  return false;
}

export function discardLegal(g: TRState, p: PendingOf<'discard'>): TRAction[] {
  const seen = new Set<string>();
  return g.hand[p.side]
    .filter((id) => !seen.has(cardClass(id)) && seen.add(cardClass(id)))
    .map((c) => ({ type: 'discard' as const, card: c }));
}

export function discardPerform(b: Board, ctx: Ctx, g: TRState, p: PendingOf<'discard'>, a: TRAction): void {
  if (a.type !== 'discard') return;
  const side = p.side;
  g.hand[side].splice(g.hand[side].indexOf(a.card), 1);
  g.discard[side].push(a.card);
  p.left--;
  if (g.options.opt16_1_2) {
    (g.faceDown ??= { axis: [], allies: [] })[side].push(a.card);
    ctx.log(`${side} discards ${cardOf(b, a.card).name} face down.`, { rule: '16.1.2', to: [side] });
    ctx.log(`${side} discards a card face down.`, { rule: '16.1.2', to: [other(side)] });
  } else ctx.log(`${side} discards ${cardOf(b, a.card).name}.`, { rule: '16.2' });
}
