/** Assembles Soft Underbelly's GameRules from the modules (one per rulebook section group). */
import type { Ctx, Decision, GameRules, Outcome } from '@sandtable/engine';
import type { SUAction } from './actions.ts';
import { HANDLERS, isPass, SYS, top } from './flow.ts';
import { OPTION_SPECS, toOpts } from './options.ts';
import { bombProblem } from './bombing.ts';
import { attackLimitReached } from './combat.ts';
import { eventPlayable } from './events.ts';
import { stepProblem, syncGroups } from './movement.ts';
import { startGame } from './sequence.ts';
import { initialState, makeEnv, ALLIES, AXIS, type Env, type Side, type SUState } from './state.ts';
import { continuousChecks } from './victory.ts';
import { describeAction, makeView, summaryText, type SUView } from './view.ts';
import type { SoftUnderbellyData } from './data/types.ts';
import './reinforce.ts';
import './impulse.ts';
import './landing.ts';
import './losses.ts';

const quietCtx = (ctx: Ctx): Ctx => ctx;

/** Runs system steps and automatic passes until a player must decide (or the game ends). */
export function proceed(E: Env, ctx: Ctx, g: SUState): void {
  for (let guard = 0; guard < 100_000; guard++) {
    syncGroups(g); // §12 L156, AMB-46: a moving group holds only the units still in its area
    continuousChecks(E, ctx, g);
    if (g.result) {
      g.stack.length = 0;
      return;
    }
    const d = top(g);
    if (!d) {
      // Nothing pending after the last turn: final victory was decided in turnEnd.
      return;
    }
    if (d.role === 'system') {
      g.stack.pop();
      const step = SYS[d.kind];
      if (!step) throw new Error(`no system step ${d.kind}`);
      step(E, ctx, g, d);
      continue;
    }
    const h = HANDLERS[d.kind];
    if (!h) throw new Error(`no handler for decision ${d.kind}`);
    const legal = h.legal(E, g, d);
    if (legal.length === 0) {
      // Every decision must offer an action; an empty one is skipped (defensive, should not happen).
      g.stack.pop();
      continue;
    }
    if (h.autoPass && legal.length === 1 && isPass(legal[0]!)) {
      h.perform(E, ctx, g, d, legal[0]!);
      continue;
    }
    return;
  }
  throw new Error('Soft Underbelly: the sequence did not settle (loop guard)');
}

export function createSoftUnderbellyRules(data: SoftUnderbellyData): GameRules<SUState, SUAction, SUView> {
  const E = makeEnv(data);
  return {
    id: 'soft-underbelly',
    title: 'Soft Underbelly 1943-45',
    roles: [ALLIES, AXIS],
    scenarios: [
      {
        id: 'campaign',
        title: 'The Italian Campaign 1943-45',
        description: 'Eight turns from Tunisia to the Alps (§5 set-up).',
      },
    ],
    options: OPTION_SPECS,
    setup(ctx, _scenario, options) {
      const g = initialState(E, toOpts(options));
      startGame(g);
      proceed(E, ctx, g);
      return g;
    },
    currentDecision(g): Decision | null {
      if (g.result) return null;
      const d = top(g);
      if (!d) return null;
      return { kind: d.kind, role: d.role, rule: d.rule, prompt: d.prompt };
    },
    legalActions(g, role) {
      if (g.result) return [];
      const d = top(g);
      if (!d || d.role !== role) return [];
      return HANDLERS[d.kind]!.legal(E, g, d);
    },
    perform(ctx, g, _role, action) {
      const d = top(g)!;
      HANDLERS[d.kind]!.perform(E, quietCtx(ctx), g, d, action);
      proceed(E, ctx, g);
    },
    explain(g, role, action) {
      return explainAction(E, g, role as Side, action);
    },
    view(g) {
      return makeView(E, g);
    },
    outcome(g): Outcome | null {
      return g.result;
    },
    clone(g) {
      return structuredClone(g);
    },
    describe(_g, action) {
      return describeAction(E, action);
    },
    summary(g) {
      return summaryText(E, g);
    },
    // No hidden information (spec 10.4): the view carries the whole state; only future dice are
    // unknown, and the engine gives the determinized state fresh dice.
    determinize(view) {
      return structuredClone(view.state);
    },
  };
}

/** Why a tempting action is illegal, with the rule. */
export function explainAction(E: Env, g: SUState, side: Side, a: SUAction): { rule: string; message: string } | null {
  const d = top(g);
  if (!d) return null;
  const idx = (id: string | undefined) => (id ? E.m.indexOf(id) : -1);
  switch (a.type) {
    case 'step':
      if (d.kind === 'group') {
        const to = idx(a.to);
        if (to < 0) return { rule: '§2 L19', message: `no area ${a.to}` };
        return stepProblem(E, g, d, to);
      }
      break;
    case 'ship': {
      if (d.kind !== 'group') break;
      const to = idx(a.to);
      if (d.shipped) return { rule: '§16 L176, AMB-32', message: 'one naval transport leg per move' };
      if (to >= 0 && g.ctrl[to] !== side)
        return {
          rule: '§16 L176',
          message:
            'naval transport only between areas controlled by the moving player (use a landing to enter enemy areas)',
        };
      if (to >= 0 && !E.m.seaAdjacent[to])
        return { rule: '§16 L176', message: 'naval transport only between sea-adjacent areas' };
      if (g.transport[side] < d.cubes! + d.ids!.length)
        return { rule: '§16 L178-L182', message: `only ${g.transport[side]} naval transport point(s) left this turn` };
      break;
    }
    case 'landing':
      if (side !== ALLIES) return { rule: '§24 L256', message: 'only the Allies land' };
      if (g.landingDone) return { rule: '§24 L270', message: 'only one landing per impulse' };
      if (attackLimitReached(g))
        return { rule: '§18 L200', message: 'no more than three areas may be attacked per impulse, landing included' };
      if (!g.units.some((u) => u.side === ALLIES && u.type === 'fleet' && u.up && u.loc === -2))
        return { rule: '§24 L258, §26 L286', message: 'a landing needs a face-up fleet' };
      if (idx(a.target) >= 0 && !E.m.seaAdjacent[idx(a.target)])
        return { rule: '§24 L256', message: 'landings only in sea-adjacent areas' };
      break;
    case 'attack':
      if (attackLimitReached(g))
        return { rule: '§18 L200', message: 'no more than three areas may be attacked per impulse' };
      if (g.attacks.includes(idx(a.target)))
        return { rule: '§18 L200, AMB-5', message: 'that area was already attacked this impulse' };
      return {
        rule: '§18 L198',
        message: 'attacks only on enemy-occupied areas adjacent to your units that have not fought this impulse',
      };
    case 'place':
      if (g.turn < 2) return { rule: '§7 L87, §9 L114', message: 'reinforcements arrive from turn 2' };
      if (side === ALLIES && idx(a.area) >= 0 && !E.m.seaAdjacent[idx(a.area)])
        return { rule: '§9 L114', message: 'Allied reinforcements go to friendly, supplied, sea-adjacent areas' };
      if (side === AXIS)
        return {
          rule: '§9 L114, AMB-31',
          message: 'Axis reinforcements go to friendly, supplied areas in Europe, not on islands',
        };
      break;
    case 'convert': {
      const u = g.units.find((x) => x.id === a.id);
      if (g.turn < 2) return { rule: '§7 L87, §10', message: 'conversion happens from turn 2' };
      if (u?.type === 'paratroops' && g.overlord)
        return { rule: '§34 L356, §43 L424', message: 'paratroops only before Overlord' };
      if (u?.type === 'partisan' && !g.italy)
        return { rule: '§35 L366', message: 'partisans only after the Italian surrender' };
      if (u?.type === 'aircraft' && side === ALLIES && g.airConverted >= 1)
        return { rule: '§10 L126', message: 'the Allies may not bring in more than one aircraft per turn' };
      if (u?.type === 'tank')
        return { rule: '§28 L296', message: 'at most 2 tanks per area (and enough cubes in a supplied area)' };
      break;
    }
    case 'bomb':
      return bombProblem(E, g, side, a.id, a.target);
    case 'event':
      if (g.ev[side].last === g.serial)
        return { rule: '§44 L436', message: 'each player may play at most one event per impulse' };
      if (!eventPlayable(E, g, side, a.event, true))
        return { rule: '§44 L432-L436', message: 'that event has no free track space or no marker is left in hand' };
      if (a.event === 'extraImpulse')
        return {
          rule: '§45 L442, §46 L460',
          message: 'Extra Impulse only after the normal impulses, never two impulses in a row',
        };
      if (a.event === 'stopBattle' || a.event === 'reserves')
        return {
          rule: '§45 L444-L450',
          message:
            'Stop Battle and Reserves are played from the end of the first combat round (Reserves not after Stop Battle)',
        };
      if (a.event === 'reinforcements' && side === ALLIES)
        return { rule: '§45 L440', message: 'Allied Reinforcements only in the movement step of an Allied impulse' };
      break;
    case 'loss':
      if (a.unit === 'retreat') {
        if (g.battle && g.battle.attacker === side)
          return { rule: '§22 L246', message: 'the attacker can never retreat to absorb losses' };
        if (d.ctxKind === 'bomb') return { rule: '§30 L330-L332', message: 'no retreat against bombing' };
        if (d.ctxKind === 'bombard')
          return { rule: '§25 L276', message: 'naval bombardment losses cannot be absorbed by retreat' };
        if (d.n !== 1)
          return { rule: '§22 L242, §21 ⑤', message: 'retreat absorbs exactly one loss: absorb the others first' };
        return {
          rule: '§22 L242',
          message: 'no friendly area to retreat into (never enemy-occupied or enemy-controlled)',
        };
      }
      break;
    case 'support':
      if (g.battle && E.m.mountain[g.battle.target])
        return { rule: '§28 L304, §2 L25', message: 'tanks cannot support in mountains' };
      return {
        rule: '§20 L218, §29 L312',
        message: 'one face-up tank and one face-up aircraft in range may support per side',
      };
    case 'fly':
      return {
        rule: '§13 L162-L164',
        message: 'aircraft fly to friendly areas without exceeding stacking, once per impulse',
      };
    default:
      break;
  }
  return null;
}
