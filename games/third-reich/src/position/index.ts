/**
 * Third Reich positions (POSITIONS.md): the game's `PositionCodec`. `save` writes the whole state,
 * hidden parts included, in names; `load` checks a position (shape, names, invariants with their
 * rules) and builds the state, so that `load(save(g))` is `g`.
 */
import type { PositionCodec } from '@sandtable/engine';
import type { Board } from '../board.ts';
import type { TRState } from '../state.ts';
import { loadPosition } from './load.ts';
import { savePosition } from './save.ts';

export type { Position, PositionInput } from './schema.ts';
export { positionSchema } from './schema.ts';

export function positionCodec(b: Board): PositionCodec<TRState> {
  return {
    save: (g) => savePosition(b, g),
    load: (json, options) => loadPosition(b, json, options),
  };
}
