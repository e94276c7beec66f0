/** Reinforcements (§9 L112-L116) and conversion (§10 L120-L128, §33, §34, §35). */
import { call, end, type Ctx, type Refusal } from '@sandtable/engine';
import type { SUAction } from './actions.ts';
import { eventLegal, playEvent, refuseEvent } from './events.ts';
import { callInOrder, passAlone, type SUDecision, type SUStep } from './handlers.ts';
import { supplyMap } from './supply.ts';
import {
  addCubes,
  ALLIES,
  AXIS,
  areaName,
  log,
  POOL,
  removeCubes,
  tanksIn,
  hasUnits,
  type CounterType,
  type Env,
  type Side,
  type SUState,
} from './state.ts';
import { msg } from './texts/index.ts';
import { unitName, sideName } from './texts/names.ts';

/** Where `side` may place reinforcement cubes (§9 L114, AMB-31). */
export function reinforceAreas(E: Env, g: SUState, side: Side): number[] {
  const m = E.m;
  const sup = supplyMap(E, g, side);
  const out: number[] = [];
  for (let a = 0; a < E.n; a++) {
    if (!m.passable[a] || g.ctrl[a] !== side || !sup[a]) continue;
    if (side === ALLIES) {
      if (m.seaAdjacent[a]) out.push(a);
    } else if (!m.africa[a] && !m.island[a] && !(g.o.sicilyIsIsland && a === E.sicily)) out.push(a);
  }
  return out;
}

/** The reinforcement phase (§7 L99-L101, §9, §10), from turn 2 (§7 L87, §9 L114). */
export const reinforcePhase: SUStep<'reinforcePhase'> = (_E, _ctx, g) => {
  if (g.turn < 2) return;
  g.phase = 'reinforcements';
  const first = g.initiative;
  const second = first === ALLIES ? AXIS : ALLIES;
  if (g.o.reinforceThenConvertPerPlayer) {
    // AMB-24: each player places then converts, the initiative holder first (§47 L476-L478).
    callInOrder(
      g,
      { kind: 'reinforceOf', side: first },
      { kind: 'convertOf', side: first },
      { kind: 'reinforceOf', side: second },
      { kind: 'convertOf', side: second },
    );
  } else {
    callInOrder(
      g,
      { kind: 'reinforceOf', side: first },
      { kind: 'reinforceOf', side: second },
      { kind: 'convertOf', side: first },
      { kind: 'convertOf', side: second },
    );
  }
};

/** §9 L114-L116: the cubes due this turn, as far as the pool allows (AMB-30). */
export const reinforceOf: SUStep<'reinforceOf'> = (E, ctx, g, f) => {
  const side = f.side;
  const due = E.d.reinforcements[side][g.turn - 1] ?? 0;
  let n = Math.min(due, g.pool[side]); // AMB-30
  if (g.o.shortfallAllOrNothing && g.pool[side] < due) n = 0;
  if (n < due) log(ctx, `${sideName(side)}: only ${n} of ${due} reinforcement cubes available`, '§9 L116, AMB-30');
  call(g.stack, { kind: 'reinforce', side, n });
};

export const reinforce: SUDecision<'reinforce'> = passAlone({
  rule: '§9 L114',
  role: (_E, _g, f) => f.side,
  prompt: (_E, _g, f) => msg('su.reinforce', { n: f.n }),
  actions: ['place', 'event', 'done'],
  legal(E, g, f) {
    const side = f.side;
    const out: SUAction[] = [];
    if (f.n > 0) for (const a of reinforceAreas(E, g, side)) out.push({ type: 'place', area: E.m.ids[a]! });
    if (side === AXIS) out.push(...eventLegal(E, g, AXIS, 'reinforcement'));
    if (f.n === 0 || out.length === 0) out.push({ type: 'done' });
    return out;
  },
  perform(E, ctx, g, f, a) {
    if (a.type === 'place') {
      const area = E.m.index(a.area);
      addCubes(g, f.side, area, 1);
      g.pool[f.side]--;
      g.placed.push(area);
      f.n--;
      log(ctx, `${sideName(f.side)} places a reinforcement cube in ${areaName(E, area)}`, '§9 L114');
    } else if (a.type === 'event') {
      playEvent(E, ctx, g, f.side, a);
    } else end(g.stack);
  },
  refuse(E, g, f, a) {
    if (a.type === 'place') return refusePlace(g, f.side, f.n);
    if (a.type === 'event') return refuseEvent(E, g, f.side, a, 'reinforcement');
    return { rule: '§9 L114', message: `place the ${f.n} reinforcement cube(s) first` };
  },
});

/**
 * Why placing a reinforcement cube is refused: `left` cubes are still to place in a pending
 * reinforcement decision of `side` (0 when none is pending).
 */
export function refusePlace(g: SUState, side: Side, left: number): Refusal {
  if (g.turn < 2) return { rule: '§7 L87, §9 L114', message: 'reinforcements arrive from turn 2' };
  if (left <= 0)
    return {
      rule: '§7 L99-L101, §9 L114',
      message: 'reinforcement cubes are placed in the reinforcement phase, as due',
    };
  if (side === ALLIES)
    return { rule: '§9 L114', message: 'Allied reinforcements go to friendly, supplied, sea-adjacent areas' };
  return {
    rule: '§9 L114, AMB-31',
    message: 'Axis reinforcements go to friendly, supplied areas in Europe, not on islands',
  };
}

/** §10: conversion in the reinforcement phase (from turn 2). */
export const convertOf: SUStep<'convertOf'> = (_E, _ctx, g, f) => {
  if (g.turn < 2) return;
  call(g.stack, { kind: 'convert', side: f.side, area: null });
};

/** Conversion options for `side`, optionally limited to one area (event cubes, AMB-23). */
export function conversionOptions(E: Env, g: SUState, side: Side, only?: number): SUAction[] {
  const m = E.m;
  const sup = supplyMap(E, g, side);
  const kinds = new Map<string, string>();
  for (const u of g.units) {
    if (u.side !== side || u.loc !== POOL) continue;
    const key = `${u.type}:${u.nat}`;
    if (!kinds.has(key)) kinds.set(key, u.id);
  }
  const out: SUAction[] = [];
  for (let a = 0; a < E.n; a++) {
    if (only !== undefined && a !== only) continue;
    if (!m.passable[a] || g.ctrl[a] !== side || g.cubes[side][a] === 0) continue;
    if (only === undefined && !sup[a]) continue; // AMB-23: any supplied friendly area (event cubes: their own area)
    if (only === undefined && !g.o.conversionAnySuppliedArea && !g.placed.includes(a)) continue;
    for (const id of kinds.values()) {
      const u = g.units.find((x) => x.id === id)!;
      const cost = E.cost[side][u.type];
      if (cost === undefined || g.cubes[side][a]! < cost) continue;
      if (!convertible(E, g, side, u.type, a)) continue;
      if (u.type === 'partisan') {
        for (const t of partisanHomes(E, g)) out.push({ type: 'convert', area: m.ids[a]!, id, to: m.ids[t]! });
      } else out.push({ type: 'convert', area: m.ids[a]!, id });
    }
  }
  return out;
}

function convertible(_E: Env, g: SUState, side: Side, t: CounterType, a: number): boolean {
  switch (t) {
    case 'tank':
      return tanksIn(g, a, side) < 2; // §28 L296, D-33
    case 'aircraft':
      return side === AXIS || g.airConverted < 1; // §10 L126
    case 'paratroops':
      return side === ALLIES && !g.overlord; // §34 L356
    case 'partisan':
      return side === ALLIES && g.italy; // §35 L366
    case 'elite':
      return side === AXIS; // §33 L350
    default:
      return false;
  }
}

/** Pale-blue-triangle areas controlled by the Axis (§35 L368; AMB-11 option for occupied ones). */
export function partisanHomes(E: Env, g: SUState): number[] {
  const out: number[] = [];
  for (let a = 0; a < E.n; a++) {
    if (!E.m.partisanTriangle[a] || g.ctrl[a] !== AXIS) continue;
    if (!g.o.partisansCoexistWithEnemy && hasUnits(g, a, AXIS)) continue;
    out.push(a);
  }
  return out;
}

export function convertUnits(
  E: Env,
  ctx: Ctx,
  g: SUState,
  side: Side,
  a: Extract<SUAction, { type: 'convert' }>,
): void {
  const area = E.m.index(a.area);
  const u = g.units.find((x) => x.id === a.id)!;
  const cost = E.cost[side][u.type]!;
  removeCubes(g, side, area, cost); // §10 L124: the cubes return to the pool
  u.loc = a.to ? E.m.index(a.to) : area;
  u.up = true;
  u.mv = false;
  u.ft = false;
  if (u.type === 'aircraft' && side === ALLIES) g.airConverted++;
  log(
    ctx,
    `${sideName(side)} converts ${cost} cube(s) in ${areaName(E, area)} into ${unitName(E, u.id)}${a.to ? ` placed in ${areaName(E, u.loc)}` : ''}`,
    '§10 L124',
  );
}

/** Conversion (§10 L120-L128), or of the cubes of a Reinforcements event in their area (§45 L440, §46 L458). */
export const convert: SUDecision<'convert'> = passAlone({
  rule: '§10 L120-L128',
  ruleOf: (_E, _g, f) => (f.area === null ? '§10 L120-L128' : f.side === ALLIES ? '§45 L440' : '§46 L458'),
  role: (_E, _g, f) => f.side,
  prompt: (E, _g, f) =>
    f.area === null ? msg('su.convert.phase') : msg('su.convert.event', { area: areaName(E, f.area) }),
  actions: ['convert', 'done'],
  legal(E, g, f) {
    return [...conversionOptions(E, g, f.side, f.area ?? undefined), { type: 'done' }];
  },
  perform(E, ctx, g, f, a) {
    if (a.type === 'convert') convertUnits(E, ctx, g, f.side, a);
    else end(g.stack);
  },
  refuse(E, g, f, a) {
    return a.type === 'convert' ? refuseConvert(E, g, f.side, a, true) : null;
  },
});

/** Why a conversion is refused; `pending` when a conversion decision of `side` is on top. */
export function refuseConvert(
  E: Env,
  g: SUState,
  side: Side,
  a: Extract<SUAction, { type: 'convert' }>,
  pending: boolean,
): Refusal {
  const u = g.units.find((x) => x.id === a.id);
  if (g.turn < 2) return { rule: '§7 L87, §10', message: 'conversion happens from turn 2' };
  if (!pending)
    return {
      rule: '§7 L99-L101, §10 L120, §45 L440, §46 L458',
      message: 'conversion happens in the reinforcement phase (or right after a Reinforcements event)',
    };
  if (!u || u.side !== side || u.loc !== POOL)
    return {
      rule: '§10 L124',
      message: 'only your counters in the pool (never used, or eliminated) can be brought in',
    };
  if (u.type === 'paratroops' && g.overlord)
    return { rule: '§34 L356, §43 L424', message: 'paratroops only before Overlord' };
  if (u.type === 'partisan' && !g.italy)
    return { rule: '§35 L366', message: 'partisans only after the Italian surrender' };
  if (u.type === 'aircraft' && side === ALLIES && g.airConverted >= 1)
    return { rule: '§10 L126', message: 'the Allies may not bring in more than one aircraft per turn' };
  if (u.type === 'tank')
    return { rule: '§28 L296', message: 'at most 2 tanks per area (and enough cubes in a supplied area)' };
  return {
    rule: '§10 L120-L128, AMB-23',
    message: `a ${u.type} costs ${E.cost[side][u.type] ?? '?'} cube(s) in a friendly, supplied area (event cubes: their own area)`,
  };
}
