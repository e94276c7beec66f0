/**
 * Prokhorovka positions (POSITIONS.md): the whole situation as JSON by names — units by id on
 * hexes by label ("CCRR") or in a box, chits by id where they lie, face up or down — so an
 * owner can write a puzzle by hand and `sandtable position` prints one that loads back to the
 * same play. Hidden chits are part of a position: it is the record owner's tool.
 */
import {
  checkPositionOptions,
  optionsOffDefault,
  parsePosition,
  PositionChecks,
  type Ctx,
  type Options,
  type PositionCodec,
} from '@sandtable/engine';
import { z } from 'zod';
import { OPTION_SPECS, toOpts } from '../options.ts';
import {
  AS_CHIT,
  ARRIVING,
  DETACHED,
  ELIMINATED,
  RESERVE,
  copyMoveState,
  detachmentChitOf,
  values,
  type Env,
  type Frame,
  type PGState,
} from '../state.ts';
import type { CombatState } from '../combat/types.ts';

/** Unit boxes off the map, by name (2.2.2(3), 7.0(2), 签一览 detachment). */
const BOXES = { reserve: RESERVE, eliminated: ELIMINATED, arriving: ARRIVING, 'as-chit': AS_CHIT } as const;
type Box = keyof typeof BOXES;
const boxOf = (hex: number): Box | undefined => (Object.keys(BOXES) as Box[]).find((b) => BOXES[b] === hex);

const side = z.enum(['DE', 'SU']);
const chit = z.strictObject({ id: z.string().min(1), loc: z.string().min(1), faceUp: z.boolean() });
const frame = z.looseObject({ kind: z.string().min(1) });

export const positionSchema = z.strictObject({
  format: z.literal('prokhorovka-position/1'),
  /** Options off their defaults the position was saved under. */
  options: z.record(z.string(), z.unknown()).optional(),
  turn: z.number().int().min(0),
  lastTurn: z.number().int().min(1),
  side,
  phase: z.string().min(1),
  units: z.array(
    z.strictObject({
      id: z.string().min(1),
      side,
      /** A hex label "CCRR", or a box: reserve, eliminated, arriving, as-chit. */
      at: z.string().min(1),
      reduced: z.boolean(),
      designated: z.boolean(),
    }),
  ),
  equip: z.array(chit),
  support: z.array(chit),
  /** The cache counter of unit moves (any integer; views show it). */
  ver: z.number().int().min(0).default(0),
  germanReinfDone: z.boolean(),
  mv: z.strictObject({
    moved: z.array(z.string()),
    strategic: z.array(z.string()),
    picked: z
      .strictObject({ unit: z.string(), mode: z.enum(['normal', 'strategic']), from: z.string().optional() })
      .nullable(),
    cities: z.record(z.string(), side),
    xxivDone: z.boolean(),
    lastPath: z.array(z.string()),
  }),
  /** The attack phase under way (combat/types.ts), by ids; a battle's retreat path by hex labels. */
  combat: z
    .looseObject({ battles: z.array(z.looseObject({ path: z.array(z.string()) })) })
    .nullable()
    .optional(),
  /** Pending decisions, the last on top (state.ts frames). */
  stack: z.array(frame),
  result: z.strictObject({ winner: z.string().nullable(), reason: z.string(), rule: z.string() }).nullable(),
});
export type Position = z.infer<typeof positionSchema>;

/** Chit places that are not a unit: the cup, the reorganization and support pools, drawn, gone, on an air mission, allocated to a battle, arriving with a reinforcement. */
const CHIT_BOXES = ['cup', 'reorg', 'pool', 'drawn', 'gone', 'air', 'alloc', 'arriving'];

export function savePosition(E: Env, g: PGState): Position {
  const label = (h: number) => E.b.grid.label(h);
  const combat = g.combat && {
    ...structuredClone(g.combat),
    battles: g.combat.battles.map((b) => ({ ...structuredClone(b), path: b.path.map(label) })),
  };
  const p: Position = {
    format: 'prokhorovka-position/1',
    options: optionsOffDefault(OPTION_SPECS, g.o as unknown as Record<string, unknown>),
    turn: g.turn,
    lastTurn: g.lastTurn,
    side: g.side,
    phase: g.phase,
    units: g.units.map((u) => ({
      id: u.id,
      side: u.side,
      at: boxOf(u.hex) ?? label(u.hex),
      reduced: u.reduced,
      designated: u.designated,
    })),
    equip: g.equip.map((c) => ({ id: c.id, loc: c.loc, faceUp: c.faceUp })),
    support: g.support.map((c) => ({ id: c.id, loc: c.loc, faceUp: c.faceUp })),
    ver: g.ver,
    germanReinfDone: g.germanReinfDone,
    mv: copyMoveState(g.mv),
    stack: structuredClone(g.stack),
    result: g.result && { ...g.result },
  };
  if (g.combat !== undefined) p.combat = combat ?? null;
  return p;
}

export function loadPosition(
  E: Env,
  json: unknown,
  options: Options,
  ctx?: Ctx,
  proceed?: (ctx: Ctx, g: PGState) => void,
): PGState {
  const p = parsePosition(positionSchema, json);
  const checks = new PositionChecks();
  checkPositionOptions(p.options, OPTION_SPECS, options, checks);
  const hexOf = (label: string, where: string): number => {
    const h = E.b.grid.indexOfLabel(label);
    checks.check(h >= 0, '2.1', `${where}: no hex "${label}" on the map`);
    return h;
  };
  const g: PGState = {
    o: toOpts(options),
    turn: p.turn,
    lastTurn: p.lastTurn,
    side: p.side,
    phase: p.phase,
    units: p.units.map((u, i) => ({
      id: u.id,
      side: u.side,
      hex: u.at in BOXES ? BOXES[u.at as Box] : hexOf(u.at, `units.${i}.at`),
      reduced: u.reduced,
      designated: u.designated,
    })),
    equip: p.equip.map((c) => ({ ...c, side: E.equipById.get(c.id)?.side ?? 'DE' })),
    support: p.support.map((c) => ({ ...c, side: E.supportById.get(c.id)?.side ?? 'DE' })),
    ver: p.ver,
    germanReinfDone: p.germanReinfDone,
    mv: copyMoveState(p.mv as PGState['mv']),
    stack: structuredClone(p.stack) as Frame[],
    result: p.result && { ...p.result },
  };
  if (p.combat !== undefined) {
    g.combat =
      p.combat &&
      ({
        ...structuredClone(p.combat),
        battles: p.combat.battles.map((b, i) => ({
          ...structuredClone(b),
          path: b.path.map((l, k) => hexOf(l, `combat.battles.${i}.path.${k}`)),
        })),
      } as unknown as CombatState);
  }
  checks.done(); // hex labels first: the invariants read hexes
  checkPosition(E, g, checks);
  checks.done();
  if (ctx && proceed) proceed(ctx, g); // an automatic step on top runs now, as at set-up
  const top = g.stack.at(-1);
  checks.check(
    g.result !== null || (top !== undefined && 'role' in top),
    '5.0',
    top
      ? `the top of the stack is the automatic step "${top.kind}": no player can act`
      : 'no decision is pending and the game has no result',
  );
  checks.done();
  return g;
}

/** The rules' invariants (rule numbers as the rules code cites them). */
function checkPosition(E: Env, g: PGState, checks: PositionChecks): void {
  const units = new Map(g.units.map((u) => [u.id, u]));
  for (const [i, u] of g.units.entries()) {
    const data = E.unitById.get(u.id);
    checks.check(data, '2.1', `units.${i}: no unit "${u.id}" in the order of battle`);
    if (data) checks.check(data.side === u.side, '2.1', `units.${i}: ${u.id} is ${data.side}, not ${u.side}`);
    checks.check(g.units.findIndex((x) => x.id === u.id) === i, '2.1', `units.${i}: ${u.id} is listed twice`);
    const isDetachment = detachmentChitOf(u.id) !== null;
    checks.check(
      u.hex !== AS_CHIT || isDetachment,
      '签一览 detachment',
      `units.${i}: only a detachment unit may be "as-chit"`,
    );
  }
  for (const d of E.unitById.values())
    checks.check(units.has(d.id), '2.1', `units: ${d.id} is missing (every unit is somewhere: a hex or a box)`);
  // 3.4(1): one stack to a hex; never both sides in one hex
  const inHex = new Map<number, string>();
  for (const u of g.units) {
    if (u.hex < 0) continue;
    const there = inHex.get(u.hex);
    checks.check(
      !there,
      '3.4(1)',
      `units: ${u.id} and ${there} are both in hex ${E.b.grid.label(u.hex)} (one stack to a hex)`,
    );
    inHex.set(u.hex, u.id);
  }
  const chitPlace = (kind: 'equip' | 'support', known: Map<string, unknown>) => {
    const list = g[kind];
    for (const [i, c] of list.entries()) {
      checks.check(
        known.has(c.id),
        '2.12',
        `${kind}.${i}: no ${kind === 'equip' ? 'equipment' : 'support'} chit "${c.id}"`,
      );
      checks.check(list.findIndex((x) => x.id === c.id) === i, '2.12', `${kind}.${i}: ${c.id} is listed twice`);
      const onUnit = units.get(c.loc);
      checks.check(
        CHIT_BOXES.includes(c.loc) || c.loc === DETACHED || onUnit,
        '2.12',
        `${kind}.${i}: ${c.id} is at "${c.loc}", neither a unit nor a box (${CHIT_BOXES.join(', ')}, ${DETACHED})`,
      );
      if (onUnit)
        checks.check(onUnit.side === c.side, '3.5', `${kind}.${i}: ${c.id} is under ${onUnit.id} of the other side`);
    }
    for (const id of known.keys())
      checks.check(
        list.some((c) => c.id === id),
        '2.12',
        `${kind}: ${id} is missing`,
      );
  };
  chitPlace('equip', E.equipById);
  chitPlace('support', E.supportById);
  // 3.4(2): a unit holds no more equipment chits than its equipment value
  for (const u of g.units) {
    if (u.hex < 0 || !E.unitById.has(u.id)) continue;
    const under = g.equip.filter((c) => c.loc === u.id).length;
    // a reduced unit keeps its chits until the reorganization (5.1(7)): the full side's value bounds them
    const room = Math.max(values(E, u).equip, E.unitById.get(u.id)!.full.equip);
    checks.check(under <= room, '3.4(2)', `units: ${u.id} holds ${under} equipment chits, more than its ${room}`);
  }
  for (const [i, f] of g.stack.entries()) {
    if ('role' in f)
      checks.check(f.role === 'DE' || f.role === 'SU', '5.0', `stack.${i}: role "${String(f.role)}" is not DE or SU`);
  }
}

export function positionCodec(E: Env, proceed: (ctx: Ctx, g: PGState) => void): PositionCodec<PGState> {
  return {
    save: (g) => savePosition(E, g),
    load: (json, options, ctx) => loadPosition(E, json, options, ctx, proceed),
  };
}
