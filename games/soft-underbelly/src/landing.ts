/**
 * Landings (§24 L256-L270), naval bombardment (§25 L274-L276), interception of landings (§26)
 * and of naval transport (§17), shared here.
 */
import { call, end, type Refusal } from '@sandtable/engine';
import type { SUAction } from './actions.ts';
import { attackLimitReached, startBattle } from './combat.ts';
import type { FrameOf } from './frames.ts';
import { passAlone, type SUDecision, type SUStep } from './handlers.ts';
import { pushLoss } from './losses.ts';
import {
  ALLIES,
  AXIS,
  BATTLE,
  SEA,
  areaName,
  hasUnits,
  log,
  missionRoom,
  other,
  reach,
  unit,
  type Env,
  type Side,
  type SUState,
} from './state.ts';
import { msg } from './texts/index.ts';
import { unitNames, sideName } from './texts/names.ts';

function faceUpFleets(g: SUState): string[] {
  return g.units.filter((u) => u.side === ALLIES && u.type === 'fleet' && u.loc === SEA && u.up).map((u) => u.id);
}

function landingSources(E: Env, g: SUState): number[] {
  const out: number[] = [];
  for (let a = 0; a < E.n; a++) {
    if (!E.m.passable[a] || g.ctrl[a] !== ALLIES) continue;
    if (g.o.landingSourcesSeaAdjacent && !E.m.seaAdjacent[a]) continue; // AMB-16
    out.push(a);
  }
  return out;
}

type LandingForce = FrameOf<'landingForce'>;

function availCubes(g: SUState, a: number, d?: LandingForce): number {
  let k = g.cubes.allies[a]!;
  if (g.o.unitOneBattlePerImpulse) k -= g.fought.allies[a]!;
  if (d) {
    const i = d.from.indexOf(a);
    if (i >= 0) k -= d.count[i]!;
  }
  return Math.max(0, k);
}

/** Landing targets (§24 L256, L270; §18 L200; AMB-16). */
export function landingTargets(E: Env, g: SUState): number[] {
  if (g.landingDone || attackLimitReached(g) || !faceUpFleets(g).length) return [];
  const sources = landingSources(E, g);
  if (
    !sources.some(
      (a) =>
        availCubes(g, a) > 0 || g.units.some((u) => u.loc === a && u.side === ALLIES && u.type === 'tank' && !u.ft),
    )
  )
    return [];
  const out: number[] = [];
  for (const t of E.seaAdj) {
    if (g.ctrl[t] !== AXIS || g.attacks.includes(t)) continue;
    if (!g.o.landingEmptyTargets && !hasUnits(g, t, AXIS)) continue;
    out.push(t);
  }
  return out;
}

export function declareLanding(g: SUState, t: number): void {
  call(g.stack, { kind: 'landingForce', target: t, fleets: [], from: [], count: [], ids: [] });
}

/** Why a landing in area `id` is refused (§24 L256-L270, §18 L200); `moving` in the movement step. */
export function refuseLanding(E: Env, g: SUState, side: Side, id: string, moving: boolean): Refusal {
  const t = E.m.indexOf(id);
  if (side !== ALLIES) return { rule: '§24 L256', message: 'only the Allies land' };
  if (g.landingDone) return { rule: '§24 L270', message: 'only one landing per impulse' };
  if (attackLimitReached(g))
    return { rule: '§18 L200', message: 'no more than three areas may be attacked per impulse, landing included' };
  if (!faceUpFleets(g).length) return { rule: '§24 L258, §26 L286', message: 'a landing needs a face-up fleet' };
  if (t >= 0 && !E.m.seaAdjacent[t]) return { rule: '§24 L256', message: 'landings only in sea-adjacent areas' };
  if (moving)
    return { rule: '§11 L132, §24 L256', message: 'landings come in the combat step: end the movement first' };
  return {
    rule: '§24 L256-L258, AMB-16',
    message:
      'landings go to an enemy-controlled sea-adjacent area not attacked this impulse, from Allied areas with units free to fight',
  };
}

const landingCap = (d: LandingForce) => (d.fleets.length >= 2 ? 6 : d.fleets.length === 1 ? 4 : 0); // §24 L256, L262
const landingSize = (d: LandingForce) => d.count.reduce((s, k) => s + k, 0) + d.ids.length;

export const landingForce: SUDecision<'landingForce'> = {
  rule: '§24 L256-L262',
  role: () => ALLIES,
  prompt: (E, _g, f) => msg('su.landingForce', { area: areaName(E, f.target) }),
  actions: ['fleet', 'commit', 'done', 'cancel'],
  legal(E, g, d) {
    const out: SUAction[] = [];
    for (const id of faceUpFleets(g)) if (!d.fleets.includes(id)) out.push({ type: 'fleet', id });
    const size = landingSize(d);
    const cap = landingCap(d);
    if (size < cap) {
      for (const a of landingSources(E, g)) {
        if (availCubes(g, a, d) > 0) out.push({ type: 'commit', from: E.m.ids[a]!, unit: 'cube' });
        if (d.ids.length === 0) {
          for (const u of g.units) {
            if (u.loc === a && u.side === ALLIES && u.type === 'tank' && !(g.o.unitOneBattlePerImpulse && u.ft))
              out.push({ type: 'commit', from: E.m.ids[a]!, unit: u.id });
          }
        }
      }
    }
    if (d.fleets.length && size > 0) out.push({ type: 'done' });
    else if (!d.fleets.length && size === 0) out.push({ type: 'cancel' });
    if (!out.length) out.push({ type: 'cancel' });
    return out;
  },
  perform(E, ctx, g, d, a) {
    if (a.type === 'fleet') {
      d.fleets.push(a.id);
      return;
    }
    if (a.type === 'commit') {
      const from = E.m.index(a.from);
      if (a.unit === 'cube') {
        let i = d.from.indexOf(from);
        if (i < 0) {
          d.from.push(from);
          d.count.push(0);
          i = d.from.length - 1;
        }
        d.count[i]!++;
      } else d.ids.push(a.unit);
      return;
    }
    end(g.stack);
    if (a.type === 'cancel') return;
    // The landing force leaves its areas and is at sea (AMB-11); the fleets flip (§24 L260).
    let cubes = 0;
    d.from.forEach((x, i) => {
      g.cubes.allies[x] = g.cubes.allies[x]! - d.count[i]!;
      cubes += d.count[i]!;
    });
    for (const id of d.ids) unit(g, id).loc = BATTLE;
    for (const id of d.fleets) unit(g, id).up = false;
    g.landingDone = true;
    g.acted = true;
    log(
      ctx,
      `Allies land in ${areaName(E, d.target)} with ${cubes} cube(s)${d.ids.length ? ` and ${unitNames(E, d.ids)}` : ''}, carried by ${unitNames(E, d.fleets, ' and ')} (flipped)`,
      '§24 L256-L262',
    );
    startBattle(E, ctx, g, ALLIES, d.target, true, [-1], [cubes], d.ids, d.fleets);
  },
  refuse(_E, _g, d, a) {
    switch (a.type) {
      case 'fleet':
        return { rule: '§24 L258-L260', message: 'an Allied fleet at sea, face-up, carries the landing (once)' };
      case 'commit':
        if (landingSize(d) >= landingCap(d))
          return {
            rule: '§24 L256, L262',
            message: d.fleets.length ? 'a fleet carries 4 units, two fleets 6' : 'choose a fleet first',
          };
        return {
          rule: '§24 L256-L258, §18 L200, AMB-6, AMB-16',
          message: 'landing units come from Allied sea-adjacent areas, free to fight this impulse, at most 1 tank',
        };
      case 'done':
        return { rule: '§24 L256-L258', message: 'a landing needs a fleet and at least one unit' };
      default:
        return { rule: '§24 L256', message: 'the landing is being formed: finish it (done)' };
    }
  },
};

/** §26 L280-L288: the Axis may intercept a landing before the battle. */
export const landingIntercept: SUStep<'landingIntercept'> = (_E, _ctx, g) => {
  const b = g.battle!;
  call(g.stack, { kind: 'intercept', side: AXIS, of: 'landing', target: b.target, chosen: [], repeat: 1 });
};

type Intercept = FrameOf<'intercept'>;

/** Interceptors (§17 L186, §26 L280-L286, §38 L396; AMB-10): face-up fleets, U-boat, aircraft in range of the destination. */
export function interceptors(E: Env, g: SUState, side: Side, d: Intercept): string[] {
  const landing = d.of === 'landing';
  const faceUpOnly = landing || g.o.interceptorsMustBeFaceUp;
  const out: string[] = [];
  for (const u of g.units) {
    if (u.side !== side || d.chosen.includes(u.id)) continue;
    if (!u.up && (faceUpOnly || u.type === 'fleet')) continue;
    if (u.type === 'fleet' || u.type === 'uboat') {
      if (u.loc === SEA) out.push(u.id);
    } else if (u.type === 'aircraft' && u.loc >= 0) {
      if (reach(E, g, side, u.loc, d.target) && missionRoom(E, g, u.loc) && !(side === AXIS && g.blockade === u.loc))
        out.push(u.id);
    }
  }
  return out;
}

export const intercept: SUDecision<'intercept'> = passAlone({
  rule: '§17 L186-L192',
  ruleOf: (_E, _g, f) => (f.of === 'landing' ? '§26 L280-L288' : '§17 L186-L192'),
  role: (_E, _g, f) => f.side,
  prompt: (E, _g, f) =>
    f.of === 'landing'
      ? msg('su.intercept.landing', { area: areaName(E, f.target) })
      : msg('su.intercept.transport', { area: areaName(E, f.target) }),
  actions: ['intercept', 'done'],
  legal(E, g, d) {
    return [...interceptors(E, g, d.side, d).map((id) => ({ type: 'intercept' as const, id })), { type: 'done' }];
  },
  perform(E, ctx, g, d, a) {
    if (a.type === 'intercept') {
      const u = unit(g, a.id);
      u.up = false; // every interceptor flips (§17 L188, §26 L284)
      if (u.type === 'aircraft') g.missions[u.loc] = g.missions[u.loc]! + 1;
      d.chosen.push(a.id);
      return;
    }
    end(g.stack);
    const side = d.side;
    const mover = other(side);
    const landing = d.of === 'landing';
    if (d.chosen.length) {
      const dice = ctx.roll(
        d.chosen.length,
        `${sideName(side)} interception by ${unitNames(E, d.chosen)} (hit on 5-6)`,
      );
      const hits = dice.filter((x) => x >= 5).length;
      log(
        ctx,
        `Interception: ${hits} loss(es) to the ${landing ? 'landing force' : 'transported units'}`,
        landing ? '§26 L288' : '§17 L192',
      );
      pushLoss(g, mover, hits, landing ? 'landing' : 'transport', d.target);
    }
    if (d.repeat > 1) call(g.stack, { ...d, chosen: [], repeat: d.repeat - 1 });
  },
  refuse: () => ({
    rule: '§17 L186-L188, §26 L280-L286, §38 L396, AMB-10',
    message:
      'interceptors: your face-up fleets and U-boat at sea, face-up aircraft in range with a mission left (once each)',
  }),
});

/** §25 L274-L276: each fleet in the landing rolls; 5-6 = 1 loss, no retreat. */
export const bombard: SUStep<'bombard'> = (E, ctx, g) => {
  const b = g.battle!;
  const alive = b.att.cubes.some((k) => k > 0) || b.att.ids.some((id) => unit(g, id).loc === BATTLE);
  if (!alive || !b.fleets.length || (!hasUnits(g, b.target, AXIS) && !g.lines.includes(b.target))) return;
  const dice = ctx.roll(b.fleets.length, `Naval bombardment of ${areaName(E, b.target)} (hit on 5-6)`);
  const hits = dice.filter((x) => x >= 5).length;
  log(ctx, `Naval bombardment: ${hits} loss(es) to the defender`, '§25 L276');
  pushLoss(g, AXIS, hits, 'bombard', b.target);
};
