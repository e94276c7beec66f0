/**
 * 13.0 Combat results of adjacent combat: the resolution (11.3 steps 4-9), retreats (13.4), losses
 * in exchanges (13.3, A13), the defender's hold option (13.1, A12) and advance after combat (13.6,
 * 22.1). Frames are called in reverse: the last one called runs first, so retreats come before the
 * advance that follows their path.
 */
import { call, type Ctx, end, type Refusal } from '@sandtable/engine';
import { adjacent, type Env, other, riverBetween, terrainAt } from './board.ts';
import type { AdjacentResult, Side } from './data/index.ts';
import { oddsOf, phaseOf } from './combat.ts';
import { barFpf, eliminate, spendAir, suppress } from './effects.ts';
import type { ActionOf, DecisionOf, DubnoState, FrameOf, ProcedureOf } from './state.ts';
import { prompts } from './texts.ts';
import { attackOf, defenseOf, nameOf, pontoon, sideOf, stackLimit, typeOf, unitsAt, zocOf } from './units.ts';

/** 11.3 steps 4-9: resolve one declared combat. */
export const resolve: ProcedureOf<'resolve'> = (env, ctx, g, d) => {
  const f = phaseOf(g)!;
  const attackers = d.attackers.filter((u) => g.units[u]!.status === 'map');
  const defenders = d.targets.flatMap((t) => unitsAt(env, g, t));
  f.attacked.push(...attackers);
  f.hit.push(...defenders);
  for (const u of [...d.support, ...attackers.filter((x) => env.unit[x]!.type === 'artillery')]) g.fired.push(u);
  const odds = oddsOf(env, g, d, d.crt);
  spendAir(g, d.side, d.air);
  const shifts = odds.shifts.map((s) => `${s.why} ${s.n > 0 ? '+' : ''}${s.n}`).join(', ');
  const table = d.crt === 'mobile' ? env.data.tables.mobileCrt : env.data.tables.assaultCrt;
  const [die] = ctx.roll(
    1,
    `${d.crt === 'mobile' ? 'Mobile' : 'Assault'} CRT: ${odds.attack} against ${odds.defense} (${odds.diff >= 0 ? '+' : ''}${odds.diff})${shifts ? `, ${shifts}` : ''}: column ${odds.label}`,
  );
  const result = table.columns[odds.column]!.results[die! - 1]!;
  ctx.log(`Result ${result}`, { rule: '13.1' });
  applyResult(env, ctx, g, d.side, result, attackers, defenders, d.targets);
};

/** Ground attackers that may advance: maneuver units that took part (artillery never advances, 13.6). */
const movers = (env: Env, g: DubnoState, us: string[]) =>
  us.filter((u) => g.units[u]!.status === 'map' && env.unit[u]!.type !== 'artillery' && env.unit[u]!.ma > 0);

/** 13.1 The effect of each adjacent combat result. */
export function applyResult(
  env: Env,
  ctx: Ctx,
  g: DubnoState,
  side: Side,
  result: AdjacentResult,
  attackers: string[],
  defenders: string[],
  targets: string[],
): void {
  const engineer = attackers.some((u) => typeOf(env, u).engineer);
  const defence = defenders.reduce((s, u) => s + (defenseOf(env, g, u) ?? 0), 0);
  const attackerHexes = [...new Set(attackers.map((u) => g.units[u]!.hex!))];
  const advance = (winner: Side, units: string[], vacated: string[], max: number) =>
    call(g.stack, { kind: 'advance', side: winner, units, path: [], vacated, pathUnit: '', max, engineer });
  const retreat = (owner: Side, units: string[], n: number) => {
    for (const u of [...units].reverse()) call(g.stack, { kind: 'retreat', side: owner, unit: u, left: n, path: [] });
  };
  switch (result) {
    case 'DE':
      for (const u of defenders) eliminate(env, ctx, g, u, 'DE', '13.1');
      advance(side, movers(env, g, attackers), targets, 1);
      break;
    case 'EX':
      for (const u of defenders) eliminate(env, ctx, g, u, 'EX', '13.1');
      advance(side, movers(env, g, attackers), targets, 1);
      call(g.stack, {
        kind: 'loss',
        side,
        units: attackers.filter((u) => g.units[u]!.status === 'map'),
        need: defence,
      });
      break;
    case 'AX':
      call(g.stack, {
        kind: 'loss',
        side,
        units: attackers.filter((u) => g.units[u]!.status === 'map'),
        need: defence,
      });
      break;
    case 'AE':
      for (const u of attackers) eliminate(env, ctx, g, u, 'AE', '13.1');
      advance(other(side), movers(env, g, defenders), attackerHexes, 1);
      break;
    case 'A1':
    case 'A2': {
      const n = result === 'A1' ? 1 : 2;
      advance(other(side), movers(env, g, defenders), attackerHexes, n);
      retreat(side, attackers, n); // 12.16: adjacent artillery retreats like any unit
      break;
    }
    case 'BR':
      retreat(side, attackers, 1); // 13.1: defender first, then attacker; no advance
      retreat(other(side), defenders, 1);
      break;
    case 'D1':
    case 'D2': {
      const n = result === 'D1' ? 1 : 2;
      advance(side, movers(env, g, attackers), [], n);
      for (const hex of [...targets].reverse()) {
        const here = defenders.filter((u) => g.units[u]!.hex === hex);
        if (here.length === 0) continue;
        if (mayHold(env, g, hex, attackers))
          call(g.stack, { kind: 'hold', side: other(side), hex, units: here, hexes: n });
        else retreat(other(side), here, n);
      }
      break;
    }
  }
}

/** 13.1, A12 A defender in hold terrain, or attacked only across rivers, may hold instead of retreating. */
export function mayHold(env: Env, g: DubnoState, hex: string, attackers: string[]): boolean {
  if (!g.options.holdOption) return false;
  if (terrainAt(env, hex).hold) return true;
  const adj = attackers.filter((u) => adjacent(env, g.units[u]!.hex!).includes(hex));
  return adj.length > 0 && adj.every((u) => riverBetween(env, g.units[u]!.hex!, hex).kind !== null);
}

/** 13.1 Hold (suppressed in place, A12) or fall back. */
export const hold: DecisionOf<'hold', 'hold' | 'fallBack'> = {
  rule: '13.1',
  role: (_env, _g, f) => f.side,
  prompt: (_env, _g, f) => prompts.hold(f.hex),
  actions: ['hold', 'fallBack'],
  legal: () => [{ type: 'hold' }, { type: 'fallBack' }],
  perform(env, ctx, g, f, a) {
    end(g.stack);
    if (a.type === 'hold') {
      ctx.log(`${f.hex} holds: its units are suppressed instead of retreating (A12)`, { rule: '13.1' });
      for (const u of f.units) if (g.units[u]!.status === 'map' && !g.units[u]!.supp) suppress(env, ctx, g, u, '13.1');
      const adv = g.stack.at(-1);
      if (adv?.kind === 'advance') adv.max = 0; // nothing was vacated
      return;
    }
    for (const u of [...f.units].reverse())
      call(g.stack, { kind: 'retreat', side: f.side, unit: u, left: f.hexes, path: [] });
  },
};

/** 13.4 The hexes `u` may retreat into next; empty when it cannot retreat (and is eliminated). */
export function retreatOptions(env: Env, g: DubnoState, f: FrameOf<'retreat'>): string[] {
  const u = f.unit;
  const from = g.units[u]!.hex!;
  if (env.unit[u]!.ma === 0) return []; // 13.5
  const zoc = zocOf(env, g, other(f.side));
  const seen = new Set(f.path);
  const ok = adjacent(env, from).filter((h) => {
    if (seen.has(h)) return false; // A10
    const here = unitsAt(env, g, h);
    if (here.some((x) => sideOf(env, x) !== f.side)) return false;
    return !zoc.has(h); // 10.7: into an enemy ZOC = eliminated
  });
  const empty = ok.filter((h) => unitsAt(env, g, h).length === 0);
  return empty.length > 0 ? empty : ok; // 13.4: empty hexes whenever possible
}

/** 13.4 A retreat, one hex at a time; the owner picks the path. */
export const retreat: DecisionOf<'retreat', 'retreat'> = {
  rule: '13.4',
  role: (_env, _g, f) => f.side,
  prompt: (env, _g, f) => prompts.retreat(nameOf(env, f.unit)),
  actions: ['retreat'],
  legal: (env, g, f) =>
    g.units[f.unit]!.status === 'map'
      ? retreatOptions(env, g, f).map((to) => ({ type: 'retreat', unit: f.unit, to }))
      : [],
  perform(env, ctx, g, f, a) {
    const from = g.units[f.unit]!.hex!;
    if (f.path.length === 0) f.path.push(from);
    const river = riverBetween(env, from, a.to);
    barFpf(env, g, f.unit);
    if (river.kind && !river.bridge && !pontoon(env, g, f.side, from, a.to)) {
      const [die] = ctx.roll(1, `${nameOf(env, f.unit)} retreats across the ${river.kind} river`);
      if (env.data.tables.rolls.riverRetreatLost.includes(die!)) {
        eliminate(env, ctx, g, f.unit, 'lost crossing the river in retreat', '13.4');
        f.path.push(a.to);
        recordPath(g, f);
        end(g.stack);
        return;
      }
    }
    g.units[f.unit]!.hex = a.to;
    f.path.push(a.to);
    f.left -= 1;
    ctx.log(`${nameOf(env, f.unit)} retreats to ${a.to}`, { rule: '13.4' });
    recordPath(g, f);
    if (f.left > 0) return;
    const friends = unitsAt(env, g, a.to).filter((x) => x !== f.unit);
    if (friends.length + 1 > stackLimit(env, f.side))
      f.left = 1; // A9: go on until it may stack
    else end(g.stack);
  },
  refuse: (env, g, f, a): Refusal | null =>
    a.unit !== f.unit
      ? { rule: '13.4', message: `${nameOf(env, f.unit)} is the unit retreating now` }
      : retreatOptions(env, g, f).includes(a.to)
        ? null
        : {
            rule: '13.4',
            message: `${a.to} is not open to the retreat (enemy, enemy ZOC, used, or an empty hex exists)`,
          },
  auto(env, ctx, g, f, legal) {
    if (g.units[f.unit]!.status !== 'map') {
      end(g.stack);
      return true;
    }
    if (legal().length > 0) return false;
    const from = g.units[f.unit]!.hex!;
    eliminate(env, ctx, g, f.unit, 'no retreat open', env.unit[f.unit]!.ma === 0 ? '13.5' : '13.4');
    recordPath(g, f, from);
    end(g.stack);
    return true;
  },
};

/** 13.6 The first unit to retreat leaves the path the winner may advance along. */
function recordPath(g: DubnoState, f: FrameOf<'retreat'>, from?: string): void {
  if (f.path.length === 0 && from) f.path.push(from);
  const adv = g.stack.findLast((x): x is FrameOf<'advance'> => x.kind === 'advance');
  if (!adv || adv.side === f.side) return;
  if (adv.pathUnit === '' || adv.pathUnit === f.unit) {
    adv.pathUnit = f.unit;
    adv.path = [...f.path]; // 13.6: from the hex it left, along every hex it retreated through
  }
}

/** 13.3a, A13 The owner removes attacking units until their strength meets the loss. */
export const loss: DecisionOf<'loss', 'lose'> = {
  rule: '13.3',
  role: (_env, _g, f) => f.side,
  prompt: (_env, _g, f) => prompts.loss(f.need),
  actions: ['lose'],
  legal: (_env, g, f) =>
    f.units.filter((u) => g.units[u]!.status === 'map').map((unit) => ({ type: 'lose' as const, unit })),
  perform(env, ctx, g, f, a) {
    const s =
      env.unit[a.unit]!.type === 'artillery' ? (defenseOf(env, g, a.unit) ?? 0) : (attackOf(env, g, a.unit) ?? 0);
    eliminate(env, ctx, g, a.unit, 'exchange', '13.3');
    f.need -= Math.max(s, 0);
    if (f.need <= 0 || !f.units.some((u) => g.units[u]!.status === 'map')) end(g.stack);
  },
  auto(env, ctx, g, f, legal) {
    if (f.need <= 0 || legal().length === 0) {
      end(g.stack);
      return true;
    }
    if (legal().length !== 1) return false;
    loss.perform(env, ctx, g, f, legal()[0]!);
    return true;
  },
};

/** 13.6, 22.1 Where `u` may advance to now. */
export function advanceOptions(env: Env, g: DubnoState, f: FrameOf<'advance'>, u: string): string[] {
  if (!f.units.includes(u) || g.units[u]!.status !== 'map' || f.max === 0) return [];
  const side = f.side;
  const free = (h: string) =>
    !unitsAt(env, g, h).some((x) => sideOf(env, x) !== side) &&
    unitsAt(env, g, h).filter((x) => x !== u).length + 1 <= stackLimit(env, side);
  const crossable = (a: string, b: string) => {
    const r = riverBetween(env, a, b);
    const bridged = r.bridge || pontoon(env, g, side, a, b);
    return !(r.kind === 'major' && !bridged && !(f.engineer && side === phaseOf(g)?.side)); // 13.6, 22.3, 22.4
  };
  const here = g.units[u]!.hex!;
  const out: string[] = [];
  if (f.path.length === 0) {
    for (const h of f.vacated) if (adjacent(env, here).includes(h) && free(h) && crossable(here, h)) out.push(h);
    return out;
  }
  const first = f.path[0]!;
  if (!adjacent(env, here).includes(first) || !crossable(here, first)) return [];
  if (unitsAt(env, g, first).some((x) => sideOf(env, x) !== side)) return [];
  if (free(first)) out.push(first);
  if (f.max < 2) return out;
  const freeAdvance =
    side === 'german' &&
    (g.options.germanFreeAdvance === 'all' ||
      (g.options.germanFreeAdvance === 'mech' && typeOf(env, u).class === 'mech'));
  const seconds = freeAdvance ? adjacent(env, first).filter((h) => h !== here) : f.path.slice(1, 2);
  for (const h of seconds) if (free(h) && crossable(first, h) && !out.includes(h)) out.push(h);
  return out;
}

/** 13.6 Advance after combat: never compulsory; units that advance may not attack or be attacked again this phase. */
export const advance: DecisionOf<'advance', 'advance' | 'stay'> = {
  rule: '13.6',
  role: (_env, _g, f) => f.side,
  prompt: () => prompts.advance(),
  actions: ['advance', 'stay'],
  legal(env, g, f) {
    const out: ActionOf<'advance' | 'stay'>[] = [];
    for (const u of f.units) for (const to of advanceOptions(env, g, f, u)) out.push({ type: 'advance', unit: u, to });
    out.push({ type: 'stay' });
    return out;
  },
  perform(env, ctx, g, f, a) {
    if (a.type === 'stay') {
      end(g.stack);
      return;
    }
    const from = g.units[a.unit]!.hex!;
    g.units[a.unit]!.hex = a.to;
    f.units = f.units.filter((x) => x !== a.unit);
    const phase = phaseOf(g);
    if (phase && f.side === phase.side) phase.advanced.push(a.unit);
    ctx.log(`${nameOf(env, a.unit)} advances ${from} to ${a.to}`, { rule: '13.6' });
    if (f.units.length === 0) end(g.stack);
  },
  refuse: (env, g, f, a) =>
    a.type === 'advance' && !advanceOptions(env, g, f, a.unit).includes(a.to)
      ? { rule: '13.6', message: `${nameOf(env, a.unit)} may not advance to ${a.to}` }
      : null,
  auto(_env, _ctx, g, _f, legal) {
    if (legal().length > 1) return false;
    end(g.stack);
    return true;
  },
};
