/**
 * Land movement (§12 L144-L156), air movement (§13 L162-L164), naval transport (§16 L176-L182)
 * and its interception (§17 L186-L194). A moving group steps area by area; after each step the
 * opponent gets a reaction window (AMB-46).
 */
import { call, end, type Refusal } from '@sandtable/engine';
import type { SUAction } from './actions.ts';
import type { FrameOf } from './frames.ts';
import type { SUDecision } from './handlers.ts';
import {
  AXIS,
  areaName,
  blocks,
  isLand,
  log,
  other,
  stackCount,
  tanksIn,
  unit,
  type Env,
  type Side,
  type SUState,
} from './state.ts';
import { supplyMap } from './supply.ts';
import { msg } from './texts/index.ts';
import { unitName, sideName } from './texts/names.ts';

/** Cubes in `a` free to start or join a move: not moved, not pinned by a partisan, not already in the group. */
export function freeCubes(g: SUState, side: Side, a: number, group?: Group): number {
  let k = g.cubes[side][a]! - g.moved[side][a]!;
  if (side === AXIS) k -= g.pins[a]!;
  if (group && group.at === a) k -= group.cubes;
  return Math.max(0, k);
}

function freeCounters(g: SUState, side: Side, a: number, group?: Group): string[] {
  const out: string[] = [];
  for (const u of g.units)
    if (u.loc === a && u.side === side && isLand(u.type) && !u.mv && !group?.ids.includes(u.id)) out.push(u.id);
  return out;
}

/** Origins the active player may select (§12 L152: movement is never compulsory). */
export function moveOrigins(E: Env, g: SUState, side: Side): number[] {
  const out: number[] = [];
  const sup = g.o.requireSupplyToMoveAttack ? supplyMap(E, g, side) : null;
  for (let a = 0; a < E.n; a++) {
    if (!E.m.passable[a]) continue;
    if (side === AXIS && g.blockade === a) continue; // §45 L452
    if (sup && !sup[a]) continue; // AMB-22 option
    if (freeCubes(g, side, a) > 0 || freeCounters(g, side, a).length > 0) out.push(a);
  }
  return out;
}

/** Why `side` may not start a move from area `id` (§12 L144-L154). */
export function refuseSelect(E: Env, g: SUState, side: Side, id: string): Refusal {
  const a = E.m.indexOf(id);
  if (a < 0 || !E.m.passable[a]) return { rule: '§2 L19', message: `no area ${id} where land units may be` };
  if (side === AXIS && g.blockade === a)
    return { rule: '§45 L452', message: 'no Axis unit may enter or leave the Blockade area this impulse' };
  if (g.o.requireSupplyToMoveAttack && !supplyMap(E, g, side)[a])
    return { rule: '§39 L402, AMB-22', message: 'units out of supply do not move (option)' };
  return {
    rule: '§12 L144-L154, §35 L372, AMB-32',
    message: 'none of your units there is free to move (each moves once per impulse; a drawn cube is pinned)',
  };
}

export function startGroup(g: SUState, side: Side, a: number): void {
  call(g.stack, { kind: 'group', side, origin: a, at: a, cubes: 0, ids: [], path: [a], shipped: false });
}

type Group = FrameOf<'group'>;

function groupTanks(g: SUState, d: Group): number {
  return d.ids.filter((id) => unit(g, id).type === 'tank').length;
}

/** Why a step from the group's area into `to` is illegal, or null. */
export function stepProblem(E: Env, g: SUState, d: Group, to: number): { rule: string; message: string } | null {
  const side = d.side;
  const at = d.at;
  if (!E.m.adj[at]!.includes(to)) {
    if (!E.m.passable[to]) return { rule: '§2 L19', message: 'land units may not enter Switzerland or the Balkans' };
    return { rule: '§12 L146', message: 'units move only between connected areas (white lines, white arrows)' };
  }
  if (d.path.includes(to))
    return { rule: '§12 L146, AMB-32', message: 'a group does not re-enter an area it already passed in this move' };
  if (blocks(g, to, side))
    return { rule: '§12 L150', message: 'land units may not enter or pass through an area occupied by enemy units' };
  if (side === AXIS && (g.blockade === to || g.blockade === at))
    return { rule: '§45 L452', message: 'no Axis unit may enter or leave the Blockade area this impulse' };
  const tanks = groupTanks(g, d);
  if (tanks && g.o.mountainTankEntryBanned && E.m.mountain[to])
    return { rule: '§2 L25, AMB-2', message: 'tanks may not move into mountain areas (option)' };
  if (tanks && tanksIn(g, to, side) + tanks > 2) return { rule: '§28 L296', message: 'at most 2 tanks in an area' };
  return null;
}

function shipTargets(E: Env, g: SUState, d: Group): number[] {
  const side = d.side;
  const size = d.cubes + d.ids.length;
  const at = d.at;
  if (d.shipped || !size || !E.m.seaAdjacent[at] || g.ctrl[at] !== side || g.transport[side] < size) return [];
  if (side === AXIS && g.blockade === at) return [];
  const tanks = groupTanks(g, d);
  const out: number[] = [];
  for (const b of E.seaAdj) {
    if (b === at || d.path.includes(b) || g.ctrl[b] !== side || blocks(g, b, side)) continue; // §16 L176
    if (side === AXIS && g.blockade === b) continue;
    if (tanks && tanksIn(g, b, side) + tanks > 2) continue;
    if (tanks && g.o.mountainTankEntryBanned && E.m.mountain[b]) continue;
    out.push(b);
  }
  return out;
}

/**
 * §12 L154: a moving group may split as it likes, leaving units along its route; §16 L176: after a
 * naval transport the carried units may go on by land separately. A unit may leave once the group
 * has moved (at its origin it was simply never added) and while another unit goes on (the last
 * one stops with the group).
 */
function mayDrop(d: Group): boolean {
  return d.path.length > 1 && d.cubes + d.ids.length > 1;
}

export const group: SUDecision<'group'> = {
  rule: '§12 L146-L154',
  role: (_E, _g, f) => f.side,
  prompt: (E, _g, f) => msg('su.group', { area: areaName(E, f.origin) }),
  actions: ['add', 'drop', 'step', 'ship', 'stop'],
  legal(E, g, d) {
    const side = d.side;
    const at = d.at;
    const ids = E.m.ids;
    const out: SUAction[] = [];
    if (!(side === AXIS && g.blockade === at)) {
      const free = freeCubes(g, side, at, d);
      if (free > 0) out.push({ type: 'add', unit: 'cube' });
      if (free > 1) out.push({ type: 'add', unit: 'allCubes' });
      for (const id of freeCounters(g, side, at, d)) out.push({ type: 'add', unit: id });
    }
    if (mayDrop(d)) {
      if (d.cubes > 0) out.push({ type: 'drop', unit: 'cube' });
      for (const id of d.ids) out.push({ type: 'drop', unit: id });
    }
    if (d.cubes + d.ids.length > 0) {
      for (const b of E.m.adj[at]!) if (!stepProblem(E, g, d, b)) out.push({ type: 'step', to: ids[b]! });
      for (const b of shipTargets(E, g, d)) out.push({ type: 'ship', to: ids[b]! });
    }
    out.push({ type: 'stop' });
    return out;
  },
  perform(E, ctx, g, d, a) {
    const side = d.side;
    const at = d.at;
    if (a.type === 'add') {
      if (a.unit === 'cube') d.cubes++;
      else if (a.unit === 'allCubes') d.cubes += freeCubes(g, side, at, d);
      else d.ids.push(a.unit);
      return;
    }
    if (a.type === 'drop') {
      // §12 L154: the group splits; the unit left here has made its move (AMB-32: one continuous move).
      if (a.unit === 'cube') {
        d.cubes--;
        g.moved[side][at] = g.moved[side][at]! + 1;
      } else {
        d.ids = d.ids.filter((id) => id !== a.unit);
        unit(g, a.unit).mv = true;
      }
      log(
        ctx,
        `${sideName(side)} leaves ${a.unit === 'cube' ? 'a cube' : unitName(E, a.unit)} in ${areaName(E, at)}; the group goes on`,
        '§12 L154',
      );
      return;
    }
    if (a.type === 'step' || a.type === 'ship') {
      const to = E.m.index(a.to);
      moveGroup(g, d, to);
      d.path.push(to);
      g.acted = true;
      if (a.type === 'step') {
        g.ctrl[to] = side; // §2 L32: the last player to move units through an area controls it (AMB-12)
        log(ctx, `${sideName(side)} group (${describeGroup(E, d)}) moves to ${areaName(E, to)}`, '§12 L146');
        if (g.o.bombingWindows === 'afterEachStep')
          call(g.stack, { kind: 'react', side: other(side), window: { at: 'move', into: to } });
      } else {
        const size = d.cubes + d.ids.length;
        g.transport[side] -= size; // §16 L176-L180
        d.shipped = true;
        log(
          ctx,
          `${sideName(side)} naval transport (${size} point(s)) of ${describeGroup(E, d)} to ${areaName(E, to)}; ${g.transport[side]} left`,
          '§16 L176',
        );
        call(g.stack, {
          kind: 'intercept',
          side: other(side),
          of: 'transport',
          target: to,
          chosen: [],
          repeat: g.o.interceptionPerOperation ? 1 : size,
        });
      }
      return;
    }
    // stop: the units have made their move this impulse (AMB-32).
    g.moved[side][at] = g.moved[side][at]! + d.cubes;
    for (const id of d.ids) unit(g, id).mv = true;
    end(g.stack);
  },
  refuse(E, g, d, a) {
    const size = d.cubes + d.ids.length;
    if (a.type === 'drop') {
      if (!mayDrop(d))
        return {
          rule: '§12 L154, AMB-32',
          message:
            d.path.length < 2
              ? 'units leave a group once it has moved (before that, simply do not add them)'
              : 'the last unit of a group stops with it: choose stop',
        };
      return {
        rule: '§12 L154',
        message: `${a.unit === 'cube' ? 'no cube' : unitName(E, a.unit)} is not in the moving group`,
      };
    }
    if (a.type === 'add') {
      if (d.side === AXIS && g.blockade === d.at)
        return { rule: '§45 L452', message: 'no Axis unit may enter or leave the Blockade area this impulse' };
      return {
        rule: '§12 L154, §35 L372, AMB-32',
        message: "only units in the group's area that have not moved this impulse join it (a drawn cube is pinned)",
      };
    }
    const to = E.m.indexOf(a.type === 'step' || a.type === 'ship' ? a.to : '');
    if (to < 0) return { rule: '§2 L19', message: `no area ${a.type === 'step' || a.type === 'ship' ? a.to : ''}` };
    if (size === 0) return { rule: '§12 L146', message: 'add units to the group first' };
    if (a.type === 'step') return stepProblem(E, g, d, to);
    if (d.shipped) return { rule: '§16 L176, AMB-32', message: 'one naval transport leg per move' };
    if (g.ctrl[to] !== d.side || g.ctrl[d.at] !== d.side)
      return {
        rule: '§16 L176',
        message:
          'naval transport only between areas controlled by the moving player (use a landing to enter enemy areas)',
      };
    if (!E.m.seaAdjacent[to] || !E.m.seaAdjacent[d.at])
      return { rule: '§16 L176', message: 'naval transport only between sea-adjacent areas' };
    if (g.transport[d.side] < size)
      return { rule: '§16 L178-L182', message: `only ${g.transport[d.side]} naval transport point(s) left this turn` };
    return {
      rule: '§16 L176, §12 L150, §28 L296, §45 L452',
      message: 'naval transport ends in a friendly area free of enemy units, within the tank and Blockade limits',
    };
  },
};

/**
 * Reconciles every moving group on the stack with the map (§12 L156, §30 L326, §35 L370, AMB-46).
 * A reaction between steps (a partisan drawing a cube, a bombing or interception loss, an event)
 * may take units out of the group's area: a counter no longer there leaves the group, and the group
 * keeps at most the cubes still there. A cube drawn or lost is taken from the area's other cubes
 * first; the group loses one only when no other is left (the moved/pinned counts shrink instead).
 * Run by `proceed` after every action, so a step never moves units that are gone.
 */
export function syncGroups(g: SUState): void {
  for (const d of g.stack) {
    if (d.kind !== 'group' || d.at < 0) continue;
    const side = d.side;
    const at = d.at;
    if (d.ids.some((id) => unit(g, id).loc !== at)) d.ids = d.ids.filter((id) => unit(g, id).loc === at);
    const here = g.cubes[side][at]!;
    if (d.cubes > here) d.cubes = here;
    const rest = here - d.cubes;
    if (g.moved[side][at]! > rest) g.moved[side][at] = rest;
    if (side === AXIS && g.pins[at]! > rest) g.pins[at] = rest;
  }
}

function moveGroup(g: SUState, d: Group, to: number): void {
  const side = d.side;
  const at = d.at;
  g.cubes[side][at] = g.cubes[side][at]! - d.cubes;
  g.cubes[side][to] = g.cubes[side][to]! + d.cubes;
  for (const id of d.ids) unit(g, id).loc = to;
  d.at = to;
}

export function describeGroup(E: Env, d: Group): string {
  const parts: string[] = [];
  if (d.cubes) parts.push(`${d.cubes} cube${d.cubes > 1 ? 's' : ''}`);
  parts.push(...d.ids.map((i) => unitName(E, i)));
  return parts.join(', ') || 'nothing';
}

/** Destinations of an air move (§13 L162): friendly, room under the stacking limit, Blockade. */
export function airDestinations(E: Env, g: SUState, id: string): number[] {
  const u = unit(g, id);
  const out: number[] = [];
  if (u.side === AXIS && g.blockade === u.loc) return out;
  for (let b = 0; b < E.n; b++) {
    if (b === u.loc || !E.m.passable[b] || g.ctrl[b] !== u.side || blocks(g, b, u.side)) continue;
    if (stackCount(g, b, u.side) >= 6) continue;
    if (u.side === AXIS && g.blockade === b) continue;
    out.push(b);
  }
  return out;
}

export const airDest: SUDecision<'airDest'> = {
  rule: '§13 L162-L164',
  role: (_E, _g, f) => f.side,
  prompt: (E, g, f) => msg('su.airDest', { unit: unitName(E, f.id), area: areaName(E, unit(g, f.id).loc) }),
  actions: ['fly', 'cancel'],
  legal(E, g, f) {
    return [...airDestinations(E, g, f.id).map((b) => ({ type: 'fly' as const, to: E.m.ids[b]! })), { type: 'cancel' }];
  },
  perform(E, ctx, g, f, a) {
    end(g.stack);
    if (a.type !== 'fly') return;
    const u = unit(g, f.id);
    u.loc = E.m.index(a.to);
    u.mv = true; // §13 L164: it cannot move again before the next impulse
    g.acted = true;
    log(ctx, `${unitName(E, u.id)} flies to ${areaName(E, u.loc)}`, '§13 L162');
  },
  refuse: () => ({
    rule: '§13 L162-L164',
    message: 'aircraft fly to friendly areas without exceeding stacking, once per impulse',
  }),
};

export function airMovers(g: SUState, side: Side): string[] {
  return g.units
    .filter(
      (u) =>
        u.side === side && u.type === 'aircraft' && u.loc >= 0 && !u.mv && !(side === AXIS && g.blockade === u.loc),
    )
    .map((u) => u.id);
}
