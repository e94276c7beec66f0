/**
 * Nations at war (3.1): Diplomacy (3.1.2), Vichy France (3.1.2⑤) and violations of neutrality
 * (3.1.3).
 */
import type { Ctx } from '@sandtable/engine';
import type { Side } from './data/index.ts';
import { areaName, nationCode, POOL, REMOVED, type Board } from './board.ts';
import { other, type TRState } from './state.ts';
import { ctrlSide, enterWar } from './world.ts';
import { sideName, nationName } from './texts/names.ts';

/** Nations with an entry marker (2.1.2(2)). */
const MARKER: readonly string[] = ['US', 'SU', 'TU', 'SP'];
const track = (b: Board, n: string) => b.data.entryTracks.find((t) => t.nation === n)!;

// ---- 3.1.2 Diplomacy ------------------------------------------------------------------------------
/** 3.1.2③④⑤⑥, AMB-38: the nations a Diplomacy event of `side` may name. */
export function diplomacyChoices(b: Board, g: TRState, side: Side): string[] {
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
      if (side === 'axis' ? !g.natBel[n] && box < track(b, code).boxes.length - 1 : box > 0) out.push(code);
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

/** 3.1.2: the Diplomacy event of `side` on the nation `code`. */
export function diplomacy(b: Board, ctx: Ctx, g: TRState, side: Side, code: string): void {
  const n = b.nationIndex.get(code as never)!;
  if (code === 'FR') {
    enterWar(g, n, 'allies');
    ctx.log('France becomes an Allied belligerent again (3.1.2⑤).', { rule: '3.1.2⑤' });
    return;
  }
  if (MARKER.includes(code)) {
    const c = code as 'US' | 'SU' | 'TU' | 'SP';
    const last = track(b, c).boxes.length - 1;
    const wasEntry = g.entry[c] >= last;
    g.entry[c] += side === 'allies' && (c === 'TU' || c === 'SP') ? -1 : 1;
    ctx.log(
      `${sideName(side)} Diplomacy: the ${nationName(b, c)} entry marker moves to ${track(b, c).boxes[g.entry[c]]}.`,
      {
        rule: c === 'US' || c === 'SU' ? '3.1.2③' : '3.1.2④',
      },
    );
    if (g.entry[c] >= last) {
      // ③④: Entry -> belligerent at once
      enterWar(g, n, c === 'US' || c === 'SU' ? 'allies' : 'axis');
      ctx.log(`${nationName(b, c)} enters the war on the ${sideName(g.natSide[n]!)} side.`, {
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
          `${c} leaves Entry with foreign units on its soil: a violation, it is a ${sideName(camp)} belligerent for good (3.1.3(2)②).`,
          { rule: '3.1.3(2)②' },
        );
      } else ctx.log(`${c} becomes neutral again (AMB-30).`, { rule: '3.1.3(2)②' });
    }
    return;
  }
  enterWar(g, n, side); // ⑥
  ctx.log(`${nationName(b, code)} enters the war on the ${sideName(side)} side (3.1.2⑥).`, { rule: '3.1.2⑥' });
}

/** 3.1.2⑤: Vichy France needs an Axis-controlled Paris and France still Allied. */
export function vichyPossible(b: Board, g: TRState): boolean {
  const fr = b.nationIndex.get('FR')!;
  return ctrlSide(b, g, b.sp.paris) === 'axis' && g.natSide[fr] === 'allies';
}

/** 3.1.2⑤: France joins the Axis; the French units without the Vichy marking leave the map. */
export function vichy(b: Board, ctx: Ctx, g: TRState): void {
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

// ---- 3.1.3 violations of neutrality ---------------------------------------------------------------
/** A unit of `side` enters `area` (moves, retreats, air-attack targets): a neutral controller joins the other camp (3.1.3(1)). */
export function enterArea(
  b: Board,
  ctx: Ctx,
  g: TRState,
  area: number,
  side: Side,
  units: readonly number[] = [],
): void {
  const n = g.ctrl[area]!;
  if (n < 0 || g.natBel[n]) return;
  // 15.4(3), AMB-18: the Polish units set up in Brest and Galicia move there freely.
  const po = b.nationIndex.get('PO')!;
  if (b.sp.polishSpecial.includes(area) && units.length && units.every((u) => b.unitNation[u] === po)) return;
  const code = nationCode(n);
  let camp = other(side);
  if (code === 'SP' || code === 'TU') {
    // 3.1.3(2)①, AMB-9: for good
    if (g.options.spainTurkeyViolation === 'literal') camp = 'allies';
    g.natLocked[n] = true;
  }
  enterWar(g, n, camp);
  ctx.log(
    `${sideName(side)} units enter ${areaName(b, area)}: ${nationName(b, code)} becomes a belligerent of the ${sideName(camp)} (violation of neutrality, 3.1.3).`,
    { rule: '3.1.3(1)' },
  );
}
