/** Reinforcements (§9 L112-L116) and conversion (§10 L120-L128, §33, §34, §35). */
import type { Ctx } from '@sandtable/engine';
import type { SUAction } from './actions.ts';
import { decide, HANDLERS, pop, sys, SYS } from './flow.ts';
import { eventLegal, playEvent } from './events.ts';
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
  type Entry,
  type Env,
  type Side,
  type SUState,
} from './state.ts';

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

SYS.reinforcePhase = (E, _ctx, g) => {
  if (g.turn < 2) return; // §7 L87, §9 L114: from turn 2
  g.phase = 'reinforcements';
  const first = g.initiative;
  const second = first === ALLIES ? AXIS : ALLIES;
  if (g.o.reinforceThenConvertPerPlayer) {
    // AMB-24: each player places then converts, the initiative holder first (§47 L476-L478).
    sys(g, 'convertOf', { side: second });
    sys(g, 'reinforceOf', { side: second });
    sys(g, 'convertOf', { side: first });
    sys(g, 'reinforceOf', { side: first });
  } else {
    sys(g, 'convertOf', { side: second });
    sys(g, 'convertOf', { side: first });
    sys(g, 'reinforceOf', { side: second });
    sys(g, 'reinforceOf', { side: first });
  }
};

SYS.reinforceOf = (E, ctx, g, d) => {
  const side = d.side!;
  const due = E.d.reinforcements[side][g.turn - 1] ?? 0;
  let n = Math.min(due, g.pool[side]); // AMB-30
  if (g.o.shortfallAllOrNothing && g.pool[side] < due) n = 0;
  if (n < due) log(ctx, `${side}: only ${n} of ${due} reinforcement cubes available`, '§9 L116, AMB-30');
  decide(g, 'reinforce', side, '§9 L114', `place ${n} reinforcement cube(s)`, { side, n });
};

HANDLERS.reinforce = {
  autoPass: true,
  legal(E, g, d) {
    const side = d.side!;
    const out: SUAction[] = [];
    if (d.n! > 0) for (const a of reinforceAreas(E, g, side)) out.push({ type: 'place', area: E.m.ids[a]! });
    if (side === AXIS) out.push(...eventLegal(E, g, AXIS, 'reinforcement'));
    if (d.n === 0 || out.length === 0) out.push({ type: 'done' });
    return out;
  },
  perform(E, ctx, g, d, a) {
    if (a.type === 'place') {
      const area = E.m.index(a.area);
      addCubes(g, d.side!, area, 1);
      g.pool[d.side!]--;
      g.placed.push(area);
      d.n!--;
      d.prompt = `place ${d.n} reinforcement cube(s)`;
      log(ctx, `${d.side} places a reinforcement cube in ${areaName(E, area)}`, '§9 L114');
    } else if (a.type === 'event') {
      playEvent(E, ctx, g, d.side!, a);
    } else pop(g);
  },
};

SYS.convertOf = (_E, _ctx, g, d) => {
  if (g.turn < 2) return;
  decide(g, 'convert', d.side!, '§10 L120-L128', 'convert cubes into special units, or done', { side: d.side! });
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

export function convert(E: Env, ctx: Ctx, g: SUState, side: Side, a: Extract<SUAction, { type: 'convert' }>): void {
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
    `${side} converts ${cost} cube(s) in ${areaName(E, area)} into ${u.id}${a.to ? ` placed in ${areaName(E, u.loc)}` : ''}`,
    '§10 L124',
  );
}

HANDLERS.convert = {
  autoPass: true,
  legal(E, g, d) {
    return [...conversionOptions(E, g, d.side!, d.area), { type: 'done' }];
  },
  perform(E, ctx, g, d: Entry, a) {
    if (a.type === 'convert') convert(E, ctx, g, d.side!, a);
    else pop(g);
  },
};
