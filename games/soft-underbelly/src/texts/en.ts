/**
 * Soft Underbelly's words in English: every prompt a player is shown, by message id, with `{name}`
 * placeholders for its variable parts (numbers, area and unit names). Ids are `su.<decision
 * kind>[.<form>]`. A table in another language keeps the same ids and placeholders.
 */
export const EN = {
  // deploy.ts, turn.ts, surrender.ts, reinforce.ts: set-up and the turn
  'su.deploy': 'deploy the remaining Axis units outside Africa (or take the recommended deployment)',
  'su.initiative': 'choose who has the initiative this turn',
  'su.overlordFleet': 'choose the fleet that leaves for Overlord',
  'su.reinforce': 'place {n} reinforcement cube(s)',
  'su.convert.phase': 'convert cubes into special units, or done',
  'su.convert.event': 'convert the event cubes in {area}, or done',
  // impulse.ts: impulses and reaction windows
  'su.impulse.move': 'impulse {impulse}: move, then fight, or pass',
  'su.impulse.attack': 'impulse {impulse}: declare attacks (up to 3 areas, one landing) or end the impulse',
  'su.extraImpulse': 'play Extra Impulse, or pass (end the turn)',
  'su.react.impulseStart': 'react before the opponent moves (bomb, event, partisan) or pass',
  'su.react.combatStep': 'react before the combat step (bomb, event, partisan) or pass',
  'su.react.move': 'react to the move into {area} (bomb, event, partisan) or pass',
  // movement.ts, landing.ts: movement, landings, interception
  'su.group': 'move units from {area}: add units, then step, ship or stop',
  'su.airDest': 'fly {unit} from {area} to a friendly area',
  'su.landingForce': 'choose fleets and up to 4 units (6 with 2 fleets, at most 1 tank) for the landing in {area}',
  'su.intercept.landing': 'intercept the landing in {area}, or done',
  'su.intercept.transport': 'intercept the naval transport to {area}, or done',
  // combat.ts: battles
  'su.commit': 'choose the units attacking {area}',
  'su.evade': 'move aircraft out of {area} before combat, or done',
  'su.support.attack': 'choose supports (and paratroop drops) for the attack on {area}, or done',
  'su.support.defence': 'choose supports for the defence of {area}, or done',
  'su.paraDie': "use the paratroops' extra die this round?",
  'su.elite': 'use a face-up elite to inflict 1 extra loss, or pass',
  'su.roundEnd': 'end of round {round}: retreat, evade, play an event, or continue',
  'su.occupy': 'advance attacking units into {area} (not aircraft), or done',
  'su.landingReturn': 'move the surviving landing units to an Allied-controlled supplied area',
  // losses.ts: losses and retreats
  'su.loss.one': 'absorb {n} loss in {area}',
  'su.loss.many': 'absorb {n} losses in {area}',
  'su.retreat.units': 'retreat units out of {area} (1-2 areas)',
  'su.retreat.every': 'retreat every unit out of {area} (1-2 areas)',
  // events.ts, stacking.ts
  'su.kesselring': 'return an event marker to your hand, or done',
  'su.overflow': 'move excess units out of {area}',
} as const;

export type MessageId = keyof typeof EN;
