/**
 * 11.0 Adjacent combat and 14.0 the Second Wave: the combat phase decision, the declaration of one
 * combat (attackers, defending hexes, artillery and air support, CRT), the odds with every column
 * shift (11.14-11.15, 16.0, 22.2, 22.3, A6), and the recon screen (22.5).
 */
import { call, end, goto, type Refusal } from '@sandtable/engine';
import { adjacent, distance, type Env, other, riverBetween, hexsideRow, terrainAt } from './board.ts';
import type { CrtName, Side } from './data/index.ts';
import { airCount, airLeft, airStrength, reveal } from './effects.ts';
import { bombardTargets, supplyLegal, supplyPerform } from './fire.ts';
import { bombardOf, phaseOf, whyNotFire } from './guns.ts';

export { bombardOf, phaseOf, whyNotFire };
import type { ActionOf, Air, DecisionOf, DubnoState, Frame, FrameOf } from './state.ts';
import { prompts } from './texts.ts';
import {
  atAttack,
  atDefense,
  attackOf,
  defenseOf,
  hasZoc,
  inCommand,
  nameOf,
  onMap,
  sideOf,
  typeOf,
  unitsAt,
  zocOf,
} from './units.ts';

type Phase = FrameOf<'combat'>;
type Declared = FrameOf<'declare'> | FrameOf<'resolve'> | FrameOf<'screen'>;
const NO_AIR: Air = { GA: 0, MB: 0 };

/** 11.2, 13.6 A hex may be attacked: it holds enemy units, none already attacked or advanced this phase. */
export function attackable(env: Env, g: DubnoState, f: Phase, hex: string): boolean {
  const here = unitsAt(env, g, hex);
  return (
    here.length > 0 && here.every((u) => sideOf(env, u) !== f.side && !f.hit.includes(u) && !f.advanced.includes(u))
  );
}

/** 11.2, 14.0, 7.8c A unit that may still attack this phase. */
export function mayAttack(env: Env, g: DubnoState, f: Phase, u: string): boolean {
  const s = g.units[u]!;
  if (s.status !== 'map' || sideOf(env, u) !== f.side || !typeOf(env, u).zoc) return false;
  if (f.attacked.includes(u) || f.advanced.includes(u)) return false;
  return f.wave === 1 || inCommand(env, g, u);
}

/** 11.6, 14.0 The enemy hexes `u` must include when it attacks: every attackable hex with a unit whose ZOC holds it. */
export function obligedTargets(env: Env, g: DubnoState, f: Phase, u: string): string[] {
  return adjacent(env, g.units[u]!.hex!).filter(
    (h) => attackable(env, g, f, h) && unitsAt(env, g, h).some((e) => hasZoc(env, g, e)),
  );
}

/** A21 First Wave obligations, listed when the phase begins (10.6, 11.2, A22, A26). */
export function obligations(env: Env, g: DubnoState, side: Side): { mustAttack: string[]; mustBeAttacked: string[] } {
  const enemyZoc = zocOf(env, g, other(side));
  const ownZoc = zocOf(env, g, side);
  const mustAttack = onMap(env, g, side).filter(
    (u) => typeOf(env, u).zoc && enemyZoc.has(g.units[u]!.hex!) && attackOf(env, g, u) !== 0,
  );
  const mustBeAttacked = onMap(env, g, other(side)).filter((e) => !g.units[e]!.supp && ownZoc.has(g.units[e]!.hex!));
  return { mustAttack, mustBeAttacked };
}

/** A21: obligations still open at the end of the First Wave. */
export function unmet(env: Env, g: DubnoState, f: Phase): string[] {
  if (f.wave !== 1) return [];
  const open: string[] = [];
  for (const u of f.mustAttack)
    if (mayAttack(env, g, f, u) && obligedTargets(env, g, f, u).length > 0) open.push(`${nameOf(env, u)} must attack`);
  for (const e of f.mustBeAttacked) {
    const s = g.units[e]!;
    if (s.status !== 'map' || f.hit.includes(e) || f.advanced.includes(e)) continue;
    const near = adjacent(env, s.hex!).flatMap((h) => unitsAt(env, g, h));
    if (near.some((u) => mayAttack(env, g, f, u) && hasZoc(env, g, u) && attackable(env, g, f, s.hex!)))
      open.push(`${nameOf(env, e)} must be attacked`);
  }
  return open;
}

/** Units that could attack `hex` now (adjacent, free to attack). */
function attackersFor(env: Env, g: DubnoState, f: Phase, hex: string): string[] {
  return adjacent(env, hex).flatMap((h) => unitsAt(env, g, h).filter((u) => mayAttack(env, g, f, u)));
}

/** 11.0 The combat phase: declare combats and bombardments in any order (11.4), give maximum supply (20.3), or end. */
export const combat: DecisionOf<'combat', 'attack' | 'bombard' | 'supply' | 'endCombat'> = {
  rule: '11.0',
  ruleOf: (_env, _g, f) => (f.wave === 1 ? '11.2' : '14.0'),
  role: (_env, _g, f) => f.side,
  prompt: (_env, _g, f) => prompts.combat(f.side, f.wave),
  actions: ['attack', 'bombard', 'supply', 'endCombat'],
  legal(env, g, f) {
    const out: ActionOf<'attack' | 'bombard' | 'supply' | 'endCombat'>[] = [];
    const targets = new Set(onMap(env, g, other(f.side)).map((u) => g.units[u]!.hex!));
    for (const hex of [...targets].sort()) {
      if (!attackable(env, g, f, hex)) continue;
      if (attackersFor(env, g, f, hex).some((u) => canOpen(env, g, f, u, hex))) out.push({ type: 'attack', hex });
    }
    for (const hex of bombardTargets(env, g, f)) out.push({ type: 'bombard', hex });
    for (const u of onMap(env, g, f.side)) if (supplyLegal(env, g, f, u)) out.push({ type: 'supply', unit: u });
    if (unmet(env, g, f).length === 0) out.push({ type: 'endCombat' });
    return out;
  },
  perform(env, ctx, g, f, a) {
    if (a.type === 'endCombat') {
      end(g.stack);
      return;
    }
    if (a.type === 'attack') {
      ctx.log(`${a.hex} is attacked`, { rule: '11.3' });
      for (const u of unitsAt(env, g, a.hex)) reveal(env, ctx, g, u); // 21.2
      call(g.stack, {
        kind: 'declare',
        side: f.side,
        wave: f.wave,
        targets: [a.hex],
        attackers: [],
        support: [],
        air: NO_AIR,
      });
      return;
    }
    if (a.type === 'bombard') {
      ctx.log(`${a.hex} is bombarded`, { rule: '12.8' });
      for (const u of unitsAt(env, g, a.hex)) reveal(env, ctx, g, u); // 21.2
      call(g.stack, { kind: 'fire', side: f.side, mode: 'bombard', target: a.hex, artillery: [], air: NO_AIR });
      return;
    }
    supplyPerform(env, ctx, g, f, a.unit);
  },
  refuse(env, g, f, a) {
    if (a.type === 'endCombat') {
      const open = unmet(env, g, f);
      return open.length ? { rule: '11.2', message: `First Wave obligations remain: ${open.join('; ')}` } : null;
    }
    if (a.type === 'attack' && !attackable(env, g, f, a.hex))
      return { rule: '11.2', message: `${a.hex} holds no enemy unit that may still be attacked this phase` };
    return { rule: '11.0', message: `${a.type} ${'hex' in a ? a.hex : a.unit} is not possible now` };
  },
};

/** Could `u` open an attack on `hex` (its obligatory hexes, 11.6, all touch it, so it can always attack them alone). */
function canOpen(env: Env, g: DubnoState, f: Phase, u: string, hex: string): boolean {
  return mayAttack(env, g, f, u) && adjacent(env, g.units[u]!.hex!).includes(hex);
}

/** 11.3 Why `u` may not join the attack declared in `d`. */
export function whyNotAttacker(env: Env, g: DubnoState, d: FrameOf<'declare'>, u: string): Refusal | null {
  const f = phaseOf(g)!;
  if (!mayAttack(env, g, f, u))
    return {
      rule: f.wave === 1 ? '11.2' : '14.0',
      message: `${nameOf(env, u)} may not attack now (it attacked or advanced, or is out of command in the Second Wave)`,
    };
  if (d.attackers.includes(u)) return { rule: '11.3', message: `${nameOf(env, u)} already attacks` };
  const hex = g.units[u]!.hex!;
  const near = adjacent(env, hex);
  if (!d.targets.every((t) => near.includes(t)))
    return { rule: '11.7', message: `${nameOf(env, u)} must be adjacent to every defending hex` };
  for (const t of obligedTargets(env, g, f, u))
    if (!d.targets.includes(t) && !d.attackers.every((x) => adjacent(env, g.units[x]!.hex!).includes(t)))
      return {
        rule: '11.6',
        message: `${nameOf(env, u)} must also attack ${t}, which the other attackers do not touch`,
      };
  if (airCount(d.air) > 0 && !inCommand(env, g, u))
    return { rule: '7.11', message: `air strikes may not support out-of-command ${nameOf(env, u)}` };
  return null;
}

export function whyNotTarget(env: Env, g: DubnoState, d: FrameOf<'declare'>, hex: string): Refusal | null {
  const f = phaseOf(g)!;
  if (d.targets.includes(hex)) return { rule: '11.3', message: `${hex} is already attacked` };
  if (!attackable(env, g, f, hex)) return { rule: '11.2', message: `${hex} holds no enemy unit that may be attacked` };
  if (d.attackers.length === 0) return { rule: '11.7', message: 'add an attacker first' };
  if (!d.attackers.every((x) => adjacent(env, g.units[x]!.hex!).includes(hex)))
    return { rule: '11.7', message: `every attacking unit must be adjacent to ${hex}` };
  return null;
}

/** 12.10, 12.11, 22.6 Why artillery `u` may not support this attack. */
export function whyNotSupport(env: Env, g: DubnoState, d: FrameOf<'declare'>, u: string): Refusal | null {
  const base = whyNotFire(env, g, d.side, u, 'support');
  if (base) return base;
  if (d.support.includes(u) || d.attackers.includes(u))
    return { rule: '12.7', message: `${nameOf(env, u)} already fires here` };
  const range = env.unit[u]!.range ?? 0;
  if (!d.targets.some((t) => distance(env, g.units[u]!.hex!, t) <= range))
    return { rule: '12.10', message: `no defending hex is within ${nameOf(env, u)}'s range ${range}` };
  const limit = env.data.tables.fireLimits[d.side].support;
  if (d.support.length >= limit)
    return { rule: '22.6', message: `at most ${limit} artillery units fire in one combat` };
  return null;
}

function whyNotAir(env: Env, g: DubnoState, d: FrameOf<'declare'>, kind: 'GA' | 'MB'): Refusal | null {
  if (airLeft(env, g, d.side, d.air)[kind] <= 0)
    return { rule: '17.5', message: `no ${kind} marker is left this turn` };
  const limit = env.data.tables.air.perHex[d.side];
  if (airCount(d.air) >= limit) return { rule: '17.9', message: `at most ${limit} air strikes a hex` };
  if (d.attackers.length === 0) return { rule: '17.2', message: 'add a ground attacker first' };
  if (d.attackers.some((u) => !inCommand(env, g, u)))
    return { rule: '7.11', message: 'air strikes may not support out-of-command ground units' };
  return null;
}

/** 11.13 Whether this attack may use the Mobile CRT. */
export function mobileAllowed(env: Env, _g: DubnoState, d: Declared): Refusal | null {
  if (d.side === 'soviet')
    return { rule: '11.13', message: 'before November 1942 the Soviets use only the Assault CRT' };
  if (d.targets.some((t) => terrainAt(env, t).noMobile))
    return { rule: '11.13', message: 'defenders in a city or fortified hex may not be attacked on the Mobile CRT' };
  if (!d.attackers.some((u) => typeOf(env, u).mobileOk))
    return { rule: '11.13', message: 'the Mobile CRT needs an armour or recon (fusilier) unit in the attack' };
  return null;
}

/** 22.5 Only recon or motorcycle units defend: the defender chooses the CRT. */
export function reconScreen(env: Env, g: DubnoState, d: Declared): boolean {
  const defenders = d.targets.flatMap((t) => unitsAt(env, g, t));
  return defenders.length > 0 && defenders.every((u) => typeOf(env, u).recon);
}

type DeclareAction = 'addAttacker' | 'addTarget' | 'support' | 'air' | 'resolve';

/** 11.3 steps 1-3: declaring one combat. */
export const declare: DecisionOf<'declare', DeclareAction> = {
  rule: '11.3',
  role: (_env, _g, f) => f.side,
  prompt: () => prompts.declare(),
  actions: ['addAttacker', 'addTarget', 'support', 'air', 'resolve'],
  legal(env, g, d) {
    const out: ActionOf<DeclareAction>[] = [];
    const f = phaseOf(g)!;
    const near = new Set(d.targets.flatMap((t) => adjacent(env, t)));
    for (const u of onMap(env, g, d.side)) {
      if (near.has(g.units[u]!.hex!) && !whyNotAttacker(env, g, d, u)) out.push({ type: 'addAttacker', unit: u });
    }
    if (d.attackers.length > 0) {
      const cand = new Set(d.attackers.flatMap((u) => adjacent(env, g.units[u]!.hex!)));
      for (const h of [...cand].sort()) if (!whyNotTarget(env, g, d, h)) out.push({ type: 'addTarget', hex: h });
      for (const u of onMap(env, g, d.side)) if (!whyNotSupport(env, g, d, u)) out.push({ type: 'support', unit: u });
      for (const kind of ['GA', 'MB'] as const) if (!whyNotAir(env, g, d, kind)) out.push({ type: 'air', kind });
      out.push({ type: 'resolve', crt: 'assault' });
      if (!mobileAllowed(env, g, d)) out.push({ type: 'resolve', crt: 'mobile' });
    }
    void f;
    return out;
  },
  perform(env, ctx, g, d, a) {
    switch (a.type) {
      case 'addAttacker': {
        reveal(env, ctx, g, a.unit);
        if (g.units[a.unit]!.status !== 'map') return; // 21.4: removed on being revealed
        d.attackers.push(a.unit);
        const f = phaseOf(g)!;
        for (const t of obligedTargets(env, g, f, a.unit))
          if (!d.targets.includes(t)) {
            d.targets.push(t); // 11.6: it must attack all of them
            ctx.log(`${t} joins the combat: ${nameOf(env, a.unit)} must attack it too`, { rule: '11.6' });
            for (const u of unitsAt(env, g, t)) reveal(env, ctx, g, u);
          }
        return;
      }
      case 'addTarget':
        d.targets.push(a.hex);
        for (const u of unitsAt(env, g, a.hex)) reveal(env, ctx, g, u);
        return;
      case 'support':
        d.support.push(a.unit);
        return;
      case 'air':
        d.air = { ...d.air, [a.kind]: d.air[a.kind] + 1 };
        return;
      case 'resolve': {
        const { kind: _k, ...rest } = d;
        if (reconScreen(env, g, d)) goto(g.stack, { ...rest, kind: 'screen' } as Frame);
        else goto(g.stack, { ...rest, kind: 'resolve', crt: a.crt } as Frame);
        return;
      }
    }
  },
  refuse(env, g, d, a) {
    switch (a.type) {
      case 'addAttacker':
        return whyNotAttacker(env, g, d, a.unit);
      case 'addTarget':
        return whyNotTarget(env, g, d, a.hex);
      case 'support':
        return whyNotSupport(env, g, d, a.unit);
      case 'air':
        return whyNotAir(env, g, d, a.kind);
      case 'resolve':
        if (d.attackers.length === 0) return { rule: '11.3', message: 'declare at least one attacking unit' };
        return a.crt === 'mobile' ? mobileAllowed(env, g, d) : null;
    }
  },
  auto(env, ctx, g, d, legal) {
    // 21.4, A25: every defender was removed when revealed: the combat is over without a roll.
    if (!d.targets.some((t) => unitsAt(env, g, t).length > 0)) {
      ctx.log('No defender is left: the combat ends without a roll (A25)', { rule: '21.4' });
      end(g.stack);
      return true;
    }
    // 21.4 The only attacker was removed when revealed and nobody else can attack: called off.
    if (d.attackers.length > 0 || legal().length > 0) return false;
    ctx.log('No attacker is left: the combat is called off (21.4)', { rule: '21.4' });
    end(g.stack);
    return true;
  },
};

/** 22.5 The defender of a recon screen picks the CRT. */
export const screen: DecisionOf<'screen', 'resolve'> = {
  rule: '22.5',
  role: (_env, _g, f) => other(f.side),
  prompt: () => prompts.screen(),
  actions: ['resolve'],
  legal: () => [
    { type: 'resolve', crt: 'assault' },
    { type: 'resolve', crt: 'mobile' },
  ],
  perform(_env, ctx, g, d, a) {
    ctx.log(`The defender chooses the ${a.crt} CRT (recon screen)`, { rule: '22.5' });
    const { kind: _k, ...rest } = d;
    goto(g.stack, { ...rest, kind: 'resolve', crt: a.crt } as Frame);
  },
};

export interface Shift {
  why: string;
  n: number;
  rule: string;
}

export interface Odds {
  attack: number;
  defense: number;
  diff: number;
  shifts: Shift[];
  net: number;
  column: number;
  label: string;
  crt: CrtName;
}

/** 11.3 step 4, 11.14 The differential and its column after every shift. */
export function oddsOf(env: Env, g: DubnoState, d: Declared, crt: CrtName): Odds {
  const defenders = d.targets.flatMap((t) => unitsAt(env, g, t));
  const ground = d.attackers.filter((u) => g.units[u]!.status === 'map');
  const attack =
    ground.reduce(
      (s, u) => s + (env.unit[u]!.type === 'artillery' ? bombardOf(env, g, u) : (attackOf(env, g, u) ?? 0)),
      0,
    ) +
    d.support.reduce((s, u) => s + bombardOf(env, g, u), 0) +
    airStrength(env, g, d.air, d.targets[0]!, d.side);
  const defense = defenders.reduce((s, u) => s + (defenseOf(env, g, u) ?? 0), 0);
  const shifts = shiftsOf(env, g, d, ground, defenders);
  const net = shifts.reduce((s, x) => s + x.n, 0);
  const table = crt === 'mobile' ? env.data.tables.mobileCrt : env.data.tables.assaultCrt;
  const cols = table.columns;
  const base = cols.findIndex((c) => attack - defense >= c.min && attack - defense <= c.max);
  const column = Math.max(0, Math.min(cols.length - 1, base + net)); // 11.14 RECON: beyond the table, the end column
  return { attack, defense, diff: attack - defense, shifts, net, column, label: cols[column]!.label, crt };
}

/** 11.14 Every column shift of an adjacent combat, with the rule that gives it. */
export function shiftsOf(env: Env, g: DubnoState, d: Declared, attackers: string[], defenders: string[]): Shift[] {
  const t = env.data.tables.shifts;
  const out: Shift[] = [];
  const able = (u: string) => inCommand(env, g, u) && !g.units[u]!.supp; // 7.8b, 15.3
  const armourIn = (us: string[]) => us.some((u) => typeOf(env, u).armour);
  // 22.2 Combined arms: one attacking stack with armour and infantry, both able.
  const byHex = new Map<string, string[]>();
  for (const u of attackers) byHex.set(g.units[u]!.hex!, [...(byHex.get(g.units[u]!.hex!) ?? []), u]);
  const combined = [...byHex.values()].some(
    (s) => s.some((u) => typeOf(env, u).armour && able(u)) && s.some((u) => typeOf(env, u).infantry && able(u)),
  );
  if (combined) out.push({ why: 'combined arms', n: t.combinedArms, rule: '22.2' });
  // 22.3 Engineers against a city (fortress, entrenchment).
  if (
    attackers.some((u) => typeOf(env, u).engineer && able(u)) &&
    d.targets.some((h) => terrainAt(env, h).engineerBonus)
  )
    out.push({ why: 'engineers', n: t.engineer, rule: '22.3' });
  // 16.2 AT attack against armour.
  if (armourIn(defenders) && attackers.some((u) => atAttack(env, g, u) && able(u)))
    out.push({ why: 'anti-tank attack', n: t.atAttack, rule: '16.2' });
  // 16.3, 16.4, 16.6 AT defence (own hex or adjacent support), not suppressed, command not needed; one shift (16.5).
  if (armourIn(attackers)) {
    const support = new Set(d.targets.flatMap((h) => [h, ...adjacent(env, h)]).flatMap((h) => unitsAt(env, g, h)));
    const atDef = [...support].some((u) => sideOf(env, u) !== d.side && atDefense(env, g, u) && !g.units[u]!.supp);
    if (atDef) out.push({ why: 'anti-tank defence', n: t.atDefense, rule: '16.3' });
  }
  // A6 Suppressed units in the combat.
  if (g.options.suppressedUnitShift) {
    if (defenders.some((u) => g.units[u]!.supp))
      out.push({ why: 'suppressed defender', n: t.suppressedDefender, rule: '11.14' });
    if (attackers.some((u) => g.units[u]!.supp))
      out.push({ why: 'suppressed attacker', n: t.suppressedAttacker, rule: '11.14' });
  }
  const terrain = terrainShift(env, g, d.targets, attackers);
  if (terrain) out.push(terrain);
  return out;
}

/** 11.15 The defender's best terrain shift, or the hexside shift when every attacker attacks across the same hexside type. */
export function terrainShift(env: Env, g: DubnoState, targets: string[], attackers: string[]): Shift | null {
  const hexShift = Math.max(0, ...targets.map((h) => terrainAt(env, h).shift));
  const kinds = new Set<string | null>();
  for (const u of attackers)
    for (const t of targets)
      if (adjacent(env, g.units[u]!.hex!).includes(t)) kinds.add(riverBetween(env, g.units[u]!.hex!, t).kind);
  const river = kinds.size === 1 ? [...kinds][0] : null;
  const sideShift = river ? hexsideRow(env, river as 'minor' | 'major').shift : 0;
  if (hexShift === 0 && sideShift === 0) return null;
  return sideShift > hexShift
    ? { why: `${river} river`, n: -sideShift, rule: '11.15' }
    : {
        why: terrainAt(env, targets.find((h) => terrainAt(env, h).shift === hexShift)!).id,
        n: -hexShift,
        rule: '11.15',
      };
}
