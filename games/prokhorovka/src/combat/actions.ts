/**
 * Combat actions (9.0-16.0): their union type (part of `PGAction`), the legal actions of every
 * combat decision, performing them, describing them in words, rule-cited refusals, the view
 * of the battle under way (allocated support stays hidden until 11.2(2)) and its summary.
 */
import type { Ctx } from '@sandtable/engine';
import { RuleError } from '@sandtable/engine';
import { detachmentChitOf, other, unitState, type Entry, type Env, type PGState, type Side } from '../state.ts';
import { advanceCandidates, endRetreat, lossOptions, retreatChoices, retreatInto, takeStep } from './aftermath.ts';
import {
  aaGuns,
  airOptions,
  declareMission,
  fighters,
  finish,
  nameReconTarget,
  reconReveal,
  reconTargets,
  smokeReady,
  type Mission,
} from './air.ts';
import {
  bombTargets,
  commanderTargets,
  declarable,
  declareChit,
  engineerTargets,
  paired,
  run,
  sniperTargets,
  tankWeapons,
  unassigned,
} from './battle.ts';
import {
  chitName,
  cs,
  cur,
  isRed,
  liveCommanders,
  moveUnit,
  rerollOptions,
  supp,
  supportToCup,
  toCup,
  offerReroll,
} from './core.ts';
import { armorOf, stacksOf } from './fire.ts';
import type { Battle } from './types.ts';
import {
  allocFull,
  allocatable,
  allocateChit,
  attackBar,
  closeDeclaration,
  declareAttack,
  isAir,
  pickAttacker,
  startBattle,
  targetsOf,
  unresolved,
} from './phase.ts';

export type CombatAction =
  | { type: 'pickAttacker'; unit: string }
  | { type: 'attack'; target: string }
  | { type: 'unpick' }
  | { type: 'allocate'; chit: string; battle: string }
  | { type: 'doneAllocating' }
  | { type: 'resolve'; battle: string }
  | { type: 'declareChit'; chit: string; asSpat?: true }
  | { type: 'doneDeclaring' }
  | { type: 'snipe'; by: string; chit: string }
  | { type: 'command'; by: string; chit: string }
  | { type: 'doneCancelling' }
  | { type: 'engineers'; by: string; remove?: string }
  | { type: 'airMission'; chit: string; mission: Mission; targets: string[] }
  | { type: 'noAir' }
  | { type: 'activateSmoke'; chit: string }
  | { type: 'noSmoke' }
  | { type: 'aaFire'; chit: string }
  | { type: 'noAA' }
  | { type: 'intercept'; chit: string }
  | { type: 'noIntercept' }
  | { type: 'counterIntercept'; chit: string }
  | { type: 'noCounter' }
  | { type: 'reconReveal'; unit?: string; back?: string; battle?: string }
  | { type: 'doneRevealing' }
  | { type: 'bombHit'; chit: string }
  | { type: 'doneBombHits' }
  | { type: 'pair'; de: string; su: string }
  | { type: 'reroll'; die: number; by: string }
  | { type: 'keepRoll' }
  | { type: 'snipeCommander'; by: string }
  | { type: 'noSnipe' }
  | { type: 'declareRetreat' }
  | { type: 'holdGround' }
  | { type: 'stepLoss'; unit: string }
  | { type: 'chitLoss'; chit: string }
  | { type: 'retreatTo'; hex: string }
  | { type: 'advanceInto'; unit: string }
  | { type: 'noAdvance' };

type PhaseAction = CombatAction | { type: 'endPhase' };

const TYPES = new Set([
  'pickAttacker',
  'attack',
  'unpick',
  'allocate',
  'doneAllocating',
  'resolve',
  'declareChit',
  'doneDeclaring',
  'snipe',
  'command',
  'doneCancelling',
  'engineers',
  'airMission',
  'noAir',
  'activateSmoke',
  'noSmoke',
  'aaFire',
  'noAA',
  'intercept',
  'noIntercept',
  'counterIntercept',
  'noCounter',
  'reconReveal',
  'doneRevealing',
  'bombHit',
  'doneBombHits',
  'pair',
  'reroll',
  'keepRoll',
  'snipeCommander',
  'noSnipe',
  'declareRetreat',
  'holdGround',
  'stepLoss',
  'chitLoss',
  'retreatTo',
  'advanceInto',
  'noAdvance',
]);
export const isCombatAction = (a: { type: string }): a is CombatAction => TYPES.has(a.type);

export const isAttackPhase = (g: PGState) => g.phase === 'normalAttack' || g.phase === 'reserveAttack';

/**
 * Snipers of `side` usable at once against a Commander during a battle (签一览 Sniper ※): those
 * allocated to the battle and not yet used, and, as a red chit (A-40), those in the support pool.
 */
export function readySnipers(E: Env, g: PGState, b: Battle, side: Side): string[] {
  const pool = isRed(g, 'sniper')
    ? g.support
        .filter((c) => c.side === side && c.loc === 'pool' && E.supportById.get(c.id)!.kind === 'sniper')
        .map((c) => c.id)
    : [];
  return [...unassigned(E, b, side, 'sniper').filter((id) => !b.cancelled.includes(id)), ...pool];
}
/** Whether `side` is asked to snipe a Commander's re-roll: a ready Sniper, or any chit in a pool that may hide one (3.6(3)). */
function askSnipe(E: Env, g: PGState, b: Battle, side: Side): boolean {
  return (
    readySnipers(E, g, b, side).length > 0 ||
    (isRed(g, 'sniper') && g.support.some((c) => c.side === side && c.loc === 'pool'))
  );
}

/** Re-rolls one die of the pending roll (A-39, A-53) and offers the next re-roll. */
function doReroll(E: Env, ctx: Ctx, g: PGState, die: number, by: string): void {
  const p = cs(g).roll!;
  const [v] = ctx.roll(1, `re-roll of die ${die + 1} of ${p.key} by ${chitName(E, by)}`);
  ctx.log(`${chitName(E, by)} re-rolls ${p.dice[die]} -> ${v}`, { rule: 'A-53', dice: [v!] });
  p.dice[die] = v!;
  p.rerolled.push(die);
  p.used.push(by);
  if (E.supportById.get(by)?.kind === 'commander') {
    const b = cur(g);
    if (b)
      b.spent.push(by); // 签一览 Commander 1
    else {
      supportToCup(g, by);
      ctx.log(`${chitName(E, by)} is used from the support pool and goes back to its cup (签一览 Commander 1, A-40)`, {
        rule: 'A-40',
      });
    }
  }
  offerReroll(E, g, p);
}

// ---- legal actions --------------------------------------------------------------------------

/** The attack phase's own decision (9.2(1)): pick an attacker, then its target; "end phase" closes the declaration. */
export function attackPhaseLegal(E: Env, g: PGState): PhaseAction[] {
  const c = g.combat;
  if (c && c.stage === 'done') return [{ type: 'endPhase' }];
  if (c && c.stage !== 'idle' && c.stage !== 'declare') return [];
  if (c?.picked)
    return [...targetsOf(E, g, c.picked).map((t) => ({ type: 'attack' as const, target: t })), { type: 'unpick' }];
  const out: PhaseAction[] = g.units
    .filter((u) => u.side === g.side && u.hex >= 0 && !attackBar(E, g, u.id))
    .map((u) => ({ type: 'pickAttacker' as const, unit: u.id }));
  out.push(...airOutsideBattles(E, g, g.side)); // 16.1(1)2-3: ground attack at any time, recon in the own player-turn
  out.push({ type: 'endPhase' });
  return out;
}

/**
 * 16.1(1)2-3: air missions flown outside battles, from a phase's own decision or the allocation
 * step: ground attack at any time (either player), reconnaissance in the own player-turn
 * (A-17); bombing needs a battle being resolved (16.1(1)1). None while a mission is under way.
 */
export function airOutsideBattles(E: Env, g: PGState, side: Side): CombatAction[] {
  if (g.combat?.air || cur(g)) return [];
  return airOptions(E, g, side)
    .filter((m) => m.mission !== 'bomb')
    .map((m) => ({ type: 'airMission' as const, ...m }));
}

export function combatLegal(E: Env, g: PGState, d: Entry): CombatAction[] {
  const s = d.side;
  const b = cur(g);
  const a = cs(g).air;
  switch (d.kind) {
    case 'cb:allocate': {
      const out: CombatAction[] = [];
      for (const chit of allocatable(E, g, s))
        for (const bt of unresolved(g))
          if (!allocFull(E, g, bt, s)) out.push({ type: 'allocate', chit, battle: bt.target });
      return [...out, ...airOutsideBattles(E, g, s), { type: 'doneAllocating' }];
    }
    case 'cb:order':
      return unresolved(g).map((bt) => ({ type: 'resolve', battle: bt.target }));
    case 'cb:equip':
      return [
        ...declarable(E, g, b!, s).map((x) => ({ type: 'declareChit' as const, ...x })),
        { type: 'doneDeclaring' },
      ];
    case 'cb:sniper':
      return [
        ...unassigned(E, b!, s, 'sniper').flatMap((by) =>
          sniperTargets(E, g, b!, s).map((chit) => ({ type: 'snipe' as const, by, chit })),
        ),
        { type: 'doneCancelling' },
      ];
    case 'cb:commander':
      return [
        ...liveCommanders(E, g, b!, s).flatMap((by) =>
          commanderTargets(E, g, b!, s).map((chit) => ({ type: 'command' as const, by, chit })),
        ),
        { type: 'doneCancelling' },
      ];
    case 'cb:engineers': {
      const by = b!.engineers[b!.engineers.length - 1]!;
      const pos = engineerTargets(E, g, b!, s).filter((id) => E.equipById.has(id));
      return [{ type: 'engineers', by }, ...pos.map((remove) => ({ type: 'engineers' as const, by, remove }))];
    }
    case 'cb:air':
      return [...airOptions(E, g, s).map((m) => ({ type: 'airMission' as const, ...m })), { type: 'noAir' }];
    case 'cb:smoke':
      return [...smokeReady(E, b, s).map((chit) => ({ type: 'activateSmoke' as const, chit })), { type: 'noSmoke' }];
    case 'cb:aa':
      return [...aaGuns(E, g, a!).map((chit) => ({ type: 'aaFire' as const, chit })), { type: 'noAA' }];
    case 'cb:intercept':
      return [...fighters(E, g, s).map((chit) => ({ type: 'intercept' as const, chit })), { type: 'noIntercept' }];
    case 'cb:counter':
      return [...fighters(E, g, s).map((chit) => ({ type: 'counterIntercept' as const, chit })), { type: 'noCounter' }];
    case 'cb:recon':
      return [...reconTargets(E, g, s).map((t) => ({ type: 'reconReveal' as const, ...t })), { type: 'doneRevealing' }];
    case 'cb:bombAlloc':
      return [
        ...bombTargets(E, g, b!, s)
          .filter((id) => b!.bombAlloc.filter((x) => x === id).length < Math.max(armorOf(E.equipById.get(id)!), 1))
          .map((chit) => ({ type: 'bombHit' as const, chit })),
        { type: 'doneBombHits' },
      ];
    case 'cb:pair': {
      const de = tankWeapons(E, g, b!, 'DE').filter((id) => !paired(b!, id));
      const su = tankWeapons(E, g, b!, 'SU').filter((id) => !paired(b!, id));
      return de.flatMap((x) => su.map((y) => ({ type: 'pair' as const, de: x, su: y })));
    }
    case 'cb:reroll':
      return [
        ...rerollOptions(E, g, cs(g).roll!, s).map((o) => ({ type: 'reroll' as const, ...o })),
        { type: 'keepRoll' },
      ];
    case 'cb:snipeNow':
      return [...readySnipers(E, g, b!, s).map((by) => ({ type: 'snipeCommander' as const, by })), { type: 'noSnipe' }];
    case 'cb:retreat':
      return [{ type: 'declareRetreat' }, { type: 'holdGround' }];
    case 'cb:loss': {
      const o = lossOptions(g, b!, s);
      return [
        ...o.units.map((unit) => ({ type: 'stepLoss' as const, unit })),
        ...o.chits.map((chit) => ({ type: 'chitLoss' as const, chit })),
      ];
    }
    case 'cb:retreatHex': {
      const unit = b!.toRetreat[b!.cursor]!;
      return retreatChoices(E, g, unit, b!.path).hexes.map((h) => ({ type: 'retreatTo', hex: E.b.grid.label(h) }));
    }
    case 'cb:advance':
      return [
        ...advanceCandidates(E, g, b!).map((unit) => ({ type: 'advanceInto' as const, unit })),
        { type: 'noAdvance' },
      ];
  }
  return [];
}

// ---- perform --------------------------------------------------------------------------------

/** The "end phase" of an attack phase: true when it started the resolution instead (9.2(2)). */
export function endDeclaration(E: Env, ctx: Ctx, g: PGState): boolean {
  if (!closeDeclaration(E, g)) return false;
  ctx.log(`${g.side} declares ${cs(g).battles.length} battle(s) (9.2(1))`, { rule: '9.2(1)' });
  run(E, ctx, g);
  return true;
}

export function combatPerform(E: Env, ctx: Ctx, g: PGState, d: Entry, a: CombatAction): void {
  const s = d.side;
  const pop = () => g.stack.pop();
  const b = cur(g);
  const air = cs(g).air;
  switch (a.type) {
    case 'pickAttacker':
      pickAttacker(g, a.unit);
      return;
    case 'unpick':
      cs(g).picked = null;
      return;
    case 'attack': {
      const unit = cs(g).picked!;
      declareAttack(g, unit, a.target);
      ctx.log(`${unit} will attack ${a.target} (9.2(1))`, { rule: '9.2(1)' });
      return;
    }
    case 'allocate': {
      allocateChit(g, s, a.chit, a.battle);
      ctx.log(`${s} allocates a support chit face-down to the battle for ${a.battle} (9.2(2))`, { rule: '9.2(2)' });
      if (combatLegal(E, g, d).length > 1) return;
      pop();
      break;
    }
    case 'resolve':
      pop();
      startBattle(ctx, g, a.battle);
      break;
    case 'declareChit': {
      declareChit(E, ctx, g, b!, a.chit, !!a.asSpat);
      if (declarable(E, g, b!, s).length) return;
      pop();
      break;
    }
    case 'snipe':
    case 'command': {
      b!.snipes.push([a.by, a.chit]);
      ctx.log(`${s} names ${chitName(E, a.chit)} with ${chitName(E, a.by)} (11.2(3))`, { rule: '11.2(3)' });
      if (combatLegal(E, g, d).length > 1) return;
      pop();
      break;
    }
    case 'engineers': {
      b!.spent.push(a.by);
      if (a.remove) {
        toCup(g, a.remove);
        ctx.log(`Engineers remove ${chitName(E, a.remove)} (签一览 Engineers)`, { rule: '签一览 Engineers' });
      } else {
        for (const id of engineerTargets(E, g, b!, s)) b!.cancelled.push(id);
        ctx.log('Engineers cancel every enemy positional weapon in this battle (签一览 Engineers)', {
          rule: '签一览 Engineers',
        });
      }
      pop();
      break;
    }
    case 'airMission':
      if (d.kind === 'cb:air') pop(); // from a battle's window; else from a phase's own decision (it stays below the mission)
      if (d.kind === 'cb:allocate') {
        pop();
        cs(g).allocDone = cs(g).allocDone.filter((x) => x !== s);
      } // asked again after the mission (9.2(2))
      declareMission(E, ctx, g, s, a);
      break;
    case 'activateSmoke':
      pop();
      b!.smoke.push(s);
      ctx.log(`${s} activates Smoke (签一览 Smoke, A-22)`, { rule: 'A-22' });
      break;
    case 'aaFire':
      pop();
      air!.aaNext = a.chit;
      g.equip.find((c) => c.id === a.chit)!.faceUp = true;
      break;
    case 'noAA':
      pop();
      air!.aaFired.push('*');
      break;
    case 'intercept': {
      pop();
      air!.interceptor = a.chit;
      supp(g, a.chit).loc = 'air';
      supp(g, a.chit).faceUp = true;
      ctx.log(`${s} intercepts with ${chitName(E, a.chit)} (16.1(3))`, { rule: '16.1(3)' });
      air!.step = 'resolveIntercept';
      if (fighters(E, g, air!.raider).length)
        g.stack.push({
          kind: 'cb:counter',
          role: air!.raider,
          side: air!.raider,
          rule: '16.1(4)',
          prompt: 'counter-intercept with a fighter, or not',
        });
      break;
    }
    case 'counterIntercept': {
      pop();
      air!.counter = a.chit;
      supp(g, a.chit).loc = 'air';
      supp(g, a.chit).faceUp = true;
      air!.step = 'counter';
      break;
    }
    case 'reconReveal':
      if (air!.step === 'targets')
        nameReconTarget(E, ctx, g, a); // A-17: named at declaration, revealed later
      else reconReveal(E, ctx, g, a);
      pop();
      break;
    case 'doneRevealing':
      pop();
      if (air!.step === 'targets') air!.step = 'smoke';
      else finish(g, air!);
      break;
    case 'bombHit': {
      b!.bombAlloc.push(a.chit);
      b!.bombPool[s] -= 1;
      if (b!.bombAlloc.filter((x) => x === a.chit).length >= Math.max(armorOf(E.equipById.get(a.chit)!), 1)) {
        b!.cancelled.push(a.chit); // 16.2(3)1-3, 5: for this battle only
        ctx.log(`${chitName(E, a.chit)} is cancelled by bombing for this battle (16.2(3))`, { rule: '16.2(3)' });
      }
      if (b!.bombPool[s] > 0 && combatLegal(E, g, d).length > 1) return;
      pop();
      break;
    }
    case 'pair': {
      b!.pairs.push([a.de, a.su]);
      ctx.log(`pair: ${chitName(E, a.de)} vs ${chitName(E, a.su)} (11.5(2))`, { rule: '11.5(2)' });
      pop();
      break;
    }
    case 'reroll': {
      const p = cs(g).roll!;
      pop();
      if (E.supportById.get(a.by)?.kind === 'commander' && b && askSnipe(E, g, b, other(s))) {
        p.asked = { die: a.die, by: a.by }; // 签一览 Sniper ※: the enemy may cancel the Commander at once
        g.stack.push({
          kind: 'cb:snipeNow',
          role: other(s),
          side: other(s),
          rule: '签一览 Sniper ※',
          prompt: `cancel the Commander's re-roll with a Sniper, or let it stand`,
        });
        return;
      }
      doReroll(E, ctx, g, a.die, a.by);
      break;
    }
    case 'snipeCommander': {
      pop();
      const p = cs(g).roll!;
      b!.snipes.push([a.by, p.asked!.by]);
      b!.spent.push(a.by, p.asked!.by);
      if (supp(g, a.by).loc === 'pool') supportToCup(g, a.by); // A-40: a red Sniper from the pool is spent
      b!.cancelled.push(p.asked!.by);
      ctx.log(`${chitName(E, a.by)} cancels the Commander's re-roll (签一览 Sniper ※)`, { rule: '签一览 Sniper' });
      p.asked = null;
      offerReroll(E, g, p);
      break;
    }
    case 'noSnipe': {
      pop();
      const p = cs(g).roll!;
      const { die, by } = p.asked!;
      p.asked = null;
      doReroll(E, ctx, g, die, by);
      break;
    }
    case 'keepRoll': {
      const p = cs(g).roll!;
      p.offered.push(s);
      pop();
      offerReroll(E, g, p);
      break;
    }
    case 'declareRetreat': {
      pop();
      b!.retreat[s] = true;
      b!.loss[s] = Math.floor(b!.loss[s] / 2); // 14.0, T-03
      ctx.log(`${s} retreats: its loss is halved to ${b!.loss[s]} (14.0)`, { rule: '14.0' });
      break;
    }
    case 'holdGround':
      pop();
      b!.retreat[s] = false;
      break;
    case 'stepLoss':
      pop();
      takeStep(E, ctx, g, b!, s, a.unit);
      break;
    case 'chitLoss':
      pop();
      takeStep(E, ctx, g, b!, s, undefined, a.chit);
      break;
    case 'retreatTo': {
      pop();
      const unit = b!.toRetreat[b!.cursor]!;
      if (retreatInto(E, ctx, g, b!, unit, E.b.grid.hex(a.hex))) endRetreat(b!, unit);
      break;
    }
    case 'advanceInto': {
      pop();
      moveUnit(E, g, a.unit, b!.memo.targetHex!); // 15.0(3): no MP, ignores ZOC
      ctx.log(`${a.unit} advances into ${E.b.grid.label(b!.memo.targetHex!)} (15.0)`, { rule: '15.0' });
      break;
    }
    case 'doneAllocating':
    case 'doneDeclaring':
    case 'doneCancelling':
    case 'noAir':
    case 'noSmoke':
    case 'noIntercept':
    case 'doneBombHits':
    case 'noAdvance':
      pop();
      break;
    case 'noCounter':
      pop();
      break;
  }
  run(E, ctx, g);
}

// ---- words ----------------------------------------------------------------------------------

export function combatDescribe(E: Env, g: PGState, a: CombatAction): string {
  const n = (id: string) =>
    g.equip.find((c) => c.id === id)?.faceUp || g.support.find((c) => c.id === id)?.faceUp ? chitName(E, id) : id;
  switch (a.type) {
    case 'pickAttacker':
      return `choose ${a.unit} to attack`;
    case 'attack':
      return `${cs(g).picked ?? 'the chosen unit'} attacks ${a.target}`;
    case 'unpick':
      return 'choose another attacker';
    case 'allocate':
      return `allocate support chit ${a.chit} (${chitName(E, a.chit)}) to the battle for ${a.battle}`;
    case 'doneAllocating':
      return 'finish allocating support chits';
    case 'resolve':
      return `resolve the battle for ${a.battle} next`;
    case 'declareChit':
      return `declare ${chitName(E, a.chit)} (${a.chit})${a.asSpat ? ' as an SP AT gun (19.3)' : ''}`;
    case 'doneDeclaring':
      return 'finish declaring equipment';
    case 'snipe':
      return `Sniper ${a.by} cancels ${n(a.chit)}`;
    case 'command':
      return `Commander ${a.by} cancels ${n(a.chit)}`;
    case 'doneCancelling':
      return 'name no more chits';
    case 'engineers':
      return a.remove
        ? `Engineers remove ${n(a.remove)}`
        : 'Engineers cancel every enemy positional weapon in this battle';
    case 'airMission':
      return `fly ${chitName(E, a.chit)} on a ${a.mission} mission${a.targets.length ? ` against ${a.targets.map(n).join(' and ')}` : ''}`;
    case 'noAir':
      return 'fly no air mission now';
    case 'activateSmoke':
      return 'activate Smoke';
    case 'noSmoke':
      return 'keep Smoke';
    case 'aaFire':
      return `AA fire with ${chitName(E, a.chit)}`;
    case 'noAA':
      return 'no (more) AA fire';
    case 'intercept':
      return `intercept with ${chitName(E, a.chit)}`;
    case 'noIntercept':
      return 'do not intercept';
    case 'counterIntercept':
      return `counter-intercept with ${chitName(E, a.chit)}`;
    case 'noCounter':
      return 'do not counter-intercept';
    case 'reconReveal': {
      const what = a.unit
        ? `a face-down ${a.back ? `${a.back} ` : ''}chit under ${a.unit}`
        : `an allocated support chit in the battle for ${a.battle}`;
      return g.combat?.air?.step === 'targets' ? `name ${what} as a reconnaissance target (A-17)` : `reveal ${what}`;
    }
    case 'doneRevealing':
      return g.combat?.air?.step === 'targets' ? 'name no more reconnaissance targets' : 'end the reconnaissance';
    case 'bombHit':
      return `allocate a bombing hit to ${n(a.chit)}`;
    case 'doneBombHits':
      return 'allocate no more bombing hits';
    case 'pair':
      return `pair ${n(a.de)} with ${n(a.su)}`;
    case 'reroll':
      return `re-roll die ${a.die + 1} with ${chitName(E, a.by)}`;
    case 'snipeCommander':
      return `Sniper ${a.by} cancels the Commander's re-roll`;
    case 'noSnipe':
      return "let the Commander's re-roll stand";
    case 'keepRoll':
      return 'keep the roll';
    case 'declareRetreat':
      return 'retreat (halve the step loss)';
    case 'holdGround':
      return 'stand and take the full loss';
    case 'stepLoss':
      return detachmentChitOf(a.unit)
        ? `remove detachment ${a.unit} (one step) to the Equip cup with its chits`
        : unitState(g, a.unit).reduced
          ? `remove reduced ${a.unit} with its chits`
          : `flip ${a.unit} to reduced strength`;
    case 'chitLoss':
      return `return chit ${n(a.chit)} to its cup`;
    case 'retreatTo':
      return `retreat to ${a.hex}`;
    case 'advanceInto':
      return `advance ${a.unit} into the defender's hex`;
    case 'noAdvance':
      return 'do not advance';
  }
}

type Why = { rule: string; message: string } | null;

/** Rule-cited reasons a combat action is refused (the engine asks only for illegal actions). */
export function combatExplain(E: Env, g: PGState, d: Entry, a: { type: string } & Record<string, unknown>): Why {
  const b = cur(g);
  switch (a.type) {
    case 'pickAttacker':
      return attackBar(E, g, String(a.unit));
    case 'attack':
      return { rule: '9.1(1)', message: 'a unit attacks one adjacent enemy unit' };
    case 'allocate': {
      const id = String(a.chit);
      if (E.supportById.has(id) && isAir(E, id))
        return { rule: '16.0(1)', message: 'air weapons are not allocated: they fly missions' };
      const bt = g.combat?.battles.find((x) => x.target === a.battle);
      if (bt && bt.alloc[d.side].length >= E.d.tables.combat.maxSupportPerBattle)
        return { rule: '9.2(2)3', message: 'at most 4 support chits per side per battle' };
      return { rule: '9.2(2)1', message: 'only unused chits of your support pool may be allocated' };
    }
    case 'declareChit': {
      const id = String(a.chit);
      const c = E.equipById.get(id);
      if (!b || !c) return { rule: '11.2(1)', message: 'no such equipment chit in this battle' };
      if (d.side === b.attacker && (c.cls === 'atgun' || c.cls === 'aagun'))
        return { rule: '5.1(4)1, 11.5(1)1', message: "the attacker's AT guns may not take part" };
      if (g.combat!.rangedUsed.includes(id))
        return {
          rule: '11.2(1)3, A-34',
          message: 'this ranged chit was already used in another battle of this attack phase',
        };
      const u = g.units.find((x) => x.id === g.equip.find((e) => e.id === id)?.loc);
      if (
        u &&
        d.side === b.attacker &&
        !stacksOf(g, b, d.side).includes(u.id) &&
        u.designated !== (g.phase === 'reserveAttack')
      )
        return { rule: '11.2(1)3', message: 'the attacker uses ranged chits only from stacks activated in this phase' };
      return {
        rule: '11.2(1)2-3',
        message: 'only chits of participating stacks, or ranged chits reaching the defending hex',
      };
    }
    case 'airMission': {
      if (a.mission === 'recon' && g.side !== d.side)
        return { rule: '16.1(1)3', message: 'reconnaissance only in your own player-turn' };
      const ts = (a.targets as string[] | undefined) ?? [];
      if (ts.some((t) => !g.equip.find((c) => c.id === t)?.faceUp))
        return { rule: '16.1(1)2', message: 'face-down chits cannot be targeted' };
      if (ts.some((t) => E.equipById.get(t)?.armor === undefined))
        return { rule: '16.3(1), A-18', message: 'the target must be a face-up chit with an armor value' };
      if (a.mission === 'bomb' && !b)
        return { rule: '16.1(1)1', message: 'bombing only while a battle is being resolved' };
      return null;
    }
    case 'stepLoss':
    case 'chitLoss':
      return {
        rule: '13.0(1), A-46',
        message: 'steps come only from participating units and the chits of their stacks',
      };
    case 'retreatTo':
      return {
        rule: '14.0(4)-(6), A-27',
        message: 'retreat goes toward the nearest own source, avoiding enemy ZOC and friendly stacks while it can',
      };
    case 'advanceInto':
      return {
        rule: '15.0',
        message:
          "one attacking stack that took part may advance into the emptied defender's hex, unless the attacker retreated",
      };
    case 'pair':
      return { rule: '11.5(2)', message: 'the German pairs one unpaired weapon of each side' };
    case 'reroll':
      return { rule: 'A-39, A-53', message: 'one re-roll per die, by an ability of the player the die hurts' };
  }
  return null;
}

export function assertCombat(cond: boolean, rule: string, message: string): void {
  if (!cond) throw new RuleError(rule, message);
}
