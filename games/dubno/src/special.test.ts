import { describe, expect, it } from 'vitest';
import { act, env, legal, log, scene, start } from './testing/index.ts';
import { hasLoc } from './units.ts';
import type { Action } from './state.ts';

const PI = 'III-Pi';
const INF = '44ID-1';
const III = 'III-HQ';
const T37 = '22MC-37T';

const reach = (s: ReturnType<typeof start>, u: string) =>
  legal(act(s, { type: 'select', unit: u })).flatMap((a: Action) => (a.type === 'move' ? [a.to] : []));

describe('22.3 engineers bridge rivers, 23.6 lines of communication', () => {
  it('22.3: an engineer that has not moved lays a pontoon: friendly units cross at no river cost (D35)', () => {
    const units = { [PI]: '2903', [INF]: '2903', [III]: '3003' };
    const plain = start(scene({ phase: 'movement', units }));
    expect(legal(plain)).toContainEqual({ type: 'bridge', unit: PI, hex: '2803' });
    const bridged = act(plain, { type: 'bridge', unit: PI, hex: '2803' });
    expect(log(bridged)).toContain('Pi.Btl (III) lays a pontoon bridge over 2803/2903');
    expect(legal(bridged)).not.toContainEqual({ type: 'select', unit: PI }); // it stays put this turn
    const before = new Set(reach(plain, INF));
    const after = reach(bridged, INF);
    expect(after.filter((h) => !before.has(h)).length).toBeGreaterThan(0);
  });

  it('22.3: an engineer in an enemy ZOC may not bridge; an enemy moving next to it destroys the bridge', () => {
    const zoc = start(scene({ phase: 'movement', units: { [PI]: '2903', [III]: '3003', [T37]: '3002' } }));
    expect(legal(zoc).some((a) => a.type === 'bridge')).toBe(false);
    let s = start(
      scene({
        side: 'soviet',
        phase: 'movement',
        units: { [PI]: '2903', [III]: '3003', [T37]: '2701', '22MC-HQ': '2601' },
        edit: (g) => g.pontoons.push({ engineer: PI, at: '2903', between: '2803/2903' }),
      }),
    );
    s = act(s, { type: 'select', unit: T37 });
    const to = legal(s).find(
      (a) => a.type === 'move' && env.grid.distance(env.grid.hex(a.to), env.grid.hex('2903')) === 1,
    )!;
    s = act(s, to);
    expect(s.game.pontoons).toEqual([]);
    expect(log(s)).toContain('The pontoon bridge at 2803/2903 is destroyed');
  });

  it('23.6: a LOC may not enter enemy units or an enemy ZOC hex, unless a friendly unit holds that hex (D36)', () => {
    const open = start(scene({ phase: 'movement', units: { [INF]: '0908' } })).game;
    expect(hasLoc(env, open, 'german', '0908', ['0904'])).toBe(true);
    // 1007 lies in the ZOC of a Soviet unit at 1107: a LOC may not enter it...
    const zoc = start(scene({ phase: 'movement', units: { [INF]: '0908', [T37]: '1107' } })).game;
    expect(hasLoc(env, zoc, 'german', '0908', ['1007'])).toBe(false);
    // ...unless a German unit holds it; and never an enemy-occupied hex.
    const held = start(scene({ phase: 'movement', units: { [INF]: '0908', '44ID-2': '1007', [T37]: '1107' } })).game;
    expect(hasLoc(env, held, 'german', '0908', ['1007'])).toBe(true);
    expect(hasLoc(env, held, 'german', '0908', ['1107'])).toBe(false);
  });
});
