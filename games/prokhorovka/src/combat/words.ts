/** Combat actions in words (9.0-16.0): face-down chits are named by id only, never by what they are (3.5(5), 3.6(3)). */
import { detachmentChitOf, unitState, type Env, type PGState } from '../state.ts';
import { chitName, cs } from './core.ts';
import type { CombatAction } from './types.ts';

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
      return `allocate support chit ${a.chit} to the battle for ${a.battle}`;
    case 'doneAllocating':
      return 'finish allocating support chits';
    case 'resolve':
      return `resolve the battle for ${a.battle} next`;
    case 'declareChit':
      return `declare ${a.chit}${a.asSpat ? ' as an SP AT gun (19.3)' : ''}`;
    case 'doneDeclaring':
      return 'finish declaring equipment';
    case 'snipe':
      return `${a.by} cancels ${n(a.chit)}`;
    case 'command':
      return `${a.by} cancels ${n(a.chit)}`;
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
      return `${a.by} cancels the Commander's re-roll`;
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
