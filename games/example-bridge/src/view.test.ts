import { OBSERVER, randomPlayout, seedRng } from '@sandtable/engine';
import { describe, expect, it } from 'vitest';
import { at, game, play, start } from './testing/index.ts';
import { determinize } from './view.ts';

const mined = () => play(game.setup('view'), ['south', { type: 'mine', ford: 'east' }]);

describe('views and hidden information', () => {
  it('4.3: only South sees which ford is mined; North and the observer see that one is', () => {
    const s = mined();
    expect(game.view(s, 'south').game.mine).toEqual({ ford: 'east', exploded: false });
    expect(game.view(s, 'north').game.mine).toEqual({ ford: 'hidden', exploded: false });
    expect(game.view(s, OBSERVER).game.mine).toEqual({ ford: 'hidden', exploded: false });
    const lines = (role: string) => game.view(s, role).log.map((l) => l.text);
    expect(lines('south')).toContain('South mines the east ford');
    expect(lines('north')).not.toContain('South mines the east ford');
    expect(lines('north')).toContain('South has mined one of the fords, in secret');
  });

  it('5.5: once the mine goes off, everyone sees where it was', () => {
    const s = play(start(at('north movement', { N3: '0502' })), ['north', { type: 'move', unit: 'N3', to: '0503' }]);
    expect(game.view(s, OBSERVER).game.mine).toEqual({ ford: 'east', exploded: true });
  });

  it('determinize: from North’s view, a full state with the mine at either ford and all else as seen', () => {
    const s = mined();
    const view = game.view(s, 'north');
    const rng = seedRng('sampler');
    const fords = new Set<string | null>();
    for (let i = 0; i < 20; i++) {
      const g = determinize(view.game, 'north', rng);
      fords.add(g.mine.ford);
      expect({ ...g, mine: null }).toEqual({ ...s.game, mine: null });
      expect(game.rules.legalActions(g, 'north')).toEqual(game.legalActions(s, 'north'));
    }
    expect([...fords].sort()).toEqual(['east', 'west']);
  });

  it('determinize: South’s view holds the whole state', () => {
    const s = mined();
    expect(determinize(game.view(s, 'south').game, 'south', seedRng(1))).toEqual(s.game);
  });

  it('state = replay(record): a random game replays to the same state, byte for byte', () => {
    const rec = game.newRecord('replay');
    const played = randomPlayout(game, game.setup(rec.seed), 'chooser', { record: true });
    rec.actions = played.actions;
    expect(game.hash(game.replay(rec))).toBe(game.hash(played.state));
    expect(game.outcome(played.state)).not.toBeNull();
  });
});
