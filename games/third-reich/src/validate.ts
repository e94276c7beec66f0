/** The data check the CLI's `validate` runs: the loader throws on any failed check; on success, one line per data file. */
import { validateThirdReichData } from './data/index.ts';

export function validate(): string[] {
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
