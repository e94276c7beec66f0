/** The Axis free set-up (§5 L67, AMB-27): every Axis unit not fixed by §5, outside Africa. */
import { end } from '@sandtable/engine';
import type { SUAction } from './actions.ts';
import type { SUDecision } from './handlers.ts';
import {
  AXIS,
  areaName,
  axisToDeploy,
  lineIn,
  log,
  place,
  stackCount,
  tanksIn,
  unit,
  type Env,
  type SUState,
} from './state.ts';
import { msg } from './texts/index.ts';
import { unitName } from './texts/names.ts';

function deployAreas(E: Env, g: SUState, what: string): number[] {
  const out: number[] = [];
  for (let a = 0; a < E.n; a++) {
    if (!E.m.passable[a] || E.m.africa[a] || g.ctrl[a] !== AXIS) continue;
    if (what === 'line') {
      if (!lineIn(g, a)) out.push(a);
      continue;
    }
    if (stackCount(g, a, AXIS) >= 6) continue;
    if (what !== 'cube' && unit(g, what).type === 'tank' && tanksIn(g, a, AXIS) >= 2) continue;
    out.push(a);
  }
  return out;
}

/** Whether any Axis unit is still to deploy. */
export function axisLeftToDeploy(g: SUState): boolean {
  const left = axisToDeploy(g);
  return left.cubes > 0 || left.lines > 0 || left.ids.length > 0;
}

/**
 * The recommended deployment is all-or-nothing (§5 L67): it is offered only while no cube, counter
 * or defensive line has been deployed by hand, else it would stack on them (e.g. 2 lines in one
 * area, §36 L380).
 */
function nothingDeployed(E: Env, g: SUState): boolean {
  const left = axisToDeploy(g);
  const fixed = E.d.setup.filter((p) => p.side === AXIS);
  const sum = (f: (p: (typeof fixed)[number]) => number) => fixed.reduce((s, p) => s + f(p), 0);
  const landCounters = g.units.filter((u) => u.side === AXIS && u.type !== 'fleet' && u.type !== 'uboat').length;
  return (
    left.cubes === E.d.cubes.axis.count - sum((p) => p.cubes) &&
    left.lines === g.lines.length - sum((p) => p.lines) &&
    left.ids.length === landCounters - sum((p) => (p.area === 'sea' ? 0 : p.counters.length))
  );
}

function finish(g: SUState): void {
  end(g.stack);
  g.phase = 'turn';
}

export const deploy: SUDecision<'deploy'> = {
  rule: '§5 L67, AMB-27',
  role: () => AXIS,
  prompt: () => msg('su.deploy'),
  actions: ['deployDefault', 'pick', 'deploy', 'cancel', 'done'],
  legal(E, g, f) {
    const left = axisToDeploy(g);
    const out: SUAction[] = [];
    if (f.picked) {
      for (const a of deployAreas(E, g, f.picked)) out.push({ type: 'deploy', area: E.m.ids[a]! });
      out.push({ type: 'cancel' });
      return out;
    }
    if (E.d.axisDefaultDeployment && nothingDeployed(E, g)) out.push({ type: 'deployDefault' });
    if (left.cubes) out.push({ type: 'pick', unit: 'cube' });
    if (left.lines) out.push({ type: 'pick', unit: 'line' });
    const seen = new Set<string>();
    for (const id of left.ids) {
      const u = unit(g, id);
      const key = `${u.type}:${u.nat}`;
      if (seen.has(key)) continue;
      seen.add(key);
      out.push({ type: 'pick', unit: id });
    }
    if (!g.o.axisMustDeployAll || out.length === 0) out.push({ type: 'done' });
    return out;
  },
  perform(E, ctx, g, f, a) {
    if (a.type === 'deployDefault') {
      for (const p of E.d.axisDefaultDeployment ?? [])
        place(E, g, AXIS, p.area, p.cubes, p.counters, p.lines, p.faceUp);
      log(ctx, 'The Axis takes the recommended deployment', '§5 L67');
    } else if (a.type === 'pick') {
      f.picked = a.unit;
      return;
    } else if (a.type === 'cancel') {
      f.picked = null;
      return;
    } else if (a.type === 'deploy') {
      const what = f.picked!;
      f.picked = null;
      const area = E.m.ids.indexOf(a.area);
      if (what === 'cube') place(E, g, AXIS, a.area, 1, [], 0, true);
      else if (what === 'line') place(E, g, AXIS, a.area, 0, [], 1, true);
      else place(E, g, AXIS, a.area, 0, [what], 0, true);
      log(ctx, `Axis deploys ${unitName(E, what)} in ${areaName(E, area)}`, '§5 L67');
    } else if (a.type === 'done') {
      finish(g);
      return;
    }
    if (!axisLeftToDeploy(g)) finish(g);
  },
  refuse(E, _g, f, a) {
    if (f.picked && a.type !== 'deploy')
      return { rule: '§5 L67', message: `place the picked ${unitName(E, f.picked)} first, or cancel the pick` };
    switch (a.type) {
      case 'deploy':
        if (!f.picked) return { rule: '§5 L67', message: 'pick a unit to deploy first' };
        return {
          rule: '§5 L67, §3 L38, §28 L296, §36 L380',
          message:
            'the Axis deploys outside Africa, in Axis-controlled areas with room (6 units, 2 tanks, 1 defensive line)',
        };
      case 'deployDefault':
        return {
          rule: '§5 L67',
          message: 'the recommended deployment is all-or-nothing: only before any unit is deployed by hand',
        };
      case 'pick':
        return { rule: '§5 L67, AMB-27', message: `no ${unitName(E, a.unit)} is left to deploy` };
      case 'cancel':
        return { rule: '§5 L67', message: 'nothing is picked' };
      default:
        return { rule: '§5 L67, AMB-27', message: 'the Axis deploys every remaining unit (option axisMustDeployAll)' };
    }
  },
};
