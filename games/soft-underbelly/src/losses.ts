/**
 * Losses (§21 L228-L236) one absorption at a time, and retreat (§22 L240-L248): ① remove a cube,
 * ② flip a face-up counter, ③ remove a face-down counter, ④ remove a defensive line, ⑤ the
 * defender retreats all units 1-2 areas (absorbs exactly 1; not against bombing §30 L332 or
 * bombardment §25 L276; never the attacker §22 L246).
 */
import { call, end, type Ctx } from '@sandtable/engine';
import type { SUAction } from './actions.ts';
import type { FrameOf, LossContext } from './frames.ts';
import { nearest, passAlone, type SUDecision } from './handlers.ts';
import {
  AXIS,
  BATTLE,
  areaName,
  eliminate,
  hasUnits,
  isLand,
  lineIn,
  log,
  other,
  POOL,
  removeCubes,
  stackCount,
  tanksIn,
  unit,
  type Battle,
  type Env,
  type Side,
  type SUState,
  type Unit,
} from './state.ts';
import { msg } from './texts/index.ts';
import { unitName, sideName } from './texts/names.ts';

export type { LossContext };
type Loss = FrameOf<'loss'>;

/** `side` must absorb `n` losses in `area` (none when `n` is 0). */
export function pushLoss(g: SUState, side: Side, n: number, of: LossContext, area: number): void {
  if (n > 0) call(g.stack, { kind: 'loss', side, n, of, area });
}

/** The rule that sends the losses. */
function lossRule(g: SUState, f: Loss): string {
  switch (f.of) {
    case 'battle':
      return f.side === g.battle?.attacker ? '§21 L228-L234, §22 L246' : '§21 L228-L236';
    case 'bomb':
      return '§30 L332';
    case 'bombard':
      return '§25 L276';
    case 'landing':
      return '§26 L288, §21 ①-③';
    default:
      return '§17 L192-L194, AMB-8';
  }
}

interface Absorbers {
  cubes: { from: string; area: number; k: number }[];
  flip: Unit[];
  remove: Unit[];
  line: boolean;
}

function canAbsorb(E: Env, g: SUState, u: Unit, area: number, intercept: boolean): 'flip' | 'remove' | null {
  if (u.type === 'partisan' || u.type === 'fleet' || u.type === 'uboat') return null; // §35 L374, §37 L384, §38 L394
  if (
    u.type === 'tank' &&
    area >= 0 &&
    E.m.mountain[area] &&
    !g.o.mountainTanksAbsorbLosses &&
    g.battle?.target === area
  )
    return null; // AMB-1
  if (intercept && !g.o.interceptionLossUsesLossRules) return 'remove'; // AMB-8
  if (u.type === 'paratroops' && g.o.paratroopsRemovalOnly) return 'remove'; // AMB-14
  return u.up ? 'flip' : 'remove';
}

function absorbers(E: Env, g: SUState, d: Loss): Absorbers {
  const side = d.side;
  const kind = d.of;
  const out: Absorbers = { cubes: [], flip: [], remove: [], line: false };
  const addUnit = (u: Unit, area: number, intercept = false) => {
    const how = canAbsorb(E, g, u, area, intercept);
    if (how === 'flip') out.flip.push(u);
    else if (how === 'remove') out.remove.push(u);
  };
  const b = g.battle;
  if (kind === 'transport') {
    const grp = nearest(g, 'group')!;
    if (grp.cubes) out.cubes.push({ from: E.m.ids[grp.at]!, area: grp.at, k: grp.cubes });
    for (const id of grp.ids) addUnit(unit(g, id), grp.at, true);
    return out;
  }
  if (kind === 'landing' || (kind === 'battle' && b && b.attacker === side)) {
    const att = b!.att;
    att.from.forEach((a, i) => {
      if (att.cubes[i]! > 0) out.cubes.push({ from: a < 0 ? 'sea' : E.m.ids[a]!, area: a, k: att.cubes[i]! });
    });
    for (const id of att.ids) {
      const u = unit(g, id);
      if (u.loc >= 0 || u.loc === BATTLE) addUnit(u, b!.target, kind === 'landing');
    }
    if (kind === 'battle' && g.o.supportingAircraftAbsorbLosses && att.air) addUnit(unit(g, att.air), b!.target);
    return out;
  }
  // Units in the area: bombing, bombardment, or the defender of a battle.
  const area = d.area;
  if (g.cubes[side][area]! > 0) out.cubes.push({ from: E.m.ids[area]!, area, k: g.cubes[side][area]! });
  for (const u of g.units) if (u.loc === area && u.side === side) addUnit(u, area);
  if (kind === 'battle' && b && g.o.supportingAircraftAbsorbLosses && b.def.air) {
    const u = unit(g, b.def.air);
    if (u.loc !== area) addUnit(u, area);
  }
  out.line = side === AXIS && lineIn(g, area);
  return out;
}

/** Land retreat destinations within 2 areas through friendly-controlled areas (§22 L242, AMB-35). */
export function retreatAreas(E: Env, g: SUState, side: Side, from: number, tank = false): number[] {
  if (side === AXIS && g.blockade === from && g.o.blockadeBlocksRetreat) return []; // AMB-38
  const ok = (a: number) =>
    E.m.passable[a]! &&
    g.ctrl[a] === side &&
    !hasUnits(g, a, other(side)) &&
    !(side === AXIS && g.blockade === a) &&
    a !== from;
  const reached = E.m.flood(from, ok, { maxHops: 2 });
  const out: number[] = [];
  for (let a = 0; a < E.n; a++) {
    if (a === from || !reached[a]) continue;
    if (!tank || (tanksIn(g, a, side) < 2 && !(g.o.mountainTankEntryBanned && E.m.mountain[a]))) out.push(a);
  }
  return out;
}

/** Air retreat/evasion destinations: any friendly area with room (§29 L318-L320, §13 L162). */
export function airRetreatAreas(E: Env, g: SUState, side: Side, from: number): number[] {
  if (side === AXIS && g.blockade === from && g.o.blockadeBlocksRetreat) return [];
  const out: number[] = [];
  for (let a = 0; a < E.n; a++) {
    if (
      a === from ||
      !E.m.passable[a] ||
      g.ctrl[a] !== side ||
      hasUnits(g, a, other(side)) ||
      stackCount(g, a, side) >= 6
    )
      continue;
    if (side === AXIS && g.blockade === a) continue;
    out.push(a);
  }
  return out;
}

/** Can the defender retreat out of the battle area at all (⑤, D-09)? */
export function canRetreat(E: Env, g: SUState, b: Battle): boolean {
  const side = other(b.attacker);
  const t = b.target;
  if (side === AXIS && g.blockade === t && g.o.blockadeBlocksRetreat) return false;
  const land = g.cubes[side][t]! > 0 || g.units.some((u) => u.loc === t && u.side === side && isLand(u.type));
  if (land) return retreatAreas(E, g, side, t).length > 0;
  return (
    g.units.some((u) => u.loc === t && u.side === side && u.type === 'aircraft') &&
    airRetreatAreas(E, g, side, t).length > 0
  );
}

export const loss: SUDecision<'loss'> = passAlone({
  rule: '§21 L228-L236',
  ruleOf: (_E, g, f) => lossRule(g, f),
  role: (_E, _g, f) => f.side,
  prompt: (E, _g, f) => msg(f.n > 1 ? 'su.loss.many' : 'su.loss.one', { n: f.n, area: areaName(E, f.area) }),
  actions: ['loss', 'done'],
  legal(E, g, d) {
    const ab = absorbers(E, g, d);
    const out: SUAction[] = [];
    for (const c of ab.cubes) out.push({ type: 'loss', unit: 'cube', from: c.from });
    for (const u of ab.flip) out.push({ type: 'loss', unit: u.id });
    for (const u of ab.remove) out.push({ type: 'loss', unit: u.id });
    if (ab.line) out.push({ type: 'loss', unit: 'line' });
    const b = g.battle;
    if (d.of === 'battle' && b && d.side !== b.attacker && d.n === 1 && canRetreat(E, g, b))
      out.push({ type: 'loss', unit: 'retreat' });
    if (!out.length) out.push({ type: 'done' }); // nothing left to absorb: the rest are ignored
    return out;
  },
  perform(E, ctx, g, d, a) {
    if (a.type !== 'loss') {
      log(ctx, `${sideName(d.side)} has nothing left to absorb ${d.n} loss(es)`, '§21');
      end(g.stack);
      return;
    }
    applyLoss(E, ctx, g, d, a);
    if (a.unit === 'retreat') return;
    d.n--;
    if (d.n <= 0 && g.stack.at(-1) === d) end(g.stack);
  },
  refuse(_E, g, d, a) {
    if (a.type !== 'loss') return { rule: '§21 L228', message: 'losses are absorbed while a unit can absorb them' };
    if (a.unit === 'retreat') {
      if (g.battle && g.battle.attacker === d.side)
        return { rule: '§22 L246', message: 'the attacker can never retreat to absorb losses' };
      if (d.of === 'bomb') return { rule: '§30 L330-L332', message: 'no retreat against bombing' };
      if (d.of === 'bombard')
        return { rule: '§25 L276', message: 'naval bombardment losses cannot be absorbed by retreat' };
      if (d.of !== 'battle') return { rule: '§21 ⑤ L236', message: 'only the defender of a battle retreats' };
      if (d.n !== 1)
        return { rule: '§22 L242, §21 ⑤', message: 'retreat absorbs exactly one loss: absorb the others first' };
      return {
        rule: '§22 L242',
        message: 'no friendly area to retreat into (never enemy-occupied or enemy-controlled)',
      };
    }
    if (a.unit === 'line') return { rule: '§21 ④ L235, §36 L378', message: 'no defensive line of yours is there' };
    return {
      rule: '§21 L228-L236, §35 L374, §37 L384',
      message:
        'absorb with your units in the fight: ① a cube, ② flip a face-up counter, ③ remove a face-down one (never partisans, fleets or the U-boat)',
    };
  },
});

function applyLoss(E: Env, ctx: Ctx, g: SUState, d: Loss, a: Extract<SUAction, { type: 'loss' }>): void {
  const side = d.side;
  const b = g.battle;
  if (a.unit === 'cube') {
    if (d.of === 'transport') {
      const grp = nearest(g, 'group')!;
      removeCubes(g, side, grp.at, 1);
      grp.cubes--;
    } else if (b && (d.of === 'landing' || (d.of === 'battle' && b.attacker === side))) {
      const from = a.from === 'sea' ? -1 : E.m.index(a.from!);
      const i = b.att.from.indexOf(from);
      b.att.cubes[i]!--;
      if (from >= 0) removeCubes(g, side, from, 1);
      else g.pool[side]++;
    } else removeCubes(g, side, d.area, 1);
    log(ctx, `${sideName(side)} removes a cube (${a.from})`, '§21 ① L232');
    return;
  }
  if (a.unit === 'line') {
    g.lines[g.lines.indexOf(d.area)] = POOL;
    log(ctx, `Axis removes the defensive line in ${areaName(E, d.area)}`, '§21 ④ L235, §36 L378');
    return;
  }
  if (a.unit === 'retreat') {
    // ⑤: the defender retreats all units; absorbs exactly one loss (§22 L242).
    end(g.stack);
    b!.retreated = true;
    log(
      ctx,
      `${sideName(side)} absorbs the last loss by retreating every unit from ${areaName(E, b!.target)}`,
      '§21 ⑤ L236, §22 L240-L242',
    );
    call(g.stack, { kind: 'retreat', side, area: b!.target, mode: 'total', asLoss: true, dest: null });
    return;
  }
  const u = unit(g, a.unit);
  const intercept = d.of === 'transport' || d.of === 'landing';
  const how = canAbsorb(E, g, u, d.area, intercept);
  if (how === 'flip') {
    u.up = false;
    if (b && g.o.tankSupportLapsesWhenFlipped) {
      if (b.att.tank === u.id) b.att.tank = null; // AMB-7: it fights directly from the next round
      if (b.def.tank === u.id) b.def.tank = null;
    }
    log(
      ctx,
      `${sideName(side)} flips ${unitName(E, u.id)} face-down`,
      u.type === 'elite' ? '§21 ② L233, §33 L350' : '§21 ② L233',
    );
  } else {
    eliminate(g, u);
    if (b) b.att.ids = b.att.ids.filter((x) => x !== u.id);
    log(ctx, `${sideName(side)} removes ${unitName(E, u.id)}`, '§21 ③ L234');
  }
}

/** Units of the retreating side still in the battle area. */
function retreatUnits(g: SUState, side: Side, t: number): { cubes: number; ids: string[] } {
  return {
    cubes: g.cubes[side][t]!,
    ids: g.units
      .filter((u) => u.loc === t && u.side === side && (isLand(u.type) || u.type === 'aircraft'))
      .map((u) => u.id),
  };
}

export const retreat: SUDecision<'retreat'> = passAlone({
  rule: '§22 L240-L248',
  role: (_E, _g, f) => f.side,
  prompt: (E, _g, f) => msg(f.asLoss ? 'su.retreat.every' : 'su.retreat.units', { area: areaName(E, f.area) }),
  actions: ['retreat', 'done'],
  legal(E, g, d) {
    const side = d.side;
    const t = d.area;
    const ids = E.m.ids;
    const left = retreatUnits(g, side, t);
    const out: SUAction[] = [];
    const fixed = d.dest ?? -1; // AMB-35 option: one destination
    const land = retreatAreas(E, g, side, t).filter((a) => fixed < 0 || a === fixed);
    if (left.cubes) {
      for (const a of land) {
        out.push({ type: 'retreat', unit: 'cube', to: ids[a]! });
        if (left.cubes > 1) out.push({ type: 'retreat', unit: 'allCubes', to: ids[a]! });
      }
    }
    for (const id of left.ids) {
      const u = unit(g, id);
      const dests =
        u.type === 'aircraft'
          ? airRetreatAreas(E, g, side, t)
          : retreatAreas(E, g, side, t, u.type === 'tank').filter((a) => fixed < 0 || a === fixed);
      for (const a of dests) out.push({ type: 'retreat', unit: id, to: ids[a]! });
      if (!dests.length && d.mode === 'total') out.push({ type: 'retreat', unit: id, to: '' });
    }
    if (!out.length && left.cubes && d.mode === 'total') out.push({ type: 'retreat', unit: 'allCubes', to: '' });
    if (d.mode !== 'total' || (!left.cubes && !left.ids.length)) out.push({ type: 'done' });
    return out;
  },
  perform(E, ctx, g, d, a) {
    const side = d.side;
    const t = d.area;
    if (a.type !== 'retreat') {
      end(g.stack);
      if (g.battle && !hasUnits(g, t, side)) g.battle.retreated = true;
      if (g.battle && d.mode !== 'total' && hasUnits(g, t, side))
        log(ctx, `${sideName(side)} ends the partial retreat`, '§19 L208, AMB-3');
      return;
    }
    if (a.to === '') {
      if (a.unit === 'allCubes' || a.unit === 'cube')
        removeCubes(g, side, t, a.unit === 'cube' ? 1 : g.cubes[side][t]!);
      else eliminate(g, unit(g, a.unit));
      log(ctx, `${unitName(E, a.unit)} cannot retreat anywhere and is eliminated`, '§22 L242');
      return;
    }
    const to = E.m.index(a.to);
    if (!g.o.retreatMaySplit) d.dest = to;
    if (a.unit === 'cube' || a.unit === 'allCubes') {
      const k = a.unit === 'cube' ? 1 : g.cubes[side][t]!;
      g.cubes[side][t] = g.cubes[side][t]! - k;
      g.cubes[side][to] = g.cubes[side][to]! + k;
      log(ctx, `${sideName(side)} retreats ${k} cube(s) to ${areaName(E, to)}`, '§22 L242');
    } else {
      const u = unit(g, a.unit);
      u.loc = to;
      if (u.type === 'aircraft') u.up = false; // §19 L206, §29 L320: an aircraft leaving by air flips
      log(
        ctx,
        `${sideName(side)} retreats ${unitName(E, u.id)} to ${areaName(E, to)}`,
        u.type === 'aircraft' ? '§29 L318-L320' : '§22 L242',
      );
    }
  },
  refuse(_E, _g, d, a) {
    if (a.type !== 'retreat') return { rule: '§22 L240', message: 'a total retreat moves every unit out of the area' };
    if (d.dest !== null)
      return {
        rule: '§22 L242, AMB-35',
        message: 'the retreating units all go to the same area (option retreatMaySplit)',
      };
    return {
      rule: '§22 L242, §28 L296, §29 L318-L320',
      message:
        'land units retreat 1-2 areas through friendly-controlled areas free of enemy units (2 tanks an area); aircraft to a friendly area with room',
    };
  },
});
