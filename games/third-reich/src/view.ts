/**
 * What each role sees (2.3.2(4)): the opponent's usable deck and hand are counts, face-down cards
 * show only their SV (16.1.1, 16.1.2); and, for search, a full state consistent with a view.
 */
import { cloneState, randomIndex, type RngState, type Role } from '@sandtable/engine';
import type { Side } from './data/index.ts';
import type { Board } from './board.ts';
import { cardOf } from './cards.ts';
import { SIDES, type TRState, type TRView } from './state.ts';
import { sourceCount } from './world.ts';

export function view(b: Board, g: TRState, role: Role): TRView {
  // 2.3.2(4): the opponent's usable deck and hand are hidden; discards and the development pool are open.
  const v = cloneState(g) as unknown as TRView;
  for (const s of SIDES) {
    if (s !== role) {
      v.hand[s] = g.hand[s].length;
      v.deck[s] = g.deck[s].length;
      // 16.1.1, 16.1.2: face-down discards and (16.1.1(1)) the SV 3 / SV 4 development piles show only their SV.
      const fd = new Set(g.faceDown?.[s] ?? []);
      v.discard[s] = g.discard[s].map((c) => (fd.has(c) ? `facedown-sv${cardOf(b, c).sv}` : c));
      if (g.options.opt16_1_1) v.dev[s] = g.dev[s].map((c) => `facedown-sv${cardOf(b, c).sv}`).sort();
      if (v.faceDown) v.faceDown[s] = v.faceDown[s].map((c) => `facedown-sv${cardOf(b, c).sv}`);
    }
  }
  v.stack = g.stack.map((p) => (p.kind === 'hand' && p.side !== role ? { ...p, left: 0 } : p));
  return v;
}

/**
 * For search (AI): a full state consistent with `role`'s view. The opponent's hand, usable
 * deck and face-down cards (16.1.1/16.1.2) are drawn from the opponent's cards not seen
 * elsewhere, matching the announced SV of face-down cards; the opponent's hand-selection count
 * is recomputed from the sources (5.0(1)).
 */
export function determinize(b: Board, v: TRView, role: Role, rng: RngState): TRState {
  const g = cloneState(v) as unknown as TRState;
  for (const s of SIDES) {
    if (s === role) continue;
    const all = b.data.cards.filter((c) => c.side === s).map((c) => c.id);
    const seen = new Set<string>([...v.discard[s], ...v.dev[s]].filter((c) => !c.startsWith('facedown-')));
    if (g.op && g.op.card !== 'bank') seen.add(g.op.card);
    const pool = all.filter((c) => !seen.has(c));
    for (let i = pool.length - 1; i > 0; i--) {
      const j = randomIndex(rng, i + 1);
      [pool[i], pool[j]] = [pool[j]!, pool[i]!];
    }
    const take = (sv: number | null) => {
      const k = pool.findIndex((c) => sv === null || cardOf(b, c).sv === sv);
      return pool.splice(Math.max(k, 0), 1)[0]!;
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
