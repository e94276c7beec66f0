import { describe, expect, it } from 'vitest';
import { consequences } from './confirm.ts';

const label = (r: string) => r.toUpperCase();

describe('what a click will do (item 3)', () => {
  it('names dice, a reveal, a hand-over and the end of the game from the engine; the adapter adds its hint', () => {
    expect(consequences('dice were rolled', null, label)).toEqual({
      lines: ['Rolls the dice: this cannot be taken back.'],
      verb: 'roll',
    });
    expect(consequences('a chit is revealed', null, label)).toEqual({
      lines: ['Cannot be taken back: a chit is revealed.'],
      verb: 'reveal',
    });
    expect(consequences('play passed from red to blue', 'ends the phase', label)).toEqual({
      lines: ['This ends the phase.', "Then it is BLUE's turn: this cannot be taken back."],
      verb: 'do',
    });
    expect(consequences('play passed from red to the end of the game', null, label).lines).toEqual([
      'This ends the game.',
    ]);
    expect(consequences(null, null, label)).toEqual({ lines: [], verb: 'do' });
  });
});
