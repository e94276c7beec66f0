import { describe, expect, it } from 'vitest';
import { env, game } from './index.ts';
import { act, legal, log, refusal, scene, start, top, unit } from './testing/index.ts';
import { levelOf } from './victory.ts';

const INF = '44ID-1';
const III = 'III-HQ';
const T37 = '22MC-37T';
const tank = (attack: number, defense: number) => ({ attack, defense });

describe('3.0 set-up and 4.0 the sequence of play', () => {
  it('3.0, 4.0: the game starts on turn 1 with random events, then the German Reinforcement Phase', () => {
    const s = game.setup('seq', 'dubno', {}, [3, 1]);
    expect(s.game.turn).toBe(1);
    expect(log(s)).toContain('Random event: No event');
    expect(log(s)).toContain('Weather: clear');
    expect(game.decision(s)!.role).toBe('german');
    expect(top(s).kind).toBe('reinforce');
    const placed = env.data.units.filter((u) => u.setup).length;
    expect(Object.values(s.game.units).filter((u) => u.status === 'map').length).toBe(placed);
  });

  it('4.0: a player turn runs reinforcement, movement, enemy FPF, First Wave, Second Wave, recovery', () => {
    let s = game.setup('seq', 'dubno', {}, [3, 1]);
    const kinds: string[] = [];
    for (let i = 0; i < 200 && s.game.turn === 1; i++) {
      const t = top(s);
      if (!kinds.includes(`${t.kind}:${'side' in t ? t.side : ''}`))
        kinds.push(`${t.kind}:${'side' in t ? t.side : ''}`);
      const ends = ['endReinforcement', 'endMovement', 'endFpf', 'endCombat'];
      const a = legal(s).find((x) => ends.includes(x.type)) ?? legal(s).at(-1)!;
      s = act(s, a);
    }
    expect(kinds.filter((k) => ['reinforce', 'movement', 'fpf', 'combat'].includes(k.split(':')[0]!))).toEqual([
      'reinforce:german',
      'movement:german',
      'fpf:soviet',
      'combat:german',
      'reinforce:soviet',
      'movement:soviet',
      'fpf:german',
      'combat:soviet',
    ]);
  });

  it('5.0, 18.1: each turn one die on the random events table and one on the weather table', () => {
    const s = game.setup('ev', 'dubno', {}, [5, 6]);
    expect(s.game.event).toBe('sovietFuel');
    expect(s.game.weather).toBe('rain');
    expect(log(s)).toContain(
      'Random event: Soviet fuel and breakdowns: Soviet mechanized units halve their movement this turn (8.12)',
    );
  });

  it('6.6, 17.5: each player turn the side draws its allotment from its pool, never more (S4)', () => {
    const s = game.setup('air', 'dubno', {}, [3, 1]);
    const g = s.game.air.german;
    expect(g.drawn.GA + g.drawn.MB).toBe(env.data.tables.air.draws.german);
    expect(g.cup.GA + g.cup.MB + g.drawn.GA + g.drawn.MB).toBe(7);
  });
});

describe('6.0 reinforcements and replacements', () => {
  it('6.1-6.3: due units are placed on their entry hexes; they may not be withheld (6.5)', () => {
    let s = game.setup('r', 'dubno', {}, [3, 1]);
    // Turn 1: nothing due for the Germans.
    expect(legal(s)).toEqual([{ type: 'endReinforcement' }]);
    s = start(
      scene({
        phase: 'reinforce',
        turn: 2,
        units: {},
        edit: (g) => {
          g.units['16Pz-Pz1'] = { ...g.units['16Pz-Pz1']!, status: 'due', due: 2, entry: 'west' };
        },
      }),
    );
    expect(
      legal(s)
        .filter((a) => a.type === 'place')
        .map((a) => (a as { hex: string }).hex),
    ).toEqual(env.entry.west);
    expect(refusal(s, { type: 'endReinforcement' })).toMatch(/may not be withheld.*\[6\.5\]/);
    s = act(s, { type: 'place', unit: '16Pz-Pz1', hex: env.entry.west[0]! });
    expect(unit(s, '16Pz-Pz1').hex).toBe(env.entry.west[0]);
  });

  it('6.5: when every scheduled entry hex is enemy-held, the unit enters at the nearest free edge hex (D32)', () => {
    const blockers = Object.fromEntries(
      env.entry.rovno.map((h, k) => [
        ['22MC-37T', '22MC-38T', '22MC-43T', '22MC-706MR', '15MC-19T', '15MC-20T'][k]!,
        h,
      ]),
    );
    void blockers;
    const entry = env.entry.rovno;
    const germans = ['11Pz-Pz1', '11Pz-Pz2', '11Pz-Sch1', '11Pz-Sch2', '11Pz-K', '11Pz-A'];
    const s = start(
      scene({
        side: 'soviet',
        phase: 'reinforce',
        turn: 3,
        units: Object.fromEntries(entry.map((h, k) => [germans[k]!, h])),
        edit: (g) => {
          g.units['9MC-40T'] = { ...g.units['9MC-40T']!, status: 'due', due: 3, entry: 'rovno' };
        },
      }),
    );
    const hexes = legal(s).flatMap((a) => (a.type === 'place' ? [a.hex] : []));
    expect(hexes.length).toBeGreaterThan(0);
    expect(hexes.some((h) => entry.includes(h))).toBe(false);
  });

  it('6.8, 6.10: a replacement point brings back a unit lost in command: 1-4 turns later, 5-6 never (D31)', () => {
    const lost = (inCommand: boolean) =>
      scene({
        phase: 'reinforce',
        turn: 4,
        units: { [III]: '0908' },
        edit: (g) => {
          g.units[INF] = { ...g.units[INF]!, status: 'eliminated', inCommandWhenLost: inCommand };
        },
      });
    let s = start(lost(true), { dice: [3] });
    s = act(s, { type: 'replace', unit: INF });
    expect(unit(s, INF)).toMatchObject({ status: 'due', due: 7 });
    let gone = start(lost(true), { dice: [6] });
    gone = act(gone, { type: 'replace', unit: INF });
    expect(unit(gone, INF).status).toBe('gone');
    const ooc = start(lost(false));
    expect(legal(ooc)).not.toContainEqual({ type: 'replace', unit: INF });
  });
});

describe('7.0 command control', () => {
  it('7.1, 7.10, 15.3: in command within an unsuppressed HQ radius; a suppressed HQ commands nobody', () => {
    const s = start(
      scene({
        phase: 'combat2',
        units: { [INF]: '0908', [III]: '0904', [T37]: { hex: '1008', revealed: tank(1, 1) } },
      }),
    );
    expect(legal(s)).toContainEqual({ type: 'attack', hex: '1008' }); // distance 4 = radius 5? in command
    const far = start(
      scene({
        phase: 'combat2',
        units: { [INF]: '0908', [III]: '0902', [T37]: { hex: '1008', revealed: tank(1, 1) } },
      }),
    );
    expect(legal(far)).not.toContainEqual({ type: 'attack', hex: '1008' });
    const supp = start(
      scene({
        phase: 'combat2',
        units: { [INF]: '0908', [III]: { hex: '0904', supp: true }, [T37]: { hex: '1008', revealed: tank(1, 1) } },
      }),
    );
    expect(legal(supp)).not.toContainEqual({ type: 'attack', hex: '1008' });
  });

  it('7.4: a unit whose formation no HQ on the map commands is always out of command', () => {
    // 13Pz units answer to 13. Pz.Div HQ only; the corps HQ beside them does not command them.
    const s = start(
      scene({
        phase: 'combat2',
        units: { '13Pz-Pz1': '0908', [III]: '0908', [T37]: { hex: '1008', revealed: tank(1, 1) } },
      }),
    );
    expect(legal(s)).not.toContainEqual({ type: 'attack', hex: '1008' });
  });
});

describe('9.0 stacking, 15.0 recovery, 23.0 victory', () => {
  it('9.1, 9.4: no move, retreat or placement may end overstacked; a position that is overstacked is refused', () => {
    const bad = scene({
      side: 'soviet',
      phase: 'movement',
      units: { '22MC-HQ': '1508' },
      edit: (g) => {
        g.units[T37] = { ...g.units[T37]!, status: 'map', hex: '1508' }; // two Soviet units: one too many
      },
    });
    expect(() => start(bad)).toThrow(/1508 holds 2 units \[9\.1\]/);
  });

  it('15.4: in-command units recover; out-of-command ones roll 4-6; HQs recover last (D27)', () => {
    let s = start(
      scene({
        phase: 'combat2',
        units: { [INF]: { hex: '0908', supp: true }, [III]: { hex: '0907', supp: true } },
      }),
      { dice: [2] },
    );
    s = act(s, { type: 'endCombat' });
    expect(log(s)).toContain('I/44. ID (Inf.Rgt) stays suppressed');
    expect(unit(s, INF).supp).toBe(true);
    expect(unit(s, III).supp).toBe(false);
    let ok = start(scene({ phase: 'combat2', units: { [INF]: { hex: '0908', supp: true }, [III]: '0907' } }));
    ok = act(ok, { type: 'endCombat' });
    expect(unit(ok, INF).supp).toBe(false);
  });

  it('23.2: the VP difference gives the level: 15 is operational (D37)', () => {
    expect(levelOf(env, 0)).toBe('draw');
    expect(levelOf(env, 10)).toBe('tactical');
    expect(levelOf(env, 15)).toBe('operational');
    expect(levelOf(env, 25)).toBe('strategic');
  });

  it('23.1, 23.3: after the last turn objectives held are scored and more VP wins', () => {
    let s = start(
      scene({
        side: 'soviet',
        phase: 'combat2',
        turn: 8,
        units: { [INF]: '2112', [T37]: { hex: '2708', revealed: tank(1, 1) } },
        edit: (g) => {
          g.vp = { german: 3, soviet: 1 };
        },
      }),
      { dice: [] },
    );
    s = act(s, { type: 'endCombat' });
    const o = game.outcome(s)!;
    expect(o.winner).toBe('german'); // Dubno 5 + 3 = 8 against Rovno 6 + 1 = 7
    expect(o.reason).toBe('German tactical victory: German 8 VP, Soviet 7 VP');
  });
});
