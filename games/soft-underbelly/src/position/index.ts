/**
 * Soft Underbelly positions (POSITIONS.md): the game's `PositionCodec`. `save` writes the whole
 * state in names; `load` checks a position (shape, names, invariants with their rules), builds the
 * state and runs an automatic step left on top, so that `load(save(g))` is `g`.
 */
import type { PositionCodec } from '@sandtable/engine';
import type { Env, SUState } from '../state.ts';
import { loadPosition } from './load.ts';
import { savePosition } from './save.ts';

export type { Position, PositionInput } from './schema.ts';
export { positionSchema } from './schema.ts';

export function positionCodec(E: Env): PositionCodec<SUState> {
  return {
    save: (g) => savePosition(E, g),
    load: (json, options, ctx) => loadPosition(E, json, options, ctx),
  };
}
