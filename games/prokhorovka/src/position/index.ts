/**
 * Prokhorovka positions (POSITIONS.md): the game's `PositionCodec`. `save` writes the whole state,
 * hidden chits included, in names (units by id on hexes by label, chits by id under a unit or in a
 * box); `load` checks a position (shape, names, the rules' invariants with their rule numbers),
 * builds the state and runs an automatic step left on top, so that `load(save(g))` is `g`.
 */
import type { Ctx, PositionCodec } from '@sandtable/engine';
import type { Env, PGState } from '../state.ts';
import { loadPosition } from './load.ts';
import { savePosition } from './save.ts';

export type { Position, PositionInput } from './schema.ts';
export { positionSchema } from './schema.ts';

/** The codec; `proceed` runs the flow (an automatic step on top of a loaded stack, as at set-up). */
export function positionCodec(E: Env, proceed: (ctx: Ctx, g: PGState) => void): PositionCodec<PGState> {
  return {
    save: (g) => savePosition(E, g),
    load: (json, options, ctx) => loadPosition(E, json, options, ctx, proceed),
  };
}
