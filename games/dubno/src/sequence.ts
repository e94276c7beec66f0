/**
 * 4.0 The sequence of play and the flow that runs it: the game turn (random events, two player
 * turns, the turn record), each player turn's phases (reinforcement, movement, FPF, First and Second
 * Wave combat, recovery), stacking at the end of every phase (9.1), and victory (23.0).
 */
import { call, defineFlow, end, type Refusal } from '@sandtable/engine';
import { type Env, other } from './board.ts';
import type { Side } from './data/index.ts';
import { advance, hold, loss, resolve, retreat } from './results.ts';
import { combat, declare, obligations, screen } from './combat.ts';
import { eliminate } from './effects.ts';
import { fire, fpf } from './fire.ts';
import { movement, moveUnit } from './movement.ts';
import type { Action, ActionOf, DecisionOf, DubnoState, Frame, ProcedureOf } from './state.ts';
import { prompts } from './texts.ts';
import { inCommand, nameOf, occupancy, onMap, sideOf, stackLimit } from './units.ts';
import { finalScore } from './victory.ts';

/** 4.0 II-III One player turn, phase by phase (A2: Reinforcement A, Movement B, FPF C, First Wave D, Second Wave E, Recovery F). */
export const playerTurn = (side: Side): Frame[] => [
  { kind: 'playerTurn', side },
  { kind: 'reinforce', side, rp: 0 },
  { kind: 'phaseEnd' },
  { kind: 'movement', side, moved: [] },
  { kind: 'phaseEnd' },
  { kind: 'fpf', side: other(side), hexes: [] },
  { kind: 'phaseEnd' },
  { kind: 'combatStart', side, wave: 1 },
  { kind: 'phaseEnd' },
  { kind: 'combatStart', side, wave: 2 },
  { kind: 'phaseEnd' },
  { kind: 'recovery', side },
];

/** 4.0 One game turn: I random events, II first player turn, III second player turn, IV turn record. */
export function gameTurn(env: Env, n: number): Frame[] {
  const first = env.data.tables.scenario.firstPlayer;
  return [{ kind: 'events', n }, ...playerTurn(first), ...playerTurn(other(first)), { kind: 'endOfTurn', n }];
}

export const firstFrames = (): Frame[] => [{ kind: 'turn', n: 1 }];

export function startTurn(env: Env, g: DubnoState, n: number): void {
  g.turn = n;
  for (const frame of gameTurn(env, n).reverse()) call(g.stack, frame);
}

const turn: ProcedureOf<'turn'> = (env, ctx, g, f) => {
  const t = env.data.tables.scenario;
  ctx.log(`Turn ${f.n}: ${t.firstDay + f.n - 1} June ${t.year}`, { rule: '4.0' });
  startTurn(env, g, f.n);
};

/** 5.0 Random events (one d6), then 18.1 the weather (one d6). */
const events: ProcedureOf<'events'> = (env, ctx, g) => {
  const t = env.data.tables;
  const [e] = ctx.roll(1, 'Random events (5.0)');
  const ev = t.randomEvents.find((r) => r.roll === e)!;
  g.event = ev.id;
  ctx.log(`Random event: ${ev.text}`, { rule: '5.0' });
  const [w] = ctx.roll(1, 'Weather (18.1)');
  g.weather = t.weather.table.find((r) => r.roll === w)!.weather;
  ctx.log(`Weather: ${g.weather}`, { rule: '18.1' });
};

/** A player turn begins: fire and FPF records reset (12.1, A20), air markers back to the pool and drawn (6.6), RP (6.11). */
const startPlayerTurn: ProcedureOf<'playerTurn'> = (env, ctx, g, f) => {
  g.fired = [];
  g.fpfBarred = g.fpfBarred.filter((u) => sideOf(env, u) !== f.side);
  const air = g.air[f.side];
  air.cup = { GA: air.cup.GA + air.drawn.GA, MB: air.cup.MB + air.drawn.MB };
  air.drawn = { GA: 0, MB: 0 };
  const t = env.data.tables;
  let draws = t.air.draws[f.side] + (g.event === 'luftwaffeSurge' && f.side === 'german' ? 2 : 0);
  if (t.weather.effects[g.weather]?.noAir) draws = 0;
  for (; draws > 0 && air.cup.GA + air.cup.MB > 0; draws--) {
    const [die] = ctx.roll(1, `${f.side} air pool draw (6.6)`, air.cup.GA + air.cup.MB);
    const kind = die! <= air.cup.GA ? 'GA' : 'MB';
    air.cup[kind] -= 1;
    air.drawn[kind] += 1;
  }
  ctx.log(
    `${f.side === 'german' ? 'German' : 'Soviet'} player turn: air strikes drawn ${air.drawn.GA} GA, ${air.drawn.MB} MB`,
    {
      rule: '6.6',
    },
  );
  const top = g.stack.at(-1);
  if (top?.kind === 'reinforce') top.rp = t.replacements[f.side];
};

/** Units due now or earlier (6.1) that are not yet on the map. */
export function due(env: Env, g: DubnoState, side: Side): string[] {
  return env.data.units
    .filter((u) => u.side === side && g.units[u.id]!.status === 'due' && (g.units[u.id]!.due ?? 99) <= g.turn)
    .map((u) => u.id);
}

/** 6.2, 6.3, 6.5 The hexes a due unit may be placed in. */
export function placements(env: Env, g: DubnoState, u: string): string[] {
  const side = env.unit[u]!.side;
  const area = env.entry[g.units[u]!.entry!];
  const occ = occupancy(env, g);
  const enemy = (h: string) => (occ.get(h) ?? []).some((x) => sideOf(env, x) !== side);
  const room = (h: string) => !enemy(h) && (occ.get(h) ?? []).length < stackLimit(env, side);
  if (!area.every(enemy)) return area.filter(room);
  // 6.5 every scheduled hex is enemy-held: the nearest free map-edge hexes
  const free = env.edge.filter(room);
  const dist = (h: string) => Math.min(...area.map((a) => env.grid.distance(env.grid.hex(a), env.grid.hex(h))));
  const best = Math.min(...free.map(dist));
  return free.filter((h) => dist(h) === best);
}

/** 6.8, 6.10 Units a replacement point may bring back. */
export function replaceable(env: Env, g: DubnoState, side: Side): string[] {
  return env.data.units
    .filter((u) => u.side === side && g.units[u.id]!.status === 'eliminated' && g.units[u.id]!.inCommandWhenLost)
    .map((u) => u.id);
}

type ReinforceAction = 'place' | 'replace' | 'endReinforcement';

function whyNotEndReinforcement(env: Env, g: DubnoState, side: Side): Refusal | null {
  const waiting = due(env, g, side).filter((u) => placements(env, g, u).length > 0);
  return waiting.length
    ? { rule: '6.5', message: `reinforcements may not be withheld: ${waiting.map((u) => nameOf(env, u)).join(', ')}` }
    : null;
}

/** 6.0 The Reinforcement Phase: place due units on their map edge, and spend replacement points. */
const reinforce: DecisionOf<'reinforce', ReinforceAction> = {
  rule: '6.1',
  role: (_env, _g, f) => f.side,
  prompt: (_env, _g, f) => prompts.reinforce(f.side),
  actions: ['place', 'replace', 'endReinforcement'],
  legal(env, g, f) {
    const out: ActionOf<ReinforceAction>[] = [];
    for (const u of due(env, g, f.side))
      for (const hex of placements(env, g, u)) out.push({ type: 'place', unit: u, hex });
    if (f.rp > 0) for (const u of replaceable(env, g, f.side)) out.push({ type: 'replace', unit: u });
    if (!whyNotEndReinforcement(env, g, f.side)) out.push({ type: 'endReinforcement' });
    return out;
  },
  perform(env, ctx, g, f, a) {
    if (a.type === 'endReinforcement') {
      for (const u of due(env, g, f.side))
        ctx.log(`${nameOf(env, u)} finds no room and arrives next turn`, { rule: '6.4' });
      end(g.stack);
      return;
    }
    if (a.type === 'place') {
      g.units[a.unit] = { ...g.units[a.unit]!, status: 'map', hex: a.hex, due: null };
      ctx.log(`${nameOf(env, a.unit)} enters at ${a.hex}`, { rule: '6.2' });
      return;
    }
    f.rp -= 1;
    const [die] = ctx.roll(1, `Replacement for ${nameOf(env, a.unit)} (6.8)`);
    if (env.data.tables.rolls.replacementLost.includes(die!)) {
      g.units[a.unit] = { ...g.units[a.unit]!, status: 'gone' };
      ctx.log(`${nameOf(env, a.unit)} is lost for good`, { rule: '6.8' });
    } else {
      const entry = f.side === 'german' ? 'west' : 'rovno';
      g.units[a.unit] = { ...g.units[a.unit]!, status: 'due', due: g.turn + die!, entry, supp: false };
      ctx.log(`${nameOf(env, a.unit)} returns as a reinforcement on turn ${g.turn + die!}`, { rule: '6.8' });
    }
  },
  refuse(env, g, f, a) {
    if (a.type === 'endReinforcement') return whyNotEndReinforcement(env, g, f.side);
    if (a.type === 'replace')
      return f.rp <= 0
        ? { rule: '6.11', message: 'no replacement points are left this turn' }
        : { rule: '6.10', message: `${nameOf(env, a.unit)} was not eliminated in command, or is not eliminated` };
    return { rule: '6.3', message: `${nameOf(env, a.unit)} may not be placed at ${a.hex}` };
  },
};

/** 11.2, A21 A combat phase begins: the First Wave's obligations are listed now. */
const combatStart: ProcedureOf<'combatStart'> = (env, ctx, g, f) => {
  const o = f.wave === 1 ? obligations(env, g, f.side) : { mustAttack: [], mustBeAttacked: [] };
  ctx.log(`${f.wave === 1 ? 'First' : 'Second'} Wave combat phase`, { rule: f.wave === 1 ? '11.2' : '14.0' });
  call(g.stack, {
    kind: 'combat',
    side: f.side,
    wave: f.wave,
    attacked: [],
    hit: [],
    advanced: [],
    supplied: [],
    ...o,
  });
};

/** 9.1 At the end of every phase, an overstacked hex loses its excess (owner's choice; eliminated for VP). */
const phaseEnd: ProcedureOf<'phaseEnd'> = (env, ctx, g) => {
  // 22.3 A bridge lasts as long as its engineer stays in place.
  for (const b of g.pontoons.filter((p) => g.units[p.engineer]!.hex !== p.at)) {
    g.pontoons = g.pontoons.filter((p) => p !== b);
    ctx.log(`The pontoon bridge at ${b.between} is gone: its engineer left`, { rule: '22.3' });
  }
  for (const [hex, here] of occupancy(env, g)) {
    const side = sideOf(env, here[0]!);
    if (here.length > stackLimit(env, side)) call(g.stack, { kind: 'overstack', side, hex });
  }
};

const overstack: DecisionOf<'overstack', 'remove'> = {
  rule: '9.1',
  role: (_env, _g, f) => f.side,
  prompt: (_env, _g, f) => prompts.overstack(f.hex),
  actions: ['remove'],
  legal: (env, g, f) =>
    occupancy(env, g)
      .get(f.hex)
      ?.map((unit) => ({ type: 'remove' as const, unit })) ?? [],
  perform(env, ctx, g, f, a) {
    eliminate(env, ctx, g, a.unit, `overstacked in ${f.hex}`, '9.1');
    if ((occupancy(env, g).get(f.hex) ?? []).length <= stackLimit(env, f.side)) end(g.stack);
  },
  auto(_env, _ctx, g, f, legal) {
    if (legal().length > stackLimit(_env, f.side)) return false;
    end(g.stack);
    return true;
  },
};

/** 15.4 Recovery: in-command units recover, out-of-command ones roll (4-6), HQs last. */
const recovery: ProcedureOf<'recovery'> = (env, ctx, g, f) => {
  const supp = onMap(env, g, f.side).filter((u) => g.units[u]!.supp);
  const hqs = supp.filter((u) => env.unit[u]!.type === 'hq');
  for (const u of supp.filter((x) => !hqs.includes(x))) {
    if (inCommand(env, g, u, true)) {
      g.units[u]!.supp = false;
      ctx.log(`${nameOf(env, u)} recovers (in command)`, { rule: '15.4' });
      continue;
    }
    const [die] = ctx.roll(1, `${nameOf(env, u)} tries to recover out of command (15.4)`);
    if (env.data.tables.rolls.recoveryStays.includes(die!))
      ctx.log(`${nameOf(env, u)} stays suppressed`, { rule: '15.4' });
    else {
      g.units[u]!.supp = false;
      ctx.log(`${nameOf(env, u)} recovers`, { rule: '15.4' });
    }
  }
  for (const u of hqs) {
    g.units[u]!.supp = false;
    ctx.log(`${nameOf(env, u)} recovers (HQs last)`, { rule: '15.4' });
  }
};

/** 4.0 IV The turn record: after the last turn the game ends (3.0, 23.0). */
const endOfTurn: ProcedureOf<'endOfTurn'> = (env, ctx, g, f) => {
  if (f.n >= env.data.tables.scenario.turns) finalScore(env, ctx, g);
  else call(g.stack, { kind: 'turn', n: f.n + 1 });
};

export const flow = defineFlow<Env, DubnoState, Frame, Action>({
  name: 'dubno',
  stack: (g) => g.stack,
  decisions: {
    reinforce,
    movement,
    moveUnit,
    fpf,
    combat,
    declare,
    screen,
    fire,
    hold,
    retreat,
    loss,
    advance,
    overstack,
  },
  procedures: { turn, events, playerTurn: startPlayerTurn, combatStart, resolve, phaseEnd, recovery, endOfTurn },
  over: (g) => g.result !== null,
  onEmpty: 'trust', // the legal list is computed only when asked (speed); tests check no decision is empty
});
