/**
 * Positions (POSITIONS.md): the whole situation as plain JSON, so a player can set up a situation and
 * a test can start anywhere through the public contract. `load` checks the schema, then the rules'
 * invariants (ids, hexes, stacking, pools), naming the rule each breaks.
 */
import { type Ctx, type Options, PositionChecks, parsePosition, type PositionCodec } from '@sandtable/engine';
import { z } from 'zod';
import type { Env } from './board.ts';
import { entryArea, hexLabel, side } from './data/index.ts';
import { toOpts } from './options.ts';
import { firstFrames, flow, startTurn } from './sequence.ts';
import { type DubnoState, frameSchema } from './state.ts';
import { sideOf, stackLimit } from './units.ts';

const values = z.strictObject({
  attack: z.number().int().min(0),
  defense: z.number().int().min(0),
  atAttack: z.boolean().optional(),
  atDefense: z.boolean().optional(),
});
const air = z.strictObject({ GA: z.number().int().min(0), MB: z.number().int().min(0) });

export const positionSchema = z.strictObject({
  format: z.literal('dubno-position/1'),
  turn: z.number().int().min(0),
  units: z.record(
    z.string(),
    z.strictObject({
      status: z.enum(['map', 'due', 'eliminated', 'exited', 'gone']),
      hex: hexLabel.nullable(),
      supp: z.boolean(),
      revealed: values.nullable(),
      due: z.number().int().nullable(),
      entry: entryArea.nullable(),
      inCommandWhenLost: z.boolean(),
    }),
  ),
  pools: z.record(z.string(), z.array(values)),
  event: z.string(),
  weather: z.string(),
  air: z.strictObject({
    german: z.strictObject({ cup: air, drawn: air }),
    soviet: z.strictObject({ cup: air, drawn: air }),
  }),
  vp: z.strictObject({ german: z.number(), soviet: z.number() }),
  pontoons: z.array(z.strictObject({ engineer: z.string(), at: hexLabel, between: z.string() })),
  fired: z.array(z.string()),
  fpfBarred: z.array(z.string()),
  /** The decision stack, bottom first. Absent: the start of `turn`. */
  stack: z.array(frameSchema).optional(),
  result: z.strictObject({ winner: side.nullable(), reason: z.string(), rule: z.string() }).nullable().optional(),
});
export type Position = z.infer<typeof positionSchema>;

export function positionCodec(env: Env): PositionCodec<DubnoState> {
  return {
    save: (g) => {
      const { options: _o, ...rest } = structuredClone(g);
      return { format: 'dubno-position/1', ...rest };
    },
    load(json: unknown, options: Options, ctx?: Ctx): DubnoState {
      const p = parsePosition(positionSchema, json);
      const { format: _f, stack, result, ...rest } = p;
      const g: DubnoState = {
        ...rest,
        stack: stack ?? (p.turn === 0 ? firstFrames() : []),
        options: toOpts(options),
        result: result ?? null,
      };
      if (!stack && p.turn > 0) startTurn(env, g, p.turn);
      if (ctx) flow.proceed(env, ctx, g); // automatic steps pending at the top (a phase's start) run now
      check(env, g);
      return g;
    },
  };
}

function check(env: Env, g: DubnoState): void {
  const c = new PositionChecks();
  const ids = Object.keys(env.unit);
  for (const id of Object.keys(g.units)) c.check(ids.includes(id), '2.2', `unknown unit ${id}`);
  for (const id of ids) c.check(id in g.units, '2.2', `unit ${id} is missing`);
  const byHex = new Map<string, string[]>();
  for (const [id, s] of Object.entries(g.units)) {
    if (!env.unit[id]) continue;
    c.check((s.status === 'map') === (s.hex !== null), '2.2', `${id}: a unit has a hex exactly when it is on the map`);
    if (s.hex) {
      c.check(env.grid.indexOfLabel(s.hex) >= 0, '2.1', `${id} is off the map at ${s.hex}`);
      byHex.set(s.hex, [...(byHex.get(s.hex) ?? []), id]);
    }
    c.check(s.revealed === null || !!env.unit[id]!.untried, '21.1', `${id} is not an untried unit`);
    c.check(s.status !== 'due' || (s.due !== null && s.entry !== null), '6.1', `${id} is due without a turn and entry`);
  }
  for (const [hex, here] of byHex) {
    c.check(new Set(here.map((u) => sideOf(env, u))).size === 1, '9.6', `${hex} holds units of both sides`);
    c.check(here.length <= stackLimit(env, sideOf(env, here[0]!)), '9.1', `${hex} holds ${here.length} units`);
  }
  for (const [pool, left] of Object.entries(g.pools)) {
    const untried = Object.entries(g.units).filter(([id, s]) => env.unit[id]?.untried === pool && s.revealed === null);
    const unrevealedOnBoard = untried.filter(([, s]) => s.status !== 'gone').length;
    c.check(
      left.length >= unrevealedOnBoard,
      '21.1',
      `pool ${pool} has ${left.length} values for ${unrevealedOnBoard} untried units`,
    );
  }
  for (const b of g.pontoons)
    c.check(
      !!env.unit[b.engineer] && b.between.split('/').includes(b.at),
      '22.3',
      `the pontoon bridge at ${b.between} needs a known engineer and a side of ${b.at}`,
    );
  c.check(g.turn <= env.data.tables.scenario.turns, '3.0', `turn ${g.turn} is past the last turn`);
  const top = g.stack.at(-1);
  c.check(
    g.result !== null || (top !== undefined && top.kind in flow.spec.decisions),
    '4.0',
    `the top of the stack must be a player's decision, not ${top?.kind ?? 'nothing'}`,
  );
  c.done();
}
