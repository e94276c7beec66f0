/** Every implemented game, by id: the one list the CLI, web client, server and AI share. */
import type { Game } from '@sandtable/engine';
import { softUnderbelly, validateSoftUnderbellyData } from '@sandtable/soft-underbelly';
import { thirdReich, validateThirdReichData } from '@sandtable/third-reich';
import { loadProkhorovkaData, prokhorovka, validateProkhorovkaData } from '@sandtable/prokhorovka';

export interface CatalogEntry {
  game: Game<any, any, any>;
  /** Loads and cross-checks the game's data files; returns a line per check, throws on failure. */
  validate: () => string[];
}

export const catalog: Record<string, CatalogEntry> = {
  'soft-underbelly': { game: softUnderbelly, validate: validateSoftUnderbellyData },
  'third-reich': { game: thirdReich, validate: thirdReichDataLines },
  prokhorovka: { game: prokhorovka, validate: prokhorovkaDataLines },
};

/** Third Reich's data loader throws on any failed check; on success, one line per data file. */
function thirdReichDataLines(): string[] {
  const d = validateThirdReichData();
  const land = d.areas.filter((a) => a.type === 'land').length;
  return [
    `map: ${land} land + ${d.areas.length - land} sea areas, ${d.borders.length} borders`,
    `areas: ${d.areas.filter((a) => a.source).length} sources, ${d.areas.filter((a) => a.setup.length > 0).length} areas with set-up units`,
    `nations: ${d.nations.length}`,
    `counters: ${d.unitTypes.length} unit types, ${d.counters.reduce((n, c) => n + c.count, 0)} counters`,
    `cards: ${d.cards.filter((c) => c.side === 'axis').length} Axis + ${d.cards.filter((c) => c.side === 'allies').length} Allies`,
    `tracks: ${d.turns.length} turns, entry tracks ${d.entryTracks.map((t) => t.nation).join(' ')}`,
  ];
}

/** Prokhorovka's validator lists failures; the catalog throws on any and reports one line per data file. */
function prokhorovkaDataLines(): string[] {
  const errors = validateProkhorovkaData();
  if (errors.length > 0) throw new Error(errors.join('\n'));
  const d = loadProkhorovkaData();
  return [
    `map: ${d.map.grid.cols}x${d.map.grid.rows} hexes, ${d.map.rivers.length} rivers, ${d.map.roads.length} roads, ${d.map.vpHexes.length} VP hexes`,
    `units: ${d.units.length}, set-up: ${d.setup.length} placements`,
    `chits: ${d.equipment.length} equipment, ${d.support.length} support`,
    `tables: ${d.tables.terrain.length} terrain types, ${d.tables.turnTrack.length} turns`,
  ];
}

export function findGame(id: string): Game<any, any, any> {
  const entry = catalog[id];
  if (!entry) throw new Error(`unknown game "${id}"; games: ${Object.keys(catalog).join(', ')}`);
  return entry.game;
}
