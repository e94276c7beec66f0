import { game } from './src/index.ts';
let s = game.setup('b', 'dubno', {}, []);
const d = game.decision(s)!;
s = game.apply(s, d.role, { type: 'endReinforcement' });
const d2 = game.decision(s)!;
let t0 = performance.now();
for (let i = 0; i < 20; i++) game.legalActions(s, d2.role);
console.log('movement legal', (performance.now() - t0) / 20, game.legalActions(s, d2.role).length);
const sel = game.legalActions(s, d2.role)[0]!;
t0 = performance.now();
for (let i = 0; i < 20; i++) game.apply(s, d2.role, sel);
console.log('apply select', (performance.now() - t0) / 20);
const s2 = game.apply(s, d2.role, sel);
t0 = performance.now();
for (let i = 0; i < 20; i++) game.legalActions(s2, d2.role);
console.log('moveUnit legal', (performance.now() - t0) / 20, game.legalActions(s2, d2.role).length);
const st = structuredClone(s2);
t0 = performance.now();
for (let i = 0; i < 100; i++) {
  const c = structuredClone(s2);
  game.applyInPlace(c, d2.role, game.legalActions(s2, d2.role)[0]!, true);
}
console.log('applyInPlace+clone', (performance.now() - t0) / 100);
