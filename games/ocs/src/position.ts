/**
 * The position format (POSITIONS.md): the whole state as JSON, hidden parts included, less the
 * options (they come with the record). Loading checks the shape and what
 * the rules need of it: every unit a counter of the title (GC-IV), every hex on the map, dumps
 * and hedgehogs whole (12.1, 16.0), the decision stack present until the game is over (2.2).
 */
import { PositionChecks, parsePosition, type PositionCodec } from '@sandtable/engine';
import { z } from 'zod';
import type { Env } from './env.ts';
import { toOpts } from './options.ts';
import type { Frame, OcsState } from './state.ts';

const unit = z
  .object({
    hex: z.number().int(),
    box: z.string().optional(),
    face: z.enum(['combat', 'move']),
    marker: z.enum(['reserve', 'strat', 'dg', 'exploit']).optional(),
    lost: z.number().int().min(0).optional(),
    oos: z.boolean().optional(),
    stocks: z.enum(['low', 'exhausted']).optional(),
    hadZoc: z.boolean().optional(),
    fuelPhase: z.number().int().optional(),
    active: z.boolean().optional(),
    loadT: z.number().min(0).optional(),
  })
  .strict();

export const positionSchema = z
  .object({
    turn: z.number().int().min(0),
    weather: z.string(),
    first: z.string().nullable(),
    phasing: z.string().nullable(),
    phaseSeq: z.number().int().min(0),
    /** Bumped at every change of units (the rules' caches); 1 when absent. */
    version: z.number().int().min(1).optional(),
    units: z.record(z.string(), unit),
    dumps: z.record(z.string(), z.record(z.string(), z.number().min(0))),
    control: z.record(z.string(), z.string()),
    hedgehogs: z.record(z.string(), z.object({ side: z.string(), level: z.number().int().min(0) }).strict()),
    stepsLost: z.record(z.string(), z.number().min(0)),
    fueled: z.record(z.string(), z.array(z.string())).optional(),
    dug: z.array(z.number().int()).optional(),
    railUsed: z.record(z.string(), z.number().min(0)).optional(),
    released: z.array(z.string()).optional(),
    pendingDefender: z
      .object({ loss: z.number(), dg: z.boolean(), ar: z.string(), enemyHexes: z.array(z.number().int()) })
      .strict()
      .optional(),
    /** The decision stack (state.ts `Frame`); checked by the flow as it runs. */
    stack: z.array(z.object({ kind: z.string() }).passthrough()),
    result: z.object({ winner: z.string().nullable(), reason: z.string(), rule: z.string() }).passthrough().nullable(),
  })
  .strict();

export type Position = z.infer<typeof positionSchema>;

/** The position of `g`: the state without its options (the record carries them). */
export function savePosition(g: OcsState): Position {
  const { options: _o, ...rest } = structuredClone(g);
  return rest as Position;
}

/** Checks the invariants a position must keep, each with its rule. */
function check(env: Env, p: Position): void {
  const c = new PositionChecks();
  const n = env.grid.nodeCount;
  for (const [id, u] of Object.entries(p.units)) {
    c.check(env.counters.has(id), 'GC-IV', `units.${id} is not a counter of ${env.data.scenario.title}`);
    c.check(u.hex >= -1 && u.hex < n, '4.1', `units.${id}.hex ${u.hex} is not a hex of the map`);
    c.check(u.hex >= 0 || u.box !== undefined, '13.6', `units.${id} is off the map and in no box`);
  }
  for (const id of env.counters.keys()) c.check(id in p.units, 'GC-IV', `units lacks ${id}`);
  for (const [side, dumps] of Object.entries(p.dumps)) {
    c.check(env.sides.includes(side), '12.1', `dumps.${side} is not a side`);
    for (const h of Object.keys(dumps))
      c.check(Number(h) >= 0 && Number(h) < n, '12.1', `dumps.${side}.${h} is off the map`);
  }
  for (const h of Object.keys(p.hedgehogs))
    c.check(Number(h) >= 0 && Number(h) < n, '16.0', `hedgehogs.${h} is off the map`);
  c.check(p.stack.length > 0 || p.result !== null, '2.2', 'stack is empty and the game is not over');
  c.done();
}

export function positionCodec(env: Env): PositionCodec<OcsState> {
  return {
    save: savePosition,
    load(json, options) {
      const p = parsePosition(positionSchema, json);
      check(env, p);
      return {
        ...(structuredClone(p) as Omit<OcsState, 'options' | 'version'>),
        stack: p.stack as Frame[],
        version: p.version ?? 1,
        options: toOpts(options),
      };
    },
  };
}
