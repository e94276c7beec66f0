/**
 * 6.0 Combat and 7.0 combat resolution: the combat phase (a decision), the resolution of one attack
 * (a procedure, which calls retreats, the exchange loss and the advance as decisions of their own).
 */
import { call, end, type Refusal } from '@sandtable/engine';
import { adjacent, crossing, type Env, other, terrainOf } from './board.ts';
import type { CrtResult } from './data/index.ts';
import type { ActionOf, BridgeState, DecisionOf, FrameOf, ProcedureOf } from './state.ts';
import { prompts, SIDE_NAME, unitName } from './texts.ts';
import { eliminate, inEnemyZoc, liveUnits, roomFor, sideOf, strength, unitsAt } from './units.ts';

// ---- 7.1, 7.2 odds ------------------------------------------------------------------------------

export interface Odds {
  attack: number;
  defence: number;
  /** Column index into the CRT after shifts, and its label. */
  column: number;
  label: string;
  /** The shifts applied, in words with their rules. */
  shifts: string[];
}

/** Whether `unit` attacks `hex` across the river (7.2; the bridge counts unless option 9.1 is off). */
function acrossRiver(env: Env, g: BridgeState, unit: string, hex: string): boolean {
  const c = crossing(env, g.units[unit]!, hex);
  return c === 'river' || c === 'ford' || (c === 'bridge' && g.options.riverShiftAtBridge);
}

/** 7.1 the odds column, 7.2 the shifts. */
export function oddsOf(env: Env, g: BridgeState, hex: string, attackers: readonly string[]): Odds {
  const { columns } = env.data.tables.crt;
  const attack = strength(env, attackers);
  const defence = strength(env, unitsAt(env, g, hex));
  let column = 0;
  columns.forEach((c, i) => {
    if (attack >= c.ratio * defence) column = i; // 7.1: rounded down in the defender's favour
  });
  const shifts: string[] = [];
  const t = terrainOf(env, hex);
  if (t.shift) shifts.push(`${t.id} (7.2)`);
  const river = env.data.tables.riverShift.value;
  const riverShift = attackers.length > 0 && attackers.every((u) => acrossRiver(env, g, u, hex)) ? river : 0;
  if (riverShift) shifts.push('across the river (7.2)');
  column = Math.max(0, column - t.shift - riverShift); // 7.2: never left of 1:2
  return { attack, defence, column, label: columns[column]!.label, shifts };
}

/** 7.3: the CRT result for a die roll in a column. */
export function crtResult(env: Env, die: number, column: number): CrtResult {
  return env.data.tables.crt.rows.find((r) => r.die === die)!.results[column]!;
}

// ---- 6.0 the combat phase -----------------------------------------------------------------------

type Phase = FrameOf<'combat'>;

/** 6.2: the phasing units next to `hex` that have not attacked this phase. */
export function attackersOf(env: Env, g: BridgeState, f: Phase, hex: string): string[] {
  const near = new Set(adjacent(env, hex));
  return liveUnits(env, g, f.side).filter((u) => near.has(g.units[u]!) && !f.attacked.includes(u));
}

/** Why `hex` may not be attacked now, naming the rule; null when it may. */
export function whyNotAttack(env: Env, g: BridgeState, f: Phase, hex: string): Refusal | null {
  if (unitsAt(env, g, hex, other(f.side)).length === 0) return { rule: '6.1', message: `${hex} holds no enemy unit` };
  if (f.hexes.includes(hex)) return { rule: '6.1', message: `${hex} has already been attacked this phase` };
  if (attackersOf(env, g, f, hex).length === 0)
    return { rule: '6.1', message: `no ${SIDE_NAME[f.side]} unit next to ${hex} is free to attack` };
  return null;
}

/** 6.0 The combat phase: attack enemy hexes one at a time, then end combat. */
export const combat: DecisionOf<'combat', 'attack' | 'endCombat'> = {
  rule: '6.0',
  role: (_env, _g, f) => f.side,
  prompt: (_env, _g, f) => prompts.combat(f.side),
  actions: ['attack', 'endCombat'],
  legal(env, g, f) {
    const targets = new Set(liveUnits(env, g, other(f.side)).map((u) => g.units[u]!));
    const out: ActionOf<'attack' | 'endCombat'>[] = [...targets]
      .filter((hex) => !whyNotAttack(env, g, f, hex))
      .map((hex) => ({ type: 'attack', hex }));
    out.push({ type: 'endCombat' });
    return out;
  },
  perform(env, _ctx, g, f, a) {
    if (a.type === 'endCombat') {
      end(g.stack);
    } else {
      const attackers = attackersOf(env, g, f, a.hex); // 6.2
      f.attacked.push(...attackers);
      f.hexes.push(a.hex);
      call(g.stack, { kind: 'resolve', side: f.side, hex: a.hex, attackers }); // 7.0, then back to this phase
    }
  },
  refuse: (env, g, f, a) => (a.type === 'attack' ? whyNotAttack(env, g, f, a.hex) : null),
};

// ---- 7.3 resolution -----------------------------------------------------------------------------

/** 7.1-7.3: roll, look up the result, and call the decisions it asks for (they run before the phase resumes). */
export const resolve: ProcedureOf<'resolve'> = (env, ctx, g, f) => {
  const odds = oddsOf(env, g, f.hex, f.attackers);
  const defenders = unitsAt(env, g, f.hex);
  const shifted = odds.shifts.length ? `, shifted for ${odds.shifts.join(' and ')}` : '';
  const [die] = ctx.roll(
    1,
    `${SIDE_NAME[f.side]} attacks ${f.hex}, ${odds.attack} to ${odds.defence}${shifted}: ${odds.label}`,
  );
  const result = crtResult(env, die!, odds.column);
  ctx.log(`Result ${result}`, { rule: '7.3' });
  // Calls are stacked: the last one called runs first. Retreats and the exchange loss come before the advance.
  const advance = () => call(g.stack, { kind: 'advance', side: f.side, hex: f.hex, units: f.attackers });
  const retreat = (units: string[]) => {
    for (const unit of [...units].reverse()) call(g.stack, { kind: 'retreat', unit }); // the first listed goes first
  };
  switch (result) {
    case 'AE':
      eliminate(g, f.attackers);
      break;
    case 'AR':
      retreat(f.attackers);
      break;
    case 'DR':
      advance();
      retreat(defenders);
      break;
    case 'DE':
      eliminate(g, defenders);
      advance();
      break;
    case 'EX':
      eliminate(g, defenders);
      advance();
      call(g.stack, { kind: 'loss', side: f.side, units: f.attackers });
      break;
  }
};

// ---- 7.4 retreat, 7.3 exchange loss, 7.5 advance ------------------------------------------------

/** 7.4: the hexes `unit` may retreat into. */
export function retreatHexes(env: Env, g: BridgeState, unit: string): string[] {
  const from = g.units[unit];
  if (!from) return [];
  const side = sideOf(env, unit);
  return adjacent(env, from).filter((to) => {
    const c = crossing(env, from, to);
    return (c === 'none' || c === 'bridge') && roomFor(env, g, to, side) && !inEnemyZoc(env, g, to, side);
  });
}

/** 7.4 A retreating unit: its owner picks the hex; a unit with nowhere to go is eliminated. */
export const retreat: DecisionOf<'retreat', 'retreat'> = {
  rule: '7.4',
  role: (env, _g, f) => sideOf(env, f.unit),
  prompt: (_env, g, f) => prompts.retreat(f.unit, g.units[f.unit] ?? '-'),
  actions: ['retreat'],
  legal: (env, g, f) => retreatHexes(env, g, f.unit).map((to) => ({ type: 'retreat', unit: f.unit, to })),
  perform(env, ctx, g, f, a) {
    ctx.log(`${unitName(env, f.unit)} retreats to ${a.to}`, { rule: '7.4' });
    g.units[f.unit] = a.to;
    end(g.stack);
  },
  refuse: (env, g, f, a) =>
    a.unit === f.unit && !retreatHexes(env, g, f.unit).includes(a.to)
      ? { rule: '7.4', message: `${f.unit} may not retreat into ${a.to}` }
      : null,
  auto(env, ctx, g, f, legal) {
    if (legal().length > 0) return false;
    ctx.log(`${unitName(env, f.unit)} cannot retreat and is eliminated`, { rule: '7.4' });
    eliminate(g, [f.unit]);
    end(g.stack);
    return true;
  },
};

/** 7.3 EX: the attacker loses one attacking unit of its choice. */
export const loss: DecisionOf<'loss', 'lose'> = {
  rule: '7.3',
  role: (_env, _g, f) => f.side,
  prompt: () => prompts.loss(),
  actions: ['lose'],
  legal: (_env, g, f) => f.units.filter((u) => g.units[u]).map((unit) => ({ type: 'lose', unit })),
  perform(env, ctx, g, _f, a) {
    ctx.log(`${unitName(env, a.unit)} is lost in the exchange`, { rule: '7.3' });
    eliminate(g, [a.unit]);
    end(g.stack);
  },
  auto(env, ctx, g, f, legal) {
    const units = legal();
    if (units.length !== 1) return false;
    loss.perform(env, ctx, g, f, units[0]!); // one attacking unit left: no choice to make
    return true;
  },
};

/** 7.5: the attacking units that may advance into the emptied hex. */
export function advancers(env: Env, g: BridgeState, f: FrameOf<'advance'>): string[] {
  if (unitsAt(env, g, f.hex).length > 0) return [];
  return f.units.filter((u) => {
    const at = g.units[u];
    const c = at && adjacent(env, at).includes(f.hex) ? crossing(env, at, f.hex) : 'river';
    return c === 'none' || c === 'bridge';
  });
}

/** 7.5 Advance after combat: one surviving attacking unit may move into the emptied hex. */
export const advance: DecisionOf<'advance', 'advance' | 'stay'> = {
  rule: '7.5',
  role: (_env, _g, f) => f.side,
  prompt: (_env, _g, f) => prompts.advance(f.hex),
  actions: ['advance', 'stay'],
  legal: (env, g, f) => [
    ...advancers(env, g, f).map((unit): ActionOf<'advance'> => ({ type: 'advance', unit })),
    { type: 'stay' },
  ],
  perform(env, ctx, g, f, a) {
    if (a.type === 'advance') {
      ctx.log(`${unitName(env, a.unit)} advances into ${f.hex}`, { rule: '7.5' });
      g.units[a.unit] = f.hex;
    }
    end(g.stack);
  },
  refuse: (env, g, f, a) =>
    a.type === 'advance' && !advancers(env, g, f).includes(a.unit)
      ? { rule: '7.5', message: `${a.unit} may not advance into ${f.hex}` }
      : null,
  auto(_env, _ctx, g, _f, legal) {
    if (legal().length > 1) return false;
    end(g.stack); // no unit can advance: the lone "stay" needs no question
    return true;
  },
};
