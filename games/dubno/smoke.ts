import { game } from './src/index.ts';
import { seedRng, randomIndex } from '@sandtable/engine';
const seed = process.argv[2] ?? 's1';
let s = game.setup(seed, 'dubno', game.resolveOptions ? game.resolveOptions({}) : {}, []);
const rng = seedRng('pick' + seed);
let n = 0;
const t0 = Date.now();
while (!game.outcome(s) && n < 20000) {
  const d = game.decision(s)!;
  const acts = game.legalActions(s, d.role);
  if (!acts.length) throw new Error('no legal ' + JSON.stringify(s.game.stack.at(-1)));
  // bias: prefer ending phases sometimes
  const a = acts[randomIndex(rng, acts.length)]!;
  s = game.apply(s, d.role, a);
  n++;
}
console.log(n, game.outcome(s), Date.now() - t0, 'ms');
