/**
 * The sequence of play (5.0-5.3): a game turn is the German player-turn, then the Soviet one
 * (5.2); a player-turn is the seven phases of the chart `PLAYER_TURN` (5.1); after the last turn,
 * victory (18.0). The automatic phases run as procedures (support receipt 6.0, reinforcement 7.0);
 * the others are the phasing player's decisions: reserve designation (5.1(3)) and reorganization
 * (5.1(7)) here, the attack phases in combat/phase.ts, movement in movementPhase.ts. The choice
 * of arriving reserve units (7.0(1)) is a decision of the reinforcement phase.
 */
import { call, end, goto, type Ctx, type Message, type Refusal } from '@sandtable/engine';
import { airOutsideBattles, flyMission, missionRefusal } from './combat/air.ts';
import type { ActionOf } from './combat/types.ts';
import { drawEquip, drawSupport, sovSP } from './draw.ts';
import { endPlayerTurnMovement } from './movement.ts';
import {
  ARRIVING,
  AS_ASKED,
  AS_CHIT,
  DETACHED,
  RESERVE,
  ask,
  chitsByUnit,
  chitsOf,
  detachmentChitOf,
  detachmentUnitId,
  inEnemyZoc,
  locReach,
  values,
  type Decides,
  type Env,
  type PGState,
  type Phase,
  type Side,
} from './state.ts';
import { victory } from './victory.ts';
import { msg } from './texts/index.ts';

/** A phase of the chart: an automatic procedure (true when it is over), or the phasing player's decision. */
type PhaseStep = { phase: Phase; rule: string } & (
  | { run: (E: Env, ctx: Ctx, g: PGState) => boolean }
  | { prompt: Message }
);

/** 5.1: the phases of a player-turn, in order. */
const PLAYER_TURN: readonly PhaseStep[] = [
  { phase: 'support', rule: '5.1(1), 6.0', run: supportReceipt },
  { phase: 'reinforcement', rule: '5.1(2), 7.0', run: reinforcement },
  { phase: 'designation', rule: '5.1(3)', prompt: msg('pk.designation') },
  { phase: 'normalAttack', rule: '5.1(4), 9.0', prompt: msg('pk.normalAttack') },
  { phase: 'movement', rule: '5.1(5), 8.0', prompt: msg('pk.movement') },
  { phase: 'reserveAttack', rule: '5.1(6), 9.0', prompt: msg('pk.reserveAttack') },
  { phase: 'reorganization', rule: '5.1(7)', prompt: msg('pk.reorganization') },
];
const STEP_OF = new Map(PLAYER_TURN.map((p, k) => [p.phase, k]));

/** The rule of each phase (5.1). */
export const phaseRule = (phase: Phase) => PLAYER_TURN[STEP_OF.get(phase)!]!.rule;

/** Procedure: starts the phase `g.phase` of the phasing player (5.1). */
export function startPhase(E: Env, ctx: Ctx, g: PGState): void {
  const p = PLAYER_TURN[STEP_OF.get(g.phase as Phase)!]!;
  if ('prompt' in p) {
    askPhase(g, p.phase);
    return;
  }
  if (p.run(E, ctx, g)) toNextPhase(g);
}

/** Asks the phasing player the decision of `phase`, one of the chart's decision phases (5.1(3)-(7)). */
export function askPhase(g: PGState, phase: Phase): void {
  const p = PLAYER_TURN[STEP_OF.get(phase)!]!;
  if (!('prompt' in p)) throw new Error(`the ${phase} phase is automatic: nothing to ask`);
  ask(g, p.phase, g.side, p.rule, p.prompt, p.phase === 'reorganization' ? { count: 0 } : {});
}

/** The next phase of the player-turn starts. */
function toNextPhase(g: PGState): void {
  g.phase = PLAYER_TURN[STEP_OF.get(g.phase as Phase)! + 1]!.phase;
  call(g.stack, { kind: 'startPhase' });
}

/**
 * Procedure: the phase has ended (its decision is gone): the next phase starts (5.1); after the
 * last, the other player's turn (5.2) or the next game turn (5.3); after the last turn, 18.0.
 */
export function nextPhase(E: Env, ctx: Ctx, g: PGState): void {
  if (STEP_OF.get(g.phase as Phase)! < PLAYER_TURN.length - 1) return toNextPhase(g);
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
  call(g.stack, { kind: 'startPhase' });
}

/** The game begins: the turn marker on turn 1 (4.0(8)), the German player-turn first (5.0, 5.1). */
export function beginGame(ctx: Ctx, g: PGState): void {
  g.turn = 1;
  g.side = 'DE';
  g.phase = 'support';
  ctx.irreversible('the game begins');
  call(g.stack, { kind: 'startPhase' });
}

// ---- 6.0 support receipt ---------------------------------------------------------------------

/** 6.0: the pool goes back to the cup (6.0(1)) and the player draws (6.0(2)); A-01: the German skips it on turn 1 (its 8 chosen chits serve). */
function supportReceipt(E: Env, ctx: Ctx, g: PGState): boolean {
  const s = g.side;
  if (s === 'DE' && g.turn === 1 && g.o.skipGermanSupportT1) return true;
  for (const c of g.support) if (c.side === s && c.loc === 'pool') c.loc = 'cup'; // 6.0(1)
  const n = s === 'DE' ? E.d.tables.support.germanPerTurn : sovSP(E, g);
  drawSupport(ctx, g, s, n, `turn ${g.turn} support receipt (6.0(2))`);
  ctx.log(`${s} receives ${n} support chits (6.0)`, { rule: '6.0' });
  return true;
}

// ---- 7.0 reinforcement -----------------------------------------------------------------------

/**
 * 7.0: the Soviet turn track; the German one-time package while a Soviet stack is south of the
 * start line (A-02). False while the owner chooses which reserve units arrive (7.0(1)).
 */
function reinforcement(E: Env, ctx: Ctx, g: PGState): boolean {
  let asked = false;
  if (g.side === 'SU') {
    const box = E.d.tables.turnTrack[g.turn - 1];
    if (!box) return true;
    for (const r of [...box.reinforcements].reverse()) {
      const pool = g.units.filter(
        (u) => u.side === 'SU' && u.hex === RESERVE && E.unitById.get(u.id)!.formation === r.formation,
      );
      asked =
        chooseReinforcements(
          g,
          'SU',
          pool.map((u) => u.id),
          r.count,
          msg('pk.reinfChoice.soviet', { n: r.count, formation: r.formation }),
        ) || asked;
    }
    // 7.0(2), A-03: the chits enter with the units (placed under them in the movement phase)
    drawEquip(E, ctx, g, 'SU', 'tank', box.tank, 'arriving', `turn ${g.turn} reinforcement (7.0)`);
    drawEquip(E, ctx, g, 'SU', 'equip', box.equip, 'arriving', `turn ${g.turn} reinforcement (7.0)`);
    if (box.reinforcements.length || box.tank || box.equip)
      ctx.log(
        `Soviet reinforcements arrive (7.0): ${box.reinforcements.map((r) => `${r.formation} x${r.count}`).join(', ') || 'chits only'}`,
        { rule: '7.0' },
      );
    return !asked;
  }
  if (g.turn === 1 || g.germanReinfDone) return true; // 17.1(1), A-02
  const south = g.units.some((u) => u.side === 'SU' && u.hex >= 0 && E.b.germanSide[u.hex] === 1);
  if (!south) return true;
  g.germanReinfDone = true;
  const pkg = E.d.tables.germanReinforcement;
  const cands = g.units.filter((u) => u.side === 'DE' && u.hex === RESERVE && pkg.candidates.includes(u.id));
  asked = chooseReinforcements(
    g,
    'DE',
    cands.map((u) => u.id),
    g.o.germanReinfUnits,
    msg('pk.reinfChoice.german', { n: g.o.germanReinfUnits, units: cands.map((u) => u.id).join(', ') }),
  );
  drawEquip(E, ctx, g, 'DE', 'tank', pkg.tank, 'arriving', 'German reinforcement (7.0)'); // 7.0(2), A-03
  drawEquip(E, ctx, g, 'DE', 'equip', pkg.equip, 'arriving', 'German reinforcement (7.0)');
  ctx.log('German reinforcements: a Soviet stack is south of the start line (7.0)', { rule: '7.0' });
  return !asked;
}

/**
 * 7.0(1): `n` of the reserve units `from` arrive (to the "arriving" box, 7.0(2)); the owner
 * chooses (A-02 for the German) unless there is no choice to make. True when it asked.
 */
function chooseReinforcements(g: PGState, side: Side, from: string[], n: number, prompt: Message): boolean {
  if (from.length <= n) {
    for (const id of from) g.units.find((u) => u.id === id)!.hex = ARRIVING;
    return false;
  }
  ask(g, 'reinfChoice', side, '7.0(1)', prompt, { count: n, from: [...from] });
  return true;
}

/** 7.0(1), A-02: choose the reserve units that arrive, one at a time; the last choice ends the phase. */
export const reinforcementChoice: Decides<'reinfChoice', { type: 'reinfPick'; unit: string }> = {
  ...AS_ASKED,
  rule: '7.0(1), A-02',
  actions: ['reinfPick'],
  legal: (_E, _g, f) => f.from.map((unit) => ({ type: 'reinfPick' as const, unit })),
  perform(_E, _ctx, g, f, a) {
    g.units.find((u) => u.id === a.unit)!.hex = ARRIVING; // 7.0(1)(2)
    f.from = f.from.filter((x) => x !== a.unit);
    f.count -= 1;
    if (f.count > 0) return;
    end(g.stack);
    if (g.stack.length) return; // another formation to choose from
    toNextPhase(g);
  },
  refuse: (_E, _g, f) => ({ rule: '7.0(1), A-02', message: `choose among ${f.from.join(', ')}` }),
};

// ---- 5.1(3) reserve designation --------------------------------------------------------------

type DesignationAction = { type: 'designate'; unit: string } | { type: 'endPhase' } | ActionOf<'airMission'>;

/** 5.1(3): designate mechanized stacks, and non-mechanized stacks not in an enemy ZOC, as reserves. */
export const designation: Decides<'designation', DesignationAction> = {
  ...AS_ASKED,
  rule: '5.1(3)',
  actions: ['designate', 'endPhase', 'airMission'],
  legal(E, g, f) {
    const s = f.side;
    const zoc = inEnemyZoc(E, g, s);
    const out: DesignationAction[] = [{ type: 'endPhase' }];
    for (const u of g.units)
      if (u.side === s && u.hex >= 0 && !u.designated && (E.unitById.get(u.id)!.mechanized || !zoc[u.hex]))
        out.push({ type: 'designate', unit: u.id });
    // A-04: units received in phase 2 may be designated (off the map they are in no enemy ZOC)
    if (g.o.reinforcementsMayDesignate)
      for (const u of g.units)
        if (u.side === s && u.hex === ARRIVING && !u.designated) out.push({ type: 'designate', unit: u.id });
    return [...out, ...airOutsideBattles(E, g, s)]; // 16.1(1)2-3: ground attack at any time, recon in the own player-turn
  },
  perform(E, ctx, g, f, a) {
    if (a.type === 'designate') g.units.find((u) => u.id === a.unit)!.designated = true;
    else if (a.type === 'airMission') flyMission(E, ctx, g, f.side, a);
    else goto(g.stack, { kind: 'nextPhase' });
  },
  refuse(E, g, f, a): Refusal | null {
    if (a.type === 'designate')
      return {
        rule: '5.1(3)',
        message: 'only mechanized stacks, or non-mechanized stacks outside enemy ZOC, may be designated',
      };
    if (a.type === 'airMission') return missionRefusal(E, g, f.side, a);
    return null;
  },
};

// ---- 5.1(7) reorganization -------------------------------------------------------------------

type ReorganizationAction =
  | { type: 'reorgPlace'; chit: string; unit: string }
  | { type: 'reorgReturn'; chit: string }
  | { type: 'endPhase' }
  | ActionOf<'airMission'>;

/** 5.1(7): place up to 2 chits from the pool under units with a LOC (1), return chits of such units to the pool (2). */
export const reorganization: Decides<'reorganization', ReorganizationAction> = {
  ...AS_ASKED,
  rule: '5.1(7)',
  actions: ['reorgPlace', 'reorgReturn', 'endPhase', 'airMission'],
  legal(E, g, f) {
    const s = f.side;
    const out: ReorganizationAction[] = [{ type: 'endPhase' }];
    const loc = locReach(E, g, s);
    const withLoc = g.units.filter((u) => u.side === s && u.hex >= 0 && loc[u.hex] === 1);
    const returned = g.o.reorgReturnFirst ? false : f.count < 0; // A-07: once (2) starts, (1) is over
    const under = chitsByUnit(g); // one pass over the chits (this list is built at every reorganization step)
    if (!returned && f.count < E.d.tables.combat.reorgPlaceMax) {
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
  },
  perform(E, ctx, g, f, a) {
    switch (a.type) {
      case 'reorgPlace':
        g.equip.find((x) => x.id === a.chit)!.loc = a.unit; // 5.1(7)1: face-down
        f.count += 1;
        return;
      case 'reorgReturn': {
        const c = g.equip.find((x) => x.id === a.chit)!;
        if (c.loc === DETACHED) reorganizeDetachment(g, c.id); // 签一览 detachment ※, A-26
        c.loc = 'reorg'; // 5.1(7)2: face-down into the pool
        c.faceUp = false;
        if (!g.o.reorgReturnFirst) f.count = -1;
        return;
      }
      case 'airMission':
        return flyMission(E, ctx, g, f.side, a);
      case 'endPhase':
        if (!g.o.detachmentReorgOptional) compulsoryDetachmentReorg(E, ctx, g, f.side); // A-26 (alternative)
        goto(g.stack, { kind: 'nextPhase' });
        return;
    }
  },
  refuse(E, g, f, a): Refusal | null {
    if (a.type === 'reorgPlace')
      return {
        rule: '5.1(7)1',
        message: 'at most 2 chits from the pool, onto units with a LOC and free equipment capacity',
      };
    if (a.type === 'airMission') return missionRefusal(E, g, f.side, a);
    if (a.type === 'reorgReturn')
      return {
        rule: '5.1(7)2',
        message: 'only a chit under one of your units with a LOC (or a face-up detachment, A-26) goes back to the pool',
      };
    return null;
  },
};

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
