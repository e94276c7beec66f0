/**
 * The invariants a position must keep, each with the rule that makes it one (POSITIONS.md lists
 * them): the turn track, where units may stand (the map, enemy sources, stacking), where chits may
 * lie (under a unit of their side and within its equipment value, or in a box), the movement under
 * way, the attack phase (attackers, targets, allocations) and a decision stack whose frames have
 * the phase, move, battle, roll or air mission they work on.
 */
import type { PositionChecks } from '@sandtable/engine';
import type { Battle, CombatState } from '../combat/types.ts';
import {
  ARRIVING,
  AS_CHIT,
  DETACHED,
  RESERVE,
  detachmentChitOf,
  other,
  type Asked,
  type Env,
  type PGState,
  type UnitState,
} from '../state.ts';
import { unitPlace } from './names.ts';
import { PHASES } from './schema.ts';

export function checkPosition(E: Env, g: PGState, checks: PositionChecks): void {
  checkTurn(g, checks);
  const units = new Map(g.units.map((u) => [u.id, u]));
  for (const u of g.units) checkUnit(E, g, u, checks);
  checkStacking(E, g, checks);
  checkEquipment(E, g, units, checks);
  checkSupport(g, checks);
  checkMoves(g, units, checks);
  if (g.combat) checkCombat(E, g, g.combat, units, checks);
  checkStack(g, units, checks);
}

/** The phase under way is `phase` or a later one of the player-turn (5.1; the set-up comes before all). */
const since = (g: PGState, phase: (typeof PHASES)[number]) =>
  PHASES.indexOf(g.phase as (typeof PHASES)[number]) >= PHASES.indexOf(phase);

/** 4.0, 4.0(8): turn 0 is the set-up, and only it; 5.3, 19.1: the track ends at the last turn. */
function checkTurn(g: PGState, checks: PositionChecks): void {
  checks.check(
    (g.turn === 0) === (g.phase === 'setup'),
    '4.0(8)',
    `turn: turn 0 is the set-up (phase "setup"), and the game begins on turn 1 (turn ${g.turn}, phase "${g.phase}")`,
  );
  checks.check(g.turn <= g.lastTurn, '5.3', `turn: ${g.turn} is past the last turn (${g.lastTurn})`);
}

/** Where one unit may stand, its flip and its designation. */
function checkUnit(E: Env, g: PGState, u: UnitState, checks: PositionChecks): void {
  const where = `units: ${u.id} at ${unitPlace(E, u.hex)}`;
  // 2.2.1(5): neither side's stacks may enter the other side's communication sources
  if (u.hex >= 0)
    checks.check(
      E.b.source[u.hex] !== (u.side === 'DE' ? 2 : 1),
      '2.2.1(5)',
      `${where}: a ${other(u.side)} communication source (no stack enters an enemy source)`,
    );
  if (detachmentChitOf(u.id)) checkDetachment(g, u, where, checks);
  else checks.check(u.hex !== AS_CHIT, '签一览 detachment', `${where}: only a detachment may be "as-chit"`);
  // 2.11(1): every unit enters play at full strength; an eliminated unit leaves it
  checks.check(!u.reduced || u.hex >= 0, '2.11(1)', `${where}: only a unit on the map may be reduced`);
  if (!u.designated) return;
  // 5.1(3), A-05: designation lasts until the end of the owner's player-turn
  checks.check(
    u.side === g.side && since(g, 'designation'),
    '5.1(3), A-05',
    `${where}: only the phasing player's units are designated, from its reserve designation phase to the end of its player-turn`,
  );
  // units received this turn may be designated (with the option)
  const arriving = g.o.reinforcementsMayDesignate;
  checks.check(
    u.hex >= 0 || (u.hex === ARRIVING && arriving),
    '5.1(3), A-04',
    `${where}: only a unit on the map${arriving ? ' or received this turn' : ''} may be designated`,
  );
}

/**
 * 签一览 detachment, A-26: a detachment is a one-step unit only while its chit is split off
 * ("detached"); eliminated or reorganized, it is a chit again ("as-chit").
 */
function checkDetachment(g: PGState, u: UnitState, where: string, checks: PositionChecks): void {
  const det = detachmentChitOf(u.id)!;
  checks.check(
    u.hex === AS_CHIT || u.hex >= 0,
    '签一览 detachment',
    `${where}: a detachment is on the map or still a chit ("as-chit")`,
  );
  const chit = g.equip.find((c) => c.id === det);
  checks.check(
    u.hex >= 0 === (chit?.loc === DETACHED),
    '签一览 detachment',
    `${where}: a detachment is on the map exactly when its chit ${det} is "detached" (it is at "${chit?.loc}")`,
  );
  checks.check(!u.reduced, 'A-26', `${where}: a detachment has one step: it has no reduced side`);
}

/** 3.4(1): one combat unit per hex, whatever its side or strength. */
function checkStacking(E: Env, g: PGState, checks: PositionChecks): void {
  const inHex = new Map<number, string>();
  for (const u of g.units) {
    if (u.hex < 0) continue;
    const there = inHex.get(u.hex);
    checks.check(
      there === undefined,
      '3.4(1)',
      `units: ${there} and ${u.id} are both in hex ${E.b.grid.label(u.hex)} (one combat unit per hex)`,
    );
    inHex.set(u.hex, u.id);
  }
}

/** Equipment chits: under a unit of their side within its equipment value, or in a box they may be in. */
function checkEquipment(E: Env, g: PGState, units: Map<string, UnitState>, checks: PositionChecks): void {
  const under = new Map<string, number>();
  for (const c of g.equip) {
    const at = `equip: ${c.id} at "${c.loc}"`;
    const u = units.get(c.loc);
    if (u) {
      under.set(u.id, (under.get(u.id) ?? 0) + 1);
      checks.check(u.side === c.side, '3.4, 3.5(2)', `${at}: a chit stacks only with a unit of its own side`);
      // 3.5(2): never alone on the map; 7.0(2), A-03: received chits go under an entering unit in its movement phase
      checks.check(
        u.hex >= 0 || (u.hex === ARRIVING && u.side === g.side && g.phase === 'movement'),
        '3.5(2), 7.0(2)',
        `${at}: ${u.id} is ${unitPlace(E, u.hex)}; a chit is stacked with a unit on the map (or one entering in its movement phase)`,
      );
      continue;
    }
    if (c.loc === DETACHED)
      checks.check(
        E.equipById.get(c.id)?.cls === 'detachment',
        '签一览 detachment',
        `${at}: only a detachment chit splits off as a unit`,
      );
    if (c.loc === 'drawn')
      checks.check(g.phase === 'setup', '4.0(4)', `${at}: chits are "drawn" only during the set-up (4.0(4)-(5))`);
    if (c.loc === 'arriving')
      checks.check(
        c.side === g.side && since(g, 'reinforcement') && !since(g, 'reserveAttack'),
        '7.0(2), A-03',
        `${at}: received chits wait for the phasing player's movement phase (then go to the reorganization pool)`,
      );
    if (c.loc === 'cup' || c.loc === 'reorg')
      checks.check(!c.faceUp, '3.5(7), 5.1(7)', `${at}: a chit in a cup or the reorganization pool lies face-down`);
  }
  for (const [id, n] of under) {
    const d = E.unitById.get(id)!;
    // 3.4(2); a reduced unit keeps its chits until its next stacking check (3.4(4), A-08)
    const room = d.full.equip;
    checks.check(n <= room, '3.4(2)', `units: ${id} holds ${n} equipment chits, more than its equipment value ${room}`);
  }
}

/** Support chits: face-down in the cup (3.6(6)); allocated ones are in a battle (9.2(2)); flying ones on the mission (16.1). */
function checkSupport(g: PGState, checks: PositionChecks): void {
  const allocated = new Set(g.combat?.battles.flatMap((b) => [...b.alloc.DE, ...b.alloc.SU]) ?? []);
  const a = g.combat?.air;
  const flying = new Set(a ? [a.chit, a.interceptor, a.counter].filter((x): x is string => !!x) : []);
  for (const c of g.support) {
    const at = `support: ${c.id} at "${c.loc}"`;
    if (c.loc === 'cup') checks.check(!c.faceUp, '3.6(6)', `${at}: a chit in its cup lies face-down`);
    if (c.loc === 'alloc')
      checks.check(allocated.has(c.id), '9.2(2)', `${at}: an allocated chit is in a battle's allocation (combat)`);
    if (c.loc === 'air')
      checks.check(
        flying.has(c.id),
        '16.1',
        `${at}: a chit in the air flies the mission or intercepts it (combat.air)`,
      );
  }
}

/** 8.1: the stacks moved this phase and the picked one are the phasing player's. */
function checkMoves(g: PGState, units: Map<string, UnitState>, checks: PositionChecks): void {
  const m = g.mv;
  const own = (id: string) => units.get(id)?.side === g.side;
  for (const id of m.moved)
    checks.check(own(id), '8.1(1)', `mv.moved: ${id} is not the phasing player's (${g.side}) stack`);
  for (const id of m.strategic)
    checks.check(own(id), '8.3(1)3', `mv.strategic: ${id} is not the phasing player's (${g.side}) stack`);
  if (m.picked) checks.check(own(m.picked.unit), '8.1(1)', `mv.picked: ${m.picked.unit} is not the phasing player's`);
  checks.check(
    !m.picked || g.stack.at(-1)?.kind === 'moveTo',
    '8.1(1)',
    'mv.picked: a stack is picked only while its destination is asked ("moveTo" on top of the stack)',
  );
}

/** 9.0-16.0: the attack phase in its own phase, its battles, the battle under way, a roll, an air mission. */
function checkCombat(E: Env, g: PGState, c: CombatState, units: Map<string, UnitState>, checks: PositionChecks): void {
  if (c.stage !== 'idle')
    checks.check(
      g.phase === (c.phase === 'reserve' ? 'reserveAttack' : 'normalAttack'),
      '5.1(4), 5.1(6), 9.0',
      `combat: a ${c.phase} attack phase is under way in the ${g.phase} phase`,
    );
  const attacking = new Map<string, number>();
  c.battles.forEach((b, i) => {
    checkBattle(E, g, c, b, `combat.battles.${i}`, units, checks);
    // 9.1(1): a stack attacks one enemy unit in an attack phase
    b.attackers.forEach((a, k) => {
      const before = attacking.get(a);
      checks.check(
        before === undefined,
        '9.1(1)',
        `combat.battles.${i}.attackers.${k}: ${a} already attacks in combat.battles.${before} (one attack per stack)`,
      );
      attacking.set(a, i);
    });
  });
  checks.check(
    (c.current !== null) === (c.stage === 'battle'),
    '11.0',
    `combat.current: a battle is being resolved exactly when the stage is "battle" (stage "${c.stage}")`,
  );
  if (c.roll)
    checks.check(c.roll.need.length === c.roll.dice.length, 'A-53', 'combat.roll.need: one hit number per die rolled');
  if (c.air)
    checks.check(
      E.supportById.get(c.air.chit)?.side === c.air.raider,
      '16.1(1)',
      `combat.air.chit: ${c.air.chit} is not a ${c.air.raider} chit`,
    );
}

/** 9.0-9.2, 11.5(2): the phasing player attacks each target once; at most 4 own support chits per side; pairs German-Soviet. */
function checkBattle(
  E: Env,
  g: PGState,
  c: CombatState,
  b: Battle,
  at: string,
  units: Map<string, UnitState>,
  checks: PositionChecks,
): void {
  checks.check(
    b.attacker === g.side,
    '9.0',
    `${at}: ${b.target} is the phasing player's (${g.side}) unit: the phasing player attacks`,
  );
  checks.check(
    c.battles.findIndex((x) => x.target === b.target) === b.id,
    '9.1(3)',
    `${at}: ${b.target} is attacked twice (a stack is attacked once per attack phase)`,
  );
  b.attackers.forEach((a, k) => {
    checks.check(
      units.get(a)?.side === b.attacker,
      '9.0',
      `${at}.attackers.${k}: ${a} is not a unit of the attacker (${b.attacker})`,
    );
  });
  const max = E.d.tables.combat.maxSupportPerBattle;
  for (const s of ['DE', 'SU'] as const) {
    checks.check(
      b.alloc[s].length <= max,
      '9.2(2)3',
      `${at}.alloc.${s}: ${b.alloc[s].length} support chits (at most ${max} per side per battle)`,
    );
    for (const id of b.alloc[s])
      checks.check(E.supportById.get(id)?.side === s, '9.2(2)', `${at}.alloc.${s}: ${id} is not a ${s} chit`);
  }
  b.pairs.forEach(([de, su], k) => {
    checks.check(
      E.equipById.get(de)?.side === 'DE' && E.equipById.get(su)?.side === 'SU',
      '11.5(2)',
      `${at}.pairs.${k}: a pair is [German chit, Soviet chit]`,
    );
  });
}

/** Frames the flow asks in one phase only, and what each works on (5.0, 5.1). */
function checkStack(g: PGState, units: Map<string, UnitState>, checks: PositionChecks): void {
  for (const [i, f] of g.stack.entries()) {
    if (!('side' in f)) continue; // a procedure: checked when it is on top (checkSettled)
    const need: Need = (cond, rule, what) => checks.check(cond, rule, `stack.${i} "${f.kind}": ${what}`);
    if (f.kind.startsWith('cb:')) checkCombatFrame(g, f, need);
    else checkPhaseFrame(g, f, units, need);
  }
}

type Need = (cond: unknown, rule: string, what: string) => void;

/** The set-up (4.0), a phase's own decision (5.1), reinforcements (7.0(1)), a move (8.0). */
function checkPhaseFrame(g: PGState, f: Asked, units: Map<string, UnitState>, need: Need): void {
  switch (f.kind) {
    case 'setupPlace':
    case 'setupSupport':
      need(g.phase === 'setup', '4.0', 'a set-up decision in the set-up only');
      return;
    case 'reinfChoice':
      need(g.phase === 'reinforcement', '7.0(1)', 'reinforcements are chosen in the reinforcement phase');
      need(f.count <= f.from.length, '7.0(1)', `${f.count} unit(s) to choose among ${f.from.length}`);
      for (const id of f.from) {
        const u = units.get(id);
        need(u?.side === f.side && u.hex === RESERVE, '7.0(1)', `${id} is not a ${f.side} unit in the reserve pool`);
      }
      return;
    case 'moveTo':
      need(g.phase === 'movement', '8.0', 'a stack moves in the movement phase');
      need(g.mv.picked, '8.1(1)', 'no stack is picked (mv.picked)');
      return;
    default:
      need(
        g.phase === f.kind && f.side === g.side,
        '5.1',
        `the phasing player's (${g.side}) decision of the ${g.phase} phase only`,
      );
  }
}

const AIR_ASKS = ['cb:smoke', 'cb:aa', 'cb:intercept', 'cb:counter', 'cb:recon'];

/** A combat decision works on the attack phase (9.0), a roll, an air mission (16.1) or the battle under way (11.0). */
function checkCombatFrame(g: PGState, f: Asked, need: Need): void {
  const c = g.combat;
  if (!c) return need(false, '9.0', 'a combat decision needs the attack phase under way (combat)');
  if (f.kind === 'cb:reroll') return need(c.roll, 'A-53', 'no roll waits for a re-roll (combat.roll)');
  if (AIR_ASKS.includes(f.kind)) return need(c.air, '16.1', 'no air mission is under way (combat.air)');
  if (f.kind === 'cb:allocate')
    return need(c.stage === 'allocate', '9.2(2)', 'support is allocated in stage "allocate"');
  if (f.kind === 'cb:order')
    return need(
      c.stage === 'order' && f.side === 'DE',
      '9.2(3), 11.0',
      'the German orders the battles in stage "order"',
    );
  need(c.current !== null, '11.0', 'no battle is being resolved (combat.current)');
}

/**
 * 5.0: a player decides what is on top of the stack; 18.0: a game over has nothing pending. A
 * procedure left on top runs when a game starts from the position (`ran`), not in a bare load.
 */
export function checkSettled(g: PGState, checks: PositionChecks, ran: boolean): void {
  const top = g.stack.at(-1);
  if (g.result) {
    checks.check(g.stack.length === 0, '18.0', 'stack: the game is over (result): no decision is pending');
    return;
  }
  checks.check(
    top !== undefined && 'side' in top,
    '5.0',
    top
      ? `stack: the top is the automatic step "${top.kind}"${ran ? '' : ' (it runs when a game starts from the position)'}: no player can act`
      : 'stack: no decision is pending and the game has no result',
  );
}
