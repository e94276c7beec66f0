/**
 * `load`: a position (POSITIONS.md) checked and turned into a game state. The schema checks the
 * shape; then every name is resolved (an unknown unit, chit, hex or box is refused with its path
 * and rule) and the defaults fill what the position leaves out; `checks.ts` refuses a state that
 * breaks an invariant of the rules; an automatic step left on top of the stack runs at once.
 */
import {
  checkPositionOptions,
  messageProblems,
  parsePosition,
  PositionChecks,
  renderTemplate,
  type Ctx,
  type Options,
} from '@sandtable/engine';
import type { AirMission, Battle, CombatState, PendingRoll } from '../combat/types.ts';
import { idle } from '../combat/core.ts';
import { initialMoveState } from '../movement.ts';
import { OPTION_SPECS, toOpts } from '../options.ts';
import {
  other,
  type AskKind,
  type ChitState,
  type Frame,
  type MoveState,
  type PGState,
  type Side,
  type UnitState,
  type Env,
} from '../state.ts';
import { EN, type MessageId } from '../texts/index.ts';
import { checkPosition, checkSettled } from './checks.ts';
import { askedWith } from './defaults.ts';
import { allUnitIds, defaultUnitHex, unitHexOf } from './names.ts';
import {
  EQUIP_BOXES,
  SUPPORT_BOXES,
  UNIT_BOXES,
  positionSchema,
  type BattlePosition,
  type CombatPosition,
  type FramePosition,
  type Position,
} from './schema.ts';

export function loadPosition(
  E: Env,
  json: unknown,
  options: Options,
  ctx?: Ctx,
  proceed?: (ctx: Ctx, g: PGState) => void,
): PGState {
  const p = parsePosition(positionSchema, json);
  const checks = new PositionChecks();
  checkPositionOptions(p.options, OPTION_SPECS, options, checks);
  const g = build(new Names(E, checks), p, options);
  checks.done(); // every name known before the invariants are read
  checkPosition(E, g, checks);
  checks.done();
  if (ctx && proceed) proceed(ctx, g); // an automatic step on top runs now (it may roll, as at set-up)
  checkSettled(g, checks, ctx !== undefined && proceed !== undefined);
  checks.done();
  return g;
}

/** Resolves the names of a position, recording unknown ones (with their path and rule). */
class Names {
  constructor(
    readonly E: Env,
    readonly checks: PositionChecks,
  ) {}

  problem(rule: string, message: string): void {
    this.checks.check(false, rule, message);
  }

  /** 2.2.1(1): a hex of the map, by its label. */
  hex(path: string, label: string): number {
    const h = this.E.b.grid.indexOfLabel(label);
    if (h < 0) this.problem('2.2.1(1)', `${path}: no hex "${label}" on the map`);
    return Math.max(h, 0);
  }

  hexes(path: string, labels: string[]): number[] {
    return labels.map((l, i) => this.hex(`${path}.${i}`, l));
  }

  labels(path: string, labels: string[]): string[] {
    this.hexes(path, labels);
    return [...labels];
  }

  /** 2.1: a unit of the order of battle (or a detachment's unit). */
  unit(path: string, id: string): string {
    if (!this.E.unitById.has(id)) this.problem('2.1', `${path}: no unit "${id}" in the order of battle`);
    return id;
  }

  units(path: string, ids: string[]): string[] {
    return ids.map((id, i) => this.unit(`${path}.${i}`, id));
  }

  /** 2.12: an equipment chit of the counter mix. */
  equip(path: string, id: string): string {
    if (!this.E.equipById.has(id)) this.problem('2.12', `${path}: no equipment chit "${id}"`);
    return id;
  }

  equips(path: string, ids: string[]): string[] {
    return ids.map((id, i) => this.equip(`${path}.${i}`, id));
  }

  /** 2.13: a support chit of the counter mix. */
  support(path: string, id: string): string {
    if (!this.E.supportById.has(id)) this.problem('2.13', `${path}: no support chit "${id}"`);
    return id;
  }

  supports(path: string, ids: string[]): string[] {
    return ids.map((id, i) => this.support(`${path}.${i}`, id));
  }

  /** An equipment or a support chit. */
  chit(path: string, id: string): string {
    if (!this.E.equipById.has(id) && !this.E.supportById.has(id))
      this.problem('2.12', `${path}: no equipment or support chit "${id}"`);
    return id;
  }

  chits(path: string, ids: string[]): string[] {
    return ids.map((id, i) => this.chit(`${path}.${i}`, id));
  }

  sideOf(id: string): Side {
    return (this.E.unitById.get(id) ?? this.E.equipById.get(id) ?? this.E.supportById.get(id))?.side ?? 'DE';
  }
}

function build(n: Names, p: Position, options: Options): PGState {
  const E = n.E;
  const o = toOpts(options);
  const lastTurn = o.extendedGame ? E.d.tables.game.optionalTurn : E.d.tables.game.turns;
  if (p.lastTurn !== undefined && p.lastTurn !== lastTurn)
    n.problem('19.1', `lastTurn: the game ends after turn ${lastTurn} with these options, not ${p.lastTurn}`);
  const g: PGState = {
    o,
    turn: p.turn,
    lastTurn,
    side: p.side ?? (p.phase === 'setup' ? 'SU' : 'DE'),
    phase: p.phase,
    units: buildUnits(n, p),
    equip: buildChits(n, p.equip, 'equip'),
    support: buildChits(n, p.support, 'support'),
    ver: p.ver,
    germanReinfDone: p.germanReinfDone,
    mv: buildMoves(n, p.mv),
    stack: [],
    result: p.result && { ...p.result },
  };
  if (p.combat !== undefined) g.combat = p.combat && buildCombat(n, g, p.combat);
  const frames = p.stack ?? defaultStack(p, g.side);
  g.stack = frames.map((f, i) => buildFrame(n, g, f, `stack.${i}`));
  return g;
}

/** Every unit, listed or where the defaults put it (names.ts). */
function buildUnits(n: Names, p: Position): UnitState[] {
  const E = n.E;
  const units = allUnitIds(E).map(
    (id): UnitState => ({
      id,
      side: E.unitById.get(id)!.side,
      hex: defaultUnitHex(E, id),
      reduced: false,
      designated: false,
    }),
  );
  const byId = new Map(units.map((u) => [u.id, u]));
  const seen = new Map<string, number>();
  for (const [i, x] of p.units.entries()) {
    const path = `units.${i}`;
    const u = byId.get(x.id);
    const before = seen.get(x.id);
    if (!u) n.problem('2.1', `${path}.id: no unit "${x.id}" in the order of battle`);
    else if (before !== undefined)
      n.problem('2.2.1(1)', `${path}: ${x.id} is listed twice (units.${before}): a unit is in one place`);
    else {
      seen.set(x.id, i);
      placeUnit(n, u, x, path);
    }
  }
  return units;
}

function placeUnit(n: Names, u: UnitState, x: Position['units'][number], path: string): void {
  if (x.side !== undefined && x.side !== u.side)
    n.problem('2.1', `${path}.side: ${x.id} is a ${u.side} unit, not ${x.side}`);
  const hex = unitHexOf(n.E, x.at);
  if (hex === undefined)
    n.problem('2.2.1(1)', `${path}.at: "${x.at}" is neither a hex of the map nor a box (${UNIT_BOXES.join(', ')})`);
  u.hex = hex ?? u.hex;
  u.reduced = x.reduced;
  u.designated = x.designated;
}

/** Every chit of a kind, listed or in its cup face-down (3.5(7), 3.6(6)). */
function buildChits(n: Names, listed: Position['equip'], kind: 'equip' | 'support'): ChitState[] {
  const E = n.E;
  const data = kind === 'equip' ? E.d.equipment : E.d.support;
  const chits = data.map((c): ChitState => ({ id: c.id, side: c.side, loc: 'cup', faceUp: false }));
  const byId = new Map(chits.map((c) => [c.id, c]));
  const boxes: readonly string[] = kind === 'equip' ? EQUIP_BOXES : SUPPORT_BOXES;
  const rule = kind === 'equip' ? '2.12' : '2.13';
  const seen = new Map<string, number>();
  const what = kind === 'equip' ? 'equipment' : 'support';
  for (const [i, x] of listed.entries()) {
    const path = `${kind}.${i}`;
    const c = byId.get(x.id);
    const before = seen.get(x.id);
    if (!c) n.problem(rule, `${path}.id: no ${what} chit "${x.id}"`);
    else if (before !== undefined)
      n.problem(rule, `${path}: ${x.id} is listed twice (${kind}.${before}): a chit is in one place`);
    else {
      seen.set(x.id, i);
      if (!(kind === 'equip' && E.unitById.has(x.at)) && !boxes.includes(x.at))
        n.problem(
          rule,
          `${path}.at: "${x.at}" is neither ${kind === 'equip' ? 'a unit nor ' : ''}a box for ${what} chits (${boxes.join(', ')})`,
        );
      c.loc = x.at;
      c.faceUp = x.faceUp;
    }
  }
  return chits;
}

/** The movement bookkeeping: what is given over the start of the game (3.3(1): cities by the start line). */
function buildMoves(n: Names, m: Position['mv']): MoveState {
  const out = initialMoveState(n.E);
  for (const [label, side] of Object.entries(m.cities)) {
    if (label in out.cities) out.cities[label] = side;
    else n.problem('3.3', `mv.cities.${label}: no city at "${label}"`);
  }
  return {
    moved: n.units('mv.moved', m.moved),
    strategic: n.units('mv.strategic', m.strategic),
    picked: m.picked && {
      unit: n.unit('mv.picked.unit', m.picked.unit),
      mode: m.picked.mode,
      ...(m.picked.from !== undefined ? { from: n.unit('mv.picked.from', m.picked.from) } : {}),
    },
    cities: out.cities,
    xxivDone: m.xxivDone,
    lastPath: n.labels('mv.lastPath', m.lastPath),
  };
}

/** The attack phase by names: battles by their target, hexes by label, player-turns by turn and side. */
function buildCombat(n: Names, g: PGState, c: CombatPosition): CombatState {
  const battles = c.battles.map((b, i) => buildBattle(n, b, i, `combat.battles.${i}`));
  let current: number | null = null;
  if (c.current !== null) {
    current = c.battles.findIndex((b) => b.target === c.current);
    if (current < 0) {
      n.problem('11.0', `combat.current: no battle for "${c.current}" is declared`);
      current = null;
    }
  }
  const out: CombatState = {
    ...idle(),
    phase: c.phase ?? (g.phase === 'reserveAttack' ? 'reserve' : 'normal'),
    stage: c.stage,
    battles,
    picked: c.picked && n.unit('combat.picked', c.picked),
    rangedUsed: n.equips('combat.rangedUsed', c.rangedUsed),
    current,
    roll: c.roll && buildRoll(n, c.roll),
    air: c.air && buildAir(n, c.air),
    allocDone: [...c.allocDone],
    memo: c.memo.map((m, i) => ({
      chit: n.equip(`combat.memo.${i}.chit`, m.chit),
      mode: m.mode,
      until: m.until.turn * 2 + (m.until.side === 'SU' ? 1 : 0), // the player-turn index (combat/core.ts playerTurn)
    })),
  };
  return out;
}

function buildBattle(n: Names, b: BattlePosition, id: number, path: string): Battle {
  const target = n.unit(`${path}.target`, b.target);
  const defender = n.sideOf(target);
  return {
    id,
    target,
    attackers: n.units(`${path}.attackers`, b.attackers),
    attacker: other(defender),
    defender,
    step: b.step,
    alloc: { DE: n.supports(`${path}.alloc.DE`, b.alloc.DE), SU: n.supports(`${path}.alloc.SU`, b.alloc.SU) },
    declared: n.equips(`${path}.declared`, b.declared),
    asSpat: n.equips(`${path}.asSpat`, b.asSpat),
    cancelled: n.chits(`${path}.cancelled`, b.cancelled),
    dmg: { ...b.dmg },
    bombPool: { ...b.bombPool },
    bombAlloc: n.equips(`${path}.bombAlloc`, b.bombAlloc),
    pairs: b.pairs.map(([de, su], k) => [n.equip(`${path}.pairs.${k}.0`, de), n.equip(`${path}.pairs.${k}.1`, su)]),
    smoke: [...b.smoke],
    melee: b.melee,
    closeCombat: b.closeCombat,
    spent: n.chits(`${path}.spent`, b.spent),
    snipes: b.snipes.map(([by, t], k) => [n.chit(`${path}.snipes.${k}.0`, by), n.chit(`${path}.snipes.${k}.1`, t)]),
    engineers: n.supports(`${path}.engineers`, b.engineers),
    picks: b.picks.map((x, k) => (x === null ? '' : n.equip(`${path}.picks.${k}`, x))),
    cursor: b.cursor,
    retreat: { ...b.retreat },
    loss: { ...b.loss },
    retreated: n.units(`${path}.retreated`, b.retreated),
    toRetreat: n.units(`${path}.toRetreat`, b.toRetreat),
    windows: [...b.windows],
    memo: b.memo.targetHex !== undefined ? { targetHex: n.hex(`${path}.memo.targetHex`, b.memo.targetHex) } : {},
    path: n.hexes(`${path}.path`, b.path),
    done: b.done,
  };
}

function buildRoll(n: Names, r: NonNullable<CombatPosition['roll']>): PendingRoll {
  return {
    key: r.key,
    dice: [...r.dice],
    need: [...r.need],
    natural1: r.natural1,
    firer: r.firer,
    target: r.target,
    abilities: n.chits('combat.roll.abilities', r.abilities),
    rerolled: [...r.rerolled],
    used: n.chits('combat.roll.used', r.used),
    offered: [...r.offered],
    final: r.final,
    asked: r.asked && { die: r.asked.die, by: n.chit('combat.roll.asked.by', r.asked.by) },
  };
}

function buildAir(n: Names, a: NonNullable<CombatPosition['air']>): AirMission {
  return {
    raider: a.raider,
    chit: n.support('combat.air.chit', a.chit),
    mission: a.mission,
    targets: n.equips('combat.air.targets', a.targets),
    step: a.step,
    aaFired: a.aaFired.map((x, i) => (x === '*' ? x : n.equip(`combat.air.aaFired.${i}`, x))),
    interceptor: a.interceptor && n.support('combat.air.interceptor', a.interceptor),
    counter: a.counter && n.support('combat.air.counter', a.counter),
    shot: a.shot,
    cancelled: a.cancelled,
    aaNext: a.aaNext && n.equip('combat.air.aaNext', a.aaNext),
    ...(a.slots
      ? {
          slots: a.slots.map((s, i) => ({
            ...(s.unit !== undefined ? { unit: n.unit(`combat.air.slots.${i}.unit`, s.unit) } : {}),
            ...(s.back !== undefined ? { back: s.back } : {}),
            ...(s.battle !== undefined ? { battle: n.unit(`combat.air.slots.${i}.battle`, s.battle) } : {}),
          })),
        }
      : {}),
  };
}

/** The stack of a position that gives none: the phase's own decision; an automatic phase starts (5.1). */
function defaultStack(p: Position, side: Side): FramePosition[] {
  if (p.result) return [];
  if (p.phase === 'setup') return [{ kind: 'setupPlace', side: 'SU' }];
  if (p.phase === 'support' || p.phase === 'reinforcement') return [{ kind: 'startPhase' }];
  if (p.phase === 'reorganization') return [{ kind: 'reorganization', side, count: 0 }];
  return [{ kind: p.phase, side }];
}

/** A frame as the rules keep it (state.ts `ask`): who decides, the rule, the prompt in English and its message. */
function buildFrame(n: Names, g: PGState, f: FramePosition, path: string): Frame {
  if (!('side' in f)) return { kind: f.kind };
  const from = 'from' in f ? n.units(`${path}.from`, f.from) : undefined;
  const count = 'count' in f ? f.count : undefined;
  const dflt = f.rule && f.message ? undefined : askedWith(n.E, g, f.kind as AskKind, f.side, from, count);
  const rule = f.rule ?? dflt?.rule;
  const message = f.message ?? dflt?.message;
  if (rule === undefined || message === undefined) {
    n.problem(
      '5.0',
      `${path}: give the rule and message of this "${f.kind}" decision (the position lacks what it names)`,
    );
    return { kind: 'nextPhase' };
  }
  const base = `pk.${f.kind.replace(':', '.')}`;
  const wrong = [
    ...(message.id === base || message.id.startsWith(`${base}.`)
      ? []
      : [`"${message.id}" is not a message of "${f.kind}"`]),
    ...messageProblems(EN, message),
  ];
  for (const w of wrong) n.problem('position format', `${path}.message: ${w}`);
  const prompt = wrong.length ? message.id : renderTemplate(EN[message.id as MessageId], message.params);
  const said = message.params ? { id: message.id, params: { ...message.params } } : { id: message.id };
  const params = {
    ...(count !== undefined ? { count } : {}),
    ...(from !== undefined ? { from } : {}),
  };
  return { kind: f.kind, role: f.side, side: f.side, rule, prompt, message: said, ...params } as Frame;
}
