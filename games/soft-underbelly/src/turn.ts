/** The turn (§7 L87-L95, AMB-25) and the initiative (§8 L108). */
import { call, end } from '@sandtable/engine';
import { callInOrder, type SUDecision, type SUStep } from './handlers.ts';
import { supplyPhase } from './supply.ts';
import { overlord, surrenderCheck } from './surrender.ts';
import { ALLIES, AXIS, GONE, log, POOL, SEA } from './state.ts';
import { continuousChecks, finalVictory, munichCheck } from './victory.ts';
import { msg } from './texts/index.ts';
import { sideName } from './texts/names.ts';

/**
 * §7 L87: a turn is the initiative (§8), the reinforcement phase (§9-§10), the impulses (§11)
 * and the end of turn; Operation Overlord (§43) comes at the start of its turn.
 */
export const turnStart: SUStep<'turnStart'> = (E, ctx, g) => {
  g.phase = 'initiative';
  g.airConverted = 0;
  g.placed = [];
  g.impulse = 0;
  g.normalDone = 0;
  g.lastPass = null;
  g.passed = [];
  g.lastBy = null;
  g.extra = false;
  g.serial++; // the reinforcement phase counts as its own window for the 1-event limit (§44 L436)
  if (g.o.airfieldScope === 'turn') g.missions.fill(0);
  log(ctx, `Turn ${g.turn} begins`, '§7 L87');
  callInOrder(g, { kind: 'initiativeRoll' }, { kind: 'reinforcePhase' }, { kind: 'impulseStart' }, { kind: 'turnEnd' });
  if (g.turn === E.d.overlordTurn && !g.overlord) overlord(E, ctx, g);
};

/** §8 L108: both roll; the higher decides; ties go to the Allies. */
export const initiativeRoll: SUStep<'initiativeRoll'> = (_E, ctx, g) => {
  const [a, x] = ctx.roll(2, `Initiative, turn ${g.turn} (Allies, Axis)`);
  g.lastRoll = { why: 'initiative', dice: [a!, x!] };
  const winner = a! >= x! ? ALLIES : AXIS;
  log(
    ctx,
    `Initiative roll: Allies ${a}, Axis ${x}: ${sideName(winner)} decide${a === x ? ' (tie: the Allies)' : ''}`,
    '§8 L108',
  );
  call(g.stack, { kind: 'initiative', side: winner });
};

export const initiative: SUDecision<'initiative'> = {
  rule: '§8 L108',
  role: (_E, _g, f) => f.side,
  prompt: () => msg('su.initiative'),
  actions: ['initiative'],
  legal: () => [
    { type: 'initiative', first: ALLIES },
    { type: 'initiative', first: AXIS },
  ],
  perform(_E, ctx, g, _f, a) {
    if (a.type !== 'initiative') return;
    g.initiative = a.first;
    g.active = a.first;
    log(ctx, `${sideName(a.first)} take${a.first === ALLIES ? '' : 's'} the initiative`, '§8 L108');
    end(g.stack);
  },
};

/** End of turn (§7 L91-L95, AMB-25): supply, victory checks, then the resets. */
export const turnEnd: SUStep<'turnEnd'> = (E, ctx, g) => {
  g.phase = 'end of turn';
  if (g.o.endOfTurnOrder === 'supplyFirst') {
    supplyPhase(E, ctx, g);
    munichCheck(E, ctx, g);
    surrenderCheck(E, ctx, g);
  } else {
    munichCheck(E, ctx, g);
    surrenderCheck(E, ctx, g);
    supplyPhase(E, ctx, g);
  }
  // §6 ② L79 is checked continuously: units the supply phase removed may end the game here, in this
  // turn, before the counter moves on (issue 18).
  continuousChecks(E, ctx, g);
  if (g.turn >= E.d.turns) finalVictory(E, ctx, g);
  if (g.result) return;
  // §7 L91: naval transport back to normal (AMB-43: Overlord's 3; 0 once the Italian fleet is gone).
  g.transport.allies = g.overlord ? E.d.navalTransport.alliesAfterOverlord : E.d.navalTransport.allies;
  g.transport.axis =
    g.italy || !g.units.some((u) => u.type === 'fleet' && u.nat === 'IT' && u.loc === SEA)
      ? 0
      : E.d.navalTransport.axis;
  // §7 L93: every used counter is flipped face-up.
  for (const u of g.units) if (u.loc !== GONE && u.loc !== POOL) u.up = true;
  g.logistic = { allies: false, axis: false };
  g.turn++;
  call(g.stack, { kind: 'turnStart' });
};
