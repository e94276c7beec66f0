/**
 * `load`: a position (POSITIONS.md) checked and turned into a game state. The schema checks the
 * shape; then every name is resolved (an unknown area, counter, card or box is refused with its
 * path and rule), the defaults fill what the position leaves out, and `checks.ts` refuses a state
 * that breaks an invariant of the rules.
 */
import { checkPositionOptions, parsePosition, PositionChecks, type Options } from '@sandtable/engine';
import type { Side } from '../data/index.ts';
import { POOL, type Board } from '../board.ts';
import { OPTIONS } from '../options.ts';
import {
  SIDES,
  type Act,
  type Combat,
  type EntryNation,
  type Operation,
  type Pending,
  type TRState,
} from '../state.ts';
import { checkPosition } from './checks.ts';
import { firstUnit, offMapDefault, placeLoc } from './names.ts';
import { defaultControl } from './save.ts';
import { COUNTER_REF, positionSchema, UNIT_NAME, type FramePosition, type Position } from './schema.ts';

export function loadPosition(b: Board, json: unknown, options: Options): TRState {
  const p = parsePosition(positionSchema, json);
  const checks = new PositionChecks();
  checkPositionOptions(p.options, OPTIONS, options, checks);
  const g = build(new Names(b, checks), p, options);
  checks.done(); // every name known before the invariants are read
  checkPosition(b, g, checks);
  checks.done();
  return g;
}

/** Resolves the names of a position to indices, recording unknown ones (their index is then 0, never read). */
class Names {
  constructor(
    readonly b: Board,
    readonly checks: PositionChecks,
  ) {}

  problem(rule: string, message: string): void {
    this.checks.check(false, rule, message);
  }

  area(path: string, id: string): number {
    const a = this.b.areaIndex.get(id);
    if (a === undefined) this.problem('2.2.1', `${path}: no area "${id}" on the map`);
    return a ?? 0;
  }

  nation(code: string): number {
    return this.b.nationIndex.get(code as never)!; // the schema allows only nation codes
  }

  /** A unit named "<counter>#<copy>" (2.1.1: a copy of a counter of the counter mix); -1 when unknown. */
  unit(path: string, name: string): number {
    const [, id, copy] = UNIT_NAME.exec(name)!;
    const k = this.b.counterIndex.get(id!);
    if (k === undefined) {
      this.problem('2.1.1', `${path}: no counter "${id}" in the counter mix`);
      return -1;
    }
    const c = this.b.counters[k]!;
    if (Number(copy) > c.count) {
      this.problem('2.1.1', `${path}: the counter mix has ${c.count} ${id} counter(s), no copy ${copy}`);
      return -1;
    }
    return firstUnit(this.b, k) + Number(copy) - 1;
  }

  units(path: string, names: string[]): number[] {
    return names.map((n, i) => this.unit(`${path}.${i}`, n));
  }

  card(path: string, id: string): string {
    if (!this.b.cardById.has(id)) this.problem('2.3', `${path}: no card "${id}"`);
    return id;
  }
}

function build(r: Names, p: Position, options: Options): TRState {
  const active = p.active ?? p.first;
  const { loc, used } = placeUnits(r, p, options);
  const nat = nations(r, p);
  const g: TRState = {
    turn: p.turn,
    first: p.first,
    active,
    passes: p.passes,
    natSide: nat.side,
    natBel: nat.bel,
    natLocked: nat.locked,
    entry: entryBoxes(r, p),
    polandSurrendered: p.polandSurrendered,
    ctrl: control(r, p),
    loc,
    used,
    ...placeCards(r, p),
    bank: { axis: p.bank.axis ?? 0, allies: p.bank.allies ?? 0 },
    op: p.op && loadOp(r, p.op),
    act: p.act && loadAct(r, p.act),
    combat: p.combat && loadCombat(r, p.combat),
    seaUse: seaUse(r, p),
    stack: p.stack
      ? p.stack.map((f, i) => loadFrame(r, f, `stack.${i}`))
      : p.outcome
        ? []
        : [{ kind: 'impulse', side: active }],
    options,
    outcome: p.outcome,
  };
  return g;
}

// ---- units ---------------------------------------------------------------------------------------
/**
 * Units listed with a copy number take that copy; units listed by counter id alone take the
 * lowest free copy, from the mobilization pool's copies first; units not listed stay where the
 * set-up leaves units off the map (names.ts `offMapDefault`).
 */
function placeUnits(r: Names, p: Position, options: Options): { loc: number[]; used: number[] } {
  const b = r.b;
  const loc = b.unitKind.map((_, u) => offMapDefault(b, u, options));
  const used = b.unitKind.map(() => 0);
  const taken = new Map<number, string>();
  const put = (u: number, e: Position['units'][number], path: string, where: number) => {
    if (u < 0) return;
    const before = taken.get(u);
    if (before !== undefined)
      return r.problem('2.1.1', `${path}: ${e.counter} is already placed by ${before} (one counter, one place)`);
    taken.set(u, path);
    loc[u] = where;
    used[u] = e.used ? 1 : 0;
  };
  const unnumbered: { e: Position['units'][number]; path: string; k: number; where: number }[] = [];
  for (const [i, e] of p.units.entries()) {
    const path = `units.${i}`;
    const [, id, copy] = COUNTER_REF.exec(e.counter)!;
    const k = b.counterIndex.get(id!);
    const where = placeLoc(b, e.area);
    if (where === undefined)
      r.problem('2.2.1', `${path}.area: no area "${e.area}" on the map, nor pool / development / removed`);
    if (k === undefined) {
      r.problem('2.1.1', `${path}.counter: no counter "${id}" in the counter mix`);
      continue;
    }
    if (where === undefined) continue;
    if (copy === undefined) unnumbered.push({ e, path, k, where });
    else put(r.unit(`${path}.counter`, e.counter), e, path, where);
  }
  for (const { e, path, k, where } of unnumbered) {
    const c = b.counters[k]!;
    const copies = Array.from({ length: c.count }, (_, i) => firstUnit(b, k) + i).filter((u) => !taken.has(u));
    const u = copies.find((v) => offMapDefault(b, v, options) === POOL) ?? copies[0];
    if (u === undefined) r.problem('2.1.1', `${path}: more ${c.id} units than the counter mix has (${c.count})`);
    else put(u, e, path, where);
  }
  return { loc, used };
}

// ---- nations, entry markers, control, sea use -------------------------------------------------------
function nations(r: Names, p: Position): { side: Side[]; bel: boolean[]; locked: boolean[] } {
  const b = r.b;
  const side = b.nationSide0.slice();
  const bel = b.nationStart.map((s) => s === 'belligerent'); // 3.1.1(3)
  const locked = side.map(() => false);
  for (const [code, st] of Object.entries(p.nations)) {
    const n = r.nation(code);
    side[n] = st.side;
    bel[n] = st.status === 'belligerent';
    locked[n] = st.locked ?? false;
  }
  return { side, bel, locked };
}

function entryBoxes(r: Names, p: Position): Record<EntryNation, number> {
  const entry: Record<EntryNation, number> = { US: 0, SU: 0, TU: 0, SP: 0 }; // 4.0(7): START
  for (const t of r.b.data.entryTracks) {
    const n = t.nation as EntryNation;
    const label = p.entry[n];
    if (label === undefined) continue;
    entry[n] = t.boxes.indexOf(label);
    if (entry[n] < 0)
      r.problem('2.1.2(2)', `entry.${n}: no box "${label}" on the ${n} entry track (${t.boxes.join(', ')})`);
  }
  return entry;
}

function control(r: Names, p: Position): number[] {
  const ctrl = r.b.areaIds.map((_, a) => defaultControl(r.b, a));
  for (const [id, n] of Object.entries(p.control)) ctrl[r.area(`control.${id}`, id)] = n === null ? -1 : r.nation(n);
  return ctrl;
}

function seaUse(r: Names, p: Position): number[] {
  const use = r.b.areaIds.map(() => 0);
  for (const [id, n] of Object.entries(p.seaUse)) use[r.area(`seaUse.${id}`, id)] = n;
  return use;
}

// ---- cards -----------------------------------------------------------------------------------------
const PILES = [
  ['deck', 'deck'],
  ['hand', 'hand'],
  ['discard', 'discard'],
  ['development', 'dev'],
] as const;

/**
 * Each card in one place (2.3), in its own side's piles; cards not listed go where the set-up
 * puts them, SV 2 to the usable deck and SV 3/4 to the development pool (4.0(3), 4.0(4)⑦).
 */
function placeCards(r: Names, p: Position): Pick<TRState, 'deck' | 'hand' | 'discard' | 'dev' | 'faceDown'> {
  const b = r.b;
  const out = { deck: sides(), hand: sides(), discard: sides(), dev: sides() };
  const where = new Map<string, string>();
  for (const s of SIDES)
    for (const [pile, key] of PILES)
      for (const [i, id] of (p.cards[s]?.[pile] ?? []).entries()) {
        const path = `cards.${s}.${pile}.${i}`;
        const card = b.cardById.get(r.card(path, id));
        if (!card) continue;
        if (card.side !== s) r.problem('2.3', `${path}: ${id} is an ${card.side} card (each side has its own deck)`);
        else if (where.has(id)) r.problem('2.3', `${path}: ${id} is also in ${where.get(id)} (a card is in one place)`);
        else {
          where.set(id, path);
          out[key][s].push(id);
        }
      }
  for (const c of b.data.cards) if (!where.has(c.id)) (c.sv === 2 ? out.deck : out.dev)[c.side].push(c.id);
  if (!SIDES.some((s) => p.cards[s]?.faceDown)) return out;
  const faceDown = sides();
  for (const s of SIDES)
    for (const [i, id] of (p.cards[s]?.faceDown ?? []).entries())
      faceDown[s].push(r.card(`cards.${s}.faceDown.${i}`, id));
  return { ...out, faceDown };
}

const sides = (): Record<Side, string[]> => ({ axis: [], allies: [] });

// ---- the operation, the group action, the combat, the pending decisions ---------------------------------
function loadOp(r: Names, op: NonNullable<Position['op']>): Operation {
  return {
    card: op.card === 'bank' ? op.card : r.card('op.card', op.card),
    svLeft: op.svLeft,
    svDone: op.svDone,
    eventDone: op.eventDone,
    acted: r.units('op.acted', op.acted),
  };
}

function loadAct(r: Names, a: NonNullable<Position['act']>): Act {
  const area = (path: string, id: string) => r.area(`act.${path}`, id);
  const act: Act = {
    side: a.side,
    mode: a.mode,
    units: r.units('act.units', a.units),
    area: area('area', a.area),
    type: a.type,
    path: a.path.map((id, i) => area(`path.${i}`, id)),
    target: a.target === null ? -1 : area('target', a.target),
    damaged: r.units('act.damaged', a.damaged),
    blitz: a.blitz && { ...a.blitz, flipLater: r.units('act.blitz.flipLater', a.blitz.flipLater) },
  };
  if (a.noFlip !== undefined) act.noFlip = a.noFlip;
  if (a.pass !== undefined) act.pass = a.pass.map((id, i) => area(`pass.${i}`, id));
  if (a.moved !== undefined) act.moved = { ...a.moved };
  if (a.dist !== undefined) act.dist = a.dist;
  return act;
}

function loadCombat(r: Names, c: NonNullable<Position['combat']>): Combat {
  return {
    counter: c.counter,
    side: c.side,
    alloc: c.alloc,
    points: c.points,
    targets: c.targets.map((t, i) => r.unit(`combat.targets.${i}.unit`, t.unit)),
    assigned: c.targets.map((t) => t.points),
    retreatTo: c.retreatTo === null ? -1 : r.area('combat.retreatTo', c.retreatTo),
  };
}

function loadFrame(r: Names, f: FramePosition, path: string): Pending {
  switch (f.kind) {
    case 'recover':
      return { ...f, nation: r.nation(f.nation) };
    case 'freeMob':
      return { ...f, nation: r.nation(f.nation) };
    case 'counter':
      return {
        ...f,
        card: f.card === null ? null : r.card(`${path}.card`, f.card),
        units: r.units(`${path}.units`, f.units),
      };
    case 'retreat':
      return {
        ...f,
        units: r.units(`${path}.units`, f.units),
        only: f.only === null ? -1 : r.area(`${path}.only`, f.only),
      };
    case 'overflow':
      return { ...f, area: r.area(`${path}.area`, f.area) };
    case 'reassign':
      return { ...f, done: f.done.map((id, i) => r.area(`${path}.done.${i}`, id)) };
    case 'auto':
      return f.step === 'finishTurn' ? { kind: 'auto', step: f.step } : { kind: 'auto', step: f.step, side: f.side! };
    default:
      return { ...f };
  }
}
