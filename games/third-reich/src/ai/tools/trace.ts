/**
 * Diagnostic for tuning the Third Reich AI (not a test, not product code): plays one game, the AI
 * (normal, re-budgeted) against a baseline, and prints at each turn start what decides 14.1/14.2
 * (sources, Berlin, land areas), material, the entry tracks, the evaluation's terms and the AI's
 * steps by kind, and every change of war status with the step that caused it (3.1.2, 3.1.3).
 *
 *   npx tsx games/third-reich/src/ai/tools/trace.ts [opponent=greedy] [seed=s1] [ms=50] [aiSide=allies]
 */
import type { Action } from '@sandtable/engine';
import {
  axisVictoryAreas,
  ctrlSide,
  sourceCount,
  thirdReich,
  type Side,
  type TRAction,
  type TRState,
} from '../../index.ts';
import { BOARD as B, evalTerms, forces } from '../eval.ts';
import { thirdReichHooks } from '../hooks.ts';
import { makePlayer, type AiKind } from '@sandtable/ai';

const [opp = 'greedy', seed = 's1', time = '50', aiSide = 'allies'] = process.argv.slice(2);
const entry = { game: thirdReich, hooks: thirdReichHooks(thirdReich) };
const game = thirdReich;
const ai = makePlayer(entry, 'normal', `t:${seed}`, { timeMs: Number(time) });
const op = makePlayer(entry, opp as AiKind, `o:${seed}`);
const s = game.setup(`league:${seed}`);
const sum = (xs: number[]) => Math.round(xs.reduce((a, b) => a + b, 0));
const srcs = (g: TRState, side: Side) =>
  B.areaIds.filter((_, a) => B.source[a] && !B.isSea[a] && ctrlSide(B, g, a) === side).join(',');
const atWar = (g: TRState) =>
  B.data.nations
    .map((n) => {
      const i = B.nationIndex.get(n.id)!;
      return g.natBel[i] ? `${n.id}:${g.natSide[i]}` : '';
    })
    .filter(Boolean)
    .join(' ');
const round = (t: object) =>
  JSON.stringify(Object.fromEntries(Object.entries(t).map(([k, v]) => [k, +(v as number).toFixed(2)])));
let turn = 0;
let steps = 0;
const acts = new Map<string, number>();
while (!game.outcome(s) && steps < 100_000) {
  const g = s.game;
  if (g.turn !== turn) {
    turn = g.turn;
    const f = forces(B, g);
    console.log(
      `T${turn} axis sources ${sourceCount(B, g, 'axis')} [${srcs(g, 'axis')}] allied ${sourceCount(B, g, 'allies')} berlin ${ctrlSide(B, g, B.sp.berlin)} axis areas ${axisVictoryAreas(B, g)} material ${sum(f.axis)}/${sum(f.allies)} entry ${JSON.stringify(g.entry)} eval ${round(evalTerms(g))}`,
    );
    if (acts.size) console.log(`   AI steps ${JSON.stringify([...acts])}`);
    for (let a = 0; a < B.areaIds.length; a++) {
      if (!B.source[a] || B.isSea[a] || ctrlSide(B, g, a) !== 'axis') continue;
      const here = g.loc.flatMap((l, u) =>
        l === a && g.natBel[B.unitNation[u]!] ? [`${B.counters[B.unitKind[u]!]!.id}${g.used[u] ? '*' : ''}`] : [],
      );
      const near = B.adj[a]!.flatMap((y) =>
        g.loc.flatMap((l, u) =>
          l === y && g.natBel[B.unitNation[u]!] && g.natSide[B.unitNation[u]!] === 'allies'
            ? [B.counters[B.unitKind[u]!]!.id]
            : [],
        ),
      ).length;
      console.log(`   ${B.areaIds[a]}: ${here.join(' ') || '-'}; allied units next to it ${near}`);
    }
    acts.clear();
  }
  const d = game.decision(s)!;
  const mine = d.role === aiSide;
  const a = (mine ? ai : op).choose(game.view(s, d.role) as never).action as Action as TRAction;
  if (mine) {
    const k = a.type + (a.type === 'declare' ? `:${a.action}` : '');
    acts.set(k, (acts.get(k) ?? 0) + 1);
  }
  const before = atWar(g);
  game.applyInPlace(s, d.role, a, true);
  if (atWar(s.game) !== before)
    console.log(`  T${s.game.turn} ${d.role} ${JSON.stringify(a)} -> at war: ${atWar(s.game)}`);
  steps++;
}
console.log(`END axis sources [${srcs(s.game, 'axis')}] at war: ${atWar(s.game)}`);
console.log('outcome', JSON.stringify(game.outcome(s)), 'steps', steps);
