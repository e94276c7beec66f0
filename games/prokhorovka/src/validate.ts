/** The data check the CLI's `validate` runs: the validator lists failures (thrown as one error); on success, one line per data file. */
import { loadProkhorovkaData, validateProkhorovkaData } from './data/index.ts';

export function validate(): string[] {
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
