/**
 * What a hand-written position may leave out of a decision frame: the rule and the message the
 * rules ask it with (setup.ts, sequence.ts, movementPhase.ts, combat/), read from the state the
 * frame works on. `save` always writes both; a test checks these defaults against the frames the
 * rules ask in random games.
 */
import type { Message } from '@sandtable/engine';
import { phaseRule } from '../sequence.ts';
import type { AskKind, Env, PGState, Phase, Said, Side } from '../state.ts';
import { msg } from '../texts/index.ts';

type Asked = { rule: string; message: Said };

const said = ({ en: _, ...m }: Message): Said => m;
const battle = (g: PGState) => {
  const c = g.combat;
  return c && c.current !== null ? c.battles[c.current] : undefined;
};

/** The rule and message of a decision of `kind` asked of `side` in `g` (undefined where the state lacks what it names). */
export function askedWith(
  E: Env,
  g: PGState,
  kind: AskKind,
  side: Side,
  from?: string[],
  count?: number,
): Asked | undefined {
  const b = battle(g);
  const c = g.combat;
  const simple = (rule: string, m: Message): Asked => ({ rule, message: said(m) });
  switch (kind) {
    case 'setupPlace':
      return simple('4.0(5)', msg('pk.setupPlace'));
    case 'setupSupport':
      return simple('4.0(6)1', msg('pk.setupSupport'));
    case 'designation':
    case 'normalAttack':
    case 'movement':
    case 'reserveAttack':
    case 'reorganization':
      return simple(phaseRule(kind), msg(`pk.${kind}`));
    case 'support':
    case 'reinforcement':
      return undefined; // automatic phases: never asked
    case 'reinfChoice': {
      if (!from?.length || count === undefined) return undefined;
      const m =
        side === 'SU'
          ? msg('pk.reinfChoice.soviet', { n: count, formation: E.unitById.get(from[0]!)?.formation ?? '?' })
          : msg('pk.reinfChoice.german', { n: count, units: from.join(', ') });
      return simple('7.0(1)', m);
    }
    case 'moveTo': {
      const p = g.mv.picked;
      if (!p) return undefined;
      if (p.from) return simple('签一览 detachment', msg('pk.moveTo.detachment', { unit: p.from }));
      return p.mode === 'strategic'
        ? simple('8.3', msg('pk.moveTo.strategic', { unit: p.unit }))
        : simple('8.2', msg('pk.moveTo.normal', { unit: p.unit }));
    }
    case 'cb:allocate':
      return simple('9.2(2)', msg('pk.cb.allocate'));
    case 'cb:order':
      return simple('9.2(3), 11.0', msg('pk.cb.order'));
    case 'cb:air':
      return b && simple('16.0, 16.1(1)', msg('pk.cb.air', { target: b.target, step: b.step.slice(7) }));
    case 'cb:equip':
      return b && simple('11.2(1)', msg('pk.cb.equip', { target: b.target }));
    case 'cb:sniper':
      return simple('11.2(3)', msg('pk.cb.sniper'));
    case 'cb:commander':
      return simple('11.2(3)', msg('pk.cb.commander'));
    case 'cb:engineers':
      return simple('签一览 Engineers', msg('pk.cb.engineers'));
    case 'cb:bombAlloc':
      return b && simple('16.2(3)', msg('pk.cb.bombAlloc', { n: b.bombPool[side] }));
    case 'cb:pair':
      return simple('11.5(2)', msg('pk.cb.pair'));
    case 'cb:reroll':
      return c?.roll
        ? simple(
            'A-53, 签一览 Wittmann/Rudel/Commander',
            msg('pk.cb.reroll', { roll: c.roll.key, dice: c.roll.dice.join(', ') }),
          )
        : undefined;
    case 'cb:snipeNow':
      return simple('签一览 Sniper ※', msg('pk.cb.snipeNow'));
    case 'cb:recon':
      return c?.air?.step === 'targets'
        ? simple('16.1(1)3, A-17', msg('pk.cb.recon.target'))
        : simple('16.1(6)3', msg('pk.cb.recon.reveal'));
    case 'cb:smoke':
      return simple('签一览 Smoke, A-22', msg('pk.cb.smoke'));
    case 'cb:aa':
      return simple('16.1(2)', msg('pk.cb.aa'));
    case 'cb:intercept':
      return simple('16.1(3)', msg('pk.cb.intercept'));
    case 'cb:counter':
      return simple('16.1(4)', msg('pk.cb.counter'));
    case 'cb:retreat':
      return b && simple('11.6(4), 14.0(1)', msg('pk.cb.retreat', { n: b.loss[side] }));
    case 'cb:loss':
      return b && simple('13.0(2)', msg('pk.cb.loss', { n: b.loss[side] }));
    case 'cb:retreatHex': {
      const unit = b?.toRetreat[b.cursor];
      return unit === undefined ? undefined : simple('14.0(6)', msg('pk.cb.retreatHex', { unit }));
    }
    case 'cb:advance': {
      const hex = b?.memo.targetHex;
      return hex === undefined ? undefined : simple('15.0', msg('pk.cb.advance', { hex: E.b.grid.label(hex) }));
    }
  }
}

/** The stack a position without one starts with: the phase's own decision (an automatic phase starts at once, 5.1). */
export function defaultStack(phase: Phase | 'setup'): { kind: string; side?: Side }[] {
  if (phase === 'setup') return [{ kind: 'setupPlace', side: 'SU' }];
  if (phase === 'support' || phase === 'reinforcement') return [{ kind: 'startPhase' }];
  return [{ kind: phase }];
}
