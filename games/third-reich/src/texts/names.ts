/**
 * Names as players read them (issue #16 item 2): a counter kind by nation and type ("German tank",
 * "German tank 5-2-3" for a variant), a nation ("British Commonwealth"), a side ("Allies"), a card
 * ("Blitzkrieg") and an area ("North Atlantic"). Ids ("GE-TF5", "ax2-blitz-1", "north_atlantic")
 * stay in records and the API.
 */
import type { Board } from '../board.ts';

const ADJECTIVE: Record<string, string> = {
  GE: 'German',
  IT: 'Italian',
  HU: 'Hungarian',
  RU: 'Romanian',
  BU: 'Bulgarian',
  FI: 'Finnish',
  TU: 'Turkish',
  SP: 'Spanish',
  UK: 'British',
  FR: 'French',
  PO: 'Polish',
  US: 'US',
  SU: 'Soviet',
  SW: 'Swedish',
  NW: 'Norwegian',
  SZ: 'Swiss',
  PG: 'Portuguese',
  IR: 'Irish',
  NE: 'Dutch',
  BE: 'Belgian',
  YU: 'Yugoslav',
  GR: 'Greek',
  DE: 'Danish',
};

/** A side as players read it. */
export const sideName = (s: string): string => (s === 'axis' ? 'Axis' : s === 'allies' ? 'Allies' : s);

/** A nation by its code ("UK" -> "British Commonwealth"). */
export const nationName = (b: Board, code: string): string => b.data.nations.find((n) => n.id === code)?.name ?? code;

/** A nation's adjective ("GE" -> "German"). */
export const nationAdjective = (code: string): string => ADJECTIVE[code] ?? code;

/** A counter kind ("GE-TF5" -> "German tank 5-2-3"; the base kind has no values). */
export function counterName(b: Board, id: string): string {
  const c = b.counters[b.counterIndex.get(id) ?? -1];
  if (!c) return id;
  const type = b.data.unitTypes.find((t) => t.id === c.type)?.name.toLowerCase() ?? c.type;
  const variant = id !== `${c.nation}-${c.type}` ? ` ${c.attack}-${c.durability}-${c.movement}` : '';
  return `${nationAdjective(c.nation)} ${type}${variant}`;
}

/** A card by its id ("ax2-blitz-1" -> "Blitzkrieg"). */
export const cardName = (b: Board, id: string): string => b.cardById.get(id)?.name ?? id;

/** An area by its id ("north_atlantic" -> "North Atlantic"). */
export const areaTitle = (b: Board, id: string): string => b.data.areas[b.areaIndex.get(id) ?? -1]?.name ?? id;
