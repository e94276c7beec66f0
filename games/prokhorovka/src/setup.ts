/**
 * Set-up (4.0): units to their hexes and the reserve pool, the random equipment draws, the
 * Soviet's support draw, then two decisions: each side (Soviet first) places its drawn chits
 * (4.0(5)), and the German chooses its turn-1 support chits (4.0(6)1); then the game begins.
 */
import { RuleError, end, type Ctx } from '@sandtable/engine';
import { drawEquip, drawSupport } from './draw.ts';
import { initialMoveState } from './movement.ts';
import { toOpts } from './options.ts';
import { beginGame } from './sequence.ts';
import {
  AS_ASKED,
  AS_CHIT,
  RESERVE,
  ask,
  chitsByUnit,
  detachmentUnitId,
  values,
  type Decides,
  type Env,
  type PGState,
  type Side,
} from './state.ts';
import type { Options } from '@sandtable/engine';
import { msg } from './texts/index.ts';

export type SetupAction =
  | { type: 'place'; chit: string; unit: string }
  | { type: 'donePlacing' }
  | { type: 'pickSupport'; chit: string };

/** 4.0(1)-(6): the position before the players' set-up decisions, with the Soviet placing first. */
export function setup(E: Env, ctx: Ctx, options: Options): PGState {
  const o = toOpts(options);
  if (o.extraCounters)
    throw new RuleError('19.4', 'the 19.4 counters (6GAb, 66G) are not part of this game', 'malformed');
  const g: PGState = {
    o,
    turn: 0,
    lastTurn: o.extendedGame ? E.d.tables.game.optionalTurn : E.d.tables.game.turns,
    side: 'SU',
    phase: 'setup',
    units: [
      ...E.d.units.map((u) => ({ id: u.id, side: u.side, hex: RESERVE, reduced: false, designated: false })),
      // 签一览 detachment: each detachment chit's combat unit, off the map until it splits off
      ...E.d.equipment
        .filter((c) => c.cls === 'detachment')
        .map((c) => ({ id: detachmentUnitId(c.id), side: c.side, hex: AS_CHIT, reduced: false, designated: false })),
    ],
    equip: E.d.equipment.map((c) => ({ id: c.id, side: c.side, loc: 'cup', faceUp: false })),
    support: E.d.support.map((c) => ({ id: c.id, side: c.side, loc: 'cup', faceUp: false })),
    ver: 0,
    germanReinfDone: false,
    mv: initialMoveState(E),
    stack: [],
    result: null,
  };
  // 4.0(2)(3): dotted units to the reserve pool, the others on their set-up hexes
  for (const p of E.d.setup) g.units.find((u) => u.id === p.unit)!.hex = E.b.grid.hex(p.hex);
  // 4.0(4): random equipment draws; 4.0(6)2: the Soviet draws 4 support chits
  for (const s of ['SU', 'DE'] as Side[]) {
    const n = E.d.tables.setupDraws[s];
    drawEquip(E, ctx, g, s, 'tank', n.tank, 'drawn', 'set-up (4.0(4))');
    drawEquip(E, ctx, g, s, 'equip', n.equip, 'drawn', 'set-up (4.0(4))');
  }
  drawSupport(ctx, g, 'SU', E.d.tables.support.sovietDrawAtSetup, 'set-up (4.0(6)2)');
  ask(g, 'setupPlace', 'SU', '4.0(5)', msg('pk.setupPlace'));
  return g;
}

type PlaceAction = Extract<SetupAction, { type: 'place' | 'donePlacing' }>;

/** 4.0(5): drawn chits go face-down under own units up to their equipment value; the rest to the reorganization pool. */
export const setupPlace: Decides<'setupPlace', PlaceAction> = {
  ...AS_ASKED,
  rule: '4.0(5)',
  actions: ['place', 'donePlacing'],
  legal(E, g, f) {
    const out: PlaceAction[] = [{ type: 'donePlacing' }];
    const drawn = g.equip.filter((c) => c.side === f.side && c.loc === 'drawn');
    const under = chitsByUnit(g);
    for (const u of g.units)
      if (u.side === f.side && u.hex >= 0 && values(E, u).equip > (under.get(u.id)?.length ?? 0))
        for (const c of drawn) out.push({ type: 'place', chit: c.id, unit: u.id });
    return out;
  },
  perform(_E, _ctx, g, f, a) {
    if (a.type === 'place') {
      g.equip.find((x) => x.id === a.chit)!.loc = a.unit;
      return;
    }
    for (const c of g.equip) if (c.side === f.side && c.loc === 'drawn') c.loc = 'reorg'; // 4.0(5)
    end(g.stack);
    if (f.side === 'SU') ask(g, 'setupPlace', 'DE', '4.0(5)', msg('pk.setupPlace'));
    else ask(g, 'setupSupport', 'DE', '4.0(6)1', msg('pk.setupSupport'), { count: 0 });
  },
  refuse: (_E, _g, _f, a) =>
    a.type === 'place'
      ? { rule: '4.0(5), 3.4(2)', message: 'drawn chits go under your own units, up to their equipment value' }
      : null,
};

/** 4.0(6)1: the German chooses 8 of its 18 support chits for its turn-1 support pool; then the game begins. */
export const setupSupport: Decides<'setupSupport', Extract<SetupAction, { type: 'pickSupport' }>> = {
  ...AS_ASKED,
  rule: '4.0(6)1',
  actions: ['pickSupport'],
  legal: (_E, g) =>
    g.support.filter((c) => c.side === 'DE' && c.loc === 'cup').map((c) => ({ type: 'pickSupport', chit: c.id })),
  perform(E, ctx, g, f, a) {
    g.support.find((x) => x.id === a.chit)!.loc = 'pool';
    f.count += 1;
    if (f.count < E.d.tables.support.germanChooseAtSetup) return;
    end(g.stack);
    beginGame(ctx, g);
  },
};
