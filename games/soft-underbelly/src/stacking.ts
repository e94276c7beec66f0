/** Stacking (§3 L38-L40, AMB-33): checked at the end of each impulse; excess units must leave. */
import { call, end } from '@sandtable/engine';
import type { SUAction } from './actions.ts';
import type { SUDecision, SUStep } from './handlers.ts';
import {
  addCubes,
  areaName,
  eliminate,
  log,
  removeCubes,
  stackCount,
  stacks,
  tanksIn,
  unit,
  type Env,
  type Side,
  type SUState,
} from './state.ts';
import { msg } from './texts/index.ts';
import { unitName } from './texts/names.ts';

/** §3 L40: the first area of `side` over the limit, if any, must shed a unit. */
export const overflowCheck: SUStep<'overflowCheck'> = (E, _ctx, g, f) => {
  for (let a = 0; a < E.n; a++) {
    if (stackCount(g, a, f.side) > 6) {
      call(g.stack, { kind: 'overflow', side: f.side, area: a });
      return;
    }
  }
};

function overflowDest(E: Env, g: SUState, side: Side, from: number, isTank: boolean): number[] {
  return E.m.adj[from]!.filter(
    (b) => g.ctrl[b] === side && stackCount(g, b, side) < 6 && !(isTank && tanksIn(g, b, side) >= 2),
  );
}

export const overflow: SUDecision<'overflow'> = {
  rule: '§3 L38-L40, AMB-33',
  role: (_E, _g, f) => f.side,
  prompt: (E, _g, f) => msg('su.overflow', { area: areaName(E, f.area) }),
  actions: ['overflow'],
  legal(E, g, f) {
    const { side, area: a } = f;
    const out: SUAction[] = [];
    const kinds: string[] = [];
    if (g.cubes[side][a]) kinds.push('cube');
    for (const u of g.units) if (u.loc === a && u.side === side && stacks(u.type)) kinds.push(u.id);
    for (const k of kinds) {
      const tank = k !== 'cube' && unit(g, k).type === 'tank';
      const air = k !== 'cube' && unit(g, k).type === 'aircraft';
      const dests = air ? overflowDest(E, g, side, a, false) : overflowDest(E, g, side, a, tank);
      for (const b of dests) out.push({ type: 'overflow', unit: k, to: E.m.ids[b]! });
      if (!dests.length) out.push({ type: 'overflow', unit: k, to: '' });
    }
    return out;
  },
  perform(E, ctx, g, f, a) {
    if (a.type !== 'overflow') return;
    const { side, area: from } = f;
    end(g.stack);
    if (a.to === '') {
      if (g.o.stackOverflowNoRoom === 'stay') {
        log(ctx, `No adjacent friendly area has room: the excess stays in ${areaName(E, from)}`, 'AMB-33');
        return; // no further check this impulse for this side
      }
      if (a.unit === 'cube') removeCubes(g, side, from, 1);
      else eliminate(g, unit(g, a.unit));
      log(
        ctx,
        `Stacking: ${unitName(E, a.unit)} in ${areaName(E, from)} has no room and is eliminated`,
        '§3 L40, AMB-33',
      );
    } else {
      const to = E.m.index(a.to);
      if (a.unit === 'cube') {
        g.cubes[side][from]!--;
        addCubes(g, side, to, 1);
      } else unit(g, a.unit).loc = to;
      log(ctx, `Stacking: ${unitName(E, a.unit)} moves from ${areaName(E, from)} to ${areaName(E, to)}`, '§3 L40');
    }
    call(g.stack, { kind: 'overflowCheck', side });
  },
  refuse: (E, _g, f) => ({
    rule: '§3 L40, §28 L296, AMB-33',
    message: `excess units in ${areaName(E, f.area)} move to an adjacent friendly area with room (6 units, 2 tanks), or are eliminated when none has room`,
  }),
};
