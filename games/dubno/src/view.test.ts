import { seedRng } from '@sandtable/engine';
import { describe, expect, it } from 'vitest';
import { env, game } from './index.ts';
import { act, legal, scene, start } from './testing/index.ts';
import { determinize, viewOf } from './view.ts';

const ROLES = ['german', 'soviet', 'observer'] as const;
const T37 = '22MC-37T';
const INF = '44ID-1';
const III = 'III-HQ';

describe('21.0 untried units, 19.0 fog of war', () => {
  it("21.1, 21.3: no view of any role, nor any log line, holds an untried unit's values before it fights", () => {
    let s = game.setup('u', 'dubno', {}, []);
    for (let i = 0; i < 120 && !game.outcome(s); i++) {
      for (const role of ROLES) {
        const v = game.view(s, role);
        const g = v.game as ReturnType<typeof viewOf>;
        for (const u of env.data.units.filter((x) => x.untried)) {
          if (s.game.units[u.id]!.revealed) continue;
          expect(g.units[u.id]!.revealed).toBeNull();
          expect(v.log.some((l) => l.text.includes(`${u.name} is revealed`))).toBe(false);
        }
      }
      const a = legal(s);
      s = act(s, a[i % a.length]!);
    }
  });

  it('21.2: an untried unit is revealed, to everybody, when it is declared in a combat; 21.4 zero defence is removed (D30)', () => {
    // The pool of rifle regiments holds one value with defence 0 (the fifth); script the draw.
    const pos = scene({ phase: 'combat1', units: { [INF]: '0908', [III]: '0908', '135RD-396R': '1008' } });
    let s = start(pos, { dice: [5] });
    s = act(s, { type: 'attack', hex: '1008' });
    for (const role of ROLES)
      expect(game.view(s, role).log.some((l) => l.text.includes('is revealed: 1-0'))).toBe(true);
    expect(s.game.units['135RD-396R']!.status).toBe('gone');
    const s2 = start(pos, { dice: [1] });
    const r = act(s2, { type: 'attack', hex: '1008' });
    expect(r.game.units['135RD-396R']!.revealed).toEqual({ attack: 3, defense: 5 });
    expect(r.game.pools.rifle).toHaveLength(4);
  });

  it('19.0: a player sees only the top unit of an enemy stack and how many lie under it', () => {
    const s = start(
      scene({ phase: 'movement', units: { [INF]: '0908', '44ID-2': '0908', [III]: '0908', [T37]: '1508' } }),
    );
    const sov = game.view(s, 'soviet').game as ReturnType<typeof viewOf>;
    const visible = [INF, '44ID-2', III].filter((u) => sov.units[u]!.hex === '0908');
    expect(visible).toHaveLength(1);
    expect(sov.hidden['0908']).toBe(2);
    const ger = game.view(s, 'german').game as ReturnType<typeof viewOf>;
    expect(ger.hidden).toEqual({});
  });

  it('determinize: the hidden units are dealt back to the stacks they hide in', () => {
    const s = start(
      scene({
        phase: 'movement',
        units: { [INF]: '0908', '44ID-2': '0908', [III]: '0908', '298ID-1': '1108', [T37]: '1508' },
      }),
    );
    const v = viewOf(env, s.game, 'soviet');
    const g = determinize(env, v, 'soviet', seedRng('d'));
    const at0908 = Object.entries(g.units).filter(([, u]) => u.hex === '0908').length;
    expect(at0908).toBe(3);
    expect(g.units['298ID-1']!.hex).toBe('1108');
  });
});
