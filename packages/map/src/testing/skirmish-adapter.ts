/** The map adapter of the test game: areas as squares, units as counters with a count. */
import type { View } from '@sandtable/engine';
import type { GameAdapter } from '../adapter.ts';
import type { MapModel, Pt } from '../model.ts';
import { AREAS, type SkirmishState } from './skirmish.ts';

const COLORS = { red: '#c0392b', blue: '#2e5fb8' } as const;
const center = (id: string): Pt => {
  const p = AREAS[id]!.poly;
  return [(p[0]![0] + p[2]![0]) / 2, (p[0]![1] + p[2]![1]) / 2];
};

export const skirmishAdapter: GameAdapter = {
  id: 'skirmish',
  map(view: View<unknown>): MapModel {
    const g = view.game as SkirmishState;
    return {
      bounds: { minX: -10, minY: -10, maxX: 310, maxY: 210 },
      pieceSize: 28,
      seaColor: '#7fa7c9',
      areas: Object.entries(AREAS).map(([id, a]) => ({
        id,
        label: id,
        name: a.name,
        polygon: a.poly,
        center: center(id),
        fill: g.units[id] ? (g.units[id].side === 'red' ? '#e8c4b8' : '#c4d2ea') : '#e6dfc4',
      })),
      links: [],
      pieces: Object.entries(g.units).flatMap(([id, u]) =>
        u
          ? [
              {
                id: `u-${id}`,
                place: id,
                side: u.side,
                fill: COLORS[u.side],
                ink: '#fff',
                symbol: 'infantry' as const,
                top: u.side,
                bottom: String(u.count),
                title: `${u.count} ${u.side} units`,
              },
            ]
          : [],
      ),
      placeCenter: (id) => (AREAS[id] ? center(id) : null),
    };
  },
  places: () => new Set(Object.keys(AREAS)),
  placeName: (p) => AREAS[p]?.name ?? p,
  roleLabel: (r) => (r === 'red' ? 'Red' : 'Blue'),
  roleColor: (r) => COLORS[r as 'red' | 'blue'] ?? '#888',
  status: (v) => [['Turn', String((v.game as SkirmishState).turn)]],
  path: (_v, a) =>
    'from' in a && 'to' in a
      ? { points: [center(a.from as string), center(a.to as string)], label: a.type === 'move' ? '1 unit' : 'attack' }
      : null,
  odds: (_g, _s, _r, a) =>
    a.type === 'attack'
      ? [
          {
            title: 'One die',
            rows: [
              { label: 'defender loses 1', p: 0.5 },
              { label: 'attacker loses 1', p: 0.5 },
            ],
          },
        ]
      : null,
};
