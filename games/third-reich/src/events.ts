/**
 * Events (6.1.2): whether a card's event can be carried out, and what each does: Supply (13.0,
 * 15.5(1)), Blitzkrieg (17.1), the group events (Sea Transport, Long-range Bombing, Strategic
 * Movement, Sea Lion, Landing, Strategic Bombing), Diplomacy (3.1.2), Development (2.3.2), Vichy
 * France (3.1.2⑤), Lend-Lease and Wolfpack (15.1(6)); the discards they cause (16.2, 16.1.2).
 */
import { call, end, type Ctx } from '@sandtable/engine';
import type { Side } from './data/index.ts';
import { areaAt, DEV, POOL, type Board } from './board.ts';
import { bySide, type TRAction, type TRDecision } from './actions.ts';
import { cardClass, cardOf, discardAtRandom } from './cards.ts';
import { diplomacy, diplomacyChoices, vichy, vichyPossible } from './nations.ts';
import { canForm } from './groups.ts';
import { recovery } from './recovery.ts';
import { other, type TRState } from './state.ts';
import { ctrlSide, friendlyUnit, placements } from './world.ts';
import { msg } from './texts/index.ts';
import { sideName, counterName, cardName, nationName } from './texts/names.ts';

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
  // 17.1; one group (3.6(2), 8.1.2, 9.2(2), 16.2): offered only when some group could act (7.2, issue 18)
  if (e.kind === 'blitzkrieg') return canForm(b, g, side, 'blitz');
  if (GROUP_EVENTS.includes(e.kind)) return canForm(b, g, side, 'event');
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
  ctx.log(`${sideName(side)} carries out the event ${cardOf(b, g.op!.card).name}.`, { rule: '6.1.2' });
  if (e.kind === 'supply') recovery(b, ctx, g, side); // 13.0: "whenever a Supply event is used"
  if (e.kind === 'supply' && e.yugoslavia) supplyYugoslavia(b, ctx, g); // 15.5(1)
  if (e.kind === 'blitzkrieg') call(g.stack, { kind: 'choose', side, mode: 'blitz' }); // 17.1
  if (GROUP_EVENTS.includes(e.kind)) call(g.stack, { kind: 'choose', side, mode: 'event' });
  if (e.kind === 'diplomacy') call(g.stack, { kind: 'diplomacy', side });
  if (e.kind === 'development') call(g.stack, { kind: 'develop', side, left: e.units, started: false });
  if (e.kind === 'vichyFrance') vichy(b, ctx, g);
  if (e.kind === 'lendLease')
    call(g.stack, { kind: 'freeMob', side, left: e.sv, nation: b.nationIndex.get(e.nation as never)! });
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
    call(g.stack, { kind: 'discard', side: 'allies', left: hits });
    return;
  } // 16.2(1): the owner chooses
  discardAtRandom(b, ctx, g, 'allies', hits, 'The Allies', '15.1(6)'); // [REC] chosen at random (16.2(1) off)
}

// ---- the decisions ----------------------------------------------------------------------------------------
/** 3.1.2: the nation named by Diplomacy. */
export const diplomacyDecision: TRDecision<'diplomacy'> = {
  rule: '3.1.2',
  role: bySide,
  prompt: () => msg('tr.diplomacy'),
  actions: ['diplo'],
  legal: (b, g, f) => diplomacyChoices(b, g, f.side).map((nation) => ({ type: 'diplo' as const, nation })),
  perform(b, ctx, g, f, a) {
    if (a.type !== 'diplo') return;
    end(g.stack);
    diplomacy(b, ctx, g, f.side, a.nation);
  },
  refuse: (b, g, f, a) =>
    a.type === 'diplo' && g.natLocked[b.nationIndex.get(a.nation as never) ?? -1]
      ? {
          rule: '3.1.3(2)①',
          message: `${nationName(b, a.nation)} is fixed for good after a violation of its neutrality`,
        }
      : {
          rule: '3.1.2',
          message: `${sideName(f.side)} Diplomacy may name the US or the USSR while neutral (Allies), Turkey or Spain on their tracks, France back (Allies, Paris held), or a neutral of the own camp`,
        },
};

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

/** 2.3.2: Development takes one card, or up to the card's number of units, from the development pool. */
export const developDecision: TRDecision<'develop'> = {
  rule: '2.3.2',
  role: bySide,
  prompt: (_b, _g, f) => (f.started ? msg('tr.develop.units', { n: f.left }) : msg('tr.develop.start')),
  actions: ['devCard', 'devUnit', 'endEvent'],
  legal(b, g, f) {
    const e = cardOf(b, g.op!.card).effect as { maxSv: number };
    return [...developChoices(b, g, f.side, e.maxSv, f.started), { type: 'endEvent' }];
  },
  perform(b, ctx, g, f, a) {
    const side = f.side;
    if (a.type === 'devCard') {
      // 2.3.2: into the discard pile, usable from the next turn
      end(g.stack);
      g.dev[side].splice(g.dev[side].indexOf(a.card), 1);
      g.discard[side].push(a.card);
      ctx.log(`${sideName(side)} develops ${cardOf(b, a.card).name}.`, {
        rule: '2.3.2',
        to: g.options.opt16_1_1 ? [side] : undefined,
      });
      if (g.options.opt16_1_1) (g.faceDown ??= { axis: [], allies: [] })[side].push(a.card); // 16.1.1(2): face down
      if (g.options.opt16_1_1)
        ctx.log(`${sideName(side)} develops a card of SV ${cardOf(b, a.card).sv} (16.1.1).`, {
          rule: '16.1.1',
          to: [other(side)],
        });
    }
    if (a.type === 'devUnit') {
      const k = b.counterIndex.get(a.counter)!;
      const u = g.loc.findIndex((l, v) => l === DEV && b.unitKind[v] === k);
      g.loc[u] = POOL;
      f.left--;
      f.started = true;
      ctx.log(
        `${sideName(side)} moves ${counterName(b, a.counter)} from the development pool to the mobilization pool.`,
        { rule: '2.3.2' },
      );
      if (f.left <= 0) end(g.stack);
    }
    if (a.type === 'endEvent') end(g.stack);
  },
  refuse: (_b, _g, f, a) =>
    a.type === 'devCard' && f.started
      ? { rule: '2.3.2', message: 'a card or units: units were already taken' }
      : a.type === 'devCard'
        ? { rule: '2.3.2', message: "only an own card of the development pool within the card's SV" }
        : { rule: '2.3.2', message: 'only own units of the development pool' },
};

/** 16.2: the owner chooses the cards lost (16.3: a hand of 4 or fewer is safe with the option). */
export const discardDecision: TRDecision<'discard'> = {
  rule: '16.2',
  role: bySide,
  prompt: (_b, _g, f) => msg('tr.discard', { n: f.left }),
  actions: ['discard'],
  legal(_b, g, f) {
    const seen = new Set<string>();
    return g.hand[f.side]
      .filter((id) => !seen.has(cardClass(id)) && seen.add(cardClass(id)))
      .map((c) => ({ type: 'discard' as const, card: c }));
  },
  perform(b, ctx, g, f, a) {
    if (a.type !== 'discard') return;
    const side = f.side;
    g.hand[side].splice(g.hand[side].indexOf(a.card), 1);
    g.discard[side].push(a.card);
    f.left--;
    if (g.options.opt16_1_2) {
      (g.faceDown ??= { axis: [], allies: [] })[side].push(a.card);
      ctx.log(`${sideName(side)} discards ${cardOf(b, a.card).name} face down.`, { rule: '16.1.2', to: [side] });
      ctx.log(`${sideName(side)} discards a card face down.`, { rule: '16.1.2', to: [other(side)] });
    } else ctx.log(`${sideName(side)} discards ${cardOf(b, a.card).name}.`, { rule: '16.2' });
  },
  refuse: (b, _g, f, a) =>
    a.type === 'discard'
      ? { rule: '16.2', message: `${cardName(b, a.card)} is not in ${sideName(f.side)}'s hand` }
      : null,
  auto(_b, _ctx, g, f) {
    if (f.left > 0 && g.hand[f.side].length && !(g.options.opt16_3 && g.hand[f.side].length <= 4)) return false;
    end(g.stack);
    return true;
  },
};
