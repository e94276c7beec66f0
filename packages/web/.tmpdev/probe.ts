import { softUnderbelly as g } from '@sandtable/soft-underbelly';
import { randomIndex, seedRng } from '@sandtable/engine';
let s = g.setup('probe');
const rng = seedRng('x');
for (let i = 0; i < 60; i++) {
  const d = g.decision(s); if (!d) break;
  const acts = g.legalActions(s, d.role);
  console.log(i, d.role, d.kind, '|', d.prompt, '|', d.rule, '| n=', acts.length, '|', acts.slice(0, 4).map((a) => g.rules.describe!(s.game, a)).join(' ; '));
  const pref = acts.findIndex((a: any) => /deployDefault|endImpulse|done/.test(a.type));
  const a = acts[pref >= 0 && i % 3 ? pref : randomIndex(rng, acts.length)]!;
  s = g.apply(s, d.role, a);
}
console.log(JSON.stringify(g.view(s, 'allies').game).slice(0, 300));
