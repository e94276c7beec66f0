/**
 * Rise and Fall of the Third Reich: the GameRules contract. The flow is a stack of pending
 * decisions in the state (state.ts); every rule cites its number.
 * Implemented so far: set-up (4.0), hands (5.0(1)), first player (5.0(2)), impulses and passes
 * (5.0(3), 6.0), card operations with the SV part and mobilization (6.1, 12.0), the Supply event
 * (13.0), control at the end of impulses (3.4), Poland's surrender (15.4), end of turn (5.0(4):
 * victory 14.1, recovery 13.0 with 15.2(2)/15.3(5)/15.5(2), withdrawal, decks), game victory 14.2.
 */
import {
  RuleError,
  randomIndex,
  type Ctx,
  type Decision,
  type GameRules,
  type Options,
  type Outcome,
  type RngState,
  type Role,
} from '@sandtable/engine';
import type { Side, ThirdReichData } from './data/index.ts';
import { compileBoard, DEV, POOL, REMOVED, nationCode, type Board } from './board.ts';
import { summaryText } from './summary.ts';
import { OPTIONS } from './options.ts';
import { SIDES, other, type Pending, type TRState } from './state.ts';
import { createOperations, OP_TYPES, type OpAction } from './operations.ts';
import { checkMove } from './movement.ts';
import {
  axisVictoryAreas,
  costOf,
  ctrlSide,
  enemyControlUnits,
  enterWar,
  friendlyUnit,
  landAreasOf,
  locField,
  mobilizationOrigins,
  placementCache,
  placements,
  placementSeas,
  recoverable,
  sourceCount,
  updateControl,
} from './world.ts';

export type TRAction =
  | { type: 'pick'; card: string }
  | { type: 'play'; card: string }
  | { type: 'pass' }
  | { type: 'sv' }
  | { type: 'event' }
  | { type: 'endCard' }
  | { type: 'mobilize'; counter: string; area: string }
  | { type: 'endSv' }
  | { type: 'recover'; unit: number }
  | { type: 'endRecovery' }
  | { type: 'withdraw'; unit: number }
  | { type: 'endWithdrawal' }
  | { type: 'air' }
  | { type: 'useBank' }
  | { type: 'diplo'; nation: string }
  | { type: 'devCard'; card: string }
  | { type: 'devUnit'; counter: string }
  | { type: 'endEvent' }
  | { type: 'reassign'; area: string; nation: string }
  | { type: 'endReassign' }
  | { type: 'discard'; card: string }
  | { type: 'freeMobilize'; counter: string; area: string }
  | OpAction;

export interface TRView extends Omit<TRState, 'hand' | 'deck'> {
  hand: Record<Side, string[] | number>;
  deck: Record<Side, string[] | number>;
}

/** Why a group may be left with nothing to declare: adding units only ever narrows its actions. */
const DEAD_END_WHY =
  'a move must leave a control unit behind, 8.1(4), and not overstack, 8.1.1(2); an attack needs enemy units in its area, 9.1; air actions need air units only, 6.2, 9.2';

/** Card "class": copies of one card (same side, SV and name) are interchangeable for choices. */
const cardClass = (id: string) => id.replace(/-\d+$/, '');

export function createThirdReichRules(data: ThirdReichData): GameRules<TRState, TRAction, TRView> & { board: Board } {
  const b = compileBoard(data);
  const A = (id: string) => {
    const i = b.areaIndex.get(id);
    if (i === undefined) throw new RuleError('2.2.1', `no area "${id}"`, 'malformed');
    return i;
  };
  const card = (id: string) => b.cardById.get(id)!;
  const opName = (id: string) => (id === 'bank' ? 'banked Ambush SV (10.2)' : card(id).name);
  const ops = createOperations(b, { endImpulse: (ctx, g, side) => endImpulse(ctx, g, side) });

  // ---- set-up (4.0) -----------------------------------------------------------------------
  function setup(ctx: Ctx, _scenario: string, options: Options): TRState {
    const natSide = b.nationSide0.slice();
    const natBel = b.nationStart.map((s) => s === 'belligerent');
    const loc = new Array<number>(b.unitCount).fill(POOL); // 4.0(5): all other units to the mobilization pool
    const used = new Array<number>(b.unitCount).fill(0); // 4.0(2): front side up
    const next = b.counters.map(() => 0);
    const firstOf = b.counters.map((_, k) => b.unitKind.indexOf(k));
    const take = (k: number, where: number) => {
      const u = firstOf[k]! + next[k]!;
      next[k]!++;
      loc[u] = where;
    };
    b.counters.forEach((c, k) => {
      if (c.jet && !options.opt16_8) return; // 4.0(4)③: the jet only with 16.8 (else stays in the pool box, unused)
      for (let i = 0; i < (c.dev ?? 0); i++) take(k, DEV); // 4.0(4)
    });
    b.counters.forEach((c, k) => {
      if (c.jet && !options.opt16_8) for (let i = 0; i < c.count; i++) loc[firstOf[k]! + i] = REMOVED;
    });
    data.areas.forEach((a, ai) => {
      for (const s of a.setup) for (let i = 0; i < s.n; i++) take(b.counterIndex.get(s.counter)!, ai); // 4.0(2)
    });
    const g: TRState = {
      turn: 1,
      first: 'axis',
      active: 'axis',
      passes: 0,
      natSide,
      natBel,
      natLocked: natSide.map(() => false),
      entry: { US: 0, SU: 0, TU: 0, SP: 0 }, // 4.0(7): START boxes
      polandSurrendered: false,
      ctrl: b.flag.slice(), // 3.4(1)(2)
      loc,
      used,
      deck: { axis: [], allies: [] },
      hand: { axis: [], allies: [] },
      discard: { axis: [], allies: [] },
      dev: { axis: [], allies: [] },
      bank: { axis: 0, allies: 0 },
      op: null,
      act: null,
      combat: null,
      seaUse: b.areaIds.map(() => 0),
      stack: [],
      options,
      outcome: null,
    };
    for (const c of data.cards) (c.sv === 2 ? g.deck : g.dev)[c.side].push(c.id); // 4.0(3), 4.0(4)⑦
    // AMB-18 alternative: Brest and Galicia under Polish control until the surrender.
    if (options.brestGalicia === 'polish') for (const a of b.sp.polishSpecial) g.ctrl[a] = b.nationIndex.get('PO')!;
    // AMB-5: a sea area starts controlled by the side with control units there at set-up.
    for (let a = 0; a < b.areaIds.length; a++) {
      if (!b.isSea[a]) continue;
      const nats = new Set<number>();
      for (let u = 0; u < loc.length; u++) {
        if (loc[u] !== a || b.unitClass[u] !== 'naval') continue;
        const n = b.unitNation[u]!;
        if (!natBel[n]) continue; // 15.3(3): neutral US ships are absent
        nats.add(n);
      }
      const sides = new Set([...nats].map((n) => natSide[n]));
      g.ctrl[a] = sides.size === 1 ? [...nats][0]! : -1;
    }
    ctx.log(
      'Set-up: units in their printed areas, SV 2 cards in the usable decks, SV 3/4 cards and new units in the development pool (4.0).',
      { rule: '4.0' },
    );
    startTurn(ctx, g);
    return g;
  }

  // ---- turn flow (5.0) --------------------------------------------------------------------
  function startTurn(ctx: Ctx, g: TRState): void {
    const t = data.turns[g.turn - 1]!;
    const n: Record<Side, number> =
      g.turn === 1 ? { axis: 4, allies: 0 } : { axis: sourceCount(b, g, 'axis'), allies: sourceCount(b, g, 'allies') }; // 4.0(6), 5.0(1)
    const ax = sourceCount(b, g, 'axis'),
      al = sourceCount(b, g, 'allies');
    g.first = al > ax ? 'allies' : 'axis'; // 5.0(2): more sources first, ties to the Axis; turn marker 2.1.2(1)
    g.active = g.first;
    g.passes = 0;
    ctx.log(
      `Turn ${g.turn} (${t.season} ${t.year}${t.winter ? ', W' : ''}): sources Axis ${ax}, Allies ${al}; hands Axis ${Math.min(n.axis, g.deck.axis.length)}, Allies ${Math.min(n.allies, g.deck.allies.length)}; ${g.first} moves first.`,
      { rule: '5.0(1)(2)' },
    );
    g.stack = [
      { kind: 'impulse', side: g.first },
      { kind: 'hand', side: 'allies', left: n.allies },
      { kind: 'hand', side: 'axis', left: n.axis },
    ];
    advance(ctx, g);
  }

  /** Runs automatic steps until a player must decide (or the game ends). */
  function advance(ctx: Ctx, g: TRState): void {
    for (let guard = 0; guard < 10_000 && !g.outcome; guard++) {
      const top = g.stack.at(-1);
      if (!top) return;
      if (ops.auto(ctx, g)) continue;
      if (top.kind === 'hand') {
        if (top.left <= 0 || g.deck[top.side].length === 0) {
          g.stack.pop();
          continue;
        }
        if (g.deck[top.side].length <= top.left) {
          // AMB-29: a short deck is taken whole.
          g.hand[top.side].push(...g.deck[top.side]);
          g.deck[top.side] = [];
          g.stack.pop();
          continue;
        }
        if (new Set(g.deck[top.side].map(cardClass)).size === 1) {
          pick(ctx, g, top.side, g.deck[top.side][0]!);
          continue;
        }
        return;
      }
      if (top.kind === 'impulse') {
        // 5.0(3): no cards in hand and no unused air units -> automatic pass (AMB-32; banked SV keeps the turn, 10.2).
        if (g.hand[top.side].length === 0 && g.bank[top.side] === 0 && !hasAirOperation(g, top.side)) {
          doPass(ctx, g, top.side);
          continue;
        }
        return;
      }
      if (top.kind === 'auto') {
        g.stack.pop();
        if (top.step === 'recovery') recovery(ctx, g, top.side);
        else if (top.step === 'withdrawal') {
          if (withdrawable(g, top.side).length) g.stack.push({ kind: 'withdraw', side: top.side });
        } else finishTurn(ctx, g);
        continue;
      }
      if (top.kind === 'recover') {
        if (top.left <= 0 || recoverChoices(g, top).length === 0) {
          g.stack.pop();
          continue;
        }
        return;
      }
      if (top.kind === 'discard') {
        // 16.3: a hand of 4 or fewer is safe with the option
        if (top.left <= 0 || !g.hand[top.side].length || (g.options.opt16_3 && g.hand[top.side].length <= 4)) {
          g.stack.pop();
          continue;
        }
        return;
      }
      if (top.kind === 'sv') {
        if (g.op!.svLeft <= 0) {
          endSv(g);
          continue;
        }
        return;
      }
      return;
    }
  }

  function hasAirOperation(g: TRState, side: Side): boolean {
    return ops.hasAirOperation(g, side); // 6.2, AMB-32
  }

  function pick(ctx: Ctx, g: TRState, side: Side, id: string): void {
    const top = g.stack.at(-1) as Extract<Pending, { kind: 'hand' }>;
    g.deck[side].splice(g.deck[side].indexOf(id), 1);
    g.hand[side].push(id);
    top.left--;
    ctx.log(`${side} chooses ${card(id).name} (SV ${card(id).sv}) for the hand.`, { to: [side], rule: '5.0(1)' });
  }

  function doPass(ctx: Ctx, g: TRState, side: Side): void {
    g.stack.pop();
    g.bank[side] = 0; // 10.2 [REC]: banked SV not used in the next impulse is lost
    g.passes++;
    ctx.log(`${side} passes.`, { rule: '5.0(3)' });
    endImpulse(ctx, g, side);
  }

  function endImpulse(ctx: Ctx, g: TRState, side: Side): void {
    updateControl(b, g); // 3.4(4)(6)
    g.seaUse.fill(0); // 3.6(3): capacity is counted per impulse
    // 15.4(1)(2), AMB-43: Poland surrenders when the Axis controls Warsaw.
    if (!g.polandSurrendered && ctrlSide(b, g, b.sp.warsaw) === 'axis') {
      g.polandSurrendered = true;
      const po = b.nationIndex.get('PO')!,
        su = b.nationIndex.get('SU')!;
      for (const a of b.sp.polishSpecial) {
        for (let u = 0; u < g.loc.length; u++)
          if (g.loc[u] === a && b.unitNation[u] === po) {
            g.loc[u] = POOL;
            g.used[u] = 0;
          }
        g.ctrl[a] = su;
      }
      if (g.options.polandAfterSurrender === 'remove')
        for (let u = 0; u < g.loc.length; u++) if (b.unitNation[u] === po && g.loc[u]! >= 0) g.loc[u] = POOL;
      ctx.log('Poland surrenders: Warsaw is Axis-controlled; Brest and Galicia become Soviet-controlled (15.4).', {
        rule: '15.4',
      });
    }
    if (g.passes >= 2)
      endTurn(ctx, g); // 5.0(3): two consecutive passes end the turn
    else {
      g.active = other(side);
      g.stack.push({ kind: 'impulse', side: g.active });
    }
    // 3.4(5): each player may then hand areas to other friendly nations (the active player decides first).
    for (const s of [other(side), side])
      if (!g.outcome && reassignChoices(g, s, []).length) g.stack.push({ kind: 'reassign', side: s, done: [] });
  }

  /** 3.4(5), AMB-6: friendly-controlled areas holding units of several friendly nations, and the nations they may go to. */
  function reassignChoices(g: TRState, side: Side, done: number[]): { area: number; nation: number }[] {
    const nats: Set<number>[] = b.areaIds.map(() => new Set<number>());
    for (let u = 0; u < g.loc.length; u++) {
      const a = g.loc[u]!;
      if (a >= 0 && !b.isSea[a] && friendlyUnit(g, b, u, side)) nats[a]!.add(b.unitNation[u]!);
    }
    const out: { area: number; nation: number }[] = [];
    for (let a = 0; a < b.areaIds.length; a++) {
      if (nats[a]!.size < 2 || done.includes(a) || ctrlSide(b, g, a) !== side) continue;
      const flag = b.flag[a]!;
      if (flag >= 0) {
        if (g.options.reassignment === 'never') continue; // AMB-6 (a)
        if (nats[a]!.has(flag) && g.ctrl[a] !== flag) out.push({ area: a, nation: flag }); // AMB-6 (b): only back to the flag nation
        continue;
      }
      for (const n of [...nats[a]!].sort((x, y) => x - y)) if (n !== g.ctrl[a]) out.push({ area: a, nation: n });
    }
    return out;
  }

  function endTurn(ctx: Ctx, g: TRState): void {
    // 5.0(4)①, 14.1: strategic victory.
    const ax = sourceCount(b, g, 'axis', true);
    if (ax >= 10) {
      setOutcome(ctx, g, {
        winner: 'axis',
        reason: `Axis strategic victory at the end of turn ${g.turn}: ${ax} sources (Moscow and London count 2)`,
        rule: '14.1(1)',
      });
      return;
    }
    if (sourceCount(b, g, 'axis') <= 1) {
      setOutcome(ctx, g, {
        winner: 'allies',
        reason: `Allied strategic victory at the end of turn ${g.turn}: the Axis holds 1 source or fewer`,
        rule: '14.1(2)',
      });
      return;
    }
    const second = other(g.first);
    // ② recovery, ③ withdrawal, first player then second; then ④ decks and ⑤ the turn marker.
    g.stack = [
      { kind: 'auto', step: 'finishTurn' },
      { kind: 'auto', step: 'withdrawal', side: second },
      { kind: 'auto', step: 'withdrawal', side: g.first },
      { kind: 'auto', step: 'recovery', side: second },
      { kind: 'auto', step: 'recovery', side: g.first },
    ];
  }

  function finishTurn(ctx: Ctx, g: TRState): void {
    for (const s of SIDES) {
      // 5.0(4)④: unplayed hand + discards (with Development gains, 2.3.2(3)) + rest of the deck
      g.deck[s].push(...g.hand[s], ...g.discard[s]);
      g.hand[s] = [];
      g.discard[s] = [];
      if (g.faceDown) g.faceDown[s] = [];
      g.deck[s].sort();
      g.bank[s] = 0;
    }
    if (g.turn >= 12) {
      gameVictory(ctx, g);
      return;
    }
    g.turn++; // 5.0(4)⑤
    startTurn(ctx, g);
  }

  function gameVictory(ctx: Ctx, g: TRState): void {
    // 14.2(1): Berlin, or 4+ sources, or 10+ areas (AMB-25: land areas).
    const berlin = ctrlSide(b, g, b.sp.berlin) === 'axis';
    const src = sourceCount(b, g, 'axis');
    const areas = axisVictoryAreas(b, g);
    if (berlin || src >= 4 || areas >= 10) {
      setOutcome(ctx, g, {
        winner: 'axis',
        reason: `Axis game victory: ${berlin ? 'holds Berlin' : src >= 4 ? `${src} sources` : `${areas} areas`}`,
        rule: '14.2(1)',
      });
    } else
      setOutcome(ctx, g, {
        winner: 'allies',
        reason: `Allied game victory: the Axis has lost Berlin and holds ${src} sources and ${areas} areas`,
        rule: '14.2(2)',
      });
  }

  function setOutcome(ctx: Ctx, g: TRState, o: Outcome): void {
    g.outcome = o;
    g.stack = [];
    ctx.log(o.reason, { rule: o.rule });
  }

  // ---- recovery (13.0) and withdrawal (5.0(4)③) ----------------------------------------------
  function recovery(ctx: Ctx, g: TRState, side: Side, winterTurn = data.turns[g.turn - 1]!.winter): void {
    const su = b.nationIndex.get('SU')!,
      us = b.nationIndex.get('US')!,
      yu = b.nationIndex.get('YU')!;
    for (let n = 0; n < g.natBel.length; n++) {
      if (!g.natBel[n] || g.natSide[n] !== side) continue; // 3.1.1(2)③: neutrals never recover
      let eligible = recoverable(b, g, n);
      let quota = landAreasOf(b, g, n); // 13.0(1)
      const free: number[] = [];
      if (n === su && winterTurn) {
        // 15.2(2): inside the USSR all recover, the count serves the others
        for (const u of eligible) if (b.flag[g.loc[u]!] === su) free.push(u);
      }
      if (n === us) {
        // 15.3(5) with the erratum: US units with a LOC to the North Atlantic all recover
        const f = locField(b, g, [b.sp.northAtlantic], side);
        for (let u = 0; u < g.loc.length; u++)
          if (b.unitNation[u] === us && g.used[u] && g.loc[u]! >= 0 && f[g.loc[u]!]) free.push(u);
      }
      if (n === yu && quota === 0) {
        // 15.5(2): with no areas, LOC to any Allied-controlled area
        const allied: number[] = [];
        for (let a = 0; a < b.areaIds.length; a++) if (ctrlSide(b, g, a) === 'allies') allied.push(a);
        const f = locField(b, g, allied, side);
        for (let u = 0; u < g.loc.length; u++)
          if (b.unitNation[u] === yu && g.used[u] && g.loc[u]! >= 0 && f[g.loc[u]!]) free.push(u);
      }
      for (const u of free) g.used[u] = 0;
      eligible = eligible.filter((u) => !free.includes(u));
      if (free.length)
        ctx.log(`${nationCode(n)}: ${free.length} units recover without regard to the count.`, {
          rule: n === su ? '15.2(2)' : n === us ? '15.3(5)' : '15.5(2)',
        });
      if (eligible.length <= quota) {
        for (const u of eligible) g.used[u] = 0;
        if (eligible.length)
          ctx.log(`${nationCode(n)}: ${eligible.length} units recover (${quota} land areas).`, { rule: '13.0' });
      } else g.stack.push({ kind: 'recover', side, nation: n, left: quota });
      quota = 0;
    }
  }

  function recoverChoices(g: TRState, p: Extract<Pending, { kind: 'recover' }>): number[] {
    return dedupeUnits(g, recoverable(b, g, p.nation));
  }

  /** One unit per (counter kind, area): identical choices are listed once. */
  function dedupeUnits(g: TRState, units: number[]): number[] {
    const seen = new Set<string>();
    return units.filter((u) => {
      const k = `${b.unitKind[u]}@${g.loc[u]}`;
      if (seen.has(k)) return false;
      seen.add(k);
      return true;
    });
  }

  function withdrawable(g: TRState, side: Side): number[] {
    const out: number[] = [];
    const friendsIn = b.areaIds.map(() => 0);
    for (let v = 0; v < g.loc.length; v++) if (g.loc[v]! >= 0 && friendlyUnit(g, b, v, side)) friendsIn[g.loc[v]!]!++;
    for (let u = 0; u < g.loc.length; u++) {
      const a = g.loc[u]!;
      const n = b.unitNation[u]!;
      if (a < 0 || !friendlyUnit(g, b, u, side) || !b.withdrawable[n]) continue; // 5.0(4)③: GE, IT, UK, SU, US
      if (b.unitClass[u] === 'naval' && b.isSea[a]) {
        out.push(u);
        continue;
      }
      if (g.options.withdrawalKeepsFlag && b.flag[a] === n) {
        // AMB-35: no own-flag area left without friendly units
        if (friendsIn[a]! <= 1) continue;
      }
      out.push(u);
    }
    return dedupeUnits(g, out);
  }

  // ---- card operations (6.1) ------------------------------------------------------------------
  function eventPlayable(g: TRState, side: Side): boolean {
    const e = card(g.op!.card).effect;
    if (e.kind === 'supply') return true; // 13.0
    if (e.kind === 'blitzkrieg') return true; // 17.1
    if (
      ['seaTransport', 'longRangeBombing', 'strategicMovement', 'seaLion', 'landing', 'strategicBombing'].includes(
        e.kind,
      )
    )
      return true; // one group (3.6(2), 8.1.2, 9.2(2), 16.2)
    if (e.kind === 'diplomacy') return diplomacyChoices(g, side).length > 0; // 3.1.2
    if (e.kind === 'development') return developChoices(g, side, e.maxSv, false).length > 0; // 2.3.2
    if (e.kind === 'vichyFrance') return vichyPossible(g); // 3.1.2⑤
    if (e.kind === 'lendLease') return lendLeasePossible(g, e.nation);
    if (e.kind === 'wolfpack') return wolves(g, e.areas).length > 0; // 15.1(6)
    return false;
  }

  // ---- events (6.1.2) ---------------------------------------------------------------------------
  /** 15.5(1), SV 4 Supply: one Yugoslav infantry in the pool may be placed free in Yugoslavia (used). */
  function supplyYugoslavia(ctx: Ctx, g: TRState): void {
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

  const MARKER: readonly string[] = ['US', 'SU', 'TU', 'SP'];
  const track = (n: string) => data.entryTracks.find((t) => t.nation === n)!;

  /** 3.1.2③④⑤⑥, AMB-38: the nations a Diplomacy event of `side` may name. */
  function diplomacyChoices(g: TRState, side: Side): string[] {
    const out: string[] = [];
    for (let n = 0; n < g.natBel.length; n++) {
      const code = nationCode(n);
      if (g.natLocked[n]) continue; // 3.1.3(2)①: fixed for good
      if (code === 'US' || code === 'SU') {
        if (side === 'allies' && !g.natBel[n]) out.push(code);
        continue;
      } // ③
      if (code === 'TU' || code === 'SP') {
        // ④, AMB-38: the Axis toward Entry, the Allies away
        const box = g.entry[code];
        if (side === 'axis' ? !g.natBel[n] && box < track(code).boxes.length - 1 : box > 0) out.push(code);
        continue;
      }
      if (code === 'FR') {
        // ⑤: while Paris is Allied-controlled, Allied Diplomacy brings France back
        if (side === 'allies' && g.natSide[n] === 'axis' && ctrlSide(b, g, b.sp.paris) === 'allies') out.push(code);
        continue;
      }
      if (!g.natBel[n] && g.natSide[n] === side) out.push(code); // ⑥: a neutral of the player's own camp
    }
    return out;
  }

  function diplomacy(ctx: Ctx, g: TRState, side: Side, code: string): void {
    const n = b.nationIndex.get(code as never)!;
    if (code === 'FR') {
      enterWar(g, n, 'allies');
      ctx.log('France becomes an Allied belligerent again (3.1.2⑤).', { rule: '3.1.2⑤' });
      return;
    }
    if (MARKER.includes(code)) {
      const c = code as 'US' | 'SU' | 'TU' | 'SP';
      const last = track(c).boxes.length - 1;
      const wasEntry = g.entry[c] >= last;
      g.entry[c] += side === 'allies' && (c === 'TU' || c === 'SP') ? -1 : 1;
      ctx.log(`${side} Diplomacy: the ${c} entry marker moves to ${track(c).boxes[g.entry[c]]}.`, {
        rule: c === 'US' || c === 'SU' ? '3.1.2③' : '3.1.2④',
      });
      if (g.entry[c] >= last) {
        // ③④: Entry -> belligerent at once
        enterWar(g, n, c === 'US' || c === 'SU' ? 'allies' : 'axis');
        ctx.log(`${c} enters the war on the ${g.natSide[n]} side.`, {
          rule: c === 'US' || c === 'SU' ? '3.1.2③' : '3.1.2④',
        });
      } else if (wasEntry && g.natBel[n] && g.options.spainTurkeyReturn) {
        // AMB-30, 3.1.3(2)②
        g.natBel[n] = false;
        const own = (a: number) => b.flag[a] === n || g.ctrl[a] === n;
        const camps = new Set<Side>();
        for (let u = 0; u < g.loc.length; u++) {
          const a = g.loc[u]!;
          if (a >= 0 && own(a) && b.unitNation[u] !== n && g.natBel[b.unitNation[u]!])
            camps.add(g.natSide[b.unitNation[u]!]!);
        }
        if (camps.size) {
          const camp: Side = camps.size === 2 ? 'axis' : other([...camps][0]!);
          enterWar(g, n, camp);
          g.natLocked[n] = true;
          ctx.log(
            `${c} leaves Entry with foreign units on its soil: a violation, it is a ${camp} belligerent for good (3.1.3(2)②).`,
            { rule: '3.1.3(2)②' },
          );
        } else ctx.log(`${c} becomes neutral again (AMB-30).`, { rule: '3.1.3(2)②' });
      }
      return;
    }
    enterWar(g, n, side); // ⑥
    ctx.log(`${code} enters the war on the ${side} side (3.1.2⑥).`, { rule: '3.1.2⑥' });
  }

  /** 2.3.2, Development: SV <= maxSv cards of the development pool; own units there (by counter kind). */
  function developChoices(g: TRState, side: Side, maxSv: number, started: boolean): TRAction[] {
    const out: TRAction[] = [];
    if (!started) {
      const seen = new Set<string>();
      for (const id of g.dev[side])
        if (card(id).sv <= maxSv && !seen.has(cardClass(id))) {
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

  /** 3.1.2⑤: Vichy France needs an Axis-controlled Paris and France still Allied. */
  function vichyPossible(g: TRState): boolean {
    const fr = b.nationIndex.get('FR')!;
    return ctrlSide(b, g, b.sp.paris) === 'axis' && g.natSide[fr] === 'allies';
  }

  function vichy(ctx: Ctx, g: TRState): void {
    const fr = b.nationIndex.get('FR')!;
    enterWar(g, fr, 'axis');
    // 2.1.1(6), spec 7.2 M15: the first `vichy` counters of each French kind carry the marking; the others on the map go to the pool.
    let moved = 0;
    b.counters.forEach((c, k) => {
      if (c.nation !== 'FR') return;
      const first = b.unitKind.indexOf(k);
      for (let i = c.vichy ?? 0; i < c.count; i++) {
        const u = first + i;
        if (g.loc[u]! >= 0) {
          g.loc[u] = c.type === 'FT' ? REMOVED : POOL;
          g.used[u] = 0;
          moved++;
        }
      }
    });
    ctx.log(
      `Vichy France: France becomes an Axis belligerent; ${moved} French units without the Vichy marking leave the map.`,
      { rule: '3.1.2⑤' },
    );
  }

  function lendLeasePossible(g: TRState, code: string): boolean {
    const n = b.nationIndex.get(code as never)!;
    return ctrlSide(b, g, b.sp.northAtlantic) === 'allies' && !!g.natBel[n] && g.natSide[n] === 'allies';
  }

  function freeMobChoices(g: TRState, p: Extract<Pending, { kind: 'freeMob' }>): { counter: number; area: number }[] {
    const out: { counter: number; area: number }[] = [];
    const pre = placementCache(b, g, p.side);
    b.counters.forEach((c, k) => {
      if (b.nationIndex.get(c.nation) !== p.nation || costOf(b, k) > p.left) return;
      const first = b.unitKind.indexOf(k);
      let inPool = false;
      for (let i = 0; i < c.count; i++)
        if (g.loc[first + i] === POOL) {
          inPool = true;
          break;
        }
      if (inPool) for (const a of placements(b, g, k, p.side, pre)) out.push({ counter: k, area: a });
    });
    return out;
  }

  /** 15.1(6): unused Axis submarines in the Wolfpack areas. */
  function wolves(g: TRState, areas: string[]): number[] {
    const at = new Set(areas.map((id) => A(id)));
    const out: number[] = [];
    for (let u = 0; u < g.loc.length; u++)
      if (at.has(g.loc[u]!) && b.unitClass[u] === 'sub' && !g.used[u] && friendlyUnit(g, b, u, 'axis')) out.push(u);
    return out;
  }

  function wolfpack(ctx: Ctx, g: TRState, areas: string[]): void {
    const subs = wolves(g, areas);
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
    for (let i = 0; i < hits; i++) {
      const hand = g.hand.allies;
      if (!hand.length || (g.options.opt16_3 && hand.length <= 4)) break; // 16.3
      const pick = ctx.roll(1, 'card discarded at random', hand.length)[0]! - 1; // [REC] chosen at random (16.2(1) off)
      const [c] = hand.splice(pick, 1);
      g.discard.allies.push(c!);
      if (g.options.opt16_1_2) {
        // 16.1.2: face down, in secret
        (g.faceDown ??= { axis: [], allies: [] }).allies.push(c!);
        ctx.log(`The Allies discard ${card(c!).name} face down.`, { rule: '16.1.2', to: ['allies'] });
        ctx.log('The Allies discard a card face down.', { rule: '16.1.2', to: ['axis'] });
      } else ctx.log(`The Allies discard ${card(c!).name}.`, { rule: '15.1(6)' });
    }
  }

  function endSv(g: TRState): void {
    g.stack.pop();
    g.op!.svDone = true;
    g.op!.svLeft = 0; // [REC] unspent SV is lost when the SV part ends
  }

  function mobilizeChoices(g: TRState, side: Side): { counter: number; area: number }[] {
    const out: { counter: number; area: number }[] = [];
    const left = g.op!.svLeft;
    const pre = placementCache(b, g, side);
    b.counters.forEach((c, k) => {
      if (costOf(b, k) > left) return;
      const first = b.unitKind.indexOf(k);
      let inPool = false;
      for (let i = 0; i < c.count; i++)
        if (g.loc[first + i] === POOL) {
          inPool = true;
          break;
        }
      if (!inPool) return;
      for (const a of placements(b, g, k, side, pre)) out.push({ counter: k, area: a });
    });
    return out;
  }

  // ---- the contract -----------------------------------------------------------------------------
  function currentDecision(g: TRState): Decision | null {
    if (g.outcome) return null;
    const top = g.stack.at(-1);
    if (!top || top.kind === 'auto') return null;
    const side = top.side;
    switch (top.kind) {
      case 'hand':
        return {
          kind: 'hand',
          role: side,
          rule: '5.0(1)',
          prompt: `Choose ${top.left} more card(s) from your usable deck for your hand`,
        };
      case 'impulse':
        return {
          kind: 'impulse',
          role: side,
          rule: '6.0',
          prompt: 'Your impulse: play a card, take an air operation, or pass',
        };
      case 'card':
        return {
          kind: 'card',
          role: side,
          rule: '6.1(2)-(4)',
          prompt: `${opName(g.op!.card)}: use the SV, the event, or finish`,
        };
      case 'sv':
        return { kind: 'sv', role: side, rule: '6.1.1', prompt: `Spend ${g.op!.svLeft} SV: move, attack or mobilize` };
      case 'recover':
        return {
          kind: 'recover',
          role: side,
          rule: '13.0(2)',
          prompt: `Recover up to ${top.left} used ${nationCode(top.nation)} units`,
        };
      case 'withdraw':
        return {
          kind: 'withdraw',
          role: side,
          rule: '5.0(4)③',
          prompt: 'Return units to the mobilization pool, or finish',
        };
      case 'discard':
        return { kind: 'discard', role: side, rule: '16.2', prompt: `Choose ${top.left} card(s) to discard` };
      case 'reassign':
        return {
          kind: 'reassign',
          role: side,
          rule: '3.4(5)',
          prompt: 'Hand areas to other friendly nations, or finish',
        };
      case 'diplomacy':
        return { kind: 'diplomacy', role: side, rule: '3.1.2', prompt: 'Diplomacy: choose the nation' };
      case 'develop':
        return {
          kind: 'develop',
          role: side,
          rule: '2.3.2',
          prompt: top.started
            ? `Development: up to ${top.left} more unit(s) to the mobilization pool`
            : 'Development: take a card, or units, from the development pool',
        };
      case 'freeMob':
        return {
          kind: 'freeMob',
          role: side,
          rule: '12.0',
          prompt: `Lend-Lease: mobilize ${nationCode(top.nation)} units worth up to ${top.left} SV free`,
        };
      default: {
        const p = ops.prompt(g, top)!;
        return { kind: top.kind, role: side, ...p };
      }
    }
  }

  function legalActions(g: TRState, role: Role): TRAction[] {
    const d = currentDecision(g);
    if (!d || d.role !== role) return [];
    const top = g.stack.at(-1)!;
    const side = role as Side;
    switch (top.kind) {
      case 'hand': {
        const seen = new Set<string>();
        return g.deck[side]
          .filter((id) => !seen.has(cardClass(id)) && seen.add(cardClass(id)))
          .map((card) => ({ type: 'pick', card }));
      }
      case 'impulse': {
        const seen = new Set<string>();
        const plays: TRAction[] =
          g.bank[side] > 0
            ? []
            : g.hand[side]
                .filter((id) => !seen.has(cardClass(id)) && seen.add(cardClass(id)))
                .map((card) => ({ type: 'play', card }));
        const extra: TRAction[] = [];
        if (g.bank[side] > 0) extra.push({ type: 'useBank' }); // 10.2(1)
        if (hasAirOperation(g, side)) extra.push({ type: 'air' }); // 6.2, 10.2(3)
        return [...plays, ...extra, { type: 'pass' }];
      }
      case 'card': {
        const out: TRAction[] = [];
        if (!g.op!.svDone) out.push({ type: 'sv' });
        if (!g.op!.eventDone && eventPlayable(g, side)) out.push({ type: 'event' });
        out.push({ type: 'endCard' });
        return out;
      }
      case 'sv':
        return [
          ...ops.formAreas(g, side, 'sv').map((a) => ({ type: 'form' as const, area: b.areaIds[a]! })),
          ...mobilizeChoices(g, side).map((m) => ({
            type: 'mobilize' as const,
            counter: b.counters[m.counter]!.id,
            area: b.areaIds[m.area]!,
          })),
          { type: 'endSv' },
        ];
      case 'recover':
        return [...recoverChoices(g, top).map((unit) => ({ type: 'recover' as const, unit })), { type: 'endRecovery' }];
      case 'withdraw':
        return [
          ...withdrawable(g, side).map((unit) => ({ type: 'withdraw' as const, unit })),
          { type: 'endWithdrawal' },
        ];
      default:
        if (top.kind === 'discard') {
          const seen = new Set<string>();
          return g.hand[side]
            .filter((id) => !seen.has(cardClass(id)) && seen.add(cardClass(id)))
            .map((c) => ({ type: 'discard' as const, card: c }));
        }
        if (top.kind === 'reassign')
          return [
            ...reassignChoices(g, side, top.done).map((r) => ({
              type: 'reassign' as const,
              area: b.areaIds[r.area]!,
              nation: nationCode(r.nation),
            })),
            { type: 'endReassign' },
          ];
        if (top.kind === 'diplomacy')
          return diplomacyChoices(g, side).map((nation) => ({ type: 'diplo' as const, nation }));
        if (top.kind === 'develop') {
          const e = card(g.op!.card).effect as { maxSv: number };
          return [...developChoices(g, side, e.maxSv, top.started), { type: 'endEvent' }];
        }
        if (top.kind === 'freeMob')
          return [
            ...freeMobChoices(g, top).map((m) => ({
              type: 'freeMobilize' as const,
              counter: b.counters[m.counter]!.id,
              area: b.areaIds[m.area]!,
            })),
            { type: 'endEvent' },
          ];
        return ops.legal(g, top);
    }
  }

  function perform(ctx: Ctx, g: TRState, role: Role, a: TRAction): void {
    const legal = legalActions(g, role);
    if (!legal.some((x) => sameAction(x, a)))
      throw new RuleError(currentDecision(g)?.rule ?? 'sequence', `illegal action ${JSON.stringify(a)} for ${role}`);
    const side = role as Side;
    if (OP_TYPES.has(a.type)) {
      ops.perform(ctx, g, side, a as OpAction);
      advance(ctx, g);
      return;
    }
    switch (a.type) {
      case 'diplo':
        g.stack.pop();
        diplomacy(ctx, g, side, a.nation);
        break;
      case 'devCard': {
        // 2.3.2: into the discard pile, usable from the next turn
        g.stack.pop();
        g.dev[side].splice(g.dev[side].indexOf(a.card), 1);
        g.discard[side].push(a.card);
        ctx.log(`${side} develops ${card(a.card).name}.`, {
          rule: '2.3.2',
          to: g.options.opt16_1_1 ? [side] : undefined,
        });
        if (g.options.opt16_1_1) (g.faceDown ??= { axis: [], allies: [] })[side].push(a.card); // 16.1.1(2): face down
        if (g.options.opt16_1_1)
          ctx.log(`${side} develops a card of SV ${card(a.card).sv} (16.1.1).`, { rule: '16.1.1', to: [other(side)] });
        break;
      }
      case 'devUnit': {
        const top = g.stack.at(-1) as Extract<Pending, { kind: 'develop' }>;
        const k = b.counterIndex.get(a.counter)!;
        const u = g.loc.findIndex((l, v) => l === DEV && b.unitKind[v] === k);
        g.loc[u] = POOL;
        top.left--;
        top.started = true;
        ctx.log(`${side} moves ${a.counter} from the development pool to the mobilization pool.`, { rule: '2.3.2' });
        if (top.left <= 0) g.stack.pop();
        break;
      }
      case 'endEvent':
        g.stack.pop();
        break;
      case 'reassign': {
        const top = g.stack.at(-1) as Extract<Pending, { kind: 'reassign' }>;
        const area = A(a.area);
        g.ctrl[area] = b.nationIndex.get(a.nation as never)!;
        top.done.push(area);
        ctx.log(`${side} hands ${data.areas[area]!.name} to ${a.nation}.`, { rule: '3.4(5)' });
        if (!reassignChoices(g, side, top.done).length) g.stack.pop();
        break;
      }
      case 'endReassign':
        g.stack.pop();
        break;
      case 'discard': {
        // 16.2: the owner's choice
        const top = g.stack.at(-1) as Extract<Pending, { kind: 'discard' }>;
        g.hand[side].splice(g.hand[side].indexOf(a.card), 1);
        g.discard[side].push(a.card);
        top.left--;
        if (g.options.opt16_1_2) {
          (g.faceDown ??= { axis: [], allies: [] })[side].push(a.card);
          ctx.log(`${side} discards ${card(a.card).name} face down.`, { rule: '16.1.2', to: [side] });
          ctx.log(`${side} discards a card face down.`, { rule: '16.1.2', to: [other(side)] });
        } else ctx.log(`${side} discards ${card(a.card).name}.`, { rule: '16.2' });
        break;
      }
      case 'freeMobilize': {
        const top = g.stack.at(-1) as Extract<Pending, { kind: 'freeMob' }>;
        const k = b.counterIndex.get(a.counter)!;
        const u = g.loc.findIndex((l, v) => l === POOL && b.unitKind[v] === k);
        g.loc[u] = A(a.area);
        g.used[u] = 1; // 12.0(1)
        top.left -= costOf(b, k);
        ctx.log(`${side} mobilizes ${a.counter} in ${data.areas[A(a.area)]!.name} free (Lend-Lease).`, {
          rule: '12.0',
        });
        break;
      }
      case 'air':
        g.stack.pop();
        g.stack.push({ kind: 'choose', side, mode: 'air' });
        break; // 6.2
      case 'useBank': {
        // 10.2(1)(2)
        g.stack.pop();
        g.op = { card: 'bank', svLeft: g.bank[side], svDone: false, eventDone: true, acted: [] };
        g.bank[side] = 0;
        g.passes = 0;
        ctx.log(`${side} uses ${g.op.svLeft} banked SV from Ambush cards.`, { rule: '10.2' });
        g.stack.push({ kind: 'card', side });
        break;
      }
      case 'pick':
        pick(ctx, g, side, a.card);
        break;
      case 'play': {
        g.stack.pop();
        g.hand[side].splice(g.hand[side].indexOf(a.card), 1);
        g.discard[side].push(a.card); // 6.1(5)
        g.op = { card: a.card, svLeft: card(a.card).sv, svDone: false, eventDone: false, acted: [] };
        g.passes = 0;
        ctx.irreversible('a card was revealed');
        ctx.log(`${side} plays ${card(a.card).name} (SV ${card(a.card).sv}).`, { rule: '6.1' });
        g.stack.push({ kind: 'card', side });
        break;
      }
      case 'pass':
        doPass(ctx, g, side);
        break;
      case 'sv':
        g.stack.push({ kind: 'sv', side });
        break;
      case 'endSv':
        endSv(g);
        break;
      case 'event': {
        g.op!.eventDone = true;
        const e = card(g.op!.card).effect;
        ctx.log(`${side} carries out the event ${card(g.op!.card).name}.`, { rule: '6.1.2' });
        if (e.kind === 'supply') recovery(ctx, g, side); // 13.0: "whenever a Supply event is used"
        if (e.kind === 'supply' && e.yugoslavia) supplyYugoslavia(ctx, g); // 15.5(1)
        if (e.kind === 'blitzkrieg') g.stack.push({ kind: 'choose', side, mode: 'blitz' }); // 17.1
        if (
          ['seaTransport', 'longRangeBombing', 'strategicMovement', 'seaLion', 'landing', 'strategicBombing'].includes(
            e.kind,
          )
        )
          g.stack.push({ kind: 'choose', side, mode: 'event' });
        if (e.kind === 'diplomacy') g.stack.push({ kind: 'diplomacy', side });
        if (e.kind === 'development') g.stack.push({ kind: 'develop', side, left: e.units, started: false });
        if (e.kind === 'vichyFrance') vichy(ctx, g);
        if (e.kind === 'lendLease')
          g.stack.push({ kind: 'freeMob', side, left: e.sv, nation: b.nationIndex.get(e.nation as never)! });
        if (e.kind === 'wolfpack') wolfpack(ctx, g, e.areas);
        break;
      }
      case 'endCard': {
        g.stack.pop();
        g.op = null;
        endImpulse(ctx, g, side);
        break;
      }
      case 'mobilize': {
        const k = b.counterIndex.get(a.counter)!;
        const area = A(a.area);
        const first = b.unitKind.indexOf(k);
        let u = first;
        while (g.loc[u] !== POOL) u++;
        g.loc[u] = area;
        g.used[u] = 1; // 12.0(1): placed used
        const cls = b.classOf.get(b.counters[k]!.type)!;
        if ((cls === 'land' || cls === 'air') && !b.noSourceNation[b.nationIndex.get(b.counters[k]!.nation)!]) {
          const seas = placementSeas(b, g, mobilizationOrigins(b, g, k, side), area, side) ?? []; // 12.0(5)
          for (const s of seas) g.seaUse[s] = (g.seaUse[s] ?? 0) + 1; // 3.6(3)
        }
        g.op!.svLeft -= costOf(b, k); // 12.0(2)
        ctx.log(`${side} mobilizes ${a.counter} in ${data.areas[area]!.name} (${costOf(b, k)} SV).`, { rule: '12.0' });
        break;
      }
      case 'recover': {
        const top = g.stack.at(-1) as Extract<Pending, { kind: 'recover' }>;
        g.used[a.unit] = 0;
        top.left--;
        break;
      }
      case 'endRecovery':
        g.stack.pop();
        break;
      case 'withdraw':
        g.loc[a.unit] = POOL;
        g.used[a.unit] = 0;
        break;
      case 'endWithdrawal':
        g.stack.pop();
        break;
    }
    advance(ctx, g);
  }

  function view(g: TRState, role: Role): TRView {
    // 2.3.2(4): the opponent's usable deck and hand are hidden; discards and the development pool are open.
    const v = structuredClone(g) as unknown as TRView;
    for (const s of SIDES) {
      if (s !== role) {
        v.hand[s] = g.hand[s].length;
        v.deck[s] = g.deck[s].length;
        // 16.1.1, 16.1.2: face-down discards and (16.1.1(1)) the SV 3 / SV 4 development piles show only their SV.
        const fd = new Set(g.faceDown?.[s] ?? []);
        v.discard[s] = g.discard[s].map((c) => (fd.has(c) ? `facedown-sv${card(c).sv}` : c));
        if (g.options.opt16_1_1) v.dev[s] = g.dev[s].map((c) => `facedown-sv${card(c).sv}`).sort();
        if (v.faceDown) v.faceDown[s] = v.faceDown[s].map((c) => `facedown-sv${card(c).sv}`);
      }
    }
    v.stack = g.stack.map((p) => (p.kind === 'hand' && p.side !== role ? { ...p, left: 0 } : p));
    return v;
  }

  function sameAction(x: TRAction, y: TRAction): boolean {
    const keys = new Set([...Object.keys(x), ...Object.keys(y)]);
    for (const k of keys) {
      const xv = (x as unknown as Record<string, unknown>)[k],
        yv = (y as unknown as Record<string, unknown>)[k];
      if (
        k === 'card' &&
        typeof xv === 'string' &&
        typeof yv === 'string' &&
        x.type !== 'pick' &&
        x.type !== 'play' &&
        x.type !== 'ambush' &&
        x.type !== 'discard'
      ) {
        if (xv !== yv) return false;
        continue;
      }
      if (k === 'card' && typeof xv === 'string' && typeof yv === 'string') {
        if (cardClass(xv) !== cardClass(yv)) return false;
        continue;
      }
      if (xv !== yv) return false;
    }
    return true;
  }

  function normalise(g: TRState, role: Role, a: TRAction): TRAction {
    // a card named by any copy is the copy the player holds
    if (a.type === 'pick' && !g.deck[role as Side]?.includes(a.card)) {
      const same = g.deck[role as Side]?.find((id) => cardClass(id) === cardClass(a.card));
      if (same) return { ...a, card: same };
    }
    if ((a.type === 'play' || a.type === 'ambush' || a.type === 'discard') && !g.hand[role as Side]?.includes(a.card)) {
      const same = g.hand[role as Side]?.find((id) => cardClass(id) === cardClass(a.card));
      if (same) return { ...a, card: same };
    }
    return a;
  }

  const areaName = (id: string) => (id === 'pool' ? 'the mobilization pool' : data.areas[A(id)]!.name);
  const unitName = (g: TRState, u: number) =>
    `${b.counters[b.unitKind[u]!]!.id} in ${g.loc[u]! >= 0 ? data.areas[g.loc[u]!]!.name : 'reserve'}`;
  /** A group whose units leave it nothing to declare (7.2): only `cancel` is offered. Display only. */
  function deadEndGroup(g: TRState): boolean {
    const top = g.stack.at(-1);
    if (top?.kind !== 'group' || !g.act?.units.length) return false;
    return legalActions(g, top.side).every((x) => x.type === 'cancel');
  }

  /** The action in words (CLI, UI, logs). */
  function describeAction(g: TRState, a: TRAction): string {
    switch (a.type) {
      case 'pick':
        return `Take ${card(a.card).name} (SV ${card(a.card).sv}) into the hand`;
      case 'play':
        return `Play ${card(a.card).name} (SV ${card(a.card).sv})`;
      case 'pass':
        return 'Pass';
      case 'sv':
        return 'Use the SV';
      case 'event':
        return 'Carry out the event';
      case 'endCard':
        return 'Finish the card';
      case 'mobilize':
        return `Mobilize ${a.counter} in ${areaName(a.area)}`;
      case 'endSv':
        return 'End the SV part';
      case 'recover':
        return `Recover ${unitName(g, a.unit)}`;
      case 'endRecovery':
        return 'End recovery';
      case 'withdraw':
        return `Withdraw ${unitName(g, a.unit)} to the pool`;
      case 'endWithdrawal':
        return 'End withdrawal';
      case 'air':
        return 'Take an air operation';
      case 'useBank':
        return 'Use the banked Ambush SV';
      case 'diplo':
        return `Diplomacy on ${a.nation}`;
      case 'devCard':
        return `Develop ${card(a.card).name} (SV ${card(a.card).sv})`;
      case 'devUnit':
        return `Move ${a.counter} from the development pool to the mobilization pool`;
      case 'endEvent':
        return 'End the event';
      case 'reassign':
        return `Hand ${areaName(a.area)} to ${a.nation}`;
      case 'endReassign':
        return 'Keep control as it is';
      case 'discard':
        return `Discard ${card(a.card).name}`;
      case 'freeMobilize':
        return `Mobilize ${a.counter} in ${areaName(a.area)} free`;
      case 'form':
        return `Form a group in ${areaName(a.area)}`;
      case 'add':
        return `Add ${unitName(g, a.unit)} to the group`;
      case 'declare':
        return a.action === 'attack'
          ? a.twice
            ? 'Declare two attacks (17.1)'
            : 'Attack'
          : a.action === 'airAttack'
            ? 'Air attack'
            : a.action === 'airMove'
              ? 'Air move'
              : a.action === 'bomb'
                ? 'Bomb'
                : a.action === 'drop'
                  ? 'Airborne landing'
                  : 'Move';
      case 'cancel':
        return deadEndGroup(g) ? `Cancel: this group can take no action (${DEAD_END_WHY})` : 'Cancel';
      case 'done':
        return 'No second action';
      case 'to':
        return `Move to ${areaName(a.area)}`;
      case 'stop':
        return 'Stop here';
      case 'target':
        return `Target ${areaName(a.area)}`;
      case 'ambush':
        return `Counterattack with ${card(a.card).name} (SV ${card(a.card).sv})`;
      case 'jet':
        return 'Counterattack with jets (16.8)';
      case 'noCounter':
        return 'No counterattack';
      case 'join':
        return `Counterattack with ${unitName(g, a.unit)}`;
      case 'fire':
        return 'Resolve the counterattack';
      case 'hit':
        return `One damage point to ${unitName(g, a.unit)}`;
      case 'retreat':
        return a.to === 'pool'
          ? `Eliminate ${unitName(g, a.unit)} instead of retreating`
          : `Retreat ${unitName(g, a.unit)} to ${areaName(a.to)}`;
      case 'sink':
        return `Send ${unitName(g, a.unit)} to the pool (capacity)`;
    }
  }

  /** Why an action that is not legal now is refused, with its rule. */
  function explainAction(g: TRState, role: Role, a: TRAction): { rule: string; message: string } | null {
    const d = currentDecision(g);
    if (!d) return { rule: '14.0', message: 'the game is over' };
    if (d.role !== role) return { rule: d.rule, message: `it is ${d.role}'s decision: ${d.prompt}` };
    if (legalActions(g, role).some((x) => sameAction(x, a))) return null;
    const side = role as Side;
    const top = g.stack.at(-1)!;
    if (a.type === 'play' && top.kind === 'impulse' && g.bank[side] > 0)
      return { rule: '10.2(1)', message: 'with banked Ambush SV no other card may be played this impulse' };
    if (a.type === 'play' && top.kind !== 'impulse') return { rule: '6.1(1)', message: 'one card per impulse' };
    if (a.type === 'event' && g.op?.eventDone) return { rule: '6.1(3)', message: 'the event was already carried out' };
    if (a.type === 'sv' && g.op?.svDone)
      return { rule: '6.1(3)', message: 'the SV part is over; the SV part and the event are not interleaved' };
    if (a.type === 'add' && g.act && top.kind === 'group') {
      if (g.used[a.unit]) return { rule: '7.1(1)', message: 'used units cannot join a group' };
      if (g.op?.acted.includes(a.unit) && g.act.mode === 'sv')
        return { rule: '6.1.1(3)', message: 'within one SV use a group acts only once' };
      if (g.loc[a.unit] !== g.act.area) return { rule: '7.0', message: 'a group is formed from the units of one area' };
    }
    if (a.type === 'to' && g.act && top.kind === 'path') {
      const r = checkMove(
        b,
        g,
        side,
        g.act.units,
        [...g.act.path, b.areaIndex.get(a.area) ?? -1],
        g.act.type === 'airMove',
        { allowUsed: !!g.act.blitz && g.act.blitz.left < 2 },
      );
      if (!r.ok) return { rule: r.rule, message: r.why };
      return { rule: '3.6', message: 'the sea transport capacity is used up' };
    }
    if (a.type === 'retreat' && top.kind === 'retreat')
      return {
        rule: '11.5(1)',
        message:
          'a unit may not retreat into an enemy-controlled area, an area with enemy control units, an area over the stacking limit, or across land/sea',
      };
    if (a.type === 'declare' && a.action === 'airAttack' && data.turns[g.turn - 1]!.winter)
      return {
        rule: '15.2(1)',
        message: 'no air attack into Soviet-flag areas on winter turns, or no target in range',
      };
    if (a.type === 'ambush' && !g.hand[side].includes(a.card))
      return { rule: '10.0', message: 'a counterattack needs an Ambush card in your hand' };
    return { rule: d.rule, message: `not legal now: ${d.prompt}` };
  }

  /**
   * For search (AI): a full state consistent with `role`'s view. The opponent's hand, usable
   * deck and face-down cards (16.1.1/16.1.2) are drawn from the opponent's cards not seen
   * elsewhere, matching the announced SV of face-down cards; the opponent's hand-selection count
   * is recomputed from the sources (5.0(1)).
   */
  function determinize(v: TRView, role: Role, rng: RngState): TRState {
    const g = structuredClone(v) as unknown as TRState;
    for (const s of SIDES) {
      if (s === role) continue;
      const all = data.cards.filter((c) => c.side === s).map((c) => c.id);
      const seen = new Set<string>([...v.discard[s], ...v.dev[s]].filter((c) => !c.startsWith('facedown-')));
      if (g.op && g.op.card !== 'bank') seen.add(g.op.card);
      const pool = all.filter((c) => !seen.has(c));
      for (let i = pool.length - 1; i > 0; i--) {
        const j = randomIndex(rng, i + 1);
        [pool[i], pool[j]] = [pool[j]!, pool[i]!];
      }
      const take = (sv: number | null) => {
        const k = pool.findIndex((c) => sv === null || card(c).sv === sv);
        return pool.splice(k >= 0 ? k : 0, 1)[0]!;
      };
      const fd: string[] = [];
      g.discard[s] = v.discard[s].map((c) => {
        if (!c.startsWith('facedown-')) return c;
        const x = take(Number(c.slice('facedown-sv'.length)));
        fd.push(x);
        return x;
      });
      g.dev[s] = v.dev[s].map((c) => (c.startsWith('facedown-') ? take(Number(c.slice('facedown-sv'.length))) : c));
      // Only when the view had face-down cards: the view of the rebuilt state must equal `v`.
      if (g.faceDown || fd.length > 0)
        g.faceDown = { ...(g.faceDown ?? { axis: [], allies: [] }), [s]: fd } as Record<Side, string[]>;
      const nh = v.hand[s] as number,
        nd = v.deck[s] as number;
      g.hand[s] = Array.from({ length: nh }, () => take(null));
      g.deck[s] = Array.from({ length: nd }, () => take(null)).sort();
      g.stack = g.stack.map((p) => {
        if (p.kind !== 'hand' || p.side !== s) return p;
        const n = g.turn === 1 ? (s === 'axis' ? 4 : 0) : sourceCount(b, g, s);
        return { ...p, left: Math.max(0, Math.min(n, nh + nd) - nh) };
      });
    }
    return g;
  }

  return {
    id: 'third-reich',
    determinize,
    title: 'Rise and Fall of the Third Reich (Game Journal No. 70)',
    roles: ['axis', 'allies'],
    scenarios: [
      {
        id: 'campaign',
        title: 'Europe 1939-45',
        description: 'The full game: 12 turns from Winter 1939 to Summer 1945 (4.0, 5.0).',
      },
    ],
    options: OPTIONS,
    board: b,
    setup,
    currentDecision,
    legalActions,
    perform: (ctx, g, role, a) => perform(ctx, g, role, normalise(g, role, a)),
    view,
    outcome: (g) => g.outcome,
    clone: (g) => structuredClone(g),
    describe: (g, a) => describeAction(g, a),
    explain: (g, role, a) => explainAction(g, role, normalise(g, role, a)),
    summary(g, role) {
      const lines = summaryText(b, view(g, role), role);
      if (g.op) lines.push(`Card in play: ${opName(g.op.card)}, ${g.op.svLeft} SV left.`);
      if (g.bank.axis || g.bank.allies)
        lines.push(`Banked Ambush SV: Axis ${g.bank.axis}, Allies ${g.bank.allies} (10.2).`);
      if (g.act)
        lines.push(
          `Group action: ${g.act.side} ${g.act.type ?? 'forming'} with ${g.act.units.map((u) => b.counters[b.unitKind[u]!]!.id).join(' ') || 'no units yet'} in ${data.areas[g.act.area]!.name}.`,
        );
      if (g.combat) lines.push(`Combat: ${g.combat.points} damage points, allocated by ${g.combat.alloc}.`);
      const d = currentDecision(g);
      if (d) lines.push(`Decision: ${d.role}: ${d.prompt} (${d.rule}).`);
      return lines.join('\n');
    },
  };
}

export { enemyControlUnits };
