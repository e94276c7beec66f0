/**
 * Sequence of play: Axis free set-up (§5 L67), turns (§7), initiative (§8), impulses (§11),
 * end of impulse (stacking §3 L40), Extra Impulse (§45 L442, §46 L460), end of turn (§7, AMB-25).
 */
import type { SUAction } from './actions.ts';
import { decide, HANDLERS, isPass, pop, sys, SYS } from './flow.ts';
import { eventPlayable, markEvent } from './events.ts';
import { supplyPhase } from './supply.ts';
import { overlord, surrenderCheck } from './surrender.ts';
import { finalVictory, munichCheck } from './victory.ts';
import {
  ALLIES,
  AXIS,
  axisToDeploy,
  areaName,
  eliminate,
  GONE,
  lineIn,
  log,
  other,
  place,
  POOL,
  SEA,
  stackCount,
  stacks,
  tanksIn,
  unit,
  addCubes,
  removeCubes,
  type Env,
  type Side,
  type SUState,
} from './state.ts';

// ---- Axis free set-up (§5 L67, AMB-27) --------------------------------------------------------

export function startGame(g: SUState): void {
  sys(g, 'turnStart');
  const left = axisToDeploy(g);
  if (left.cubes || left.lines || left.ids.length) {
    decide(
      g,
      'deploy',
      AXIS,
      '§5 L67, AMB-27',
      'deploy the remaining Axis units outside Africa (or take the recommended deployment)',
    );
  } else g.phase = 'turn';
}

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

HANDLERS.deploy = {
  legal(E, g, d) {
    const left = axisToDeploy(g);
    const out: SUAction[] = [];
    if (d.picked) {
      for (const a of deployAreas(E, g, d.picked)) out.push({ type: 'deploy', area: E.m.ids[a]! });
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
  perform(E, ctx, g, d, a) {
    if (a.type === 'deployDefault') {
      for (const p of E.d.axisDefaultDeployment ?? [])
        place(E, g, AXIS, p.area, p.cubes, p.counters, p.lines, p.faceUp);
      log(ctx, 'The Axis takes the recommended deployment', '§5 L67');
    } else if (a.type === 'pick') {
      d.picked = a.unit;
      return;
    } else if (a.type === 'cancel') {
      delete d.picked;
      return;
    } else if (a.type === 'deploy') {
      const what = d.picked!;
      delete d.picked;
      const area = E.m.ids.indexOf(a.area);
      if (what === 'cube') place(E, g, AXIS, a.area, 1, [], 0, true);
      else if (what === 'line') place(E, g, AXIS, a.area, 0, [], 1, true);
      else place(E, g, AXIS, a.area, 0, [what], 0, true);
      log(ctx, `Axis deploys ${what} in ${areaName(E, area)}`, '§5 L67');
    } else if (a.type === 'done') {
      pop(g);
      g.phase = 'turn';
      return;
    }
    const left = axisToDeploy(g);
    if (!left.cubes && !left.lines && !left.ids.length) {
      pop(g);
      g.phase = 'turn';
    }
  },
};

// ---- turn start, Overlord, initiative -------------------------------------------------------

SYS.turnStart = (E, ctx, g) => {
  g.phase = 'initiative';
  g.airConverted = 0;
  g.placed = [];
  g.impulse = 0;
  g.normalDone = 0;
  g.lastPass = null;
  g.passed = [];
  g.lastBy = null;
  g.extra = false;
  g.serial++; // the reinforcement phase counts as its own window for the 1-event limit (§44 L436)
  if (g.o.airfieldScope === 'turn') g.missions.fill(0);
  log(ctx, `Turn ${g.turn} begins`, '§7 L87');
  sys(g, 'turnEnd');
  sys(g, 'impulseStart');
  sys(g, 'reinforcePhase');
  sys(g, 'initiative');
  if (g.turn === E.d.overlordTurn && !g.overlord) overlord(E, ctx, g);
};

HANDLERS.overlordFleet = {
  legal(_E, g) {
    return g.units
      .filter((u) => u.side === ALLIES && u.type === 'fleet' && u.loc !== GONE)
      .map((u) => ({ type: 'removeFleet', id: u.id }));
  },
  perform(_E, ctx, g, _d, a) {
    if (a.type !== 'removeFleet') return;
    unit(g, a.id).loc = GONE;
    log(ctx, `${a.id} leaves the Mediterranean for Overlord`, '§37 L388, §43 L424');
    pop(g);
  },
};

SYS.initiative = (_E, ctx, g) => {
  // §8 L108: both roll; the higher decides; ties go to the Allies.
  const [a, x] = ctx.roll(2, `Initiative, turn ${g.turn} (Allies, Axis)`);
  g.lastRoll = { why: 'initiative', dice: [a!, x!] };
  const winner = a! >= x! ? ALLIES : AXIS;
  log(
    ctx,
    `Initiative roll: Allies ${a}, Axis ${x}: ${winner} decide${a === x ? ' (tie: the Allies)' : ''}`,
    '§8 L108',
  );
  decide(g, 'initiative', winner, '§8 L108', 'choose who has the initiative this turn');
};

HANDLERS.initiative = {
  legal() {
    return [
      { type: 'initiative', first: ALLIES },
      { type: 'initiative', first: AXIS },
    ];
  },
  perform(_E, ctx, g, _d, a) {
    if (a.type !== 'initiative') return;
    g.initiative = a.first;
    g.active = a.first;
    log(ctx, `${a.first} take${a.first === ALLIES ? '' : 's'} the initiative`, '§8 L108');
    pop(g);
  },
};

// ---- impulses (§11) ---------------------------------------------------------------------------

SYS.impulseStart = (_E, _ctx, g) => {
  g.phase = 'impulse';
  g.impulse++;
  g.serial++;
  g.acted = false;
  g.movePhase = true;
  g.attacks = [];
  g.arrows = 0;
  g.landingDone = false;
  g.moved.allies.fill(0);
  g.moved.axis.fill(0);
  g.fought.allies.fill(0);
  g.fought.axis.fill(0);
  for (const u of g.units) {
    u.mv = false;
    u.ft = false;
  }
  if (g.o.airfieldScope === 'impulse') g.missions.fill(0);
  sys(g, 'impulseEnd');
  decide(g, 'impulse', g.active, '§11 L132', `impulse ${g.impulse}: move, then fight, or pass`);
  // The opponent may act at the start of the impulse (spec 10.3: non-active player first).
  decide(
    g,
    'react',
    other(g.active),
    '§44 L434, §30 L326',
    'react before the opponent moves (bomb, event, partisan) or pass',
    { passes: 0 },
  );
};

SYS.impulseEnd = (_E, _ctx, g) => {
  sys(g, 'impulseNext');
  // §3 L40: stacking is checked at the end of each impulse.
  sys(g, 'overflowCheck', { side: AXIS });
  sys(g, 'overflowCheck', { side: ALLIES });
};

SYS.overflowCheck = (E, _ctx, g, d) => {
  const side = d.side!;
  for (let a = 0; a < E.n; a++) {
    if (a >= 0 && stackCount(g, a, side) > 6) {
      decide(g, 'overflow', side, '§3 L38-L40, AMB-33', `move excess units out of ${areaName(E, a)}`, {
        side,
        area: a,
      });
      return;
    }
  }
};

function overflowDest(E: Env, g: SUState, side: Side, from: number, isTank: boolean): number[] {
  return E.m.adj[from]!.filter(
    (b) => g.ctrl[b] === side && stackCount(g, b, side) < 6 && !(isTank && tanksIn(g, b, side) >= 2),
  );
}

HANDLERS.overflow = {
  legal(E, g, d) {
    const side = d.side!;
    const a = d.area!;
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
  perform(E, ctx, g, d, a) {
    if (a.type !== 'overflow') return;
    const side = d.side!;
    const from = d.area!;
    pop(g);
    if (a.to === '') {
      if (g.o.stackOverflowNoRoom === 'stay') {
        log(ctx, `No adjacent friendly area has room: the excess stays in ${areaName(E, from)}`, 'AMB-33');
        return; // no further check this impulse for this side
      }
      if (a.unit === 'cube') removeCubes(g, side, from, 1);
      else eliminate(g, unit(g, a.unit));
      log(ctx, `Stacking: ${a.unit} in ${areaName(E, from)} has no room and is eliminated`, '§3 L40, AMB-33');
    } else {
      const to = E.m.index(a.to);
      if (a.unit === 'cube') {
        g.cubes[side][from]!--;
        addCubes(g, side, to, 1);
      } else unit(g, a.unit).loc = to;
      log(ctx, `Stacking: ${a.unit} moves from ${areaName(E, from)} to ${areaName(E, to)}`, '§3 L40');
    }
    sys(g, 'overflowCheck', { side });
  },
};

SYS.impulseNext = (E, ctx, g) => {
  const side = g.active;
  g.blockade = -1; // §45 L452: only during the impulse in which it is played
  if (g.o.partisanPinScope === 'currentImpulse') g.pins.fill(0);
  else for (let a = 0; a < E.n; a++) if (g.pinUntil[a]! < g.serial + 1) g.pins[a] = 0;
  const passed = !g.acted;
  if (passed) {
    log(ctx, `${side} passes`, '§11 L132');
    if (!g.passed.includes(side)) g.passed.push(side);
  }
  const opponentPassed = g.lastPass === other(side);
  g.lastPass = passed ? side : null;
  g.lastBy = side;
  // §11 L136, AMB-26: if both players pass, the turn ends at once.
  if (passed && (g.o.bothPassRule === 'consecutive' ? opponentPassed : g.passed.length === 2)) {
    log(ctx, 'Both players passed: the turn ends', '§11 L136, AMB-26');
    return;
  }
  if (!g.extra) g.normalDone++;
  g.extra = false;
  if (g.normalDone < 4) {
    g.active = other(side);
    sys(g, 'impulseStart');
    return;
  }
  // §45 L442, §46 L460: after the normal impulses, the player who did not take the last one may take an extra.
  const next = other(side);
  if (eventPlayable(E, g, next, 'extraImpulse', true)) {
    decide(g, 'extraImpulse', next, '§45 L442, §46 L460', 'play Extra Impulse, or pass (end the turn)', { side: next });
  }
};

HANDLERS.extraImpulse = {
  legal() {
    return [{ type: 'event', event: 'extraImpulse' }, { type: 'pass' }];
  },
  perform(_E, ctx, g, d, a) {
    pop(g);
    if (isPass(a)) return;
    markEvent(g, d.side!, 'extraImpulse', false);
    log(ctx, `${d.side} plays Extra Impulse`, '§45 L442');
    g.extra = true;
    g.active = d.side!;
    sys(g, 'impulseStart');
  },
};

// ---- end of turn (§7 L91-L95, AMB-25) ---------------------------------------------------------

SYS.turnEnd = (E, ctx, g) => {
  g.phase = 'end of turn';
  if (g.o.endOfTurnOrder === 'supplyFirst') {
    supplyPhase(E, ctx, g);
    munichCheck(E, ctx, g);
    surrenderCheck(E, ctx, g);
  } else {
    munichCheck(E, ctx, g);
    surrenderCheck(E, ctx, g);
    supplyPhase(E, ctx, g);
  }
  if (g.turn >= E.d.turns) finalVictory(E, ctx, g);
  if (g.result) return;
  // §7 L91: naval transport back to normal (AMB-43: Overlord's 3; 0 once the Italian fleet is gone).
  g.transport.allies = g.overlord ? E.d.navalTransport.alliesAfterOverlord : E.d.navalTransport.allies;
  g.transport.axis =
    g.italy || !g.units.some((u) => u.type === 'fleet' && u.nat === 'IT' && u.loc === SEA)
      ? 0
      : E.d.navalTransport.axis;
  // §7 L93: every used counter is flipped face-up.
  for (const u of g.units) if (u.loc !== GONE && u.loc !== POOL) u.up = true;
  g.logistic = { allies: false, axis: false };
  g.turn++;
  sys(g, 'turnStart');
};
