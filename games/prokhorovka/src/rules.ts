/**
 * Prokhorovka GameRules: set-up (4.0), the sequence of play (5.0-5.3) as a stack of decisions,
 * support receipt (6.0), reinforcement receipt (7.0, Soviet turn track), reserve designation
 * (5.1(3)), reorganization (5.1(7)), victory (18.0) and the per-role view with hidden chits
 * redacted (3.5(5), 3.6(3), 19.6). Attack phases and movement are not implemented yet: they
 * offer only "end phase" (see STATUS.md).
 */
import { RuleError, type Ctx, type GameRules } from '@sandtable/engine';
import type { ProkhorovkaData } from './data/types.ts';
import { OPTION_SPECS, toOpts } from './options.ts';
import {
  ARRIVING,
  AS_CHIT,
  DETACHED,
  RESERVE,
  detachmentChitOf,
  detachmentUnitId,
  chitsOf,
  inEnemyZoc,
  locReach,
  makeEnv,
  values,
  type ChitState,
  type Entry,
  type Env,
  type PGState,
  type Side,
} from './state.ts';
import {
  airOutsideBattles,
  attackPhaseLegal,
  combatDescribe,
  combatExplain,
  combatLegal,
  combatPerform,
  endDeclaration,
  isAttackPhase,
  isCombatAction,
  type CombatAction,
} from './combat/actions.ts';
import { combatSummary } from './combat/view.ts';
import { determinize } from './determinize.ts';
import { drawEquip, drawSupport, sovSP } from './draw.ts';
import { summaryText } from './summary.ts';
import { germanVP, victory } from './victory.ts';
import { makeView, type PGView } from './view.ts';
import { chitName } from './combat/core.ts';
import {
  describeMove,
  endMovement,
  endPlayerTurnMovement,
  explainMove,
  initialMoveState,
  isMoveAction,
  movementLegal,
  performMove,
  type MoveAction,
} from './movement.ts';

export type PGAction =
  | { type: 'place'; chit: string; unit: string }
  | { type: 'donePlacing' }
  | { type: 'pickSupport'; chit: string }
  | { type: 'designate'; unit: string }
  | { type: 'reorgPlace'; chit: string; unit: string }
  | { type: 'reorgReturn'; chit: string }
  | { type: 'endPhase' }
  | { type: 'reinfPick'; unit: string }
  | MoveAction
  | CombatAction;

const PHASES = [
  'support',
  'reinforcement',
  'designation',
  'normalAttack',
  'movement',
  'reserveAttack',
  'reorganization',
] as const;
const PHASE_RULE: Record<string, string> = {
  support: '5.1(1), 6.0',
  reinforcement: '5.1(2), 7.0',
  designation: '5.1(3)',
  normalAttack: '5.1(4), 9.0',
  movement: '5.1(5), 8.0',
  reserveAttack: '5.1(6), 9.0',
  reorganization: '5.1(7)',
};
const PHASE_PROMPT: Record<string, string> = {
  designation: 'designate reserve stacks, then end the phase',
  normalAttack: 'declare attacks (pick an attacker, then its target), then end the declaration (9.2(1))',
  movement: 'move stacks one at a time (pick a stack, then its destination), enter reinforcements, then end the phase',
  reserveAttack:
    'declare reserve attacks with designated stacks (pick an attacker, then its target), then end the declaration (9.2(1))',
  reorganization: 'reorganize: place up to 2 chits from the pool, return chits to the pool, then end the phase',
};

function push(g: PGState, kind: string, side: Side, rule: string, prompt: string, extra: Partial<Entry> = {}): void {
  g.stack.push({ kind, role: side, side, rule, prompt, ...extra });
}

/** Starts the phase `g.phase` of the phasing player: automatic phases run here. */
function enterPhase(E: Env, ctx: Ctx, g: PGState): void {
  for (;;) {
    const s = g.side;
    if (g.phase === 'support') {
      // 6.0; A-01: the German skips it on turn 1 (its 8 chosen chits serve)
      if (!(s === 'DE' && g.turn === 1 && g.o.skipGermanSupportT1)) {
        for (const c of g.support) if (c.side === s && c.loc === 'pool') c.loc = 'cup'; // 6.0(1)
        const n = s === 'DE' ? E.d.tables.support.germanPerTurn : sovSP(E, g);
        drawSupport(ctx, g, s, n, `turn ${g.turn} support receipt (6.0(2))`);
        ctx.log(`${s} receives ${n} support chits (6.0)`, { rule: '6.0' });
      }
      g.phase = 'reinforcement';
      continue;
    }
    if (g.phase === 'reinforcement') {
      reinforcements(E, ctx, g);
      if (g.stack.length) return; // 7.0(1): the owner chooses which reserve units arrive
      g.phase = 'designation';
      continue;
    }
    if (g.phase === 'reorganization') {
      push(g, 'reorganization', s, PHASE_RULE.reorganization!, PHASE_PROMPT.reorganization!, { count: 0 });
      return;
    }
    push(g, g.phase, s, PHASE_RULE[g.phase]!, PHASE_PROMPT[g.phase]!);
    return;
  }
}

/** 7.0: the Soviet turn track; the German one-time package while a Soviet stack is south of the start line (A-02). */
function reinforcements(E: Env, ctx: Ctx, g: PGState): void {
  if (g.side === 'SU') {
    const box = E.d.tables.turnTrack[g.turn - 1];
    if (!box) return;
    for (const r of [...box.reinforcements].reverse()) {
      const pool = g.units.filter(
        (u) => u.side === 'SU' && u.hex === RESERVE && E.unitById.get(u.id)!.formation === r.formation,
      );
      chooseReinforcements(
        g,
        'SU',
        pool.map((u) => u.id),
        r.count,
        `choose ${r.count} ${r.formation} unit(s) to arrive from the reserve pool`,
      );
    }
    // 7.0(2), A-03: the chits enter with the units (placed under them in the movement phase)
    drawEquip(E, ctx, g, 'SU', 'tank', box.tank, 'arriving', `turn ${g.turn} reinforcement (7.0)`);
    drawEquip(E, ctx, g, 'SU', 'equip', box.equip, 'arriving', `turn ${g.turn} reinforcement (7.0)`);
    if (box.reinforcements.length || box.tank || box.equip)
      ctx.log(
        `Soviet reinforcements arrive (7.0): ${box.reinforcements.map((r) => `${r.formation} x${r.count}`).join(', ') || 'chits only'}`,
        { rule: '7.0' },
      );
    return;
  }
  if (g.turn === 1 || g.germanReinfDone) return; // 17.1(1), A-02
  const south = g.units.some((u) => u.side === 'SU' && u.hex >= 0 && E.b.germanSide[u.hex] === 1);
  if (!south) return;
  g.germanReinfDone = true;
  const pkg = E.d.tables.germanReinforcement;
  const cands = g.units.filter((u) => u.side === 'DE' && u.hex === RESERVE && pkg.candidates.includes(u.id));
  chooseReinforcements(
    g,
    'DE',
    cands.map((u) => u.id),
    g.o.germanReinfUnits,
    `choose ${g.o.germanReinfUnits} of ${cands.map((u) => u.id).join(', ')} to arrive (A-02)`,
  );
  drawEquip(E, ctx, g, 'DE', 'tank', pkg.tank, 'arriving', 'German reinforcement (7.0)'); // 7.0(2), A-03
  drawEquip(E, ctx, g, 'DE', 'equip', pkg.equip, 'arriving', 'German reinforcement (7.0)');
  ctx.log('German reinforcements: a Soviet stack is south of the start line (7.0)', { rule: '7.0' });
}

/**
 * 7.0(1): `n` of the reserve units `from` arrive (to the "arriving" box, 7.0(2)); the owner
 * chooses (A-02 for the German) unless there is no choice to make.
 */
function chooseReinforcements(g: PGState, side: Side, from: string[], n: number, prompt: string): void {
  if (from.length <= n) {
    for (const id of from) g.units.find((u) => u.id === id)!.hex = ARRIVING;
    return;
  }
  push(g, 'reinfChoice', side, '7.0(1)', prompt, { count: n, from: [...from] });
}

/** Ends the current phase and starts the next (5.1-5.3); after the last turn, 18.0. */
function nextPhase(E: Env, ctx: Ctx, g: PGState): void {
  g.stack.pop();
  const k = PHASES.indexOf(g.phase as (typeof PHASES)[number]);
  if (k < PHASES.length - 1) {
    g.phase = PHASES[k + 1]!;
  } else {
    for (const u of g.units) if (u.side === g.side) u.designated = false; // A-05
    endPlayerTurnMovement(g); // 8.3(1)3 lasts the player-turn
    if (g.side === 'DE') g.side = 'SU';
    else {
      if (g.turn >= g.lastTurn) {
        g.result = victory(E, g);
        ctx.log(g.result.reason, { rule: g.result.rule });
        return;
      }
      g.turn += 1; // 5.3
      g.side = 'DE';
    }
    g.phase = 'support';
  }
  enterPhase(E, ctx, g);
}

/** Equipment chits by the unit they are stacked with (one pass). */
function chitsByUnit(g: PGState): Map<string, ChitState[]> {
  const out = new Map<string, ChitState[]>();
  for (const c of g.equip) {
    const l = out.get(c.loc);
    if (l) l.push(c);
    else out.set(c.loc, [c]);
  }
  return out;
}

// ---- legal actions --------------------------------------------------------------------------

export function legal(E: Env, g: PGState, d: Entry): PGAction[] {
  const s = d.side;
  const mine = g.units.filter((u) => u.side === s && u.hex >= 0);
  switch (d.kind) {
    case 'setupPlace': {
      // 4.0(5): drawn chits face-down under own units up to the equipment value
      const out: PGAction[] = [{ type: 'donePlacing' }];
      const drawn = g.equip.filter((c) => c.side === s && c.loc === 'drawn');
      const under = chitsByUnit(g);
      for (const u of mine)
        if (values(E, u).equip > (under.get(u.id)?.length ?? 0))
          for (const c of drawn) out.push({ type: 'place', chit: c.id, unit: u.id });
      return out;
    }
    case 'setupSupport':
      // 4.0(6)1: the German chooses 8 of its 18
      return g.support
        .filter((c) => c.side === 'DE' && c.loc === 'cup')
        .map((c) => ({ type: 'pickSupport', chit: c.id }));
    case 'designation': {
      // 5.1(3): mechanized stacks, and non-mechanized stacks not in an enemy ZOC
      const zoc = inEnemyZoc(E, g, s);
      const out: PGAction[] = [{ type: 'endPhase' }];
      for (const u of mine)
        if (!u.designated && (E.unitById.get(u.id)!.mechanized || !zoc[u.hex]))
          out.push({ type: 'designate', unit: u.id });
      // A-04: units received in phase 2 may be designated (off the map they are in no enemy ZOC)
      if (g.o.reinforcementsMayDesignate)
        for (const u of g.units)
          if (u.side === s && u.hex === ARRIVING && !u.designated) out.push({ type: 'designate', unit: u.id });
      return [...out, ...airOutsideBattles(E, g, s)]; // 16.1(1)2-3: ground attack at any time, recon in the own player-turn
    }
    case 'reorganization': {
      const out: PGAction[] = [{ type: 'endPhase' }];
      const loc = locReach(E, g, s);
      const withLoc = mine.filter((u) => loc[u.hex] === 1);
      const done = d.count ?? 0;
      const returned = g.o.reorgReturnFirst ? false : done < 0; // A-07: once (2) starts, (1) is over
      const under = chitsByUnit(g); // one pass over the chits (this list is built at every reorganization step)
      if (!returned && done < E.d.tables.combat.reorgPlaceMax) {
        const pool = g.equip.filter((c) => c.side === s && c.loc === 'reorg');
        for (const u of withLoc)
          if (values(E, u).equip > (under.get(u.id)?.length ?? 0))
            for (const c of pool) out.push({ type: 'reorgPlace', chit: c.id, unit: u.id });
      }
      for (const u of withLoc) for (const c of under.get(u.id) ?? []) out.push({ type: 'reorgReturn', chit: c.id });
      // 签一览 detachment ※, A-26: a face-up detachment with a LOC may go back to the pool (with its chit)
      for (const u of withLoc) {
        const c = detachmentChitOf(u.id);
        if (c) out.push({ type: 'reorgReturn', chit: c });
      }
      return [...out, ...airOutsideBattles(E, g, s)]; // 16.1(1)2-3
    }
    case 'movement':
      return [...movementLegal(E, g, d), ...airOutsideBattles(E, g, s)]; // 8.0, 7.0(2), 19.2; 16.1(1)2-3 ground attack and recon at any time
    case 'moveTo':
      return movementLegal(E, g, d); // 8.0, 7.0(2), 19.2
    case 'reinfChoice':
      return (d.from ?? []).map((unit) => ({ type: 'reinfPick', unit })); // 7.0(1), A-02
    case 'normalAttack':
    case 'reserveAttack':
      return attackPhaseLegal(E, g); // 9.0-9.2
    default:
      if (d.kind.startsWith('cb:')) return combatLegal(E, g, d); // 9.2-16.0
      return [{ type: 'endPhase' }];
  }
}

function perform(E: Env, ctx: Ctx, g: PGState, d: Entry, a: PGAction): void {
  const s = d.side;
  if (isMoveAction(a)) return performMove(E, ctx, g, d, a);
  if (isCombatAction(a)) return combatPerform(E, ctx, g, d, a);
  switch (a.type) {
    case 'place': {
      const c = g.equip.find((x) => x.id === a.chit)!;
      c.loc = a.unit;
      return;
    }
    case 'donePlacing': {
      for (const c of g.equip) if (c.side === s && c.loc === 'drawn') c.loc = 'reorg'; // 4.0(5)
      g.stack.pop();
      if (s === 'SU')
        push(
          g,
          'setupPlace',
          'DE',
          '4.0(5)',
          'place your drawn chits face-down under your units (the rest go to the reorganization pool)',
        );
      else
        push(g, 'setupSupport', 'DE', '4.0(6)1', 'choose 8 support chits for your turn-1 support pool', { count: 0 });
      return;
    }
    case 'pickSupport': {
      g.support.find((x) => x.id === a.chit)!.loc = 'pool';
      d.count = (d.count ?? 0) + 1;
      if (d.count >= E.d.tables.support.germanChooseAtSetup) {
        g.stack.pop();
        g.turn = 1;
        g.side = 'DE';
        g.phase = 'support';
        ctx.irreversible('the game begins');
        enterPhase(E, ctx, g);
      }
      return;
    }
    case 'designate':
      g.units.find((u) => u.id === a.unit)!.designated = true;
      return;
    case 'reorgPlace': {
      g.equip.find((x) => x.id === a.chit)!.loc = a.unit; // 5.1(7)1: face-down
      d.count = (d.count ?? 0) + 1;
      return;
    }
    case 'reorgReturn': {
      const c = g.equip.find((x) => x.id === a.chit)!;
      if (c.loc === DETACHED) reorganizeDetachment(g, c.id); // 签一览 detachment ※, A-26
      c.loc = 'reorg'; // 5.1(7)2: face-down into the pool
      c.faceUp = false;
      if (!g.o.reorgReturnFirst) d.count = -1;
      return;
    }
    case 'reinfPick': {
      g.units.find((u) => u.id === a.unit)!.hex = ARRIVING; // 7.0(1)(2)
      d.from = d.from!.filter((x) => x !== a.unit);
      d.count = d.count! - 1;
      if (d.count > 0) return;
      g.stack.pop();
      if (g.stack.length) return; // another formation to choose from
      g.phase = 'designation';
      enterPhase(E, ctx, g);
      return;
    }
    case 'endPhase':
      if (d.kind === 'movement') endMovement(g);
      if (d.kind === 'reorganization' && !g.o.detachmentReorgOptional) compulsoryDetachmentReorg(E, ctx, g, s); // A-26 (alternative)
      if (isAttackPhase(g) && endDeclaration(E, ctx, g)) return; // 9.2(2): the declared battles are resolved first
      nextPhase(E, ctx, g);
      return;
  }
}

/**
 * 签一览 detachment ※: a reorganized face-up detachment leaves the map for the reorganization
 * pool together with any chit stacked with it (5.1(7)2); its chit is a chit again.
 */
function reorganizeDetachment(g: PGState, chit: string): void {
  const u = g.units.find((x) => x.id === detachmentUnitId(chit))!;
  for (const c of chitsOf(g, u.id)) {
    c.loc = 'reorg';
    c.faceUp = false;
  }
  const c = g.equip.find((x) => x.id === chit)!;
  c.loc = 'reorg';
  c.faceUp = false;
  u.hex = AS_CHIT;
  u.designated = false;
  u.reduced = false;
  g.ver++;
}

/** A-26 with `detachmentReorgOptional` false: every face-up detachment with a LOC is reorganized at the end of 5.1(7). */
function compulsoryDetachmentReorg(E: Env, ctx: Ctx, g: PGState, side: Side): void {
  const loc = locReach(E, g, side);
  for (const u of g.units.filter((x) => x.side === side && x.hex >= 0 && detachmentChitOf(x.id) && loc[x.hex] === 1)) {
    reorganizeDetachment(g, detachmentChitOf(u.id)!);
    ctx.log(`${u.id} is reorganized into the pool (签一览 detachment, A-26: compulsory)`, { rule: 'A-26' });
  }
}

/** A chit in an action's words, "Tiger (DE-E07)": only the acting side's own chits are named by actions (3.5(5)). */
const chitLabel = (E: Env, id: string) => `${chitName(E, id)} (${id})`;

// ---- assembly -------------------------------------------------------------------------------

export function createProkhorovkaRules(data: ProkhorovkaData): GameRules<PGState, PGAction, PGView> {
  const E = makeEnv(data);
  const top = (g: PGState) => g.stack[g.stack.length - 1];
  return {
    id: 'prokhorovka',
    title: 'Kursk South: Prokhorovka 1943',
    roles: ['DE', 'SU'],
    scenarios: [
      {
        id: 'citadel',
        title: 'Operation Citadel, southern face (5-13 July 1943)',
        description: 'The base game: 9 turns (10 with 19.1).',
      },
    ],
    options: OPTION_SPECS,
    setup(ctx, _scenario, options) {
      const o = toOpts(options);
      if (o.extraCounters)
        throw new RuleError('19.4', 'the 19.4 counters (6GAb, 66G) are not part of this game', 'malformed');
      const g: PGState = {
        o,
        turn: 0,
        lastTurn: o.extendedGame ? E.d.tables.game.optionalTurn : E.d.tables.game.turns,
        side: 'SU',
        phase: 'setup',
        units: [
          ...E.d.units.map((u) => ({ id: u.id, side: u.side, hex: RESERVE, reduced: false, designated: false })),
          // 签一览 detachment: each detachment chit's combat unit, off the map until it splits off
          ...E.d.equipment
            .filter((c) => c.cls === 'detachment')
            .map((c) => ({
              id: detachmentUnitId(c.id),
              side: c.side,
              hex: AS_CHIT,
              reduced: false,
              designated: false,
            })),
        ],
        equip: E.d.equipment.map((c) => ({ id: c.id, side: c.side, loc: 'cup', faceUp: false })),
        support: E.d.support.map((c) => ({ id: c.id, side: c.side, loc: 'cup', faceUp: false })),
        ver: 0,
        germanReinfDone: false,
        mv: initialMoveState(E),
        stack: [],
        result: null,
      };
      // 4.0(2)(3): dotted units to the reserve pool, the others on their set-up hexes
      for (const p of E.d.setup) g.units.find((u) => u.id === p.unit)!.hex = E.b.grid.hex(p.hex);
      // 4.0(4): random equipment draws; 4.0(6)2: the Soviet draws 4 support chits
      for (const s of ['SU', 'DE'] as Side[]) {
        const n = E.d.tables.setupDraws[s];
        drawEquip(E, ctx, g, s, 'tank', n.tank, 'drawn', 'set-up (4.0(4))');
        drawEquip(E, ctx, g, s, 'equip', n.equip, 'drawn', 'set-up (4.0(4))');
      }
      drawSupport(ctx, g, 'SU', E.d.tables.support.sovietDrawAtSetup, 'set-up (4.0(6)2)');
      push(
        g,
        'setupPlace',
        'SU',
        '4.0(5)',
        'place your drawn chits face-down under your units (the rest go to the reorganization pool)',
      );
      return g;
    },
    currentDecision(g) {
      if (g.result) return null;
      const d = top(g);
      return d ? { kind: d.kind, role: d.role, rule: d.rule, prompt: d.prompt } : null;
    },
    legalActions(g, role) {
      const d = top(g);
      if (g.result || !d || d.role !== role) return [];
      return legal(E, g, d);
    },
    perform(ctx, g, _role, action) {
      perform(E, ctx, g, top(g)!, action);
    },
    explain(g, _role, action) {
      const d = top(g);
      if (!d) return null;
      const mv = explainMove(E, g, d, action);
      if (mv === undefined && isCombatAction(action)) return combatExplain(E, g, d, action);
      if (mv !== undefined) return mv;
      if (action.type === 'reinfPick')
        return {
          rule: '7.0(1), A-02',
          message:
            d.kind === 'reinfChoice'
              ? `choose among ${(d.from ?? []).join(', ')}`
              : 'reinforcements are chosen in the reinforcement phase',
        };
      if (action.type === 'designate')
        return {
          rule: '5.1(3)',
          message: 'only mechanized stacks, or non-mechanized stacks outside enemy ZOC, may be designated',
        };
      if (action.type === 'reorgPlace')
        return {
          rule: '5.1(7)1',
          message: 'at most 2 chits from the pool, onto units with a LOC and free equipment capacity',
        };
      if (action.type === 'place')
        return { rule: '4.0(5), 3.4(2)', message: 'drawn chits go under your own units, up to their equipment value' };
      return null;
    },
    view(g, role) {
      return makeView(E, g, role);
    },
    determinize(v, role, rng) {
      return determinize(E, v, role, rng);
    },
    outcome(g) {
      return g.result;
    },
    clone(g) {
      return structuredClone(g);
    },
    describe(_g, a) {
      switch (a.type) {
        case 'place':
        case 'reorgPlace':
          return `put ${chitLabel(E, a.chit)} under ${a.unit}`;
        case 'reorgReturn':
          return _g.equip.find((c) => c.id === a.chit)?.loc === DETACHED
            ? `reorganize detachment ${detachmentUnitId(a.chit)} into the pool (with its chit)`
            : `return ${chitLabel(E, a.chit)} to the reorganization pool`;
        case 'pickSupport':
          return `choose support chit ${chitLabel(E, a.chit)}`;
        case 'designate':
          return `designate ${a.unit} as reserve`;
        case 'donePlacing':
          return 'finish placing chits';
        case 'endPhase':
          return 'end the phase';
        case 'reinfPick':
          return `${a.unit} arrives as a reinforcement`;
        case 'pick':
        case 'moveTo':
        case 'cancelMove':
        case 'load':
        case 'xxivRoll':
        case 'detach':
          return describeMove(E, _g, a);
        default:
          return combatDescribe(E, _g, a);
      }
    },
    summary(g, role) {
      return summaryText(E, makeView(E, g, role), role, germanVP(E, g).vp, combatSummary(E, g));
    },
  };
}
