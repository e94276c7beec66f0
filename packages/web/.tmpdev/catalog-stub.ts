import { skirmish } from '/work/main/packages/web/src/testing/skirmish.ts';
import { defineGame } from '@sandtable/engine';
import map from '/work/main/games/soft-underbelly/src/data/map.json';
import setup from '/work/main/games/soft-underbelly/src/data/setup.json';
import counters from '/work/main/games/soft-underbelly/src/data/counters.json';
const idx = (id: string) => map.areas.findIndex((a: any) => a.id === id);
function fake() {
  const n = map.areas.length;
  const cubes = { allies: Array(n).fill(0), axis: Array(n).fill(0) };
  const ctrl = Array(n).fill(null);
  const units: any[] = [];
  const lines: number[] = [];
  for (const p of [...setup.setup, ...setup.axisDefaultDeployment] as any[]) {
    const i = p.area === 'sea' ? -2 : idx(p.area);
    if (i >= 0) { cubes[p.side as 'allies'][i] += p.cubes; ctrl[i] = p.side; }
    for (const c of p.counters) { const d = (counters.counters as any[]).find((x) => x.id === c); units.push({ id: c, side: d.side, type: d.type, loc: i, up: p.faceUp }); }
    for (let k = 0; k < p.lines; k++) lines.push(i);
  }
  return { turn: 1, phase: 'impulses', impulse: 2, initiative: 'allies', pool: { allies: 11, axis: 0 }, ctrl, cubes, units, lines };
}
const su = defineGame({ ...skirmish.rules, id: 'soft-underbelly', title: 'SU preview', roles: ['allies', 'axis'],
  legalActions: (g: any, r: string) => (r === 'allies' ? [{ type: 'select', area: '18' }, { type: 'select', area: '19' }, { type: 'attack', target: '17' }, { type: 'pass' }] : []),
  currentDecision: () => ({ kind: 'x', role: 'allies', rule: '§11 L132', prompt: 'Allied impulse: move, attack or pass' }),
  view: () => fake(), perform: () => {} } as any);
export const catalog = { 'soft-underbelly': { game: su, validate: () => [] }, skirmish: { game: skirmish, validate: () => [] } };
