/**
 * Names in positions: a unit's place is a hex label "CCRR" or a box, a chit's place a unit id or a
 * box; a unit or chit not listed is where the defaults put it (POSITIONS.md).
 */
import { ARRIVING, AS_CHIT, ELIMINATED, RESERVE, detachmentChitOf, type Env } from '../state.ts';
import type { UnitBox } from './schema.ts';

const UNIT_BOX_HEX: Record<UnitBox, number> = {
  reserve: RESERVE,
  eliminated: ELIMINATED,
  arriving: ARRIVING,
  'as-chit': AS_CHIT,
};

/** Where a unit is, in words: a hex label or a box. */
export function unitPlace(E: Env, hex: number): string {
  if (hex >= 0) return E.b.grid.label(hex);
  return (Object.keys(UNIT_BOX_HEX) as UnitBox[]).find((b) => UNIT_BOX_HEX[b] === hex)!;
}

/** The hex index (or box code) of a place name, or undefined when it is neither a hex of the map nor a box. */
export function unitHexOf(E: Env, place: string): number | undefined {
  if (place in UNIT_BOX_HEX) return UNIT_BOX_HEX[place as UnitBox];
  const h = E.b.grid.indexOfLabel(place);
  return h >= 0 ? h : undefined;
}

/**
 * Where a unit not listed is: a detachment is still its chit (签一览 detachment); a dotted unit
 * waits in the reserve pool (2.11(3)3, 4.0(2)); any other is out of play (eliminated).
 */
export function defaultUnitHex(E: Env, id: string): number {
  if (detachmentChitOf(id)) return AS_CHIT;
  return E.unitById.get(id)?.reinforcement ? RESERVE : ELIMINATED;
}

/** Every unit of the game in state order: the order of battle, then one unit per detachment chit. */
export const allUnitIds = (E: Env): string[] => [...E.unitById.keys()];
