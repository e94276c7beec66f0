/**
 * `load`: a position (POSITIONS.md) checked and turned into a game state. The schema checks the
 * shape; then every name is resolved (an unknown area or counter is refused with its path and
 * rule), the defaults fill what the position leaves out, `checks.ts` refuses a state that breaks
 * an invariant of the rules, and an automatic step left on top of the stack runs at once.
 */
import { checkPositionOptions, parsePosition, PositionChecks, type Ctx, type Options } from '@sandtable/engine';
import type { Frame } from '../frames.ts';
import { OPTION_SPECS, toOpts } from '../options.ts';
import { suFlow } from '../sequence.ts';
import { POOL, type Battle, type BattleSide, type Env, type Side, type SUState, type Unit } from '../state.ts';
import { checkPosition, checkSettled } from './checks.ts';
import {
  cubesLeft,
  defaultAlliedTransport,
  defaultAxisTransport,
  defaultControl,
  defaultLoc,
  defaultPhase,
} from './defaults.ts';
import { areaIndex, placeLoc } from './names.ts';
import { AREA_FIELDS, AREA_LISTS } from './save.ts';
import { positionSchema, type BattlePosition, type FramePosition, type Position } from './schema.ts';

const SIDES: readonly Side[] = ['allies', 'axis'];

export function loadPosition(E: Env, json: unknown, options: Options, ctx?: Ctx): SUState {
  const p = parsePosition(positionSchema, json);
  const checks = new PositionChecks();
  checkPositionOptions(p.options, OPTION_SPECS, options, checks);
  const g = build(new Names(E, checks), p, options);
  checks.done(); // every name known before the invariants are read
  checkPosition(E, g, checks);
  checks.done();
  if (ctx) suFlow.proceed(E, ctx, g); // an automatic step on top runs now (it may roll, as at set-up)
  checkSettled(g, checks, ctx !== undefined);
  checks.done();
  return g;
}

/** Resolves the names of a position to indices, recording unknown ones (their index is then 0, never read). */
class Names {
  readonly counters: Set<string>;
  constructor(
    readonly E: Env,
    readonly checks: PositionChecks,
  ) {
    this.counters = new Set(E.d.counters.map((c) => c.id));
  }

  area(path: string, ref: string): number {
    const a = areaIndex(this.E, ref);
    this.checks.check(a >= 0, '§2 L19', `${path}: no area "${ref}" on the map`);
    return Math.max(a, 0);
  }

  areas(path: string, refs: string[]): number[] {
    return refs.map((r, i) => this.area(`${path}.${i}`, r));
  }

  /** A counter's place: an area, "pool", "sea", "gone" or "battle". */
  place(path: string, ref: string): number {
    const loc = placeLoc(this.E, ref);
    this.checks.check(
      loc !== undefined,
      '§2 L19',
      `${path}: no area "${ref}" on the map (nor "pool", "sea", "gone" or "battle")`,
    );
    return loc ?? POOL;
  }

  /** A battle origin or a frame's origin list: an area, or "sea" for a landing force (-1). */
  origin(path: string, ref: string): number {
    return ref === 'sea' ? -1 : this.area(path, ref);
  }

  counter(path: string, id: string): string {
    this.checks.check(this.counters.has(id), '§4 L53', `${path}: no counter "${id}" in the counter mix`);
    return id;
  }

  counterList(path: string, ids: string[]): string[] {
    return ids.map((id, i) => this.counter(`${path}.${i}`, id));
  }
}

function build(r: Names, p: Position, options: Options): SUState {
  const { E } = r;
  const n = E.n;
  const zeros = () => new Array<number>(n).fill(0);
  const perArea = () => ({ allies: zeros(), axis: zeros() });
  const cubes = perArea();
  const moved = perArea();
  const fought = perArea();
  const pins = zeros();
  const pinUntil = zeros();
  const missions = zeros();
  const control: (Side | undefined)[] = new Array(n).fill(undefined);
  const given = new Map<number, string>();
  for (const [ref, e] of Object.entries(p.areas)) {
    const a = r.area(`areas.${ref}`, ref);
    const twice = areaIndex(E, ref) < 0 ? undefined : given.get(a);
    r.checks.check(twice === undefined, '§2 L19', `areas.${ref}: the area is given twice (also as "${twice}")`);
    if (areaIndex(E, ref) >= 0) given.set(a, ref);
    for (const s of SIDES) {
      cubes[s][a] = e.cubes?.[s] ?? 0;
      moved[s][a] = e.moved?.[s] ?? 0;
      fought[s][a] = e.fought?.[s] ?? 0;
    }
    pins[a] = e.pinned ?? 0;
    pinUntil[a] = e.pinnedUntil ?? 0;
    missions[a] = e.missions ?? 0;
    control[a] = e.control;
  }
  const stack = p.stack ? p.stack.map((f, i) => loadFrame(r, `stack.${i}`, f)) : null;
  const battle = p.battle && loadBattle(r, p.battle);
  const g: SUState = {
    o: toOpts(options),
    turn: p.turn,
    phase: p.phase ?? '',
    active: p.active ?? p.initiative,
    initiative: p.initiative,
    impulse: p.impulse.number,
    normalDone: p.impulse.normalDone ?? Math.max(0, p.impulse.number - 1),
    serial: p.impulse.serial,
    lastPass: p.impulse.lastPass,
    passed: [...p.impulse.passed],
    lastBy: p.impulse.lastBy,
    extra: p.impulse.extra,
    acted: p.impulse.acted,
    movePhase: p.impulse.movementStep,
    ctrl: [],
    cubes,
    moved,
    fought,
    pins,
    pinUntil,
    pool: { allies: 0, axis: 0 },
    units: placeUnits(r, p),
    lines: loadLines(r, p),
    transport: { allies: 0, axis: 0 },
    italy: p.italySurrendered,
    overlord: p.overlord,
    uboatGone: p.uboatGone,
    ev: { allies: { hand: 0, track: {}, last: -1 }, axis: { hand: 0, track: {}, last: -1 } },
    logistic: { allies: p.logisticEffort.allies ?? false, axis: p.logisticEffort.axis ?? false },
    blockade: p.blockade === null ? -1 : r.area('blockade', p.blockade),
    attacks: r.areas('impulse.attacks', p.impulse.attacks),
    arrows: p.impulse.arrows,
    landingDone: p.impulse.landing,
    missions,
    airConverted: p.reinforcements.aircraftConverted,
    placed: r.areas('reinforcements.placed', p.reinforcements.placed),
    battle,
    stack: [],
    result: p.outcome && { ...p.outcome },
    lastRoll: p.lastRoll && { why: p.lastRoll.why, dice: [...p.lastRoll.dice] },
  };
  g.ctrl = control.map((c, a) => c ?? defaultControl(g, a));
  g.stack =
    stack ?? (g.result ? [] : [{ kind: 'turnEnd' }, { kind: 'impulseEnd' }, { kind: 'impulse', side: g.active }]);
  g.phase = p.phase ?? defaultPhase(g);
  g.pool = { allies: p.pool?.allies ?? cubesLeft(E, g, 'allies'), axis: p.pool?.axis ?? cubesLeft(E, g, 'axis') };
  g.transport = {
    allies: p.transport?.allies ?? defaultAlliedTransport(E, g),
    axis: p.transport?.axis ?? defaultAxisTransport(E, g),
  };
  for (const s of SIDES) {
    const e = p.events[s];
    const track = { ...e?.used };
    const used = Object.values(track).reduce((k, v) => k + (v ?? 0), 0);
    g.ev[s] = { hand: e?.hand ?? E.markers - used, track, last: e?.lastImpulse ?? -1 };
  }
  return g;
}

/** Every counter of the mix, in its order: where the position puts it, else at its default place (names.ts). */
function placeUnits(r: Names, p: Position): Unit[] {
  const listed = new Map<string, number>();
  const units: Unit[] = r.E.d.counters.map((c) => ({
    id: c.id,
    side: c.side,
    type: c.type,
    nat: c.nationality,
    loc: defaultLoc(c.type),
    up: true,
    mv: false,
    ft: false,
  }));
  const byId = new Map(units.map((u) => [u.id, u]));
  p.units.forEach((e, i) => {
    const path = `units.${i}`;
    const u = byId.get(e.counter);
    r.checks.check(u, '§4 L53', `${path}.counter: no counter "${e.counter}" in the counter mix`);
    const before = listed.get(e.counter);
    r.checks.check(
      before === undefined,
      '§4 L53',
      `${path}: ${e.counter} is already placed by units.${before} (a counter is in one place)`,
    );
    listed.set(e.counter, i);
    const loc = r.place(`${path}.area`, e.area);
    if (!u) return;
    u.loc = loc;
    u.up = !e.used;
    u.mv = e.moved ?? false;
    u.ft = e.fought ?? false;
  });
  return units;
}

/** The defensive line markers (§36 L378): those listed, the rest in the pool. */
function loadLines(r: Names, p: Position): number[] {
  const lines = p.lines.map((l, i) => r.place(`lines.${i}`, l));
  const count = r.E.d.defensiveLines.count;
  r.checks.check(
    lines.length <= count,
    '§36 L378',
    `lines: the Axis has ${count} defensive lines, not ${lines.length}`,
  );
  for (let i = 0; i < lines.length; i++)
    r.checks.check(lines[i]! === POOL || lines[i]! >= 0, '§36 L378', `lines.${i}: a line is in an area or the pool`);
  while (lines.length < count) lines.push(POOL);
  return lines;
}

function loadBattle(r: Names, b: BattlePosition): Battle {
  const side = (path: string, s: BattlePosition['attacking']): BattleSide => ({
    from: s.from.map((a, i) => r.origin(`${path}.from.${i}`, a)),
    cubes: [...s.cubes],
    ids: r.counterList(`${path}.counters`, s.counters),
    tank: s.tankSupport && r.counter(`${path}.tankSupport`, s.tankSupport),
    air: s.airSupport && r.counter(`${path}.airSupport`, s.airSupport),
    hit: s.hitNumber,
    dice: [...s.dice],
    hits: s.hits,
  });
  return {
    target: r.area('battle.target', b.target),
    attacker: b.attacker,
    landing: b.landing,
    fleets: r.counterList('battle.fleets', b.fleets),
    round: b.round,
    maxRounds: b.maxRounds,
    att: side('battle.attacking', b.attacking),
    def: side('battle.defending', b.defending),
    paraExtraUsed: b.paratroopDieUsed,
    paraExtraNow: b.paratroopDieNow,
    stopped: b.stopped,
    brokenOff: b.brokenOff,
    retreated: b.retreated,
    attDice: b.attackerDice,
    defDice: b.defenderDice,
  };
}

/** Frame fields that name counters, one or a list (frames.ts). */
const COUNTER_FIELDS: ReadonlySet<string> = new Set(['picked', 'id']);
const COUNTER_LISTS: ReadonlySet<string> = new Set(['ids', 'fleets', 'chosen']);

/** A frame with its names resolved (the reverse of `saveFrame`). */
function loadFrame(r: Names, path: string, f: FramePosition): Frame {
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(f)) {
    const at = `${path}.${k}`;
    if (AREA_FIELDS.has(k) && typeof v === 'string') out[k] = r.area(at, v);
    else if (AREA_LISTS.has(k)) out[k] = (v as string[]).map((a, i) => r.origin(`${at}.${i}`, a));
    else if (k === 'picked' && (v === 'cube' || v === 'line')) out[k] = v;
    else if (COUNTER_FIELDS.has(k) && typeof v === 'string') out[k] = r.counter(at, v);
    else if (COUNTER_LISTS.has(k)) out[k] = r.counterList(at, v as string[]);
    else if (k === 'window' && f.kind === 'react')
      out[k] = f.window.at === 'move' ? { at: 'move', into: r.area(`${at}.into`, f.window.into) } : { at: f.window.at };
    else out[k] = structuredClone(v);
  }
  return out as Frame;
}
