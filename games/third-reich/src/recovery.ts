/**
 * Recovery (13.0): used units of each belligerent nation turn face up, as many as the land areas
 * it controls (13.0(1)), the player choosing when more are eligible (13.0(2)); the exceptions of
 * the USSR in winter (15.2(2)), the US (15.3(5)) and Yugoslavia (15.5(2)). Withdrawal to the pool
 * at the end of the turn (5.0(4)③).
 */
import { call, end, type Ctx } from '@sandtable/engine';
import type { Side } from './data/index.ts';
import { nationCode, POOL, type Board } from './board.ts';
import { bySide, type TRDecision } from './actions.ts';
import type { PendingOf, TRState } from './state.ts';
import { ctrlSide, friendlyUnit, landAreasOf, locField, recoverable } from './world.ts';
import { msg } from './texts/index.ts';
import { nationName, nationAdjective } from './texts/names.ts';

/** 13.0: recovery of `side`'s nations (at the end of the turn, 5.0(4)②, and by the Supply event). */
export function recovery(
  b: Board,
  ctx: Ctx,
  g: TRState,
  side: Side,
  winterTurn = b.data.turns[g.turn - 1]!.winter,
): void {
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
      ctx.log(`${nationName(b, nationCode(n))}: ${free.length} units recover without regard to the count.`, {
        rule: n === su ? '15.2(2)' : n === us ? '15.3(5)' : '15.5(2)',
      });
    if (eligible.length <= quota) {
      for (const u of eligible) g.used[u] = 0;
      if (eligible.length)
        ctx.log(`${nationName(b, nationCode(n))}: ${eligible.length} units recover (${quota} land areas).`, {
          rule: '13.0',
        });
    } else call(g.stack, { kind: 'recover', side, nation: n, left: quota });
    quota = 0;
  }
}

/** One unit per (counter kind, area): identical choices are listed once. */
export function dedupeUnits(b: Board, g: TRState, units: number[]): number[] {
  const seen = new Set<string>();
  return units.filter((u) => {
    const k = `${b.unitKind[u]}@${g.loc[u]}`;
    if (seen.has(k)) return false;
    seen.add(k);
    return true;
  });
}

function recoverChoices(b: Board, g: TRState, p: PendingOf<'recover'>): number[] {
  return dedupeUnits(b, g, recoverable(b, g, p.nation));
}

/** 13.0(2): choose the used units of a nation that recover, up to its land areas. */
export const recoverDecision: TRDecision<'recover'> = {
  rule: '13.0(2)',
  role: bySide,
  prompt: (_b, _g, f) => msg('tr.recover', { n: f.left, nation: nationCode(f.nation) }),
  actions: ['recover', 'endRecovery'],
  legal: (b, g, f) => [
    ...recoverChoices(b, g, f).map((unit) => ({ type: 'recover' as const, unit })),
    { type: 'endRecovery' },
  ],
  perform(_b, _ctx, g, f, a) {
    if (a.type === 'recover') {
      g.used[a.unit] = 0;
      f.left--;
    }
    if (a.type === 'endRecovery') end(g.stack);
  },
  refuse: (_b, _g, f) => ({
    rule: '13.0(1)',
    message: `only used ${nationAdjective(nationCode(f.nation))} units with a line of communication (3.5) to an area the nation controls (submarines always)`,
  }),
  /** The choice is over when the quota is used up or nothing is left to recover. */
  auto(b, _ctx, g, f) {
    if (f.left > 0 && recoverChoices(b, g, f).length !== 0) return false;
    end(g.stack);
    return true;
  },
};

// ---- 5.0(4)③ withdrawal ---------------------------------------------------------------------------------
/** Units `side` may return to the pool: GE, IT, UK, SU, US units (5.0(4)③), AMB-35. */
export function withdrawable(b: Board, g: TRState, side: Side): number[] {
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
  return dedupeUnits(b, g, out);
}

/** The withdrawal step: a decision only when there is something to withdraw. */
export function withdrawal(b: Board, g: TRState, side: Side): void {
  if (withdrawable(b, g, side).length) call(g.stack, { kind: 'withdraw', side });
}

/** 5.0(4)③: return units to the mobilization pool, or finish. */
export const withdrawDecision: TRDecision<'withdraw'> = {
  rule: '5.0(4)③',
  role: bySide,
  prompt: () => msg('tr.withdraw'),
  actions: ['withdraw', 'endWithdrawal'],
  legal: (b, g, f) => [
    ...withdrawable(b, g, f.side).map((unit) => ({ type: 'withdraw' as const, unit })),
    { type: 'endWithdrawal' },
  ],
  perform(_b, _ctx, g, _f, a) {
    if (a.type === 'withdraw') {
      g.loc[a.unit] = POOL;
      g.used[a.unit] = 0;
    }
    if (a.type === 'endWithdrawal') end(g.stack);
  },
  refuse: () => ({
    rule: '5.0(4)③',
    message: 'only German, Italian, British, Soviet and US units, leaving a unit in each own-flag area (AMB-35)',
  }),
};
