/**
 * Positions (POSITION.md): the whole situation as plain JSON, hidden mine included, so a player can
 * set up a puzzle and a test can start anywhere without reaching into internals. `load` checks the
 * schema, then the rules' invariants (ids, hexes, stacking, the mine), naming the rule each breaks.
 */
import { type Options, PositionChecks, parsePosition, type PositionCodec } from '@sandtable/engine';
import { z } from 'zod';
import type { Env } from './board.ts';
import { fordId, hexLabel, side } from './data/index.ts';
import { toOpts } from './options.ts';
import { firstFrames, flow, startTurn } from './sequence.ts';
import { type BridgeState, type Frame, frameSchema } from './state.ts';
import { sideOf } from './units.ts';

export const positionSchema = z.strictObject({
  /** 0 before turn 1 (South has yet to mine a ford), else 1-6. */
  turn: z.number().int().min(0),
  /** Every unit's hex, or null when eliminated. */
  units: z.record(z.string(), hexLabel.nullable()),
  mine: z.strictObject({ ford: fordId.nullable(), exploded: z.boolean() }),
  /** The decision stack, bottom first. Absent: the start of `turn` (or the set-up, when turn is 0). */
  stack: z.array(frameSchema).optional(),
  /** The outcome, when the game is over. */
  result: z.strictObject({ winner: side.nullable(), reason: z.string(), rule: z.string() }).nullable().optional(),
});
export type Position = z.infer<typeof positionSchema>;

export function positionCodec(env: Env): PositionCodec<BridgeState> {
  return {
    save: ({ turn, units, mine, stack, result }) => structuredClone({ turn, units, mine, stack, result }),
    load(json: unknown, options: Options): BridgeState {
      const p = parsePosition(positionSchema, json);
      const g: BridgeState = {
        turn: p.turn,
        units: p.units,
        mine: p.mine,
        stack: p.stack ?? (p.turn === 0 ? firstFrames() : []),
        options: toOpts(options),
        result: p.result ?? null,
      };
      if (!p.stack && p.turn > 0) startTurn(g, p.turn);
      check(env, g);
      return g;
    },
  };
}

/** The invariants of a position, each with its rule. */
function check(env: Env, g: BridgeState): void {
  const c = new PositionChecks();
  const ids = Object.keys(env.unit);
  for (const id of Object.keys(g.units)) c.check(ids.includes(id), '4.1', `unknown unit ${id}`);
  for (const id of ids) c.check(id in g.units, '4.1', `unit ${id} is missing (null if eliminated)`);
  for (const f of g.stack)
    for (const id of unitsNamed(f)) c.check(ids.includes(id), '4.1', `frame ${f.kind} names unknown unit ${id}`);
  const byHex = new Map<string, string[]>();
  for (const [id, hex] of Object.entries(g.units)) {
    if (hex === null || !env.unit[id]) continue;
    c.check(env.grid.indexOfLabel(hex) >= 0, '2.1', `${id} is off the map at ${hex}`);
    byHex.set(hex, [...(byHex.get(hex) ?? []), id]);
  }
  for (const [hex, here] of byHex) {
    c.check(here.length <= env.data.tables.stacking.value, '4.2', `${hex} holds ${here.length} units`);
    c.check(new Set(here.map((u) => sideOf(env, u))).size === 1, '4.2', `${hex} holds units of both sides`);
  }
  c.check(g.turn <= env.data.tables.turns.value, '3.1', `turn ${g.turn} is past the last turn`);
  c.check(g.mine.ford !== null || g.turn === 0, '4.3', 'South mines a ford before turn 1');
  c.check(g.mine.ford !== null || !g.mine.exploded, '5.5', 'an exploded mine must name its ford');
  const top = g.stack.at(-1);
  c.check(
    g.result !== null || (top !== undefined && top.kind in flow.spec.decisions),
    '3.2',
    `the top of the stack must be a player's decision, not ${top?.kind ?? 'nothing'}`,
  );
  c.done();
}

/** The unit ids a frame names. */
function unitsNamed(f: Frame): string[] {
  switch (f.kind) {
    case 'movement':
      return [...Object.keys(f.spent), ...Object.keys(f.stopped)];
    case 'combat':
      return f.attacked;
    case 'resolve':
      return f.attackers;
    case 'retreat':
      return [f.unit];
    case 'loss':
    case 'advance':
      return f.units;
    default:
      return [];
  }
}
