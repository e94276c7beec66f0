/**
 * Spec §8 ambiguities whose alternative reading is implemented (the recommended default and the
 * alternative, each changing an outcome),
 * detachment.test.ts: airOutside.test.ts.)
 */
import { describe, expect, it } from 'vitest';
import type { Ctx } from '@sandtable/engine';
import { prokhorovka } from '../index.ts';
import { sovSP } from '../draw.ts';
import { germanVP } from '../victory.ts';
import { ARRIVING } from '../state.ts';
import { airOptions, groundNeed, stepAir } from './air.ts';
import { applyCancels, duelNeed, supportNeed } from './battle.ts';
import { bestArmor, duelArmor } from './fire.ts';
import { E, H, L, act, battleIn, chit, declare, dice, kind, legal, position, sup } from './testkit.ts';
import { askPhase } from '../sequence.ts';

const grid = E.b.grid;
const terrainId = (h: number) => E.d.tables.terrain[grid.terrain[h]!]!.id;
/** A hex of terrain `t` with a clear neighbour that has another clear neighbour (defender, attacker). */
function layout(t: string): { far: string; def: string; att: string } {
  for (let h = 0; h < grid.nodeCount; h++) {
    if (terrainId(h) !== t || E.b.source[h]) continue;
    for (const d of grid.neighbours(h)) {
      if (terrainId(d) !== 'clear' || E.b.source[d]) continue;
      const a = grid
        .neighbours(d)
        .find(
          (x) =>
            x !== h &&
            terrainId(x) === 'clear' &&
            !E.b.source[x] &&
            grid.distance(x, h) > 1 &&
            !(grid.hexsideBetween(x, d) & 3),
        );
      if (a !== undefined && !(grid.hexsideBetween(h, d) & 3)) return { far: L(h), def: L(d), att: L(a) };
    }
  }
  throw new Error(`no ${t} layout`);
}
const noCtx = (rolls: number[]): Ctx =>
  ({ log() {}, roll: (n: number) => rolls.splice(0, n), irreversible() {}, seq: 0 }) as unknown as Ctx;

describe('§8 alternatives: combat', () => {
  it('A-57 rangedTdlOwnHex: a ranged AT gun in a town is fired on with the town TDL (default) or the clear defending hex TDL', () => {
    const { far, def, att } = layout('town');
    for (const [opt, expected] of [
      [true, 2],
      [false, 1],
    ] as const) {
      const { g, b, s } = battleIn(
        {
          units: { GD: att, '71G': def, '67G': far },
          chits: { GD: ['Tiger'], '67G': ['76 mm ZiS-3'] },
          options: { rangedTdlOwnHex: opt },
        },
        '71G',
        ['GD'],
        [
          ['GD', 'Tiger'],
          ['67G', '76 mm ZiS-3'],
        ],
      );
      expect(duelArmor(E, g, b, chit(s, '67G', '76 mm ZiS-3'), chit(s, 'GD', 'Tiger'))).toBe(expected); // max(armor 1, TDL)
    }
  });

  it('A-36 atGunRangedArmor: a ranged AT gun adds no armor in 11.6 (default) or its bracketed armor', () => {
    const { far, def, att } = layout('town');
    for (const [opt, expected] of [
      [true, 0],
      [false, 1],
    ] as const) {
      const { g, b } = battleIn(
        {
          units: { GD: att, '71G': def, '67G': far },
          chits: { '67G': ['76 mm ZiS-3'] },
          options: { atGunRangedArmor: opt },
        },
        '71G',
        ['GD'],
        [['67G', '76 mm ZiS-3']],
      );
      expect(bestArmor(E, g, b, 'SU')).toBe(expected);
    }
  });

  it('A-41 duelAlwaysDiamond: a duel shot at a chit in clear terrain is 12.0 fire - armor (default) or the TEC cell (auto: hits on 6)', () => {
    for (const [opt, need, n1] of [
      [true, 5, true],
      [false, 6, false],
    ] as const) {
      const { g, b, s } = battleIn(
        {
          units: { GD: '1904', '71G': '1905' },
          chits: { GD: ['Tiger'], '71G': ['T-34'] },
          options: { duelAlwaysDiamond: opt },
        },
        '71G',
        ['GD'],
        [
          ['GD', 'Tiger'],
          ['71G', 'T-34'],
        ],
      );
      expect(terrainId(H('1905'))).toBe('clear');
      const r = duelNeed(E, g, b, chit(s, 'GD', 'Tiger'), chit(s, '71G', 'T-34'));
      expect([r.need, r.natural1]).toEqual([need, n1]); // Tiger 6 - T-34 armor 1
    }
  });

  it("A-15 tankSupportVsHexTdl: a diamond tank-support shot is against the hex TDL (default) or the defender's best armor when higher", () => {
    const { def, att } = layout('town');
    for (const [opt, need] of [
      [true, 6 - 0],
      [false, 6 - 2],
    ] as const) {
      // clear TDL 0; KV-1 armor 2
      const { g, b, s } = battleIn(
        {
          units: { GD: att, '71G': def },
          chits: { GD: ['Tiger'], '71G': ['KV-1'] },
          options: { tankSupportVsHexTdl: opt },
        },
        '71G',
        ['GD'],
        [
          ['GD', 'Tiger'],
          ['71G', 'KV-1'],
        ],
      );
      expect(supportNeed(E, g, b, chit(s, 'GD', 'Tiger'), 'diamond')).toBe(need);
    }
  });

  it('A-19 groundAttackOwnerIsDefender: outside a battle a T-34 in a town is hit on fire - max(armor, TDL) (default) or fire - armor', () => {
    const { far } = layout('town');
    for (const [opt, need] of [
      [true, 3 - 2],
      [false, 3 - 1],
    ] as const) {
      const s = position({
        units: { '71G': far },
        chits: { '71G': ['T-34'] },
        faceUp: ['T-34'],
        options: { groundAttackOwnerIsDefender: opt },
      });
      expect(groundNeed(E, s.game, chit(s, '71G', 'T-34'), 3)).toEqual({ need, natural1: true });
    }
  });

  it('A-16 airOneMission: Rudel may name two targets (default) or one ("1 fire")', () => {
    for (const [opt, pairs] of [
      [true, true],
      [false, false],
    ] as const) {
      const s = position({
        units: { GD: '1904', '71G': '1905' },
        chits: { '71G': ['T-34', 'KV-1'] },
        faceUp: ['T-34', 'KV-1'],
        support: { DE: ['Ju 87 (Rudel)'] },
        options: { airOneMission: opt },
      });
      expect(airOptions(E, s.game, 'DE').some((m) => m.targets.length === 2)).toBe(pairs);
    }
  });

  it('A-21 sniperThenCommander: a Commander named by a Sniper has no effect (default) or still cancels its target', () => {
    for (const [opt, cancelled] of [
      [true, false],
      [false, true],
    ] as const) {
      const { g, b, s } = battleIn(
        {
          units: { GD: '1904', '71G': '1905' },
          support: { SU: ['Sniper', 'Melee'], DE: ['Commander'] },
          options: { sniperThenCommander: opt },
        },
        '71G',
        ['GD'],
      );
      const [sn, mel, cmd] = [sup(s, 'SU', 'Sniper'), sup(s, 'SU', 'Melee'), sup(s, 'DE', 'Commander')];
      b.alloc.SU.push(sn, mel);
      b.alloc.DE.push(cmd);
      b.snipes.push([sn, cmd], [cmd, mel]);
      b.step = 'cancel';
      applyCancels(E, noCtx([]), g, b);
      expect(b.cancelled.includes(mel)).toBe(cancelled);
      expect(b.cancelled.includes(cmd)).toBe(true);
    }
  });

  it('A-42 groundAttackBombingNamesChit: a ground-attack bombing hit is not also pooled for 16.2(3) (default) or is', () => {
    for (const [opt, pooled] of [
      [true, 0],
      [false, 1],
    ] as const) {
      const { g, b, s } = battleIn(
        {
          units: { GD: '1904', '71G': '1905' },
          chits: { '71G': ['T-34'] },
          faceUp: ['T-34'],
          support: { DE: ['Hs 129'] },
          options: { groundAttackBombingNamesChit: opt },
        },
        '71G',
        ['GD'],
        [['71G', 'T-34']],
      );
      const hs = sup(s, 'DE', 'Hs 129');
      g.support.find((c) => c.id === hs)!.loc = 'air';
      g.combat!.air = {
        raider: 'DE',
        chit: hs,
        mission: 'bomb',
        targets: [chit(s, '71G', 'T-34')],
        step: 'execute',
        aaFired: [],
        interceptor: null,
        counter: null,
        shot: 0,
        cancelled: false,
        aaNext: null,
      };
      stepAir(E, noCtx([1]), g);
      expect(b.dmg.DE).toBe(1);
      expect(b.bombPool.DE).toBe(pooled);
    }
  });

  it('A-28 retreatSovietFirst: on a tie the Soviet decides on retreat first (default) or the German', () => {
    for (const [opt, first] of [
      [true, 'SU'],
      [false, 'DE'],
    ] as const) {
      let s = position({ units: { GD: '1904', '71G': '1905' }, options: { retreatSovietFirst: opt } });
      s = declare(dice(s, 1, 6, 6, 6, 1, 6, 6), ['GD', '71G']); // one hit each: a tie, both lose 1
      while (kind(s) !== 'cb:retreat') s = act(s, legal(s).find((a) => /^done|^no|^keep/.test(a.type))!);
      expect(prokhorovka.decision(s)!.role).toBe(first);
    }
  });

  it('A-30 turn1RetreatAllowed: on turn 1 a beaten German stack may retreat (default) or must stand', () => {
    for (const [opt, next] of [
      [true, 'cb:retreat'],
      [false, 'cb:loss'],
    ] as const) {
      let s = position({
        side: 'SU',
        turn: 1,
        units: { '71G': '1904', GD: '1905' },
        options: { turn1RetreatAllowed: opt },
      });
      s = declare(dice(s, 1, 1, 1, 6, 6, 6, 6), ['71G', 'GD']);
      while (!['cb:retreat', 'cb:loss'].includes(kind(s)!))
        s = act(s, legal(s).find((a) => /^done|^no|^keep/.test(a.type))!);
      expect(kind(s)).toBe(next);
      expect(prokhorovka.decision(s)!.role).toBe('DE');
    }
  });

  it('A-54 bombingWindowWholeBattle: the first air window comes before the support step (default) or only before the bombardment', () => {
    for (const [opt, where] of [
      [true, /before support/],
      [false, /before bombard/],
    ] as const) {
      let s = position({
        units: { GD: '1904', '71G': '1905' },
        support: { DE: ['He 111'] },
        options: { bombingWindowWholeBattle: opt },
      });
      s = declare(s, ['GD', '71G']);
      while (kind(s) !== 'cb:air') s = act(s, legal(s).find((a) => /^done|^no|^keep/.test(a.type))!);
      expect(prokhorovka.decision(s)!.prompt).toMatch(where);
    }
  });
});

describe('§8 alternatives: reinforcements, support, victory', () => {
  it('A-04 reinforcementsMayDesignate: an arriving unit may be designated in phase 3 (default) or not', () => {
    for (const opt of [true, false]) {
      const s = position({ side: 'SU', units: { '71G': '1507' }, options: { reinforcementsMayDesignate: opt } });
      s.game.units.find((u) => u.id === '13G')!.hex = ARRIVING;
      s.game.phase = 'designation';
      s.game.stack = [];
      askPhase(s.game, 'designation');
      expect(legal(s).some((a) => a.type === 'designate' && a.unit === '13G')).toBe(opt);
    }
  });

  it("A-32 turn10SameSP: with 19.1 the turn-10 Soviet support count is turn 9's (default) or none", () => {
    const nine = E.d.tables.turnTrack[8]!.sovSP;
    expect(nine).toBeGreaterThan(0);
    for (const [opt, n] of [
      [true, nine],
      [false, 0],
    ] as const) {
      const s = position({ units: {}, options: { extendedGame: true, turn10SameSP: opt } });
      s.game.turn = 10;
      expect(sovSP(E, s.game)).toBe(n);
    }
  });

  it('A-47 vpNeedsNoOccupation, A-09 locEndHexZocBlocks: a VP hex needs only a LOC (default) or a German stack too; an empty VP hex in Soviet ZOC blocks (default) or not', () => {
    const vp = E.b.vpHexes;
    const s = position({ units: { GD: L(vp[0]!) }, options: {} });
    expect(germanVP(E, s.game).hexes).toHaveLength(vp.length);
    s.game.o.vpNeedsNoOccupation = false;
    expect(germanVP(E, s.game).hexes).toEqual([vp[0]]);
    s.game.o.vpNeedsNoOccupation = true;
    const obo = vp.find((h) => h !== vp[0] && grid.neighbours(h).some((x) => !E.b.source[x] && !vp.includes(x)))!;
    s.game.units.find((u) => u.id === '71G')!.hex = grid
      .neighbours(obo)
      .find((x) => !E.b.source[x] && !vp.includes(x))!;
    s.game.ver++;
    expect(germanVP(E, s.game).hexes).not.toContain(obo);
    s.game.o.locEndHexZocBlocks = false;
    expect(germanVP(E, s.game).hexes).toContain(obo);
  });
});
