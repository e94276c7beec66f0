/**
 * Third Reich's words in English: every prompt a player is shown, by message id, with `{name}`
 * placeholders for its variable parts (numbers, area, unit, nation and card names). Ids are
 * `tr.<decision kind>[.<form>]`. A table in another language keeps the same ids and placeholders.
 */
export const EN = {
  // turn.ts, recovery.ts, control.ts: the turn
  'tr.hand': 'Choose {n} more card(s) from your usable deck for your hand',
  'tr.withdraw': 'Return units to the mobilization pool, or finish',
  'tr.recover': 'Recover up to {n} used {nation} units',
  'tr.reassign': 'Hand areas to other friendly nations, or finish',
  // impulse.ts, groups.ts: impulses, cards and groups
  'tr.impulse': 'Your impulse: play a card, take an air operation, or pass',
  'tr.card': '{card}: use the SV, the event, or finish',
  'tr.sv': 'Spend {sv} SV: move, attack or mobilize',
  'tr.choose.air': 'Choose the area of the group for the air operation',
  'tr.choose.event': 'Choose the area of the group for the event',
  'tr.group': 'Group in {area} ({n} unit(s)): add units or choose its action',
  'tr.target': 'Choose the target area of the air attack',
  // movement.ts, capacity.ts
  'tr.path': 'Move the group: next area from {area}, or stop',
  'tr.overflow': 'Send {n} unit(s) at sea in {area} to the pool',
  // counterattack.ts, damage.ts: combat
  'tr.window': 'Counterattack the {side} group action?',
  'tr.counter': 'Choose the counterattacking units, then fire',
  'tr.alloc': 'Allocate {n} more damage point(s)',
  'tr.retreat': 'Retreat {unit} (or eliminate it)',
  // events.ts, mobilization.ts: events
  'tr.diplomacy': 'Diplomacy: choose the nation',
  'tr.develop.start': 'Development: take a card, or units, from the development pool',
  'tr.develop.units': 'Development: up to {n} more unit(s) to the mobilization pool',
  'tr.discard': 'Choose {n} card(s) to discard',
  'tr.freeMob': 'Lend-Lease: mobilize {nation} units worth up to {sv} SV free',
} as const;

export type MessageId = keyof typeof EN;
