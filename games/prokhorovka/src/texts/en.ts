/**
 * Prokhorovka's words in English: every prompt a player is shown, by message id, with `{name}`
 * placeholders for its variable parts (numbers, unit ids, hexes). Ids are `pk.<decision kind>
 * [.<form>]`, a combat decision `cb:<step>` giving `pk.cb.<step>`. A table in another language
 * keeps the same ids and placeholders.
 */
export const EN = {
  // setup.ts: set-up (4.0)
  'pk.setupPlace': 'place your drawn chits face-down under your units (the rest go to the reorganization pool)',
  'pk.setupSupport': 'choose 8 support chits for your turn-1 support pool',
  // sequence.ts: the phases of a player-turn (5.1) and reinforcements (7.0)
  'pk.designation': 'designate reserve stacks, then end the phase',
  'pk.normalAttack': 'declare attacks (pick an attacker, then its target), then end the declaration (9.2(1))',
  'pk.movement':
    'move stacks one at a time (pick a stack, then its destination), enter reinforcements, then end the phase',
  'pk.reserveAttack':
    'declare reserve attacks with designated stacks (pick an attacker, then its target), then end the declaration (9.2(1))',
  'pk.reorganization': 'reorganize: place up to 2 chits from the pool, return chits to the pool, then end the phase',
  'pk.reinfChoice.soviet': 'choose {n} {formation} unit(s) to arrive from the reserve pool',
  'pk.reinfChoice.german': 'choose {n} of {units} to arrive (A-02)',
  // movementPhase.ts: movement (8.0)
  'pk.moveTo.normal': 'choose the hex {unit} moves to (normal movement)',
  'pk.moveTo.strategic': 'choose the hex {unit} moves to (strategic movement)',
  'pk.moveTo.detachment': 'choose the hex the detachment splitting off from {unit} moves to (it must leave the hex)',
  // combat/phase.ts: the attack phase (9.0)
  'pk.cb.allocate':
    'allocate support chits face-down to the battles (at most 4 per battle; air chits are used as missions)',
  'pk.cb.order': 'choose the next battle to resolve',
  // combat/battle.ts, combat/reroll.ts: a battle (11.0-12.0)
  'pk.cb.air': 'fly an air mission now (battle for {target}, before {step}) or pass',
  'pk.cb.equip': 'declare equipment chits for the battle for {target} (they turn face-up)',
  'pk.cb.sniper': 'assign each Sniper to an enemy tactical chit, or finish',
  'pk.cb.commander': 'name the chit each Commander cancels (effect 2/3), or keep them for re-rolls',
  'pk.cb.engineers': 'Engineers: remove one enemy position, or cancel every enemy positional weapon in this battle',
  'pk.cb.bombAlloc': 'allocate {n} bombing hit(s) to enemy tank-battle weapons (armor points cancel one)',
  'pk.cb.pair': 'pair one of your tank-battle weapons with an enemy one',
  'pk.cb.reroll': 're-roll a die of "{roll}" (rolled {dice}) or keep it',
  'pk.cb.snipeNow': "cancel the Commander's re-roll with a Sniper, or let it stand",
  // combat/air.ts: air missions (16.0)
  'pk.cb.recon.target': 'name a target of the reconnaissance (up to 3), or stop',
  'pk.cb.recon.reveal': 'turn an enemy chit face-up (up to 3), or stop',
  'pk.cb.smoke': 'activate Smoke against this air mission, or not',
  'pk.cb.aa': 'fire an AA weapon at the air mission, or stop',
  'pk.cb.intercept': 'intercept with a fighter, or not',
  'pk.cb.counter': 'counter-intercept with a fighter, or not',
  // combat/aftermath.ts: losses, retreat and advance (13.0-15.0)
  'pk.cb.retreat': 'you lose {n} step(s): retreat to halve it (rounded down), or stand',
  'pk.cb.loss': 'take {n} more step(s) of loss: flip or remove a unit, or return a chit',
  'pk.cb.retreatHex': 'choose the hex {unit} retreats to',
  'pk.cb.advance': 'advance one attacking stack into {hex}, or stay',
} as const;

export type MessageId = keyof typeof EN;
