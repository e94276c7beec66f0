/**
 * Set-up (4.0): units in their printed areas, the rest in the pools, the SV 2 cards in the usable
 * decks and the SV 3/4 cards in the development pool, entry markers at START, initial control.
 */
import type { Ctx, Options } from '@sandtable/engine';
import { DEV, POOL, REMOVED, type Board } from './board.ts';
import type { TRState } from './state.ts';

/** The state at the start of turn 1, before the hands are chosen. */
export function initialState(b: Board, ctx: Ctx, options: Options): TRState {
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
  b.data.areas.forEach((a, ai) => {
    for (const s of a.setup) for (let i = 0; i < s.n; i++) take(b.counterIndex.get(s.counter)!, ai); // 4.0(2)
  });
  const natSide = b.nationSide0.slice();
  const natBel = b.nationStart.map((s) => s === 'belligerent');
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
  for (const c of b.data.cards) (c.sv === 2 ? g.deck : g.dev)[c.side].push(c.id); // 4.0(3), 4.0(4)⑦
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
  return g;
}
