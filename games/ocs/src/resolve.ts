/**
 * 9.0-9.13 combat on the flow kernel: the Combat Segment (declare attacks one at a time, 9.1c),
 * the declaration (9.2 step 1), the resolution procedure (9.2 steps 2-8: supply, AR units,
 * terrain, odds, surprise, the roll, results), the options of each side (9.10), retreats (9.12)
 * and the advance (9.12g).
 */
import { end, call, type DecisionKind, type Procedure } from '@sandtable/engine';
import { combatResult, shiftColumn, surpriseOf } from './charts.ts';
import { arUnit, bestDefence, defendersAt, dgHex, lossOrder, loseStep, retreatEnds } from './combat.ts';
import type { Env } from './env.ts';
import { inEzoc } from './fields.ts';
import { stepCost } from './movement.ts';
import type { Action, ActionOf, Frame, FrameOf, OcsState } from './state.ts';
import { spend, usableDumps } from './supply.ts';
import { attackCapable, arOf, charts, enemyOf, groundOf, K, mtOf, reOf, stepsLeft, unitsAt, unitsOf } from './units.ts';

export type DecisionOf<F extends Frame['kind'], T extends Action['type']> = DecisionKind<
  Env,
  OcsState,
  FrameOf<F>,
  Action,
  ActionOf<T>
>;
export type ProcedureOf<F extends Frame['kind']> = Procedure<Env, OcsState, FrameOf<F>>;

const L = (env: Env, h: number) => env.grid.label(h);

/** 9.0, 9.1, 11.0a a unit that may attack now: attack-capable, not yet attacked, and in the Exploitation Phase an Exploit unit or a released reserve. */
export function mayAttack(
  env: Env,
  g: OcsState,
  side: string,
  phase: 'combat' | 'exploitation',
  attacked: string[],
  id: string,
): boolean {
  const c = groundOf(env, id);
  const u = g.units[id]!;
  if (!c || c.side !== side || u.hex < 0 || attacked.includes(id) || !attackCapable(env, c, u)) return false;
  if (phase === 'exploitation') return u.marker === 'exploit' || (g.released ?? []).includes(id);
  return true;
}

/** 9.1f a unit may attack only a hex it could enter (roads allowed for regular combat). */
const canReachHex = (env: Env, g: OcsState, id: string, hex: number) => {
  const c = groundOf(env, id)!;
  return stepCost(env, mtOf(c, g.units[id]!), g.units[id]!.hex, hex, 99) < Infinity;
};

/** 12.4 the attacker's combat supply: 1T per attacking step. */
export const attackCost = (env: Env, g: OcsState, units: string[]) =>
  units.reduce((s, id) => s + stepsLeft(groundOf(env, id)!, g.units[id]!) * K(env, 'attackerSupplyPerStepT'), 0);

/**
 * 9.0 step 2, 12.4, 12.10 whether each attacker can pay its combat supply: from dumps it may draw
 * from, else from its internal stocks (not when Exhausted). Returns the units paying by stocks, or
 * null when some unit cannot pay.
 */
export function supplyPlan(env: Env, g: OcsState, units: string[]): { stocks: string[] } | null {
  const side = env.counters.get(units[0]!)!.side;
  const left = { ...(g.dumps[side] ?? {}) };
  const stocks: string[] = [];
  for (const id of units) {
    let need = stepsLeft(groundOf(env, id)!, g.units[id]!) * K(env, 'attackerSupplyPerStepT');
    const taken: [number, number][] = [];
    for (const d of usableDumps(env, g, side, g.units[id]!.hex)) {
      if (!need) break;
      const t = Math.min(need, left[d] ?? 0);
      if (t) taken.push([d, t]);
      left[d] = (left[d] ?? 0) - t;
      need -= t;
    }
    if (!need) continue;
    for (const [d, t] of taken) left[d] = (left[d] ?? 0) + t; // a counter uses SP or its stocks, never both (12.10g)
    if (g.units[id]!.stocks === 'exhausted') return null; // 12.10c
    stocks.push(id);
  }
  return { stocks };
}

export const combat: DecisionOf<'combat', 'declare' | 'endPhase'> = {
  rule: '9.0',
  role: (_env, _g, f) => f.side,
  prompt: (_env, _g, f) =>
    `declare an attack (${f.phase === 'combat' ? 'Combat' : 'Exploitation'} Phase) or end the phase`,
  actions: ['declare', 'endPhase'],
  legal(env, g, f) {
    const out: ActionOf<'declare' | 'endPhase'>[] = [];
    const enemy = enemyOf(env, f.side);
    const targets = new Set<number>();
    for (const id of unitsOf(g, env, f.side)) {
      if (!mayAttack(env, g, f.side, f.phase, f.attacked, id)) continue;
      for (const n of env.grid.neighbours(g.units[id]!.hex))
        if (!f.hexes.includes(n) && defendersAt(env, g, n, enemy).length && canReachHex(env, g, id, n)) targets.add(n);
    }
    for (const hex of [...targets].sort((a, b) => a - b)) out.push({ type: 'declare', hex });
    out.push({ type: 'endPhase' });
    return out;
  },
  perform(_env, _ctx, g, f, a) {
    if (a.type === 'endPhase') end(g.stack);
    else call(g.stack, { kind: 'declare', side: f.side, phase: f.phase, hex: a.hex, attackers: [] });
  },
  refuse: (_env, _g, f, a) =>
    a.type === 'declare' && f.hexes.includes(a.hex)
      ? { rule: '9.1c', message: 'each hex may be attacked once per Combat Segment' }
      : null,
};

/** The combat frame under a declaration. */
const combatFrame = (g: OcsState) => [...g.stack].reverse().find((x) => x.kind === 'combat') as FrameOf<'combat'>;

export const declare: DecisionOf<'declare', 'addAttacker' | 'attack' | 'cancel'> = {
  rule: '9.2',
  role: (_env, _g, f) => f.side,
  prompt: (env, _g, f) => `add attackers against ${L(env, f.hex)}, then attack (or cancel)`,
  actions: ['addAttacker', 'attack', 'cancel'],
  legal(env, g, f) {
    const out: ActionOf<'addAttacker' | 'attack' | 'cancel'>[] = [];
    const cf = combatFrame(g);
    for (const n of env.grid.neighbours(f.hex))
      for (const id of unitsAt(g, n).sort())
        if (
          !f.attackers.includes(id) &&
          mayAttack(env, g, f.side, f.phase, cf.attacked, id) &&
          canReachHex(env, g, id, f.hex)
        )
          out.push({ type: 'addAttacker', unit: id });
    if (f.attackers.length && supplyPlan(env, g, f.attackers)) out.push({ type: 'attack' });
    out.push({ type: 'cancel' });
    return out;
  },
  perform(_env, _ctx, g, f, a) {
    if (a.type === 'addAttacker') f.attackers.push(a.unit);
    else if (a.type === 'cancel') end(g.stack);
    else {
      const cf = combatFrame(g);
      cf.attacked.push(...f.attackers);
      cf.hexes.push(f.hex);
      end(g.stack);
      call(g.stack, { kind: 'resolve', side: f.side, phase: f.phase, hex: f.hex, attackers: f.attackers });
    }
  },
  refuse: (env, g, f, a) =>
    a.type === 'attack' && f.attackers.length && !supplyPlan(env, g, f.attackers)
      ? {
          rule: '9.0',
          message: 'the attackers cannot pay their combat supply (1T a step, 12.4), so the attack cannot be made',
        }
      : null,
};

/** 9.2 steps 2-8: the procedure of one attack. */
export const resolve: ProcedureOf<'resolve'> = (env, ctx, g, f) => {
  const t = charts(env, g.options);
  const side = f.side;
  const defSide = enemyOf(env, side);
  const defenders = defendersAt(env, g, f.hex, defSide);
  if (!defenders.length) return;
  // 2. combat supply: the attacker pays first (12.4), internal stocks where no dump serves (12.10)
  const plan = supplyPlan(env, g, f.attackers)!;
  for (const id of f.attackers) {
    const u = g.units[id]!;
    if (plan.stocks.includes(id))
      u.stocks = u.stocks === 'low' ? 'exhausted' : 'low'; // 12.10b
    else spend(env, g, side, u.hex, stepsLeft(groundOf(env, id)!, u) * K(env, 'attackerSupplyPerStepT'));
  }
  const defRE = defenders.reduce((s, id) => s + reOf(env, groundOf(env, id)!, g.units[id]!), 0);
  const defCost = K(env, defRE <= K(env, 'defenderSmallMaxRE') ? 'defenderSmallSupplyT' : 'defenderSupplyT');
  const defSupplied = spend(env, g, defSide, f.hex, defCost); // 9.5 B: without it, half strength
  // 3.-5. AR units and the defender's terrain; odds and column (9.6, 9.3-9.4, 9.7)
  const aAr = arUnit(env, g, f.attackers);
  const dAr = arUnit(env, g, defenders);
  const drm = arOf(groundOf(env, aAr)!, g.units[aAr]!) - arOf(groundOf(env, dAr)!, g.units[dAr]!);
  const d = bestDefence(env, g, f.hex, f.attackers, defSupplied);
  const hog = g.hedgehogs[f.hex]?.side === defSide ? g.hedgehogs[f.hex]!.level : 0;
  ctx.log(
    `Attack on ${L(env, f.hex)}: ${d.attack} against ${d.defence}${defSupplied ? '' : ' (no combat supply, x1/2)'}, ${d.row} (${d.defenceTerrain}), column ${t.combat.columns[d.row][d.column]}; AR ${drm >= 0 ? '+' : ''}${drm}`,
    { rule: '9.2' },
  );
  // 6. surprise (9.8)
  const [s1, s2] = ctx.roll(2, 'surprise (9.8)');
  const who = surpriseOf(t, s1! + s2! + drm + (hog ? t.surprise.hedgehogModifier : 0), f.overrun === true); // 8.0 its own thresholds
  let column = d.column;
  if (who) {
    const [shift] = ctx.roll(1, `${who} surprise: columns shifted (9.8)`);
    column = shiftColumn(t, column, who === 'attacker' ? shift! : -shift!);
  }
  // 7. the combat roll (9.9)
  const [c1, c2] = ctx.roll(2, 'combat (9.9)');
  const result = combatResult(t, c1! + c2! + drm - hog, column);
  ctx.log(`Result ${result.printed} on ${t.combat.columns[d.row][column]}`, { rule: '9.9' });
  // 5.7d any result removes the defenders' Reserve markers
  for (const id of defenders) if (g.units[id]!.marker === 'reserve') delete g.units[id]!.marker;
  // 8. the attacker first (9.10b): mandatory losses, then options; then the defender
  const stacks = new Set(f.attackers.map((id) => g.units[id]!.hex));
  const enemyHexes = [...stacks];
  call(g.stack, {
    kind: 'defenderOptions',
    side: defSide,
    hex: f.hex,
    options: result.defender.options,
    mayIgnore: false,
    attackers: f.attackers,
    ...(f.overrun ? { overrun: true } : {}),
  });
  // defender DG (9.12a) and losses come before his options; they are applied when the attacker is done
  g.pendingDefender = { loss: result.defender.loss, dg: result.defender.dg, ar: dAr, enemyHexes };
  for (const id of lossOrder(env, g, f.attackers, aAr, result.attacker.loss)) loseStep(env, g, id);
  const alive = f.attackers.filter((id) => g.units[id]!.hex >= 0);
  if (result.attacker.options > 0 && alive.length)
    call(g.stack, {
      kind: 'attackerOptions',
      side,
      attackers: alive,
      options: result.attacker.options,
      hex: f.hex,
      defenderOptions: result.defender.options,
      exploit: f.overrun ? null : result.attacker.exploit, // 8.1e, 9.13b B
      phase: f.phase,
      ...(f.overrun ? { overrun: true } : {}),
    });
  else {
    if (result.attacker.options > 0) markIgnorable(g); // 9.10c B: the attacker could not execute its options
    exploit(env, g, alive, f.overrun ? null : result.attacker.exploit, f.phase);
  }
};

/** 9.10c the defender may ignore his options. */
function markIgnorable(g: OcsState): void {
  const d = [...g.stack].reverse().find((x) => x.kind === 'defenderOptions') as FrameOf<'defenderOptions'> | undefined;
  if (d) d.mayIgnore = true;
}

/** 8.1f the units' movement ends for this phase. */
function endMoves(g: OcsState, units: string[]): void {
  const mv = [...g.stack].reverse().find((x) => x.kind === 'movement') as FrameOf<'movement'> | undefined;
  if (!mv) return;
  for (const id of units) if (!mv.done.includes(id)) mv.done.push(id);
  if (mv.mover && units.includes(mv.mover)) mv.mover = null;
}

/** 9.13 exploit: attackers with AR at least n, not DG, not in the Exploitation Phase, at most two adjacent stacks. */
function exploit(env: Env, g: OcsState, attackers: string[], n: number | null, phase: string): void {
  if (n === null || phase === 'exploitation') return; // 9.13b B
  const hexes = [...new Set(attackers.map((id) => g.units[id]!.hex))];
  if (hexes.length > 2 || (hexes.length === 2 && env.grid.distance(hexes[0]!, hexes[1]!) !== 1)) return; // 9.13b C
  for (const id of attackers) {
    const u = g.units[id]!;
    if (u.hex < 0 || u.marker === 'dg' || groundOf(env, id)!.ar < n) continue; // 9.13b A
    const zoc = u.marker === undefined && u.face === 'combat';
    u.marker = 'exploit';
    if (zoc) u.hadZoc = true; // 5.9c
  }
  g.version++;
}

export const attackerOptions: DecisionOf<'attackerOptions', 'options'> = {
  rule: '9.10',
  role: (_env, _g, f) => f.side,
  prompt: (_env, _g, f) => `take ${f.options} option(s): how many as step losses (the rest as retreat hexes)`,
  actions: ['options'],
  legal: (_env, _g, f) =>
    Array.from({ length: f.options + 1 }, (_, k) => ({ type: 'options' as const, asLoss: f.options - k })),
  perform(env, _ctx, g, f, a) {
    end(g.stack);
    const ar = arUnit(env, g, f.attackers);
    for (const id of lossOrder(env, g, f.attackers, ar, a.asLoss)) loseStep(env, g, id);
    const alive = f.attackers.filter((id) => g.units[id]!.hex >= 0);
    const retreatHexes = f.options - a.asLoss;
    if (retreatHexes > 0) {
      markIgnorable(g); // 9.10c the attacker retreated
      if (f.overrun) endMoves(g, alive); // 8.1f retreating ends the overrunning units' movement
      const byHex = new Map<number, string[]>();
      for (const id of alive) byHex.set(g.units[id]!.hex, [...(byHex.get(g.units[id]!.hex) ?? []), id]);
      for (const [from, units] of byHex)
        call(g.stack, { kind: 'retreat', side: f.side, units, from, hexes: retreatHexes, enemyHexes: [f.hex] });
    } else {
      if (alive.length < f.attackers.length && a.asLoss > alive.length) markIgnorable(g);
      exploit(env, g, alive, f.exploit, f.phase); // 9.10d only when the whole option is taken as losses
    }
  },
};

export const defenderOptions: DecisionOf<'defenderOptions', 'options' | 'cancel'> = {
  rule: '9.10',
  role: (_env, _g, f) => f.side,
  prompt: (_env, _g, f) =>
    `take ${f.options} option(s): how many as step losses (the rest as retreat hexes)${f.mayIgnore ? ', or ignore them (9.10c)' : ''}`,
  actions: ['options', 'cancel'],
  legal: (_env, _g, f) => [
    ...Array.from({ length: f.options + 1 }, (_, k) => ({ type: 'options' as const, asLoss: f.options - k })),
    ...(f.mayIgnore && f.options ? [{ type: 'cancel' as const }] : []),
  ],
  auto(env, ctx, g, f) {
    // the mandatory part first: DG (9.12a) and L losses, before any option is chosen
    const p = g.pendingDefender;
    if (p) {
      delete g.pendingDefender;
      if (p.dg) dgHex(env, g, f.hex, f.side);
      const defenders = defendersAt(env, g, f.hex, f.side);
      for (const id of lossOrder(env, g, defenders, p.ar, p.loss)) loseStep(env, g, id);
      f.enemyHexes = p.enemyHexes;
      if (p.loss) ctx.log(`The defender loses ${p.loss} step(s)`, { rule: '9.11' });
    }
    if (!defendersAt(env, g, f.hex, f.side).length || f.options === 0) {
      end(g.stack);
      advanceIfEmpty(env, g, f);
      return true;
    }
    return false;
  },
  perform(env, _ctx, g, f, a) {
    end(g.stack);
    if (a.type === 'cancel') return;
    const defenders = defendersAt(env, g, f.hex, f.side);
    for (const id of lossOrder(env, g, defenders, null, a.asLoss)) loseStep(env, g, id);
    const alive = defendersAt(env, g, f.hex, f.side);
    const n = f.options - a.asLoss;
    if (n > 0 && alive.length) {
      advanceAfter(env, g, f);
      call(g.stack, {
        kind: 'retreat',
        side: f.side,
        units: alive,
        from: f.hex,
        hexes: n,
        enemyHexes: f.enemyHexes ?? [],
      });
    } else advanceIfEmpty(env, g, f);
  },
};

/** 9.12g an advance is offered when the defending hex is empty (pushed below the retreat). */
function advanceAfter(env: Env, g: OcsState, f: FrameOf<'defenderOptions'>): void {
  const attackers = f.attackers.filter(
    (id) => g.units[id]!.hex >= 0 && env.grid.distance(g.units[id]!.hex, f.hex) === 1,
  );
  if (attackers.length)
    call(g.stack, {
      kind: 'advance',
      side: env.counters.get(f.attackers[0]!)!.side,
      hex: f.hex,
      units: attackers,
      ...(f.overrun ? { mandatory: true } : {}), // 8.0 4, 9.12g D: after a successful overrun the advance is mandatory
    });
}
function advanceIfEmpty(env: Env, g: OcsState, f: FrameOf<'defenderOptions'>): void {
  if (!defendersAt(env, g, f.hex, f.side).length) advanceAfter(env, g, f);
}

export const retreat: DecisionOf<'retreat', 'retreatTo'> = {
  rule: '9.12',
  role: (_env, _g, f) => f.side,
  prompt: (env, _g, f) => `retreat ${f.units.length} unit(s) ${f.hexes} hex(es) from ${L(env, f.from)}`,
  actions: ['retreatTo'],
  legal: (env, g, f) =>
    [...retreatEnds(env, g, f.units, f.from, f.hexes, f.enemyHexes).keys()]
      .sort((a, b) => a - b)
      .map((hex) => ({ type: 'retreatTo' as const, hex })),
  auto(env, ctx, g, f, legal) {
    if (legal().length) return false;
    end(g.stack);
    for (const id of f.units) while (g.units[id]!.hex >= 0) loseStep(env, g, id); // 9.12: no legal retreat, eliminated
    ctx.log(`No retreat from ${L(env, f.from)}: the units are eliminated`, { rule: '9.12' });
    return true;
  },
  perform(env, ctx, g, f, a) {
    end(g.stack);
    const path = retreatEnds(env, g, f.units, f.from, f.hexes, f.enemyHexes).get(a.hex)!;
    for (let i = 1; i < path.length; i++) {
      const hex = path[i]!;
      const wasDg = f.units.some((id) => g.units[id]!.marker === 'dg'); // A10: before this hex's triggers
      for (const id of f.units) {
        const u = g.units[id]!;
        if (u.hex < 0) continue;
        if (u.marker === 'strat' && inEzoc(env, g, f.side, hex)) {
          while (u.hex >= 0) loseStep(env, g, id); // 5.8a
          continue;
        }
        u.hex = hex;
        g.version++;
      }
      g.version++;
      if (inEzoc(env, g, f.side, hex)) {
        dgHex(env, g, hex, f.side); // 9.12e
        const dgUnits = f.units.filter((id) => g.units[id]!.hex >= 0);
        if (wasDg && dgUnits.length) {
          loseStep(env, g, lossOrder(env, g, dgUnits, null, 1)[0]!);
          ctx.log('A DG stack retreated into an enemy ZOC: one step lost', { rule: '9.12e' });
        }
      }
      if (i === K(env, 'retreatDgHex')) dgHex(env, g, hex, f.side); // 9.12a, 5.10a B
    }
    for (const id of f.units) if (g.units[id]!.hex >= 0) g.control[g.units[id]!.hex] = f.side;
  },
};

export const advance: DecisionOf<'advance', 'advance'> = {
  rule: '9.12g',
  role: (_env, _g, f) => f.side,
  prompt: (env, _g, f) => `advance into ${L(env, f.hex)} with any of the attackers, or not`,
  actions: ['advance'],
  legal(env, g, f) {
    const units = f.units.filter((id) => g.units[id]!.hex >= 0 && canReachHex(env, g, id, f.hex));
    if (defendersAt(env, g, f.hex, enemyOf(env, f.side)).length || !units.length)
      return [{ type: 'advance', units: [] }];
    if (f.mandatory) return [{ type: 'advance', units: f.units.filter((id) => g.units[id]!.hex >= 0) }];
    return [
      { type: 'advance', units: [] },
      { type: 'advance', units },
      ...(units.length > 1 ? units.map((u) => ({ type: 'advance' as const, units: [u] })) : []),
    ];
  },
  perform(_env, _ctx, g, f, a) {
    end(g.stack);
    for (const id of a.units) g.units[id]!.hex = f.hex;
    if (a.units.length) g.control[f.hex] = f.side;
    g.version++;
  },
};
