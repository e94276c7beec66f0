import { describe, expect, it } from 'vitest';
import { allowance } from './movement.ts';
import { act, env, hexOf, legal, refusal, scene, start } from './testing/index.ts';
import type { Action } from './state.ts';

const PZ = '13Pz-Pz1'; // armour 6-4-8, mech
const INF = '44ID-1'; // infantry 3-5-4, foot
const HQ = '13Pz-HQ';
const III = 'III-HQ';
const T37 = '22MC-37T'; // Soviet tank, untried

const dests = (s: ReturnType<typeof start>, u: string) => {
  const s2 = act(s, { type: 'select', unit: u });
  return legal(s2).flatMap((a: Action) => (a.type === 'move' ? [a.to] : []));
};

describe('8.0 movement', () => {
  it('8.12: one halving halves, two or more quarter, never below 1 MP; fractions kept (D3)', () => {
    expect(allowance(6, 0)).toBe(72);
    expect(allowance(6, 1)).toBe(36);
    expect(allowance(6, 2)).toBe(18); // 1.5 MP
    expect(allowance(3, 2)).toBe(12); // 0.75 raised to 1
    expect(allowance(6, 3)).toBe(18);
    expect(allowance(0, 0)).toBe(0);
  });

  it('8.7: road movement costs 1/3 MP a hex, only for a unit that starts on the road (D1, D2)', () => {
    // 44ID-1 (4 MP) on the road at 0909: along the road it goes far beyond 4 clear hexes.
    const s = start(scene({ phase: 'movement', units: { [INF]: '0909', [III]: '0909' } }));
    const onRoad = dests(s, INF);
    const far = onRoad.filter((h) => env.grid.distance(env.grid.hex('0909'), env.grid.hex(h)) > 4);
    expect(far.length).toBeGreaterThan(0);
    // Off the road at 0908 it reaches no hex more than 4 away (every clear hex costs 1 MP).
    const s2 = start(scene({ phase: 'movement', units: { [INF]: '0908', [III]: '0908' } }));
    expect(dests(s2, INF).every((h) => env.grid.distance(env.grid.hex('0908'), env.grid.hex(h)) <= 4)).toBe(true);
  });

  it('7.8a, 8.12: an out-of-command unit moves at half its allowance', () => {
    const inCmd = start(scene({ phase: 'movement', units: { [INF]: '0908', [III]: '0908' } }));
    const ooc = start(scene({ phase: 'movement', units: { [INF]: '0908' } }));
    const reach = (s: ReturnType<typeof start>) =>
      Math.max(...dests(s, INF).map((h) => env.grid.distance(env.grid.hex('0908'), env.grid.hex(h))));
    expect(reach(inCmd)).toBe(4);
    expect(reach(ooc)).toBe(2);
  });

  it('10.5: a unit entering an enemy ZOC stops there (D5)', () => {
    // Soviet tank at 1108: 1008 is in its ZOC; the panzer may enter 1008 but not pass beyond it.
    const s = start(scene({ phase: 'movement', units: { [PZ]: '0908', [HQ]: '0908', [T37]: '1108' } }));
    const d = dests(s, PZ);
    expect(d).toContain('1008');
    expect(d).not.toContain('1108'); // 8.4: enemy-occupied
  });

  it('10.10: a unit starting in an enemy ZOC may leave but never enter an enemy ZOC that phase (D6)', () => {
    const s = start(scene({ phase: 'movement', units: { [PZ]: '1008', [HQ]: '0908', [T37]: '1108' } }));
    const d = dests(s, PZ);
    const zoc = new Set(env.grid.neighbours(env.grid.hex('1108')).map((i) => env.grid.label(i)));
    expect(d.length).toBeGreaterThan(0);
    expect(d.some((h) => zoc.has(h))).toBe(false);
  });

  it('8.3: a unit moves once a phase', () => {
    let s = start(scene({ phase: 'movement', units: { [PZ]: '0908', [HQ]: '0908' } }));
    s = act(s, { type: 'select', unit: PZ }, { type: 'move', unit: PZ, to: '0907' });
    expect(hexOf(s, PZ)).toBe('0907');
    expect(refusal(s, { type: 'select', unit: PZ })).toMatch(/already moved this phase \[8\.3\]/);
  });

  it('9.2, 9.4: stacking limits end moves: German 3 a hex, Soviet 1 (D7)', () => {
    let s = start(
      scene({ side: 'soviet', phase: 'movement', units: { [T37]: '1508', '22MC-HQ': '1507', '22MC-38T': '1608' } }),
    );
    s = act(s, { type: 'select', unit: T37 });
    expect(refusal(s, { type: 'move', unit: T37, to: '1507' })).toMatch(/limit is 1 \[9\.1\]/);
  });

  it('8.4: a unit may always move one hex, whatever it costs, as its whole move (D4)', () => {
    // An out-of-command infantry unit (2 MP) next to marsh (3 MP for foot units).
    const woods = env.data.map.terrain.find((t) => t.terrain === 'marsh')!.hex;
    const from = env.grid
      .neighbours(env.grid.hex(woods))
      .map((i) => env.grid.label(i))
      .find((h) => env.terrain[env.grid.hex(h)]!.id === 'clear')!;
    const s = start(scene({ phase: 'movement', units: { [INF]: from }, event: 'none', weather: 'clear' }));
    expect(dests(s, INF)).toContain(woods);
  });

  it('8.11, 23.5: a German unit on an exit hex out of enemy ZOC exits and scores VP (S5, D34)', () => {
    const exit = env.data.map.exits.german[0]!;
    const early = act(start(scene({ phase: 'movement', units: { [PZ]: exit, [HQ]: exit } })), {
      type: 'select',
      unit: PZ,
    });
    expect(legal(early)).not.toContainEqual({ type: 'exit', unit: PZ }); // only on the last turn (scenario)
    let s = start(scene({ phase: 'movement', turn: 8, units: { [PZ]: exit, [HQ]: exit } }));
    s = act(s, { type: 'select', unit: PZ });
    expect(legal(s)).toContainEqual({ type: 'exit', unit: PZ });
    s = act(s, { type: 'exit', unit: PZ });
    expect(s.game.units[PZ]!.status).toBe('exited');
    expect(s.game.vp.german).toBe(env.data.tables.victory.exitVp);
    // In an enemy ZOC it may not exit.
    const near = env.grid.neighbours(env.grid.hex(exit)).map((i) => env.grid.label(i))[0]!;
    let z = start(scene({ phase: 'movement', turn: 8, units: { [PZ]: exit, [HQ]: exit, [T37]: near } }));
    z = act(z, { type: 'select', unit: PZ });
    expect(legal(z)).not.toContainEqual({ type: 'exit', unit: PZ });
  });

  it('18.2: rain halves mechanized movement', () => {
    const dry = start(scene({ phase: 'movement', units: { [PZ]: '0908', [HQ]: '0908' } }));
    const wet = start(scene({ phase: 'movement', units: { [PZ]: '0908', [HQ]: '0908' }, weather: 'rain' }));
    expect(dests(wet, PZ).length).toBeLessThan(dests(dry, PZ).length);
  });
});
